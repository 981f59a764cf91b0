"""The screen shown when the app cannot run a game at all (e.g. broken rules data)."""
from __future__ import annotations

import flet as ft


def make_fatal_main(*, language: str, message: str):
    def main(page: ft.Page) -> None:
        page.theme_mode = ft.ThemeMode.DARK
        page.add(
            ft.SafeArea(
                ft.Semantics(
                    identifier="fatal-error",
                    content=ft.Text(message, size=18, color=ft.Colors.RED_200, selectable=True),
                )
            )
        )

    return main
