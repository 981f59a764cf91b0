"""The setup wizard's Contamination card: the printed cards or the app's deck, which the
table picks (nothing is chosen before it does: the choice decides the game), and with the
app's deck how many of its cards show INFECTED (a value no printed rule gives: marked
unconfirmed, the table may change it). Kept (kit.kept): built once, shown from the
wizard's draft."""
from __future__ import annotations

from typing import Any, Callable

import flet as ft

from .. import ids, theme
from ..context import UiContext
from ..kit.chips import label
from ..kit.kept import Changes
from companion.ui.scanner import ids as scanner_ids

PRINTED, APP = "printed", "app"


class ContaminationPicker:
    """`draft_of()` carries `digital_contamination` (None: not chosen yet) and
    `infected_count` (None: the rules data's value); a change of it shows the page again
    (`ctx_of().rerender`)."""

    def __init__(self, changes: Changes, ctx_of: Callable[[], UiContext], draft_of: Callable[[], Any]) -> None:
        self.changes = changes
        self.ctx_of = ctx_of
        self.draft_of = draft_of
        self.printed_label = ft.Text("")
        self.app_label = ft.Text("")
        self.picker = ft.SegmentedButton(
            segments=[ft.Segment(value=PRINTED, label=ids.tag(scanner_ids.SETUP_CONTAMINATION_PRINTED, self.printed_label)),
                      ft.Segment(value=APP, label=ids.tag(scanner_ids.SETUP_CONTAMINATION_APP, self.app_label))],
            selected=[], allow_empty_selection=True, on_change=self._changed, show_selected_icon=False)
        self.ask = theme.muted("", size=14)
        self.printed_help = theme.muted("", size=14)
        self.digital_help = theme.muted("", size=14)
        self.heading = label("")
        self.unconfirmed_badge = ft.Container(theme.unconfirmed_badge(14))
        self.unconfirmed_word = theme.muted("", size=13)
        self.count = ft.Text("", size=28, weight=ft.FontWeight.BOLD)
        self.down = self._step_button(ft.Icons.REMOVE, -1)
        self.up = self._step_button(ft.Icons.ADD, +1)
        self.unconfirmed_help = theme.muted("", size=13)
        self.digital = ft.Column([
            self.digital_help,
            ft.Row([self.heading, self.unconfirmed_badge, self.unconfirmed_word], spacing=6, wrap=True),
            ft.Row([ids.tag(scanner_ids.SETUP_INFECTED_DOWN, self.down),
                    ids.tag(scanner_ids.SETUP_INFECTED, ft.Container(content=self.count, width=64,
                                                             alignment=ft.Alignment.CENTER)),
                    ids.tag(scanner_ids.SETUP_INFECTED_UP, self.up)],
                   spacing=6, tight=True, vertical_alignment=ft.CrossAxisAlignment.CENTER),
            self.unconfirmed_help], spacing=8)
        self.root = ft.Column([ids.tag(scanner_ids.SETUP_CONTAMINATION, self.picker), self.ask, self.printed_help,
                               self.digital], spacing=8)

    def _step_button(self, icon, delta: int) -> ft.IconButton:
        return ft.IconButton(icon=icon, icon_size=26, on_click=lambda _e: self._step(delta),
                             style=ft.ButtonStyle(bgcolor={ft.ControlState.DISABLED: theme.BUTTON_DISABLED,
                                                           ft.ControlState.DEFAULT: theme.BUTTON},
                                                  shape=ft.RoundedRectangleBorder(radius=8)))

    def _changed(self, e) -> None:
        picked = list(e.control.selected or [])
        self.draft_of().digital_contamination = (picked[0] == APP) if picked else None
        self.ctx_of().rerender()

    def _count(self) -> int:
        draft = self.draft_of()
        rules = self.ctx_of().session.rules.contamination
        return draft.infected_count if draft.infected_count is not None else rules.infected_count

    def _step(self, delta: int) -> None:
        # From the draft as it is now: two quick taps are two steps.
        rules = self.ctx_of().session.rules.contamination
        wanted = min(rules.cards, max(0, self._count() + delta))
        if wanted != self._count():
            self.draft_of().infected_count = wanted
            self.ctx_of().rerender()

    def show(self) -> None:
        ctx, put = self.ctx_of(), self.changes.put
        t = ctx.texts.t
        draft = self.draft_of()
        rules = ctx.session.rules.contamination
        digital = draft.digital_contamination
        put(self.printed_label, value=t("ui.setup.contamination.printed"))
        put(self.app_label, value=t("ui.setup.contamination.app"))
        put(self.picker, selected=[] if digital is None else [APP if digital else PRINTED])
        # Not chosen yet: what each choice means, the app's count said to be unconfirmed.
        put(self.ask, visible=digital is None)
        if digital is None:
            key = ("ui.setup.contamination.choose_unconfirmed" if rules.is_unconfirmed("infected_count")
                   else "ui.setup.contamination.choose")
            put(self.ask, value=t(key, cards=rules.cards, infected=rules.infected_count))
        put(self.printed_help, visible=digital is False)
        put(self.digital, visible=digital is True)
        if digital is False:
            put(self.printed_help, value=t("ui.setup.contamination.printed_help"))
        if not digital:
            return
        count = self._count()
        unconfirmed = rules.is_unconfirmed("infected_count")
        put(self.digital_help, value=t("ui.setup.contamination.digital_help"))
        put(self.heading, value=t("ui.setup.contamination.infected", cards=rules.cards))
        put(self.unconfirmed_badge, visible=unconfirmed, tooltip=t("common.unconfirmed"))
        put(self.unconfirmed_word, visible=unconfirmed, value=t("common.unconfirmed"))
        put(self.count, value=str(count))
        put(self.down, tooltip=t("ui.setup.contamination.fewer"), disabled=count <= 0)
        put(self.up, tooltip=t("ui.setup.contamination.more"), disabled=count >= rules.cards)
        put(self.unconfirmed_help, visible=unconfirmed, value=t("ui.setup.contamination.unconfirmed_help"))
