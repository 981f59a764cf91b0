"""A player's Scanner: their Character board, the scan procedures, the latest results
under the red film, and the Victory Check's Contamination step.

Built from one seat's view (its private part holds the results): the seat's phone, or the
shared device while that player holds it (handover.py).
"""
from __future__ import annotations

from dataclasses import dataclass

import flet as ft

from companion.engine.commands import ScanContamination
from companion.engine.contamination import count_question
from companion.engine.contamination_model import ScanProcedure, ScanScope
from companion.engine.contamination_views import CheckView, ScannedCardView, ScanView
from companion.engine.views import CrewView, GameView

from .. import ids, theme
from ..context import UiContext
from ..kit.chips import chips, choice_chip, label, number_row
from ..kit.gate import command_button
from ..rules_screen import help_button
from .board import status_pills
from .film import FilmState, concealed, film_card, film_state

# The order a player meets the procedures in.
PROCEDURES = (ScanProcedure.HAND, ScanProcedure.CARD, ScanProcedure.DECONTAMINATION, ScanProcedure.SURGERY,
              ScanProcedure.LEAVING_THE_SHELL, ScanProcedure.ALL)


@dataclass
class ScannerDraft:
    """The Scanner form's answers so far, for one seat; kept across re-renders."""

    seat: int
    procedure: ScanProcedure = ScanProcedure.HAND
    count: int | None = None
    scope: ScanScope = ScanScope.HAND
    remove_infected: bool = False
    remove_larva: bool = False
    remove_slime: bool = False

    def command(self, *, has_larva: bool, held: int, ctx: UiContext) -> ScanContamination:
        """The scan the form describes (the engine's check says whether it can be made)."""
        card = self.procedure is ScanProcedure.CARD
        fields = dict(seat=self.seat, procedure=self.procedure, scope=self.scope if card else ScanScope.HAND,
                      remove_infected=card and self.remove_infected, remove_larva=card and self.remove_larva,
                      remove_slime=card and self.remove_slime)
        asked = count_question(ScanContamination(**fields), has_larva=has_larva, held=held,
                               rules=ctx.controller.rules)
        return ScanContamination(**fields, in_hand=self.count if asked is not None else None)


def draft_of(ctx: UiContext, seat: int) -> ScannerDraft:
    draft = ctx.extras.get("scanner_draft")
    if not isinstance(draft, ScannerDraft) or draft.seat != seat:
        draft = ctx.extras["scanner_draft"] = ScannerDraft(seat=seat)
    return draft


def _changed(ctx: UiContext):
    return lambda *_args: ctx.rerender()


# --------------------------------------------------------------------- the board
def board_card(ctx: UiContext, member: CrewView) -> ft.Control:
    t = ctx.texts.t
    return ids.tag(ids.SEAT_BOARD, theme.card(ft.Row(status_pills(ctx.texts, member), wrap=True, spacing=6,
                                                      run_spacing=6), title=t("ui.body.own_title"),
                                              help=help_button(ctx, "wounds")))


# --------------------------------------------------------------------- the form
def _procedure_help(ctx: UiContext, procedure: ScanProcedure, member: CrewView) -> str:
    t = ctx.texts.t
    if procedure is ScanProcedure.LEAVING_THE_SHELL:
        return t("ui.scanner.help.leaving_the_shell_larva" if member.body.larva
                 else "ui.scanner.help.leaving_the_shell")
    if procedure is ScanProcedure.DECONTAMINATION and not ctx.controller.rules.contamination.decontamination_removes_larva:
        return t("ui.scanner.help.decontamination_keeps_larva")  # the help says what the engine does
    return t(f"ui.scanner.help.{procedure.value}")


def _card_options(ctx: UiContext, draft: ScannerDraft) -> list[ft.Control]:
    t = ctx.texts.t

    def pick_scope(scope: ScanScope) -> None:
        draft.scope = scope
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


def _form(ctx: UiContext, view: GameView, member: CrewView, held: int) -> ft.Control:
    t = ctx.texts.t
    gate = ctx.gate()
    draft = draft_of(ctx, member.seat)

    def pick_procedure(procedure: ScanProcedure) -> None:
        draft.procedure = procedure
        draft.count = None
        ctx.rerender()

    def pick_count(count: int) -> None:
        draft.count = count
        ctx.rerender()

    rows: list[ft.Control] = [
        ft.Text(t("ui.scanner.held", held=held), size=17, weight=ft.FontWeight.BOLD),
        label(t("ui.scanner.procedure")),
        chips([choice_chip(t(f"ui.scanner.procedure_name.{procedure.value}"), selected=draft.procedure is procedure,
                           on_click=lambda _e, procedure=procedure: pick_procedure(procedure),
                           identifier=ids.scanner_procedure(procedure.value)) for procedure in PROCEDURES]),
        theme.muted(_procedure_help(ctx, draft.procedure, member), size=14),
    ]
    if draft.procedure is ScanProcedure.CARD:
        rows += _card_options(ctx, draft)
    command = draft.command(has_larva=member.body.larva, held=held, ctx=ctx)
    limit = count_question(command, has_larva=member.body.larva, held=held, rules=ctx.controller.rules)
    if limit is not None:
        question = ("ui.scanner.how_many_drawn" if draft.procedure is ScanProcedure.LEAVING_THE_SHELL
                    else "ui.scanner.how_many")
        rows += [label(t(question)),
                 ids.tag(ids.SCANNER_COUNT, number_row(draft.count, on_pick=pick_count, identifier=ids.scanner_count,
                                                       high=limit))]
    rows.append(command_button(gate, command, label=t("ui.scanner.scan"), icon=ft.Icons.DOCUMENT_SCANNER,
                               identifier=ids.SCANNER_SCAN, tone="primary", confirm_key="scan"))
    return ids.tag(ids.SCANNER, theme.card(ft.Column(rows, spacing=10), title=t("ui.scanner.title"),
                                           help=help_button(ctx, "scanner")))


# --------------------------------------------------------------------- results under the film
def _film_cards(ctx: UiContext, state: FilmState, cards: tuple[ScannedCardView, ...], seed: int) -> list[ft.Control]:
    return [film_card(ctx, state, index, card.word, seed=seed + index) for index, card in enumerate(cards)]


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
    title = t("ui.scanner.results_title", procedure=t(f"ui.scanner.procedure_name.{scan.procedure.value}"))
    return ids.tag(ids.SCANNER_RESULTS, theme.card(ft.Column(rows, spacing=10), title=title))


# --------------------------------------------------------------------- the Victory Check
def _check_outcome(ctx: UiContext, check: CheckView) -> list[str]:
    t = ctx.texts.t
    lines = [t("ui.scanner.check.larva_skips")] if check.larva else []
    if not check.infected:
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
    return ids.tag(ids.SCANNER_CHECK, theme.card(ft.Column(rows, spacing=10), title=t("ui.scanner.check.title")))


# --------------------------------------------------------------------- all of it
def build_scanner_parts(ctx: UiContext, view: GameView) -> list[ft.Control]:
    """The Scanner of the seat whose view `view` is (its private part): nothing for
    another viewer."""
    if view.private is None:
        return []
    member = view.public.member(view.private.seat)
    parts: list[ft.Control] = [board_card(ctx, member)]
    contamination = view.private.contamination
    if contamination is None:
        return parts
    held = contamination.held
    if contamination.check is not None:
        # The Victory Check ran this player's check (victory.py): what it showed them.
        return parts + [_check_results(ctx, member, contamination.check)]
    if member.is_in_facility and not view.public.is_over:
        parts.append(_form(ctx, view, member, held))
    if contamination.scan is not None:
        parts.append(_results(ctx, member.seat, contamination.scan))
    return parts
