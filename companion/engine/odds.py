"""Exact odds of the next Intruder bag draw (pure functions, fractions.Fraction).

`outcomes` lists the chance node's outcomes (every token in the bag, equally
likely); `bag_odds` sums them into what a player wants to know: the chance of each
intruder kind and, for a hand size, of a Surprise Attack in light and in Darkness.
A Surprise Attack happens when the hand holds fewer cards than the token's number
(equal is safe); the Blank never attacks.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Iterable

from .bag_model import TOKEN_KINDS, BagState
from .state import GameState

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


def is_surprise(number: int | None, hand: int) -> bool:
    """Fewer cards in hand than the token's number; a Blank (no number) never is."""
    return number is not None and hand < number


def bag_odds(bag: GameState | BagState | Iterable[str], rules: "Rules", hand: int | None = None) -> BagOdds:
    """The exact odds of the next draw from `bag` (a game, its BagState or token ids)."""
    chances = outcomes(bag, rules)
    kinds = {kind: Fraction(0) for kind in TOKEN_KINDS}
    for outcome in chances:
        kinds[outcome.kind] += outcome.probability
    if hand is None:
        return BagOdds(total=len(chances), kinds=kinds)
    if hand < 0:
        raise ValueError("a hand size cannot be negative")
    light = sum((o.probability for o in chances if is_surprise(o.light, hand)), Fraction(0))
    dark = sum((o.probability for o in chances if is_surprise(o.dark, hand)), Fraction(0))
    return BagOdds(total=len(chances), kinds=kinds, hand=hand, surprise_light=light, surprise_dark=dark)
