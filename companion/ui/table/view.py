"""The table screen's layout: one scrolling column on phones, columns on tablets and desktops."""
from __future__ import annotations

import flet as ft

from .. import theme
from ..context import UiContext
from ..bag.view import build_bag_panel
from ..events import build_events_panel
from ..log_view import MAX_LINES, build_log
from .crew_panel import build_crew_panel
from .end_panel import build_end_panel
from .markers_panel import build_markers_panel
from .players import build_players_entry
from .power_panel import build_power_panel
from .time_track import build_time_track
from .track_actions import build_track_actions
from ..rules_screen import help_button

PAGE_PADDING = theme.PAGE_PADDING


def build_table(ctx: UiContext) -> ft.Control:
    game = ctx.game
    gate = ctx.gate()
    texts = ctx.texts
    track_width = ctx.width - 2 * PAGE_PADDING - 2 * theme.GAP - 4
    head: list[ft.Control] = [build_end_panel(texts, game)] if game.is_over else []
    head.append(build_time_track(texts, ctx.controller.rules, game, track_width,
                                 help=help_button(ctx, "time_track")))
    # Once the game is over only undo is left to do: no Event Phase buttons.
    board = [build_power_panel(gate), build_markers_panel(gate)]
    # One tap to the Intruder bag screen (and bag development) from the table.
    board.insert(0, build_bag_panel(gate))
    # The Event Phase runner, attacks, injury checks and the decks.
    board.insert(0, build_events_panel(gate))
    if not game.is_over:
        board.insert(0, build_track_actions(gate))
    crew = build_crew_panel(gate)
    if ctx.extras.get("seating") is not None:
        crew = ft.Column([build_players_entry(ctx), crew], spacing=8,
                         horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
    width = ctx.width - 2 * PAGE_PADDING
    journal = ctx.controller.history(ctx.viewer, limit=MAX_LINES)
    if ctx.is_phone:
        return ft.Column([*head, *board, crew, build_log(texts, journal)], spacing=theme.GAP, width=width,
                         horizontal_alignment=ft.CrossAxisAlignment.STRETCH)

    log = build_log(texts, journal, height=max(300.0, (ctx.page.height or 800) - 160))
    column = lambda controls, flex: ft.Container(  # noqa: E731
        ft.Column(controls, spacing=theme.GAP, horizontal_alignment=ft.CrossAxisAlignment.STRETCH), expand=flex)  # noqa: E731
    if ctx.is_wide:
        columns = [column(board, 5), column([crew], 4), column([log], 3)]
    else:
        columns = [column([*board, crew], 3), column([log], 2)]
    row = ft.Row(columns, vertical_alignment=ft.CrossAxisAlignment.START, spacing=theme.GAP)
    return ft.Column([*head, row], spacing=theme.GAP, width=width,
                         horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
