"""The game log: localised lines, newest first, announcements highlighted. Kept (kit.kept):
a line is built once, when its entry first appears; a new entry adds its own lines."""
from __future__ import annotations

from typing import Sequence

import flet as ft

from companion.engine.views import Event

from . import ids, theme
from .i18n_view import Texts
from .kit.kept import Card, Changes, KeptScreen, KeyedItems

# Enough to follow the game at the table; the full journal stays in the save file.
MAX_LINES = 60


@ft.control(isolated=True)
class LineBox(ft.Container):
    """A log line's box. Isolated: a new line updates the log's list, and Flet then looks
    at each line's box alone, not at what it holds (a line never changes but its words)."""


class LogLine:
    """A line of a kept log (kit.kept.KeyedItems, keyed by `line_keys`): its entry never
    changes; its text follows the page's language."""

    def __init__(self, changes: Changes) -> None:
        self.changes = changes
        self.shown: tuple | None = None  # the entry and the words it was last shown in
        self.seq = ft.Text("", size=12, color=theme.TEXT_MUTED, width=34)
        self.text = ft.Text("", size=14, expand=True)
        self.root = LineBox(content=ft.Row([self.seq, self.text], vertical_alignment=ft.CrossAxisAlignment.START,
                                           spacing=6),
                            padding=ft.Padding.symmetric(vertical=4, horizontal=4),
                            border=ft.Border.only(bottom=ft.BorderSide(1, theme.OUTLINE)))

    def show(self, texts: Texts, entry: Event) -> None:
        # A line already showing this entry in these words is left alone: a new entry
        # would otherwise have every line of the log translated again.
        shown = (entry, texts.lang, texts.players)  # the names: a new dict with each feed, never changed
        if shown == self.shown:
            return
        self.shown = shown
        self.changes.put(self.seq, value=texts.t("ui.log.seq", seq=entry.seq))
        self.changes.put(self.text, value=texts.entry(entry),
                         weight=ft.FontWeight.BOLD if entry.announce else ft.FontWeight.NORMAL,
                         color=theme.YELLOW if entry.announce else theme.TEXT)


def line_keys(entries: Sequence[Event]) -> list[str]:
    """A key per line that stays with its entry as newer ones arrive: the step that wrote
    it and its place among that step's lines (a step writes all its lines at once)."""
    seen: dict[int, int] = {}
    keys = []
    for entry in entries:
        n = seen.get(entry.seq, 0)
        seen[entry.seq] = n + 1
        keys.append(f"log-{entry.seq}-{n}")
    return keys


class Log:
    """The table's log card: the newest `limit` lines of the journal as the page's viewer
    may read it. `scrolls`: a list of its own height (beside the panels on wider screens);
    else a plain column under them (a phone scrolls the whole screen). The journal is read
    again only when the game changed or the language did."""

    def __init__(self, screen: KeptScreen, *, limit: int, scrolls: bool) -> None:
        self.screen = screen
        self.limit = limit
        self.holder: ft.ListView | ft.Column = ft.ListView([], spacing=0) if scrolls else ft.Column([], spacing=0)
        self.scrolls = scrolls
        self.lines: KeyedItems[LogLine] = KeyedItems(screen.changes, self.holder, lambda _key: LogLine(screen.changes))
        self.card = Card(screen.changes, self.holder)
        self.root = ids.tag(ids.LOG, self.card.root)
        self.read: tuple | None = None  # the feed and language the lines were last read for

    def show(self) -> None:
        ctx = self.screen.ctx
        texts = ctx.texts
        self.card.show(texts.t("ui.log.title"))
        if self.scrolls:
            self.screen.changes.put(self.holder, height=max(300.0, (ctx.page.height or 800) - 160))
        read = (ctx.feed.version if ctx.feed is not None else None, texts.lang)
        if read == self.read:
            return
        self.read = read
        entries = ctx.session.history(limit=self.limit)[:MAX_LINES]
        self.lines.show(zip(line_keys(entries), entries), lambda line, entry: line.show(texts, entry))
