"""A kept screen whose main actions stay in view, on every size from a 360×640 phone up: a
head, a body that scrolls and a footer (a step's way on, a form's Resolve) at the window's
bottom edge, however long the body is.

Why: in one scrolling column the button that goes on ends up one or two screens down on a
small phone (a step's Continue, an attack's Resolve, the new game's Start). On a game's page,
and on the table's page while the new-game wizard shows, the frame (shell, screen_host) gives
a screen whose root expands all the height left under what stands above it (the status
strip, if any), in a holder that then does not scroll; the body takes what the head and the
footer leave (Flet's `expand`), whatever stands above. A window too short for that, or of
unknown height (a test's page), keeps the screen one plain column, scrolled by its holder.

    pinned = Pinned(screen.changes, body=[...], footer=[...], side=[...], phone=...)
    screen.root = pinned.root
    ...
    pinned.fill(ctx, width)  # in the screen's put_view
"""
from __future__ import annotations

from typing import Sequence

import flet as ft

from .. import theme
from .kept import Changes


class Pinned:
    """`body` scrolls, `footer` stays under it; on larger screens `head` stays above both
    and `side` scrolls in a narrower column beside them."""

    def __init__(self, changes: Changes, *, body: Sequence[ft.Control], footer: Sequence[ft.Control],
                 head: Sequence[ft.Control] = (), side: Sequence[ft.Control] = (), phone: bool,
                 footer_pairs: bool = False) -> None:
        """`footer_pairs`: the footer is a grid of 12 columns, each of its controls one row
        (`col` 12) unless the screen gives two of them 6 to share one (what leaves the body
        more room on a small phone)."""
        self.changes = changes
        stretch = ft.CrossAxisAlignment.STRETCH
        self.body = ft.Column(list(body), spacing=theme.GAP, horizontal_alignment=stretch)
        held: ft.Control = (ft.ResponsiveRow(list(footer), spacing=8, run_spacing=8) if footer_pairs
                             else ft.Column(list(footer), spacing=8, tight=True, horizontal_alignment=stretch))
        self.footer = ft.Container(
            content=held,
            bgcolor=theme.BACKGROUND, border=ft.Border.only(top=ft.BorderSide(1, theme.OUTLINE)),
            padding=ft.Padding.only(top=8))
        self.main = ft.Column([self.body, self.footer], spacing=0, horizontal_alignment=stretch)
        self.side: ft.Column | None = None
        if phone or not side:
            self.row: ft.Control = self.main
        else:
            self.side = ft.Column(list(side), spacing=theme.GAP, horizontal_alignment=stretch)
            self.main.expand = 3
            self.side.expand = 2
            self.row = ft.Row([self.main, self.side], vertical_alignment=ft.CrossAxisAlignment.START,
                              spacing=theme.GAP)
        self.root = ft.Column([*head, self.row], spacing=theme.GAP, horizontal_alignment=stretch)

    def fill(self, ctx, width: float, *, min_window: float = theme.MIN_PINNED_WINDOW) -> None:
        """All the height the page's frame leaves the screen, in a window at least
        `min_window` tall (`ctx.page.height`)."""
        height = ctx.page.height
        pinned = bool(height) and height >= min_window
        put = self.changes.put
        put(self.root, expand=pinned, width=width)
        scroll = ft.ScrollMode.AUTO if pinned else None
        put(self.body, scroll=scroll, expand=pinned)
        if self.side is not None:
            put(self.side, scroll=scroll)
            put(self.row, expand=pinned, vertical_alignment=ft.CrossAxisAlignment.STRETCH if pinned
                else ft.CrossAxisAlignment.START)
        else:
            put(self.main, expand=pinned)
