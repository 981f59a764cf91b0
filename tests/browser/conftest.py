"""Browser tests: the real app as a subprocess, driven in Debian's Chromium."""
from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from contextlib import contextmanager
from pathlib import Path

import pytest
from tests.support.requirements import skip_or_fail

from .slowness import scaled

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
REPO = Path(__file__).resolve().parents[2]
SCREENSHOTS = REPO / "test-artifacts" / "screenshots"


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _wait_http(url: str, process: subprocess.Popen, timeout: float = 60) -> None:
    deadline = time.monotonic() + scaled(timeout)
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the app exited early with code {process.returncode}")
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status == 200:
                    return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError(f"the app did not answer on {url}")


TABLE_URL = re.compile(r"http://\S+/table\?k=\S+")


def _table_url(log_path: Path, process: subprocess.Popen, timeout: float = 30) -> str:
    deadline = time.monotonic() + scaled(timeout)
    while time.monotonic() < deadline:
        found = TABLE_URL.search(log_path.read_text("utf-8", errors="replace"))
        if found:
            return found.group(0)
        if process.poll() is not None:
            break
        time.sleep(0.1)
    raise RuntimeError("the app printed no table address")


def _browser_at_hand() -> None:
    if not CHROMIUM.exists():
        skip_or_fail("Debian's chromium is not installed", required_by="REQUIRE_BROWSER")
    try:
        import playwright  # noqa: F401
    except ImportError:
        skip_or_fail("playwright is not installed", required_by="REQUIRE_BROWSER")


@pytest.fixture
def app_url(tmp_path):
    """Start `python -m companion --web` on a free port over a data folder of the test's
    own; kill it (and its children) afterwards. Each test, and its one rerun, starts from
    an app with no game: a rerun on the app of the first try would find that try's game
    open (list `app_url` before `flutter`, so the app outlives the page's failure shot)."""
    _browser_at_hand()
    with running_app(tmp_path / "games", tmp_path / "app.log") as table:
        yield table


@contextmanager
def running_app(data_dir: Path, log_path: Path, *, host: str | None = "127.0.0.1",
                started: list[subprocess.Popen] | None = None):
    """`python -m companion --web` on a free port over `data_dir`, in Turkish; yields the
    table's address (only the address the app prints, with its host key, opens the table)
    and kills the app and its children afterwards. `host=None` starts it as the README
    says (every interface: only loopback is ever sent to); `started` receives the process."""
    port = _free_port()
    listen = ["--host", host] if host is not None else []
    with open(log_path, "wb") as log:
        process = subprocess.Popen(
            [sys.executable, "-m", "companion", "--web", *listen, "--port", str(port),
             "--data-dir", str(data_dir), "--lang", "tr"],
            cwd=REPO, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
        )
    if started is not None:
        started.append(process)
    try:
        _wait_http(f"http://127.0.0.1:{port}/", process)
        yield _table_url(log_path, process)
    finally:
        # Its own session: the group id is its PID, so this reaches its children too.
        try:
            os.killpg(process.pid, signal.SIGTERM)
            process.wait(timeout=10)
        except ProcessLookupError:
            pass
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=10)


@pytest.fixture
def browser():
    """A browser of the test's own: a page that stopped answering in a first try (see
    below) goes with it, and does not slow the rerun or the next test. Playwright's sync API
    marks its asyncio loop as running in the thread while it is started: kept beyond one
    test, it would make every later test on the worker that runs a loop fail."""
    from playwright.sync_api import sync_playwright

    _browser_at_hand()
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def screenshots() -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    return SCREENSHOTS


# A page of Flutter's skwasm renderer in Chromium started with --disable-gpu can stop
# answering for good (flutter/flutter#177008); no browser test here needs more than a few
# minutes (times the slowness factor, flutter_page.SLOWNESS). Such a test is stopped after
# BROWSER_TEST_TIMEOUT_S and run once more; a test that fails in any other way is never
# run again.
BROWSER_TEST_TIMEOUT_S = round(scaled(300))
PAGE_STOPPED_ANSWERING = r"Timeout \(>[0-9.]+s\) from pytest-timeout"
# A wait that ran out on a page whose accessibility tree had gone (its canvas blank).
PAGE_WENT_BLANK = r"PageStoppedAnswering"


def pytest_collection_modifyitems(config, items):
    for item in items:
        if item.get_closest_marker("browser") is not None:
            item.add_marker(pytest.mark.timeout(BROWSER_TEST_TIMEOUT_S))
            item.add_marker(pytest.mark.flaky(reruns=1, only_rerun=[PAGE_STOPPED_ANSWERING, PAGE_WENT_BLANK]))


@pytest.hookimpl(tryfirst=True, hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    setattr(item, "rep_" + report.when, report)
    tmp_path = getattr(item, "funcargs", {}).get("tmp_path")
    if report.when == "call" and report.failed and tmp_path is not None:
        for log_path in sorted(Path(tmp_path).glob("*.log")):
            report.sections.append((f"the app's last lines ({log_path.name})", app_log_tail(log_path)))


QR_BLOCKS = set("█▀▄ \xa0")


def app_log_tail(log_path: Path, most: int = 80) -> str:
    """What the app printed last, but its QR code: an error the server logged says what the
    page could not."""
    lines = [line for line in log_path.read_text("utf-8", errors="replace").splitlines()
             if line.strip() and not set(line) <= QR_BLOCKS]
    return "\n".join(lines[-most:])


@pytest.fixture
def flutter(browser, request):
    """A fresh browser page wrapped for Flutter; on failure its last frame is kept for a human."""
    from .flutter_page import FlutterPage

    from playwright.sync_api import Error as PlaywrightError

    page = browser.new_page(viewport={"width": 1280, "height": 800})
    yield FlutterPage(page)
    report = getattr(request.node, "rep_call", None)
    try:
        if report is not None and report.failed:
            SCREENSHOTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SCREENSHOTS / f"failure-{request.node.name}.png"), timeout=10_000)
    except PlaywrightError:
        pass  # a page that stopped answering cannot be photographed; the test's failure says why
    finally:
        page.close()
