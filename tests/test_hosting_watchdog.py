"""The websocket watchdog: silent or vanished clients cannot keep a handler (and the server) alive."""
from __future__ import annotations

import asyncio

import pytest

from companion.hosting.watchdog import POLICY_VIOLATION, WebSocketWatchdog


class FakeSocket:
    """The server side of one websocket: what the client will send, and what it was sent."""

    def __init__(self) -> None:
        self.incoming: asyncio.Queue = asyncio.Queue()
        self.sent: list[dict] = []

    async def receive(self) -> dict:
        return await self.incoming.get()

    async def send(self, message: dict) -> None:
        self.sent.append(message)


def _hanging_app(events: list[str]):
    """Like Flet's handler when a client goes before registering: it never returns."""

    async def app(scope, receive, send):
        await receive()  # websocket.connect
        await send({"type": "websocket.accept"})
        try:
            while True:
                message = await receive()
                events.append(message["type"])
                if message["type"] == "websocket.disconnect":
                    await asyncio.Event().wait()
        except asyncio.CancelledError:
            events.append("cancelled")
            raise

    return app


def _run(coroutine, timeout: float = 5.0):
    return asyncio.run(asyncio.wait_for(coroutine, timeout))


def test_a_client_that_never_speaks_is_closed_and_its_handler_ended() -> None:
    events: list[str] = []

    async def scenario():
        socket = FakeSocket()
        socket.incoming.put_nowait({"type": "websocket.connect"})
        watchdog = WebSocketWatchdog(_hanging_app(events), first_message_timeout=0.2, finish_timeout=0.2)
        started = asyncio.get_running_loop().time()
        await watchdog({"type": "websocket"}, socket.receive, socket.send)
        return socket.sent, asyncio.get_running_loop().time() - started

    sent, elapsed = _run(scenario())
    assert {"type": "websocket.close", "code": POLICY_VIOLATION} in sent
    assert events == ["cancelled"]
    assert 0.15 < elapsed < 2


def test_a_handler_that_outlives_its_client_is_cancelled_after_the_grace() -> None:
    events: list[str] = []

    async def scenario():
        socket = FakeSocket()
        socket.incoming.put_nowait({"type": "websocket.connect"})
        socket.incoming.put_nowait({"type": "websocket.disconnect", "code": 1000})
        watchdog = WebSocketWatchdog(_hanging_app(events), first_message_timeout=30, finish_timeout=0.2)
        await watchdog({"type": "websocket"}, socket.receive, socket.send)
        return socket.sent

    sent = _run(scenario())
    assert events == ["websocket.disconnect", "cancelled"]
    assert not any(message["type"] == "websocket.close" for message in sent)


def test_a_talking_client_is_left_alone() -> None:
    events: list[str] = []

    async def scenario():
        socket = FakeSocket()
        socket.incoming.put_nowait({"type": "websocket.connect"})
        watchdog = WebSocketWatchdog(_hanging_app(events), first_message_timeout=0.1, finish_timeout=0.1)
        task = asyncio.ensure_future(watchdog({"type": "websocket"}, socket.receive, socket.send))
        for _ in range(5):
            socket.incoming.put_nowait({"type": "websocket.receive", "bytes": b"\x00"})
            await asyncio.sleep(0.1)
        alive = not task.done()
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        return alive, socket.sent

    alive, sent = _run(scenario())
    assert alive
    assert sent == [{"type": "websocket.accept"}]


def test_a_handler_that_finishes_after_its_client_left_is_not_disturbed() -> None:
    async def app(scope, receive, send):
        await receive()
        await send({"type": "websocket.accept"})
        await receive()  # the disconnect
        await asyncio.sleep(0.05)
        await send({"type": "done"})

    async def scenario():
        socket = FakeSocket()
        socket.incoming.put_nowait({"type": "websocket.connect"})
        socket.incoming.put_nowait({"type": "websocket.disconnect", "code": 1000})
        await WebSocketWatchdog(app, first_message_timeout=5, finish_timeout=1)({"type": "websocket"}, socket.receive, socket.send)
        return socket.sent

    assert _run(scenario())[-1] == {"type": "done"}


def test_http_passes_straight_through() -> None:
    calls = []

    async def app(scope, receive, send):
        calls.append(scope["type"])

    _run(WebSocketWatchdog(app)({"type": "http"}, None, None))
    assert calls == ["http"]
