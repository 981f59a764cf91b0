"""Which Origins are ours, and the guard that refuses the others (no network: an in-process client)."""
from __future__ import annotations

import pytest
from starlette.applications import Starlette
from starlette.responses import PlainTextResponse
from starlette.routing import Route, WebSocketRoute
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from companion.hosting.guard import OriginGuard
from companion.hosting.origins import is_own_origin, normalize_origin, own_origins

OWN = "http://192.168.1.20:8550"


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        ("http://192.168.1.20:8550", "http://192.168.1.20:8550"),
        ("HTTP://LocalHost:8550", "http://localhost:8550"),
        ("http://example.com", "http://example.com:80"),
        ("https://example.com", "https://example.com:443"),
        ("http://[::1]:8550", "http://[::1]:8550"),
        ("http://[0:0::1]:8550", "http://[::1]:8550"),
        ("null", None),
        ("file://", None),
        ("http://host:99999", None),
        ("http://host:8550/path", None),
        ("http://user@host:8550", None),
        ("", None),
    ],
)
def test_origin_headers_normalize_to_one_spelling(header: str, expected: str | None) -> None:
    assert normalize_origin(header) == expected


def test_a_server_on_every_interface_owns_its_addresses_names_and_loopback() -> None:
    allowed = own_origins(
        "0.0.0.0", 8550, machine_addresses=["192.168.1.20", "fd00::2"], machine_names=["tablepc"]
    )
    for origin in (OWN, "http://127.0.0.1:8550", "http://localhost:8550", "http://[fd00::2]:8550", "http://tablepc:8550"):
        assert is_own_origin(origin, allowed), origin
    assert not is_own_origin("http://192.168.1.21:8550", allowed)
    assert not is_own_origin("http://192.168.1.20:8551", allowed)
    assert not is_own_origin("https://192.168.1.20:8550", allowed)


def test_a_loopback_server_owns_every_loopback_spelling_and_nothing_else() -> None:
    allowed = own_origins("127.0.0.1", 8550, machine_addresses=["192.168.1.20"])
    assert is_own_origin("http://localhost:8550", allowed)
    assert is_own_origin("http://[::1]:8550", allowed)
    assert not is_own_origin(OWN, allowed)
    assert not is_own_origin("http://evil.example:8550", allowed)


def test_a_server_on_one_address_owns_only_that_address_and_the_extras() -> None:
    allowed = own_origins("192.168.1.20", 8550, extra=["http://tablepc.lan:8550"])
    assert allowed == frozenset({OWN, "http://tablepc.lan:8550"})


# The guard, around a tiny app that answers every HTTP request and greets every websocket.
async def _page(request):
    return PlainTextResponse("page", headers={"Access-Control-Allow-Origin": "*"})


async def _socket(websocket):
    await websocket.accept()
    await websocket.send_text("hello")
    await websocket.close()


@pytest.fixture
def client() -> TestClient:
    inner = Starlette(routes=[Route("/", _page, methods=["GET", "POST"]), WebSocketRoute("/ws", _socket)])
    return TestClient(OriginGuard(inner, lambda: frozenset({OWN})), base_url=OWN)


def test_a_websocket_from_a_foreign_page_is_refused(client: TestClient) -> None:
    with pytest.raises(WebSocketDisconnect) as refused:
        with client.websocket_connect("/ws", headers={"Origin": "http://evil.example"}):
            pass
    assert refused.value.code == 1008


@pytest.mark.parametrize("headers", [{"Origin": OWN}, {}], ids=["own-origin", "no-origin"])
def test_a_websocket_from_our_page_or_without_origin_is_served(client: TestClient, headers: dict) -> None:
    with client.websocket_connect("/ws", headers=headers) as socket:
        assert socket.receive_text() == "hello"


@pytest.mark.parametrize("method", ["GET", "POST"])
def test_http_from_a_foreign_page_is_refused(client: TestClient, method: str) -> None:
    response = client.request(method, "/", headers={"Origin": "http://evil.example"})
    assert response.status_code == 403
    assert response.text != "page"


def test_http_from_our_page_is_served_without_inviting_other_sites(client: TestClient) -> None:
    response = client.post("/", headers={"Origin": OWN})
    assert response.status_code == 200 and response.text == "page"
    assert "access-control-allow-origin" not in response.headers


def test_the_guard_asks_for_the_allowed_origins_on_every_request() -> None:
    current = {"allowed": frozenset({OWN})}
    inner = Starlette(routes=[Route("/", _page)])
    client = TestClient(OriginGuard(inner, lambda: current["allowed"]))
    assert client.get("/", headers={"Origin": "http://10.0.0.5:8550"}).status_code == 403
    current["allowed"] = frozenset({"http://10.0.0.5:8550"})
    assert client.get("/", headers={"Origin": "http://10.0.0.5:8550"}).status_code == 200
