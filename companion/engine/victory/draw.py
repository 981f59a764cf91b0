"""The Contamination check's draw (Victory Check, step 2 B) over counts of cards: the
player's Action cards and Contamination cards shuffled into one deck, the top cards
drawn; any Contamination card among them (infected or not) kills.

Works from counts alone, so it serves a table using its printed cards; a digital
Contamination deck can shuffle its real cards the same way (`draw_kinds`).
"""
from __future__ import annotations

from fractions import Fraction
from math import comb

from ..rng import RngState
from .model import CardKind

DRAWN = 4


def deck_of(action_cards: int, contamination_cards: int) -> list[CardKind]:
    return [CardKind.ACTION] * action_cards + [CardKind.CONTAMINATION] * contamination_cards


def draw_kinds(rng: RngState, action_cards: int, contamination_cards: int, count: int = DRAWN) -> list[CardKind]:
    """The cards drawn, in order: one shuffle of the whole deck (one RNG draw), its top
    `count` cards (all of them when the deck is smaller)."""
    return rng.shuffled(deck_of(action_cards, contamination_cards))[:count]


def dies_of(drawn: list[CardKind]) -> bool:
    return CardKind.CONTAMINATION in drawn


def contamination_drawn_chance(action_cards: int, contamination_cards: int, k: int, count: int = DRAWN) -> Fraction:
    """Exactly `k` Contamination cards among the `count` drawn (hypergeometric)."""
    total = action_cards + contamination_cards
    drawn = min(count, total)
    if not 0 <= k <= drawn or total == 0:
        return Fraction(int(k == 0 and drawn == 0))
    return Fraction(comb(contamination_cards, k) * comb(action_cards, drawn - k), comb(total, drawn))


def death_chance(action_cards: int, contamination_cards: int, count: int = DRAWN) -> Fraction:
    """At least one Contamination card among the cards drawn."""
    return 1 - contamination_drawn_chance(action_cards, contamination_cards, 0, count)
