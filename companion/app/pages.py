"""The app's pages: one main function per page around one shared controller. Each page gets
its door (companion.seats.page_door: the session its address proves) and its own PageApp."""
from __future__ import annotations

from typing import TYPE_CHECKING, Awaitable, Callable, Sequence

import flet as ft

from companion.seats.page_door import PageDoor
from companion.hosting.flet_patches import install_page_patches
from companion.ui.routes import as_table_route
from companion.ui.shell import PageApp

if TYPE_CHECKING:
    from companion.seats.controller import TableController


def page_id(page: ft.Page) -> str:
    session = getattr(page, "session", None)
    return str(getattr(session, "id", None) or id(page))


def make_main(controller: "TableController", *, language: str, startup_errors: Sequence[str] = (),
              seating=None, phone_access=None, trusted: bool = True) -> Callable[[ft.Page], Awaitable[None] | None]:
    """Every page gets its own PageApp over the same controller. `trusted`: the desktop
    window, always the table; a web page is what its address makes it (table with the host
    key, a seat with its secret, else the join screen)."""
    install_page_patches()

    def main(page: ft.Page) -> None:
        door = PageDoor(controller, page_id=page_id(page), route=as_table_route(getattr(page, "route", None)),
                        trusted=trusted, seating=seating, access=phone_access)
        PageApp(page, door, language=language, startup_errors=startup_errors).start()

    return main
