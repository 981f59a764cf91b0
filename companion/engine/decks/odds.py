"""Exact odds of the Attack deck (pure functions, fractions.Fraction).

`draw_sequences` is the chance node: every ordered sequence of cards the next draw(s)
can produce, with its probability, from the cards still in the draw pile.
`attack_hit_chance` and `injury_check_odds` sum it into what a player asks: will this
attack hit, will this injury check kill (or make it retreat)?

The reshuffle is modelled as the engine plays it (decks.draw and
attacks.draw_attack_cards): before drawing, the cards on show go onto the discard
pile; whenever the draw pile is empty, the whole discard pile is shuffled into a new
draw pile. So when the pile holds fewer cards than a check needs, the first draws
take the pile's last cards and the rest come from the reshuffled discard pile (which
does not include the cards already drawn for this check: they are on show). An
Attack card's chance therefore depends only on which cards are where, never on the
hidden order of the pile. Enumeration over ordered draws without replacement.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from .attacks import INJURY_CARDS
from .cards import Deck
from ...vocab import IntruderKind

if TYPE_CHECKING:
    from companion.rules import AttackCardSpec, Rules


@dataclass(frozen=True)
class InjuryOdds:
    """Chances of an injury check's three results; they add up to 1."""

    kill: Fraction
    retreat: Fraction
    survive: Fraction


def _specs(rules: "Rules") -> dict[str, "AttackCardSpec"]:
    return {spec.id: spec for spec in rules.attack_cards}


def draw_sequences(deck: Deck, count: int) -> list[tuple[tuple[str, ...], Fraction]]:
    """Every ordered sequence of `count` cards the next draw can give, with its chance.

    Raises ValueError when the deck cannot supply `count` cards.
    """
    pile = list(deck.draw_pile)
    reserve = list(deck.discard) + list(deck.shown)  # the shown cards are discarded first
    if len(pile) + len(reserve) < count:
        raise ValueError(f"the deck holds {len(pile) + len(reserve)} cards, {count} needed")
    out: list[tuple[tuple[str, ...], Fraction]] = []

    def walk(pile: list[str], reserve: list[str], drawn: tuple[str, ...], chance: Fraction) -> None:
        if len(drawn) == count:
            out.append((drawn, chance))
            return
        if not pile:
            pile, reserve = reserve, []
        # Cards with the same id cannot repeat, but group by id anyway for clarity.
        for card, copies in Counter(pile).items():
            rest = list(pile)
            rest.remove(card)
            walk(rest, reserve, drawn + (card,), chance * Fraction(copies, len(pile)))

    walk(pile, reserve, (), Fraction(1))
    return out


def attack_hit_chance(deck: Deck, rules: "Rules", attacker: str) -> Fraction:
    """Chance that an attack by `attacker` hits (its symbol on the next Attack card).

    A Larva draws no card: it always infests (1).
    """
    if attacker == IntruderKind.LARVA:
        return Fraction(1)
    specs = _specs(rules)
    return sum(
        (chance for cards, chance in draw_sequences(deck, 1) if attacker in specs[cards[0]].symbols),
        Fraction(0),
    )


def injury_outcome(cards: tuple[str, ...], rules: "Rules", injuries: int) -> str:
    """"retreat", "kill" or "survive" for the cards an injury check drew."""
    specs = [_specs(rules)[card] for card in cards]
    if any(spec.retreat for spec in specs):
        return "retreat"
    return "kill" if sum(spec.blood or 0 for spec in specs) <= injuries else "survive"


def injury_check_odds(deck: Deck, rules: "Rules", intruder: str, injuries: int) -> InjuryOdds:
    """Chances that an injury check on `intruder` with `injuries` kills it, makes it
    retreat, or leaves it alive. A Larva or an Egg dies at 1 injury (no card)."""
    count = INJURY_CARDS[intruder]
    if count == 0:
        dies = Fraction(1) if injuries >= 1 else Fraction(0)
        return InjuryOdds(kill=dies, retreat=Fraction(0), survive=1 - dies)
    totals = {"kill": Fraction(0), "retreat": Fraction(0), "survive": Fraction(0)}
    for cards, chance in draw_sequences(deck, count):
        totals[injury_outcome(cards, rules, injuries)] += chance
    return InjuryOdds(**totals)


def injury_odds_table(deck: Deck, rules: "Rules", intruder: str, most: int) -> list[InjuryOdds]:
    """`injury_check_odds` for 1 to `most` injuries, the draws enumerated once."""
    count = INJURY_CARDS[intruder]
    if count == 0:
        return [injury_check_odds(deck, rules, intruder, injuries) for injuries in range(1, most + 1)]
    specs = _specs(rules)
    retreat = Fraction(0)
    by_total: Counter[int] = Counter()
    for cards, chance in draw_sequences(deck, count):
        drawn = [specs[card] for card in cards]
        if any(spec.retreat for spec in drawn):
            retreat += chance
        else:
            by_total[sum(spec.blood or 0 for spec in drawn)] += chance
    table = []
    for injuries in range(1, most + 1):
        kill = sum((chance for total, chance in by_total.items() if total <= injuries), Fraction(0))
        table.append(InjuryOdds(kill=kill, retreat=retreat, survive=1 - kill - retreat))
    return table
