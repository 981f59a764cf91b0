"""Colours, sizes and the dark theme: one place, so every screen looks alike."""
from __future__ import annotations

import flet as ft

# Below this width the table is one scrolling column (phones); above it, columns.
PHONE_MAX_WIDTH = 720
WIDE_MIN_WIDTH = 1100

BACKGROUND = "#101418"
SURFACE = "#1b2128"
SURFACE_HIGH = "#252d36"
OUTLINE = "#3a4552"
TEXT = "#eef1f4"
BUTTON = "#3b4a5c"
BUTTON_DISABLED = "#161b21"
TEXT_MUTED = "#a9b4bf"

# The board: dark slots before the white ones (08 and lower).
SLOT_DARK = "#2a3139"
SLOT_WHITE = "#e9ecef"
SLOT_END = "#8b1a1a"
ON_SLOT_DARK = TEXT
ON_SLOT_WHITE = "#1a1d21"

RED = "#e5484d"
RED_DARK = "#7a1f23"
BLUE = "#3e8ef7"
BLUE_DARK = "#1f3f73"
YELLOW = "#f5c518"
GREEN = "#46a758"
ORANGE = "#f08c3a"
UNCONFIRMED = "#f5a524"

DANGER_BG = "#5c1a1d"

RADIUS = 10
GAP = 12
PAGE_PADDING = 12
# The busy bar at the top of every page (busy.py), and the page's gap between its controls.
BUSY_BAR_HEIGHT = 3
PAGE_SPACING = 10
# A game screen keeps its main action at the window's bottom edge (kit.pinned) in a window at
# least this tall; in a shorter one (a phone on its side) the part that scrolls between the
# status strip and that action would be a slit, so the screen is one scrolling column.
MIN_PINNED_WINDOW = 510
# The same for the new-game wizard, which has no status strip above it.
MIN_PINNED_WINDOW_WITHOUT_STRIP = 423
# Forms and lists read badly when stretched across a desktop screen.
FORM_MAX_WIDTH = 960


def dark_theme() -> ft.Theme:
    return ft.Theme(
        color_scheme_seed=BLUE,
        use_material3=True,
        scaffold_bgcolor=BACKGROUND,
    )


def apply(page: ft.Page) -> None:
    page.theme_mode = ft.ThemeMode.DARK
    page.dark_theme = dark_theme()
    page.theme = dark_theme()
    page.bgcolor = BACKGROUND
    page.padding = PAGE_PADDING
    page.spacing = PAGE_SPACING
    page.horizontal_alignment = ft.CrossAxisAlignment.CENTER


def card(content: ft.Control, *, title: str | None = None, padding: int = GAP,
         help: ft.Control | None = None) -> ft.Container:
    """A panel of the table screen: a rounded surface with an optional heading (and its
    "?" to the rules, `help`)."""
    head: ft.Control | None = heading(title) if title is not None else None
    if head is not None and help is not None:
        head = ft.Row([ft.Container(head, expand=True), help], spacing=4,
                      vertical_alignment=ft.CrossAxisAlignment.CENTER)
    body = content if head is None else ft.Column([head, content], spacing=8, tight=True)
    return ft.Container(
        content=body,
        bgcolor=SURFACE,
        border_radius=RADIUS,
        padding=padding,
        border=ft.Border.all(1, OUTLINE),
    )


def heading(text: str) -> ft.Text:
    return ft.Text(text, size=16, weight=ft.FontWeight.BOLD, color=TEXT)


def muted(text: str, size: int = 13) -> ft.Text:
    return ft.Text(text, size=size, color=TEXT_MUTED)


def pill(text: str, *, bgcolor: str, color: str = TEXT, size: int = 13) -> ft.Container:
    """A small coloured label (on/off, open/closed)."""
    return ft.Container(
        content=ft.Text(text, size=size, color=color, weight=ft.FontWeight.BOLD),
        bgcolor=bgcolor,
        border_radius=20,
        padding=ft.Padding.symmetric(horizontal=10, vertical=3),
    )


def unconfirmed_badge(size: int = 12) -> ft.Container:
    """Marks a value that comes from fan sources, not from a printed rulebook or card."""
    return ft.Container(
        content=ft.Text("?", size=size - 3, color="#1a1a1a", weight=ft.FontWeight.BOLD),
        bgcolor=UNCONFIRMED,
        width=size,
        height=size,
        border_radius=size / 2,
        alignment=ft.Alignment.CENTER,
    )


def form_width(page_width: float) -> float:
    return min(page_width - 2 * PAGE_PADDING, FORM_MAX_WIDTH)
