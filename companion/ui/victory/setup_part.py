"""The new-game wizard's Contingency choice: the app deals the tokens, or the table keeps
the physical ones and enters the Active one at the Victory Check."""
from __future__ import annotations

import flet as ft

from .. import ids, theme
from ..context import UiContext

APP, TABLE = "app", "table"


def contingency_picker(ctx: UiContext, draft) -> ft.Control:
    """`draft.contingency_tokens`: True when the app deals the tokens."""
    t = ctx.texts.t

    def on_change(e) -> None:
        draft.contingency_tokens = e.control.selected[0] == APP
        ctx.rerender()

    picker = ids.tag(ids.SETUP_CONTINGENCY, ft.SegmentedButton(
        segments=[
            ft.Segment(value=TABLE,
                       label=ids.tag(ids.SETUP_CONTINGENCY_TABLE, ft.Text(t("ui.setup.contingency.table")))),
            ft.Segment(value=APP, label=ids.tag(ids.SETUP_CONTINGENCY_APP, ft.Text(t("ui.setup.contingency.app")))),
        ],
        selected=[APP if draft.contingency_tokens else TABLE],
        on_change=on_change,
        show_selected_icon=False,
    ))
    help_key = "ui.setup.contingency.app_help" if draft.contingency_tokens else "ui.setup.contingency.table_help"
    rows: list[ft.Control] = [picker, theme.muted(t(help_key))]
    if draft.contingency_tokens:
        rows.append(ft.Row([theme.unconfirmed_badge(14), theme.muted(t("ui.setup.contingency.unconfirmed"))],
                           spacing=6))
    return ft.Column(rows, spacing=8)
