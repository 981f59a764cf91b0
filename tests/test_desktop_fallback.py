"""When Flet's desktop client cannot be had, the app says so in one line and serves the web client."""
from __future__ import annotations

import http.server
import io
import os
import platform
import queue
import signal
import socket
import stat
import subprocess
import sys
import tarfile
import threading
import time
import urllib.request
from pathlib import Path
from types import SimpleNamespace

import pytest

from companion.app import desktop_client
from companion.i18n import Translator

REPO = Path(__file__).resolve().parent.parent

linux_only = pytest.mark.skipif(platform.system() != "Linux", reason="the client cache layout checked is Linux's")


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _closed_url() -> str:
    return f"http://127.0.0.1:{_free_port()}/flet-client.tar.gz"  # nothing listens there


def _client_archive(*, with_program: bool) -> bytes:
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz") as archive:
        name, body = ("flet/flet", b"#!/bin/sh\nexit 0\n") if with_program else ("flet/readme.txt", b"no program")
        info = tarfile.TarInfo(name)
        info.size = len(body)
        info.mode = 0o755
        archive.addfile(info, io.BytesIO(body))
    return buffer.getvalue()


class _Archive(http.server.BaseHTTPRequestHandler):
    body = b""

    def do_GET(self) -> None:  # noqa: N802 - the http.server interface
        self.send_response(200)
        self.send_header("Content-Length", str(len(self.body)))
        self.end_headers()
        self.wfile.write(self.body)

    def log_message(self, *args) -> None:
        pass


@pytest.fixture
def serve_archive():
    """serve_archive(body) -> the URL of a local server answering every GET with `body`."""
    servers = []

    def start(body: bytes) -> str:
        handler = type("Handler", (_Archive,), {"body": body})
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        servers.append(server)
        return f"http://127.0.0.1:{server.server_address[1]}/flet-client.tar.gz"

    yield start
    for server in servers:
        server.shutdown()
        server.server_close()


@pytest.fixture
def empty_home(tmp_path: Path, monkeypatch) -> Path:
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("FLET_DESKTOP_FLAVOR", "light")
    monkeypatch.delenv("FLET_VIEW_PATH", raising=False)
    monkeypatch.chdir(tmp_path)  # no `build/` folder with a client of its own
    return home


def _cached_programs(home: Path) -> list[Path]:
    return sorted((home / ".flet" / "client").glob("*/flet/flet"))


# ----------------------------------------------------------------------------- the check itself
@linux_only
def test_without_a_network_the_client_is_reported_offline(empty_home: Path, monkeypatch) -> None:
    monkeypatch.setenv("FLET_CLIENT_URL", _closed_url())
    timeout_before = socket.getdefaulttimeout()
    problem = desktop_client.prepare()
    assert problem is not None and problem.offline
    assert socket.getdefaulttimeout() == timeout_before
    assert _cached_programs(empty_home) == []


@linux_only
def test_a_downloaded_client_is_ready_and_then_used_from_the_cache(empty_home: Path, monkeypatch,
                                                                  serve_archive) -> None:
    monkeypatch.setenv("FLET_CLIENT_URL", serve_archive(_client_archive(with_program=True)))
    assert desktop_client.prepare() is None
    [program] = _cached_programs(empty_home)
    assert program.stat().st_mode & stat.S_IXUSR
    monkeypatch.setenv("FLET_CLIENT_URL", _closed_url())  # a second start needs no network
    assert desktop_client.prepare() is None


@linux_only
def test_a_damaged_cache_is_fetched_again(empty_home: Path, monkeypatch, serve_archive) -> None:
    monkeypatch.setenv("FLET_CLIENT_URL", serve_archive(_client_archive(with_program=True)))
    assert desktop_client.prepare() is None
    [program] = _cached_programs(empty_home)
    program.unlink()
    assert desktop_client.prepare() is None
    assert _cached_programs(empty_home) == [program]


@linux_only
def test_a_damaged_cache_without_a_network_is_reported(empty_home: Path, monkeypatch, serve_archive) -> None:
    monkeypatch.setenv("FLET_CLIENT_URL", serve_archive(_client_archive(with_program=True)))
    assert desktop_client.prepare() is None
    [program] = _cached_programs(empty_home)
    program.unlink()
    monkeypatch.setenv("FLET_CLIENT_URL", _closed_url())
    problem = desktop_client.prepare()
    assert problem is not None and problem.offline


@linux_only
def test_an_archive_without_the_program_is_not_offline_but_broken(empty_home: Path, monkeypatch,
                                                                  serve_archive) -> None:
    monkeypatch.setenv("FLET_CLIENT_URL", serve_archive(_client_archive(with_program=False)))
    problem = desktop_client.prepare()
    assert problem is not None and not problem.offline
    assert "no client program" in problem.reason


@linux_only
def test_a_corrupt_archive_is_reported_not_raised(empty_home: Path, monkeypatch, serve_archive) -> None:
    monkeypatch.setenv("FLET_CLIENT_URL", serve_archive(b"this is not a gzip file"))
    problem = desktop_client.prepare()
    assert problem is not None and not problem.offline
    assert problem.reason


# ----------------------------------------------------------------------------- through the real entry point
def _lines(stream, sink: queue.Queue) -> None:
    for line in stream:
        sink.put(line)
    sink.put(None)


def _start_app(tmp_path: Path, port: int, env: dict[str, str]) -> tuple[subprocess.Popen, queue.Queue]:
    process = subprocess.Popen(
        [sys.executable, "-m", "companion", "--port", str(port), "--lang", "tr",
         "--data-dir", str(tmp_path / "data")],
        cwd=REPO, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        start_new_session=True,
    )
    out: queue.Queue = queue.Queue()
    threading.Thread(target=_lines, args=(process.stdout, out), daemon=True).start()
    return process, out


def _web_page(port: int, deadline: float) -> str | None:
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2) as response:
                return response.read().decode("utf-8", "replace")
        except OSError:
            time.sleep(0.3)
    return None


QR_CHARACTERS = set("█▀▄ \xa0")


def _said_url(line: str | None, port: int) -> str:
    """The one line the app says, in Turkish, with the table's address; that address."""
    assert line is not None
    said = Translator("tr").t("startup.desktop_offline", url="URL").split("URL")
    line = line.strip()
    assert line.startswith(said[0]) and line.endswith(said[1]), line
    url = line[len(said[0]):len(line) - len(said[1])]
    assert url.startswith(f"http://127.0.0.1:{port}/table?k="), url
    return url


def _stop(process: subprocess.Popen) -> str:
    os.killpg(process.pid, signal.SIGKILL)
    process.wait(timeout=10)
    return process.stderr.read()


def _env(home: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("WAYLAND_DISPLAY", "FLET_VIEW_PATH", "BROWSER")}
    env.update(DISPLAY=":97", HOME=str(home), FLET_CLIENT_URL=_closed_url(), FLET_DESKTOP_FLAVOR="light", **extra)
    return env


@pytest.mark.slow
@linux_only
def test_offline_first_start_serves_the_web_client_and_opens_the_browser(tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    opened = tmp_path / "opened-url"
    browser = tmp_path / "browser.sh"
    browser.write_text(f'#!/bin/sh\nprintf "%s" "$1" > "{opened}"\n', encoding="utf-8")
    browser.chmod(0o755)
    port = _free_port()
    process, out = _start_app(tmp_path, port, _env(home, BROWSER=str(browser)))
    try:
        url = _said_url(out.get(timeout=90), port)
        page = _web_page(port, time.monotonic() + 90)
        assert page is not None and "flutter" in page.lower()
        deadline = time.monotonic() + 30
        while not opened.exists() and time.monotonic() < deadline:
            time.sleep(0.2)
        assert opened.read_text(encoding="utf-8") == url  # the table's address, host key and all
    finally:
        errors = _stop(process)
    assert "Traceback" not in errors
    rest = []
    while (line := out.get(timeout=10)) is not None:
        rest.append(line)
    # After the one line, the address on the local network for a tablet (when the machine
    # has one) and its QR code (block characters): Flet's own "Preparing Flet … for the
    # first use" is not shown.
    tablet = Translator("tr").t("cli.serving_lan", url="URL").split("URL")[0]
    if rest and rest[0].startswith(tablet):
        rest = rest[1:]
    assert rest and all(set(line.strip()) <= QR_CHARACTERS for line in rest)


@pytest.mark.slow
@linux_only
def test_a_damaged_cache_on_a_machine_without_a_browser_still_serves_the_web_client(tmp_path: Path) -> None:
    import flet_desktop.version

    home = tmp_path / "home"
    damaged = home / ".flet" / "client" / f"flet-desktop-light-{flet_desktop.version.version}"
    damaged.mkdir(parents=True)  # a cache folder without the client program in it
    port = _free_port()
    # No browser can be found on this PATH.
    process, out = _start_app(tmp_path, port, _env(home, PATH=str(Path(sys.executable).parent)))
    try:
        _said_url(out.get(timeout=90), port)
        page = _web_page(port, time.monotonic() + 90)
        assert page is not None and "flutter" in page.lower()
        time.sleep(1)  # the browser attempt happens once the server listens
        assert process.poll() is None
    finally:
        errors = _stop(process)
    assert "Traceback" not in errors


# ----------------------------------------------------------------------------- the CLI's choices
@pytest.fixture
def no_desktop_client(monkeypatch, tmp_path: Path):
    """A display, but no desktop client to be had; the web server and the browser only recorded."""
    from companion.hosting.server import Server

    record = SimpleNamespace(served=[], browser=[])
    monkeypatch.setattr(cli_module(), "has_display", lambda: True)
    monkeypatch.setattr(desktop_client, "prepare",
                        lambda download_notice: desktop_client.ClientProblem(offline=True, reason="offline"))
    monkeypatch.setattr(desktop_client, "open_browser_when_ready",
                        lambda url, host, port: record.browser.append((url, host, port)))

    def served(server: Server) -> None:
        record.served.append({"host": server.host, "port": server.port})
        server._socket.close()

    monkeypatch.setattr(Server, "serve_forever", served)
    return record


def cli_module():
    from companion.app import cli

    return cli


def test_the_fallback_serves_the_web_client_and_opens_it_itself(no_desktop_client, tmp_path: Path, capsys) -> None:
    from companion.app import cli

    port = _free_port()
    assert cli.main(["--port", str(port), "--lang", "tr", "--data-dir", str(tmp_path / "data")]) == 0
    out = capsys.readouterr().out.splitlines()
    url = _said_url(out[0], port)
    # As the desktop app would have served its phones: on every interface.
    assert no_desktop_client.served == [{"host": "0.0.0.0", "port": port}]
    assert no_desktop_client.browser == [(url, "0.0.0.0", port)]
    assert url.startswith(f"http://127.0.0.1:{port}/table?k=")  # this computer's browser opens it here


def test_the_fallback_moves_to_a_free_port_when_its_port_is_taken(no_desktop_client, tmp_path: Path,
                                                                  capsys) -> None:
    from companion.app import cli

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        busy = taken.getsockname()[1]
        assert cli.main(["--port", str(busy), "--data-dir", str(tmp_path / "data")]) == 0
    [served] = no_desktop_client.served
    assert served["port"] != busy
    assert f"http://127.0.0.1:{served['port']}/table?k=" in capsys.readouterr().out


def test_an_explicit_web_port_that_is_taken_is_one_line_and_exit_1(no_desktop_client, tmp_path: Path,
                                                                  capsys) -> None:
    from companion.app import cli

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        busy = taken.getsockname()[1]
        code = cli.main(["--web", "--port", str(busy), "--lang", "tr", "--data-dir", str(tmp_path / "data")])
    out, err = capsys.readouterr()
    assert code == 1
    assert no_desktop_client.served == [] and out == ""
    assert err.strip() == Translator("tr").t("startup.port_in_use", port=busy)


@pytest.mark.parametrize("port", ["0", "65536", "http"])
def test_a_port_out_of_range_is_a_usage_error(port: str, capsys) -> None:
    from companion.app import cli

    with pytest.raises(SystemExit) as stopped:
        cli.main(["--web", "--port", port])
    assert stopped.value.code == 2
    assert "--port" in capsys.readouterr().err


@linux_only
def test_a_client_named_by_flet_view_path_needs_no_download(empty_home: Path, monkeypatch, tmp_path: Path) -> None:
    view = tmp_path / "view"
    view.mkdir()
    program = view / "flet"
    program.write_text("#!/bin/sh\n", encoding="utf-8")
    program.chmod(0o755)
    monkeypatch.setenv("FLET_VIEW_PATH", str(view))
    monkeypatch.setenv("FLET_CLIENT_URL", _closed_url())
    assert desktop_client.prepare() is None
    monkeypatch.setenv("FLET_VIEW_PATH", str(tmp_path / "nowhere"))  # Flet then falls back to its cache
    assert desktop_client.prepare() is not None


def test_what_startup_loaded_is_frozen_out_of_full_collections_before_serving(no_desktop_client, tmp_path: Path,
                                                                             monkeypatch) -> None:
    """A full collection walking every startup object took about 80 ms in the middle of a
    tap: the server freezes them once, after startup and before the first page."""
    import gc

    from companion.app import cli
    from companion.hosting.server import Server

    order: list[str] = []
    monkeypatch.setattr(gc, "freeze", lambda: order.append("frozen"))
    served = Server.serve_forever
    monkeypatch.setattr(Server, "serve_forever", lambda server: order.append("served") or served(server))
    assert cli.main(["--port", str(_free_port()), "--lang", "tr", "--data-dir", str(tmp_path / "data")]) == 0
    assert order == ["frozen", "served"]
