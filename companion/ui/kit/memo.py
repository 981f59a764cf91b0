"""Keeping a panel that did not change: the same control objects, so building it is
skipped and Flet's diff passes over it at once (a retained subtree is not compared).

A panel is kept while what it shows is unchanged: the `data` it renders from (a slice of
the view), the page's language, width and viewer, and the answer to every command the
panel asked the gate about when it was built (a button's enabled state and its reason)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

import flet as ft

from companion.engine import IllegalCommand
from companion.engine.commands import GameCommand

from ..context import UiContext

MEMO = "memo"


@dataclass
class _Kept:
    key: tuple
    asked: list[tuple[GameCommand, IllegalCommand | None]]
    control: ft.Control


def _same(a: IllegalCommand | None, b: IllegalCommand | None) -> bool:
    if a is None or b is None:
        return a is b
    return a.key == b.key and a.params == b.params


def kept_panel(ctx: UiContext, name: str, data: Any, build: Callable[[], ft.Control]) -> ft.Control:
    """`build()`'s panel, or the one built before if nothing it shows has changed."""
    cache: dict[str, _Kept] = ctx.extras.setdefault(MEMO, {})
    gate = ctx.gate()
    key = (data, ctx.texts.lang, ctx.width, ctx.viewer)
    kept = cache.get(name)
    if kept is not None and kept.key == key and all(_same(gate.refusal(command), answer)
                                                    for command, answer in kept.asked):
        return kept.control
    with gate.recording() as asked:
        control = build()
    cache[name] = _Kept(key, asked, control)
    return control


def forget_panels(ctx: UiContext) -> None:
    """Build every panel anew (after something outside the view changed what they show)."""
    ctx.extras.pop(MEMO, None)
