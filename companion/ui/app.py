"""Entry points for the CLI: the per-page main functions around one shared controller."""
from __future__ import annotations

from typing import Awaitable, Callable, Sequence

import flet as ft

from companion.controller import TableController

from . import diff_fast_path
from .shell import PageApp


def make_main(controller: TableController, *, language: str, startup_errors: Sequence[str] = (),
              seating=None, phone_access=None, trusted: bool = True) -> Callable[[ft.Page], Awaitable[None] | None]:
    """Every page gets its own PageApp over the same controller. `trusted`: the desktop
    window, always the table; a web page is what its address makes it (table with the host
    key, a seat with its secret, else the join screen)."""
    diff_fast_path.install()

    def main(page: ft.Page) -> None:
        PageApp(page, controller, language=language, startup_errors=startup_errors, seating=seating,
                phone_access=phone_access, trusted=trusted).start()

    return main
