"""Critical moments and power drops: a modal the table has to dismiss, so nobody misses one."""
from __future__ import annotations

from typing import Callable, Sequence

import flet as ft

from companion.engine.journal import Event

from . import ids, theme
from .dialogs import close, show_dialog
from .help_topics import announcement_topic
from .i18n_view import Texts


class Announcer:
    """One per page. New announcements join the open dialog instead of stacking dialogs."""

    def __init__(self, page: ft.Page, texts: Texts) -> None:
        self.page = page
        self.texts = texts
        self.entries: list[Event] = []
        self.dialog: ft.AlertDialog | None = None
        # Called once the table has dismissed the dialog (a question may be waiting behind it).
        self.on_dismiss: Callable[[], None] | None = None
        # Opens the rules at a topic (the "?" beside a line); None: no "?".
        self.on_help: Callable[[str], None] | None = None

    @property
    def is_open(self) -> bool:
        return self.dialog is not None and bool(self.dialog.open)

    def announce(self, entries: Sequence[Event], shown: frozenset[str] = frozenset()) -> None:
        """Show the announced ones among a step's events (already filtered for the table),
        but for those the screen shows in full already (`shown`: their keys)."""
        wanted = [entry for entry in entries if entry.announce and entry.key not in shown]
        if not wanted:
            return
        self.entries.extend(wanted)
        if self.dialog is not None and self.dialog.open:
            self._fill(self.dialog)
            self.dialog.update()
            return
        self.dialog = ft.AlertDialog(modal=True, bgcolor=theme.SURFACE_HIGH, scrollable=True)
        self._fill(self.dialog)
        show_dialog(self.page, self.dialog)

    def relabel(self) -> None:
        """Re-render in the page's (possibly new) language."""
        if self.dialog is not None and self.dialog.open:
            self._fill(self.dialog)
            self.dialog.update()

    def _fill(self, dialog: ft.AlertDialog) -> None:
        lines = [
            ft.Container(
                content=ft.Row([ft.Text(self.texts.entry(entry), size=20, weight=ft.FontWeight.W_600,
                                        color=theme.TEXT, expand=True), *self._help(entry.key)],
                               vertical_alignment=ft.CrossAxisAlignment.START, spacing=4),
                bgcolor=theme.SURFACE,
                border=ft.Border.only(left=ft.BorderSide(6, theme.YELLOW)),
                padding=12,
                border_radius=6,
            )
            for entry in self.entries
        ]
        dialog.title = ft.Row(
            [ft.Icon(ft.Icons.CAMPAIGN, color=theme.YELLOW, size=32),
             ft.Text(self.texts.t("ui.announce.title"), size=22, weight=ft.FontWeight.BOLD, expand=True)],
            spacing=10,
        )
        dialog.semantics_label = self.texts.t("ui.announce.title")  # follows a language switch
        dialog.content = ids.tag(
            ids.ANNOUNCEMENT,
            ft.Column(lines, tight=True, spacing=10, width=min(520, (self.page.width or 520) - 96)),
        )
        dialog.actions = [
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

    def _help(self, key: str) -> list[ft.Control]:
        topic = announcement_topic(key)
        if topic is None or self.on_help is None:
            return []

        def opened(_e) -> None:
            on_help = self.on_help
            self._dismiss()
            on_help(topic)  # type: ignore[misc]

        return [ids.tag(ids.rules_help(topic), ft.IconButton(icon=ft.Icons.HELP_OUTLINE,
                                                             tooltip=self.texts.t("ui.rules.help"), on_click=opened))]

    def _dismiss(self, _e=None) -> None:
        self.entries = []
        if self.dialog is not None:
            close(self.page, self.dialog)
        self.dialog = None
        if self.on_dismiss is not None:
            self.on_dismiss()
