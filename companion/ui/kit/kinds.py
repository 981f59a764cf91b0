"""Intruder kinds on screen: one colour, icon and name per kind, the same on every screen."""
from __future__ import annotations

import flet as ft

from .. import theme
from ..i18n_view import Texts

# Recognised across the table at a glance.
KIND_COLOURS = {
    "larva": "#5f8f3e",
    "egg": "#7d6b4f",
    "creeper": "#23796f",
    "adult": "#9b2c2c",
    "breeder": "#6b3fa0",
    "queen": "#a87a12",
    "blank": "#59636e",
}
KIND_ICONS = {
    "larva": ft.Icons.GESTURE,
    "egg": ft.Icons.EGG,
    "creeper": ft.Icons.PEST_CONTROL,
    "adult": ft.Icons.BUG_REPORT,
    "breeder": ft.Icons.SPA,
    "queen": ft.Icons.AUTO_AWESOME,
    "blank": ft.Icons.CIRCLE_OUTLINED,
}
LIGHT_ICON = ft.Icons.LIGHT_MODE
DARK_ICON = ft.Icons.DARK_MODE


def kind_name(texts: Texts, kind: str) -> str:
    return texts.t(f"intruder.{kind}")


def kind_badge(kind: str, size: int = 28) -> ft.Control:
    """A small round badge: the kind's colour and icon."""
    return ft.Container(
        content=ft.Icon(KIND_ICONS[kind], color=theme.TEXT, size=size * 0.6),
        bgcolor=KIND_COLOURS[kind],
        width=size,
        height=size,
        border_radius=size / 2,
        alignment=ft.Alignment.CENTER,
    )


def kind_chip(texts: Texts, kind: str, *, size: int = 14) -> ft.Control:
    """The kind's name on its colour."""
    return ft.Container(
        content=ft.Text(kind_name(texts, kind), size=size, weight=ft.FontWeight.BOLD, color=theme.TEXT),
        bgcolor=KIND_COLOURS.get(kind, theme.SURFACE_HIGH),
        border_radius=14,
        padding=ft.Padding.symmetric(horizontal=10, vertical=4),
    )
