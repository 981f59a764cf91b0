"""Small kept parts of the table's screens (kit.kept): a pill, a flat text button, a part
built the first time it is wanted, and a part rebuilt only while it is shown (for the rare
parts not worth keeping control by control). Each is built once with empty texts and shown
with `show`."""
from __future__ import annotations

from typing import Any, Callable

import flet as ft

from .. import ids, theme
from ..kit.kept import Changes


class Pill:
    """A small coloured label (theme.pill, kept). `wraps`: its words may take two lines
    (a long status beside a name on a narrow phone), else it stays on one."""

    def __init__(self, changes: Changes, *, size: int = 13, identifier: str | None = None,
                 wraps: bool = False) -> None:
        self.changes = changes
        self.text = ft.Text("", size=size, color=theme.TEXT, weight=ft.FontWeight.BOLD, no_wrap=not wraps)
        self.frame = ft.Container(content=self.text, bgcolor=theme.SURFACE_HIGH, border_radius=20 if not wraps else 12,
                                  padding=ft.Padding.symmetric(horizontal=10, vertical=3))
        self.root = ids.tag(identifier, self.frame) if identifier else self.frame

    def show(self, text: str, *, bgcolor: str, color: str = theme.TEXT, visible: bool = True) -> None:
        put = self.changes.put
        put(self.root, visible=visible)
        if visible:
            put(self.text, value=text, color=color)
            put(self.frame, bgcolor=bgcolor)


class LinkButton:
    """A flat text button (ft.TextButton, kept): back, show or hide."""

    def __init__(self, changes: Changes, identifier: str | None, *, icon=None, on_tap: Callable[[], None]) -> None:
        self.changes = changes
        self.label = ft.Text("")
        self.button = ft.TextButton(content=self.label, icon=icon, on_click=lambda _e: on_tap())
        self.root = ids.tag(identifier, self.button) if identifier else self.button

    def show(self, label: str, *, icon=None, visible: bool = True) -> None:
        self.changes.put(self.root, visible=visible)
        if visible:
            self.changes.put(self.label, value=label)
            if icon is not None:
                self.changes.put(self.button, icon=icon)


class Rebuilt:
    """A part drawn anew by `build()` on every show while it is visible, and nothing while
    it is hidden: for what a player rarely has on screen and that holds its own state (the
    shared device handed to one player). Its controls never mix with kept ones."""

    def __init__(self, changes: Changes) -> None:
        self.changes = changes
        self.root = ft.Container(visible=False)

    def show(self, build: Callable[[], ft.Control] | None) -> None:
        """`build`: what to draw now (None: hidden)."""
        self.changes.put(self.root, visible=build is not None)
        if build is not None:
            self.changes.put(self.root, content=build())
        elif self.root.content is not None:
            self.changes.put(self.root, content=None)


class Later:
    """A part built the first time it is wanted (`make()`, a part with `root` and `show`),
    then kept: one a page may never need (the legend a phone hides, the end of the game)
    costs nothing until then. Hidden while not wanted."""

    def __init__(self, changes: Changes, make: Callable[[], Any]) -> None:
        self.changes = changes
        self._make = make
        self.part: Any = None
        self.root = ft.Container(visible=False)

    def show(self, wanted: bool) -> None:
        self.changes.put(self.root, visible=wanted)
        if not wanted:
            return
        if self.part is None:
            self.part = self._make()
            self.root.content = self.part.root
            self.changes.mark(self.root)  # the new part goes out whole
        self.part.show()
