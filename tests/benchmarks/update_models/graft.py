"""The rebuilt model's graft (the app's before every screen was kept), kept here as the
baseline the update-model benchmark measures against. Reusing the controls a rebuilt
panel did not change.

A screen is rebuilt from its view; Flet then compares the new controls with the old ones
and, for every new object, adopts the old one's identity and indexes it anew, even when
nothing in it changed (most of a tap's server time). `graft(old, new)` hands back, for
every subtree of `new` equal to the subtree at the same place in `old`, the old objects
themselves: Flet passes over a retained subtree at once and the page rebuilds nothing
there.

Equal means the same type, the same property values, handlers present in the same places
and equal children. A kept control takes the new handlers, because they may hold newer
values than the old ones (what a tap sends). Children are paired as Flet pairs them: by
key where they have one, otherwise by position among the unkeyed ones.

A handler may read a control of its own build through its closure (a field's value):
that control must be the one on the page, so input controls are never swapped for old
ones. (Handlers do not change controls in place: Flet freezes a control it has compared,
so a screen changes what it shows by changing state and drawing again.)
"""
from __future__ import annotations

from typing import Any

import flet as ft
from flet.controls.base_control import BaseControl

_IDENTITY = frozenset({"_i", "_c", "_internals"})
# Controls whose value the page changes and handlers read back.
_INPUTS = (ft.TextField, ft.Dropdown, ft.Checkbox, ft.Switch, ft.Radio, ft.RadioGroup, ft.Slider,
           ft.RangeSlider, ft.SegmentedButton)


def graft(old: Any, new: Any) -> Any:
    """`old` itself when `new` shows exactly the same, else `new` with its unchanged
    subtrees replaced by the old ones."""
    if old is new or not isinstance(new, BaseControl) or type(old) is not type(new) or _mounted(new):
        return new
    if isinstance(new, _INPUTS):
        return new
    kind = type(new)
    same = old.data == new.data
    for name in kind._structural_fields - _IDENTITY:
        value, same_here = _graft_value(getattr(old, name), getattr(new, name))
        if value is not getattr(new, name):
            setattr(new, name, value)
        same = same and same_here
    old_values, new_values = old._values, new._values
    events = kind._event_fields
    handlers: dict[str, Any] = {}
    for name in old_values.keys() | new_values.keys():
        before, after = old_values.get(name), new_values.get(name)
        if name in events:
            handlers[name] = after
            same = same and (before is None) == (after is None)
            continue
        if before is after:
            continue
        value, same_here = _graft_value(before, after)
        if value is not after:
            new_values[name] = value
        same = same and same_here
    if not same:
        return new
    # Straight into its values: Flet freezes a control it has sent, and presence, which is
    # all the page knows of a handler, is unchanged.
    for name, handler in handlers.items():
        old_values[name] = handler
    return old


def graft_below(old: Any, new: Any) -> Any:
    """`new` itself, with every unchanged subtree below it replaced by the old one. For a
    screen's root: Flet compares a control it already holds in place, field by field, and
    skips a retained subtree only under a root that is a new object with the same key."""
    graft(old, new)
    return new


def _mounted(control: BaseControl) -> bool:
    """Already on a page (a kept panel reused as it is): never changed behind Flet's back."""
    return getattr(control, "_parent", None) is not None


def _graft_value(before: Any, after: Any) -> tuple[Any, bool]:
    """The value to show and whether it is the old one unchanged."""
    if isinstance(after, BaseControl):
        value = graft(before, after)
        return value, value is before
    if isinstance(after, list) and isinstance(before, list) and _holds_controls(after, before):
        return _graft_list(before, after)
    try:
        return after, bool(before == after)
    except Exception:  # noqa: BLE001 - values that cannot be compared are changed values
        return after, False


def _holds_controls(*lists: list) -> bool:
    return any(isinstance(item, BaseControl) for items in lists for item in items)


def _pairing_key(item: Any, position: int) -> tuple:
    key = getattr(item, "key", None) if isinstance(item, BaseControl) else None
    return ("key", key) if key is not None else ("at", position)


def _keys(items: list) -> list[tuple]:
    keys, unkeyed = [], 0
    for item in items:
        key = _pairing_key(item, unkeyed)
        if key[0] == "at":
            unkeyed += 1
        keys.append(key)
    return keys


def _graft_list(before: list, after: list) -> tuple[list, bool]:
    old_by_key = dict(zip(_keys(before), before))
    grafted = [graft(old_by_key.get(key), item) if isinstance(item, BaseControl) else item
               for key, item in zip(_keys(after), after)]
    same = len(before) == len(grafted) and all(a is b or (not isinstance(b, BaseControl) and a == b)
                                               for a, b in zip(before, grafted))
    after[:] = grafted
    return after, same
