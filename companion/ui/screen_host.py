"""Where a page's screens live: each in its own holder, built on its first visit and kept
while the page stays what it is; a screen change only flips which holder is visible.

A route (companion/ui/screens.py) is `Kept(make)`: a kept screen (kit.kept.KeptScreen),
built once by `make(ctx, shell)` and then only shown: what its `show()` returns is all that
goes to the page (built anew only when it no longer `fits` the page: another layout).

Each holder is an isolated control around a plain column that holds the screen: an
update of the column around the holders sends their visibility and walks no screen (Flet
compares every control under the one it updates), and a screen built anew (a new layout,
a first visit) is swapped in by updating the holder's own column (Flet does not compare
the children of an isolated control from an ancestor's update).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable, Protocol

import flet as ft

from .context import UiContext
from .kit.kept import KeptScreen

if TYPE_CHECKING:
    from companion.hosting.code_attempts import CodeAttempt

    from .setup_wizard import SetupWizard


class Shell(Protocol):
    """What a route may ask of the page's shell (companion/ui/shell.PageApp)."""

    first_paint: bool  # the page's first draw: the table sends its top part first
    notice: str | None  # a message for the join screen

    def navigate(self, screen: str) -> None: ...

    def setup_wizard(self) -> "SetupWizard": ...

    def leave_rules(self) -> None: ...

    def leave_seat(self) -> None: ...

    def join_with_code(self, typed: str) -> "CodeAttempt | None": ...

    def tell(self, text: str) -> None: ...

    def scroll_top(self) -> None: ...


@dataclass(frozen=True)
class Kept:
    """A route to a kept screen; `make(ctx, shell)` builds it (a KeptScreen subclass itself
    will do: `Kept(BagScreen)`)."""

    make: Callable[[UiContext, Shell], KeptScreen]


Route = Kept


@ft.control(isolated=True)
class ScreenHolder(ft.Container):
    """One screen of a page, shown or hidden. Isolated: an update of the column around it
    sends its visibility and never walks the screen inside."""


@dataclass
class _Hosted:
    route: Route
    holder: ScreenHolder
    body: ft.Column  # inside the holder: what is updated when the screen is swapped
    kept: KeptScreen | None = None
    shown: ft.Control | None = None  # the screen the body holds


@dataclass
class ScreenHost:
    """The screens of one page in `column`, one holder each, one of them visible.

    `scrolls`: each screen scrolls in its own holder (a game's screens, under the status
    strip), or fills it when its root expands (a head, a body and a footer: kit.pinned). A
    hidden holder is out of Flutter's tree, so a screen shown again starts at its top; one scroller shared by all would keep the last screen's offset, clamped for the
    eye but not for the accessibility tree, whose boxes then lie off the screen.
    `fills`: on a host that does not scroll (its page scrolls as a whole), the screens held
    as a game's screens are (the new-game wizard): while one of them shows, the column
    expands and the page does not scroll (`page_scrolls`)."""

    column: ft.Column
    scrolls: bool = False
    fills: frozenset[str] = frozenset()
    hosted: dict[str, _Hosted] = field(default_factory=dict)
    shown_name: str | None = None

    def show(self, name: str, route: Route, ctx: UiContext, shell: Shell) -> list[ft.Control]:
        """Show screen `name` (building it on its first visit) and hide the others; the
        controls to update for it, nothing else."""
        changed: list[ft.Control] = []
        hosted = self.hosted.get(name)
        new = hosted is None or hosted.route is not route
        if new:
            hosted = self._add(name, route)
            changed.append(self.column)  # the new holder goes out whole with the column
        assert hosted is not None
        flipped = False
        for other_name, other in self.hosted.items():
            visible = other_name == name
            if other.holder.visible != visible:
                other.holder.visible = visible
                flipped = True
        if not self.scrolls and bool(self.column.expand) != (name in self.fills):
            self.column.expand = name in self.fills
            flipped = True
        if flipped and self.column not in changed:
            changed.append(self.column)  # two visibilities; the holders stop the walk
        screen_changed = self._kept(hosted, ctx, shell)
        if self._held_as_in_game(name) and self._frames(hosted) and not new and hosted.body not in screen_changed:
            screen_changed = [*screen_changed, hosted.body]
        self.shown_name = name
        return changed if new else changed + screen_changed

    def page_scrolls(self, name: str) -> bool:
        """Whether the page around this host scrolls as a whole while screen `name` shows."""
        return not self._held_as_in_game(name)

    def _held_as_in_game(self, name: str) -> bool:
        """Whether screen `name` has a holder of its own height, that it scrolls or fills."""
        return self.scrolls or name in self.fills

    def shown_screen(self) -> ft.Control | None:
        """The screen shown now (its root)."""
        hosted = self.hosted.get(self.shown_name) if self.shown_name is not None else None
        return hosted.shown if hosted is not None else None

    def kept_screen(self, name: str) -> KeptScreen | None:
        hosted = self.hosted.get(name)
        return hosted.kept if hosted is not None else None

    def shown_body(self) -> ft.Column | None:
        """The column holding the screen shown now (it scrolls, when the host `scrolls`)."""
        hosted = self.hosted.get(self.shown_name) if self.shown_name is not None else None
        return hosted.body if hosted is not None else None

    @staticmethod
    def _frames(hosted: _Hosted) -> bool:
        """A screen whose root expands (kit.pinned) takes the holder's height, so the holder
        stops scrolling; any other scrolls in it. Whether the holder's scroll changed."""
        scroll = None if hosted.shown is not None and hosted.shown.expand else ft.ScrollMode.AUTO
        if hosted.body.scroll == scroll:
            return False
        hosted.body.scroll = scroll
        return True

    def _add(self, name: str, route: Route) -> _Hosted:
        if self._held_as_in_game(name):
            body = ft.Column([], spacing=0, scroll=ft.ScrollMode.AUTO, expand=True)
            holder = ScreenHolder(content=body, visible=False, expand=True)
        else:
            body = ft.Column([], spacing=0, tight=True)
            holder = ScreenHolder(content=body, visible=False)
        hosted = _Hosted(route, holder, body)
        old = self.hosted.get(name)
        holders = list(self.column.controls)
        if old is not None:
            holders[holders.index(old.holder)] = hosted.holder
        else:
            holders.append(hosted.holder)
        self.column.controls = holders
        self.hosted[name] = hosted
        return hosted

    def _kept(self, hosted: _Hosted, ctx: UiContext, shell: Shell) -> list[ft.Control]:
        screen = hosted.kept
        if screen is not None and screen.fits(ctx):
            return screen.show()
        screen = hosted.kept = hosted.route.make(ctx, shell)
        # Unkeyed: Flet would take a new root with the old one's key for a rebuild of it,
        # compare the two and freeze the new one, which then refuses every new value.
        screen.show()  # nothing of it is on the page yet: it goes out whole
        hosted.body.controls = [screen.root]
        hosted.shown = screen.root
        return [hosted.body]
