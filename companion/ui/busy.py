"""A tap shows at once that it was taken: a thin bar at the top of the page, sent before
the tap's work and hidden with its answer.

Why before: a handler runs on the page's loop, and nothing it sends leaves before it
returns; a command, its save and the pages' renders (or a screen the browser takes a
moment to draw) would show nothing after the button's ripple.

Every tap takes one path, `in_turn`, from a generator handler (Flet sends what a handler
yields before it goes on): the handler binds what the tap acts on (what the player saw),
then `yield from in_turn(page, work)`: the bar goes out, and `work` runs in the same
handler once every earlier tap of the page has done its own (taps keep their order).
Work asked while a tap's work runs (a screen change, a dialog's answer) runs at once.
The page draws its answer as the work ends, still in the handler, and only then do the
other pages hear of the change: its message goes out before their redraws (one loop
serves every page), and its answer waits for no other viewer's view.

A page without a bar (a test's builder, a tool) does the work at once.
"""
from __future__ import annotations

import logging
import weakref
from typing import Callable, Iterator

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
        self.waiting = 0  # taps of this page between their bar and their work
        # Taps of this page numbered as they arrive, and the one whose work runs now: a
        # draw sent twice by two taps in a row is a double tap (seats.page_session).
        self.taps = 0
        self.tap_working: int | None = None
        # Runs a tap's work and draws the page's answer (PageApp.answer_first); None: the
        # work alone.
        self.answering: Callable[[Callable[[], None]], None] | None = None
        self.bar = ft.ProgressBar(value=0, bar_height=theme.BUSY_BAR_HEIGHT, color=theme.YELLOW,
                                  bgcolor=theme.BACKGROUND)
        self.root = ids.tag(ids.BUSY, ft.Container(self.bar, height=theme.BUSY_BAR_HEIGHT))
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

    def arrived(self) -> int:
        """A new tap's number."""
        self.taps += 1
        return self.taps

    def run(self, work: Callable[[], None], *, settle: bool, tap: int) -> None:
        """`work` as tap number `tap`'s work (what it asks for meanwhile runs at once); with
        `settle`, the bar is hidden afterwards if no render took it away, after the renders
        the work asked for (they were queued first)."""
        self.working = True
        self.tap_working = tap
        try:
            if self.answering is not None:
                self.answering(work)
            else:
                work()
        finally:
            self.working = False
            self.tap_working = None
            if settle:
                self.page.run_task(_settle, self)  # type: ignore[attr-defined]

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


def _bar_for_a_tap(page: object) -> BusyBar | None:
    """The page's bar, or None when the work must run at once: no bar, or a tap's work
    already going on (a screen change or a dialog's answer it asked for)."""
    bar = bar_of(page)
    if bar is None or bar.working or not bar.on_page():
        return None
    return bar


def tap_under_way(page: object) -> int | None:
    """The number of the tap of `page` whose work runs now (None: no bar, or not a tap)."""
    bar = bar_of(page)
    return bar.tap_working if bar is not None else None


def page_of_event(event: object) -> object | None:
    """The page a tap came from (None: a test's direct call, a control off the page)."""
    try:
        return getattr(event, "page", None)
    except RuntimeError:  # Flet: the control is not on a page
        return None


def in_turn(page: object, work: Callable[[], None]) -> Iterator[None]:
    """A tap's work, for a generator handler (`yield from in_turn(page, work)`): the bar is
    sent, the handler yields once (Flet sends the bar and lets any earlier waiting tap of
    the page do its work first), then `work` runs in the same handler. The bar is hidden by
    the render the work asks for, or after it (a refusal, a dialog)."""
    bar = _bar_for_a_tap(page)
    if bar is None:
        work()
        return
    number = bar.arrived()
    bar.show()
    ft.context.mark_update_called()  # the bar went out (or is out): no diff of the tapped control's screen
    bar.waiting += 1
    try:
        yield
    finally:
        bar.waiting -= 1
    bar.run(work, settle=bar.waiting == 0, tap=number)  # a tap still waiting settles the bar after its own work


async def _settle(bar: BusyBar) -> None:
    bar.settle()
