"""The two places where the app reaches into Flet's internals, both for speed and both
leaving what Flet sends unchanged; installed only on the Flet version they were written
for (FLET_VERSION), and each only when Flet's code still looks as expected. Any other
Flet runs as it is, only slower.

- The web transport formats every message it sends for its debug log even while that log
  is off: a full repr of every control in the message (about 20 ms for the table's first
  screen, more than encoding it). Here messages are formatted only when the log is on.
- When Flet's diff meets a control it has not seen, it walks every field of it (about 58)
  and makes a generator for each field's value, even for None, a number or a string, where
  the walk finds nothing. Such values are answered with nothing at once; every other value
  goes through Flet's own code. It matters where controls are built: a page's first screen,
  a screen's first visit, new log lines."""
from __future__ import annotations

import enum
import logging
from importlib import metadata

FLET_VERSION = "1.0.5"
_QUIET = "_companion_quiet_send"
_FAST = "_companion_fast_path"
# Values the diff's walk passes through without effect: not a dataclass, dict or list.
_FLAT = (str, int, float, bool, bytes, enum.Enum)
_EMPTY = ()


def flet_version() -> str | None:
    try:
        return metadata.version("flet")
    except metadata.PackageNotFoundError:
        return None


def install_quiet_transport(version: str | None = None) -> bool:
    """Replace FletApp.send_message once; False (Flet left as it is) on another Flet."""
    if (version or flet_version()) != FLET_VERSION:
        return False
    try:
        from flet_web.fastapi import flet_app as transport
        encode = transport.configure_encode_object_for_msgpack(transport.BaseControl)
        packb, log, cls = transport.msgpack.packb, transport.transport_log, transport.FletApp
    except (ImportError, AttributeError):
        return False
    if getattr(cls, _QUIET, False):
        return True
    formatting = cls.send_message

    def send_message(self, message) -> None:
        queue = getattr(self, "_FletApp__send_queue", None)
        if queue is None or log.isEnabledFor(logging.DEBUG):
            formatting(self, message)
            return
        queue.put_nowait(b"\x00" + packb([message.action, message.body], default=encode))

    cls.send_message = send_message
    setattr(cls, _QUIET, True)
    return True


def install_diff_fast_path(version: str | None = None) -> bool:
    """Once per process; False (Flet left as it is) on another Flet."""
    if (version or flet_version()) != FLET_VERSION:
        return False
    try:
        from flet.controls.object_patch import DiffBuilder
    except ImportError:
        return False
    walk = DiffBuilder.__dict__.get("_configure_dataclass")
    if walk is None:
        return False
    if getattr(DiffBuilder, _FAST, False):
        return True

    def configure(self, item, parent, frozen, configure_setattr_only=False):
        if item is None or isinstance(item, _FLAT):
            return _EMPTY
        return self._flet_configure_dataclass(item, parent, frozen, configure_setattr_only)

    DiffBuilder._flet_configure_dataclass = walk  # Flet's own: it calls back into configure
    DiffBuilder._configure_dataclass = configure
    setattr(DiffBuilder, _FAST, True)
    return True
