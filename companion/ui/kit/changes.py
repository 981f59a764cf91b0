"""What a kept screen changed since it was last sent (`Changes`), and the smallest part of
the page to update for it: every property is set through `put`, which notes a control only
when a value differs, and `take` hands the shell the controls to update."""
from __future__ import annotations

from typing import Any

import flet as ft


class Changes:
    """The controls a screen's `show` changed since they were last taken, and how many
    properties it changed (what an update will send)."""

    def __init__(self) -> None:
        self._changed: dict[int, ft.Control] = {}
        self.properties = 0

    def put(self, control: ft.Control, **values: Any) -> None:
        """Set each property whose value differs from `control`'s; note the control if any did."""
        for name, value in values.items():
            if getattr(control, name) != value:
                setattr(control, name, value)
                self._changed[id(control)] = control
                self.properties += 1

    def mark(self, control: ft.Control) -> None:
        """`control` changed in a way `put` does not see (its list of children)."""
        self._changed[id(control)] = control
        self.properties += 1

    def take(self) -> list[ft.Control]:
        """The changed controls to update, and forget them. Only controls on the page (one
        not there yet goes out whole with what adds it), outermost only (an update covers
        what a control holds). Controls that changed together near each other are updated
        through a small part around them that holds no other button: one message instead
        of several (`page.update` sends one per control), a short walk (Flet compares
        everything under the control it updates) and no button's style sent again (Flet
        1.0.5 sends a button's whole style whenever an update walks over it, unless
        hosting/flet_patches keeps it)."""
        changed, self._changed = self._changed, {}
        self.properties = 0
        roots = []
        for control in changed.values():
            parent, top = control.parent, control
            while parent is not None and id(parent) not in changed:
                parent, top = parent.parent, parent
            if parent is None and isinstance(top, ft.Page):
                roots.append(control)
        ids_of_roots = {id(root) for root in roots}
        fits: dict[int, bool] = {}
        by_part: dict[int, tuple[ft.Control, list[ft.Control]]] = {}
        for root in roots:
            part = _part_around(root, ids_of_roots, fits)
            by_part.setdefault(id(part), (part, []))[1].append(root)
        taken: list[ft.Control] = []
        for part, members in by_part.values():
            taken.extend([part] if len(members) > 1 else members)
        return taken


# The most controls an update may walk to send several changes in one message (a larger
# part walks more on the server than the messages it saves; README, *With the whole table*).
PART_LIMIT = 32
_BUTTONS = (ft.Button, ft.IconButton)


def _children(control: ft.Control) -> list:
    """What a layout control holds (its `controls`, or its `content`)."""
    held = getattr(control, "controls", None)
    if isinstance(held, list):
        return held
    content = getattr(control, "content", None)
    return [content] if isinstance(content, ft.Control) else []


def _small_part(control: ft.Control, roots: set[int]) -> bool:
    """Whether `control` holds at most PART_LIMIT controls and no button outside the
    changed controls (`roots`)."""
    count, stack = 0, [(control, False)]
    while stack:
        item, covered = stack.pop()
        count += 1
        if count > PART_LIMIT:
            return False
        covered = covered or id(item) in roots
        if isinstance(item, _BUTTONS) and not covered:
            return False
        stack.extend((child, covered) for child in _children(item))
    return True


def _part_around(root: ft.Control, roots: set[int], fits: dict[int, bool]) -> ft.Control:
    """The largest small part around `root` (itself when its parent is not one); never
    beyond an isolated control (a screen's holder)."""
    part, parent = root, root.parent
    while parent is not None and not isinstance(parent, (ft.Page, ft.View)) and not parent.is_isolated():
        small = fits.get(id(parent))
        if small is None:
            small = fits[id(parent)] = _small_part(parent, roots)
        if not small:
            break
        part, parent = parent, parent.parent
    return part
