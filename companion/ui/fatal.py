"""The screen shown when the app cannot run a game at all (e.g. broken rules data)."""
from __future__ import annotations

from typing import Callable, Sequence

import flet as ft

from companion.i18n import LANGUAGE_NAMES

from . import ids

FATAL_ERROR = "fatal-error"


def build_fatal_screen(message: str, *, language: str | None, languages: Sequence[str],
                       on_language: Callable[[str], None]) -> ft.Control:
    """What is wrong, and a language switch when more than one language works."""
    text = ft.Semantics(identifier=FATAL_ERROR,
                        content=ft.Text(message, size=18, color=ft.Colors.RED_200, selectable=True))
    if len(languages) < 2:
        return ft.Column([text])
    picker = ft.Dropdown(
        value=language,
        options=[ft.DropdownOption(key=lang, text=LANGUAGE_NAMES.get(lang, lang)) for lang in languages],
        on_select=lambda e: on_language(e.control.value),
        leading_icon=ft.Icons.TRANSLATE,
        dense=True,
        width=260,
    )
    return ft.Column([ids.tag(ids.LANGUAGE, picker), text], spacing=16)


def make_fatal_main(*, language: str | None, languages: Sequence[str], describe: Callable[[str | None], str]):
    """`describe(lang)` is the message in `lang`; each page can switch among `languages`."""

    def main(page: ft.Page) -> None:
        page.theme_mode = ft.ThemeMode.DARK

        def show(lang: str | None) -> None:
            page.controls = [ft.SafeArea(build_fatal_screen(describe(lang), language=lang, languages=languages,
                                                            on_language=show))]
            page.update()

        show(language)

    return main
