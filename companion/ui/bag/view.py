"""The Intruder bag screen (one column on phones, columns on tablets and desktops) and
the bag's panel on the table screen (one tap to the bag, development at step 10)."""
from __future__ import annotations

import flet as ft

from .. import ids, theme
from ..context import UiContext
from ..kit.gate import CommandGate, styled_button
from .encounter import build_development, build_encounter_form, development_button, is_development_step
from .panels import build_board, build_contents, build_eggs, build_history, build_odds, build_supply
from .reveal import BAG_SCREEN, build_reveal

TABLE, BAG = "table", BAG_SCREEN


def _header(ctx: UiContext) -> ft.Control:
    t = ctx.texts.t
    back = ids.tag(ids.BAG_BACK, styled_button(t("ui.bag.back"), icon=ft.Icons.ARROW_BACK,
                                                on_click=lambda _e: ctx.navigate(TABLE)))
    mode = ids.tag(ids.BAG_MODE, theme.pill(
        t("ui.bag.mode_physical") if ctx.game.bag.physical_bag else t("ui.bag.mode_digital"),
        bgcolor=theme.SURFACE_HIGH))
    title = ft.Row([ft.Icon(ft.Icons.SHOPPING_BAG, color=theme.YELLOW, size=28),
                    ft.Text(t("ui.bag.title"), size=24, weight=ft.FontWeight.BOLD)], spacing=8, tight=True)
    return ft.Row([back, title, mode], wrap=True, spacing=12, run_spacing=8,
                  vertical_alignment=ft.CrossAxisAlignment.CENTER)


def build_bag_screen(ctx: UiContext) -> ft.Control:
    gate = ctx.gate()
    width = ctx.width - 2 * theme.PAGE_PADDING
    reveal = build_reveal(ctx, large=not ctx.is_phone)
    running = not ctx.game.is_over
    encounter = [build_encounter_form(gate)] if running else []
    development = [build_development(gate)] if running else []
    odds = build_odds(gate)
    contents, supply = build_contents(gate), build_supply(gate)
    board, eggs = build_board(gate), build_eggs(gate)
    if ctx.is_phone:
        # The draw button, then its result right below it: no scrolling back up after a draw.
        return ft.Column(
            [_header(ctx), *encounter, reveal, *development, odds, contents, supply, board, eggs,
             build_history(gate)],
            spacing=theme.GAP, width=width, horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
        )

    def column(controls: list[ft.Control], flex: int) -> ft.Control:
        return ft.Container(ft.Column(controls, spacing=theme.GAP, horizontal_alignment=ft.CrossAxisAlignment.STRETCH),
                            expand=flex)

    if ctx.is_wide:
        history = build_history(gate, height=max(240.0, (ctx.page.height or 800) - 560))
        columns = [column([*encounter, *development, history], 4), column([reveal, odds], 5),
                   column([contents, supply, board, eggs], 4)]
    else:
        columns = [column([*encounter, reveal, *development, odds], 1),
                   column([contents, supply, board, eggs, build_history(gate)], 1)]
    return ft.Column(
        [_header(ctx), ft.Row(columns, vertical_alignment=ft.CrossAxisAlignment.START, spacing=theme.GAP)],
        spacing=theme.GAP, width=width, horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
    )


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
