"""The server stops while a page is on step 7 of the Event Phase and starts again (same
data directory, same port): the page reconnects by itself and shows step 7 again, as
its address carries its screen and the host key. The served web client has no English
"Working..." text to show in between; the page says it is reconnecting, in its language."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from companion.engine.phase.model import EventStep
from companion.hosting.client_texts import ENGLISH, PATCHED
from companion.i18n.translator import Translator

from .conftest import CHROMIUM, REPO, _free_port, _table_url, _wait_http
from .flutter_page import PHONE, FlutterPage
from .slowness import scaled_ms

pytestmark = pytest.mark.browser

PT = Translator("pt-BR")


class Server:
    """`python -m companion --web` on a fixed port and data directory, restartable."""

    def __init__(self, root: Path) -> None:
        self.port = _free_port()
        self.data_dir = root / "games"
        self.data_dir.mkdir()
        self.root = root
        self.base = f"http://127.0.0.1:{self.port}/"
        self.process: subprocess.Popen | None = None
        self.starts = 0

    def start(self) -> str:
        """Start it; the table's address it prints (with its host key)."""
        self.starts += 1
        log_path = self.root / f"app-{self.starts}.log"
        with open(log_path, "wb") as log:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "companion", "--web", "--host", "127.0.0.1", "--port", str(self.port),
                 "--data-dir", str(self.data_dir), "--lang", "pt-BR"],
                cwd=REPO, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
            )
        _wait_http(self.base, self.process)
        return _table_url(log_path, self.process)

    def kill(self) -> None:
        """As a crash or a pulled plug would: no chance to say goodbye."""
        if self.process is None:
            return
        try:
            os.killpg(self.process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        self.process.wait(timeout=20)
        self.process = None


@pytest.fixture
def server(tmp_path):
    if not CHROMIUM.exists():
        from tests.support.requirements import skip_or_fail

        skip_or_fail("Debian's chromium is not installed", required_by="REQUIRE_BROWSER")
    running = Server(tmp_path)
    yield running
    running.kill()
    for log in sorted(tmp_path.glob("app-*.log")):  # shown by pytest when the test failed
        print(f"--- {log.name}", log.read_text("utf-8", errors="replace")[-3000:], sep="\n")


def _on_step(app: FlutterPage, step: int) -> bool:
    """The runner shows `step` as the current one (read with short waits: while the client
    reconnects, its page may be torn down and built again at any moment)."""
    title = PT.t("ui.events.step_title", step=step, name=PT.t(EventStep(step).key))
    try:
        panel = app.by_id("event-step-panel").evaluate(
            "e => e.innerText + ' ' + Array.from(e.querySelectorAll('[aria-label]'))"
            ".map(x => x.getAttribute('aria-label')).join(' ') + ' ' + (e.getAttribute('aria-label') || '')",
            timeout=scaled_ms(2000))
        current = app.by_id(f"event-step-{step}").get_attribute("aria-current", timeout=scaled_ms(2000))
    except PlaywrightTimeout:
        return False
    return not app.has("announcement") and title in panel and current == "true"


def _wait_step(app: FlutterPage, step: int, timeout: float = 30) -> None:
    app.wait_past_announcements(lambda: _on_step(app, step), f"step {step}", timeout=timeout)


def test_a_restarted_server_finds_the_page_on_the_same_step(server, flutter: FlutterPage, screenshots):
    app = flutter
    app.page.set_viewport_size(PHONE)
    table_url = server.start()
    app.open(table_url)
    app.wait_for_id("new-game")
    app.tap("new-game")
    app.wait_for_id("player-name-1")
    app.type_into("player-name-1", "Ana")
    app.type_into("player-name-2", "Bruno")
    app.tap("setup-contamination-app")
    app.wait_enabled("start-game")  # once the choice reached the app
    app.tap("start-game")
    app.wait_past_announcements(lambda: app.has("event-phase"), "the table")
    app.tap("event-phase")
    _wait_step(app, 5)
    app.tap("event-continue")
    _wait_step(app, 7)
    assert "/events" in app.page.url and "k=" in app.page.url

    assert app.page.locator("#reconnecting").is_hidden()
    server.kill()
    # The page says, in its language, that it is reconnecting to the table.
    app.page.wait_for_selector("#reconnecting", state="visible", timeout=scaled_ms(20_000))
    assert app.page.inner_text("#reconnecting") == PT.t("web.reconnecting")
    assert app.page.get_attribute("#reconnecting", "role") == "status"
    app.screenshot(screenshots / "reconnect-server-down-phone.png")
    again = server.start()
    assert again.split("?")[1] == table_url.split("?")[1]  # the same host key, kept in the data directory
    # Flet's web client reconnects by itself; the page's address brings it back to its screen.
    _wait_step(app, 7, timeout=120)
    assert "/events" in app.page.url
    app.page.wait_for_selector("#reconnecting", state="hidden", timeout=scaled_ms(20_000))
    app.wait_for_id("status-strip")
    assert not app.has("join-screen")  # the table's page, not a stranger's
    app.screenshot(screenshots / "reconnect-back-on-step7-phone.png")

    # The client the server hands out says nothing in English while it waits.
    import flet_web

    web_dir = Path(flet_web.get_package_web_dir())
    assert any(ENGLISH in (web_dir / name.lstrip("/")).read_bytes() for name in PATCHED)  # there is one to hide
    for name in PATCHED:
        with urllib.request.urlopen(server.base + name.lstrip("/"), timeout=30) as response:
            assert response.status == 200
            assert ENGLISH not in response.read()
