"""A tap on a control that a redraw has just taken off the page.

Flet 1.0.5 finds the control a tap names by its id; when the page has already replaced
it (the tap left the phone before the redraw arrived), Flet drops the tap without a
word. Here the page is told instead, so the player sees that nothing happened and why.
"""
from __future__ import annotations

import logging
import weakref
from typing import Callable

log = logging.getLogger(__name__)

# What a finger or a keyboard does to a control; scrolls, drags, focus and sizes are not taps.
TAPS = frozenset({"click", "tap", "long_press", "change", "submit", "select"})
_INSTALLED = "_companion_lost_taps"
_listeners: "weakref.WeakKeyDictionary[object, Callable[[], None]]" = weakref.WeakKeyDictionary()


def install() -> bool:
    """Wrap Flet's event dispatch once; False (Flet left as it is) when its session is not
    the one this was written for."""
    try:
        from flet.messaging.session import Session
    except ImportError:
        return False
    if getattr(Session, _INSTALLED, False):
        return True
    resolve = getattr(Session, "_Session__resolve_event_control", None)
    if resolve is None:
        return False
    dispatch = Session.dispatch_event

    async def dispatch_event(self, control_id, event_name, event_data):
        if event_name in TAPS and self in _listeners and resolve(self, control_id) is None:
            log.debug("a %s on control %s arrived after it left the page", event_name, control_id)
            try:
                _listeners[self]()
            except Exception as exc:  # noqa: BLE001 - a closing page must not break the session
                log.debug("could not tell the page about a lost tap: %s", exc)
            return
        await dispatch(self, control_id, event_name, event_data)

    Session.dispatch_event = dispatch_event
    setattr(Session, _INSTALLED, True)
    return True


def watch(page, on_lost: Callable[[], None]) -> bool:
    """Call `on_lost` (on the page's loop) for every tap on a control no longer on `page`."""
    session = getattr(page, "session", None)
    if session is None or not install():
        return False
    _listeners[session] = on_lost
    return True
