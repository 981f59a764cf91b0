"""The Event Phase runner: steps 4 to 11 in order, one tap each.

A stepper shows where the phase stands; the current step has its instruction, its
inputs and one `event-continue` button that is enabled exactly when the engine accepts
the step's command now. A question the board already answers is not asked (step 8 with
no Fire marker anywhere, an effect that would change nothing): continuing sends that
answer first, as its own command. All of it is read from the page's view, so a
restarted app shows the same step.
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
    GameCommand,
    StartEventPhase,
)
from companion.engine.decks import event_card
from companion.engine.phase_state import EventEffect, EventStep
from companion.engine.views import EventPhaseView, PublicView

from .. import ids, theme
from ..context import UiContext
from ..i18n_view import Texts
from ..kit.chips import chips, label, stepper
from ..kit.gate import CommandGate, command_button, styled_button
from .bag_step import build_development_step
from .draft import ATTACK, DECKS, INJURY, RUNNER, TABLE, draft_of, open_screen
from .widgets import event_card_view, note, page, screen_header

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


def phase_start_seq(game: PublicView) -> int:
    """The step that started the current (or last) phase; past the newest step when no
    phase has started yet."""
    start = game.latest.event_phase_start
    return start if start is not None else game.commands_applied


def answers_first(phase: EventPhaseView) -> list[GameCommand]:
    """What continuing sends before it moves on: the answers the board already gives."""
    if phase.step is EventStep.FIRE and phase.nest_fire is None and phase.known_nest_fire is not None:
        return [EventFireDamage(nest_fire=phase.known_nest_fire)]
    if (phase.step is EventStep.EVENT_CARD and phase.pending_effects
            and set(phase.pending_effects) <= set(phase.settled_effects)):
        return [ONE_TAP[effect]() for effect in phase.pending_effects]
    return []


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


# --------------------------------------------------------------------- the steps
def _css_step(ctx: UiContext, gate: CommandGate) -> list[ft.Control]:
    t = ctx.texts.t
    game = ctx.game
    if not game.css_launch_pending:
        return [note(t("ui.events.css.revealed", slot=game.time), colour=theme.GREEN, icon=ft.Icons.CHECK_CIRCLE)]
    waiting = [m for m in game.crew if m.is_waiting_in_pod]
    lines: list[ft.Control] = [ft.Text(t("ui.events.css.question", slot=game.time), size=17,
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
    game = ctx.game
    rows: list[ft.Control] = [ft.Text(t("ui.events.time.move", slot=game.time, next_slot=max(game.time - 1, 0)),
                                      size=17, weight=ft.FontWeight.BOLD)]
    ahead = game.next_threshold
    if ahead is not None and ahead.advances == 1:
        mark: list[ft.Control] = [ft.Text(t(f"ui.events.time.threshold_{ahead.colour}", next_slot=ahead.slot),
                                          size=15, expand=True)]
        if ctx.controller.rules.slot(ahead.slot).is_unconfirmed("threshold"):
            mark.insert(0, ft.Container(theme.unconfirmed_badge(16), tooltip=t("common.unconfirmed")))
        rows.append(ft.Row(mark, spacing=6))
        rows.append(note(t("ui.events.time.threshold_fires" if ahead.fires else "ui.events.time.threshold_ignored"),
                         colour=theme.RED if ahead.fires else theme.GREEN,
                         icon=ft.Icons.POWER_OFF if ahead.fires else ft.Icons.BOLT))
    rows.append(theme.muted(t("ui.events.time.auto"), size=14))
    return rows


def _noise_step(ctx: UiContext, phase: EventPhaseView) -> list[ft.Control]:
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


def _attacks_step(ctx: UiContext, phase: EventPhaseView) -> list[ft.Control]:
    t = ctx.texts.t
    return [
        _tool_buttons(ctx),
        ft.Text(t("ui.events.attacks.count", count=phase.attacks), size=15, weight=ft.FontWeight.BOLD),
    ]


def _fire_step(ctx: UiContext, gate: CommandGate, phase: EventPhaseView) -> list[ft.Control]:
    t = ctx.texts.t
    rows: list[ft.Control] = [_tool_buttons(ctx, attack=False)]
    if phase.nest_fire is None and phase.known_nest_fire is False:
        # No Fire marker anywhere: nothing burns, and continuing records "no Fire in the Nest".
        rows.append(ids.tag(ids.EVENT_NOTHING_BURNS, note(t("ui.events.fire.nothing_burns"), colour=theme.GREEN,
                                                            icon=ft.Icons.CHECK_CIRCLE)))
        return rows
    rows += [ft.Text(t("event_phase.question.nest_fire"), size=17, weight=ft.FontWeight.BOLD),
             theme.muted(t("ui.events.fire.eggs", count=ctx.game.bag.eggs), size=14)]
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
    on_board = ctx.game.bag.on_board
    draft = draft_of(ctx)
    rows: list[ft.Control] = []
    for kind in MINIATURE_KINDS:
        high = on_board.get(kind, 0)
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


def _effect(ctx: UiContext, gate: CommandGate, effect: EventEffect, *, settled: bool) -> ft.Control:
    t = ctx.texts.t
    name = effect.value
    if settled:
        # Nothing would change: no tap, continuing records it.
        return ids.tag(ids.event_effect(name, "settled"),
                       note(t(f"ui.events.effect.settled_{name}"), colour=theme.GREEN, icon=ft.Icons.CHECK_CIRCLE))
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


def _event_card_step(ctx: UiContext, gate: CommandGate, phase: EventPhaseView) -> list[ft.Control]:
    t = ctx.texts.t
    rules = ctx.controller.rules
    if phase.event_card is None:
        deck = ctx.game.decks.event
        return [
            command_button(gate, DrawEventCard(), label=t("ui.events.card.draw"), icon=ft.Icons.STYLE,
                           identifier=ids.DRAW_EVENT, tone="warning"),
            theme.muted(t("ui.events.card.left", count=deck.draw_count, discard=len(deck.discard)), size=14),
        ]
    rows: list[ft.Control] = [event_card_view(ctx.texts, rules, phase.event_card)]
    if phase.pending_effects:
        # Effects that would change nothing are folded into continuing (all or none).
        settled = bool(answers_first(phase))
        rows.append(label(t("ui.events.effect.title")))
        rows += [_effect(ctx, gate, effect, settled=settled) for effect in phase.pending_effects]
    for effect in phase.done_effects:
        rows.append(note(t("ui.events.effect.done", card=t(f"event_card.name.{effect.value}")),
                         colour=theme.GREEN, icon=ft.Icons.CHECK_CIRCLE))
    if not phase.pending_effects and not phase.done_effects:
        rows.append(theme.muted(t("ui.events.effect.none"), size=14))
    if EventEffect.LURKING not in phase.pending_effects:
        draft_of(ctx).lurking = {kind: 0 for kind in MINIATURE_KINDS}
    return rows


def _round_end_step(ctx: UiContext) -> list[ft.Control]:
    t = ctx.texts.t
    reminders = ctx.game.round_end
    lines = [note(t("ui.events.round_end.draw"), icon=ft.Icons.STYLE)]
    if reminders.first_player_passes:
        lines.append(note(t("ui.events.round_end.first_player"), icon=ft.Icons.ARROW_BACK))
    lines.append(ft.Text(t("ui.events.round_end.next", round=reminders.next_round), size=16,
                         weight=ft.FontWeight.BOLD))
    return [ids.tag(ids.EVENT_ROUND_END, ft.Column(lines, spacing=8))]


def _continue_label(ctx: UiContext, phase: EventPhaseView) -> str:
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


def _continue(ctx: UiContext, gate: CommandGate, phase: EventPhaseView) -> list[ft.Control]:
    """The step's way on: the board's answers first (each its own command, undone one by
    one), then `continue_event_phase`. Enabled exactly when the engine accepts the first
    of them now."""
    first = answers_first(phase)
    command = ContinueEventPhase()
    gating = first[0] if first else command
    refusal = gate.refusal(gating)
    finishing = phase.step is EventStep.ROUND_END
    title = _continue_label(ctx, phase)

    def go_on(_e) -> None:
        for answer in first:
            if not gate.execute(answer):
                return
        gate.run(command, title=title)
        view = ctx.controller.view(ctx.viewer)
        if finishing and view is not None and view.public.event_phase is None:
            ctx.navigate(TABLE)

    rows: list[ft.Control] = [ft.Divider(height=1, color=theme.OUTLINE)]
    if refusal is not None:
        rows.append(ids.tag(ids.EVENT_BLOCKED, theme.muted(ctx.texts.error(refusal), size=14)))
    rows.append(command_button(gate, gating, label=title, icon=ft.Icons.ARROW_FORWARD,
                               identifier=ids.EVENT_CONTINUE, tone="primary", on_click=go_on))
    return rows


def _step_panel(ctx: UiContext, gate: CommandGate, phase: EventPhaseView) -> ft.Control:
    t = ctx.texts.t
    step = phase.step
    rows: list[ft.Control] = [note(t(f"ui.events.help.{step.name.lower()}"), icon=STEP_ICONS[step], colour=theme.BLUE)]
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
    rows += _continue(ctx, gate, phase)
    title = t("ui.events.step_title", step=int(step), name=step_name(ctx, step))
    return ids.tag(ids.EVENT_STEP_PANEL, theme.card(ft.Column(rows, spacing=10), title=title))


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
    entries = ctx.controller.history(ctx.viewer, since=phase_start_seq(ctx.game), limit=PHASE_LOG_MAX)
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
    head = [screen_header(ctx, title, t("ui.events.subtitle"), back_key="ui.events.back",
                          on_back=lambda: ctx.navigate(TABLE)),
            ids.tag(ids.EVENT_STATUS, status_line(ctx.texts, game))]
    if phase is None:
        return page(ctx, head, [_no_phase(ctx, gate)], [_tools(ctx), _phase_log(ctx)])
    main = [_stepper(ctx, phase), _step_panel(ctx, gate, phase)]
    return page(ctx, head, main, [_tools(ctx), _phase_log(ctx)])
