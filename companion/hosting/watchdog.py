"""ASGI middleware: a websocket that never speaks, or has gone, cannot hold the server.

Flet's handler waits forever when a client disconnects before registering, and a
client that opens a socket and stays silent would keep its handler alive as long as
it likes; either one used to keep the server from stopping.
"""
from __future__ import annotations

import asyncio
import contextlib
import logging

logger = logging.getLogger(__name__)

POLICY_VIOLATION = 1008


class WebSocketWatchdog:
    def __init__(self, app, *, first_message_timeout: float = 20.0, finish_timeout: float = 1.0) -> None:
        self.app = app
        self.first_message_timeout = first_message_timeout
        self.finish_timeout = finish_timeout

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "websocket":
            await self.app(scope, receive, send)
            return
        spoke = asyncio.Event()
        gone = asyncio.Event()
        closed_by_us = False

        async def watched_receive():
            message = await receive()
            if message["type"] == "websocket.receive":
                spoke.set()
            elif message["type"] == "websocket.disconnect":
                gone.set()
            return message

        async def close_silent_client() -> None:
            nonlocal closed_by_us
            closed_by_us = True
            with contextlib.suppress(Exception):
                await send({"type": "websocket.close", "code": POLICY_VIOLATION})

        handler = asyncio.ensure_future(self.app(scope, watched_receive, send))
        watcher = asyncio.ensure_future(self._watch(handler, spoke, gone, close_silent_client))
        try:
            await handler
        except asyncio.CancelledError:
            if not watcher.done() or not watcher.result():
                raise  # cancelled from outside: the server is stopping
        finally:
            watcher.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await watcher
        if closed_by_us:
            logger.info("closed a websocket that sent nothing for %.0f s", self.first_message_timeout)

    async def _watch(self, handler: asyncio.Future, spoke: asyncio.Event, gone: asyncio.Event, close_silent_client) -> bool:
        """Waits, then cancels the handler if it overstays; True when it did."""
        first = await _first_set(spoke, gone, timeout=self.first_message_timeout)
        if first is None:
            await close_silent_client()
            handler.cancel()
            return True
        await gone.wait()
        await asyncio.sleep(self.finish_timeout)
        if handler.done():
            return False
        logger.info("a websocket handler outlived its client by %.0f s; cancelling it", self.finish_timeout)
        handler.cancel()
        return True


async def _first_set(*events: asyncio.Event, timeout: float) -> asyncio.Event | None:
    waiters = {asyncio.ensure_future(event.wait()): event for event in events}
    try:
        done, _ = await asyncio.wait(waiters, timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for waiter in waiters:
            waiter.cancel()
    return waiters[next(iter(done))] if done else None
