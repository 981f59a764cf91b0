"""A private thing on a phone's screen (a Contingency token, the Scanner's words): hidden
until its owner asks for it, hidden again on a tap or after a short time, so a phone left
face up on the table tells its neighbours nothing."""
from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from typing import Callable, Hashable, Iterator

import flet as ft

from .. import ids, theme
from ..busy import in_turn
from ..context import UiContext
from .kept import Changes

log = logging.getLogger(__name__)

# How long a private thing stays on screen once shown.
SHOW_SECONDS = 20.0


@dataclass
class Reveal:
    """Whether the private thing `key` is on show, and which showing it is (a timer hides
    only the showing it was started for)."""

    key: Hashable
    shown: bool = False
    showings: int = 0


def reveal_of(ctx: UiContext, key: Hashable) -> Reveal:
    """The page's reveal for `key` (a new key starts hidden)."""
    reveals: dict = ctx.extras.setdefault("reveals", {})
    reveal = reveals.get(key)
    if reveal is None:
        reveal = reveals[key] = Reveal(key)
    return reveal


def show(ctx: UiContext, reveal: Reveal) -> None:
    reveal.shown = True
    reveal.showings += 1
    hide_later(ctx, reveal, reveal.showings)
    ctx.rerender()


def hide(ctx: UiContext, reveal: Reveal) -> None:
    reveal.shown = False
    ctx.rerender()


def hide_if_still(ctx: UiContext, reveal: Reveal, showing: int) -> None:
    """The timer's end: hide the showing it was started for (not a later one)."""
    if reveal.shown and reveal.showings == showing:
        hide(ctx, reveal)


def hide_later(ctx: UiContext, reveal: Reveal, showing: int) -> None:
    async def wait_then_hide() -> None:
        await asyncio.sleep(SHOW_SECONDS)
        hide_if_still(ctx, reveal, showing)

    try:
        ctx.page.run_task(wait_then_hide)
    except Exception as exc:  # noqa: BLE001 - a page without a loop hides on the next tap instead
        log.debug("no timer for a private reveal: %s", exc)


class RevealToggle:
    """"Tap to show" while hidden, "hide" while shown. `ctx_of()`: the context of the player
    whose thing it is (on the shared device, the one handed to them)."""

    def __init__(self, changes: Changes, identifier: str, ctx_of: Callable[[], UiContext]) -> None:
        self.changes = changes
        self.ctx_of = ctx_of
        self.reveal: Reveal | None = None
        self.show_label = ft.Text("", size=15)
        self.show_button = ft.Button(content=self.show_label, icon=ft.Icons.VISIBILITY, on_click=self._show,
                                     style=ft.ButtonStyle(bgcolor=theme.BUTTON, color=theme.TEXT,
                                                          shape=ft.RoundedRectangleBorder(radius=8)))
        self.hide_label = ft.Text("")
        self.hide_button = ft.TextButton(content=self.hide_label, icon=ft.Icons.VISIBILITY_OFF, on_click=self._hide,
                                         visible=False)
        self.root = ids.tag(identifier, ft.Row([self.show_button, self.hide_button], tight=True))

    def _show(self, _e) -> Iterator[None]:
        yield from in_turn(self.ctx_of().page, lambda: self._turn(show))

    def _hide(self, _e) -> Iterator[None]:
        yield from in_turn(self.ctx_of().page, lambda: self._turn(hide))

    def _turn(self, to: Callable[[UiContext, Reveal], None]) -> None:
        if self.reveal is not None:
            to(self.ctx_of(), self.reveal)

    def show(self, reveal: Reveal, *, show_label: str, hide_label: str) -> None:
        put = self.changes.put
        self.reveal = reveal
        put(self.show_button, visible=not reveal.shown)
        put(self.hide_button, visible=reveal.shown)
        put(self.show_label, value=show_label)
        put(self.hide_label, value=hide_label)
