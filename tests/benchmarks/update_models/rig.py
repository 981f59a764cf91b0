"""One page of one update model on a real Flet session without a browser (as
tests/flet_session.py), on the game bench_web serves: taps go through Flet's own event
dispatch (the index lookup, the handler, the update), and every message the page would
get is encoded and counted."""
from __future__ import annotations

import asyncio
import shutil
import tempfile
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterator

import flet as ft
import msgpack
from flet.controls.base_control import BaseControl

from companion.seats.controller import TableController
from companion.seats.page_door import PageDoor
from companion.store import GameStore
from flet.messaging.session import Session

from tests.flet_session import _ENCODE, Wire, counting, without_busy_bar

from .shells import MODEL_APPS

SETTLE_TURNS = 6
MODELS = {"A": "the bag screen rebuilt: kit.memo and kit.graft keep what did not change",
          "B": "kept controls, only what changed is set and updated (the app as it ships)",
          "C": "declarative components (ft.component, ft.memo, an observable)"}


def app_class(model: str, *, keep_index: bool | None = None) -> type:
    """`keep_index` (shells.ModelApp): None as the app ships, True the whole page, False never."""
    base = MODEL_APPS[model]
    suffix = {None: "", True: "IndexingThePage", False: "NotIndexing"}[keep_index]
    return type(f"{base.__name__}{suffix}", (base,), {"keep_index": keep_index})


def open_app(app: type, page: ft.Page, controller: TableController):
    """A table page of `app` (a PageApp) on `page`, as companion.app.pages opens the window's."""
    return app(page, PageDoor(controller, page_id=str(id(page))), language="pt-BR", startup_errors=[])


class FormattingWire(Wire):
    """Sends as Flet 1.0.5's web transport does without quiet_transport: every message is
    formatted for the transport's debug log first, even with the log off."""

    def send_message(self, message) -> None:
        _formatted = f"send_message: {message}"
        super().send_message(message)


def controls_on(root: BaseControl) -> Iterator[BaseControl]:
    """Every control under `root`, components' bodies included."""
    stack: list = [root]
    seen: set[int] = set()
    while stack:
        item = stack.pop()
        if isinstance(item, list):
            stack.extend(item)
            continue
        if not isinstance(item, BaseControl) or id(item) in seen:
            continue
        seen.add(id(item))
        yield item
        for name in type(item)._structural_fields:
            if name not in ("_i", "_c", "_internals"):
                stack.append(getattr(item, name, None))
        stack.extend(value for value in item._values.values() if isinstance(value, (BaseControl, list)))


def _live_page(wire: Wire, loop: asyncio.AbstractEventLoop, width: float = 390, height: float = 844):
    """tests.flet_session.live_page, with the wire given, whose tasks wait for the loop as
    on a real server (a tap's handler runs first, then what it asked for)."""
    session = wire.session = Session(wire)
    page = session.page
    object.__setattr__(page, "run_task", lambda handler, *args, **kwargs: loop.create_task(handler(*args, **kwargs)))
    page.width, page.height = width, height
    msgpack.packb(session.get_page_patch(), default=_ENCODE)
    return page, wire


@dataclass
class Sample:
    ms: float
    bytes: int
    messages: int
    ops: int
    built: int  # controls Flet added to its index (new or rebuilt ones)


@dataclass
class Series:
    samples: list[Sample] = field(default_factory=list)


def _ops(bodies: list[bytes]) -> int:
    """Patch operations in the messages (a message that is not a patch counts as one)."""
    count = 0
    for body in bodies:
        action, payload = msgpack.unpackb(body, strict_map_key=False)
        patch = payload.get("patch") if isinstance(payload, dict) else None
        count += len(patch) - 1 if action == 2 and patch is not None else 1
    return count


class Rig:
    """A page of `model` on its own copy of the saved game."""

    def __init__(self, model: str, data_dir: Path, folder: Path, rules, *, keep_index: bool | None = None,
                 formatting: bool = False, width: float = 390, height: float = 844) -> None:
        self.model = model
        copy = Path(tempfile.mkdtemp(prefix=f"data-{model}-", dir=folder)) / "data"
        shutil.copytree(data_dir, copy)
        self.store = GameStore(copy, rules=rules)
        self.controller = TableController(self.store, rules)
        self.controller.resume_latest()
        self.loop = asyncio.new_event_loop()
        self.page, self.wire = _live_page(FormattingWire() if formatting else Wire(), self.loop, width, height)
        self.app = open_app(app_class(model, keep_index=keep_index), self.page, self.controller)
        self._counting = counting(self.wire)
        self._counting.__enter__()
        started = time.perf_counter()
        self.loop.run_until_complete(self._start())
        # The table's first screen, both parts (the second is drawn on the loop's next turn).
        self.start_ms = (time.perf_counter() - started) * 1000
        # The models are compared on what a screen's render costs; the busy bar around each
        # tap costs every model the same two messages (tests/test_render_cost.py).
        without_busy_bar(self.page)
        self.wire.take()

    async def _start(self) -> None:
        self.app.start()
        for _ in range(SETTLE_TURNS):
            await asyncio.sleep(0)

    def close(self) -> None:
        self._counting.__exit__(None, None, None)
        self.app._closed()
        for task in asyncio.all_tasks(self.loop):
            task.cancel()
        self.loop.run_until_complete(asyncio.sleep(0))
        self.loop.close()
        self.store.close()

    # -- finding and tapping, as the page would ------------------------------------
    def find(self, identifier: str) -> ft.Semantics:
        for control in controls_on(self.page):
            if isinstance(control, ft.Semantics) and control.identifier == identifier and self._shown(control):
                return control
        raise LookupError(f"{identifier!r} is not on model {self.model}'s page")

    def _shown(self, control: BaseControl) -> bool:
        while control is not None:
            if getattr(control, "visible", True) is False:
                return False
            control = control.parent
        return True

    def has(self, identifier: str) -> bool:
        try:
            self.find(identifier)
        except LookupError:
            return False
        return True

    def _target(self, identifier: str, event: str) -> BaseControl:
        for control in controls_on(self.find(identifier)):
            if getattr(control, f"on_{event}", None) is not None:
                return control
        raise LookupError(f"{identifier!r} has no on_{event}")

    async def _dispatch(self, control_id: int, event: str) -> None:
        await self.page.session.dispatch_event(control_id, event, None)
        # What the tap asked for (a render, a component's update) runs on the next turns.
        for _ in range(SETTLE_TURNS):
            await asyncio.sleep(0)

    def tap(self, identifier: str, *, event: str = "click", value=None) -> Sample:
        """Tap (or switch) `identifier`: the server's time from the event's arrival until
        its updates went out, and what went out."""
        target = self._target(identifier, event)
        self.wire.take()
        sent_before = len(self.wire.bodies)
        started = time.perf_counter()
        if value is not None:
            self.page.session.apply_patch(target._i, {"value": value})
        self.loop.run_until_complete(self._dispatch(target._i, event))
        elapsed = time.perf_counter() - started
        sent = self.wire.take()
        bodies = self.wire.bodies[sent_before:]
        del self.wire.bodies[:]
        return Sample(elapsed * 1000, sent.bytes, sent.messages, _ops(bodies), sent.added)

    def switch(self, identifier: str) -> Sample:
        current = self._target(identifier, "change").value
        return self.tap(identifier, event="change", value=not current)

    def missing_from_index(self, root: BaseControl | None = None) -> int:
        """Controls on the page (or under `root`) that Flet's index does not hold: a tap on
        one walks the page to find it, and a value typed into one is dropped."""
        index = self.page.session.index
        return sum(1 for control in controls_on(root or self.page) if index.get(control._i) is not control)

    def bag_screen(self) -> BaseControl:
        """The bag screen's part of the page (its holder's column)."""
        return self.app.frame.host.hosted["bag"].body

    def controls(self) -> int:
        """Every control the page holds, hidden screens included."""
        return sum(1 for _ in controls_on(self.page))

    def shown_controls(self) -> int:
        """The controls the page shows (hidden screens left out)."""
        return sum(1 for _ in shown(self.page))


@contextmanager
def fast_path(on: bool) -> Iterator[None]:
    """companion/ui/diff_fast_path installed (on) or Flet's diff as shipped (off)."""
    from flet.controls.object_patch import DiffBuilder

    from companion.hosting.flet_patches import install_diff_fast_path

    install_diff_fast_path()
    patched = DiffBuilder._configure_dataclass
    if not on:
        DiffBuilder._configure_dataclass = DiffBuilder._flet_configure_dataclass
    try:
        yield
    finally:
        DiffBuilder._configure_dataclass = patched


def shown(root: BaseControl) -> Iterator[BaseControl]:
    """The controls under `root` a player can see: hidden ones and what they hold left out."""
    for control in _shown_walk(root):
        yield control


def _shown_walk(root: BaseControl) -> Iterator[BaseControl]:
    stack: list = [root]
    while stack:
        item = stack.pop()
        if isinstance(item, list):
            stack.extend(item)
            continue
        if not isinstance(item, BaseControl) or getattr(item, "visible", True) is False:
            continue
        yield item
        for name in type(item)._structural_fields:
            if name not in ("_i", "_c", "_internals"):
                stack.append(getattr(item, name, None))
        stack.extend(value for value in item._values.values() if isinstance(value, (BaseControl, list)))


def screen_content(root: BaseControl) -> tuple[set[str], list[str]]:
    """What a screen shows: its semantics identifiers and every visible string, sorted."""
    identifiers, strings = set(), []
    for control in shown(root):
        if isinstance(control, ft.Semantics) and control.identifier:
            identifiers.add(control.identifier)
        for name in ("value", "label", "tooltip"):
            value = control._values.get(name)
            if isinstance(value, str) and value:
                strings.append(value)
    return identifiers, sorted(strings)
