"""The decks as every viewer sees them: each pile's cards, the draw pile as a sorted multiset."""
from __future__ import annotations

from .cards import Deck
from ..view_base import View as _View


class DeckView(_View):
    """A deck's piles; the draw pile as a sorted multiset (which cards are left is
    public, as everyone saw the others go; their order is not)."""

    draw_pile: tuple[str, ...]
    discard: tuple[str, ...]
    removed: tuple[str, ...]
    shown: tuple[str, ...]
    reshuffles: int

    @property
    def draw_count(self) -> int:
        return len(self.draw_pile)

    def as_deck(self) -> Deck:
        """A deck with the same cards in each pile, for odds (which never depend on order)."""
        return Deck(draw_pile=list(self.draw_pile), discard=list(self.discard), removed=list(self.removed),
                    shown=list(self.shown), reshuffles=self.reshuffles)


class DecksView(_View):
    event: DeckView
    attack: DeckView

    def deck(self, name: str) -> DeckView:
        return self.event if name == "event" else self.attack


def piles_view(deck: Deck) -> DeckView:
    return DeckView(draw_pile=tuple(sorted(deck.draw_pile)), discard=tuple(deck.discard),
                    removed=tuple(deck.removed), shown=tuple(deck.shown), reshuffles=deck.reshuffles)
