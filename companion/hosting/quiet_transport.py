"""Flet's web transport formats every message it sends for its debug log even while that
log is off: a full repr of every control in the message (about 20 ms for the table's first
screen, more than encoding it). Messages go out exactly as Flet sends them; they are only
formatted when the log is on."""
from __future__ import annotations

import logging

_INSTALLED = "_companion_quiet_send"


def install() -> bool:
    """Replace FletApp.send_message once; False (Flet left as it is) when its transport
    is not the one this was written for."""
    try:
        from flet_web.fastapi import flet_app as transport
        encode = transport.configure_encode_object_for_msgpack(transport.BaseControl)
        packb, log, cls = transport.msgpack.packb, transport.transport_log, transport.FletApp
    except (ImportError, AttributeError):
        return False
    if getattr(cls, _INSTALLED, False):
        return True
    formatting = cls.send_message

    def send_message(self, message) -> None:
        queue = getattr(self, "_FletApp__send_queue", None)
        if queue is None or log.isEnabledFor(logging.DEBUG):
            formatting(self, message)
            return
        queue.put_nowait(b"\x00" + packb([message.action, message.body], default=encode))

    cls.send_message = send_message
    setattr(cls, _INSTALLED, True)
    return True
