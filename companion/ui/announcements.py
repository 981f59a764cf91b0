"""Critical moments and power drops: a modal the table has to dismiss, so nobody misses one.
Several at once read as a compact list that fits a phone without scrolling."""
from __future__ import annotations

from typing import Callable, Sequence

import flet as ft

from companion.engine.views import Event

from . import ids, theme
from .dialogs import Dialog
from .help_topics import announcement_topic
from .i18n_view import Texts

# Below this width (a phone) the dialog takes the screen's width.
NARROW = 600


class Announcer:
    """One per page. New announcements join the open dialog instead of stacking dialogs."""

    def __init__(self, page: ft.Page, texts: Texts) -> None:
        self.page = page
        self.texts = texts
        self.entries: list[Event] = []
        self.dialog: Dialog | None = None
        # Called once the table has dismissed the dialog (a question may be waiting behind it).
        self.on_dismiss: Callable[[], None] | None = None
        # Opens the rules at a topic (the "?" beside a line); None: no "?".
        self.on_help: Callable[[str], None] | None = None

    @property
    def is_open(self) -> bool:
        return self.dialog is not None and self.dialog.is_open

    def announce(self, entries: Sequence[Event], shown: frozenset[str] = frozenset()) -> None:
        """Show the announced ones among a step's events (already filtered for the table),
        but for those the screen shows in full already (`shown`: their keys)."""
        wanted = [entry for entry in entries if entry.announce and entry.key not in shown]
        if not wanted:
            return
        self.entries.extend(wanted)
        if not self.is_open:
            self.dialog = Dialog(self.page, self.texts, bgcolor=theme.SURFACE_HIGH, scrollable=True)
        self._fill()

    def relabel(self) -> None:
        """Re-render in the page's (possibly new) language."""
        if self.is_open:
            self._fill()

    def _fill(self) -> None:
        # Several messages at once (the last move of a game says up to four) read as a
        # list, and a phone gives the dialog its whole width: they fit without scrolling.
        compact = len(self.entries) > 2
        narrow = (self.page.width or 520) < NARROW
        size, pad = (14, 8) if compact else (20, 12)
        lines = [
            ft.Container(
                content=ft.Row([ft.Text(self.texts.entry(entry), size=size, weight=ft.FontWeight.W_600,
                                        color=theme.TEXT, expand=True), *self._help(entry.key, compact)],
                               vertical_alignment=ft.CrossAxisAlignment.START, spacing=4),
                bgcolor=theme.SURFACE,
                border=ft.Border.only(left=ft.BorderSide(4 if compact else 6, theme.YELLOW)),
                padding=ft.Padding.symmetric(horizontal=pad, vertical=6 if compact else 12),
                border_radius=6,
            )
            for entry in self.entries
        ]
        title = ft.Row(
            [ft.Icon(ft.Icons.CAMPAIGN, color=theme.YELLOW, size=24 if narrow else 32),
             ft.Text(self.texts.t("ui.announce.title"), size=18 if narrow else 22, weight=ft.FontWeight.BOLD,
                     expand=True)],
            spacing=10,
        )
        phone_look = dict(inset_padding=ft.Padding.symmetric(horizontal=12, vertical=16),
                          title_padding=ft.Padding.only(left=16, top=16, right=16),
                          content_padding=ft.Padding.only(left=16, top=12, right=16),
                          actions_padding=ft.Padding.all(12)) if narrow else {}
        width = (self.page.width or 520) - 56 if narrow else min(520, (self.page.width or 520) - 96)
        body = ids.tag(
            ids.ANNOUNCEMENT,
            ft.Column(lines, tight=True, spacing=6 if compact else 10, width=width),
        )
        actions = [
            ids.tag(
                ids.ANNOUNCEMENT_OK,
                ft.Button(
                    content=self.texts.t("ui.announce.ok"),
                    on_click=self._dismiss,
                    style=ft.ButtonStyle(bgcolor=theme.YELLOW, color="#1a1a1a"),
                    height=48,
                ),
            )
        ]
        assert self.dialog is not None
        self.dialog.show(title=title, body=body, actions=actions, **phone_look)

    def _help(self, key: str, compact: bool = False) -> list[ft.Control]:
        topic = announcement_topic(key)
        if topic is None or self.on_help is None:
            return []

        def opened(_e) -> None:
            on_help = self.on_help
            self._dismiss()
            on_help(topic)  # type: ignore[misc]

        return [ids.tag(ids.rules_help(topic), ft.IconButton(
            icon=ft.Icons.HELP_OUTLINE, tooltip=self.texts.t("ui.rules.help"), on_click=opened,
            icon_size=18 if compact else None, style=ft.ButtonStyle(padding=2) if compact else None))]

    def _dismiss(self, _e=None) -> None:
        self.entries = []
        if self.dialog is not None:
            self.dialog.close()
        self.dialog = None
        if self.on_dismiss is not None:
            self.on_dismiss()
