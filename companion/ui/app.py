"""Entry point for the CLI: builds the per-page main function around one shared controller."""
from __future__ import annotations

from typing import Awaitable, Callable, Sequence

import flet as ft

from companion.controller import TableController

from .shell import PageApp


def make_main(controller: TableController, *, language: str,
              startup_errors: Sequence[str] = ()) -> Callable[[ft.Page], Awaitable[None] | None]:
    """Every page (desktop window or browser tab) gets its own PageApp over the same controller."""

    def main(page: ft.Page) -> None:
        PageApp(page, controller, language=language, startup_errors=startup_errors).start()

    return main
