"""How an Intruder token looks on screen: its kind's colour and icon, both numbers, the
applied one highlighted."""
from __future__ import annotations

import flet as ft

from .. import theme
from ..i18n_view import Texts
from ..kit.kinds import DARK_ICON, KIND_COLOURS, KIND_ICONS, LIGHT_ICON, kind_badge, kind_name


def _number_box(texts: Texts, *, label_key: str, icon, number: int, applied: bool | None,
                scale: float) -> ft.Control:
    """One of the two numbers; the applied one is bright and framed, the other dimmed."""
    bright = applied is not False
    caption = [ft.Icon(icon, size=16 * scale, color=theme.TEXT if bright else theme.TEXT_MUTED),
               ft.Text(texts.t(label_key), size=12 * scale, color=theme.TEXT if bright else theme.TEXT_MUTED)]
    column: list[ft.Control] = [
        ft.Row(caption, spacing=4, tight=True, alignment=ft.MainAxisAlignment.CENTER),
        ft.Text(str(number), size=40 * scale, weight=ft.FontWeight.BOLD,
                color="#1a1d21" if applied else (theme.TEXT if bright else theme.TEXT_MUTED)),
    ]
    if applied:
        column.append(ft.Text(texts.t("ui.bag.reveal.applied"), size=12 * scale, weight=ft.FontWeight.BOLD,
                              color="#1a1d21"))
    return ft.Container(
        content=ft.Column(column, spacing=0, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER),
        bgcolor=theme.YELLOW if applied else "#00000033",
        border=ft.Border.all(3, theme.TEXT) if applied else None,
        border_radius=12,
        padding=ft.Padding.symmetric(horizontal=10 * scale, vertical=6 * scale),
        width=96 * scale,
        opacity=1.0 if bright else 0.55,
    )


def token_face(texts: Texts, kind: str, light: int | None, dark: int | None, *, dark_applies: bool | None = None,
               scale: float = 1.0) -> ft.Control:
    """A token as players see it: colour, icon, kind, and its light / Darkness numbers.

    `dark_applies` None shows both numbers alike (no encounter), True/False highlights one.
    """
    rows: list[ft.Control] = [
        ft.Row([ft.Icon(KIND_ICONS[kind], color=theme.TEXT, size=30 * scale),
                ft.Text(kind_name(texts, kind), size=24 * scale, weight=ft.FontWeight.BOLD, color=theme.TEXT)],
               spacing=8, tight=True, alignment=ft.MainAxisAlignment.CENTER),
    ]
    if light is not None and dark is not None:
        light_applied = None if dark_applies is None else not dark_applies
        dark_applied = None if dark_applies is None else dark_applies
        rows.append(ft.Row(
            [_number_box(texts, label_key="ui.bag.reveal.light", icon=LIGHT_ICON, number=light,
                         applied=light_applied, scale=scale),
             _number_box(texts, label_key="ui.bag.reveal.dark", icon=DARK_ICON, number=dark,
                         applied=dark_applied, scale=scale)],
            spacing=10 * scale, tight=True, alignment=ft.MainAxisAlignment.CENTER,
        ))
    return ft.Container(
        content=ft.Column(rows, spacing=10 * scale, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER),
        bgcolor=KIND_COLOURS[kind],
        border_radius=28 * scale,
        border=ft.Border.all(3, "#ffffff55"),
        padding=ft.Padding.symmetric(horizontal=18 * scale, vertical=14 * scale),
        alignment=ft.Alignment.CENTER,
    )


def token_chip(texts: Texts, kind: str, light: int | None, dark: int | None) -> ft.Control:
    """A compact token for pickers: badge, kind and numbers on one line."""
    parts: list[ft.Control] = [kind_badge(kind, 30),
                               ft.Text(kind_name(texts, kind), size=16, weight=ft.FontWeight.BOLD)]
    if light is not None:
        parts += [ft.Icon(LIGHT_ICON, size=16), ft.Text(str(light), size=18, weight=ft.FontWeight.BOLD),
                  ft.Icon(DARK_ICON, size=16), ft.Text(str(dark), size=18, weight=ft.FontWeight.BOLD)]
    return ft.Row(parts, spacing=6, tight=True)
