"""What the screens may know of the Contamination deck and the Character boards.

Everyone sees each Character board (Larva, Slime, wounds), how many Contamination cards
each player holds (their stand-ins are in their hand) and how many are left in the
deck. Only a player's own view (views.SeatPrivate) holds their scan results, as the
words the Scanner shows; no view ever names a card or says which held card is INFECTED.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from pydantic import BaseModel, ConfigDict

from ..crew.body_model import Body
from .model import INFECTED, CheckRecord, ScannedCard, ScanProcedure, ScanRecord, word_of

if TYPE_CHECKING:
    from companion.rules import Rules

    from ..state import GameState


class _View(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class BodyView(_View):
    larva: bool
    slime: bool
    light_wounds: int
    serious_wounds: int
    dressed_wounds: int

    @property
    def undressed_wounds(self) -> int:
        return self.serious_wounds - self.dressed_wounds

    @property
    def is_at_the_limit(self) -> bool:
        return Body(serious_wounds=self.serious_wounds).is_at_the_limit


class ContaminationDeckView(_View):
    """The digital deck as the table sees it."""

    cards: int
    infected_count: int
    in_deck: int


class ScannedCardView(_View):
    word: str
    removed: bool
    label: str
    newly_labelled: bool

    @property
    def infected(self) -> bool:
        return self.word == INFECTED


class ScanView(_View):
    seq: int
    procedure: ScanProcedure
    from_hand: bool
    cards: tuple[ScannedCardView, ...]
    drawn: bool
    larva_placed: bool
    larva_removed: bool
    slime_removed: bool
    light_wound: bool
    died: bool

    @property
    def infected(self) -> int:
        return sum(1 for card in self.cards if card.infected)


class CheckView(_View):
    seq: int
    larva: bool
    scan_skipped: bool
    cards: tuple[ScannedCardView, ...]
    action_cards: int | None
    drawn: tuple[bool, ...]
    died: bool

    @property
    def infected(self) -> bool:
        return any(card.infected for card in self.cards)

    @property
    def drew(self) -> bool:
        return self.action_cards is not None


class MarkedCardView(_View):
    """A card the player has seen, by the label they marked it with, and its word."""

    label: str
    word: str

    @property
    def infected(self) -> bool:
        return self.word == INFECTED


class SeatContaminationView(_View):
    """A player's own Contamination: how many cards, which of them they have marked (and
    what those showed), and what their latest scans showed."""

    held: int
    marked: tuple[MarkedCardView, ...]
    scan: ScanView | None
    check: CheckView | None

    @property
    def unmarked(self) -> int:
        return self.held - len(self.marked)


def body_view(body: Body) -> BodyView:
    return BodyView(larva=body.larva, slime=body.slime, light_wounds=body.light_wounds,
                    serious_wounds=body.serious_wounds, dressed_wounds=body.dressed_wounds)


def held_count(state: "GameState", seat: int) -> int | None:
    """How many Contamination cards the player holds (None without the digital deck)."""
    deck = state.contamination
    return len(deck.held_by(seat)) if deck is not None else None


def deck_view(state: "GameState", rules: "Rules") -> ContaminationDeckView | None:
    deck = state.contamination
    if deck is None:
        return None
    return ContaminationDeckView(cards=rules.contamination.cards, infected_count=deck.infected_count,
                                 in_deck=deck.deck_size)


def _cards(cards: list[ScannedCard]) -> tuple[ScannedCardView, ...]:
    return tuple(ScannedCardView(word=card.word, removed=card.removed, label=card.label,
                                 newly_labelled=card.newly_labelled) for card in cards)


def _scan(record: ScanRecord) -> ScanView:
    return ScanView(seq=record.seq, procedure=record.procedure, from_hand=record.from_hand, cards=_cards(record.cards),
                    drawn=record.drawn,
                    larva_placed=record.larva_placed, larva_removed=record.larva_removed,
                    slime_removed=record.slime_removed, light_wound=record.light_wound, died=record.died)


def _check(record: CheckRecord) -> CheckView:
    return CheckView(seq=record.seq, larva=record.larva, scan_skipped=record.scan_skipped, cards=_cards(record.cards), action_cards=record.action_cards,
                     drawn=tuple(record.drawn), died=record.died)


def seat_contamination(state: "GameState", seat: int) -> SeatContaminationView | None:
    """`seat`'s own part: only ever put into that seat's view."""
    deck = state.contamination
    if deck is None:
        return None
    scan = deck.scans.get(seat)
    check = deck.checks.get(seat)
    marked = tuple(MarkedCardView(label=deck.labels[card], word=word_of(card, deck.infected_count))
                   for card in deck.known_by(seat))
    return SeatContaminationView(held=len(deck.held_by(seat)), marked=marked,
                                 scan=_scan(scan) if scan is not None else None,
                                 check=_check(check) if check is not None else None)
