"""A private thing on a phone's screen (a Contingency token, the Scanner's words): hidden
until its owner asks for it, hidden again on a tap or after a short time, so a phone left
face up on the table tells its neighbours nothing."""
from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from typing import Hashable

import flet as ft

from .. import ids, theme
from ..context import UiContext

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


def reveal_toggle(ctx: UiContext, reveal: Reveal, *, show_label: str, hide_label: str,
                  identifier: str) -> ft.Control:
    """"Tap to show" while hidden, "hide" while shown."""
    if reveal.shown:
        button = ft.TextButton(content=hide_label, icon=ft.Icons.VISIBILITY_OFF, on_click=lambda _e: hide(ctx, reveal))
    else:
        button = ft.Button(content=ft.Text(show_label, size=15), icon=ft.Icons.VISIBILITY,
                           on_click=lambda _e: show(ctx, reveal),
                           style=ft.ButtonStyle(bgcolor=theme.BUTTON, color=theme.TEXT,
                                                shape=ft.RoundedRectangleBorder(radius=8)))
    return ids.tag(identifier, button)
