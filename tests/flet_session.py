"""A real Flet page and session without a browser: every update is diffed by Flet and
encoded as the web server would encode it, so a test can count what a render sends (the
controls Flet had to add, the bytes on the wire)."""
from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass, field

import msgpack
from flet.controls.base_control import BaseControl
from flet.controls.object_patch import ObjectPatch
from flet.messaging.connection import Connection
from flet.messaging.protocol import configure_encode_object_for_msgpack
from flet.messaging.session import Session
from flet.pubsub.pubsub_hub import PubSubHub

_ENCODE = configure_encode_object_for_msgpack(BaseControl)


@dataclass
class Sent:
    added: int  # controls Flet added to its index (new or rebuilt ones) since the last take
    bytes: int  # the encoded patches sent since then
    messages: int


@dataclass
class Wire(Connection):
    added: int = 0
    bytes: int = 0
    messages: int = 0
    bodies: list = field(default_factory=list)  # every encoded message, in order
    page_patch: bytes = b""  # the page as the client got it when it registered
    session: object = None  # the page holds its session weakly: kept alive here

    def __post_init__(self) -> None:
        Connection.__init__(self)
        self.pubsubhub = PubSubHub()

    def send_message(self, message) -> None:
        body = msgpack.packb([message.action, message.body], default=_ENCODE)
        self.bodies.append(body)
        self.bytes += len(body)
        self.messages += 1

    def take(self) -> Sent:
        """What went out since the last take (a diff with nothing to send sends nothing,
        but the controls it added still count)."""
        sent = Sent(self.added, self.bytes, self.messages)
        self.added = self.bytes = self.messages = 0
        return sent


class _CountingDiff:
    """Counts the controls each diff adds (ObjectPatch.from_diff, while installed)."""

    def __init__(self, wire: Wire) -> None:
        self.wire = wire
        self.original = ObjectPatch.__dict__["from_diff"]

    def __enter__(self) -> "_CountingDiff":
        original, wire = self.original.__func__, self.wire

        def from_diff(cls, *args, **kwargs):
            patch, added, removed = original(cls, *args, **kwargs)
            wire.added += len(added)
            return patch, added, removed

        ObjectPatch.from_diff = classmethod(from_diff)
        return self

    def __exit__(self, *exc) -> None:
        ObjectPatch.from_diff = self.original


def run_now(handler, *args, **kwargs):
    """The page's loop, run at once: the UI's tasks never really wait. A task that only
    gives the loop a turn (`await asyncio.sleep(0)`) goes on at once; one that waits for
    the browser is dropped there."""
    coroutine = handler(*args, **kwargs)
    try:
        while coroutine.send(None) is None:
            pass
    except StopIteration:
        pass
    else:
        coroutine.close()


def live_page(width: float = 390, height: float = 844):
    """A real ft.Page whose client has registered (its first patch was sent), with the
    Wire that records what each later update sends."""
    wire = Wire()
    session = wire.session = Session(wire)
    page = session.page
    object.__setattr__(page, "run_task", run_now)
    page.width, page.height = width, height
    wire.page_patch = msgpack.packb(session.get_page_patch(), default=_ENCODE)
    return page, wire


def client_tree(wire: Wire) -> dict:
    """The page as a client holds it: the page it got when it registered with every patch
    since applied in order, as Flet's Flutter client applies them."""
    from tests.support.flet_client import PATCH, _decode_ext, apply_patch, walk

    page = msgpack.unpackb(wire.page_patch, ext_hook=_decode_ext, strict_map_key=False)
    for body in wire.bodies:
        action, payload = msgpack.unpackb(body, ext_hook=_decode_ext, strict_map_key=False)
        root = next((control for control in walk(page) if control["_i"] == payload["id"]), None) \
            if action == PATCH else None
        if root is not None:  # Flet's client drops a patch for a control it does not hold
            apply_patch(root, payload["patch"])
    return page


def counting(wire: Wire) -> _CountingDiff:
    return _CountingDiff(wire)


@contextmanager
def table_page(tmp_path, setup, language: str = "pt-BR"):
    """A page on the table of a new game (`setup`), on a real session, counting what each
    update adds and sends: yields (controller, app, wire)."""
    from companion.ui.shell import PageApp

    from .ui_tree import make_controller, page_app

    controller = make_controller(tmp_path)
    page, wire = live_page()
    with counting(wire):
        app = page_app(page, controller, language=language, startup_errors=[])
        app.start()
        controller.new_game(setup, "t")
        yield controller, app, wire


def controls_built(action) -> int:
    """How many controls `action()` constructed (each new control takes the next id)."""
    from flet.controls.id_counter import ControlId

    before = ControlId.next()
    action()
    return ControlId.next() - before - 1


def patch_operations(bodies: list[bytes], *, only: str | None = None) -> int:
    """The patch operations in encoded messages (a message that is not a patch counts as
    one); `only`: those that set this property."""
    count = 0
    for body in bodies:
        action, payload = msgpack.unpackb(body, strict_map_key=False)
        patch = payload.get("patch") if isinstance(payload, dict) else None
        if only is not None:
            count += sum(1 for op in (patch or [])[1:] if len(op) > 2 and op[2] == only)
        else:
            count += len(patch) - 1 if action == 2 and patch is not None else 1
    return count


def shown_control(page, identifier: str):
    """The control carrying `identifier` that the page shows (none of its parents hidden)."""
    import flet as ft

    from tests.support.control_tree import controls_on

    for control in controls_on(page):
        if isinstance(control, ft.Semantics) and control.identifier == identifier:
            around = control
            while around is not None and getattr(around, "visible", True) is not False:
                around = around.parent
            if around is None:
                return control
    raise LookupError(f"{identifier!r} is not shown on the page")


def tap(page, identifier: str, *, event: str = "click") -> None:
    """A tap on `identifier` as the page sends it: through Flet's own event dispatch (its
    handler, then Flet's update after the event), to the button itself where there is one."""
    import asyncio

    import flet as ft

    from tests.support.control_tree import controls_on

    handlers = [c for c in controls_on(shown_control(page, identifier)) if getattr(c, f"on_{event}", None)]
    buttons = [c for c in handlers if isinstance(c, (ft.Button, ft.IconButton)) and not c.disabled]
    target = (buttons or handlers)[0]
    loop = asyncio.new_event_loop()
    try:
        loop.run_until_complete(page.session.dispatch_event(target._i, event, None))
    finally:
        loop.close()


def noted_changes(monkeypatch) -> list[tuple[int, int]]:
    """For each take of a kept screen's changes: the properties set, and the buttons under
    the controls to update (Flet 1.0.5 sends a button's whole style whenever an update
    walks it)."""
    import flet as ft

    from companion.ui.kit.changes import Changes
    from tests.support.control_tree import controls_on

    found: list[tuple[int, int]] = []
    take = Changes.take

    def noting(changes):
        properties = changes.properties
        roots = take(changes)
        buttons = sum(isinstance(control, (ft.Button, ft.IconButton)) for root in roots for control in controls_on(root))
        found.append((properties, buttons))
        return roots

    monkeypatch.setattr(Changes, "take", noting)
    return found


def without_busy_bar(page) -> None:
    """Taps on `page` do their work at once, without the busy bar's two messages around
    them: for tests that count what a screen's render sends. The bar's own cost is held by
    tests/test_render_cost.py::test_the_busy_bar_costs_a_tap_two_small_messages."""
    from companion.ui import busy

    busy._BARS.pop(page, None)
