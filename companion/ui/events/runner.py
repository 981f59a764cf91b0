"""The Event Phase runner: steps 4 to 11 in order, one tap each.

A stepper shows where the phase stands; the current step has its instruction, its
inputs and one `event-continue` button that is enabled exactly when the engine lets the
phase move on (a dry run; a tap on the disabled button says what is missing). All of it
is read from GameState.event_phase, so a restarted app shows the same step.
"""
from __future__ import annotations

import flet as ft

from companion.engine import CssFace
from companion.engine.bag_model import MINIATURE_KINDS
from companion.engine.commands import (
    ContinueEventPhase,
    DrawEventCard,
    EventCoolantLeak,
    EventCssLaunch,
    EventFireDamage,
    EventHatching,
    EventKickstopper,
    EventLurking,
    EventNoiseInCorridors,
    EventPowerSurge,
    StartEventPhase,
)
from companion.engine.decks import event_card
from companion.engine.event_phase import css_launch_pending
from companion.engine.phase_state import EventEffect, EventPhase, EventStep
from companion.engine.state import GameState

from .. import ids, theme
from ..context import UiContext
from ..table.commands import CommandGate, command_button, styled_button
from ..table.time_track import status_line
from .bag_step import build_development_step
from .draft import ATTACK, DECKS, INJURY, RUNNER, TABLE, draft_of, open_screen
from ..widgets import stepper
from .widgets import chips, event_card_view, label, note, page, screen_header

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
# Yes / no follow-ups of an Event card: the command for each answer.
QUESTIONS = {
    EventEffect.COOLANT_LEAK: lambda yes: EventCoolantLeak(cooling_malfunction=yes),
    # The question asks whether anyone was infested: "yes" means not nobody.
    EventEffect.HATCHING: lambda yes: EventHatching(nobody_infested=not yes),
    EventEffect.NOISE_IN_CORRIDORS: lambda yes: EventNoiseInCorridors(had_noise=yes),
}
ONE_TAP = {EventEffect.POWER_SURGE: EventPowerSurge, EventEffect.KICKSTOPPER: EventKickstopper}


def step_name(ctx: UiContext, step: EventStep) -> str:
    return ctx.texts.t(step.key)


def phase_start_seq(state: GameState) -> int:
    """The step that started the current (or last) phase; past the newest step when no
    phase has started yet."""
    start = state.latest.event_phase_start
    return start if start is not None else state.commands_applied


# --------------------------------------------------------------------- stepper
def _stepper(ctx: UiContext, phase: EventPhase) -> ft.Control:
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
            content: ft.Control = number
            chip = ft.Container(content=content, width=38, height=38, border_radius=19, bgcolor=bg,
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


# --------------------------------------------------------------------- the steps
def _css_step(ctx: UiContext, gate: CommandGate) -> list[ft.Control]:
    t = ctx.texts.t
    state = ctx.controller.state
    rules = ctx.controller.rules
    if not css_launch_pending(state, rules):
        return [note(t("ui.events.css.revealed", slot=state.time), colour=theme.GREEN, icon=ft.Icons.CHECK_CIRCLE)]
    waiting = [m for m in state.crew if m.is_waiting_in_pod]
    lines: list[ft.Control] = [ft.Text(t("ui.events.css.question", slot=state.time), size=17,
                                       weight=ft.FontWeight.BOLD)]
    if waiting:
        lines += [ft.Text(t("ui.events.css.waiting", pod=m.pod, name=m.name, character=m.character), size=15)
                  for m in waiting]
    else:
        lines.append(theme.muted(t("ui.events.css.nobody_waiting"), size=14))
    faces = [
        command_button(gate, EventCssLaunch(face=face), label=t(f"css_face.{face.value}"),
                       identifier=ids.css_face(face.value), tone="warning", confirm_key="css_launch")
        for face in CssFace
    ]
    return lines + [chips(faces)]


def _time_step(ctx: UiContext) -> list[ft.Control]:
    t = ctx.texts.t
    state = ctx.controller.state
    rules = ctx.controller.rules
    following = max(state.time - 1, 0)
    rows: list[ft.Control] = []
    rows.append(ft.Text(t("ui.events.time.move", slot=state.time, next_slot=following), size=17,
                        weight=ft.FontWeight.BOLD))
    slot = rules.slot(following)
    if slot.threshold is not None:
        mark: list[ft.Control] = [ft.Text(t(f"ui.events.time.threshold_{slot.threshold}", next_slot=following),
                                          size=15, expand=True)]
        if slot.is_unconfirmed("threshold"):
            mark.insert(0, ft.Container(theme.unconfirmed_badge(16), tooltip=t("common.unconfirmed")))
        rows.append(ft.Row(mark, spacing=6))
    rows.append(theme.muted(t("ui.events.time.auto"), size=14))
    return rows


def _noise_step(ctx: UiContext, phase: EventPhase) -> list[ft.Control]:
    t = ctx.texts.t
    if phase.noise_sections:
        sections: ft.Control = chips([
            theme.pill(ctx.texts.section(section.value), bgcolor=theme.BLUE_DARK, size=15)
            for section in phase.noise_sections
        ])
        lead = t("ui.events.noise.powered")
    else:
        sections = theme.muted(t("ui.events.noise.none"), size=15)
        lead = None
    rows: list[ft.Control] = [label(lead)] if lead else []
    rows.append(ids.tag(ids.EVENT_NOISE_SECTIONS, sections))
    rows.append(note(t("ui.events.noise.technical"), icon=ft.Icons.WARNING_AMBER))
    return rows


def _tool_buttons(ctx: UiContext, *, attack: bool = True) -> ft.Control:
    t = ctx.texts.t
    buttons: list[ft.Control] = []
    if attack:
        buttons.append(ids.tag(ids.ATTACK, styled_button(t("ui.events.panel.attack"), icon=ft.Icons.PEST_CONTROL,
                                                          tone="danger",
                                                          on_click=lambda _e: open_screen(ctx, ATTACK,
                                                                                          back_to=RUNNER))))
    buttons.append(ids.tag(ids.INJURY_CHECK, styled_button(t("ui.events.panel.injury"), icon=ft.Icons.HEALING,
                                                            on_click=lambda _e: open_screen(ctx, INJURY,
                                                                                            back_to=RUNNER))))
    return chips(buttons)


def _attacks_step(ctx: UiContext, phase: EventPhase) -> list[ft.Control]:
    t = ctx.texts.t
    return [
        _tool_buttons(ctx),
        ft.Text(t("ui.events.attacks.count", count=phase.attacks), size=15, weight=ft.FontWeight.BOLD),
    ]


def _fire_step(ctx: UiContext, gate: CommandGate, phase: EventPhase) -> list[ft.Control]:
    t = ctx.texts.t
    state = ctx.controller.state
    rows: list[ft.Control] = [_tool_buttons(ctx, attack=False),
                              ft.Text(t("event_phase.question.nest_fire"), size=17, weight=ft.FontWeight.BOLD),
                              theme.muted(t("ui.events.fire.eggs", count=state.bag.eggs), size=14)]
    if phase.nest_fire is None:
        rows.append(chips([
            command_button(gate, EventFireDamage(nest_fire=True), label=t("ui.events.fire.yes"),
                           identifier=ids.EVENT_NEST_FIRE_YES, tone="danger", icon=ft.Icons.LOCAL_FIRE_DEPARTMENT),
            command_button(gate, EventFireDamage(nest_fire=False), label=t("ui.events.fire.no"),
                           identifier=ids.EVENT_NEST_FIRE_NO, tone="primary"),
        ]))
    else:
        answer = t("ui.events.fire.answered_yes") if phase.nest_fire else t("ui.events.fire.answered_no")
        rows.append(note(answer, colour=theme.GREEN, icon=ft.Icons.CHECK_CIRCLE))
    return rows


def _lurking(ctx: UiContext, gate: CommandGate) -> list[ft.Control]:
    t = ctx.texts.t
    state = ctx.controller.state
    draft = draft_of(ctx)
    rows: list[ft.Control] = []
    for kind in MINIATURE_KINDS:
        high = state.bag.on_board.get(kind, 0)
        draft.lurking[kind] = min(draft.lurking.get(kind, 0), high)

        def change(value: int, kind=kind) -> None:
            draft.lurking[kind] = value
            ctx.rerender()

        name = ids.event_effect("lurking", kind)
        rows.append(ft.Row([
            ft.Text(t("ui.events.effect.on_board", kind=kind, count=high), size=15, expand=True),
            stepper(draft.lurking[kind], on_change=change, identifier=name, down_id=f"{name}-down",
                    up_id=f"{name}-up", down_tip=t("ui.events.effect.fewer"), up_tip=t("ui.events.effect.more"),
                    high=high),
        ], vertical_alignment=ft.CrossAxisAlignment.CENTER, wrap=ctx.is_phone))
    counts = {kind: n for kind, n in draft.lurking.items() if n > 0}
    rows.append(command_button(gate, EventLurking(counts=counts), label=t("ui.events.effect.lurking_apply"),
                               identifier=ids.event_effect("lurking"), tone="warning"))
    return rows


def _effect(ctx: UiContext, gate: CommandGate, effect: EventEffect) -> ft.Control:
    t = ctx.texts.t
    name = effect.value
    if effect in ONE_TAP:
        body: list[ft.Control] = [command_button(gate, ONE_TAP[effect](), label=t(f"event_effect.{name}"),
                                                 identifier=ids.event_effect(name), tone="warning",
                                                 icon=ft.Icons.TOUCH_APP)]
    elif effect in QUESTIONS:
        make = QUESTIONS[effect]
        body = [
            ft.Text(t(f"event_effect.{name}"), size=16, weight=ft.FontWeight.BOLD),
            chips([
                command_button(gate, make(True), label=t(f"ui.events.effect.{name}_yes"),
                               identifier=ids.event_effect(name, "yes"), tone="warning"),
                command_button(gate, make(False), label=t(f"ui.events.effect.{name}_no"),
                               identifier=ids.event_effect(name, "no"), tone="primary"),
            ]),
        ]
    else:
        body = [ft.Text(t(f"event_effect.{name}"), size=16, weight=ft.FontWeight.BOLD), *_lurking(ctx, gate)]
    return ft.Container(
        content=ft.Column(body, spacing=8, tight=True),
        bgcolor=theme.SURFACE_HIGH, border=ft.Border.all(2, theme.YELLOW), border_radius=10, padding=12,
    )


def _event_card_step(ctx: UiContext, gate: CommandGate, phase: EventPhase) -> list[ft.Control]:
    t = ctx.texts.t
    state = ctx.controller.state
    rules = ctx.controller.rules
    if phase.event_card is None:
        deck = state.decks.event
        return [
            command_button(gate, DrawEventCard(), label=t("ui.events.card.draw"), icon=ft.Icons.STYLE,
                           identifier=ids.DRAW_EVENT, tone="warning"),
            theme.muted(t("ui.events.card.left", count=len(deck.draw_pile), discard=len(deck.discard)), size=14),
        ]
    rows: list[ft.Control] = [event_card_view(ctx.texts, rules, phase.event_card)]
    if phase.pending_effects:
        rows.append(label(t("ui.events.effect.title")))
        rows += [_effect(ctx, gate, effect) for effect in phase.pending_effects]
    for effect in phase.done_effects:
        rows.append(note(t("ui.events.effect.done", card=t(f"event_card.name.{effect.value}")),
                         colour=theme.GREEN, icon=ft.Icons.CHECK_CIRCLE))
    if not phase.pending_effects and not phase.done_effects:
        rows.append(theme.muted(t("ui.events.effect.none"), size=14))
    draft = draft_of(ctx)
    if EventEffect.LURKING not in phase.pending_effects:
        draft.lurking = {kind: 0 for kind in MINIATURE_KINDS}
    return rows


def _round_end_step(ctx: UiContext) -> list[ft.Control]:
    t = ctx.texts.t
    state = ctx.controller.state
    lines = [note(t("ui.events.round_end.draw"), icon=ft.Icons.STYLE)]
    if state.round > 1:
        lines.append(note(t("ui.events.round_end.first_player"), icon=ft.Icons.ARROW_BACK))
    lines.append(ft.Text(t("ui.events.round_end.next", round=state.round), size=16, weight=ft.FontWeight.BOLD))
    return [ids.tag(ids.EVENT_ROUND_END, ft.Column(lines, spacing=8))]


def _continue_label(ctx: UiContext, phase: EventPhase) -> str:
    t = ctx.texts.t
    step = phase.step
    if step is EventStep.EVENT_CARD and phase.event_card is not None:
        spec = event_card(ctx.controller.rules, phase.event_card)
        return t("ui.events.continue.remove_card" if spec.removed_after_use else "ui.events.continue.discard_card")
    if step is EventStep.TIME:
        return t("ui.events.continue.time")
    if step is EventStep.ROUND_END:
        return t("ui.events.continue.finish")
    return t("ui.events.continue.next", name=step_name(ctx, EventStep(step + 1)))


def _step_panel(ctx: UiContext, gate: CommandGate, phase: EventPhase) -> ft.Control:
    t = ctx.texts.t
    step = phase.step
    name = step.name.lower()
    rows: list[ft.Control] = [note(t(f"ui.events.help.{name}"), icon=STEP_ICONS[step], colour=theme.BLUE)]
    if step is EventStep.CSS_LAUNCH:
        rows += _css_step(ctx, gate)
    elif step is EventStep.TIME:
        rows += _time_step(ctx)
    elif step is EventStep.NOISE:
        rows += _noise_step(ctx, phase)
    elif step is EventStep.ATTACKS:
        rows += _attacks_step(ctx, phase)
    elif step is EventStep.FIRE:
        rows += _fire_step(ctx, gate, phase)
    elif step is EventStep.EVENT_CARD:
        rows += _event_card_step(ctx, gate, phase)
    elif step is EventStep.DEVELOPMENT:
        rows += build_development_step(ctx, gate)
    else:
        rows += _round_end_step(ctx)

    command = ContinueEventPhase()
    refusal = gate.refusal(command)
    finishing = step is EventStep.ROUND_END

    def go_on(_e) -> None:
        gate.run(command, title=_continue_label(ctx, phase))
        state = ctx.controller.state
        if finishing and state is not None and state.event_phase is None:
            ctx.navigate(TABLE)

    rows.append(ft.Divider(height=1, color=theme.OUTLINE))
    if refusal is not None:
        rows.append(ids.tag(ids.EVENT_BLOCKED, theme.muted(ctx.texts.error(refusal), size=14)))
    rows.append(command_button(gate, command, label=_continue_label(ctx, phase), icon=ft.Icons.ARROW_FORWARD,
                               identifier=ids.EVENT_CONTINUE, tone="primary", on_click=go_on))
    title = t("ui.events.step_title", step=int(step), name=step_name(ctx, step))
    return ids.tag(ids.EVENT_STEP_PANEL, theme.card(ft.Column(rows, spacing=10), title=title))


# --------------------------------------------------------------------- no phase running
def _no_phase(ctx: UiContext, gate: CommandGate) -> ft.Control:
    t = ctx.texts.t
    state = ctx.controller.state
    if state.is_over:
        body: list[ft.Control] = [note(t("ui.events.over"), colour=theme.RED, icon=ft.Icons.FLAG)]
    else:
        def start(_e) -> None:
            gate.execute(StartEventPhase())

        body = [note(t("ui.events.no_phase", round=state.round), icon=ft.Icons.INFO_OUTLINE),
                command_button(gate, StartEventPhase(), label=t("ui.events.panel.start"), icon=ft.Icons.PLAY_ARROW,
                               identifier=ids.EVENT_START, tone="primary", on_click=start)]
    return ids.tag(ids.EVENT_NO_PHASE, theme.card(ft.Column(body, spacing=10), title=t("ui.events.title")))


def _phase_log(ctx: UiContext) -> ft.Control:
    texts = ctx.texts
    state = ctx.controller.state
    entries = ctx.controller.history(since=phase_start_seq(state), limit=PHASE_LOG_MAX)
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
    state = ctx.controller.state
    gate = CommandGate(ctx)
    phase = state.event_phase
    title = t("ui.events.title_round", round=phase.round) if phase is not None else t("ui.events.title")
    head = [screen_header(ctx, title, t("ui.events.subtitle"), back_key="ui.events.back",
                          on_back=lambda: ctx.navigate(TABLE)),
            ids.tag(ids.EVENT_STATUS, status_line(ctx.texts, state))]
    if phase is None:
        return page(ctx, head, [_no_phase(ctx, gate)], [_tools(ctx), _phase_log(ctx)])
    main = [_stepper(ctx, phase), _step_panel(ctx, gate, phase)]
    return page(ctx, head, main, [_tools(ctx), _phase_log(ctx)])
