"""The table screen, kept (kit.kept): built once per page and layout, then every new view
only sets what changed. One scrolling column on phones, columns on tablets and desktops.
A phone's first screen, down to 360×640, holds the main actions under the status strip:
the Event Phase and the bag in one row, then the Time track's actions (Advance Time and
its question), then the track itself (its legend one tap away).

A page's first screen goes out in two parts: the end panel, the Time track and its actions
at once, the other panels on the next render (the shell asks for it right away), so the
table can act before the whole screen has arrived."""
from __future__ import annotations

from typing import Any

import flet as ft

from .. import theme
from ..bag.table_panel import BagPanel
from ..context import UiContext
from ..kit.kept import PHONE, WIDE, KeptScreen
from ..log_view import MAX_LINES, Log
from .crew_panel import CrewPanel
from .end_panel import EndPanel
from .events_panel import EventsPanel
from .markers_panel import MarkersPanel
from .bits import Later
from .players import PlayersEntry
from .power_panel import PowerPanel
from .time_track import TimeTrack
from .tokens_panel import TokensPanel
from .track_actions import TrackActions

# A phone shows the newest lines under the panels; the full journal stays in the save file.
PHONE_LOG_LINES = 30


class TableScreen(KeptScreen):
    def __init__(self, ctx: UiContext, shell: Any = None) -> None:
        super().__init__(ctx, shell)
        phone, wide = self.layout == PHONE, self.layout == WIDE
        # Built when the game ends (most pages never need it).
        self.end = Later(self.changes, lambda: EndPanel(self))
        self.track = TimeTrack(self)
        self.actions = TrackActions(self)
        self.events = EventsPanel(self)
        self.bag = BagPanel(self)
        self.power = PowerPanel(self)
        self.markers = MarkersPanel(self)
        self.tokens = TokensPanel(self)
        self.players = PlayersEntry(self)
        self.crew = CrewPanel(self)
        self.log = Log(self, limit=PHONE_LOG_LINES if phone else MAX_LINES, scrolls=not phone)
        self.parts = (self.track, self.actions, self.events, self.bag, self.power, self.markers, self.tokens,
                      self.players, self.crew, self.log)
        first = (self.end, self.track, self.actions)
        first_controls: list[ft.Control] = [part.root for part in first]
        self.main_row: ft.Row | None = None
        board = [self.actions, self.events, self.bag, self.power, self.markers, self.tokens]
        crew = ft.Column([self.players.root, self.crew.root], spacing=8,
                         horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
        # Each list of parts, as it is at last; the first render holds only the first parts.
        self.lists: list[tuple[ft.Column, list[ft.Control]]] = []
        if phone:
            main = self._main_actions()
            first_controls.append(main.root)
            rest = [part for part in board if part is not self.actions]
            self.root = self._column([self.end, main, self.actions, self.track, *rest], [crew, self.log.root])
        else:
            board_column = self._column(board, [crew] if not wide else [])
            columns = [_flex(board_column, 5 if wide else 3)]
            if wide:
                columns.append(_flex(self._column([], [crew]), 4))
            columns.append(_flex(self._column([], [self.log.root]), 3 if wide else 2))
            row = ft.Row(columns, vertical_alignment=ft.CrossAxisAlignment.START, spacing=theme.GAP)
            self.root = self._column([self.end, self.track], [row])
            first_controls.append(row)  # it holds the actions
        self.first = first
        self.was_over: bool | None = None
        first_paint = bool(getattr(shell, "first_paint", False))
        for column, full in self.lists:
            column.controls = [c for c in full if any(c is f for f in first_controls)] if first_paint else full
        self.whole = not first_paint

    def _main_actions(self) -> "_Part":
        """The Event Phase's button (start or resume) and the bag's, taken from their
        panels into one row at the top of a phone's screen."""
        moved = [(self.events.row, self.events.start.root), (self.events.row, self.events.resume.root),
                 (self.bag.row, self.bag.open.root)]
        for row, control in moved:
            row.controls.remove(control)
        self.main_row = ft.Row([control for _row, control in moved], wrap=True, spacing=8, run_spacing=8)
        return _Part(self.main_row)

    def _column(self, parts: list, rest: list[ft.Control]) -> ft.Column:
        full = [part.root for part in parts] + rest
        column = ft.Column([], spacing=theme.GAP, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
        self.lists.append((column, full))
        return column

    def put_view(self) -> None:
        ctx, put = self.ctx, self.changes.put
        game = ctx.game
        if not self.whole and not getattr(self.shell, "first_paint", False):
            # The rest of the screen, right after its first part: it goes out whole.
            for column, full in self.lists:
                column.controls = full
                self.changes.mark(column)
            self.whole = True
        over = game.is_over
        self.end.show(over)
        # Once the game is over only undo is left to do: no Time track actions.
        put(self.actions.root, visible=not over)
        put(self.tokens.root, visible=not over)
        put(self.root, width=ctx.width - 2 * theme.PAGE_PADDING)
        for part in self.parts if self.whole else self.first[1:]:
            if not part.root.visible:
                continue
            inputs = getattr(part, "inputs", None)
            if inputs is None:
                part.show()
            else:
                self.show_part(part, inputs(), part.show)
        if over and self.was_over is False and self.shell is not None:
            # The last move: the table opens on the end of the game.
            self.shell.scroll_top()
        self.was_over = over


class _Part:
    """A control placed among the screen's parts (it shows nothing by itself)."""

    def __init__(self, root: ft.Control) -> None:
        self.root = root


def _flex(column: ft.Column, flex: int) -> ft.Control:
    return ft.Container(column, expand=flex)
