"""A player's Scanner: their Character board, the scan procedures, the latest results
under the red film, and the Victory Check's Contamination step.

Kept parts (kit.kept), shown from one seat's view (its private part holds the results):
the seat's phone, or the shared device while that player holds it (handover.py). Every
part reads the player's context through `ctx_of()` when it shows or is tapped: on the
shared device that is the session handed to the player, made anew for every view. It is one piece because the board, the procedures and the film
read and change one scan draft together.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import flet as ft

from companion.engine.commands import ScanContamination
from companion.engine.views import Action, ScanFormView, ScanProcedure, ScanScope
from companion.engine.views import CheckView, ScannedCardView, ScanView, SeatContaminationView
from companion.engine.views import EventEffect
from companion.engine.views import CrewView, GameView

from .. import ids, theme
from ..context import UiContext
from ..kit.chips import label
from ..kit.kept import ActionButton, Card, Changes, Chip, KeyedItems, OfferButton
from ..kit.parts import LinkButton, NumberChips, bring_into_view
from ..kit.reveal import RevealToggle, reveal_of
from .board import BoardPills
from .film import Concealed, FilmCard, FilmState, film_state, word_text
from companion.ui.scanner import ids as scanner_ids

# The order a player meets the procedures in.
PROCEDURES = (ScanProcedure.HAND, ScanProcedure.REST, ScanProcedure.CARD, ScanProcedure.DECONTAMINATION,
              ScanProcedure.SURGERY, ScanProcedure.LEAVING_THE_SHELL, ScanProcedure.ALL)


@dataclass
class ScannerDraft:
    """The Scanner form's answers so far, for one seat; kept across re-renders."""

    seat: int
    # None until the player picks one: the procedure decides what the scan does.
    procedure: ScanProcedure | None = None
    # The marked cards named (by label) and how many unmarked ones.
    marked: tuple[str, ...] = ()
    count: int | None = None
    scope: ScanScope = ScanScope.HAND
    remove_infected: bool = False
    remove_larva: bool = False
    remove_slime: bool = False
    # Leaving the Shell's scan, asked by the Event card, was chosen for the player once.
    prompted_by_event: bool = False

    def form_of(self, contamination: SeatContaminationView) -> ScanFormView | None:
        """What the picked procedure asks (the seat's view says); None before one is picked."""
        if self.procedure is None:
            return None
        card = self.procedure is ScanProcedure.CARD
        return contamination.form(self.procedure, self.scope if card else ScanScope.HAND,
                                  card and self.remove_larva)

    def picked(self, form: ScanFormView) -> dict:
        """The form's picks for its scan: a card's options, and the cards named."""
        picked: dict = {}
        if form.procedure is ScanProcedure.CARD:
            picked.update(remove_infected=self.remove_infected, remove_slime=self.remove_slime)
        if form.question is not None:
            # With no unmarked card there is nothing to count: none of them is scanned.
            picked.update(marked=list(self.marked), in_hand=self.count if form.question.unmarked else 0)
        return picked


def draft_of(ctx: UiContext, seat: int) -> ScannerDraft:
    draft = ctx.extras.get("scanner_draft")
    if not isinstance(draft, ScannerDraft) or draft.seat != seat:
        draft = ctx.extras["scanner_draft"] = ScannerDraft(seat=seat)
    return draft


class ScanButton(OfferButton):
    """The feed's scan, sent with the confirmation the seat's view names for its form: the
    scan's own, or the one warning that an INFECTED card would kill (a Larva on the board)."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.confirm: str | None = None

    def show_form(self, ctx: UiContext, seat: int, form: ScanFormView, label: str, *, picked: dict,
                  unready: str | None) -> None:
        self.confirm = form.confirm
        self.show_action(ctx.action(ScanContamination, seat=seat, procedure=form.procedure, scope=form.scope,
                                    remove_larva=form.remove_larva), label, picked=picked, unready=unready)

    def _send(self, action: Action | None = None, picked: dict | None = None, title: str = "",
              params: dict | None = None) -> None:
        if action is not None and self.confirm is not None:
            action = action.model_copy(update={"confirm": self.confirm})
        super()._send(action, picked, title, params)


# The scroll key of the latest results: the page brings them into view once a scan is confirmed.
RESULTS_KEY = "scanner-results"
CtxOf = Callable[[], UiContext]


class Parts:
    """What every part of a player's Scanner reaches: where it notes its changes, the
    player's context now, and the rules help."""

    def __init__(self, changes: Changes, ctx_of: CtxOf, help_of: Callable[[str], None]) -> None:
        self.changes = changes
        self.ctx_of = ctx_of
        self.help_of = help_of

    def page(self) -> ft.Page:
        return self.ctx_of().page

    def gate(self):
        return self.ctx_of().gate()


# --------------------------------------------------------------------- the board
class BoardCard:
    """The player's own Character board at a glance."""

    def __init__(self, parts: Parts) -> None:
        self.parts = parts
        self.pills = BoardPills(parts.changes)
        self.card = Card(parts.changes, self.pills.root, help_of=parts.help_of, identifier=scanner_ids.SEAT_BOARD)
        self.root = self.card.root

    def show(self, member: CrewView) -> None:
        texts = self.parts.ctx_of().texts
        self.card.show(texts.t("ui.body.own_title"), topic="wounds", help_tip=texts.t("ui.rules.help"))
        self.pills.show(texts, member)


class MarkedCards:
    """The player's marked cards and what each showed, behind "tap to show"."""

    def __init__(self, parts: Parts) -> None:
        self.parts = parts
        changes = parts.changes
        self.help = theme.muted("", size=14)
        self.rows = ft.Column([], spacing=8)
        self.words: KeyedItems[_MarkedWord] = KeyedItems(changes, self.rows, lambda label: _MarkedWord(changes, label))
        self.toggle = RevealToggle(changes, scanner_ids.SCANNER_MARKED_SHOW, parts.ctx_of)
        self.card = Card(changes, ft.Column([self.help, self.rows, self.toggle.root], spacing=8),
                         identifier=scanner_ids.SCANNER_MARKED)
        self.root = self.card.root

    def show(self, contamination: SeatContaminationView) -> None:
        ctx, put = self.parts.ctx_of(), self.parts.changes.put
        t = ctx.texts.t
        self.card.show(t("ui.scanner.marked_title"))
        put(self.help, value=t("ui.scanner.marked_help"))
        reveal = reveal_of(ctx, ("marked", contamination.held, tuple(contamination.marked)))
        put(self.rows, visible=reveal.shown)
        if reveal.shown:
            self.words.show(((card.label, card) for card in contamination.marked),
                            lambda row, card: row.show(ctx, card))
        self.toggle.show(reveal, show_label=t("ui.private.show"), hide_label=t("ui.private.hide"))


class _MarkedWord:
    def __init__(self, changes: Changes, label: str) -> None:
        self.changes = changes
        self.text = ft.Text("", size=16, weight=ft.FontWeight.BOLD)
        self.root = ids.tag(scanner_ids.scanner_marked(label), self.text)

    def show(self, ctx: UiContext, card) -> None:
        self.changes.put(self.text, value=ctx.texts.t("ui.scanner.marked_word", label=card.label,
                                                      word=word_text(ctx.texts, card.word)),
                         color=theme.RED if card.infected else theme.TEXT)


# --------------------------------------------------------------------- the form
def _procedure_help(ctx: UiContext, procedure: ScanProcedure, member: CrewView) -> str:
    t = ctx.texts.t
    if procedure is ScanProcedure.LEAVING_THE_SHELL:
        return t("ui.scanner.help.leaving_the_shell_larva" if member.body.larva
                 else "ui.scanner.help.leaving_the_shell")
    rules = ctx.session.rules.contamination
    if procedure is ScanProcedure.REST:
        return t("ui.scanner.help.rest_removes_clean" if rules.rest_removes_clean else "ui.scanner.help.rest_keeps_clean",
                 count=rules.rest_scans)
    if procedure is ScanProcedure.DECONTAMINATION and not rules.decontamination_removes_larva:
        return t("ui.scanner.help.decontamination_keeps_larva")  # the help says what the engine does
    return t(f"ui.scanner.help.{procedure.value}")


SWITCHES = ((scanner_ids.SCANNER_REMOVE_INFECTED, "ui.scanner.remove_infected", "remove_infected"),
            (scanner_ids.SCANNER_REMOVE_LARVA, "ui.scanner.remove_larva", "remove_larva"),
            (scanner_ids.SCANNER_REMOVE_SLIME, "ui.scanner.remove_slime", "remove_slime"))


class ScanForm:
    """The procedure, which cards, and the scan. Each pick changes the seat's draft and
    shows the page again."""

    def __init__(self, parts: Parts) -> None:
        self.parts = parts
        changes = parts.changes
        self.seat = 0
        self.held = ft.Text("", size=17, weight=ft.FontWeight.BOLD)
        self.procedure_label = label("")
        self.procedures = {procedure: Chip(changes, scanner_ids.scanner_procedure(procedure.value),
                                           lambda procedure=procedure: self._pick_procedure(procedure))
                           for procedure in PROCEDURES}
        self.procedure_help = theme.muted("", size=14)
        # The Card procedure's options.
        self.scope_label = label("")
        self.scopes = {scope: Chip(changes, scanner_ids.scanner_scope(scope.value), lambda scope=scope: self._pick_scope(scope))
                       for scope in ScanScope}
        self.switches = {name: ft.Switch(label="", value=False, on_change=lambda e, name=name: self._toggle(name, e))
                         for _identifier, _key, name in SWITCHES}
        self.options = ft.Column([self.scope_label, _row(chip.root for chip in self.scopes.values()),
                                  *(ids.tag(identifier, self.switches[name]) for identifier, _key, name in SWITCHES)],
                                 spacing=10)
        # Which cards: the marked ones by label, the unmarked ones by number.
        self.marked_label = label("")
        self.marked_row = ft.Row([], wrap=True, spacing=8, run_spacing=8)
        self.marks: KeyedItems[Chip] = KeyedItems(changes, self.marked_row, lambda mark: Chip(
            changes, scanner_ids.scanner_mark(str(mark)), lambda: self._toggle_mark(str(mark))))
        self.exactly = Chip(changes, scanner_ids.scanner_count(1), self._pick_exactly)
        self.exactly_row = _row([self.exactly.root])
        self.count_label = label("")
        self.counts = NumberChips(changes, scanner_ids.scanner_count, self._pick_count)
        self.counts_tag = ids.tag(scanner_ids.SCANNER_COUNT, self.counts.root)
        self.scan = ScanButton(changes, scanner_ids.SCANNER_SCAN, icon=ft.Icons.DOCUMENT_SCANNER, tone="primary",
                               gate_of=parts.gate, page_of=parts.page)
        # Before a procedure is picked there is no scan to offer: the same button, disabled, saying so.
        self.pick_first = ActionButton(changes, scanner_ids.SCANNER_SCAN, icon=ft.Icons.DOCUMENT_SCANNER, tone="primary",
                                       page_of=parts.page, on_tap=lambda: None)
        self.question = None  # what the picked procedure asks (ScanQuestionView), if it names cards
        body = ft.Column([self.held, self.procedure_label, _row(chip.root for chip in self.procedures.values()),
                          self.procedure_help, self.options, self.marked_label, self.marked_row,
                          self.exactly_row, self.count_label, self.counts_tag,
                          self.scan.root, self.pick_first.root], spacing=10)
        self.card = Card(changes, body, help_of=parts.help_of, identifier=scanner_ids.SCANNER)
        self.root = self.card.root

    # -- taps: each changes the seat's draft, then the page is shown again --------------
    def _draft(self) -> ScannerDraft:
        return draft_of(self.parts.ctx_of(), self.seat)

    def _pick_procedure(self, procedure: ScanProcedure) -> None:
        draft = self._draft()
        draft.procedure, draft.marked, draft.count = procedure, (), None
        self.parts.ctx_of().rerender()

    def _pick_scope(self, scope: ScanScope) -> None:
        draft = self._draft()
        draft.scope, draft.marked, draft.count = scope, (), None
        self.parts.ctx_of().rerender()

    def _toggle(self, name: str, e) -> None:
        setattr(self._draft(), name, bool(e.control.value))
        self.parts.ctx_of().rerender()

    def _toggle_mark(self, mark: str) -> None:
        draft, question = self._draft(), self.question
        if question is None:
            return
        if question.exactly:
            draft.marked, draft.count = (mark,), 0
        elif mark in draft.marked:
            draft.marked = tuple(each for each in draft.marked if each != mark)
        else:
            draft.marked = (*draft.marked, mark)
        if draft.count is not None and not question.exactly:
            draft.count = min(draft.count, max(0, question.most - len(draft.marked)))
        self.parts.ctx_of().rerender()

    def _pick_count(self, count: int) -> None:
        draft = self._draft()
        draft.count = count
        if self.question is not None and self.question.exactly:
            draft.marked = ()
        self.parts.ctx_of().rerender()

    def _pick_exactly(self) -> None:
        if self.question is not None:
            self._pick_count(self.question.most)

    # -- showing -----------------------------------------------------------------------
    def show(self, member: CrewView, contamination: SeatContaminationView) -> None:
        ctx, put = self.parts.ctx_of(), self.parts.changes.put
        t = ctx.texts.t
        self.seat = member.seat
        draft = draft_of(ctx, member.seat)
        self.card.show(t("ui.scanner.title"), topic="scanner", help_tip=t("ui.rules.help"))
        put(self.held, value=t("ui.scanner.held", held=contamination.held))
        put(self.procedure_label, value=t("ui.scanner.procedure"))
        for procedure, chip in self.procedures.items():
            chip.show(t(f"ui.scanner.procedure_name.{procedure.value}"), selected=draft.procedure is procedure)
        put(self.procedure_help, visible=draft.procedure is not None)
        if draft.procedure is not None:
            put(self.procedure_help, value=_procedure_help(ctx, draft.procedure, member))
        card = draft.procedure is ScanProcedure.CARD
        put(self.options, visible=card)
        if card:
            put(self.scope_label, value=t("ui.scanner.card_scope"))
            for scope, chip in self.scopes.items():
                chip.show(t(f"ui.scanner.scope.{scope.value}"), selected=draft.scope is scope)
            for _identifier, key, name in SWITCHES:
                put(self.switches[name], label=t(key), value=getattr(draft, name))
        form = draft.form_of(contamination)
        question = self.question = form.question if form is not None else None
        self._which_cards(ctx, draft, question)
        self.pick_first.show(t("ui.scanner.scan"), refused=t("ui.scanner.needs_procedure"), visible=form is None)
        if form is None:
            self.scan.show_action(None, "")
            return
        picked = draft.picked(form)
        # The cards named: what the engine's check would say of them (the seat's view works it out).
        refusal = form.picks_refusal(tuple(draft.marked), picked.get("in_hand"))
        self.scan.show_form(ctx, member.seat, form, t("ui.scanner.scan"), picked=picked,
                            unready=ctx.texts.error(refusal) if refusal is not None else None)

    def _which_cards(self, ctx: UiContext, draft: ScannerDraft, question) -> None:
        """Which cards are scanned: the marked ones by label, the unmarked ones by number (for
        Rest, exactly one card: a marked one or an unmarked one)."""
        t, put = ctx.texts.t, self.parts.changes.put
        drawn = draft.procedure is ScanProcedure.LEAVING_THE_SHELL
        marked = question is not None and bool(question.marked)
        put(self.marked_label, visible=marked)
        put(self.marked_row, visible=marked)
        if marked:
            put(self.marked_label, value=t("ui.scanner.which_marked_drawn" if drawn else "ui.scanner.which_marked"))
            self.marks.show(((mark, mark) for mark in question.marked),  # type: ignore[union-attr]
                            lambda chip, mark: chip.show(t("ui.scanner.card_label", label=mark),
                                                         selected=mark in draft.marked, icon=ft.Icons.BOOKMARK))
        unmarked = question is not None and bool(question.unmarked)
        exactly = unmarked and question.exactly  # type: ignore[union-attr]
        put(self.exactly_row, visible=exactly)
        if exactly:
            most = question.most  # type: ignore[union-attr]
            put(self.exactly.root, identifier=scanner_ids.scanner_count(most))
            self.exactly.show(t("ui.scanner.unmarked_one", count=most),
                              selected=draft.count == most and not draft.marked)
        counted = unmarked and not exactly
        put(self.count_label, visible=counted)
        put(self.counts_tag, visible=counted)
        if counted:
            key = "ui.scanner.how_many_drawn" if drawn else (
                "ui.scanner.how_many_unmarked" if marked else "ui.scanner.how_many")
            put(self.count_label, value=t(key, count=question.most))  # type: ignore[union-attr]
            high = min(question.unmarked, max(0, question.most - len(draft.marked)))  # type: ignore[union-attr]
            self.counts.show(draft.count, high=high)


def _row(controls) -> ft.Row:
    return ft.Row(list(controls), wrap=True, spacing=8, run_spacing=8)


class EventPrompt:
    """Leaving the Shell waits for this player's scan: say so, and choose that scan once."""

    def __init__(self, parts: Parts) -> None:
        self.parts = parts
        self.text = ft.Text("", size=16, weight=ft.FontWeight.BOLD, color=theme.YELLOW)
        self.root = ids.tag(scanner_ids.SCANNER_EVENT_PROMPT, theme.card(self.text))

    def wanted(self, view: GameView, member: CrewView) -> bool:
        phase = view.public.event_phase
        return (phase is not None and EventEffect.LEAVING_THE_SHELL in phase.pending_effects
                and member.seat not in phase.shell_scans)

    def show(self, member: CrewView) -> None:
        ctx = self.parts.ctx_of()
        draft = draft_of(ctx, member.seat)
        if not draft.prompted_by_event:
            draft.prompted_by_event = True
            draft.procedure, draft.marked, draft.count = ScanProcedure.LEAVING_THE_SHELL, (), None
        self.parts.changes.put(self.text, value=ctx.texts.t("ui.scanner.event_prompt"))


# --------------------------------------------------------------------- results under the film
def _card_title(ctx: UiContext, card: ScannedCardView, index: int) -> str:
    if card.label:
        return ctx.texts.t("ui.scanner.card_label", label=card.label)
    return ctx.texts.t("ui.scanner.card_title", number=index + 1)


def _card_note(ctx: UiContext, card: ScannedCardView) -> str | None:
    """What the player does with the stand-in: mark it with its new label, or give it back."""
    if card.removed:
        key = "ui.scanner.mark.removed_marked" if not card.newly_labelled else "ui.scanner.mark.removed_unmarked"
    elif card.newly_labelled:
        key = "ui.scanner.mark.new"
    else:
        return None
    return ctx.texts.t(key, label=card.label)


def _scan_outcome(ctx: UiContext, scan: ScanView) -> list[str]:
    t = ctx.texts.t
    lines: list[str] = []
    if scan.drawn:
        lines.append(t("ui.scanner.outcome.drawn"))
    if not scan.cards:
        lines.append(t("ui.scanner.outcome.nothing_scanned"))
    elif not scan.infected:
        lines.append(t("ui.scanner.outcome.clean"))
    if scan.larva_placed:
        lines.append(t("ui.scanner.outcome.larva_placed"))
    removed = sum(1 for card in scan.cards if card.removed)
    if removed:
        # Stand-ins for the removed cards: in the hand, or wherever the scanned cards lay.
        lines.append(t("ui.scanner.outcome.removed" if scan.from_hand else "ui.scanner.outcome.removed_anywhere",
                       count=removed))
    if scan.larva_removed:
        lines.append(t("ui.scanner.outcome.larva_removed"))
    if scan.slime_removed:
        lines.append(t("ui.scanner.outcome.slime_removed"))
    if scan.died:
        lines.append(t("ui.scanner.outcome.died_wound" if scan.light_wound else "ui.scanner.outcome.died"))
    elif scan.light_wound:
        lines.append(t("ui.scanner.outcome.surgery"))
    if scan.infected and not (scan.larva_placed or scan.died or removed):
        lines.append(t("ui.scanner.outcome.infected_kept"))
    return lines


def _check_outcome(ctx: UiContext, check: CheckView) -> list[str]:
    t = ctx.texts.t
    lines = [t("ui.scanner.check.larva_skips")] if check.scan_skipped else []
    if not check.drew:
        return lines + [t("ui.scanner.check.clean")]
    if check.drawn:
        drawn = ", ".join(t("ui.scanner.check.contamination_card" if card else "ui.scanner.check.action_card")
                          for card in check.drawn)
        lines.append(t("ui.scanner.check.drawn", cards=drawn))
    lines.append(t("ui.scanner.check.died" if check.died else "ui.scanner.check.survived"))
    return lines


class FilmResults:
    """Scanned cards under the film, then what followed (shown once every card is read),
    and a way to cover the words again: a scan's results, or the Victory Check's."""

    def __init__(self, parts: Parts, identifier: str) -> None:
        self.parts = parts
        changes = parts.changes
        self.help = theme.muted("", size=14)
        self.column = ft.Column([], spacing=10)
        self.films: KeyedItems[FilmCard] = KeyedItems(changes, self.column,
                                                      lambda index: FilmCard(changes, parts.ctx_of, int(index)))
        self.lines = ft.Column([], spacing=4, tight=True)
        self.outcome = Concealed(changes, self.lines, scanner_ids.SCANNER_OUTCOME)
        self.cover = LinkButton(changes, scanner_ids.SCANNER_COVER, icon=ft.Icons.VISIBILITY_OFF, on_tap=self._cover)
        self.reading: FilmState | None = None
        self.card = Card(changes, ft.Column([self.help, self.column, self.outcome.root, self.cover.root], spacing=10),
                         identifier=identifier)
        self.root = self.card.root

    def _cover(self) -> None:
        if self.reading is not None:
            self.reading.cover()
        self.parts.ctx_of().rerender()

    def show(self, title: str, key, cards: tuple[ScannedCardView, ...], seed: int, lines: list[str], *,
             danger: bool) -> None:
        ctx, put = self.parts.ctx_of(), self.parts.changes.put
        t = ctx.texts.t
        state = self.reading = film_state(ctx, key)
        self.card.show(title)
        put(self.help, visible=bool(cards))
        if cards:
            put(self.help, value=t("ui.scanner.drag_help"))
        self.films.show(((index, card) for index, card in enumerate(cards)),
                        lambda film, card: film.show(state, card.word, seed=seed + film.index,
                                                     title=_card_title(ctx, card, film.index),
                                                     note=_card_note(ctx, card)))
        texts = [control for control in self.lines.controls]
        while len(texts) < len(lines):
            texts.append(ft.Text("", size=15))
        if len(texts) != len(self.lines.controls):
            self.lines.controls = texts
            self.parts.changes.mark(self.lines)
        for index, text in enumerate(texts):
            put(text, visible=index < len(lines))
            if index < len(lines):
                put(text, value=lines[index])
        self.outcome.show(opened=len(state.read) >= len(cards), bgcolor=theme.DANGER_BG if danger else theme.SURFACE_HIGH)
        self.cover.show(t("ui.private.hide"), visible=bool(state.read))


# --------------------------------------------------------------------- all of it
class ScannerParts:
    """A player's Character board and Scanner, in the order a player meets them: the board,
    the latest results (where the player looks once a scan is confirmed), the marked
    cards, Leaving the Shell's prompt, then the form; at the Victory Check, the check as
    the player saw it. `roots` go into the screen's column; `show` returns whether the
    Scanner itself is there (more than the board)."""

    def __init__(self, changes: Changes, ctx_of: CtxOf, help_of: Callable[[str], None]) -> None:
        parts = self.parts = Parts(changes, ctx_of, help_of)
        self.board = BoardCard(parts)
        self.check = FilmResults(parts, scanner_ids.SCANNER_CHECK)
        self.results = FilmResults(parts, scanner_ids.SCANNER_RESULTS)
        self.marked = MarkedCards(parts)
        self.prompt = EventPrompt(parts)
        self.form = ScanForm(parts)
        # The results carry a scroll key: the page scrolls to them when a new scan shows.
        self.results_frame = ft.Container(self.results.root, key=ft.ScrollKey(RESULTS_KEY))
        self.roots = [self.board.root, self.check.root, self.results_frame, self.marked.root, self.prompt.root,
                      self.form.root]
        # The latest scan shown for each seat (its number; None: none yet).
        self.scans_seen: dict[int, object] = {}

    def show(self, view: GameView | None) -> bool:
        put = self.parts.changes.put
        member = view.public.member(view.private.seat) if view is not None and view.private is not None else None
        contamination = view.private.contamination if member is not None else None  # type: ignore[union-attr]
        put(self.board.root, visible=member is not None)
        if member is not None:
            self.board.show(member)
        check = contamination.check if contamination is not None else None
        during_play = contamination is not None and check is None and not view.public.is_over  # type: ignore[union-attr]
        scan = contamination.scan if during_play else None  # type: ignore[union-attr]
        marked = during_play and bool(contamination.marked)  # type: ignore[union-attr]
        in_facility = during_play and member.is_in_facility  # type: ignore[union-attr]
        prompt = in_facility and self.prompt.wanted(view, member)  # type: ignore[arg-type]
        put(self.check.root, visible=check is not None)
        put(self.results_frame, visible=scan is not None)
        put(self.marked.root, visible=marked)
        put(self.prompt.root, visible=prompt)
        put(self.form.root, visible=in_facility)
        t = self.parts.ctx_of().texts.t
        if check is not None:
            # The Victory Check ran this player's check (victory.py): what it showed them.
            self.check.show(t("ui.scanner.check.title"), (member.seat, "check", check.seq), check.cards,  # type: ignore[union-attr]
                            check.seq * 31, _check_outcome(self.parts.ctx_of(), check), danger=check.died)
        if scan is not None:
            title = t("ui.scanner.results_title", procedure=t(f"ui.scanner.procedure_name.{scan.procedure.value}"))
            self.results.show(title, (member.seat, "scan", scan.seq), scan.cards, scan.seq * 31,  # type: ignore[union-attr]
                              _scan_outcome(self.parts.ctx_of(), scan), danger=scan.died or scan.larva_placed)
        if during_play:
            self._bring_new_results(member.seat, scan.seq if scan is not None else None)  # type: ignore[union-attr]
        if marked:
            self.marked.show(contamination)  # type: ignore[arg-type]
        if prompt:
            self.prompt.show(member)  # type: ignore[arg-type]
        if in_facility:
            self.form.show(member, contamination)  # type: ignore[arg-type]
        return check is not None or scan is not None or in_facility

    def _bring_new_results(self, seat: int, scan: int | None) -> None:
        """A scan newer than the one this part showed last for `seat`: its cards come into
        view, once the page has drawn them (a page opened on old results stays put)."""
        before = self.scans_seen.get(seat, UNSEEN)
        self.scans_seen[seat] = scan
        if before is not UNSEEN and scan is not None and scan != before:
            bring_into_view(self.parts.page(), self.results_frame, RESULTS_KEY)


UNSEEN = object()
