"""Making sure Flet's desktop window can start before the app promises one.

Flet downloads its desktop client on first use into ~/.flet/client/ and, when that
fails (no internet, a damaged cache), ends in a traceback. Here the client is fetched
and checked first, in a guarded call, so the app can fall back to the web client.
"""
from __future__ import annotations

import contextlib
import io
import logging
import os
import platform
import shutil
import socket
import threading
import time
import urllib.error
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

log = logging.getLogger(__name__)

# Without a timeout a download on a network that drops packets waits forever.
DOWNLOAD_TIMEOUT = 30.0
# A first-time download is announced only if it takes longer than this, so a failure
# without internet (which is quick) stays a single line.
DOWNLOAD_NOTICE_AFTER = 2.0


@dataclass(frozen=True)
class ClientProblem:
    """Why the desktop client cannot be had: offline is a failed download, else ``reason`` says."""

    offline: bool
    reason: str


def prepare(download_notice: Callable[[], None] = lambda: None) -> ClientProblem | None:
    """Fetch and check the desktop client; None when it is ready to start."""
    try:
        if _prebuilt_client_configured():
            return None  # Flet starts that one, not the cached download
        cache_dir = _ensure_cached(download_notice)
        if _program_in(cache_dir) is None:
            # The cache holds no runnable client: fetch it again, once.
            _discard(cache_dir)
            cache_dir = _ensure_cached(download_notice)
    except Exception as exc:  # noqa: BLE001 - whatever went wrong, the web client still works
        log.info("desktop client unavailable", exc_info=True)
        return ClientProblem(offline=_is_network_error(exc), reason=_short(exc))
    if _program_in(cache_dir) is None:
        return ClientProblem(offline=False, reason=f"no client program in {cache_dir}")
    return None


def _ensure_cached(download_notice: Callable[[], None]) -> Path:
    """Flet's client cache folder, downloading and unpacking the client first if it is missing."""
    import flet_desktop

    return Path(_quietly(flet_desktop.ensure_client_cached, download_notice))


def _program_in(cache_dir: Path) -> Path | None:
    system = platform.system()
    if system == "Darwin":
        from flet_desktop import find_macos_app_bundle

        return find_macos_app_bundle(cache_dir)
    program = cache_dir / "flet" / ("flet.exe" if system == "Windows" else "flet")
    if program.is_file() and (system == "Windows" or os.access(program, os.X_OK)):
        return program
    return None


def _discard(cache_dir: Path) -> None:
    # Renamed first so a half-deleted folder is never taken for a client; Flet sweeps ".trash-*".
    trash = cache_dir.with_name(f".trash-{uuid.uuid4().hex[:8]}")
    cache_dir.rename(trash)
    shutil.rmtree(trash, ignore_errors=True)


def _prebuilt_client_configured() -> bool:
    """Flet prefers a client from `flet build` in the working folder, then FLET_VIEW_PATH."""
    system = platform.system()
    build = Path.cwd() / "build" / {"Windows": "windows", "Darwin": "macos"}.get(system, "linux")
    candidates = [build]
    if os.environ.get("FLET_VIEW_PATH"):
        candidates.append(Path(os.environ["FLET_VIEW_PATH"]))
    for folder in candidates:
        if not folder.is_dir():
            continue
        if system == "Darwin":
            if any(folder.glob("*.app")):
                return True
        elif system == "Windows":
            if any(folder.glob("*.exe")):
                return True
        elif any(path.is_file() and os.access(path, os.X_OK) for path in folder.iterdir()):
            return True
    return False


def _quietly(action: Callable, download_notice: Callable[[], None]):
    """Run `action` with Flet's own English progress output hidden, a bounded wait on the network,
    and `download_notice` called if it is still busy after DOWNLOAD_NOTICE_AFTER seconds."""
    timer = threading.Timer(DOWNLOAD_NOTICE_AFTER, download_notice)
    timer.daemon = True
    previous_timeout = socket.getdefaulttimeout()
    socket.setdefaulttimeout(DOWNLOAD_TIMEOUT)
    timer.start()
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            return action()
    finally:
        timer.cancel()
        socket.setdefaulttimeout(previous_timeout)


def _is_network_error(exc: BaseException) -> bool:
    if isinstance(exc, urllib.error.HTTPError):
        return False  # the server answered: the address or the release is wrong
    return isinstance(exc, (urllib.error.URLError, ConnectionError, TimeoutError, socket.gaierror))


def _short(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()[0] if str(exc).strip() else ""
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


def open_browser_when_ready(url: str, host: str, port: int, *, wait: float = 60.0) -> threading.Thread:
    """Open `url` in the browser once the server listens; a machine without a browser is fine."""

    def run() -> None:
        probe_host = "127.0.0.1" if host in ("", "0.0.0.0", "::", "*") else host
        deadline = time.monotonic() + wait
        while time.monotonic() < deadline:
            try:
                with socket.create_connection((probe_host, port), timeout=1):
                    break
            except OSError:
                time.sleep(0.2)
        else:
            return
        try:
            import webbrowser

            webbrowser.open(url)
        except Exception as exc:  # noqa: BLE001 - no browser: the printed address is enough
            log.info("could not open a browser: %s", exc)

    thread = threading.Thread(target=run, name="open-browser", daemon=True)
    thread.start()
    return thread
