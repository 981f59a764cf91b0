"""Letting phones in: whether the table accepts phones now, and the addresses they open.

In `--web` mode the one server that serves the table serves the phones too, so turning
phones off closes the seats, not the server. In the desktop app the window is not a web
page: *Players join* starts a web server for the phones, and turning it off (or quitting)
stops it.
"""
from __future__ import annotations

import logging
import threading
from typing import Callable

from companion.hosting.join_urls import table_url
from companion.hosting.server import Server, serve

log = logging.getLogger(__name__)


class PhoneAccess:
    def __init__(self, *, host: str, port: int, server: Server | None = None,
                 make_main: Callable[[], Callable] | None = None, language: str | None = None) -> None:
        """`server`: the running server of `--web` mode; else `make_main` builds the phones'
        entry function for a server started on `host:port` when the table asks, serving its
        page in `language` to a browser that names none of ours."""
        self.host = host
        self.port = port
        self.language = language
        self._shared = server
        self._own: Server | None = None
        self._make_main = make_main
        self._lock = threading.Lock()
        self._listeners: list[Callable[[], None]] = []
        self.accepting = server is not None
        self.problem: str | None = None

    def attach(self, server: Server) -> None:
        """`--web` mode: the app's one server (started after the pages' main was made)."""
        self._shared = server
        self.accepting = True

    @property
    def server(self) -> Server | None:
        return self._shared or self._own

    @property
    def shares_the_table_server(self) -> bool:
        return self._shared is not None

    @property
    def loopback_only(self) -> bool:
        """The server answers this machine only (it was started that way)."""
        server = self.server
        return server is not None and server.loopback_only

    def base_urls(self) -> list[str]:
        server = self.server
        return server.phone_urls() if server is not None else []

    def table_link(self, host_key: str) -> str | None:
        server = self.server
        return table_url(server.local_url, host_key) if server is not None else None

    def start(self) -> bool:
        """Accept phones (starting the desktop app's server); False with `problem` set when
        the server cannot listen."""
        with self._lock:
            self.problem = None
            if self._shared is None and self._own is None and self._make_main is not None:
                try:
                    options = {"language": self.language} if self.language else {}
                    self._own = serve(self._make_main(), host=self.host, port=self.port, **options).start()
                except OSError as exc:
                    self.problem = exc.strerror or str(exc)
            self.accepting = self.server is not None
        self._changed()
        return self.accepting

    def stop(self) -> None:
        with self._lock:
            self.accepting = False
            own, self._own = self._own, None
        if own is not None:
            own.stop()
        self._changed()

    def subscribe(self, listener: Callable[[], None]) -> Callable[[], None]:
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener) if listener in self._listeners else None

    def _changed(self) -> None:
        for listener in list(self._listeners):
            try:
                listener()
            except Exception as exc:  # noqa: BLE001
                log.debug("phone access listener failed: %s", exc)
