"""Exact odds of the next Intruder bag draw (pure functions, fractions.Fraction).

`outcomes` lists the chance node's outcomes for a bag whose every token is known (each
equally likely); `table_outcomes` lists them as the table can know them: the tokens it
saw go in, and for each kind the tokens it has not seen, any of which may be in the bag
(`BagState.seen`), so no odds are worked out from a number nobody has seen. `bag_odds`
sums outcomes into what a player wants to know: the chance of each intruder kind and,
for a hand size, of a Surprise Attack in light and in Darkness. A Surprise Attack happens
when the hand holds fewer cards than the token's number (equal is safe); the Blank never
attacks.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Iterable

from .model import TOKEN_KINDS, BagState, TokenOutcome
from ..state import GameState

if TYPE_CHECKING:
    from companion.rules import Rules


@dataclass(frozen=True)
class Outcome:
    token: str
    kind: str
    light: int | None
    dark: int | None
    probability: Fraction


@dataclass(frozen=True)
class BagOdds:
    """Odds of one draw from a bag of `total` tokens."""

    total: int
    kinds: dict[str, Fraction] = field(default_factory=dict)  # every kind, blank included
    hand: int | None = None
    surprise_light: Fraction | None = None  # None when no hand size was given
    surprise_dark: Fraction | None = None

    def kind(self, kind: str) -> Fraction:
        return self.kinds.get(kind, Fraction(0))

    def surprise(self, *, dark: bool) -> Fraction | None:
        return self.surprise_dark if dark else self.surprise_light


def _bag_ids(bag: GameState | BagState | Iterable[str]) -> list[str]:
    if isinstance(bag, GameState):
        return list(bag.bag.bag)
    if isinstance(bag, BagState):
        return list(bag.bag)
    return list(bag)


def outcomes(bag: GameState | BagState | Iterable[str], rules: "Rules") -> list[Outcome]:
    """Every token that can come out next, each with probability 1/n."""
    ids = _bag_ids(bag)
    specs = {spec.id: spec for spec in rules.intruders.tokens}
    if not ids:
        return []
    share = Fraction(1, len(ids))
    return [Outcome(t, specs[t].kind, specs[t].light, specs[t].dark, share) for t in ids]


@dataclass(frozen=True)
class TableKnowledge:
    """What the table knows of the bag: the tokens it saw go in, and per kind how many
    others are in it and which tokens of that kind it has not seen anywhere."""

    known: tuple[str, ...]
    unseen_in_bag: tuple[tuple[str, int], ...]
    unseen_of_kind: tuple[tuple[str, tuple[str, ...]], ...]


def table_knowledge(bag: BagState, rules: "Rules") -> TableKnowledge:
    kind_of = {spec.id: spec.kind for spec in rules.intruders.tokens}
    seen = set(bag.seen)
    known = tuple(sorted(token for token in bag.bag if token in seen))
    unseen_in_bag: dict[str, int] = {}
    for token in bag.bag:
        if token not in seen:
            unseen_in_bag[kind_of[token]] = unseen_in_bag.get(kind_of[token], 0) + 1
    unseen_of_kind = {kind: tuple(spec.id for spec in rules.intruders.tokens if spec.kind == kind and spec.id not in seen)
                      for kind in unseen_in_bag}
    return TableKnowledge(known, tuple(sorted(unseen_in_bag.items())), tuple(sorted(unseen_of_kind.items())))


def table_outcomes(knowledge: TableKnowledge, rules: "Rules") -> list[Outcome]:
    """The next draw as the table can know it: a known token with chance 1/n; each of the
    `u` unseen tokens of a kind in the bag is any of that kind's unseen tokens alike."""
    specs = {spec.id: spec for spec in rules.intruders.tokens}
    total = len(knowledge.known) + sum(count for _kind, count in knowledge.unseen_in_bag)
    if total == 0:
        return []
    out = [Outcome(t, specs[t].kind, specs[t].light, specs[t].dark, Fraction(1, total)) for t in knowledge.known]
    pools = dict(knowledge.unseen_of_kind)
    for kind, count in knowledge.unseen_in_bag:
        pool = pools[kind]
        share = Fraction(count, total * len(pool))
        out += [Outcome(t, kind, specs[t].light, specs[t].dark, share) for t in pool]
    return out


def possible_outcomes(bag: BagState, rules: "Rules") -> tuple[TokenOutcome, ...]:
    """What a physical bag may give now, as the table knows it: each kind and numbers once,
    in the box's order."""
    possible = {outcome.token for outcome in table_outcomes(table_knowledge(bag, rules), rules)}
    options: list[TokenOutcome] = []
    for spec in rules.intruders.tokens:
        option = TokenOutcome(kind=spec.kind, light=spec.light, dark=spec.dark)
        if spec.id in possible and option not in options:
            options.append(option)
    return tuple(options)


def is_surprise(number: int | None, hand: int) -> bool:
    """Fewer cards in hand than the token's number; a Blank (no number) never is."""
    return number is not None and hand < number


def _token_count(bag: object, chances: list[Outcome]) -> int:
    if isinstance(bag, TableKnowledge):
        return len(bag.known) + sum(count for _kind, count in bag.unseen_in_bag)
    return len(chances)


def bag_odds(bag: GameState | BagState | Iterable[str] | TableKnowledge, rules: "Rules",
             hand: int | None = None) -> BagOdds:
    """The exact odds of the next draw from `bag` (a game, its BagState or token ids, every
    token known), or from what the table knows of it."""
    chances = table_outcomes(bag, rules) if isinstance(bag, TableKnowledge) else outcomes(bag, rules)
    kinds = {kind: Fraction(0) for kind in TOKEN_KINDS}
    for outcome in chances:
        kinds[outcome.kind] += outcome.probability
    total = _token_count(bag, chances)
    if hand is None:
        return BagOdds(total=total, kinds=kinds)
    if hand < 0:
        raise ValueError("a hand size cannot be negative")
    light = sum((o.probability for o in chances if is_surprise(o.light, hand)), Fraction(0))
    dark = sum((o.probability for o in chances if is_surprise(o.dark, hand)), Fraction(0))
    return BagOdds(total=total, kinds=kinds, hand=hand, surprise_light=light, surprise_dark=dark)
