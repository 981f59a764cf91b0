"""The five places where the app reaches into Flet's internals; installed only on the
Flet version they were written for (FLET_VERSION), and each only when Flet's code still
looks as expected. Any other Flet runs as it is: slower, and a late tap dropped silently.

- The web transport formats every message it sends for its debug log even while that log
  is off: a full repr of every control in the message (about 20 ms for the table's first
  screen, more than encoding it). Here messages are formatted only when the log is on.
- When Flet's diff meets a control it has not seen, it walks every field of it (about 58)
  and makes a generator for each field's value, even for None, a number or a string, where
  the walk finds nothing. Such values are answered with nothing at once; every other value
  goes through Flet's own code. It matters where controls are built: a page's first screen,
  a screen's first visit, new log lines.
- A tap that arrives after a redraw changed what was under the finger. Flet finds the
  control a tap names by its id; when the page has already taken that control away (the
  tap left the phone before the redraw arrived), Flet drops the tap without a word: here
  the page is told instead, so the player sees that nothing happened and why. When the
  control is still there but no longer takes taps (a button that has become disabled),
  the tap goes to what is around it, as a finger on the new page would: the frame that
  explains why the button is disabled.
- Before every update of a button, Flet copies its style anew into what it sends, so the
  diff sends the whole style again (about 200 bytes, and 3 times a Text's update) even
  when only the button's label or its disabled state changed. The copy is kept when it
  equals the one sent last, so the diff finds nothing in it to send.
- An update of several controls goes out as one message per control, and each message
  costs the host a send and the page a decoding of its own (a draw's answer was 27
  messages: about 2.5 ms of sending alone). Here they go out as one patch of the page,
  each control's changes under its place in the page as the page last got it, in the
  order given (a control whose place is not known goes alone, in its turn)."""
from __future__ import annotations

import enum
import logging
import weakref
from importlib import metadata
from typing import Callable

FLET_VERSION = "1.0.5"
_QUIET = "_companion_quiet_send"
_FAST = "_companion_fast_path"
_LOST_TAPS = "_companion_lost_taps"
_KEPT_STYLES = "_companion_kept_styles"
_ONE_MESSAGE = "_companion_one_message"
# Values the diff's walk passes through without effect: not a dataclass, dict or list.
_FLAT = (str, int, float, bool, bytes, enum.Enum)
_EMPTY = ()


def flet_version() -> str | None:
    try:
        return metadata.version("flet")
    except metadata.PackageNotFoundError:
        return None


def install_page_patches() -> None:
    """The reaches every page's updates go through, once per process."""
    install_diff_fast_path()
    install_kept_button_styles()
    install_one_message_updates()


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


def install_kept_button_styles(version: str | None = None) -> bool:
    """Once per process; False (Flet left as it is) on another Flet."""
    if (version or flet_version()) != FLET_VERSION:
        return False
    try:
        from flet.controls.material.button import Button
        from flet.controls.material.icon_button import IconButton
    except ImportError:
        return False
    for cls in (Button, IconButton):
        if getattr(cls, _KEPT_STYLES, False):
            continue
        copying = cls.__dict__.get("before_update")
        if copying is None:
            return False
        cls.before_update = _keeping_the_style(copying)
        setattr(cls, _KEPT_STYLES, True)
    return True


def _keeping_the_style(copying):
    def before_update(self) -> None:
        internals = getattr(self, "_internals", None)
        sent = internals.get("style") if isinstance(internals, dict) else None
        copying(self)
        if sent is not None and internals.get("style") == sent:
            internals["style"] = sent  # the same object: the diff finds nothing new in it
    return before_update


def install_one_message_updates(version: str | None = None) -> bool:
    """Once per process; False (Flet left as it is) on another Flet."""
    if (version or flet_version()) != FLET_VERSION:
        return False
    try:
        from flet.controls.base_control import BaseControl
        from flet.controls.object_patch import ObjectPatch
        from flet.controls.page import Page
        from flet.messaging.protocol import Message, MessageAction, PatchControlBody
        from flet.messaging.session import Session
    except ImportError:
        return False
    one_by_one = Page.__dict__.get("_Page__update")
    send = Session.__dict__.get("_Session__send_message")
    if one_by_one is None or send is None:
        return False
    if getattr(Page, _ONE_MESSAGE, False):
        return True

    def update(self, *controls) -> None:
        if len(controls) < 2:
            one_by_one(self, *controls)
            return
        # The client applies the operations in order, each finding its target when it comes
        # to it: so each control's path is read after the diffs before it.
        operations, added, removed = [], [], []

        def flush() -> None:
            patch = ObjectPatch(operations).to_message()
            if len(patch) > 1:
                send(self.session, Message(MessageAction.PATCH_CONTROL, PatchControlBody(self._i, patch)))
            _index(self.session, added, removed)
            for gathered in (operations, added, removed):
                gathered.clear()

        for control in controls:
            path = _path_from(self, control)
            if path is None:
                flush()
                one_by_one(self, control)
                continue
            patch, new, gone = ObjectPatch.from_diff(control, control, control_cls=BaseControl, path=path)
            operations.extend(patch.patch)
            added.extend(new)
            removed.extend(gone)
        flush()

    Page._Page__update = update
    setattr(Page, _ONE_MESSAGE, True)
    return True


def _path_from(page, control) -> list | None:
    """Where `control` is on the page as the page was last sent (each diff keeps what it
    sent of its lists and children), or None where that is not known."""
    path, node = [], control
    while node is not page:
        parent_ref = getattr(node, "_parent", None)
        parent = parent_ref() if parent_ref is not None else None
        place = _place_in(parent, node) if parent is not None else None
        if place is None:
            return None
        path.extend(place)
        node = parent
    path.reverse()
    return path


def _place_in(parent, child) -> tuple | None:
    """Where `parent` held `child` when it was last sent (reversed: index, then field)."""
    for name, value in getattr(parent, "__prev_classes", {}).items():
        if value is child:
            return (name,)
    for name, items in getattr(parent, "__prev_lists", {}).items():
        for index, item in enumerate(items):
            if item is child:
                return (index, name)
    return None


def _index(session, added: list, removed: list) -> None:
    """The session's index and the controls' mount hooks, as Session.patch_control keeps them."""
    index = session._Session__index
    for control in removed:
        index.pop(control._i, None)
    for control in added:
        index[control._i] = control
    added_ids = {control._i for control in added}
    for control in removed:
        if control._i not in added_ids:
            control.will_unmount()
    removed_ids = {control._i for control in removed}
    for control in added:
        if control._i not in removed_ids:
            control.did_mount()


# What a finger or a keyboard does to a control; scrolls, drags, focus and sizes are not taps.
TAPS = frozenset({"click", "tap", "long_press", "change", "submit", "select"})
# Taps a control around the tapped one would have caught (a frame around a button).
PRESSES = frozenset({"click", "tap", "long_press"})
_lost_tap_listeners: "weakref.WeakKeyDictionary[object, Callable[[], None]]" = weakref.WeakKeyDictionary()
log = logging.getLogger(__name__)


def install_lost_taps(version: str | None = None) -> bool:
    """Wrap Flet's event dispatch once; False (Flet left as it is) on another Flet."""
    if (version or flet_version()) != FLET_VERSION:
        return False
    try:
        from flet.messaging.session import Session
    except ImportError:
        return False
    if getattr(Session, _LOST_TAPS, False):
        return True
    resolve = getattr(Session, "_Session__resolve_event_control", None)
    find_live = getattr(Session, "_Session__find_live_control", None)
    if resolve is None or find_live is None:
        return False
    dispatch = Session.dispatch_event

    async def dispatch_event(self, control_id, event_name, event_data):
        if event_name in TAPS and self in _lost_tap_listeners:
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
    setattr(Session, _LOST_TAPS, True)
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
        _lost_tap_listeners[session]()
    except Exception as exc:  # noqa: BLE001 - a closing page must not break the session
        log.debug("could not tell the page about a lost tap: %s", exc)


def watch_lost_taps(page, on_lost: Callable[[], None]) -> bool:
    """Call `on_lost` (on the page's loop) for every tap on a control no longer on `page`."""
    session = getattr(page, "session", None)
    if session is None or not install_lost_taps():
        return False
    _lost_tap_listeners[session] = on_lost
    return True
