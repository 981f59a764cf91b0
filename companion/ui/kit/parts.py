"""Small kept parts (kit.kept) the phone's and the player's screens share: a pill, a text
button, a row of number chips, a chip whose words wrap on a narrow phone, and two ways of
acting on the page from a part (sending a part's own change at once; the one way to scroll).

Each is built once with empty texts and shown with `show`, which puts every property
through the screen's `Changes`."""
from __future__ import annotations

import asyncio
import logging
from typing import Callable, Generic, Iterator, TypeVar

import flet as ft

from .. import ids, theme
from ..busy import in_turn, page_of_event
from .kept import Changes, Chip, KeyedItems

log = logging.getLogger(__name__)

Part = TypeVar("Part")


class Pill:
    """A small coloured label (theme.pill, kept)."""

    def __init__(self, changes: Changes, *, size: int = 13, identifier: str | None = None) -> None:
        self.changes = changes
        self.text = ft.Text("", size=size, color=theme.TEXT, weight=ft.FontWeight.BOLD)
        self.frame = ft.Container(content=self.text, bgcolor=theme.SURFACE_HIGH, border_radius=20,
                                  padding=ft.Padding.symmetric(horizontal=10, vertical=3))
        self.root = ids.tag(identifier, self.frame) if identifier else self.frame

    def show(self, text: str, *, bgcolor: str, visible: bool = True) -> None:
        put = self.changes.put
        put(self.root, visible=visible)
        if visible:
            put(self.text, value=text)
            put(self.frame, bgcolor=bgcolor)


class LinkButton:
    """A flat text button (ft.TextButton, kept): back, leave, cancel."""

    def __init__(self, changes: Changes, identifier: str | None, *, icon=None, on_tap: Callable[[], None]) -> None:
        self.changes = changes
        self.label = ft.Text("")
        self._on_tap = on_tap
        self.button = ft.TextButton(content=self.label, icon=icon, on_click=self._tapped)
        self.root = ids.tag(identifier, self.button) if identifier else self.button

    def _tapped(self, event) -> Iterator[None]:
        yield from in_turn(page_of_event(event), self._on_tap)

    def show(self, label: str, *, visible: bool = True) -> None:
        self.changes.put(self.root, visible=visible)
        if visible:
            self.changes.put(self.label, value=label)


def wrapping(chip: Chip) -> Chip:
    """`chip` with words that wrap inside it when the row is narrower than they are (a long
    option on a small phone), instead of running past the card's edge."""
    chip.text.expand = True
    chip.text.expand_loose = True
    chip.sublabel.expand_loose = True
    return chip


class NumberChips:
    """One chip per number from `low` to `high` (kit.chips.number_row, kept): a single tap
    answers "how many?". A chip is built the first time its number is offered and kept."""

    def __init__(self, changes: Changes, identifier: Callable[[int], str], on_pick: Callable[[int], None]) -> None:
        self.changes = changes
        self.root = ft.Row([], wrap=True, spacing=8, run_spacing=8)
        self.items: KeyedItems[Chip] = KeyedItems(changes, self.root, lambda n: Chip(
            changes, identifier(int(n)), lambda: on_pick(int(n))))  # type: ignore[arg-type]

    def show(self, selected: int | None, *, high: int, low: int = 0) -> None:
        self.items.show(((n, n) for n in range(low, high + 1)),
                        lambda chip, n: chip.show(str(n), selected=n == selected))


class Later(Generic[Part]):
    """A part built the first time it is shown (one a page may never need, such as the
    Victory Check's steps during play): `root`, an empty column until then, takes it."""

    def __init__(self, changes: Changes, make: Callable[[], Part]) -> None:
        self.changes = changes
        self._make = make
        self.part: Part | None = None
        self.root = ft.Column([], spacing=0, tight=True, visible=False)

    def show(self, visible: bool, show: Callable[[Part], None]) -> None:
        self.changes.put(self.root, visible=visible)
        if not visible:
            return
        if self.part is None:
            self.part = self._make()
            self.root.controls = [self.part.root]  # type: ignore[attr-defined]
            self.changes.mark(self.root)
        show(self.part)


def send_now(page: ft.Page, changes: Changes) -> None:
    """Send what a part changed in `changes` at once, and nothing else: for a part that
    moves on its own (the Scanner's film under a finger), without showing the screen again.
    The event's update is marked done (else Flet would update the screen around it)."""
    controls = changes.take()
    try:
        ft.context.mark_update_called()
    except Exception as exc:  # noqa: BLE001 - outside an event (a test) there is nothing to mark
        log.debug("no event to mark: %s", exc)
    update = getattr(page, "update", None)
    if controls and update is not None:
        update(*controls)


# Flet's scroll_to aims at once when the browser gets it, maybe before the page has drawn
# the update sent just before (a part above the target that just shrank, a target not
# there yet): a scroll to a key waits this long. Flet offers no "after the next frame".
LAYOUT_PAUSE_S = 0.15


def bring_into_view(page: ft.Page, part: ft.Control, key: str | None = None, *, duration: int = 250) -> None:
    """Scroll the first thing that scrolls at or around `part` (itself, a column around it,
    the page) so that the control keyed `key` (an ft.ScrollKey on it) comes into view once
    the page has drawn it; without `key`, back to its top. The one way the UI scrolls."""
    scroller: object = part
    while scroller is not None and (getattr(scroller, "scroll", None) is None or not hasattr(scroller, "scroll_to")):
        scroller = getattr(scroller, "parent", None)
    if scroller is None:
        return  # nothing scrolls: all of it is in view

    async def scroll(*, scroll_key: str | None = None) -> None:
        if scroll_key is None:
            await scroller.scroll_to(offset=0, duration=duration)  # type: ignore[attr-defined]
            return
        await asyncio.sleep(LAYOUT_PAUSE_S)
        await scroller.scroll_to(scroll_key=scroll_key, duration=duration)  # type: ignore[attr-defined]

    try:
        if key is None:
            page.run_task(scroll)
        else:
            page.run_task(scroll, scroll_key=key)
    except Exception as exc:  # noqa: BLE001 - scrolling is a nicety, never a failure
        log.debug("could not scroll to %s: %s", key, exc)
