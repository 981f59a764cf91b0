"""The rebuilt model's memo (the app's before every screen was kept), kept here as the
baseline the update-model benchmark measures against. Keeping what did not change: the same control objects, so building them is skipped and
Flet's diff passes over them at once (a retained subtree is not compared).

A panel (or a list item) is kept while what it shows is unchanged: the `data` it renders
from (a slice of the view), the page's language, width and viewer, and every action of the
feed its buttons showed when it was built (`offered`: a button's enabled state and its
reason). A rebuilt panel carries the key of the one it replaces, so Flet patches the old
one in place with what changed instead of sending a new one for the page to build, and
keeps the parts of the old one that did not change (kit.graft)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterable

import flet as ft

from companion.engine.commands import GameCommand
from companion.engine.views import Action

from companion.ui.context import UiContext
from .graft import graft

MEMO = "memo"
MEMO_ITEMS = "memo-items"
# While panels are built: the feed's actions their buttons showed, by what they were asked as.
_SHOWING: list[list[tuple[type[GameCommand], dict, Action | None]]] = []


@dataclass
class _Kept:
    key: tuple
    asked: list[tuple[type[GameCommand], dict, Action | None]]
    control: ft.Control


def offered(ctx: UiContext, command: type[GameCommand], **fixed: Any) -> Action | None:
    """The feed's action of `command` (ctx.action), noted for every panel being built."""
    action = ctx.action(command, **fixed)
    for showing in _SHOWING:
        showing.append((command, fixed, action))
    return action


def _keep_or_build(ctx: UiContext, kept: _Kept | None, data: Any, build: Callable[[], ft.Control],
                   key: str) -> _Kept:
    shown = (data, ctx.texts.lang, ctx.width, ctx.viewer)
    if kept is not None and kept.key == shown and all(ctx.action(command, **fixed) == action
                                                      for command, fixed, action in kept.asked):
        return kept
    asked: list[tuple[type[GameCommand], dict, Action | None]] = []
    _SHOWING.append(asked)
    try:
        control = build()
    finally:
        # By identity: a panel inside another notes too, and two lists may be equal.
        _SHOWING[:] = [showing for showing in _SHOWING if showing is not asked]
    if control.key is None:
        control.key = key
    if kept is not None:
        control = graft(kept.control, control)
    return _Kept(shown, asked, control)


def kept_panel(ctx: UiContext, name: str, data: Any, build: Callable[[], ft.Control]) -> ft.Control:
    """`build()`'s panel, or the one built before if nothing it shows has changed."""
    cache: dict[str, _Kept] = ctx.extras.setdefault(MEMO, {})
    cache[name] = _keep_or_build(ctx, cache.get(name), data, build, f"panel-{name}")
    return cache[name].control


def kept_items(ctx: UiContext, name: str, items: Iterable[tuple[str, Any]],
               build: Callable[[Any], ft.Control]) -> list[ft.Control]:
    """The controls of a list whose items come and go or change one at a time (the log's
    lines, the Time track's slots): each `(key, data)` keeps the control built for it before
    while its data is unchanged, and carries its key, so Flet sends only the items that are
    new or changed and passes over the others at once. Keys are unique within `name`."""
    lists: dict[str, dict[str, _Kept]] = ctx.extras.setdefault(MEMO_ITEMS, {})
    before = lists.get(name, {})
    now: dict[str, _Kept] = {}
    for key, data in items:
        now[key] = _keep_or_build(ctx, before.get(key), data, lambda data=data: build(data), key)
    lists[name] = now
    return [kept.control for kept in now.values()]

