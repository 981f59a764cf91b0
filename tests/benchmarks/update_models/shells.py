"""The app's page shell (companion/ui/shell.py) with its bag screen under each update
model, swapped in through the route table; the other screens are the app's own.

  A  the bag screen rebuilt on every render (bag_rebuilt.py: kit.memo and kit.graft keep
     what did not change), as it was before it was kept;
  B  the app as it ships: the kept bag screen (companion/ui/bag/screen.py);
  C  Flet's declarative components (bag_components.py), hosted as a kept screen whose
     `show` bumps the observable the component renders from.

Every screen sits in its own isolated holder and is kept per page under all three: a
screen change flips visibility (companion/ui/screen_host.py).

Switch for measuring (class attribute) `keep_index`: None as the app ships (live_index
puts the controls under a rebuilt screen back into Flet's index after its update); True:
every control on the page, after every render; False: never."""
from __future__ import annotations

from typing import Any

import flet as ft

from companion.ui.context import UiContext
from companion.ui.kit.kept import KeptScreen
from companion.ui.live_index import reindex
from companion.ui.routes import BAG
from companion.ui.screen_host import Kept, Rebuilt
from companion.ui.screens import TABLE_ROUTES
from companion.ui.shell import PageApp

from .bag_components import Shown, make_screen
from .bag_rebuilt import build_bag_screen as build_rebuilt_bag_screen


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


class ModelApp(PageApp):
    keep_index: bool | None = None

    def _send(self, changed: list[ft.Control], *, whole: bool, rebuilt: list[ft.Control]) -> None:
        super()._send(changed, whole=whole, rebuilt=[] if self.keep_index is False else rebuilt)
        if self.keep_index and isinstance(self.page, ft.Page):
            reindex(self.page)


class RebuiltBagApp(ModelApp):
    table_routes = {**TABLE_ROUTES, BAG: Rebuilt(lambda ctx, _shell: build_rebuilt_bag_screen(ctx))}


class KeptBagApp(ModelApp):
    pass


class ComponentsApp(ModelApp):
    table_routes = {**TABLE_ROUTES, BAG: Kept(ComponentsBagScreen)}


MODEL_APPS = {"A": RebuiltBagApp, "B": KeptBagApp, "C": ComponentsApp}
