"""The bag as every viewer sees it: how many tokens of each kind, never which numbers or in
what order, and the next draw's odds while the table shows them."""
from __future__ import annotations

from collections import Counter
from fractions import Fraction
from typing import TYPE_CHECKING

from .model import TOKEN_KINDS, Awaiting, BagDraw
from .odds import TableKnowledge, bag_odds, table_knowledge
from ..view_base import View as _View

if TYPE_CHECKING:
    from companion.rules import Rules

    from ..state import GameState


# Hand sizes the odds table covers (a hand never holds more than this many cards).
HAND_MAX = 15


class BagOddsRow(_View):
    """The next draw's odds for one hand size."""

    hand: int
    surprise_light: Fraction
    surprise_dark: Fraction


class BagOddsView(_View):
    total: int
    kinds: dict[str, Fraction]
    by_hand: tuple[BagOddsRow, ...]

    def kind(self, kind: str) -> Fraction:
        return self.kinds.get(kind, Fraction(0))

    def for_hand(self, hand: int) -> BagOddsRow:
        return self.by_hand[max(0, min(hand, len(self.by_hand) - 1))]


class BagView(_View):
    """The bag is face-down: how many tokens of each kind, never which numbers or in what order."""

    in_bag: dict[str, int]
    aside: dict[str, int]
    on_board: dict[str, int]
    carcasses: int
    eggs: int
    nest_destroyed: bool
    last_draw: BagDraw | None
    awaiting: Awaiting | None
    physical_bag: bool
    show_odds: bool
    # Only while `show_odds` is on.
    odds: BagOddsView | None

    @property
    def total(self) -> int:
        return sum(self.in_bag.values())

    @property
    def is_awaiting_answer(self) -> bool:
        return self.awaiting is not None


def _counts(token_ids: list[str], kind_of: dict[str, str], kinds: tuple[str, ...]) -> dict[str, int]:
    counter = Counter(kind_of[token] for token in token_ids)
    return {kind: counter[kind] for kind in kinds}


_ODDS_CACHE: dict[tuple[int, TableKnowledge], tuple["Rules", BagOddsView]] = {}


_ODDS_CACHE_MAX = 64


def _odds(knowledge: TableKnowledge, rules: "Rules") -> BagOddsView:
    """Odds from what the table knows of the bag (never from a number nobody has seen);
    views are rebuilt after every command for every page, so each is worked out once."""
    key = (id(rules), knowledge)
    cached = _ODDS_CACHE.get(key)
    if cached is not None and cached[0] is rules:
        return cached[1]
    if len(_ODDS_CACHE) >= _ODDS_CACHE_MAX:
        _ODDS_CACHE.clear()
    base = bag_odds(knowledge, rules)
    rows = []
    for hand in range(HAND_MAX + 1):
        odds = bag_odds(knowledge, rules, hand=hand)
        rows.append(BagOddsRow(hand=hand, surprise_light=odds.surprise_light, surprise_dark=odds.surprise_dark))
    odds = BagOddsView(total=base.total, kinds=dict(base.kinds), by_hand=tuple(rows))
    _ODDS_CACHE[key] = (rules, odds)
    return odds


def bag_view(state: GameState, rules: "Rules") -> BagView:
    bag = state.bag
    kind_of = {spec.id: spec.kind for spec in rules.intruders.tokens}
    return BagView(
        in_bag=_counts(bag.bag, kind_of, TOKEN_KINDS),
        aside=_counts(bag.aside, kind_of, TOKEN_KINDS),
        on_board=dict(bag.on_board),
        carcasses=bag.carcasses,
        eggs=bag.eggs,
        nest_destroyed=bag.nest_destroyed,
        last_draw=bag.last_draw.model_copy() if bag.last_draw is not None else None,
        awaiting=bag.awaiting,
        physical_bag=bag.physical_bag,
        show_odds=bag.show_odds,
        odds=_odds(table_knowledge(bag, rules), rules) if bag.show_odds else None,
    )
