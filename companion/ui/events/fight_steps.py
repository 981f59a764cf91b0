"""Steps 7 and 8 of the runner, resolved in place: an attack by an intruder met since
the last attacks is a tap to choose it and a tap to resolve it; any other attack opens the full
attack screen; with Fire on the board, step 8 holds the injury-check form and the Nest
question, whose answer is also the way on."""
from __future__ import annotations

from typing import Callable

import flet as ft

from companion.engine.commands import ContinueEventPhase, EventFireDamage, ResolveAttack
from companion.engine.phase_state import EventStep
from companion.engine.views import EventPhaseView, PublicView

from .. import ids, theme
from ..context import UiContext
from ..kit.chips import chips, choice_chip, label, place_label, player_label
from ..kit.gate import CommandGate, command_button, styled_button
from ..kit.kinds import KIND_COLOURS
from .attack import build_attack_result, hit_chance_text, lighting_row
from .draft import ATTACK, INJURY, RUNNER, draft_of, open_screen
from .flow import nothing_burns
from .injury import build_injury_result, injury_form_rows
from .met import Meeting, met_since_the_last_attacks
from .steps import noise_done
from .widgets import note


def phase_start_seq(game: PublicView) -> int:
    """The step that started the current (or last) phase; past the newest step when no
    phase has started yet."""
    start = game.latest.event_phase_start
    return start if start is not None else game.commands_applied


def tool_buttons(ctx: UiContext, *, attack: bool = True, injury: bool = True) -> ft.Control:
    t = ctx.texts.t
    buttons: list[ft.Control] = []
    if attack:
        buttons.append(ids.tag(ids.ATTACK, styled_button(
            t("ui.events.attacks.another"), icon=ft.Icons.PEST_CONTROL, tone="danger", compact=True,
            on_click=lambda _e: open_screen(ctx, ATTACK, back_to=RUNNER))))
    if injury:
        buttons.append(ids.tag(ids.INJURY_CHECK, styled_button(
            t("ui.events.panel.injury"), icon=ft.Icons.HEALING, compact=True,
            on_click=lambda _e: open_screen(ctx, INJURY, back_to=RUNNER))))
    return chips(buttons)


# --------------------------------------------------------------------- 7
def _arm(ctx: UiContext, meeting: Meeting) -> None:
    """Choose this attack; the full attack screen opens with it filled in too."""
    draft = draft_of(ctx)
    draft.armed = meeting
    draft.attacker, draft.seat, draft.place, draft.target = meeting.kind, meeting.seat, meeting.place, "standard"
    ctx.rerender()


def _pick_chip(ctx: UiContext, game: PublicView, meeting: Meeting, armed: bool) -> ft.Control:
    texts = ctx.texts
    return choice_chip(
        texts.t("ui.events.attacks.pick", kind=meeting.kind, who=player_label(texts, game, meeting.seat)),
        sublabel=place_label(texts, meeting.place), selected=armed, colour=KIND_COLOURS[meeting.kind],
        on_click=lambda _e: _arm(ctx, meeting), identifier=ids.event_attack_pick(meeting.kind, meeting.seat))


def _armed_attack(ctx: UiContext, gate: CommandGate, meeting: Meeting) -> ft.Control:
    texts = ctx.texts
    t = texts.t
    game = ctx.game
    command = ResolveAttack(attacker=meeting.kind, seat=meeting.seat, place=meeting.place, target="standard")

    def resolve(_e) -> None:
        draft_of(ctx).armed = None
        gate.execute(command)

    rows: list[ft.Control] = [
        ft.Text(t("ui.events.attacks.armed", kind=meeting.kind, who=player_label(texts, game, meeting.seat)),
                size=16, weight=ft.FontWeight.BOLD),
        lighting_row(texts, game, meeting.place),
        ft.Text(hit_chance_text(ctx, game.decks.attack.as_deck(), meeting.kind), size=15),
        command_button(gate, command, label=t("ui.events.attack.resolve"), icon=ft.Icons.STYLE,
                       identifier=ids.EVENT_ATTACK_RESOLVE, tone="danger", on_click=resolve),
    ]
    return ft.Container(content=ft.Column(rows, spacing=8, tight=True), bgcolor=theme.SURFACE_HIGH,
                        border=ft.Border.all(2, KIND_COLOURS[meeting.kind]), border_radius=10, padding=12)


def attacks_step(ctx: UiContext, gate: CommandGate, phase: EventPhaseView) -> list[ft.Control]:
    t = ctx.texts.t
    game = ctx.game
    draft = draft_of(ctx)
    meetings = met_since_the_last_attacks(ctx, game, phase_start_seq(game))
    if draft.armed not in meetings:
        draft.armed = None
    rows: list[ft.Control] = [noise_done(ctx, phase)]
    if meetings:
        rows.append(label(t("ui.events.attacks.met")))
        rows.append(chips([_pick_chip(ctx, game, m, m == draft.armed) for m in meetings]))
    if draft.armed is not None:
        rows.append(_armed_attack(ctx, gate, draft.armed))
    result = build_attack_result(ctx, phase_start_seq(game))
    if result is not None:
        rows.append(result)
    rows.append(tool_buttons(ctx))
    rows.append(ft.Text(t("ui.events.attacks.count", count=phase.attacks), size=15, weight=ft.FontWeight.BOLD))
    return rows


# --------------------------------------------------------------------- 8
def _nest_answers(ctx: UiContext, gate: CommandGate, go_on: Callable[[list], None]) -> ft.Control:
    t = ctx.texts.t

    def answer(yes: bool) -> ft.Control:
        command = EventFireDamage(nest_fire=yes)
        return command_button(
            gate, command, label=t("ui.events.fire.yes_next" if yes else "ui.events.fire.no_next"),
            identifier=ids.EVENT_NEST_FIRE_YES if yes else ids.EVENT_NEST_FIRE_NO,
            tone="danger" if yes else "primary", icon=ft.Icons.LOCAL_FIRE_DEPARTMENT if yes else ft.Icons.ARROW_FORWARD,
            on_click=lambda _e: go_on([command, ContinueEventPhase(at=EventStep.FIRE)]))

    return chips([answer(True), answer(False)])


def fire_step(ctx: UiContext, gate: CommandGate, phase: EventPhaseView,
              go_on: Callable[[list], None]) -> list[ft.Control]:
    t = ctx.texts.t
    if nothing_burns(phase):
        # No Fire marker anywhere: nothing burns, and continuing records "no Fire in the Nest"
        # (the step shows only after an undo: it goes by in the tap that leaves step 7).
        return [tool_buttons(ctx, attack=False),
                ids.tag(ids.EVENT_NOTHING_BURNS, note(t("ui.events.fire.nothing_burns"), colour=theme.GREEN,
                                                        icon=ft.Icons.CHECK_CIRCLE))]
    rows: list[ft.Control] = [label(t("ui.events.fire.checks")), *injury_form_rows(ctx, gate)]
    result = build_injury_result(ctx, phase_start_seq(ctx.game))
    if result is not None:
        rows.append(result)
    rows += [ft.Divider(height=1, color=theme.OUTLINE),
             ft.Text(t("event_phase.question.nest_fire"), size=17, weight=ft.FontWeight.BOLD),
             theme.muted(t("ui.events.fire.eggs", count=ctx.game.bag.eggs), size=14)]
    if phase.nest_fire is None:
        rows.append(_nest_answers(ctx, gate, go_on))
    else:
        answer = t("ui.events.fire.answered_yes") if phase.nest_fire else t("ui.events.fire.answered_no")
        rows.append(note(answer, colour=theme.GREEN, icon=ft.Icons.CHECK_CIRCLE))
    return rows


def asks_the_nest(phase: EventPhaseView) -> bool:
    """Step 8 waits for the Nest answer, and that answer is the way on."""
    return phase.nest_fire is None and phase.known_nest_fire is None

