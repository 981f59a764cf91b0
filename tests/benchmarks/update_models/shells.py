"""The app's page shell (companion/ui/shell.py) with its bag screen under each update
model, swapped in through the route table; the other screens are the app's own.

  A  the bag screen rebuilt on every render (bag_rebuilt.py: kit.memo and kit.graft keep
     what did not change), as it was before it was kept;
  B  the app as it ships: the kept bag screen (companion/ui/bag/screen.py);
  C  Flet's declarative components (bag_components.py), hosted as a kept screen whose
     `show` bumps the observable the component renders from.

Every screen sits in its own isolated holder and is kept per page under all three: a
screen change flips visibility (companion/ui/screen_host.py).

Switch for measuring (class attribute) `keep_index`: None as model A shipped (the
controls under the rebuilt bag screen put back into Flet's index after its update); True:
every control on the page, after every render; False: never."""
from __future__ import annotations

from typing import Any

import flet as ft

from companion.ui.context import UiContext
from companion.ui.kit.kept import KeptScreen
from tests.support.control_tree import reindex
from companion.ui.routes import BAG
from companion.ui.screen_host import Kept
from companion.ui.screens import TABLE_ROUTES
from companion.ui.shell import PageApp

from .bag_components import Shown, make_screen
from .bag_rebuilt import build_bag_screen as build_rebuilt_bag_screen
from .graft import graft_below


class ComponentsBagScreen(KeptScreen):
    """Model C's bag screen: a component Flet renders again whenever `shown` is bumped (on
    the page's loop, through its update scheduler); nothing for the shell to send."""

    def __init__(self, ctx: UiContext, shell: Any = None) -> None:
        super().__init__(ctx, shell)
        ctx.page.session.start_updates_scheduler()
        self.shown = Shown()
        # Under a column of its own: the component is frozen, the host keys the screen's root.
        self.root = ft.Column([make_screen(self.shown, ctx)], spacing=0)

    def fits(self, ctx: UiContext) -> bool:
        return True  # its one layout is the phone's

    def put_view(self) -> None:
        self.shown.version += 1


class RebuiltBagScreen(KeptScreen):
    """Model A's bag screen: built anew at every show, grafted onto the one before (kit.graft
    as it was), its holder column sent whole."""

    def __init__(self, ctx: UiContext, shell: Any = None) -> None:
        super().__init__(ctx, shell)
        self.root = ft.Column([], spacing=0)
        self.shown: ft.Control | None = None

    def show(self) -> list[ft.Control]:
        screen = build_rebuilt_bag_screen(self.ctx)
        screen.key = "screen-bag"
        if self.shown is not None:
            screen = graft_below(self.shown, screen)
        self.root.controls = [screen]
        self.shown = screen
        return [self.root]

    def put_view(self) -> None:  # show() draws it whole
        pass


class ModelApp(PageApp):
    keep_index: bool | None = None

    def _send(self, changed: list[ft.Control], *, whole: bool) -> None:
        super()._send(changed, whole=whole)
        if self.keep_index is False or not isinstance(self.page, ft.Page):
            return
        if self.keep_index:
            reindex(self.page)
            return
        bag = self.frame.host.kept_screen(BAG) if self.frame is not None else None
        if isinstance(bag, RebuiltBagScreen):
            reindex(self.page, bag.root)


class RebuiltBagApp(ModelApp):
    table_routes = {**TABLE_ROUTES, BAG: Kept(RebuiltBagScreen)}


class KeptBagApp(ModelApp):
    pass


class ComponentsApp(ModelApp):
    table_routes = {**TABLE_ROUTES, BAG: Kept(ComponentsBagScreen)}


MODEL_APPS = {"A": RebuiltBagApp, "B": KeptBagApp, "C": ComponentsApp}
