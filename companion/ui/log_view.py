"""The game log: localised lines, newest first, announcements highlighted."""
from __future__ import annotations

import flet as ft

from typing import Sequence

from companion.engine.journal import Event

from . import ids, theme
from .context import UiContext
from .i18n_view import Texts
from .kit.kept import Changes
from .kit.memo import kept_items

# Enough to follow the game at the table; the full journal stays in the save file.
MAX_LINES = 60


def build_log(ctx: UiContext, events: Sequence[Event], *, height: float | None = None) -> ft.Control:
    """`events`: the journal as the screen's viewer may read it, newest first
    (the page session's history). A line already shown is kept as it is (kit.memo.kept_items)."""
    texts = ctx.texts
    lines = log_lines(ctx, "log", list(events)[:MAX_LINES])
    body: ft.Control
    if height is not None:
        body = ft.ListView(lines, spacing=0, height=height)
    else:
        body = ft.Column(lines, spacing=0)
    return ids.tag(ids.LOG, theme.card(body, title=texts.t("ui.log.title")))


def log_lines(ctx: UiContext, name: str, entries: Sequence[Event]) -> list[ft.Control]:
    """A line per entry, each kept while it reads the same (kit.memo.kept_items): a new
    entry adds its own lines and builds nothing else. `name`: one per list on a page."""
    return kept_items(ctx, name, zip(line_keys(entries), entries), lambda entry: _line(ctx.texts, entry))


def _line(texts: Texts, entry: Event) -> ft.Control:
    return ft.Container(
        content=ft.Row(
            [
                ft.Text(texts.t("ui.log.seq", seq=entry.seq), size=12, color=theme.TEXT_MUTED, width=34),
                ft.Text(texts.entry(entry), size=14, expand=True,
                        weight=ft.FontWeight.BOLD if entry.announce else ft.FontWeight.NORMAL,
                        color=theme.YELLOW if entry.announce else theme.TEXT),
            ],
            vertical_alignment=ft.CrossAxisAlignment.START,
            spacing=6,
        ),
        padding=ft.Padding.symmetric(vertical=4, horizontal=4),
        border=ft.Border.only(bottom=ft.BorderSide(1, theme.OUTLINE)),
    )


class LogLine:
    """A line of a kept log (kit.kept.KeyedItems, keyed by `line_keys`): its entry never
    changes; its text follows the page's language."""

    def __init__(self, changes: Changes) -> None:
        self.changes = changes
        self.seq = ft.Text("", size=12, color=theme.TEXT_MUTED, width=34)
        self.text = ft.Text("", size=14, expand=True)
        self.root = ft.Container(content=ft.Row([self.seq, self.text], vertical_alignment=ft.CrossAxisAlignment.START,
                                                spacing=6),
                                 padding=ft.Padding.symmetric(vertical=4, horizontal=4),
                                 border=ft.Border.only(bottom=ft.BorderSide(1, theme.OUTLINE)))

    def show(self, texts: Texts, entry: Event) -> None:
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
