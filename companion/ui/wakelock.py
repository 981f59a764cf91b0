"""Keep the screen awake while a game is open (best effort: browsers may refuse)."""
from __future__ import annotations

import logging

import flet as ft

log = logging.getLogger(__name__)


class ScreenAwake:
    def __init__(self, page: ft.Page) -> None:
        self.page = page
        self.wanted = False
        try:
            self.service: ft.Wakelock | None = ft.Wakelock()  # registers itself with the page
        except Exception:  # noqa: BLE001 - a missing service must never stop the app
            self.service = None

    def keep_awake(self, wanted: bool) -> None:
        if wanted == self.wanted or self.service is None:
            return
        self.wanted = wanted
        self.page.run_task(self._apply, wanted)

    async def _apply(self, wanted: bool) -> None:
        try:
            await (self.service.enable() if wanted else self.service.disable())
        except Exception as exc:  # noqa: BLE001 - web and some desktops have no wakelock
            log.debug("wakelock unavailable: %s", exc)
