"""ASGI middleware: a browser page from another site may not talk to the table."""
from __future__ import annotations

import logging
from collections.abc import Callable

from companion.hosting.origins import is_own_origin

logger = logging.getLogger(__name__)

# A foreign page must never read our answers, even the static ones.
_DROPPED_RESPONSE_HEADERS = frozenset({b"access-control-allow-origin"})
FORBIDDEN_BODY = b"403 Forbidden\n"  # only a foreign page's script ever sees it


def _origin_header(scope: dict) -> str | None:
    for name, value in scope.get("headers", ()):
        if name == b"origin":
            return value.decode("latin-1")
    return None


class OriginGuard:
    """Refuses websockets and HTTP requests whose Origin header is present and not ours.

    No Origin at all is let through: browsers always send one on websockets and on
    cross-site requests, so its absence means a direct visit or a non-browser client,
    which the join secrets, not this guard, keep out. `allowed_origins` is asked on
    every request, so a server on every interface follows address changes.
    """

    def __init__(self, app, allowed_origins: Callable[[], frozenset[str]]) -> None:
        self.app = app
        self.allowed_origins = allowed_origins

    async def __call__(self, scope, receive, send) -> None:
        kind = scope["type"]
        if kind not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        origin = _origin_header(scope)
        if origin is not None and not is_own_origin(origin, self.allowed_origins()):
            logger.warning("refused a %s from a foreign origin %r", kind, origin[:200])
            if kind == "websocket":
                # Closing before accepting makes the server answer the handshake with 403.
                await send({"type": "websocket.close", "code": 1008})
            else:
                await _forbidden(send)
            return
        if kind == "http":
            await self.app(scope, receive, _without_cors(send))
        else:
            await self.app(scope, receive, send)


async def _forbidden(send) -> None:
    await send({
        "type": "http.response.start",
        "status": 403,
        "headers": [
            (b"content-type", b"text/plain; charset=utf-8"),
            (b"content-length", str(len(FORBIDDEN_BODY)).encode()),
        ],
    })
    await send({"type": "http.response.body", "body": FORBIDDEN_BODY})


def _without_cors(send):
    async def filtered(message) -> None:
        if message["type"] == "http.response.start":
            headers = [(k, v) for k, v in message.get("headers", ()) if k.lower() not in _DROPPED_RESPONSE_HEADERS]
            message = {**message, "headers": headers}
        await send(message)

    return filtered
