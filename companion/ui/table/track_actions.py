"""Event Phase and Time track commands: advance time, self-destruct, alert, CSS launch."""
from __future__ import annotations

import flet as ft

from companion.engine import CssFace
from companion.engine.commands import AdvanceTime, CssLaunch, StartSelfDestruct, StopSelfDestruct, TriggerAlert

from .. import ids, theme
from ..dialogs import choose, dialog_button
from ..rules_screen import help_button
from ..kit.gate import CommandGate, command_button

# While this page asks whether to advance Time: whether the advance would end the game.
CONFIRMING_ADVANCE = "confirming-advance-time"


def _css_launch_dialog(gate: CommandGate) -> None:
    """The table reveals the CSS token under Time; the app records the face, never draws it."""
    texts = gate.ctx.texts

    def chosen(face: str) -> None:
        gate.run(CssLaunch(face=CssFace(face)), confirm_key="css_launch",
                 title=texts.t("ui.css.face_chosen", face=texts.t(f"css_face.{face}")))

    choose(
        gate.ctx.page,
        texts,
        title=texts.t("ui.css.launch"),
        body=texts.t("ui.css.launch_help"),
        options=[(face.value, texts.t(f"css_face.{face.value}")) for face in CssFace],
        on_choice=chosen,
    )


def confirming_advance(ctx) -> bool | None:
    """None while this page is not asking; else whether advancing would end the game."""
    return ctx.extras.get(CONFIRMING_ADVANCE)


def _ask_to_advance(gate: CommandGate) -> None:
    """The first tap only asks, right where the table looks; whether the advance would end
    the game is worked out now, for this one command."""
    ctx = gate.ctx
    ctx.extras[CONFIRMING_ADVANCE] = ctx.session.game_ending(AdvanceTime()) is not None
    ctx.rerender()


def _advance_confirmation(gate: CommandGate, ends: bool) -> ft.Control:
    ctx = gate.ctx
    texts = ctx.texts
    t = texts.t

    def answered(advance: bool) -> None:
        ctx.extras.pop(CONFIRMING_ADVANCE, None)
        if advance:
            gate.execute(AdvanceTime())
        ctx.rerender()

    lines = [t("ui.confirm.advance_time")] + ([t("ui.confirm.ends_game")] if ends else [])
    return ft.Container(
        content=ft.Column([
            ft.Text(t("ui.actions.advance_time"), size=17, weight=ft.FontWeight.BOLD),
            # The answers next, near where the tap was, so a phone shows them without scrolling;
            # Cancel comes first, so a double tap never confirms.
            ft.Row([
                dialog_button(texts, "ui.common.cancel", ids.CONFIRM_CANCEL, lambda _e: answered(False)),
                dialog_button(texts, "ui.common.confirm", ids.CONFIRM_OK, lambda _e: answered(True), primary=True,
                              danger=ends),
            ], wrap=True, spacing=12),
            ft.Text("\n\n".join(lines), size=15),
        ], spacing=8, tight=True),
        bgcolor=theme.SURFACE_HIGH, border=ft.Border.all(2, theme.YELLOW), border_radius=theme.RADIUS, padding=12,
    )


def build_track_actions(gate: CommandGate) -> ft.Control:
    t = gate.ctx.texts.t
    state = gate.ctx.game
    # Time moves at step 5 of the Event Phase; here only for an effect that says so, and
    # the table is told so before it moves (no one-tap trap in the Player Phase). The
    # question stands in the panel itself, not in a dialog over the board.
    ends = confirming_advance(gate.ctx)
    if ends is not None and gate.refusal(AdvanceTime()) is not None:
        # Time cannot advance any more (the Event Phase began meanwhile): the question lapses.
        gate.ctx.extras.pop(CONFIRMING_ADVANCE, None)
        ends = None
    if ends is not None:
        return theme.card(_advance_confirmation(gate, ends), title=t("ui.actions.title"),
                          help=help_button(gate.ctx, "self_destruct"))
    buttons: list[ft.Control] = [
        command_button(gate, AdvanceTime(), label=t("ui.actions.advance_time"), icon=ft.Icons.SKIP_NEXT,
                       identifier=ids.ADVANCE_TIME, on_click=lambda _e: _ask_to_advance(gate)),
    ]
    # CSS launch is only offered while a CSS token under the Time token is still hidden.
    if state.css_launch_pending:
        buttons.append(command_button(gate, CssLaunch(face=CssFace.NONE), label=t("ui.css.launch"),
                                      icon=ft.Icons.ROCKET_LAUNCH, identifier=ids.CSS_LAUNCH, tone="warning",
                                      on_click=lambda _e: _css_launch_dialog(gate)))
    if state.self_destruct is None:
        buttons.append(command_button(gate, StartSelfDestruct(), label=t("ui.actions.start_self_destruct"),
                                      icon=ft.Icons.DANGEROUS, identifier=ids.START_SELF_DESTRUCT,
                                      confirm_key="start_self_destruct", tone="danger"))
    else:
        buttons.append(command_button(gate, StopSelfDestruct(), label=t("ui.actions.stop_self_destruct"),
                                      icon=ft.Icons.CANCEL, identifier=ids.STOP_SELF_DESTRUCT))
    buttons.append(command_button(gate, TriggerAlert(), label=t("ui.actions.trigger_alert"),
                                  icon=ft.Icons.NOTIFICATIONS_ACTIVE, identifier=ids.TRIGGER_ALERT,
                                  confirm_key="trigger_alert", tone="danger"))
    return theme.card(
        ft.Row(buttons, wrap=True, spacing=8, run_spacing=8),
        title=t("ui.actions.title"),
        help=help_button(gate.ctx, "self_destruct"),
    )
