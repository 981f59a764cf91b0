"""A tap that arrives after a redraw changed what was under the finger.

Flet 1.0.5 finds the control a tap names by its id. When the page has already taken that
control away (the tap left the phone before the redraw arrived), Flet drops the tap
without a word: here the page is told instead, so the player sees that nothing happened
and why. When the control is still there but no longer takes taps (a button that has
become disabled), the tap goes to what is around it, as a finger on the new page would:
the container that explains why the button is disabled.
"""
from __future__ import annotations

import logging
import weakref
from typing import Callable

log = logging.getLogger(__name__)

# What a finger or a keyboard does to a control; scrolls, drags, focus and sizes are not taps.
TAPS = frozenset({"click", "tap", "long_press", "change", "submit", "select"})
# Taps a control around the tapped one would have caught (a container around a button).
PRESSES = frozenset({"click", "tap", "long_press"})
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
    find_live = getattr(Session, "_Session__find_live_control", None)
    if resolve is None or find_live is None:
        return False
    dispatch = Session.dispatch_event

    async def dispatch_event(self, control_id, event_name, event_data):
        if event_name in TAPS and self in _listeners:
            control = resolve(self, control_id)
            if control is not None and event_name in PRESSES and getattr(control, f"on_{event_name}", None) is None:
                # Found afresh from the page, so that its parents are the ones on the page now.
                control = _catcher(find_live(self, self.page, control_id) or control, event_name)
            if control is None:
                log.debug("a %s on control %s arrived after it left the page", event_name, control_id)
                _tell(self)
                return
            control_id = control._i
        await dispatch(self, control_id, event_name, event_data)

    Session.dispatch_event = dispatch_event
    setattr(Session, _INSTALLED, True)
    return True


def _catcher(control, event_name: str):
    """The nearest control around `control` that takes this press now, or None."""
    around = control.parent
    while around is not None:
        if getattr(around, f"on_{event_name}", None) is not None and not getattr(around, "disabled", False):
            return around
        around = around.parent
    return None


def _tell(session) -> None:
    try:
        _listeners[session]()
    except Exception as exc:  # noqa: BLE001 - a closing page must not break the session
        log.debug("could not tell the page about a lost tap: %s", exc)


def watch(page, on_lost: Callable[[], None]) -> bool:
    """Call `on_lost` (on the page's loop) for every tap on a control no longer on `page`."""
    session = getattr(page, "session", None)
    if session is None or not install():
        return False
    _listeners[session] = on_lost
    return True
