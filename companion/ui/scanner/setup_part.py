"""The setup wizard's Contamination card: the app's deck on or off, and how many of its
cards show INFECTED (a value no printed rule gives: marked unconfirmed, the table may
change it)."""
from __future__ import annotations

from typing import Any

import flet as ft

from .. import ids, theme
from ..context import UiContext
from ..kit.chips import label, stepper


def contamination_picker(ctx: UiContext, draft: Any) -> ft.Control:
    """`draft` carries `digital_contamination` and `infected_count` (None: the rules data's value)."""
    t = ctx.texts.t
    rules = ctx.session.rules.contamination

    def on_digital(e) -> None:
        draft.digital_contamination = bool(e.control.value)
        ctx.rerender()

    def on_count(value: int) -> None:
        draft.infected_count = value
        ctx.rerender()

    switch = ids.tag(ids.SETUP_CONTAMINATION, ft.Switch(label=t("ui.setup.contamination.digital"),
                                                         value=draft.digital_contamination, on_change=on_digital))
    rows: list[ft.Control] = [switch]
    if not draft.digital_contamination:
        rows.append(theme.muted(t("ui.setup.contamination.printed_help"), size=14))
        return ft.Column(rows, spacing=8)
    count = draft.infected_count if draft.infected_count is not None else rules.infected_count
    heading: list[ft.Control] = [label(t("ui.setup.contamination.infected", cards=rules.cards))]
    if rules.is_unconfirmed("infected_count"):
        heading += [ft.Container(theme.unconfirmed_badge(14), tooltip=t("common.unconfirmed")),
                    theme.muted(t("common.unconfirmed"), size=13)]
    rows += [
        theme.muted(t("ui.setup.contamination.digital_help"), size=14),
        ft.Row(heading, spacing=6, wrap=True),
        stepper(count, on_change=on_count, identifier=ids.SETUP_INFECTED, down_id=ids.SETUP_INFECTED_DOWN,
                up_id=ids.SETUP_INFECTED_UP, down_tip=t("ui.setup.contamination.fewer"),
                up_tip=t("ui.setup.contamination.more"), high=rules.cards),
    ]
    if rules.is_unconfirmed("infected_count"):
        rows.append(theme.muted(t("ui.setup.contamination.unconfirmed_help"), size=13))
    return ft.Column(rows, spacing=8)
