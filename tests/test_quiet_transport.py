"""The web transport sends the same bytes as Flet's own send_message, without formatting
each message for a debug log that is off."""
from __future__ import annotations

import asyncio
import logging

import flet as ft
from flet.messaging.protocol import Message, MessageAction, PatchControlBody

from companion.hosting import quiet_transport

REPRS = []


class _Watched(ft.Text):
    def __repr__(self) -> str:
        REPRS.append(self)
        return "watched"


def _send(app, message) -> bytes:
    queue = asyncio.Queue()
    app._FletApp__send_queue = queue
    app.send_message(message)
    return queue.get_nowait()


def test_the_same_bytes_as_flet_and_no_formatting_while_the_log_is_off():
    from flet_web.fastapi.flet_app import FletApp, transport_log

    assert quiet_transport.install() is True
    app = object.__new__(FletApp)
    message = Message(MessageAction.PATCH_CONTROL, PatchControlBody(1, [[0], [0, 0, "controls", [_Watched("x")]]]))
    level = transport_log.level
    try:
        transport_log.setLevel(logging.DEBUG)
        REPRS.clear()
        formatted = _send(app, message)
        assert REPRS, "with the debug log on, Flet's own path (which formats the message) is taken"
        transport_log.setLevel(logging.INFO)
        REPRS.clear()
        quiet = _send(app, message)
        assert REPRS == []
    finally:
        transport_log.setLevel(level)
    assert quiet == formatted and quiet.startswith(b"\x00")
    assert quiet_transport.install() is True  # twice is once
