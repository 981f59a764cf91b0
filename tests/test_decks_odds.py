"""The Attack deck's odds equal an exact enumeration of the remaining cards (computed
here independently, with itertools over the piles), reshuffle included."""
from __future__ import annotations

from fractions import Fraction
from itertools import permutations

import pytest

from companion.engine.decks.odds import attack_hit_chance, draw_sequences, injury_check_odds
from companion.engine.decks.cards import Deck
from tests.conftest import do


def _spec(rules, card):
    return next(s for s in rules.attack_cards if s.id == card)


def _ordered_draws(deck: Deck, count: int) -> list[tuple[tuple[str, ...], Fraction]]:
    """Independent model: all equally likely orders of the pile (then of the reshuffled
    discard + shown cards), truncated to the first `count` cards."""
    pile, reserve = list(deck.draw_pile), list(deck.discard) + list(deck.shown)
    out = []
    if len(pile) >= count:
        perms = list(permutations(pile, count))
        out = [(p, Fraction(1, len(perms))) for p in perms]
    else:
        # Every card of the pile first (in any order), then the rest from the reserve.
        head = list(permutations(pile))
        tail = list(permutations(reserve, count - len(pile)))
        for h in head:
            for t in tail:
                out.append((h + t, Fraction(1, len(head) * len(tail))))
    return out


def _brute_hit(rules, deck: Deck, attacker: str) -> Fraction:
    return sum((p for cards, p in _ordered_draws(deck, 1) if attacker in _spec(rules, cards[0]).symbols), Fraction(0))


def _brute_injury(rules, deck: Deck, kind: str, injuries: int) -> dict[str, Fraction]:
    count = 1 if kind in ("creeper", "adult") else 2
    result = {"kill": Fraction(0), "retreat": Fraction(0), "survive": Fraction(0)}
    for cards, p in _ordered_draws(deck, count):
        specs = [_spec(rules, c) for c in cards]
        if any(s.retreat for s in specs):
            result["retreat"] += p
        elif sum(s.blood for s in specs) <= injuries:
            result["kill"] += p
        else:
            result["survive"] += p
    return result


def _decks_to_check(make_game, rules) -> list[Deck]:
    game = make_game(seed=4)
    decks = [game.state.decks.attack]
    for n in range(14):  # a few draws (injury checks: attacks would wound Characters to death)
        do(game, "injury_check", intruder="creeper", injuries=1)
        if n in (3, 9):
            decks.append(game.state.decks.attack)
    ids = [s.id for s in rules.attack_cards]
    decks.append(Deck(draw_pile=ids[:1], discard=ids[1:12], shown=ids[12:13], removed=[]))  # 1 left: reshuffle midway
    decks.append(Deck(draw_pile=[], discard=ids[:15], shown=ids[15:17], removed=[]))  # empty: reshuffle first
    return decks


@pytest.mark.parametrize("attacker", ["creeper", "adult", "breeder", "queen"])
def test_hit_chance_equals_enumeration(make_game, rules, attacker):
    for deck in _decks_to_check(make_game, rules):
        chance = attack_hit_chance(deck, rules, attacker)
        assert isinstance(chance, Fraction)
        assert chance == _brute_hit(rules, deck, attacker)


def test_hit_chance_of_a_full_deck(rules):
    deck = Deck(draw_pile=[s.id for s in rules.attack_cards])
    expected = {"creeper": Fraction(11, 20), "adult": Fraction(13, 20), "breeder": Fraction(15, 20),
                "queen": Fraction(18, 20), "larva": Fraction(1)}
    assert {k: attack_hit_chance(deck, rules, k) for k in expected} == expected


@pytest.mark.parametrize("kind", ["creeper", "adult", "breeder", "queen"])
@pytest.mark.parametrize("injuries", [1, 3, 5, 8])
def test_injury_odds_equal_enumeration(make_game, rules, kind, injuries):
    for deck in _decks_to_check(make_game, rules):
        odds = injury_check_odds(deck, rules, kind, injuries)
        assert {"kill": odds.kill, "retreat": odds.retreat, "survive": odds.survive} == _brute_injury(
            rules, deck, kind, injuries
        )
        assert odds.kill + odds.retreat + odds.survive == 1


def test_injury_odds_of_a_full_deck_by_hand(rules):
    deck = Deck(draw_pile=[s.id for s in rules.attack_cards])
    # 3 Retreat arrows among 20 cards (Cut, Evolve, Perched in the Dark); blood <= 3 on cards 2, 2, 2, 3, 3 (blood_chase_2, cut_2,
    # perched_in_the_dark_2, blood_rage_3, cut_3, piercing_the_heart_3): six cards.
    odds = injury_check_odds(deck, rules, "adult", 3)
    assert odds.retreat == Fraction(3, 20)
    assert odds.kill == Fraction(6, 20)
    # Two cards: the chance that neither shows a Retreat arrow is 17/20 * 16/19.
    two = injury_check_odds(deck, rules, "queen", 30)
    assert two.retreat == 1 - Fraction(17, 20) * Fraction(16, 19)
    assert two.kill == Fraction(17, 20) * Fraction(16, 19)


def test_larva_and_egg_odds(rules):
    deck = Deck(draw_pile=[s.id for s in rules.attack_cards])
    for kind in ("larva", "egg"):
        odds = injury_check_odds(deck, rules, kind, 1)
        assert (odds.kill, odds.retreat, odds.survive) == (1, 0, 0)


def test_draw_sequences_are_a_distribution(rules):
    ids = [s.id for s in rules.attack_cards]
    deck = Deck(draw_pile=ids[:1], discard=ids[1:5])
    sequences = draw_sequences(deck, 2)
    assert sum(p for _, p in sequences) == 1
    assert {cards[0] for cards, _ in sequences} == {ids[0]}  # the pile's last card comes first
    with pytest.raises(ValueError):
        draw_sequences(Deck(draw_pile=[], discard=ids[:1]), 2)
