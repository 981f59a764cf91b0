"""The Victory Check on the table: a stepper (0 to 4), the current step, and a way back
(undo, which stops at a reveal). Everything is read from the table's view, so a
restarted app shows the same step; a player's private steps go to their phone, or to
the shared device handed to them."""
from __future__ import annotations

from datetime import datetime, timezone

import flet as ft

from companion.engine.commands import (
    ConfirmRoster,
    CorrectEndReason,
    CorrectRoster,
    EnterActiveContingency,
    RevealActiveContingency,
    RevealContamination,
    RevealObjectives,
    StartContaminationChecks,
    StartVictoryCheck,
)
from companion.engine.victory_model import VictoryStep
from companion.engine.victory_views import VictoryView
from companion.engine.vocab import EndReason, Mode, Pod, Whereabouts
from companion.hosting.qr import qr_png

from .. import ids, theme
from ..context import UiContext
from ..kit.chips import chips, choice_chip, label
from ..kit.gate import command_button, styled_button
from ..routes import TABLE, VICTORY
from ..kit.handoff import VICTORY as HANDED_FOR_VICTORY
from ..kit.handoff import hand_to, handoff_body, may_hand_to
from .names import place_text, token_card
from .private import build_private_victory
from .summary import game_length, summary_text, verdict_lines

TABLE_SCREEN = TABLE
VICTORY_SCREEN = VICTORY
STEP_ICONS = {
    VictoryStep.ROSTER: ft.Icons.GROUPS,
    VictoryStep.CONTINGENCY: ft.Icons.GPP_MAYBE,
    VictoryStep.CONTAMINATION: ft.Icons.BIOTECH,
    VictoryStep.OBJECTIVES: ft.Icons.FLAG,
    VictoryStep.RESULT: ft.Icons.EMOJI_EVENTS,
}
# The places a Character can have been in at the end, as the table may correct them.
PLACES = [(Whereabouts.FACILITY, None), (Whereabouts.ISOLATION, None), (Whereabouts.BUNKER, None),
          (Whereabouts.POD, Pod.A), (Whereabouts.POD, Pod.B), (Whereabouts.POD, Pod.C), (Whereabouts.DEAD, None)]
FIXING = "victory_fixing"
REASON = "victory_reason"


def build_victory_entry(ctx: UiContext) -> ft.Control:
    """The end panel's way in: starts the walkthrough if needed, then opens it."""
    t = ctx.texts.t
    victory = ctx.game.victory
    if victory is None and ctx.game.everyone_lost:
        # Nobody is alive: there is nothing to check (p.12), so no button leads there.
        return ids.tag(ids.VICTORY_EVERYONE_LOST, ft.Text(t("ui.victory.everyone_lost"), size=17,
                                                          weight=ft.FontWeight.BOLD, color=theme.RED))
    if victory is None:
        def start(_e) -> None:
            if ctx.gate().execute(StartVictoryCheck()):
                ctx.navigate(VICTORY_SCREEN)

        return command_button(ctx.gate(), StartVictoryCheck(), label=t("ui.victory.start"), icon=ft.Icons.EMOJI_EVENTS,
                              tone="primary", identifier=ids.VICTORY_ENTRY, on_click=start)
    return ids.tag(ids.VICTORY_ENTRY, styled_button(t("ui.victory.resume", step=int(victory.step)),
                                                    icon=ft.Icons.EMOJI_EVENTS, tone="warning",
                                                    on_click=lambda _e: ctx.navigate(VICTORY_SCREEN)))


def build_victory_screen(ctx: UiContext) -> ft.Control:
    t = ctx.texts.t
    game = ctx.game
    victory = game.victory
    head: list[ft.Control] = [ft.Row([
        ids.tag(ids.VICTORY_TO_TABLE, ft.TextButton(content=t("ui.victory.to_table"), icon=ft.Icons.ARROW_BACK,
                                                    on_click=lambda _e: ctx.navigate(TABLE_SCREEN))),
        ft.Text(t("ui.victory.title"), size=22 if ctx.is_phone else 24, weight=ft.FontWeight.BOLD, expand=True),
    ])]
    if victory is None:
        body = [_start(ctx)]
    else:
        head.append(_stepper(ctx, victory))
        private = handoff_body(ctx, HANDED_FOR_VICTORY, lambda held: build_private_victory(held, held.view))
        body = private if private is not None else _step(ctx, victory)
        body.append(_step_back(ctx))
    return ids.tag(ids.VICTORY_SCREEN, ft.Column(
        [*head, *body], spacing=theme.GAP, horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
        width=min(ctx.width - 2 * theme.PAGE_PADDING, theme.FORM_MAX_WIDTH)))


# --------------------------------------------------------------------- frame
def _stepper(ctx: UiContext, victory: VictoryView) -> ft.Control:
    t = ctx.texts.t
    items = []
    for step in VictoryStep:
        current, done = step is victory.step, step < victory.step
        colour = theme.YELLOW if current else (theme.GREEN if done else theme.OUTLINE)
        name = t(f"ui.victory.step.{step.name.lower()}")
        content = ft.Row([ft.Icon(ft.Icons.CHECK if done else STEP_ICONS[step], size=16, color=colour),
                          ft.Text(f"{int(step)}" if ctx.is_phone else f"{int(step)} · {name}", size=13,
                                  weight=ft.FontWeight.BOLD if current else ft.FontWeight.NORMAL)],
                         spacing=4, tight=True)
        items.append(ft.Semantics(identifier=ids.victory_step(int(step)), selected=current,
                                  label=t("ui.victory.step_label", step=int(step), name=name),
                                  content=ft.Container(
                                      content=content, border=ft.Border.all(3 if current else 1, colour),
                                      border_radius=16, bgcolor=theme.SURFACE_HIGH if done else theme.SURFACE,
                                      padding=ft.Padding.symmetric(horizontal=10, vertical=6))))
    return ids.tag(ids.VICTORY_STEPPER, ft.Row(items, wrap=True, spacing=6, run_spacing=6))


def _step_back(ctx: UiContext) -> ft.Control:
    """Undo, as a step back; it stops at a reveal (the Active token, a draw)."""
    t = ctx.texts.t
    undo = ctx.feed.undo if ctx.feed is not None else None
    can = undo is not None and undo.can_undo
    button = styled_button(t("ui.victory.step_back"), icon=ft.Icons.UNDO, disabled=not can, compact=True,
                           on_click=lambda _e: ctx.attempt(lambda: ctx.session.undo()))
    parts: list[ft.Control] = [ids.tag(ids.VICTORY_STEP_BACK, button)]
    if not can:
        parts.append(theme.muted(t("ui.victory.no_step_back"), size=13))
    return ft.Row(parts, wrap=True, spacing=8)


def _start(ctx: UiContext) -> ft.Control:
    """Started by hand: the tracker has not ended the game, the table says why it ended."""
    t = ctx.texts.t
    game = ctx.game
    if game.is_over:
        return theme.card(build_victory_entry(ctx))
    chosen = ctx.extras.get(REASON)

    def pick(reason: EndReason) -> None:
        ctx.extras[REASON] = reason
        ctx.rerender()

    rows: list[ft.Control] = [ft.Text(t("ui.victory.by_hand"), size=15), label(t("ui.victory.reason")), chips([
        choice_chip(t(f"end_reason.{reason.value}"), selected=reason is chosen, on_click=lambda _e, r=reason: pick(r),
                    identifier=ids.victory_reason(reason.value))
        for reason in EndReason
    ])]
    if chosen is not None:
        rows.append(command_button(ctx.gate(), StartVictoryCheck(reason=chosen), label=t("ui.victory.start"),
                                   icon=ft.Icons.EMOJI_EVENTS, tone="danger", identifier=ids.VICTORY_START,
                                   confirm_key="victory_by_hand"))
    return theme.card(ft.Column(rows, spacing=10))


def _step(ctx: UiContext, victory: VictoryView) -> list[ft.Control]:
    return {
        VictoryStep.ROSTER: _roster,
        VictoryStep.CONTINGENCY: _contingency,
        VictoryStep.CONTAMINATION: _contamination,
        VictoryStep.OBJECTIVES: _objectives,
        VictoryStep.RESULT: _result,
    }[victory.step](ctx, victory)


def _who(ctx: UiContext, seat: int, *, expand: bool = True) -> ft.Control:
    member = ctx.game.member(seat)
    return ft.Column([ft.Text(member.name, size=16, weight=ft.FontWeight.BOLD),
                      theme.muted(ctx.texts.character(member.character), size=13)], spacing=0, tight=True,
                     expand=expand)


def _line(ctx: UiContext, seat: int, marks: list[ft.Control]) -> ft.Control:
    """A player and their marks: one row on a wide screen, the marks under the name on a
    phone (a wrapping row cannot hold the name's expanding column)."""
    if ctx.is_phone:
        return ft.Column([_who(ctx, seat, expand=False), ft.Row(marks, wrap=True, spacing=8, run_spacing=8)],
                         spacing=6, tight=True)
    return ft.Row([_who(ctx, seat), *marks], spacing=8, vertical_alignment=ft.CrossAxisAlignment.CENTER)


# --------------------------------------------------------------------- step 0
def _roster(ctx: UiContext, victory: VictoryView) -> list[ft.Control]:
    t = ctx.texts.t
    gate = ctx.gate()
    end = ctx.game.end
    reason_rows: list[ft.Control] = [theme.muted(t("ui.victory.roster.help"), size=14), label(t("ui.victory.reason")),
                                     chips([
        choice_chip(t(f"end_reason.{reason.value}"), selected=reason is victory.reason,
                    on_click=lambda _e, r=reason: gate.run(CorrectEndReason(reason=r)),
                    identifier=ids.victory_reason(reason.value))
        for reason in EndReason
    ])]
    if end is not None and end.destruction_cause is not None and victory.reason is EndReason.FACILITY_DESTROYED:
        reason_rows.append(theme.muted(t("ui.end.cause", cause=t(f"destruction_cause.{end.destruction_cause.value}"))))
    fixing = ctx.extras.get(FIXING)
    rows: list[ft.Control] = []
    for entry in victory.roster:
        alive = entry.survives_the_end
        line = _line(ctx, entry.seat, [
            theme.pill(place_text(ctx.texts, entry.whereabouts, entry.pod), bgcolor=theme.SURFACE_HIGH, size=13),
            theme.pill(t("ui.victory.roster.survives" if alive else "ui.victory.roster.dies"),
                       bgcolor=theme.GREEN if alive else theme.RED_DARK, size=13),
            ids.tag(ids.victory_fix(entry.seat), ft.IconButton(
                icon=ft.Icons.EDIT, tooltip=t("ui.victory.roster.fix"),
                on_click=lambda _e, s=entry.seat: _toggle_fixing(ctx, s))),
        ])
        parts: list[ft.Control] = [line]
        if entry.corrected:
            parts.append(theme.muted(t("ui.victory.roster.corrected"), size=12))
        if fixing == entry.seat:
            parts.append(chips([
                choice_chip(place_text(ctx.texts, where, pod), selected=(where, pod) == (entry.whereabouts, entry.pod),
                            on_click=lambda _e, s=entry.seat, w=where, p=pod: gate.run(
                                CorrectRoster(seat=s, whereabouts=w, pod=p)),
                            identifier=ids.victory_place(entry.seat,
                                                         f"{where.value}-{pod.value}" if pod else where.value))
                for where, pod in PLACES
            ]))
        rows.append(ids.tag(ids.victory_roster(entry.seat), ft.Column(parts, spacing=6)))
    confirm = command_button(gate, ConfirmRoster(), label=t("ui.victory.roster.confirm"), icon=ft.Icons.CHECK,
                             tone="primary", identifier=ids.VICTORY_CONFIRM_ROSTER)
    return [theme.card(ft.Column(reason_rows, spacing=8), title=t("ui.victory.step.roster")),
            theme.card(ft.Column(rows, spacing=12), title=t("ui.victory.roster.who")), confirm]


def _toggle_fixing(ctx: UiContext, seat: int) -> None:
    ctx.extras[FIXING] = None if ctx.extras.get(FIXING) == seat else seat
    ctx.rerender()


# --------------------------------------------------------------------- step 1
def _contingency(ctx: UiContext, victory: VictoryView) -> list[ft.Control]:
    t = ctx.texts.t
    gate = ctx.gate()
    rules = ctx.session.rules
    if victory.active is None:
        if not victory.physical_tokens:
            rows: list[ft.Control] = [
                ft.Text(t("ui.victory.contingency.reveal_help"), size=15),
                command_button(gate, RevealActiveContingency(), label=t("ui.victory.contingency.reveal"),
                               icon=ft.Icons.VISIBILITY, tone="primary", identifier=ids.VICTORY_REVEAL_ACTIVE,
                               confirm_key="victory_reveal_active"),
            ]
        else:
            effects: dict[str, str] = {}
            for token in rules.contingency:
                effects.setdefault(token.effect, token.id)
            rows = [ft.Text(t("ui.victory.contingency.enter_help"), size=15), chips([
                choice_chip(t(f"contingency.{effect}"), selected=False,
                            sublabel=t(f"contingency_colour.{rules.contingency_token(token_id).colour}"),
                            on_click=lambda _e, token_id=token_id: gate.run(EnterActiveContingency(token=token_id)),
                            identifier=ids.victory_token(effect))
                for effect, token_id in effects.items()
            ])]
        return [theme.card(ft.Column(rows, spacing=10), title=t("ui.victory.step.contingency"))]
    rows = [ids.tag(ids.VICTORY_ACTIVE, token_card(ctx.texts, victory.active))]
    if victory.active.unconfirmed:
        rows.append(theme.muted(t("ui.victory.contingency.unconfirmed"), size=13))
    for entry in victory.roster:
        if not entry.survives_the_end:
            continue
        dies = entry.seat in victory.contingency_deaths
        rows.append(_line(ctx, entry.seat, [
            theme.pill(_fact(ctx, victory, entry), bgcolor=theme.SURFACE_HIGH, size=13),
            theme.pill(t("ui.victory.contingency.dies" if dies else "ui.victory.contingency.lives"),
                       bgcolor=theme.RED_DARK if dies else theme.GREEN, size=13),
        ]))
    if not any(entry.survives_the_end for entry in victory.roster):
        rows.append(theme.muted(t("ui.victory.nobody_left"), size=14))
    go = command_button(gate, StartContaminationChecks(), label=t("ui.victory.contingency.next"),
                        icon=ft.Icons.ARROW_FORWARD, tone="primary", identifier=ids.VICTORY_TO_CONTAMINATION)
    return [theme.card(ft.Column(rows, spacing=10), title=t("ui.victory.contingency.active")), go]


def _fact(ctx: UiContext, victory: VictoryView, entry) -> str:
    """What the Active token read of this Character: its Knowledge, its Signal, or where it is."""
    t = ctx.texts.t
    member = ctx.game.member(entry.seat)
    effect = victory.active.effect if victory.active is not None else ""
    if effect.startswith("knowledge_"):
        return t("ui.victory.contingency.knowledge", value=member.knowledge)
    if effect == "no_signal_dies":
        return t("ui.victory.contingency.signal_sent" if member.signal_sent else "ui.victory.contingency.no_signal")
    return place_text(ctx.texts, entry.whereabouts, entry.pod)


# --------------------------------------------------------------------- steps 2 and 3: each player's private part
def _private_rows(ctx: UiContext, victory: VictoryView, seats: list[int], done: set[int], purpose_key: str,
                  *, curtain: bool = True, certain: frozenset[int] = frozenset()) -> list[ft.Control]:
    t = ctx.texts.t
    rows: list[ft.Control] = []
    for seat in seats:
        finished = seat in done
        on_phone = not may_hand_to(ctx, seat)
        status = "ui.victory.contamination.certain" if seat in certain else \
            "ui.victory.done" if finished else "ui.victory.waiting"
        line: list[ft.Control] = [
            ids.tag(ids.victory_status(seat), theme.pill(t(status), bgcolor=theme.GREEN if finished else theme.SURFACE_HIGH,
                                                          size=13)),
        ]
        if seat in certain:
            rows.append(_line(ctx, seat, line))  # the app settled it: nothing to hand over
            continue
        if on_phone:
            # Their private steps are on their phone: this device is never handed to them.
            line.append(theme.pill(t("ui.victory.on_phone"), bgcolor=theme.BLUE_DARK, size=13))
        elif not finished:
            line.append(ids.tag(ids.victory_handoff(seat), styled_button(
                t(purpose_key, name=ctx.game.member(seat).name), icon=ft.Icons.SEND_TO_MOBILE, compact=True,
                tone="primary", on_click=lambda _e, s=seat: hand_to(ctx, s, HANDED_FOR_VICTORY, curtain=curtain))))
        rows.append(_line(ctx, seat, line))
    return rows


def _contamination(ctx: UiContext, victory: VictoryView) -> list[ft.Control]:
    t = ctx.texts.t
    seats = [status.seat for status in victory.contamination]
    done = {status.seat for status in victory.contamination if status.settled}
    certain = frozenset(status.seat for status in victory.contamination if status.certain)
    rows: list[ft.Control] = [theme.muted(t("ui.victory.contamination.help"), size=14)]
    rows += _private_rows(ctx, victory, seats, done, "ui.victory.contamination.hand", certain=certain)
    if not seats:
        rows.append(theme.muted(t("ui.victory.nobody_left"), size=14))
    go = command_button(ctx.gate(), RevealContamination(), label=t("ui.victory.contamination.reveal"),
                        icon=ft.Icons.ARROW_FORWARD, tone="primary", identifier=ids.VICTORY_REVEAL_CONTAMINATION)
    return [theme.card(ft.Column(rows, spacing=10), title=t("ui.victory.step.contamination")), go]


def _objectives(ctx: UiContext, victory: VictoryView) -> list[ft.Control]:
    t = ctx.texts.t
    game = ctx.game
    rows: list[ft.Control] = []
    deaths = [status for status in victory.contamination if status.dies]
    for status in deaths:
        rows.append(_line(ctx, status.seat, [theme.pill(t("death_cause.contamination"), bgcolor=theme.RED_DARK,
                                                        size=13)]))
    coop = game.mode is Mode.COOP
    rows.append(theme.muted(t("ui.victory.objectives.help_coop" if coop else "ui.victory.objectives.help"), size=14))
    done = {status.seat for status in victory.objectives if status.entered}
    rows += _private_rows(ctx, victory, list(victory.objective_seats), done, "ui.victory.objectives.hand",
                          curtain=not coop)
    if not victory.objective_seats:
        rows.append(theme.muted(t("ui.victory.nobody_left"), size=14))
    go = command_button(ctx.gate(), RevealObjectives(finished_at=datetime.now(timezone.utc).replace(microsecond=0)),
                        label=t("ui.victory.objectives.reveal"), icon=ft.Icons.EMOJI_EVENTS, tone="primary",
                        identifier=ids.VICTORY_REVEAL_OBJECTIVES)
    return [theme.card(ft.Column(rows, spacing=10), title=t("ui.victory.step.objectives")), go]


# --------------------------------------------------------------------- step 4
def _result(ctx: UiContext, victory: VictoryView) -> list[ft.Control]:
    t = ctx.texts.t
    game = ctx.game
    rows: list[ft.Control] = []
    if victory.team_wins is not None:
        rows.append(ft.Text(t("ui.victory.result.team_won" if victory.team_wins else "ui.victory.result.team_lost"),
                            size=18, weight=ft.FontWeight.BOLD, color=theme.GREEN if victory.team_wins else theme.RED))
    winners = [v for v in victory.verdicts if v.wins]
    if not winners and victory.team_wins is None:
        rows.append(ft.Text(t("ui.victory.result.nobody"), size=18, weight=ft.FontWeight.BOLD))
    for verdict in victory.verdicts:
        head, details = verdict_lines(ctx.texts, game, verdict.seat)
        rows.append(ids.tag(ids.victory_verdict(verdict.seat), ft.Container(
            content=ft.Column([
                ft.Row([ft.Icon(ft.Icons.EMOJI_EVENTS if verdict.wins else ft.Icons.CLOSE,
                                color=theme.YELLOW if verdict.wins else theme.TEXT_MUTED),
                        ft.Text(head, size=16, weight=ft.FontWeight.BOLD, expand=True)], spacing=8),
                ft.Text(details, size=14),
            ], spacing=4, tight=True),
            bgcolor=theme.SURFACE_HIGH, border=ft.Border.all(2, theme.YELLOW if verdict.wins else theme.OUTLINE),
            border_radius=theme.RADIUS, padding=10)))
    rows.append(theme.muted(game_length(ctx.texts, victory), size=14))
    text = summary_text(ctx.texts, game)
    size = min(320.0, ctx.width - 80)
    share = [
        label(t("ui.victory.summary.share")),
        ids.tag(ids.VICTORY_SUMMARY, ft.Text(text, size=13, selectable=True)),
        ids.tag(ids.VICTORY_QR, ft.Image(src=qr_png(text), width=size, height=size,
                                         filter_quality=ft.FilterQuality.NONE)),
        theme.muted(t("ui.victory.summary.qr_help"), size=13),
    ]
    return [ids.tag(ids.VICTORY_RESULT, theme.card(ft.Column(rows, spacing=10), title=t("ui.victory.step.result"))),
            theme.card(ft.Column(share, spacing=10, horizontal_alignment=ft.CrossAxisAlignment.CENTER))]
