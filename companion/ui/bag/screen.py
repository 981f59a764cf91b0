"""The Intruder bag screen, kept (kit.kept): built once per page and layout, then every new
view or form tap only sets what changed. Two columns on tablets, three on wide screens.
On phones one column whose draw button (and a Surprise Attack's Resolve) stays at the
window's bottom edge (kit.pinned), however far the form runs, with the drawn token in one
line above them: it shows in the draw's own answer, with nothing to scroll."""
from __future__ import annotations

from typing import Any

import flet as ft

from .. import ids, theme
from ..context import UiContext
from ..kit.kept import PHONE, WIDE, ActionButton, KeptScreen
from ..kit.pinned import Pinned
from .form import Development, EncounterForm
from .panels import Board, Contents, Eggs, History, Odds, Supply
from .token_card import Reveal
from companion.ui.bag import ids as bag_ids

TABLE = "table"


class Header:
    """Back to the table, the screen's title and whether the bag is digital or physical."""

    def __init__(self, screen: KeptScreen) -> None:
        self.screen = screen
        self.back = ActionButton(screen.changes, bag_ids.BAG_BACK, icon=ft.Icons.ARROW_BACK, page_of=screen.page,
                                 on_tap=lambda: screen.ctx.navigate(TABLE))
        self.title = ft.Text("", size=24, weight=ft.FontWeight.BOLD)
        self.mode = ft.Text("", size=13, color=theme.TEXT, weight=ft.FontWeight.BOLD)
        pill = ft.Container(content=self.mode, bgcolor=theme.SURFACE_HIGH, border_radius=20,
                            padding=ft.Padding.symmetric(horizontal=10, vertical=3))
        self.root = ft.Row([self.back.root,
                            ft.Row([ft.Icon(ft.Icons.SHOPPING_BAG, color=theme.YELLOW, size=28), self.title], spacing=8,
                                   tight=True),
                            ids.tag(bag_ids.BAG_MODE, pill)],
                           wrap=True, spacing=12, run_spacing=8, vertical_alignment=ft.CrossAxisAlignment.CENTER)

    def show(self) -> None:
        ctx, put = self.screen.ctx, self.screen.changes.put
        t = ctx.texts.t
        self.back.show(t("ui.bag.back"), refused=None)
        put(self.title, value=t("ui.bag.title"))
        put(self.mode, value=t("ui.bag.mode_physical") if ctx.game.bag.physical_bag else t("ui.bag.mode_digital"))


class BagScreen(KeptScreen):
    def __init__(self, ctx: UiContext, shell: Any = None) -> None:
        super().__init__(ctx, shell)
        phone, wide = self.layout == PHONE, self.layout == WIDE
        self.header = Header(self)
        self.encounter = EncounterForm(self, draw_apart=phone)
        self.reveal = Reveal(self, large=not phone, resolve_apart=phone, line_apart=phone)
        self.development = Development(self)
        self.odds = Odds(self)
        self.contents = Contents(self)
        self.supply = Supply(self)
        self.board = Board(self)
        self.eggs = Eggs(self)
        self.history = History(self, scrolls=wide)
        self.parts = (self.header, self.encounter, self.reveal, self.development, self.odds, self.contents,
                      self.supply, self.board, self.eggs, self.history)
        e, r, d, o, c, s, b, g, h = (part.root for part in self.parts[1:])
        self.pinned: Pinned | None = None
        if phone:
            line = self.reveal.line.root  # type: ignore[union-attr]
            self.pinned = Pinned(self.changes, body=[self.header.root, e, r, d, o, c, s, b, g, h],
                                 footer=[line, self.reveal.resolve.root, self.encounter.draw.root], phone=True)
            self.root = self.pinned.root
            return
        if wide:
            body = [self.header.root, ft.Row([_column([e, d, h], 4), _column([r, o], 5), _column([c, s, b, g], 4)],
                                             vertical_alignment=ft.CrossAxisAlignment.START, spacing=theme.GAP)]
        else:
            body = [self.header.root, ft.Row([_column([e, r, d, o], 1), _column([c, s, b, g, h], 1)],
                                             vertical_alignment=ft.CrossAxisAlignment.START, spacing=theme.GAP)]
        self.root = ft.Column(body, spacing=theme.GAP, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)

    def put_view(self) -> None:
        put = self.changes.put
        running = not self.ctx.game.is_over
        # Once the game is over nothing more is drawn or developed.
        put(self.encounter.root, visible=running)
        put(self.development.root, visible=running)
        width = self.ctx.width - 2 * theme.PAGE_PADDING
        if self.pinned is None:
            put(self.root, width=width)
        else:
            self.pinned.fill(self.ctx, width)
            put(self.pinned.footer, visible=running)
        for part in self.parts:
            if part.root.visible:
                part.show()


def _column(controls: list[ft.Control], flex: int) -> ft.Control:
    return ft.Container(ft.Column(controls, spacing=theme.GAP, horizontal_alignment=ft.CrossAxisAlignment.STRETCH),
                        expand=flex)
