"""The real server on a free loopback port: Flet behind the Origin guard, and a stop that never hangs."""
from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import httpx
import msgpack
import pytest
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

from companion.hosting import server as server_module
from companion.hosting.server import serve

REPO = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.slow


class RecordingMain:
    """A Flet entry point that notes the route each page opened."""

    def __init__(self) -> None:
        self.routes: list[str] = []
        self.opened = threading.Event()

    def __call__(self, page) -> None:
        self.routes.append(page.route)
        self.opened.set()


@pytest.fixture
def running():
    main = RecordingMain()
    server = serve(main, host="127.0.0.1", port=0).start()
    try:
        yield server, main
    finally:
        assert server.stop(timeout=10)


def _ws_url(server) -> str:
    return server.local_url.replace("http://", "ws://") + "/ws"


def _register(socket_client, route: str) -> None:
    body = {"session_id": "", "page_name": "", "page": {"route": route, "web": True}}
    socket_client.send(b"\x00" + msgpack.packb([1, body]))


def test_port_zero_binds_a_free_port_and_the_flet_page_answers(running) -> None:
    server, _ = running
    assert server.port > 0 and server.is_running
    response = httpx.get(server.local_url + "/", timeout=10)
    assert response.status_code == 200
    assert "flutter" in response.text.lower()
    assert "access-control-allow-origin" not in response.headers
    # FastAPI's API explorer is gone; the path falls through to the web client.
    assert "openapi" not in httpx.get(server.local_url + "/openapi.json", timeout=10).text


def test_a_foreign_page_can_neither_open_the_socket_nor_post(running) -> None:
    server, main = running
    with pytest.raises(InvalidStatus) as refused:
        with connect(_ws_url(server), origin="http://evil.example", open_timeout=10):
            pass
    assert refused.value.response.status_code == 403
    response = httpx.post(server.local_url + "/", headers={"Origin": "http://evil.example"}, timeout=10)
    assert response.status_code == 403
    assert main.routes == []


@pytest.mark.parametrize("origin", ["own", "localhost", None])
def test_our_own_page_reaches_flet_and_the_page_sees_its_route(running, origin) -> None:
    server, main = running
    origins = {"own": server.local_url, "localhost": f"http://localhost:{server.port}", None: None}
    with connect(_ws_url(server), origin=origins[origin], open_timeout=10) as client:
        _register(client, "/seat/2?s=secret-value")
        assert main.opened.wait(10)
        reply = msgpack.unpackb(client.recv(timeout=10)[1:], strict_map_key=False)
    assert reply[0] == 1  # the registration answer
    assert main.routes == ["/seat/2?s=secret-value"]


def test_taken_port_raises_at_once(running) -> None:
    server, _ = running
    with pytest.raises(OSError):
        serve(RecordingMain(), host="127.0.0.1", port=server.port)


def _silent_websocket(port: int) -> socket.socket:
    """A client that finishes the websocket handshake and then never reads or answers again."""
    raw = socket.create_connection(("127.0.0.1", port), timeout=10)
    raw.sendall(
        (
            "GET /ws HTTP/1.1\r\n"
            f"Host: 127.0.0.1:{port}\r\n"
            "Upgrade: websocket\r\nConnection: Upgrade\r\n"
            "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
        ).encode()
    )
    assert raw.recv(1024).startswith(b"HTTP/1.1 101")
    return raw


def test_stop_returns_promptly_with_idle_and_silent_connections() -> None:
    server = serve(RecordingMain(), host="127.0.0.1", port=0, shutdown_timeout=2.0).start()
    idle = socket.create_connection(("127.0.0.1", server.port), timeout=10)
    silent = _silent_websocket(server.port)
    gone = _silent_websocket(server.port)
    gone.close()  # left before registering: Flet's handler would wait for it forever
    try:
        started = time.monotonic()
        assert server.stop(timeout=10)
        assert time.monotonic() - started < 5
        assert not server.is_running
    finally:
        idle.close()
        silent.close()


def test_serve_forever_returns_when_stopped_from_another_thread() -> None:
    server = serve(RecordingMain(), host="127.0.0.1", port=0)
    threading.Timer(0.5, server.stop).start()
    started = time.monotonic()
    server.serve_forever()
    assert time.monotonic() - started < 6
    assert not server.is_running


_FOREGROUND_SERVER = textwrap.dedent(
    """
    import sys
    from companion.hosting.server import serve
    server = serve(lambda page: None, host="127.0.0.1", port=0)
    print(server.port, flush=True)
    server.serve_forever()
    print("stopped", flush=True)
    """
)


@pytest.mark.skipif(os.name != "posix", reason="sends SIGTERM")
def test_a_foreground_server_stops_on_sigterm_after_a_silent_connection() -> None:
    process = subprocess.Popen(
        [sys.executable, "-c", _FOREGROUND_SERVER], cwd=REPO, stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL, text=True, start_new_session=True,
    )
    try:
        port = int(process.stdout.readline())
        silent = _silent_websocket(port)
        time.sleep(0.5)
        silent.close()
        process.send_signal(signal.SIGTERM)
        assert process.wait(timeout=10) == 0
        assert process.stdout.read().strip() == "stopped"
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=10)


def test_a_server_on_every_interface_accepts_phones_at_its_lan_address(monkeypatch) -> None:
    # Listen on loopback only (nothing is exposed), but as if asked for every interface.
    real = server_module._listening_socket
    monkeypatch.setattr(server_module, "_listening_socket", lambda host, port: real("127.0.0.1", port))
    monkeypatch.setattr(server_module.addresses, "lan_addresses", lambda: ["192.168.1.20"])
    monkeypatch.setattr(server_module.addresses, "machine_addresses", lambda: ["127.0.0.1", "192.168.1.20"])
    server = serve(RecordingMain(), host="0.0.0.0", port=0)
    try:
        phone_origin = f"http://192.168.1.20:{server.port}"
        assert server.phone_urls() == [phone_origin]
        assert server.reachable_by_phones
        assert phone_origin in server.allowed_origins()
        assert f"http://192.168.1.21:{server.port}" not in server.allowed_origins()
        server.start()
        with connect(_ws_url(server), origin=phone_origin, open_timeout=10):
            pass
        with pytest.raises(InvalidStatus):
            with connect(_ws_url(server), origin=f"http://192.168.1.21:{server.port}", open_timeout=10):
                pass
    finally:
        assert server.stop()


def test_a_loopback_server_is_not_reachable_by_phones() -> None:
    server = serve(RecordingMain(), host="127.0.0.1", port=0)
    try:
        assert server.loopback_only and not server.reachable_by_phones
        assert server.phone_urls() == []
    finally:
        server.stop()


def test_a_server_on_every_interface_of_a_machine_on_no_network_offers_phones_nothing(monkeypatch) -> None:
    real = server_module._listening_socket
    monkeypatch.setattr(server_module, "_listening_socket", lambda host, port: real("127.0.0.1", port))
    monkeypatch.setattr(server_module.addresses, "lan_addresses", lambda: [])
    server = serve(RecordingMain(), host="0.0.0.0", port=0)
    try:
        assert server.phone_urls() == [] and not server.reachable_by_phones and not server.loopback_only
    finally:
        server.stop()
