"""A player's Scanner: their Character board, the scan procedures, the latest results
under the red film, and the Victory Check's Contamination step.

Built from one seat's view (its private part holds the results): the seat's phone, or the
shared device while that player holds it (handover.py).
"""
from __future__ import annotations

from dataclasses import dataclass

import flet as ft

from companion.engine.commands import ScanContamination
from companion.engine.contamination import ScanQuestion, scan_kills_if_infected, scan_question
from companion.engine.contamination_model import ScanProcedure, ScanScope
from companion.engine.contamination_views import CheckView, ScannedCardView, ScanView, SeatContaminationView
from companion.engine.phase_state import EventEffect
from companion.engine.views import CrewView, GameView

from .. import ids, theme
from ..context import UiContext
from ..kit.chips import chips, choice_chip, label, number_row
from ..kit.gate import command_button
from ..kit.reveal import reveal_of, reveal_toggle
from ..rules_screen import help_button
from .board import status_pills
from .film import FilmState, concealed, film_card, film_state, word_text

# The order a player meets the procedures in.
PROCEDURES = (ScanProcedure.HAND, ScanProcedure.REST, ScanProcedure.CARD, ScanProcedure.DECONTAMINATION,
              ScanProcedure.SURGERY, ScanProcedure.LEAVING_THE_SHELL, ScanProcedure.ALL)


@dataclass
class ScannerDraft:
    """The Scanner form's answers so far, for one seat; kept across re-renders."""

    seat: int
    procedure: ScanProcedure = ScanProcedure.HAND
    # The marked cards named (by label) and how many unmarked ones.
    marked: tuple[str, ...] = ()
    count: int | None = None
    scope: ScanScope = ScanScope.HAND
    remove_infected: bool = False
    remove_larva: bool = False
    remove_slime: bool = False
    # Leaving the Shell's scan, asked by the Event card, was chosen for the player once.
    prompted_by_event: bool = False

    def fields(self) -> dict:
        card = self.procedure is ScanProcedure.CARD
        return dict(seat=self.seat, procedure=self.procedure, scope=self.scope if card else ScanScope.HAND,
                    remove_infected=card and self.remove_infected, remove_larva=card and self.remove_larva,
                    remove_slime=card and self.remove_slime)

    def command(self, question: ScanQuestion | None) -> ScanContamination:
        """The scan the form describes (the engine's check says whether it can be made)."""
        if question is None:
            return ScanContamination(**self.fields())
        # With no unmarked card there is nothing to count: none of them is scanned.
        count = self.count if question.unmarked else 0
        return ScanContamination(**self.fields(), marked=self.marked, in_hand=count)


def draft_of(ctx: UiContext, seat: int) -> ScannerDraft:
    draft = ctx.extras.get("scanner_draft")
    if not isinstance(draft, ScannerDraft) or draft.seat != seat:
        draft = ctx.extras["scanner_draft"] = ScannerDraft(seat=seat)
    return draft


def question_for(ctx: UiContext, draft: ScannerDraft, member: CrewView,
                 contamination: SeatContaminationView) -> ScanQuestion | None:
    marked = tuple(card.label for card in contamination.marked)
    return scan_question(ScanContamination(**draft.fields()), held=contamination.held, marked=marked,
                         has_larva=member.body.larva, rules=ctx.session.rules)


# --------------------------------------------------------------------- the board
def board_card(ctx: UiContext, member: CrewView) -> ft.Control:
    t = ctx.texts.t
    return ids.tag(ids.SEAT_BOARD, theme.card(ft.Row(status_pills(ctx.texts, member), wrap=True, spacing=6,
                                                      run_spacing=6), title=t("ui.body.own_title"),
                                              help=help_button(ctx, "wounds")))


def marked_cards(ctx: UiContext, contamination: SeatContaminationView) -> ft.Control | None:
    """The player's marked cards and what each showed, behind "tap to show"."""
    if not contamination.marked:
        return None
    t = ctx.texts.t
    reveal = reveal_of(ctx, ("marked", contamination.held, tuple(contamination.marked)))
    rows: list[ft.Control] = [theme.muted(t("ui.scanner.marked_help"), size=14)]
    if reveal.shown:
        rows += [ids.tag(ids.scanner_marked(card.label), ft.Text(
            t("ui.scanner.marked_word", label=card.label, word=word_text(ctx.texts, card.word)), size=16,
            weight=ft.FontWeight.BOLD, color=theme.RED if card.infected else theme.TEXT))
            for card in contamination.marked]
    rows.append(reveal_toggle(ctx, reveal, show_label=t("ui.private.show"), hide_label=t("ui.private.hide"),
                              identifier=ids.SCANNER_MARKED_SHOW))
    return ids.tag(ids.SCANNER_MARKED, theme.card(ft.Column(rows, spacing=8), title=t("ui.scanner.marked_title")))


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


def _card_options(ctx: UiContext, draft: ScannerDraft) -> list[ft.Control]:
    t = ctx.texts.t

    def pick_scope(scope: ScanScope) -> None:
        draft.scope = scope
        draft.marked, draft.count = (), None
        ctx.rerender()

    def toggle(name: str):
        def change(e) -> None:
            setattr(draft, name, bool(e.control.value))
            ctx.rerender()

        return change

    scopes = chips([choice_chip(t(f"ui.scanner.scope.{scope.value}"), selected=draft.scope is scope,
                                on_click=lambda _e, scope=scope: pick_scope(scope),
                                identifier=ids.scanner_scope(scope.value)) for scope in ScanScope])
    switches = [
        ids.tag(identifier, ft.Switch(label=t(key), value=getattr(draft, name), on_change=toggle(name)))
        for identifier, key, name in (
            (ids.SCANNER_REMOVE_INFECTED, "ui.scanner.remove_infected", "remove_infected"),
            (ids.SCANNER_REMOVE_LARVA, "ui.scanner.remove_larva", "remove_larva"),
            (ids.SCANNER_REMOVE_SLIME, "ui.scanner.remove_slime", "remove_slime"),
        )
    ]
    return [label(t("ui.scanner.card_scope")), scopes, *switches]


def _which_cards(ctx: UiContext, draft: ScannerDraft, question: ScanQuestion) -> list[ft.Control]:
    """Which cards are scanned: the marked ones by label, the unmarked ones by number (for
    Rest, exactly one card: a marked one or an unmarked one)."""
    t = ctx.texts.t
    rows: list[ft.Control] = []
    drawn = draft.procedure is ScanProcedure.LEAVING_THE_SHELL

    def toggle_mark(card_label: str) -> None:
        if question.exactly:
            draft.marked, draft.count = (card_label,), 0
        elif card_label in draft.marked:
            draft.marked = tuple(mark for mark in draft.marked if mark != card_label)
        else:
            draft.marked = (*draft.marked, card_label)
        if draft.count is not None and not question.exactly:
            draft.count = min(draft.count, max(0, question.most - len(draft.marked)))
        ctx.rerender()

    def pick_count(count: int) -> None:
        draft.count = count
        if question.exactly:
            draft.marked = ()
        ctx.rerender()

    if question.marked:
        rows += [label(t("ui.scanner.which_marked_drawn" if drawn else "ui.scanner.which_marked")),
                 chips([choice_chip(t("ui.scanner.card_label", label=mark), selected=mark in draft.marked,
                                    on_click=lambda _e, mark=mark: toggle_mark(mark),
                                    identifier=ids.scanner_mark(mark), icon=ft.Icons.BOOKMARK)
                        for mark in question.marked])]
    if not question.unmarked:
        return rows
    if question.exactly:
        chosen = draft.count == question.most and not draft.marked
        rows.append(chips([choice_chip(t("ui.scanner.unmarked_one", count=question.most), selected=chosen,
                                       on_click=lambda _e: pick_count(question.most),
                                       identifier=ids.scanner_count(question.most))]))
        return rows
    high = min(question.unmarked, max(0, question.most - len(draft.marked)))
    key = "ui.scanner.how_many_drawn" if drawn else (
        "ui.scanner.how_many_unmarked" if question.marked else "ui.scanner.how_many")
    rows += [label(t(key, count=question.most)),
             ids.tag(ids.SCANNER_COUNT, number_row(draft.count, on_pick=pick_count, identifier=ids.scanner_count,
                                                   high=high))]
    return rows


def _confirmation(ctx: UiContext, command: ScanContamination, member: CrewView) -> str:
    """The confirmation's text: private and final, and what an INFECTED card would do, from
    the player's own board (never from the cards' words)."""
    kills = scan_kills_if_infected(command, has_larva=member.body.larva, rules=ctx.session.rules)
    return "scan_may_kill" if kills else "scan"


def _form(ctx: UiContext, member: CrewView, contamination: SeatContaminationView) -> ft.Control:
    t = ctx.texts.t
    gate = ctx.gate()
    draft = draft_of(ctx, member.seat)

    def pick_procedure(procedure: ScanProcedure) -> None:
        draft.procedure = procedure
        draft.marked, draft.count = (), None
        ctx.rerender()

    rows: list[ft.Control] = [
        ft.Text(t("ui.scanner.held", held=contamination.held), size=17, weight=ft.FontWeight.BOLD),
        label(t("ui.scanner.procedure")),
        chips([choice_chip(t(f"ui.scanner.procedure_name.{procedure.value}"), selected=draft.procedure is procedure,
                           on_click=lambda _e, procedure=procedure: pick_procedure(procedure),
                           identifier=ids.scanner_procedure(procedure.value)) for procedure in PROCEDURES]),
        theme.muted(_procedure_help(ctx, draft.procedure, member), size=14),
    ]
    if draft.procedure is ScanProcedure.CARD:
        rows += _card_options(ctx, draft)
    question = question_for(ctx, draft, member, contamination)
    if question is not None:
        rows += _which_cards(ctx, draft, question)
    command = draft.command(question)
    rows.append(command_button(gate, command, label=t("ui.scanner.scan"), icon=ft.Icons.DOCUMENT_SCANNER,
                               identifier=ids.SCANNER_SCAN, tone="primary",
                               confirm_key=_confirmation(ctx, command, member)))
    return ids.tag(ids.SCANNER, theme.card(ft.Column(rows, spacing=10), title=t("ui.scanner.title"),
                                           help=help_button(ctx, "scanner")))


# --------------------------------------------------------------------- results under the film
def _card_title(ctx: UiContext, card: ScannedCardView, index: int) -> str:
    if card.label:
        return ctx.texts.t("ui.scanner.card_label", label=card.label)
    return ctx.texts.t("ui.scanner.card_title", number=index + 1)


def _card_note(ctx: UiContext, card: ScannedCardView) -> ft.Control | None:
    """What the player does with the stand-in: mark it with its new label, or give it back."""
    t = ctx.texts.t
    if card.removed:
        key = "ui.scanner.mark.removed_marked" if not card.newly_labelled else "ui.scanner.mark.removed_unmarked"
    elif card.newly_labelled:
        key = "ui.scanner.mark.new"
    else:
        return None
    return theme.muted(t(key, label=card.label), size=14)


def _film_cards(ctx: UiContext, state: FilmState, cards: tuple[ScannedCardView, ...], seed: int) -> list[ft.Control]:
    controls: list[ft.Control] = []
    for index, card in enumerate(cards):
        controls.append(film_card(ctx, state, index, card.word, seed=seed + index, title=_card_title(ctx, card, index)))
        note = _card_note(ctx, card)
        if note is not None:
            controls.append(note)
    return controls


def _cover_button(ctx: UiContext, state: FilmState) -> ft.Control:
    def cover(_e) -> None:
        state.cover()
        ctx.rerender()

    return ids.tag(ids.SCANNER_COVER, ft.TextButton(content=ctx.texts.t("ui.private.hide"),
                                                    icon=ft.Icons.VISIBILITY_OFF, on_click=cover))


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


def _outcome_box(lines: list[str], *, opened: bool, danger: bool) -> ft.Container:
    """What followed, shown once every card was read."""
    return concealed(ft.Column([ft.Text(line, size=15) for line in lines], spacing=4, tight=True), opened=opened,
                     bgcolor=theme.DANGER_BG if danger else theme.SURFACE_HIGH)


def _results(ctx: UiContext, seat: int, scan: ScanView) -> ft.Control:
    t = ctx.texts.t
    state = film_state(ctx, (seat, "scan", scan.seq))
    outcome = _outcome_box(_scan_outcome(ctx, scan), opened=len(state.read) >= len(scan.cards),
                           danger=scan.died or scan.larva_placed)
    rows: list[ft.Control] = [theme.muted(t("ui.scanner.drag_help"), size=14)] if scan.cards else []
    rows += _film_cards(ctx, state, scan.cards, scan.seq * 31)
    rows.append(ids.tag(ids.SCANNER_OUTCOME, outcome))
    if state.read:
        rows.append(_cover_button(ctx, state))
    title = t("ui.scanner.results_title", procedure=t(f"ui.scanner.procedure_name.{scan.procedure.value}"))
    return ids.tag(ids.SCANNER_RESULTS, theme.card(ft.Column(rows, spacing=10), title=title))


# --------------------------------------------------------------------- the Victory Check
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


def _check_results(ctx: UiContext, member: CrewView, check: CheckView) -> ft.Control:
    """The Victory Check's Contamination step as the player saw it: their cards under the
    film (none with a Larva), then the draw and its verdict."""
    t = ctx.texts.t
    state = film_state(ctx, (member.seat, "check", check.seq))
    outcome = _outcome_box(_check_outcome(ctx, check), opened=len(state.read) >= len(check.cards),
                           danger=check.died)
    rows: list[ft.Control] = [theme.muted(t("ui.scanner.drag_help"), size=14)] if check.cards else []
    rows += _film_cards(ctx, state, check.cards, check.seq * 31)
    rows.append(ids.tag(ids.SCANNER_OUTCOME, outcome))
    if state.read:
        rows.append(_cover_button(ctx, state))
    return ids.tag(ids.SCANNER_CHECK, theme.card(ft.Column(rows, spacing=10), title=t("ui.scanner.check.title")))


# --------------------------------------------------------------------- all of it
def build_scanner_parts(ctx: UiContext, view: GameView) -> list[ft.Control]:
    """The Scanner of the seat whose view `view` is (its private part): nothing for
    another viewer. The latest scan's results come first, where the player looks once the
    scan is confirmed; the form follows."""
    if view.private is None:
        return []
    member = view.public.member(view.private.seat)
    parts: list[ft.Control] = [board_card(ctx, member)]
    contamination = view.private.contamination
    if contamination is None:
        return parts
    if contamination.check is not None:
        # The Victory Check ran this player's check (victory.py): what it showed them.
        return parts + [_check_results(ctx, member, contamination.check)]
    if view.public.is_over:
        return parts  # a scan made during play is no part of the Victory Check
    if contamination.scan is not None:
        parts.append(_results(ctx, member.seat, contamination.scan))
    marked = marked_cards(ctx, contamination)
    if marked is not None:
        parts.append(marked)
    if member.is_in_facility:
        prompt = _event_prompt(ctx, view, member)
        if prompt is not None:
            parts.append(prompt)
        parts.append(_form(ctx, member, contamination))
    return parts


def _event_prompt(ctx: UiContext, view: GameView, member: CrewView) -> ft.Control | None:
    """Leaving the Shell waits for this player's scan: say so, and choose that scan once."""
    phase = view.public.event_phase
    if (phase is None or EventEffect.LEAVING_THE_SHELL not in phase.pending_effects
            or member.seat in phase.shell_scans):
        return None
    draft = draft_of(ctx, member.seat)
    if not draft.prompted_by_event:
        draft.prompted_by_event = True
        draft.procedure, draft.marked, draft.count = ScanProcedure.LEAVING_THE_SHELL, (), None
    return ids.tag(ids.SCANNER_EVENT_PROMPT, theme.card(
        ft.Text(ctx.texts.t("ui.scanner.event_prompt"), size=16, weight=ft.FontWeight.BOLD, color=theme.YELLOW)))
