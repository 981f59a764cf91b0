"""The bodies of the runner's quiet steps: CSS launch, Time, Noise, the Event card and
its effects, and the round's end (also shown ahead, at step 10)."""
from __future__ import annotations

import flet as ft

from companion.engine import CssFace
from companion.engine.bag_model import MINIATURE_KINDS
from companion.engine.commands import (
    DrawEventCard,
    EventCoolantLeak,
    EventCssLaunch,
    EventEggProtection,
    EventHatching,
    EventLeavingTheShell,
    EventLurking,
    EventNoiseInCorridors,
)
from companion.engine.phase_state import EventEffect
from companion.engine.views import EventPhaseView

from .. import ids, theme
from ..context import UiContext
from ..kit.chips import active_seats, chips, choice_chip, label, player_label, stepper
from ..kit.gate import CommandGate, command_button, styled_button
from ..scanner.handover import scan_on_this_device, seats_with_phone
from .draft import draft_of
from .flow import ONE_TAP, answers_first, nothing_burns
from .widgets import event_card_view, note

# Yes / no follow-ups of an Event card: the command for each answer.
QUESTIONS = {
    EventEffect.COOLANT_LEAK: lambda yes: EventCoolantLeak(cooling_malfunction=yes),
    EventEffect.NOISE_IN_CORRIDORS: lambda yes: EventNoiseInCorridors(had_noise=yes),
}


# --------------------------------------------------------------------- 4, 5, 6
def css_step(ctx: UiContext, gate: CommandGate) -> list[ft.Control]:
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


def time_step(ctx: UiContext) -> list[ft.Control]:
    t = ctx.texts.t
    game = ctx.game
    rows: list[ft.Control] = [ft.Text(t("ui.events.time.move", slot=game.time, next_slot=max(game.time - 1, 0)),
                                      size=17, weight=ft.FontWeight.BOLD)]
    ahead = game.next_threshold
    if ahead is not None and ahead.advances == 1:
        mark: list[ft.Control] = [ft.Text(t(f"ui.events.time.threshold_{ahead.colour}", next_slot=ahead.slot),
                                          size=15, expand=True)]
        if ctx.session.rules.slot(ahead.slot).is_unconfirmed("threshold"):
            mark.insert(0, ft.Container(theme.unconfirmed_badge(16), tooltip=t("common.unconfirmed")))
        rows.append(ft.Row(mark, spacing=6))
        rows.append(note(t("ui.events.time.threshold_fires" if ahead.fires else "ui.events.time.threshold_ignored"),
                         colour=theme.RED if ahead.fires else theme.GREEN,
                         icon=ft.Icons.POWER_OFF if ahead.fires else ft.Icons.BOLT))
    rows.append(theme.muted(t("ui.events.time.auto"), size=14))
    return rows


def noise_sections(ctx: UiContext, phase: EventPhaseView) -> ft.Control:
    t = ctx.texts.t
    if phase.noise_sections:
        sections: ft.Control = chips([
            theme.pill(ctx.texts.section(section.value), bgcolor=theme.BLUE_DARK, size=15)
            for section in phase.noise_sections
        ])
    else:
        sections = theme.muted(t("ui.events.noise.none"), size=15)
    return ids.tag(ids.EVENT_NOISE_SECTIONS, sections)


def noise_step(ctx: UiContext, phase: EventPhaseView) -> list[ft.Control]:
    t = ctx.texts.t
    rows: list[ft.Control] = [label(t("ui.events.noise.powered"))] if phase.noise_sections else []
    rows.append(noise_sections(ctx, phase))
    rows.append(note(t("ui.events.noise.technical"), icon=ft.Icons.WARNING_AMBER))
    return rows


def noise_done(ctx: UiContext, phase: EventPhaseView) -> ft.Control:
    """Step 6 went by in the tap that moved Time: what the table takes off the board."""
    t = ctx.texts.t
    body = ft.Column([
        ft.Text(t("ui.events.noise.done_title"), size=15, weight=ft.FontWeight.BOLD),
        theme.muted(t("ui.events.noise.powered"), size=14) if phase.noise_sections else ft.Container(),
        noise_sections(ctx, phase),
        theme.muted(t("ui.events.noise.technical"), size=14),
    ], spacing=6, tight=True)
    return ids.tag(ids.EVENT_NOISE_DONE, ft.Container(
        content=body, bgcolor=theme.SURFACE_HIGH, border=ft.Border.only(left=ft.BorderSide(5, theme.BLUE)),
        border_radius=6, padding=10))


# --------------------------------------------------------------------- 9
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


def _hatching(ctx: UiContext, gate: CommandGate) -> list[ft.Control]:
    """Who a Larva infests (each gains a Larva and a Contamination card), or nobody (a Larva
    token into the bag): nothing chosen at first."""
    t = ctx.texts.t
    draft = draft_of(ctx)
    game = ctx.game
    seats = active_seats(game)
    draft.hatching = tuple(seat for seat in draft.hatching if seat in seats)

    def toggle(seat: int) -> None:
        chosen = draft.hatching
        draft.hatching = tuple(s for s in chosen if s != seat) if seat in chosen else (*chosen, seat)
        ctx.rerender()

    picks = chips([choice_chip(player_label(ctx.texts, game, seat), selected=seat in draft.hatching,
                               on_click=lambda _e, seat=seat: toggle(seat), identifier=ids.event_effect("hatching", seat),
                               icon=ft.Icons.BUG_REPORT) for seat in seats])
    infest = EventHatching(nobody_infested=False, infested=draft.hatching)
    names = ", ".join(player_label(ctx.texts, game, seat) for seat in draft.hatching)
    rows: list[ft.Control] = [theme.muted(t("ui.events.effect.hatching_help"), size=14), picks]
    if draft.hatching:
        rows.append(command_button(gate, infest, label=t("ui.events.effect.hatching_infest", names=names),
                                   identifier=ids.event_effect("hatching", "yes"), tone="warning"))
    rows.append(command_button(gate, EventHatching(nobody_infested=True), label=t("ui.events.effect.hatching_no"),
                               identifier=ids.event_effect("hatching", "no"), tone="primary"))
    return rows


def _egg_protection(ctx: UiContext, gate: CommandGate) -> list[ft.Control]:
    """Egg Protection in Darkness: who gains 1 Contamination card (nothing chosen at first)."""
    t = ctx.texts.t
    draft = draft_of(ctx)
    game = ctx.game
    seats = active_seats(game)
    draft.egg_protection = tuple(seat for seat in draft.egg_protection if seat in seats)

    def toggle(seat: int) -> None:
        chosen = draft.egg_protection
        draft.egg_protection = tuple(s for s in chosen if s != seat) if seat in chosen else (*chosen, seat)
        ctx.rerender()

    picks = chips([choice_chip(player_label(ctx.texts, game, seat), selected=seat in draft.egg_protection,
                               on_click=lambda _e, seat=seat: toggle(seat),
                               identifier=ids.event_effect("egg_protection", seat), icon=ft.Icons.BIOTECH)
                   for seat in seats])
    names = ", ".join(player_label(ctx.texts, game, seat) for seat in draft.egg_protection)
    rows: list[ft.Control] = [theme.muted(t("ui.events.effect.egg_protection_help"), size=14), picks]
    if draft.egg_protection:
        rows.append(command_button(gate, EventEggProtection(seats=draft.egg_protection),
                                   label=t("ui.events.effect.egg_protection_give", names=names),
                                   identifier=ids.event_effect("egg_protection", "yes"), tone="warning"))
    rows.append(command_button(gate, EventEggProtection(), label=t("ui.events.effect.egg_protection_no"),
                               identifier=ids.event_effect("egg_protection", "no"), tone="primary"))
    return rows


def _leaving_the_shell(ctx: UiContext, gate: CommandGate) -> list[ft.Control]:
    """Each Character in the Facility scans on their phone, or on this device handed to them;
    with the printed cards the table scans and says when everyone has."""
    t = ctx.texts.t
    game = ctx.game
    phase = game.event_phase
    if game.contamination is None or phase is None:
        return [theme.muted(t("ui.events.effect.leaving_the_shell_printed"), size=14),
                command_button(gate, EventLeavingTheShell(), label=t("ui.events.effect.leaving_the_shell_done"),
                               identifier=ids.event_effect("leaving_the_shell", "done"), tone="primary")]
    phones = seats_with_phone(ctx)
    rows: list[ft.Control] = [theme.muted(t("ui.events.effect.leaving_the_shell_help"), size=14)]
    for seat in active_seats(game):
        who = player_label(ctx.texts, game, seat)
        if seat in phase.shell_scans:
            status: ft.Control = note(t("ui.events.effect.shell_scanned", who=who), colour=theme.GREEN,
                                      icon=ft.Icons.CHECK_CIRCLE, size=14)
        elif seat in phones:
            status = note(t("ui.events.effect.shell_on_phone", who=who), icon=ft.Icons.PHONE_ANDROID, size=14)
        else:
            status = styled_button(t("ui.events.effect.shell_hand_over", who=who), icon=ft.Icons.SEND_TO_MOBILE,
                                   compact=True, on_click=lambda _e, seat=seat: scan_on_this_device(ctx, seat))
        rows.append(ids.tag(ids.event_effect("leaving_the_shell", seat), status))
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
    elif effect is EventEffect.HATCHING:
        body = [ft.Text(t(f"event_effect.{name}"), size=16, weight=ft.FontWeight.BOLD), *_hatching(ctx, gate)]
    elif effect is EventEffect.EGG_PROTECTION:
        body = [ft.Text(t(f"event_effect.{name}"), size=16, weight=ft.FontWeight.BOLD), *_egg_protection(ctx, gate)]
    elif effect is EventEffect.LEAVING_THE_SHELL:
        body = [ft.Text(t(f"event_effect.{name}"), size=16, weight=ft.FontWeight.BOLD),
                *_leaving_the_shell(ctx, gate)]
    else:
        body = [ft.Text(t(f"event_effect.{name}"), size=16, weight=ft.FontWeight.BOLD), *_lurking(ctx, gate)]
    return ft.Container(
        content=ft.Column(body, spacing=8, tight=True),
        bgcolor=theme.SURFACE_HIGH, border=ft.Border.all(2, theme.YELLOW), border_radius=10, padding=12,
    )


def fire_done(ctx: UiContext, phase: EventPhaseView) -> list[ft.Control]:
    """Step 8 went by in the tap before: with no Fire marker on the board nothing burned."""
    if phase.nest_fire is False and nothing_burns(phase):
        return [ids.tag(ids.EVENT_FIRE_DONE, note(ctx.texts.t("ui.events.fire.nothing_burned"), colour=theme.GREEN,
                                                    icon=ft.Icons.CHECK_CIRCLE, size=14))]
    return []


def event_card_step(ctx: UiContext, gate: CommandGate, phase: EventPhaseView) -> list[ft.Control]:
    t = ctx.texts.t
    rules = ctx.session.rules
    rows = fire_done(ctx, phase)
    if phase.event_card is None:
        # Drawn on entering the step; this shows only after an undo of the draw.
        deck = ctx.game.decks.event
        return rows + [
            command_button(gate, DrawEventCard(), label=t("ui.events.card.draw"), icon=ft.Icons.STYLE,
                           identifier=ids.DRAW_EVENT, tone="warning"),
            theme.muted(t("ui.events.card.left", count=deck.draw_count, discard=len(deck.discard)), size=14),
        ]
    rows.append(event_card_view(ctx.texts, rules, phase.event_card))
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


# --------------------------------------------------------------------- 11
def round_end_lines(ctx: UiContext) -> list[ft.Control]:
    t = ctx.texts.t
    game = ctx.game
    reminders = game.round_end
    lines = [note(t("ui.events.round_end.draw"), icon=ft.Icons.STYLE)]
    if reminders.first_player_passes and reminders.new_first_player is not None:
        who = player_label(ctx.texts, game, reminders.new_first_player)
        lines.append(ids.tag(ids.EVENT_FIRST_PLAYER, note(t("ui.events.round_end.first_player_to", who=who),
                                                          icon=ft.Icons.ARROW_BACK)))
        for seat in reminders.first_player_skipped:
            skips = theme.muted(t("ui.events.round_end.first_player_skips", who=player_label(ctx.texts, game, seat)),
                                size=13)
            skips.expand = True
            lines.append(ft.Row([theme.unconfirmed_badge(14), skips], spacing=6))
    lines.append(ft.Text(t("ui.events.round_end.next", round=reminders.next_round), size=16,
                         weight=ft.FontWeight.BOLD))
    return lines


def round_end_step(ctx: UiContext) -> list[ft.Control]:
    return [ids.tag(ids.EVENT_ROUND_END, ft.Column(round_end_lines(ctx), spacing=8))]


def round_end_ahead(ctx: UiContext) -> ft.Control:
    """Step 11's reminders, read at step 10: the tap that closes the round passes through it."""
    title = ft.Text(ctx.texts.t("ui.events.round_end.ahead"), size=15, weight=ft.FontWeight.BOLD)
    return ids.tag(ids.EVENT_ROUND_END_AHEAD, ft.Column([title, *round_end_lines(ctx)], spacing=8))
