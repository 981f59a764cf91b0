"""An Intruder token in one line, for the physical bag's "what came out?" picker (the
large token is bag.token_card.TokenFace)."""
from __future__ import annotations

import flet as ft

from ..i18n_view import Texts
from ..kit.kinds import DARK_ICON, LIGHT_ICON, kind_badge, kind_name


def token_chip(texts: Texts, kind: str, light: int | None, dark: int | None) -> ft.Control:
    """A compact token for pickers: badge, kind and numbers on one line."""
    parts: list[ft.Control] = [kind_badge(kind, 30),
                               ft.Text(kind_name(texts, kind), size=16, weight=ft.FontWeight.BOLD)]
    if light is not None:
        parts += [ft.Icon(LIGHT_ICON, size=16), ft.Text(str(light), size=18, weight=ft.FontWeight.BOLD),
                  ft.Icon(DARK_ICON, size=16), ft.Text(str(dark), size=18, weight=ft.FontWeight.BOLD)]
    return ft.Row(parts, spacing=6, tight=True)
