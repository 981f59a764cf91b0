"""The Event Phase runner: steps 4 to 11 in order.

A stepper shows where the phase stands; the current step has its instruction, its
inputs and one `event-continue` button that is enabled exactly when the engine accepts
the step's command now. A question the board already answers is not asked, and a step
with nothing to enter goes on in the same tap as the step before (flow.py): each of
those commands is sent on its own, so undo takes them back one at a time. Attacks and
injury checks are resolved inside steps 7 and 8. All of it is read from the page's
view, so a restarted app shows the same step.
"""
from __future__ import annotations

from typing import Callable

import flet as ft

from companion.engine.commands import ContinueEventPhase, GameCommand, StartEventPhase
from companion.engine.decks import event_card
from companion.engine.phase_state import EventStep
from companion.engine.views import EventPhaseView, PublicView

from .. import ids, theme
from ..context import UiContext
from ..i18n_view import Texts
from ..kit.gate import CommandGate, command_button, styled_button
from ..rules_screen import help_button
from ..help_topics import STEP_TOPICS
from companion.rules_ref import event_card_topic
from .bag_step import build_development_step
from .draft import DECKS, RUNNER, TABLE, open_screen
from .fight_steps import asks_the_nest, attacks_step, fire_step, phase_start_seq
from .flow import answers_first, go_on
from .steps import css_step, event_card_step, noise_step, round_end_ahead, round_end_step, time_step
from .widgets import note, page, screen_header

STEP_ICONS = {
    EventStep.CSS_LAUNCH: ft.Icons.ROCKET_LAUNCH,
    EventStep.TIME: ft.Icons.HOURGLASS_BOTTOM,
    EventStep.NOISE: ft.Icons.HEARING,
    EventStep.ATTACKS: ft.Icons.PEST_CONTROL,
    EventStep.FIRE: ft.Icons.LOCAL_FIRE_DEPARTMENT,
    EventStep.EVENT_CARD: ft.Icons.STYLE,
    EventStep.DEVELOPMENT: ft.Icons.AUTORENEW,
    EventStep.ROUND_END: ft.Icons.FLAG,
}
PHASE_LOG_MAX = 40


def step_name(ctx: UiContext, step: EventStep) -> str:
    return ctx.texts.t(step.key)


def status_line(texts: Texts, game: PublicView) -> ft.Control:
    """What the steps change on the track, in words: the Time token's slot and side."""
    t = texts.t
    return ft.Row([
        theme.pill(t("ui.track.time", slot=game.time), bgcolor=theme.SURFACE_HIGH, size=14),
        theme.pill(t("ui.track.backup_on") if game.time_active else t("ui.track.backup_off"),
                   bgcolor=theme.BLUE_DARK if game.time_active else theme.RED_DARK, size=14),
    ], wrap=True, spacing=6, run_spacing=6)


# --------------------------------------------------------------------- stepper
def _stepper(ctx: UiContext, phase: EventPhaseView) -> ft.Control:
    t = ctx.texts.t
    items: list[ft.Control] = []
    for step in EventStep:
        current = step is phase.step
        done = step < phase.step
        colour = theme.YELLOW if current else (theme.GREEN if done else theme.OUTLINE)
        bg = "#4a3c00" if current else (theme.SURFACE_HIGH if done else theme.SURFACE)
        number = ft.Text(str(int(step)), size=18 if ctx.is_phone else 15, weight=ft.FontWeight.BOLD,
                         color=theme.TEXT if (current or done) else theme.TEXT_MUTED)
        if ctx.is_phone:
            chip = ft.Container(content=number, width=38, height=38, border_radius=19, bgcolor=bg,
                                border=ft.Border.all(3 if current else 1, colour), alignment=ft.Alignment.CENTER)
        else:
            icon = ft.Icons.CHECK if done else STEP_ICONS[step]
            content = ft.Row([ft.Icon(icon, size=16, color=colour if not current else theme.YELLOW), number,
                              ft.Text(step_name(ctx, step), size=13,
                                      weight=ft.FontWeight.BOLD if current else ft.FontWeight.NORMAL,
                                      color=theme.TEXT if (current or done) else theme.TEXT_MUTED)],
                             spacing=5, tight=True)
            chip = ft.Container(content=content, bgcolor=bg, border=ft.Border.all(3 if current else 1, colour),
                                border_radius=18, padding=ft.Padding.symmetric(horizontal=10, vertical=6))
        items.append(ft.Semantics(identifier=ids.event_step(int(step)), selected=current,
                                  label=t("ui.events.step_label", step=int(step), name=step_name(ctx, step)),
                                  content=chip))
    row = ft.Row(items, wrap=not ctx.is_phone, spacing=4 if ctx.is_phone else 6, run_spacing=6,
                 alignment=ft.MainAxisAlignment.SPACE_BETWEEN if ctx.is_phone else ft.MainAxisAlignment.START)
    return ids.tag(ids.EVENT_STEPPER, row)


# --------------------------------------------------------------------- the way on
def _continue_label(ctx: UiContext, phase: EventPhaseView) -> str:
    t = ctx.texts.t
    step = phase.step
    if step is EventStep.EVENT_CARD and phase.event_card is not None:
        spec = event_card(ctx.session.rules, phase.event_card)
        return t("ui.events.continue.remove_card" if spec.removed_after_use else "ui.events.continue.discard_card")
    if step is EventStep.TIME:
        return t("ui.events.continue.time")
    if step in (EventStep.DEVELOPMENT, EventStep.ROUND_END):
        # Step 11 has nothing to enter: the tap that leaves step 10 closes the round.
        return t("ui.events.continue.finish")
    return t("ui.events.continue.next", name=step_name(ctx, EventStep(step + 1)))


def _sender(ctx: UiContext) -> Callable[[list[GameCommand]], None]:
    """Send commands, then what the steps reached only need tapped through; back to the
    table once the phase is over."""
    return lambda commands: go_on(ctx, commands, on_closed=lambda: ctx.navigate(TABLE))


def _continue(ctx: UiContext, gate: CommandGate, phase: EventPhaseView) -> list[ft.Control]:
    """The step's way on: the board's answers first (each its own command, undone one by
    one), then `continue_event_phase` and the follow-ups. Enabled exactly when the engine
    accepts the first of them now."""
    first = answers_first(phase)
    command = ContinueEventPhase(at=phase.step)
    gating = first[0] if first else command
    refusal = gate.refusal(gating)
    title = _continue_label(ctx, phase)
    send = _sender(ctx)

    def tapped(_e) -> None:
        if not first and ctx.session.game_ending(command) is not None:
            gate.run(command, title=title)  # asks first; nothing follows the end of the game
            return
        send([*first, command])

    rows: list[ft.Control] = [ft.Divider(height=1, color=theme.OUTLINE)]
    if refusal is not None:
        rows.append(ids.tag(ids.EVENT_BLOCKED, theme.muted(ctx.texts.error(refusal), size=14)))
    button = command_button(gate, gating, label=title, icon=ft.Icons.ARROW_FORWARD,
                            identifier=ids.EVENT_CONTINUE, tone="primary", on_click=tapped)
    # Each step's button is its own control: a second tap that arrives once the page shows
    # the next step is not taken for that step's (it is told it came late).
    button.key = f"event-continue-{int(phase.step)}"
    rows.append(button)
    return rows


def _development_step(ctx: UiContext, gate: CommandGate, phase: EventPhaseView) -> list[ft.Control]:
    rows = build_development_step(ctx, gate)
    if phase.developed and ctx.game.bag.awaiting is None:
        rows.append(round_end_ahead(ctx))
    return rows


def _step_panel(ctx: UiContext, gate: CommandGate, phase: EventPhaseView) -> ft.Control:
    t = ctx.texts.t
    step = phase.step
    rows: list[ft.Control] = [note(t(f"ui.events.help.{step.name.lower()}"), icon=STEP_ICONS[step], colour=theme.BLUE)]
    if step is EventStep.CSS_LAUNCH:
        rows += css_step(ctx, gate)
    elif step is EventStep.TIME:
        rows += time_step(ctx)
    elif step is EventStep.NOISE:
        rows += noise_step(ctx, phase)
    elif step is EventStep.ATTACKS:
        rows += attacks_step(ctx, gate, phase)
    elif step is EventStep.FIRE:
        rows += fire_step(ctx, gate, phase, _sender(ctx))
    elif step is EventStep.EVENT_CARD:
        rows += event_card_step(ctx, gate, phase)
    elif step is EventStep.DEVELOPMENT:
        rows += _development_step(ctx, gate, phase)
    else:
        rows += round_end_step(ctx)
    if not (step is EventStep.FIRE and asks_the_nest(phase)):
        rows += _continue(ctx, gate, phase)
    title = t("ui.events.step_title", step=int(step), name=step_name(ctx, step))
    topic = event_card_topic(phase.event_card) if step is EventStep.EVENT_CARD and phase.event_card else STEP_TOPICS[int(step)]
    return ids.tag(ids.EVENT_STEP_PANEL, theme.card(ft.Column(rows, spacing=10), title=title,
                                                    help=help_button(ctx, topic)))


# --------------------------------------------------------------------- no phase running
def _no_phase(ctx: UiContext, gate: CommandGate) -> ft.Control:
    t = ctx.texts.t
    game = ctx.game
    if game.is_over:
        body: list[ft.Control] = [note(t("ui.events.over"), colour=theme.RED, icon=ft.Icons.FLAG)]
    else:
        body = [note(t("ui.events.no_phase", round=game.shown_round), icon=ft.Icons.INFO_OUTLINE),
                command_button(gate, StartEventPhase(), label=t("ui.events.panel.start"), icon=ft.Icons.PLAY_ARROW,
                               identifier=ids.EVENT_START, tone="primary")]
    return ids.tag(ids.EVENT_NO_PHASE, theme.card(ft.Column(body, spacing=10), title=t("ui.events.title")))


def _phase_log(ctx: UiContext) -> ft.Control:
    texts = ctx.texts
    entries = ctx.session.history(since=phase_start_seq(ctx.game), limit=PHASE_LOG_MAX)
    lines: list[ft.Control] = [
        ft.Container(
            content=ft.Text(texts.entry(e), size=14, weight=ft.FontWeight.BOLD if e.announce else None,
                            color=theme.YELLOW if e.announce else theme.TEXT),
            padding=ft.Padding.symmetric(vertical=4),
            border=ft.Border.only(bottom=ft.BorderSide(1, theme.OUTLINE)),
        )
        for e in entries
    ]
    body: ft.Control
    if not lines:
        body = theme.muted(texts.t("ui.events.log_empty"))
    elif ctx.is_phone:
        body = ft.Column(lines, spacing=0, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
    else:
        # Beside the steps, a list of its own that scrolls, as the table's log does.
        body = ft.ListView(lines, spacing=0, height=max(260.0, (ctx.page.height or 800) - 300))
    return ids.tag(ids.EVENT_PHASE_LOG, theme.card(body, title=texts.t("ui.events.log_title")))


def _tools(ctx: UiContext) -> ft.Control:
    t = ctx.texts.t
    button = ids.tag(ids.DECKS, styled_button(t("ui.events.panel.decks"), icon=ft.Icons.LAYERS, compact=True,
                                               on_click=lambda _e: open_screen(ctx, DECKS, back_to=RUNNER)))
    return ft.Row([button], wrap=True)


def build_runner_screen(ctx: UiContext) -> ft.Control:
    t = ctx.texts.t
    game = ctx.game
    gate = ctx.gate()
    phase = game.event_phase
    # One round number on every step: the round whose Event Phase this is (step 11 names
    # the next one only as the next round).
    title = t("ui.events.title_round", round=phase.round) if phase is not None else t("ui.events.title")
    # On a phone the stepper says it already: the room goes to the step.
    subtitle = None if ctx.is_phone else t("ui.events.subtitle")
    head = [screen_header(ctx, title, subtitle, back_key="ui.events.back",
                          on_back=lambda: ctx.navigate(TABLE)),
            ids.tag(ids.EVENT_STATUS, status_line(ctx.texts, game))]
    if phase is None:
        return page(ctx, head, [_no_phase(ctx, gate)], [_tools(ctx), _phase_log(ctx)])
    main = [_stepper(ctx, phase), _step_panel(ctx, gate, phase)]
    return page(ctx, head, main, [_tools(ctx), _phase_log(ctx)])
