"""The crew panel's way into a Character board and the Scanner."""
from __future__ import annotations

import flet as ft

from companion.engine.views import CrewView

from .. import ids
from ..kit.gate import CommandGate, styled_button
from .board import open_board_dialog
from .handover import open_scanner_for


def board_buttons(gate: CommandGate, member: CrewView) -> ft.Control:
    """The board's dialog, and (with the app's Contamination deck) the Scanner, handed to
    the player on this device."""
    t = gate.ctx.texts.t
    buttons: list[ft.Control] = [
        ids.tag(ids.crew_action("board", member.seat),
                styled_button(t("ui.body.open"), icon=ft.Icons.ASSIGNMENT_IND, compact=True,
                              on_click=lambda _e: open_board_dialog(gate, member))),
    ]
    if gate.ctx.game.contamination is not None:
        buttons.append(ids.tag(ids.crew_action("scanner", member.seat),
                               styled_button(t("ui.scanner.open"), icon=ft.Icons.DOCUMENT_SCANNER, compact=True,
                                             on_click=lambda _e: open_scanner_for(gate.ctx, member.seat))))
    return ft.Row(buttons, wrap=True, spacing=8, run_spacing=8)
