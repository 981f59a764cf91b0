"""A kept screen whose main actions stay in view, on every size from a 360×640 phone up: a
head, a body that scrolls and a footer (a step's way on, a form's Resolve) at the window's
bottom edge, however long the body is.

Why: in one scrolling column the button that goes on ends up one or two screens down on a
small phone (a step's Continue, an attack's Resolve). On a game's page the frame (shell,
screen_host) gives a screen whose root expands all the height left under the status strip,
in a holder that then does not scroll; the body takes what the head and the footer leave
(Flet's `expand`), whatever the strip's height. A window too short for that, or of unknown
height (a test's page), keeps the screen one plain column, scrolled by its holder.

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

# The new-game wizard's page scrolls as a whole (no frame to expand in): its screen takes
# the window's height less what stands above it, the app bar, the page's padding, the busy
# bar and the page's two gaps around the strip's empty place.
ROOM_ABOVE_WITHOUT_STRIP = 56 + 2 * theme.PAGE_PADDING + theme.BUSY_BAR_HEIGHT + 2 * theme.PAGE_SPACING
# Below this the wizard is not worth pinning: the body would be a slit.
MIN_ROOM = 320


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

    def fill(self, ctx, width: float) -> None:
        """A game screen: all the height the page's frame leaves it, in a window tall enough
        (`ctx.page.height`)."""
        height = ctx.page.height
        pinned = bool(height) and height >= theme.MIN_PINNED_WINDOW
        self.changes.put(self.root, expand=pinned)
        self._show(pinned, width)

    def show(self, window_height: float | None, width: float, *, above: float) -> None:
        """A screen on a page that scrolls as a whole (the wizard): the window's height less
        `above`, what stands over it."""
        room = window_height - above if window_height else None
        room = room if room is not None and room >= MIN_ROOM else None
        self.changes.put(self.root, height=room)
        self._show(room is not None, width)

    def _show(self, pinned: bool, width: float) -> None:
        put = self.changes.put
        put(self.root, width=width)
        scroll = ft.ScrollMode.AUTO if pinned else None
        put(self.body, scroll=scroll, expand=pinned)
        if self.side is not None:
            put(self.side, scroll=scroll)
            put(self.row, expand=pinned, vertical_alignment=ft.CrossAxisAlignment.STRETCH if pinned
                else ft.CrossAxisAlignment.START)
        else:
            put(self.main, expand=pinned)
