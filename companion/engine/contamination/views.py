"""What the screens may know of the Contamination deck and the Character boards.

Everyone sees each Character board (Larva, Slime, wounds), how many Contamination cards
each player holds (their stand-ins are in their hand) and how many are left in the
deck. Only a player's own view (views.SeatPrivate) holds their scan results, as the
words the Scanner shows; no view ever names a card or says which held card is INFECTED.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from pydantic import BaseModel, ConfigDict

from ..view_base import Refusal
from ..bag.handlers import require_bag_free
from ..commands import ScanContamination
from ..crew.body_model import Body
from ..errors import IllegalCommand
from ..guards import require
from .handlers import (
    ScanQuestion,
    check_named_cards,
    kills_from,
    must_scan_a_card,
    scan_forms,
    scan_kills_if_infected,
    scan_question,
)
from .model import INFECTED, CheckRecord, ScannedCard, ScanProcedure, ScanRecord, ScanScope, word_of

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


class ScanQuestionView(_View):
    """Which cards a scan of some of the player's cards names: marked ones by label and
    `unmarked` ones by number, `most` in all (`exactly` that many for Rest)."""

    most: int
    exactly: bool
    marked: tuple[str, ...]
    unmarked: int


class ScanFormView(_View):
    """One way of scanning (procedure, scope, whether a card takes the Larva off) as the
    player's Scanner asks it, from their own board and cards, never from a card's word."""

    procedure: ScanProcedure
    scope: ScanScope
    remove_larva: bool
    # None: the app scans every card (or draws one), nothing to name.
    question: ScanQuestionView | None
    # The confirmation asked before the scan: "scan_may_kill" when an INFECTED card would kill.
    confirm: str
    # Whether at least one card must be named, and from how many named cards the scan might
    # kill (a Creeper would be placed: refused while the bag waits, `bag_busy`).
    must_scan_a_card: bool
    kills_from: int | None
    bag_busy: Refusal | None

    def picks_refusal(self, marked: tuple[str, ...], in_hand: int | None) -> Refusal | None:
        """Why the cards named (the form's picks) cannot be scanned, as the engine's check says."""
        question = self.question
        if question is None:
            return None
        named = len(marked) + (in_hand or 0)
        try:
            check_named_cards(ScanQuestion(most=question.most, exactly=question.exactly, marked=question.marked,
                                           unmarked=question.unmarked), marked, in_hand)
            if self.must_scan_a_card:
                require(named > 0, "error.contamination.nothing_to_scan")
        except IllegalCommand as refusal:
            return Refusal.of(refusal)
        if self.kills_from is not None and named >= self.kills_from:
            return self.bag_busy
        return None


class SeatContaminationView(_View):
    """A player's own Contamination: how many cards, which of them they have marked (and
    what those showed), what their latest scans showed, and what each scan asks."""

    held: int
    marked: tuple[MarkedCardView, ...]
    scan: ScanView | None
    check: CheckView | None
    forms: tuple[ScanFormView, ...] = ()

    def form(self, procedure: ScanProcedure, scope: ScanScope = ScanScope.HAND,
             remove_larva: bool = False) -> ScanFormView | None:
        for form in self.forms:
            if (form.procedure, form.scope, form.remove_larva) == (procedure, scope, remove_larva):
                return form
        return None

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


def seat_contamination(state: "GameState", seat: int, rules: "Rules") -> SeatContaminationView | None:
    """`seat`'s own part: only ever put into that seat's view."""
    deck = state.contamination
    if deck is None:
        return None
    scan = deck.scans.get(seat)
    check = deck.checks.get(seat)
    marked = tuple(MarkedCardView(label=deck.labels[card], word=word_of(card, deck.infected_count))
                   for card in deck.known_by(seat))
    held = len(deck.held_by(seat))
    has_larva = state.member(seat).body.larva
    bag_busy = _bag_busy(state)
    forms = tuple(_form(seat, procedure, scope, remove_larva, held, marked, has_larva, bag_busy, rules)
                  for procedure, scope, remove_larva in scan_forms())
    return SeatContaminationView(held=held, marked=marked,
                                 scan=_scan(scan) if scan is not None else None,
                                 check=_check(check) if check is not None else None, forms=forms)


def _bag_busy(state: "GameState") -> Refusal | None:
    try:
        require_bag_free(state)
    except IllegalCommand as refusal:
        return Refusal.of(refusal)
    return None


def _form(seat: int, procedure: ScanProcedure, scope: ScanScope, remove_larva: bool, held: int,
          marked: tuple[MarkedCardView, ...], has_larva: bool, bag_busy: Refusal | None,
          rules: "Rules") -> ScanFormView:
    command = ScanContamination(seat=seat, procedure=procedure, scope=scope, remove_larva=remove_larva)
    question = scan_question(command, held=held, marked=tuple(card.label for card in marked), has_larva=has_larva,
                             rules=rules)
    kills = scan_kills_if_infected(command, has_larva=has_larva, rules=rules)
    return ScanFormView(
        procedure=procedure, scope=scope, remove_larva=remove_larva,
        question=ScanQuestionView(most=question.most, exactly=question.exactly, marked=question.marked,
                                  unmarked=question.unmarked) if question is not None else None,
        confirm="scan_may_kill" if kills else "scan",
        must_scan_a_card=must_scan_a_card(command),
        kills_from=kills_from(command, has_larva=has_larva, rules=rules), bag_busy=bag_busy)
