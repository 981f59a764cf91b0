"""What every view of one page needs: the page, the shared controller, the language, the layout."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, TypeVar

import flet as ft

from companion.controller import TableController
from companion.engine import IllegalCommand

from . import theme
from .dialogs import show_message
from .i18n_view import Texts

T = TypeVar("T")


@dataclass
class UiContext:
    page: ft.Page
    controller: TableController
    texts: Texts
    # Screen-local navigation (home <-> setup); the table follows the controller.
    navigate: Callable[[str], None]
    rerender: Callable[[], None]
    width: float = 1280
    extras: dict[str, Any] = field(default_factory=dict)

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
