"""A screen change shows at once that it was taken: a thin bar at the top of the page,
sent before the new screen is drawn and hidden with it.

Why before: a handler runs on the page's loop, and nothing it sends leaves before it
returns; a screen built on its first visit (or one the browser takes a moment to draw)
would show nothing after the button's ripple. So a screen change first sends the bar,
then shows the screen on the loop's next turn (`taken`); the page's next render hides the
bar in the same update as the answer. A page without a bar (a test's builder, a tool)
changes screens at once.

A command's tap does its work in its own handler, never a turn later: deferred, taps that
arrived faster than the pages redrew were lost under load (tests/test_phones_under_load.py
caught 1 to 7 of about 500 with a busy machine), and a command's answer on a kept screen
is a few properties, drawn in one frame.
"""
from __future__ import annotations

import asyncio
import logging
import weakref
from typing import Callable

import flet as ft

from . import ids, theme
from .kit.changes import Changes

log = logging.getLogger(__name__)

_BARS: "weakref.WeakKeyDictionary[object, BusyBar]" = weakref.WeakKeyDictionary()


class BusyBar:
    """The page's bar: in the page's outline above everything, 3 pixels tall, empty while
    nothing is under way (a still bar: nothing for the browser to draw)."""

    def __init__(self, page: ft.Page) -> None:
        self.page = page
        self.changes = Changes()
        self.shown = False
        self.working = False  # a tap's work is running now
        self.bar = ft.ProgressBar(value=0, bar_height=3, color=theme.YELLOW, bgcolor=theme.BACKGROUND)
        self.root = ids.tag(ids.BUSY, ft.Container(self.bar, height=3))
        try:
            _BARS[page] = self
        except TypeError:  # a stand-in page that cannot be a key: its taps do their work at once
            pass

    def on_page(self) -> bool:
        parent = self.root.parent
        while parent is not None and not isinstance(parent, ft.Page):
            parent = parent.parent
        return parent is not None

    def show(self) -> None:
        """Shown now: sent on its own, before the work."""
        if self.shown:
            return
        self.shown = True
        self.changes.put(self.bar, value=None, bgcolor=theme.SURFACE_HIGH)
        self._send()

    def hide(self, changes: Changes) -> None:
        """Hidden with the answer: noted in `changes`, sent with the rest of the render."""
        self.shown = False
        changes.put(self.bar, value=0, bgcolor=theme.BACKGROUND)

    def settle(self) -> None:
        """After the work: hidden if no render took it away (a refusal, a dialog)."""
        if self.shown:
            self.hide(self.changes)
            self._send()

    def _send(self) -> None:
        changed = self.changes.take()
        if not changed:
            return
        try:
            ft.context.mark_update_called()
            self.page.update(*changed)
        except Exception as exc:  # noqa: BLE001 - a closed page: nothing to show
            log.debug("busy bar not sent: %s", exc)


def bar_of(page: object) -> BusyBar | None:
    try:
        return _BARS.get(page)
    except TypeError:  # a stand-in page that cannot be a key: it has no bar
        return None


def taken(page: object, work: Callable[[], None]) -> None:
    """Run `work` for a tap: on a page with a bar, show the bar first and do the work on the
    loop's next turn (after the bar went out), then hide the bar if nothing else did."""
    bar = bar_of(page)
    if bar is None or bar.working or not bar.on_page():
        work()  # no bar, or a tap's work going on (a screen change it asked for)
        return
    bar.show()

    async def later() -> None:
        await asyncio.sleep(0)  # the bar's message leaves first
        bar.working = True
        try:
            work()
        finally:
            bar.working = False
            # After the renders the work asked for (they were queued first).
            page.run_task(_settle, bar)  # type: ignore[attr-defined]

    page.run_task(later)  # type: ignore[attr-defined]


async def _settle(bar: BusyBar) -> None:
    bar.settle()
