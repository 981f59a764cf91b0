"""The table screen's layout: one scrolling column on phones, columns on tablets and desktops."""
from __future__ import annotations

import flet as ft

from .. import theme
from ..context import UiContext
from ..bag.table_panel import build_bag_panel
from ..events import build_events_panel
from ..kit.memo import kept_panel
from ..log_view import MAX_LINES, build_log
from .crew_panel import build_crew_panel
from .end_panel import build_end_panel
from .markers_panel import build_markers_panel
from .players import build_players_entry
from .power_panel import build_power_panel
from .time_track import build_time_track
from .track_actions import build_track_actions, confirming_advance
from ..rules_screen import help_button
from ..victory import build_contingency_panel, build_victory_entry

PAGE_PADDING = theme.PAGE_PADDING
# A phone shows the newest lines under the panels; the full journal stays in the save file.
PHONE_LOG_LINES = 30


def build_table(ctx: UiContext, *, first_paint: bool = False) -> ft.Control:
    """The table screen. Each panel is kept while what it shows is unchanged (kit.memo), so
    a tap rebuilds and sends only the panels it changed. `first_paint`: only the Time track
    and its actions, sent first when a page opens so the table can act while the rest follows."""
    game = ctx.game
    gate = ctx.gate()
    texts = ctx.texts
    seating = ctx.extras.get("seating")
    phones = seating.seats_with_phone() if seating is not None else None
    track_width = ctx.width - 2 * PAGE_PADDING - 2 * theme.GAP - 4
    victory = game.victory.step if game.victory is not None else None
    head: list[ft.Control] = [kept_panel(ctx, "end", (game.end, victory), lambda: build_end_panel(
        texts, game, build_victory_entry(ctx)))] if game.is_over else []
    head.append(kept_panel(
        ctx, "time-track", (game.time, game.time_active, game.self_destruct, game.alert_slot),
        lambda: build_time_track(ctx, game, track_width, help=help_button(ctx, "time_track"))))
    # Once the game is over only undo is left to do: no Time track actions.
    actions = [] if game.is_over else [kept_panel(
        ctx, "track-actions", (game.self_destruct, game.css_launch_pending, confirming_advance(ctx)),
        lambda: build_track_actions(gate))]
    if first_paint:
        return ft.Column([*head, *actions], spacing=theme.GAP, width=ctx.width - 2 * PAGE_PADDING,
                         horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
    board = [
        *actions,
        kept_panel(ctx, "events", (game.event_phase, game.is_over), lambda: build_events_panel(gate)),
        kept_panel(ctx, "bag", (game.bag, game.is_over, game.development_command), lambda: build_bag_panel(gate)),
        kept_panel(ctx, "power", (game.power, game.time_active), lambda: build_power_panel(gate)),
        kept_panel(ctx, "markers", (game.fire, game.fire_pool, game.malfunction, game.malfunction_pool,
                                    game.main_gate_open, game.isolation_open, game.first_encounter_done, game.mode),
                   lambda: build_markers_panel(gate)),
    ]
    # The app's Contingency tokens (rebuilt each time: it holds the hand-off of the device).
    tokens = build_contingency_panel(ctx)
    if tokens is not None:
        board.append(tokens)
    crew = kept_panel(ctx, "crew", (game.crew, phones), lambda: build_crew_panel(gate))
    if seating is not None:
        crew = ft.Column([kept_panel(ctx, "players-entry", (phones, len(game.crew)), lambda: build_players_entry(ctx)),
                          crew], spacing=8, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
    width = ctx.width - 2 * PAGE_PADDING
    version = ctx.feed.version if ctx.feed is not None else None
    if ctx.is_phone:
        log = kept_panel(ctx, "log", version, lambda: build_log(ctx, ctx.session.history(limit=PHONE_LOG_LINES)))
        return ft.Column([*head, *board, crew, log], spacing=theme.GAP, width=width,
                         horizontal_alignment=ft.CrossAxisAlignment.STRETCH)

    log = kept_panel(ctx, "log", version, lambda: build_log(
        ctx, ctx.session.history(limit=MAX_LINES), height=max(300.0, (ctx.page.height or 800) - 160)))
    column = lambda controls, flex: ft.Container(  # noqa: E731
        ft.Column(controls, spacing=theme.GAP, horizontal_alignment=ft.CrossAxisAlignment.STRETCH), expand=flex)  # noqa: E731
    if ctx.is_wide:
        columns = [column(board, 5), column([crew], 4), column([log], 3)]
    else:
        columns = [column([*board, crew], 3), column([log], 2)]
    row = ft.Row(columns, vertical_alignment=ft.CrossAxisAlignment.START, spacing=theme.GAP)
    return ft.Column([*head, row], spacing=theme.GAP, width=width,
                         horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
