"""The bag's panel on the table screen: what the bag holds, one tap to the bag screen, and
the bag's development (at step 10, the Event Phase's)."""
from __future__ import annotations

import flet as ft

from .. import ids, theme
from ..kit.gate import CommandGate, styled_button
from .encounter import development_button, is_development_step
from .reveal import BAG_SCREEN as BAG


def build_bag_panel(gate: CommandGate) -> ft.Control:
    """On the table screen: what the bag holds, one tap to the bag screen, and development."""
    ctx = gate.ctx
    t = ctx.texts.t
    game = ctx.game
    bag = game.bag
    summary = t("ui.bag.summary", count=bag.total, board=sum(bag.on_board.values()), eggs=bag.eggs)
    open_bag = ids.tag(ids.OPEN_BAG, styled_button(t("ui.bag.open"), icon=ft.Icons.SHOPPING_BAG, tone="primary",
                                                   on_click=lambda _e: ctx.navigate(BAG)))
    buttons: list[ft.Control] = [open_bag]
    if not game.is_over:
        buttons.append(development_button(gate))
    rows: list[ft.Control] = [ft.Text(summary, size=15)]
    if not game.is_over and is_development_step(game):
        rows.append(ft.Text(t("ui.bag.develop.now"), size=14, weight=ft.FontWeight.BOLD, color=theme.YELLOW))
    rows.append(ft.Row(buttons, wrap=True, spacing=8, run_spacing=8))
    return theme.card(ft.Column(rows, spacing=8), title=t("ui.bag.title"))
