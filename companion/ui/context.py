"""What every view of one page needs: the page, its viewer and feed, the shared
controller, the language, the layout."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, TypeVar

import flet as ft

from companion.controller import Feed, TableController
from companion.engine import IllegalCommand
from companion.engine.views import TABLE, GameView, PublicView, Viewer

from . import theme
from .dialogs import show_message
from .i18n_view import Texts

if TYPE_CHECKING:
    from .kit.gate import CommandGate

T = TypeVar("T")


@dataclass
class UiContext:
    page: ft.Page
    controller: TableController
    texts: Texts
    # Screen-local navigation (a screen name; the shell keeps the page's route in step).
    navigate: Callable[[str], None]
    rerender: Callable[[], None]
    width: float = 1280
    extras: dict[str, Any] = field(default_factory=dict)
    # Who looks through this page, and the newest feed the controller sent it.
    viewer: Viewer = TABLE
    feed: Feed | None = None

    @property
    def view(self) -> GameView | None:
        return self.feed.view if self.feed is not None else None

    @property
    def in_game(self) -> bool:
        return self.view is not None

    @property
    def game(self) -> PublicView:
        """The public side of the game this page shows (screens render from it only)."""
        view = self.view
        if view is None:
            raise RuntimeError("no game on this page")
        return view.public

    def take(self, feed: Feed) -> bool:
        """Keep `feed` if it is newer than the one held; True when it was kept."""
        if self.feed is not None and feed.version < self.feed.version:
            return False
        self.feed = feed
        return True

    def follow(self) -> Callable[[], None]:
        """Take this page's feed now and after every change (synchronously: for tests and
        tools; a live page takes feeds on its own loop)."""
        self.take(self.controller.feed(self.viewer))
        return self.controller.subscribe(self.viewer, self.take)

    def gate(self) -> "CommandGate":
        """The command gate of the current feed (made once per feed, so a render asks the
        controller once per distinct command)."""
        from .kit.gate import CommandGate

        version = self.feed.version if self.feed is not None else -1
        kept = self.extras.get("gate")
        if kept is None or kept[0] != version:
            kept = self.extras["gate"] = (version, CommandGate(self))
        return kept[1]

    @property
    def is_phone(self) -> bool:
        return self.width < theme.PHONE_MAX_WIDTH

    @property
    def is_wide(self) -> bool:
        return self.width >= theme.WIDE_MIN_WIDTH

    def kept(self, key: str, make: Callable[[], T]) -> T:
        """A per-page object kept in `extras` across re-renders, made on first use."""
        value = self.extras.get(key)
        if value is None:
            value = self.extras[key] = make()
        return value

    def attempt(self, action: Callable[[], Any]) -> bool:
        """Run a controller call; a refusal becomes a localised message, never a crash."""
        try:
            action()
        except IllegalCommand as exc:
            show_message(self.page, self.texts.error(exc))
            return False
        except ValueError as exc:  # SaveFileError and friends carry a locale key too
            if isinstance(getattr(exc, "key", None), str):
                show_message(self.page, self.texts.error(exc))
                return False
            raise
        return True
