"""One web server for the table and the phones: Flet's app behind our guards, run by uvicorn."""
from __future__ import annotations

import ipaddress
import logging
import signal
import socket
import threading
import time
from collections.abc import Callable, Iterable
from typing import Any

from companion.hosting import addresses
from companion.hosting.app_page import AppPage
from companion.hosting.client_texts import NeutralClientTexts
from companion.hosting.guard import OriginGuard
from companion.hosting.origins import canonical_host, is_loopback, is_wildcard, origin_of, own_origins
from companion.hosting.watchdog import WebSocketWatchdog
from companion.i18n import DEFAULT_LANGUAGE

logger = logging.getLogger(__name__)

# FastAPI's API explorer describes nothing of ours; it is only something more to reach.
_UNWANTED_PATHS = frozenset({"/docs", "/docs/oauth2-redirect", "/redoc", "/openapi.json"})


def build_app(
    main: Callable,
    allowed_origins: Callable[[], frozenset[str]],
    *,
    first_message_timeout: float = 20.0,
    finish_timeout: float = 1.0,
    language: str = DEFAULT_LANGUAGE,
    **flet_options: Any,
):
    """Flet's FastAPI app (no CDN) wrapped in the Origin guard and the websocket watchdog,
    serving the app's own page (in `language` when a request names none of ours)."""
    import flet_web.fastapi as flet_fastapi

    from companion.hosting.flet_patches import install_quiet_transport

    install_quiet_transport()
    flet_app = flet_fastapi.app(main, no_cdn=True, **flet_options)
    flet_app.router.routes[:] = [
        route for route in flet_app.router.routes if getattr(route, "path", None) not in _UNWANTED_PATHS
    ]
    watched = WebSocketWatchdog(flet_app, first_message_timeout=first_message_timeout, finish_timeout=finish_timeout)
    return OriginGuard(AppPage(NeutralClientTexts(watched), language=language), allowed_origins)


def _listening_socket(host: str, port: int) -> socket.socket:
    host = host.strip().strip("[]")
    if host in ("", "*"):
        host = "0.0.0.0"
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    # Dual stack on "::" so IPv4 phones reach a server asked to listen everywhere.
    dual = host == "::" and socket.has_dualstack_ipv6()
    sock = socket.create_server((host, port), family=family, dualstack_ipv6=dual)
    sock.set_inheritable(False)
    return sock


class Server:
    """A bound, not yet running server. `start()`/`stop()` or `serve_forever()`."""

    def __init__(
        self,
        main: Callable,
        *,
        host: str,
        port: int,
        extra_origins: Iterable[str] = (),
        shutdown_timeout: float = 2.0,
        first_message_timeout: float = 20.0,
        finish_timeout: float = 1.0,
        language: str = DEFAULT_LANGUAGE,
        **flet_options: Any,
    ) -> None:
        import uvicorn

        self.host = host
        self._extra_origins = tuple(extra_origins)
        self._socket = _listening_socket(host, port)
        self.port: int = self._socket.getsockname()[1]
        try:
            app = build_app(
                main,
                self.allowed_origins,
                first_message_timeout=first_message_timeout,
                finish_timeout=finish_timeout,
                language=language,
                **flet_options,
            )
        except BaseException:
            self._socket.close()
            raise
        config = uvicorn.Config(
            app,
            loop="asyncio",
            ws="websockets-sansio",
            lifespan="on",
            log_config=None,
            # Join links carry secrets in their query; request lines must not be logged.
            access_log=False,
            # No proxy in front of us: a forwarded-for header would only be a lie.
            proxy_headers=False,
            server_header=False,
            timeout_graceful_shutdown=shutdown_timeout,
        )
        self._uvicorn = uvicorn.Server(config)
        self._thread: threading.Thread | None = None
        self._failure: BaseException | None = None
        self._stop_requested = threading.Event()

    def __repr__(self) -> str:
        return f"Server(host={self.host!r}, port={self.port}, running={self.is_running})"

    # Addresses ---------------------------------------------------------------
    def allowed_origins(self) -> frozenset[str]:
        wildcard = is_wildcard(self.host)
        return own_origins(
            self.host,
            self.port,
            machine_addresses=addresses.machine_addresses() if wildcard else (),
            machine_names=addresses.machine_names() if wildcard else (),
            extra=self._extra_origins,
        )

    @property
    def local_url(self) -> str:
        """Where a browser on this machine opens the server."""
        if is_wildcard(self.host):
            host = "::1" if self.host.strip().strip("[]") == "::" and not socket.has_dualstack_ipv6() else "127.0.0.1"
        else:
            host = self.host
        return origin_of("http", host, self.port)

    def phone_urls(self) -> list[str]:
        """Base URLs a phone on the local network can open, most likely first (for QR codes
        and for showing); none on loopback, or when the machine is on no local network."""
        if is_wildcard(self.host):
            return [origin_of("http", address, self.port) for address in addresses.lan_addresses()]
        if self.loopback_only:
            return []
        host = canonical_host(self.host)
        try:
            address = ipaddress.ip_address(host)
        except ValueError:
            return [origin_of("http", host, self.port)]  # a name the table gave for its phones
        return [origin_of("http", host, self.port)] if addresses.is_phone_address(address) else []

    @property
    def loopback_only(self) -> bool:
        """Listening on loopback: only this machine's browsers reach the server."""
        return is_loopback(self.host)

    @property
    def reachable_by_phones(self) -> bool:
        return bool(self.phone_urls())

    # Life cycle --------------------------------------------------------------
    @property
    def is_running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def start(self, timeout: float = 30.0) -> Server:
        """Runs the server in a background thread; returns once it accepts connections."""
        if self._thread is not None:
            raise RuntimeError("the server was already started")
        self._thread = threading.Thread(target=self._run, name=f"hosting-{self.port}", daemon=True)
        self._thread.start()
        deadline = time.monotonic() + timeout
        while not self._uvicorn.started:
            if not self._thread.is_alive():
                raise RuntimeError("the web server could not start") from self._failure
            if time.monotonic() > deadline:
                self.stop()
                raise RuntimeError("the web server did not start in time")
            time.sleep(0.02)
        logger.info("serving on %s", self.local_url)
        return self

    def _run(self) -> None:
        try:
            self._uvicorn.run(sockets=[self._socket])
        except BaseException as error:  # uvicorn reports a failed start with SystemExit
            self._failure = error
            logger.error("the web server stopped with an error", exc_info=error)
        finally:
            self._socket.close()

    def stop(self, timeout: float = 10.0) -> bool:
        """Stops serving; True when the server thread ended within `timeout` seconds.

        Idle and silent connections do not delay it beyond the shutdown timeout.
        """
        self._stop_requested.set()
        if self._thread is None:
            self._socket.close()
            return True
        self._uvicorn.should_exit = True
        self._thread.join(timeout)
        if self._thread.is_alive():
            self._uvicorn.force_exit = True
            self._thread.join(2.0)
        stopped = not self._thread.is_alive()
        if not stopped:
            logger.error("the web server did not stop within %.0f s", timeout)
        return stopped

    def serve_forever(self) -> None:
        """Runs until Ctrl+C, SIGTERM or `stop()` from another thread, then stops cleanly."""
        handlers = self._install_signal_handlers()
        try:
            self.start()
            while not self._stop_requested.wait(0.2):
                if not self.is_running:
                    break
        finally:
            self.stop()
            for signum, handler in handlers.items():
                signal.signal(signum, handler)
        if self._failure is not None and not isinstance(self._failure, KeyboardInterrupt):
            raise RuntimeError("the web server stopped with an error") from self._failure

    def _install_signal_handlers(self) -> dict:
        if threading.current_thread() is not threading.main_thread():
            return {}

        def request_stop(signum, frame) -> None:
            self._stop_requested.set()

        previous = {}
        for signum in (signal.SIGINT, signal.SIGTERM):
            previous[signum] = signal.signal(signum, request_stop)
        return previous

    def __enter__(self) -> Server:
        return self.start()

    def __exit__(self, *exc_info) -> None:
        self.stop()


def serve(main: Callable, *, host: str = "127.0.0.1", port: int = 0, **options: Any) -> Server:
    """Binds `host:port` (0 = any free port) and returns the server, not yet running.

    Options: `extra_origins` (more Origins to accept, e.g. a name the table types),
    `shutdown_timeout`, `first_message_timeout`, `finish_timeout`, `language` (the served
    page's when the browser names none of ours), and any keyword of
    `flet_web.fastapi.app` (`before_main`, `assets_dir`, `app_name`, ...).
    Raises OSError when the address is taken.
    """
    return Server(main, host=host, port=port, **options)
