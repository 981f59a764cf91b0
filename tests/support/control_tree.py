"""Walking a Flet page's controls (tests and benchmarks count and find them), and, for the
update-model benchmark's rebuilt baseline only, putting controls Flet 1.0.5 dropped from
its index back (a redraw that keeps old controls under a rebuilt screen takes them out of
the session's index; the app's kept screens never do that)."""
from __future__ import annotations

from typing import Any, Iterator

from flet.controls.base_control import BaseControl


def controls_on(root: BaseControl) -> Iterator[BaseControl]:
    """Every control under `root` (itself included), through the fields that hold them."""
    stack: list[Any] = [root]
    seen: set[int] = set()
    while stack:
        item = stack.pop()
        if isinstance(item, list):
            stack.extend(item)
            continue
        if not isinstance(item, BaseControl) or id(item) in seen:
            continue
        seen.add(id(item))
        yield item
        kind = type(item)
        for name in getattr(kind, "_structural_fields", ()):
            if not name.startswith("_"):
                stack.append(getattr(item, name, None))
        for value in getattr(item, "_values", {}).values():
            if isinstance(value, (BaseControl, list)):
                stack.append(value)


def reindex(page, *roots: BaseControl) -> int:
    """Put back into the session's index every control on `page` (or under `roots`); how
    many were missing."""
    index = page.session.index
    missing = 0
    for root in roots or (page,):
        for control in controls_on(root):
            if index.get(control._i) is not control:
                index[control._i] = control
                missing += 1
    return missing
