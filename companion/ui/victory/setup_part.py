"""The new-game wizard's Contingency choice: the app deals the tokens, or the table keeps
the physical ones and enters the Active one at the Victory Check. Kept (kit.kept): built
once, shown from the wizard's draft."""
from __future__ import annotations

from typing import Any, Callable

import flet as ft

from .. import ids, theme
from ..context import UiContext
from ..kit.kept import Changes
from companion.ui.victory import ids as victory_ids

APP, TABLE = "app", "table"


class ContingencyPicker:
    """`draft_of().contingency_tokens`: True when the app deals the tokens."""

    def __init__(self, changes: Changes, ctx_of: Callable[[], UiContext], draft_of: Callable[[], Any]) -> None:
        self.changes = changes
        self.ctx_of = ctx_of
        self.draft_of = draft_of
        self.table_label = ft.Text("")
        self.app_label = ft.Text("")
        self.picker = ft.SegmentedButton(
            segments=[ft.Segment(value=TABLE, label=ids.tag(victory_ids.SETUP_CONTINGENCY_TABLE, self.table_label)),
                      ft.Segment(value=APP, label=ids.tag(victory_ids.SETUP_CONTINGENCY_APP, self.app_label))],
            selected=[TABLE], on_change=self._changed, show_selected_icon=False)
        self.help = theme.muted("")
        # The words wrap beside the badge (a long line in a row would run past the card's edge).
        self.unconfirmed_text = theme.muted("")
        self.unconfirmed_text.expand = True
        self.unconfirmed = ft.Row([theme.unconfirmed_badge(14), self.unconfirmed_text], spacing=6)
        self.root = ft.Column([ids.tag(victory_ids.SETUP_CONTINGENCY, self.picker), self.help, self.unconfirmed], spacing=8)

    def _changed(self, e) -> None:
        self.draft_of().contingency_tokens = e.control.selected[0] == APP
        self.ctx_of().rerender()

    def show(self) -> None:
        ctx, put = self.ctx_of(), self.changes.put
        t = ctx.texts.t
        app = self.draft_of().contingency_tokens
        put(self.table_label, value=t("ui.setup.contingency.table"))
        put(self.app_label, value=t("ui.setup.contingency.app"))
        put(self.picker, selected=[APP if app else TABLE])
        put(self.help, value=t("ui.setup.contingency.app_help" if app else "ui.setup.contingency.table_help"))
        put(self.unconfirmed, visible=app)
        if app:
            put(self.unconfirmed_text, value=t("ui.setup.contingency.unconfirmed"))
