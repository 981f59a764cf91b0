"""The bag's panel on the table screen: what the bag holds, one tap to the bag screen, and
the bag's development (at step 10, the Event Phase's). Kept (kit.kept)."""
from __future__ import annotations

import flet as ft

from .. import theme
from ..kit.kept import ActionButton, Card, KeptScreen
from .encounter import development_action, is_development_step
from .form import DrawButton
from .reveal import BAG_SCREEN as BAG
from companion.ui.bag import ids as bag_ids


class BagPanel:
    def __init__(self, screen: KeptScreen) -> None:
        self.screen = screen
        changes = screen.changes
        self.summary = ft.Text("", size=15)
        self.now = ft.Text("", size=14, weight=ft.FontWeight.BOLD, color=theme.YELLOW)
        self.open = ActionButton(changes, bag_ids.OPEN_BAG, icon=ft.Icons.SHOPPING_BAG, tone="primary",
                                 page_of=screen.page, on_tap=lambda: screen.ctx.navigate(BAG))
        self.develop = DrawButton(changes, bag_ids.BAG_DEVELOPMENT, icon=ft.Icons.AUTORENEW, gate_of=screen.gate,
                                  page_of=screen.page, outcome_title=lambda: screen.ctx.texts.t("ui.bag.outcome.title"))
        self.row = ft.Row([self.open.root, self.develop.root], wrap=True, spacing=8, run_spacing=8)
        self.card = Card(changes, ft.Column([self.summary, self.now, self.row], spacing=8))
        self.root = self.card.root

    def show(self) -> None:
        ctx, put = self.screen.ctx, self.screen.changes.put
        t, game = ctx.texts.t, ctx.game
        bag = game.bag
        self.card.show(t("ui.bag.title"))
        put(self.summary, value=t("ui.bag.summary", count=bag.total, board=sum(bag.on_board.values()), eggs=bag.eggs))
        running = not game.is_over
        step = running and is_development_step(game)
        put(self.now, visible=step)
        if step:
            put(self.now, value=t("ui.bag.develop.now"))
        self.open.show(t("ui.bag.open"), refused=None)
        self.develop.show_draw(development_action(ctx), t("ui.bag.develop.button"),
                               tone="warning" if step else "normal", visible=running)
