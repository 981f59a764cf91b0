"""The web client the server hands out shows no English while it starts or reconnects."""
from __future__ import annotations

import asyncio

from companion.hosting.client_texts import ENGLISH, NEUTRAL, PATCHED, NeutralClientTexts, neutral_client_file


def _get(app, path: str) -> tuple[int, dict, bytes]:
    sent: list[dict] = []

    async def receive():
        return {"type": "http.request", "body": b""}

    async def send(message):
        sent.append(message)

    asyncio.run(app({"type": "http", "method": "GET", "path": path, "headers": []}, receive, send))
    start = sent[0]
    body = b"".join(m.get("body", b"") for m in sent[1:])
    return start["status"], dict(start["headers"]), body


def test_the_served_client_holds_no_english_status_text():
    import flet_web
    from pathlib import Path

    passed_through: list[str] = []

    async def inner(scope, receive, send):
        passed_through.append(scope["path"])
        await send({"type": "http.response.start", "status": 204, "headers": []})
        await send({"type": "http.response.body", "body": b""})

    app = NeutralClientTexts(inner)
    for path, kind in PATCHED.items():
        original = (Path(flet_web.get_package_web_dir()) / path.lstrip("/")).read_bytes()
        status, headers, body = _get(app, path)
        assert status == 200 and headers[b"content-type"] == kind.encode()
        assert len(body) == len(original)  # nothing in the binary moved
        assert ENGLISH not in body
        if ENGLISH in original:
            assert body.count(NEUTRAL) >= original.count(ENGLISH)
    assert any(ENGLISH in (neutral_client_file(p) or b"") for p in PATCHED) is False
    assert _get(app, "/index.html")[0] == 204 and passed_through == ["/index.html"]
