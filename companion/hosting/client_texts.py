"""No English on a page before our own screen draws: Flet's web client shows a built-in
"Working..." under its spinner while it starts or reconnects. The text is compiled into
the client, so the server hands out the client with that text replaced by dots, the
same length (the binary's layout must not move)."""
from __future__ import annotations

import logging
from functools import lru_cache
from pathlib import Path

logger = logging.getLogger(__name__)

# Client files holding the text, and their content types.
PATCHED = {"/main.dart.wasm": "application/wasm", "/main.dart.js": "text/javascript"}
ENGLISH = b"Working..."
NEUTRAL = b"   ...    "
assert len(NEUTRAL) == len(ENGLISH)


@lru_cache(maxsize=len(PATCHED))
def neutral_client_file(name: str) -> bytes | None:
    """The web client's file `name` with the English status text replaced (None if absent)."""
    import flet_web

    path = Path(flet_web.get_package_web_dir()) / name.lstrip("/")
    try:
        data = path.read_bytes()
    except OSError as exc:
        logger.warning("web client file %s not readable: %s", name, exc)
        return None
    return data.replace(ENGLISH, NEUTRAL)


class NeutralClientTexts:
    """ASGI middleware serving the patched client files; everything else passes through."""

    def __init__(self, app) -> None:
        self.app = app

    async def __call__(self, scope, receive, send) -> None:
        path = scope.get("path", "")
        if scope["type"] == "http" and scope.get("method") in ("GET", "HEAD") and path in PATCHED:
            body = neutral_client_file(path)
            if body is not None:
                await send({"type": "http.response.start", "status": 200, "headers": [
                    (b"content-type", PATCHED[path].encode()),
                    (b"content-length", str(len(body)).encode()),
                    (b"cache-control", b"no-cache"),
                ]})
                await send({"type": "http.response.body",
                            "body": b"" if scope.get("method") == "HEAD" else body})
                return
        await self.app(scope, receive, send)
