"""Step 10 of the runner: bag development offered directly, then what came out of the bag.

The Intruder bag screen's components do the rest: its draw button (a physical bag asks
what came out), its large token view, and its question prompter, which the shell opens
on every screen while the bag waits for an answer (the Queen in the Nest, the Adults
retreating). So the runner never sends the table elsewhere and nothing is asked twice.
"""
from __future__ import annotations

import flet as ft

from .. import ids, theme
from ..bag.encounter import draw_button
from ..bag.reveal import build_reveal
from ..context import UiContext
from ..kit.gate import CommandGate
from .widgets import note


def build_development_step(ctx: UiContext, gate: CommandGate) -> list[ft.Control]:
    """Step 10's body: the development button, then the token that came out and any question."""
    t = ctx.texts.t
    game = ctx.game
    phase = game.event_phase
    if phase is not None and not phase.developed:
        physical = game.bag.physical_bag
        return [
            theme.muted(t("ui.events.bag.physical_help" if physical else "ui.events.bag.digital_help"), size=14),
            # The command is read again when the outcome is picked: the newest view's.
            draw_button(gate, game.develop(), make=lambda outcome: ctx.game.develop(outcome),
                        label=t("ui.events.bag.report" if physical else "ui.events.bag.develop"),
                        icon=ft.Icons.AUTORENEW, identifier=ids.EVENT_DEVELOP_BAG,
                        title=t("ui.events.bag.report_title"), tone="warning"),
        ]
    rows: list[ft.Control] = [build_reveal(ctx, large=not ctx.is_phone)]
    if game.bag.awaiting is not None:
        rows.append(note(t("ui.events.bag.question_open"), icon=ft.Icons.HELP_OUTLINE))
    return rows
