"""Model B's bag screen: built once per page and layout, then every new view (or a form
tap) only sets properties (kept.py). The worked example of converting a screen.

    screen = KeptBagScreen(ctx)     # builds every control once
    holder.controls = [screen.root]
    page.update(holder)             # sent once, whole
    ...
    changed = screen.show()         # sets every property from ctx's current view;
    page.update(*changed)           # the controls whose properties changed, nothing else

A layout (phone, tablet, wide) is a different arrangement of the same pieces: a width
that changes the layout builds the screen anew (rare), any other change only shows."""
from __future__ import annotations

import flet as ft

from companion.ui import ids, theme
from companion.ui.bag.reveal import BAG_SCREEN
from companion.ui.context import UiContext

from .bag_kept_form import Development, EncounterForm, Reveal, Screen
from .bag_kept_panels import Board, Contents, Eggs, History, Odds, Supply
from .kept import button_style

TABLE, BAG = "table", BAG_SCREEN


def layout_of(ctx: UiContext) -> str:
    return "phone" if ctx.is_phone else "wide" if ctx.is_wide else "tablet"


class Header:
    def __init__(self, screen: Screen) -> None:
        self.back_label = ft.Text("", size=15, text_align=ft.TextAlign.CENTER)
        back = ft.Button(content=self.back_label, icon=ft.Icons.ARROW_BACK, height=48,
                         on_click=lambda _e: screen.ctx.navigate(TABLE), style=button_style("normal", False))
        self.title = ft.Text("", size=24, weight=ft.FontWeight.BOLD)
        self.mode = ft.Text("", size=13, color=theme.TEXT, weight=ft.FontWeight.BOLD)
        pill = ft.Container(content=self.mode, bgcolor=theme.SURFACE_HIGH, border_radius=20,
                            padding=ft.Padding.symmetric(horizontal=10, vertical=3))
        self.root = ft.Row([ids.tag(ids.BAG_BACK, back),
                            ft.Row([ft.Icon(ft.Icons.SHOPPING_BAG, color=theme.YELLOW, size=28), self.title], spacing=8,
                                   tight=True),
                            ids.tag(ids.BAG_MODE, pill)],
                           wrap=True, spacing=12, run_spacing=8, vertical_alignment=ft.CrossAxisAlignment.CENTER)
        self.screen = screen

    def show(self) -> None:
        ctx, put = self.screen.ctx, self.screen.changes.put
        t = ctx.texts.t
        put(self.back_label, value=t("ui.bag.back"))
        put(self.title, value=t("ui.bag.title"))
        put(self.mode, value=t("ui.bag.mode_physical") if ctx.game.bag.physical_bag else t("ui.bag.mode_digital"))


class KeptBagScreen:
    def __init__(self, ctx: UiContext) -> None:
        screen = self.screen = Screen(ctx)
        self.ctx = ctx
        self.layout = layout_of(ctx)
        phone, wide = self.layout == "phone", self.layout == "wide"
        self.header = Header(screen)
        self.encounter = EncounterForm(screen)
        self.reveal = Reveal(screen, large=not phone)
        self.development = Development(screen)
        self.odds = Odds(screen)
        self.contents = Contents(screen)
        self.supply = Supply(screen)
        self.board = Board(screen)
        self.eggs = Eggs(screen)
        self.history = History(screen, height=max(240.0, (ctx.page.height or 800) - 560) if wide else None)
        self.pieces = (self.header, self.encounter, self.reveal, self.development, self.odds, self.contents,
                       self.supply, self.board, self.eggs, self.history)
        e, r, d, o, c, s, b, g, h = (piece.root for piece in self.pieces[1:])
        if phone:
            # The draw button, then its result right below it: no scrolling back up after a draw.
            body = [self.header.root, e, r, d, o, c, s, b, g, h]
        elif wide:
            body = [self.header.root, ft.Row([_column([e, d, h], 4), _column([r, o], 5), _column([c, s, b, g], 4)],
                                             vertical_alignment=ft.CrossAxisAlignment.START, spacing=theme.GAP)]
        else:
            body = [self.header.root, ft.Row([_column([e, r, d, o], 1), _column([c, s, b, g, h], 1)],
                                             vertical_alignment=ft.CrossAxisAlignment.START, spacing=theme.GAP)]
        self.root = ft.Column(body, spacing=theme.GAP, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)

    def show(self) -> list[ft.Control]:
        """Every property from the page's current view and draft; the controls on the page
        that changed (to be updated), outermost only."""
        put = self.screen.changes.put
        running = not self.ctx.game.is_over
        put(self.encounter.root, visible=running)
        put(self.development.root, visible=running)
        put(self.root, width=self.ctx.width - 2 * theme.PAGE_PADDING)
        for piece in self.pieces:
            if piece.root.visible:
                piece.show()
        return self.screen.changes.take()


def _column(controls: list[ft.Control], flex: int) -> ft.Control:
    return ft.Container(ft.Column(controls, spacing=theme.GAP, horizontal_alignment=ft.CrossAxisAlignment.STRETCH),
                        expand=flex)
