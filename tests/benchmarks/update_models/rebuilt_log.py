"""The log's lines as the table drew them before it was kept (one control tree per line,
kept by kit.memo while it reads the same): what the rebuilt and component prototypes
draw, so they measure the model they stand for."""
from __future__ import annotations

from typing import Sequence

import flet as ft

from companion.engine.journal import Event
from companion.ui import theme
from companion.ui.context import UiContext
from companion.ui.i18n_view import Texts
from tests.benchmarks.update_models.memo import kept_items
from companion.ui.log_view import line_keys


def log_lines(ctx: UiContext, name: str, entries: Sequence[Event]) -> list[ft.Control]:
    """A line per entry, each kept while it reads the same (kit.memo.kept_items)."""
    return kept_items(ctx, name, zip(line_keys(entries), entries), lambda entry: line(ctx.texts, entry))


def line(texts: Texts, entry: Event) -> ft.Control:
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
