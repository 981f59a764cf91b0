"""A kept screen whose main actions stay in view, on every size from a 360×640 phone up: its
body scrolls in the room the window leaves below the app bar and the status strip, and its
footer (a step's way on, a form's Resolve) sits under the body, at the window's bottom
edge, however long the body is.

Why: in one scrolling column the button that goes on ends up one or two screens down on a
small phone (a step's Continue, an attack's Resolve). Flet pins nothing inside a scrolling
column, and a screen's holder is one; so the screen takes the window's height less what
stands above it (`ROOM_ABOVE`: the app bar, the page's padding and the status strip at
its tallest) and scrolls its body itself. When the strip is shorter, the difference stays
empty under the footer. Without a known window height (a test's page), the screen is one
plain column, as before.

    pinned = Pinned(screen.changes, body=[...], footer=[...], side=[...], phone=...)
    screen.root = pinned.root
    ...
    pinned.show_under_strip(ctx, width)  # in the screen's put_view
    pinned.scroll_to_top(ctx.page)     # after something new appeared at the top
    pinned.bring_into_view(ctx.page, key)  # after something new appeared further down
"""
from __future__ import annotations

import asyncio
import logging
from typing import Sequence

import flet as ft

from .. import theme
from .kept import Changes

log = logging.getLogger(__name__)

# Above a game screen: the app bar (56), the page's padding above and below (2 × 12), the
# busy bar and the page's gap under it, the gap between the status strip and the screens
# and the strip itself: three rows of chips (86), or more when the page measured it taller
# (a long step's name takes a row of its own on a small phone, and the Self-destruct and
# Alert tokens add chips).
STRIP_GUESS = 86
BUSY_BAR = theme.BUSY_BAR_HEIGHT + theme.PAGE_SPACING
ROOM_ABOVE = 56 + 2 * theme.PAGE_PADDING + BUSY_BAR + theme.PAGE_SPACING + STRIP_GUESS


def room_above(strip_height: float | None) -> float:
    """The height above a game screen with the status strip `strip_height` tall. Three
    rows stay the floor: a shorter strip leaves a band under the footer, as before, since
    a room measured to the pixel let the page scroll a little on wide screens."""
    return ROOM_ABOVE - STRIP_GUESS + max(STRIP_GUESS, strip_height or 0)
# Below this the screen is not worth pinning: the body would be a slit.
MIN_ROOM = 320
# An update is drawn in the page's next frame: a scroll sent with it would aim at where
# things stood before (a part above its target that just shrank), so it waits this long.
LAYOUT_PAUSE_S = 0.15


# Above a screen without the status strip (home, the new-game wizard): the app bar, the
# page's padding, the busy bar and the page's two gaps around the strip's empty place.
ROOM_ABOVE_WITHOUT_STRIP = 56 + 2 * theme.PAGE_PADDING + theme.BUSY_BAR_HEIGHT + 2 * theme.PAGE_SPACING


def room_below_the_strip(window_height: float | None, above: float = ROOM_ABOVE) -> float | None:
    """The height a pinned screen takes in a window `window_height` tall, `above` taken by
    what stands over it (None: not pinned)."""
    if not window_height:
        return None
    room = window_height - above
    return room if room >= MIN_ROOM else None


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

    def show(self, window_height: float | None, width: float, *, above: float = ROOM_ABOVE) -> None:
        put = self.changes.put
        room = room_below_the_strip(window_height, above)
        pinned = room is not None
        put(self.root, height=room, width=width)
        scroll = ft.ScrollMode.AUTO if pinned else None
        put(self.body, scroll=scroll, expand=pinned)
        if self.side is not None:
            put(self.side, scroll=scroll)
            put(self.row, expand=pinned, vertical_alignment=ft.CrossAxisAlignment.STRETCH if pinned
                else ft.CrossAxisAlignment.START)
        else:
            put(self.main, expand=pinned)

    def show_under_strip(self, ctx, width: float) -> None:
        """`show` for a game screen: under the status strip as the page (`ctx.page`)
        measured it (`ctx.strip_height`)."""
        self.show(ctx.page.height, width, above=room_above(ctx.strip_height))

    def scroll_to_top(self, page: ft.Page) -> None:
        """Bring the body's top back into view (something new appeared there)."""
        if self.body.scroll is None:
            return
        try:
            page.run_task(self.body.scroll_to, offset=0, duration=200)
        except Exception as exc:  # noqa: BLE001 - scrolling is a nicety, never a failure
            log.debug("could not scroll the body: %s", exc)

    def bring_into_view(self, page: ft.Page, key: str) -> None:
        """Scroll the body to the control keyed `key` (an ft.ScrollKey on it) once the page
        has drawn what came with it (something new there: a token, a result)."""
        body = self.body
        if body.scroll is None:
            return

        async def after_layout(*, scroll_key: str) -> None:
            await asyncio.sleep(LAYOUT_PAUSE_S)
            await body.scroll_to(scroll_key=scroll_key, duration=250)

        try:
            page.run_task(after_layout, scroll_key=key)
        except Exception as exc:  # noqa: BLE001 - scrolling is a nicety, never a failure
            log.debug("could not bring %s into view: %s", key, exc)
