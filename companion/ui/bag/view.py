"""The Intruder bag screen (one column on phones, columns on tablets and desktops) and
the bag's panel on the table screen (one tap to the bag, development at step 10)."""
from __future__ import annotations

import flet as ft

from .. import ids, theme
from ..context import UiContext
from ..kit.memo import kept_panel
from ..kit.gate import CommandGate, styled_button
from .encounter import build_development, build_encounter_form, development_button, is_development_step
from .draft import draft_of
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
    # Panels are kept while what they show is unchanged (kit.memo): a draw rebuilds only
    # what it changed.
    game = ctx.game
    bag = game.bag
    odds = kept_panel(ctx, "bag-odds", (bag.odds, bag.show_odds, draft_of(ctx).hand), lambda: build_odds(gate))
    contents = kept_panel(ctx, "bag-contents", bag.in_bag, lambda: build_contents(gate))
    supply = kept_panel(ctx, "bag-supply", (bag.aside, game.addable_kinds), lambda: build_supply(gate))
    board = kept_panel(ctx, "bag-board", (bag.on_board, bag.carcasses), lambda: build_board(gate))
    eggs = kept_panel(ctx, "bag-eggs", (bag.eggs, bag.nest_destroyed), lambda: build_eggs(gate))
    version = ctx.feed.version if ctx.feed is not None else None
    if ctx.is_phone:
        # The draw button, then its result right below it: no scrolling back up after a draw.
        return ft.Column(
            [_header(ctx), *encounter, reveal, *development, odds, contents, supply, board, eggs,
             kept_panel(ctx, "bag-history", version, lambda: build_history(gate))],
            spacing=theme.GAP, width=width, horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
        )

    def column(controls: list[ft.Control], flex: int) -> ft.Control:
        return ft.Container(ft.Column(controls, spacing=theme.GAP, horizontal_alignment=ft.CrossAxisAlignment.STRETCH),
                            expand=flex)

    if ctx.is_wide:
        history = kept_panel(ctx, "bag-history", version,
                             lambda: build_history(gate, height=max(240.0, (ctx.page.height or 800) - 560)))
        columns = [column([*encounter, *development, history], 4), column([reveal, odds], 5),
                   column([contents, supply, board, eggs], 4)]
    else:
        columns = [column([*encounter, reveal, *development, odds], 1),
                   column([contents, supply, board, eggs,
                           kept_panel(ctx, "bag-history", version, lambda: build_history(gate))], 1)]
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
