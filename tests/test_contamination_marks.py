"""A Contamination card keeps its word: a scanned card gets a label its holder marks it
by, a later scan of that label scans that card, the unmarked cards are picked at random
among those nobody has seen, Rest removes the clean card it scanned and keeps an INFECTED
one, and the 27 cards are always somewhere."""
from __future__ import annotations

import math
import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.engine import Whereabouts, apply, check
from companion.engine import commands as c
from companion.engine.contamination.model import INFECTED, label_for, word_of
from companion.engine.views import seat_viewer, view_for
from tests.support.contamination_helpers import (
    CARDS,
    RULES,
    clean_cards,
    digital_game,
    digital_setup,
    infected_cards,
    session_from,
    with_held,
)


def _game(held: dict[int, list[str]], **body):
    return session_from(with_held(digital_game().state, held, **body))


def _scan(game, seat: int = 1, procedure: str = "hand", **fields):
    return game.execute(c.ScanContamination(seat=seat, procedure=procedure, **fields))


def _record(game, seat: int = 1):
    return game.state.contamination.scans[seat]


# --------------------------------------------------------------------- labels
def test_labels_run_through_the_alphabet_and_on():
    assert [label_for(n) for n in (0, 1, 25, 26, 27, 51, 52)] == ["A", "B", "Z", "AA", "AB", "AZ", "BA"]


def test_a_scanned_card_gets_a_label_and_the_player_is_told_to_mark_it():
    state = digital_game().state
    game = _game({1: clean_cards(state)[:3]})
    _scan(game, in_hand=2)
    cards = _record(game).cards
    assert [card.label for card in cards] == ["A", "B"] and all(card.newly_labelled for card in cards)
    private = view_for(game.state, seat_viewer(1), RULES).private.contamination
    assert [card.label for card in private.marked] == ["A", "B"] and private.unmarked == 1
    # Only the holder sees the labels and their words.
    assert "marked" not in view_for(game.state, seat_viewer(2), RULES).public.model_dump_json()


def test_an_infected_card_scanned_again_by_its_label_shows_infected_again_and_then_kills():
    state = digital_game().state
    game = _game({1: [infected_cards(state)[0], *clean_cards(state)[:3]]})
    # Scan hand cards one at a time until the INFECTED one turns up: it places the Larva.
    while not game.state.member(1).body.larva:
        _scan(game, in_hand=1)
    infected_label = next(card.label for card in _record(game).cards if card.word == INFECTED)
    assert game.state.member(1).whereabouts is Whereabouts.FACILITY
    _scan(game, marked=(infected_label,), in_hand=0)
    again = _record(game).cards
    assert [(card.label, card.word, card.newly_labelled) for card in again] == [(infected_label, INFECTED, False)]
    assert game.state.member(1).whereabouts is Whereabouts.DEAD and _record(game).died


def test_a_clean_card_scanned_again_stays_clean():
    state = digital_game().state
    game = _game({1: [infected_cards(state)[0], clean_cards(state)[0]]})
    _scan(game, procedure="all")
    words = {card.label: card.word for card in _record(game).cards}
    clean_label = next(label for label, word in words.items() if word != INFECTED)
    for _ in range(5):
        _scan(game, marked=(clean_label,))
        assert [(card.label, card.word) for card in _record(game).cards] == [(clean_label, words[clean_label])]


def test_marked_cards_are_never_picked_as_unmarked_ones():
    state = digital_game().state
    held = clean_cards(state)[:4]
    game = _game({1: held})
    _scan(game, in_hand=2)  # A and B
    marked = dict(game.state.contamination.labels)
    _scan(game, in_hand=2)  # the two cards nobody has seen
    scanned = _record(game).cards
    assert all(card.newly_labelled for card in scanned) and {card.label for card in scanned} == {"C", "D"}
    assert not set(marked) & set(game.state.contamination.labels) - set(marked) and len(game.state.contamination.labels) == 4
    # Every card is marked now: none is left to pick at random.
    assert check(game.state, c.ScanContamination(seat=1, procedure="hand", in_hand=1),
                 RULES).key == "error.contamination.more_than_unmarked"


def test_a_wrong_mark_or_a_mark_named_twice_is_refused():
    state = digital_game().state
    game = _game({1: clean_cards(state)[:2]})
    _scan(game, in_hand=1)
    for marked, key in ((("Z",), "error.contamination.unknown_mark"),
                        (("A", "A"), "error.contamination.marked_twice")):
        refusal = check(game.state, c.ScanContamination(seat=1, procedure="hand", marked=marked, in_hand=0), RULES)
        assert refusal.key == key
    # Another player's labels are not this player's.
    other = _game({1: clean_cards(state)[:1], 2: clean_cards(state)[1:2]})
    _scan(other, seat=2, in_hand=1)
    assert check(other.state, c.ScanContamination(seat=1, procedure="hand", marked=("A",), in_hand=0),
                 RULES).key == "error.contamination.unknown_mark"


def test_a_removed_card_loses_its_label_and_a_label_is_never_given_twice():
    state = digital_game().state
    game = _game({1: [infected_cards(state)[0], clean_cards(state)[0]]})
    _scan(game, procedure="all")  # A, B
    _scan(game, procedure="decontamination", marked=("A", "B"), in_hand=0)
    deck = game.state.contamination
    removed = [card for card in _record(game).cards if card.removed]
    assert len(removed) == 1 and removed[0].word == INFECTED
    assert infected_cards(state)[0] not in deck.labels and deck.bottom[-1] == infected_cards(state)[0]
    game.execute(c.GainContamination(seat=1))
    _scan(game, in_hand=1)
    assert [card.label for card in _record(game).cards] == ["C"]


# --------------------------------------------------------------------- Rest
def test_rest_removes_the_clean_card_it_scanned_and_keeps_an_infected_one():
    state = digital_game().state
    infected, clean = infected_cards(state)[0], clean_cards(state)[0]
    game = _game({1: [infected, clean]})
    _scan(game, procedure="all")
    labels = {card.word == INFECTED: card.label for card in _record(game).cards}
    _scan(game, procedure="rest", marked=(labels[False],), in_hand=0)
    assert _record(game).cards[0].removed and game.state.contamination.held[1] == [infected]
    assert game.state.contamination.bottom == [clean]
    _scan(game, procedure="rest", marked=(labels[True],), in_hand=0)
    assert not _record(game).cards[0].removed and game.state.contamination.held[1] == [infected]
    # INFECTED with the Larva the first scan placed: Rest is no cleaning, the Character dies.
    assert game.state.member(1).whereabouts is Whereabouts.DEAD


def test_rest_scans_exactly_the_cards_the_rules_data_says():
    state = digital_game().state
    game = _game({1: clean_cards(state)[:3]})
    for marked, in_hand in (((), 2), ((), 0)):
        refusal = check(game.state, c.ScanContamination(seat=1, procedure="rest", marked=marked, in_hand=in_hand),
                        RULES)
        assert refusal is not None and refusal.key in ("error.contamination.exactly",
                                                      "error.contamination.more_than_held")
    _scan(game, procedure="rest", in_hand=1)
    assert len(_record(game).cards) == 1 and _record(game).cards[0].removed


def test_rest_keeps_a_clean_card_when_the_rules_data_says_so():
    keeps = RULES.model_copy(update={"contamination": RULES.contamination.model_copy(
        update={"rest_removes_clean": False})})
    state = with_held(digital_game().state, {1: clean_cards(digital_game().state)[:1]})
    after = apply(state, c.ScanContamination(seat=1, procedure="rest", in_hand=1), keeps)
    assert after.contamination.held[1] == clean_cards(state)[:1]
    assert not after.contamination.scans[1].cards[0].removed


# --------------------------------------------------------------------- the odds stay exact
def test_an_unmarked_card_is_picked_uniformly_among_the_cards_nobody_has_seen():
    """Seat 1 holds 6 cards, 2 of them marked: a scan of 1 unmarked card takes each of the
    other 4 with chance 1/4 and never a marked one (a chi-square test over many games)."""
    base = digital_game().state
    held = [*infected_cards(base)[:3], *clean_cards(base)[:3]]
    start = with_held(base, {1: held})
    start = apply(start, c.ScanContamination(seat=1, procedure="hand", in_hand=2), RULES)
    marked = set(start.contamination.labels)
    unseen = [card for card in held if card not in marked]
    counts: Counter[str] = Counter()
    trials = 4000
    for seed in range(trials):
        state = start.model_copy(deep=True)
        state.rng.seed = seed
        after = apply(state, c.ScanContamination(seat=1, procedure="hand", in_hand=1), RULES)
        new = [card for card in after.contamination.labels if card not in marked]
        assert len(new) == 1 or after.member(1).whereabouts is Whereabouts.DEAD
        counts.update(new)
    assert set(counts) <= set(unseen)
    total = sum(counts.values())
    expected = total / len(unseen)
    chi_square = sum((counts[card] - expected) ** 2 / expected for card in unseen)
    # 3 degrees of freedom: 16.27 is the 99.9th percentile.
    assert chi_square < 16.27, counts


def test_the_chance_of_infected_in_a_fresh_scan_matches_the_unseen_cards():
    """With 2 INFECTED among 5 unseen cards, one unmarked card shows INFECTED with chance
    2/5 (within 4 standard deviations over many games)."""
    base = digital_game().state
    held = [*infected_cards(base)[:2], *clean_cards(base)[:3]]
    start = with_held(base, {1: held})
    trials, infected = 3000, 0
    for seed in range(trials):
        state = start.model_copy(deep=True)
        state.rng.seed = seed
        after = apply(state, c.ScanContamination(seat=1, procedure="hand", in_hand=1), RULES)
        infected += after.contamination.scans[1].cards[0].word == INFECTED
    p = 2 / 5
    assert abs(infected - trials * p) < 4 * math.sqrt(trials * p * (1 - p))


# --------------------------------------------------------------------- random games
MOVES = st.lists(st.tuples(st.integers(0, 9), st.integers(1, 3), st.integers(0, 10**6)), min_size=3, max_size=45)


def _random_command(state, kind: int, seat: int, n: int) -> c.GameCommand:
    deck = state.contamination
    known = [deck.labels[card] for card in deck.known_by(seat)]
    unseen = len(deck.unseen_by(seat))
    rng = random.Random(n)
    marked = tuple(rng.sample(known, rng.randint(0, len(known)))) if known else ()
    if kind in (0, 1):
        return c.GainContamination(seat=seat, count=1 + n % 2)
    if kind == 2:
        return c.ScanContamination(seat=seat, procedure="hand", marked=marked, in_hand=rng.randint(0, unseen))
    if kind == 3:
        return c.ScanContamination(seat=seat, procedure="all")
    if kind == 4:
        if rng.random() < 0.5 and known:
            return c.ScanContamination(seat=seat, procedure="rest", marked=(rng.choice(known),), in_hand=0)
        return c.ScanContamination(seat=seat, procedure="rest", in_hand=1)
    if kind == 5:
        return c.ScanContamination(seat=seat, procedure="decontamination", marked=marked,
                                   in_hand=rng.randint(0, unseen))
    if kind == 6:
        return c.ScanContamination(seat=seat, procedure="leaving_the_shell", marked=marked[:2],
                                   in_hand=min(rng.randint(0, unseen), 2))
    if kind == 7:
        return c.InfestCharacter(seat=seat)
    if kind == 8:
        return c.SetLarva(seat=seat, larva=bool(n % 2))
    return c.ScanContamination(seat=seat, procedure="card", marked=marked, in_hand=rng.randint(0, unseen),
                               remove_infected=bool(n % 2))


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), infected=st.integers(0, 27), moves=MOVES)
def test_no_card_ever_shows_two_words_and_the_27_are_conserved(seed, infected, moves):
    state = apply(None, digital_setup(players=3, seed=seed, infected=infected), RULES)
    seen: dict[tuple[int, str], str] = {}  # (seat, label) -> the word it showed
    for kind, seat, n in moves:
        command = _random_command(state, kind, seat, n)
        if check(state, command, RULES) is not None:
            continue
        state = apply(state, command, RULES)
        deck = state.contamination
        assert sorted(deck.all_cards()) == sorted(CARDS)
        record = deck.scans.get(seat)
        if isinstance(command, c.ScanContamination) and record is not None:
            for card in record.cards:
                assert seen.setdefault((seat, card.label), card.word) == card.word
        for card, label in deck.labels.items():
            holder = next(s for s, cards in deck.held.items() if card in cards)
            assert seen.get((holder, label), word_of(card, deck.infected_count)) == word_of(card, deck.infected_count)
