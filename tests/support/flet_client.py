"""A page without a browser: Flet's own websocket protocol, spoken from Python.

It registers as the Flutter client does, keeps the page's control tree by applying every
patch the server sends, finds controls by their semantics identifier, and taps them by
sending the click event to the control the page holds at that moment, exactly what a
Flutter page sends for a tap. Used to put many pages on a real server at once (a
browser page per phone is more than two cores can drive).
"""
from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import msgpack
from websockets.sync.client import connect

REGISTER, PATCH, EVENT, UPDATE_PROPS, INVOKE, CRASHED = 1, 2, 3, 4, 5, 6
REPLACE, ADD, REMOVE, MOVE = 0, 1, 2, 3


def _decode_ext(code: int, data: bytes):
    return data.decode("utf-8", errors="replace") if code in (1, 2, 4) else int.from_bytes(data, "big")


def walk(node: Any):
    """Every control (a dict with an `_i`) under `node`, itself included."""
    stack = [node]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            if "_i" in item:
                yield item
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)


def apply_patch(root: dict, patch: list) -> None:
    """Apply one patch to the control `root` as Flet's Flutter client does: each operation
    finds its target by walking its path from `root` when it comes to it, after the
    operations before it."""
    paths, *operations = patch
    found: dict[int, list] = {}

    def index(node: list, path: list) -> None:
        found[node[0]] = path
        for key, child in (node[1].items() if len(node) > 1 else ()):
            index(child, [*path, key])

    index(paths, [])

    def target(node_id: int) -> Any:
        value: Any = root
        for key in found[node_id]:
            value = value[key]
        return value

    for operation in operations:
        kind = operation[0]
        if kind == MOVE:
            source, into = target(operation[1]), target(operation[3])
            moved = source.pop(operation[2])
            if isinstance(into, list):
                into.insert(operation[4], moved)
            else:
                into[operation[4]] = moved
            continue
        node, key = target(operation[1]), operation[2]
        if kind == REPLACE:
            node[key] = operation[3]
        elif kind == REMOVE:
            if isinstance(node, list):
                del node[key]
            else:
                node.pop(key, None)
        elif kind == ADD:
            if isinstance(node, list):
                node.insert(key, operation[3])
            else:
                node[key] = operation[3]


_TEXT_FIELDS = frozenset({"value", "label", "text", "tooltip", "hint_text", "semantics_label", "content", "title"})


def texts_under(node: Any) -> str:
    """The words a control and the ones inside it show (values, labels, tooltips), in order."""
    found: list[str] = []

    def visit(item: Any) -> None:
        if isinstance(item, dict):
            for key, value in item.items():
                if key.startswith("_"):
                    continue
                if isinstance(value, str):
                    if key in _TEXT_FIELDS and value:
                        found.append(value)
                else:
                    visit(value)
        elif isinstance(item, list):
            for value in item:
                visit(value)

    visit(node)
    return " ".join(found)


@dataclass
class Snack:
    """A SnackBar the server added to the page: what it said and when it arrived."""

    text: str
    at: float


class FletClient:
    """One page on a Flet server. Thread-safe: a reader thread applies patches while the
    owner finds and taps controls."""

    def __init__(self, base_url: str, route: str, *, width: float = 390, height: float = 844,
                 origin: str | None = None, on_patch: Callable[["FletClient"], None] | None = None) -> None:
        self.base_url = base_url.rstrip("/")
        ws_url = "ws" + self.base_url[len("http"):] + "/ws"
        # Entered here and left in close(): the page lives as long as its owner keeps it.
        self._ws = connect(ws_url, origin=origin or self.base_url, open_timeout=30, max_size=None).__enter__()
        self.lock = threading.RLock()
        self.page: dict | None = None
        self.by_id: dict[int, dict] = {}
        self.snacks: list[Snack] = []
        self._seen_snacks: set[int] = set()
        self.patches = 0
        self.crashed: str | None = None
        self.on_patch = on_patch
        self._registered = threading.Event()
        self._closed = False
        self._send_lock = threading.Lock()
        self._send(REGISTER, {"session_id": None, "page_name": "", "page": {
            "route": route, "width": width, "height": height, "web": True, "platform": "android",
            "platform_brightness": "dark"}})
        self._reader = threading.Thread(target=self._read, name="flet-client", daemon=True)
        self._reader.start()
        if not self._registered.wait(60):
            self.close()
            raise TimeoutError("the server did not register the page")

    # -- wire -----------------------------------------------------------------
    def _send(self, action: int, body: Any) -> None:
        with self._send_lock:
            self._ws.send(b"\x00" + msgpack.packb([action, body]))

    def _read(self) -> None:
        try:
            for frame in self._ws:
                if not isinstance(frame, bytes) or not frame or frame[0] != 0:
                    continue
                action, body = msgpack.unpackb(frame[1:], ext_hook=_decode_ext, strict_map_key=False)
                self._on_message(action, body)
        except Exception:  # noqa: BLE001 - a closed socket ends the page
            pass
        finally:
            self._closed = True

    def _on_message(self, action: int, body: Any) -> None:
        if action == REGISTER:
            with self.lock:
                self.page = body["page_patch"]
                self._reindex()
            self._registered.set()
        elif action == PATCH:
            with self.lock:
                self._apply(body["id"], body["patch"])
                self.patches += 1
                self._reindex()
            if self.on_patch is not None:
                self.on_patch(self)
        elif action == INVOKE:
            # What a browser answers that this page cannot: nothing, at once.
            self._send(INVOKE, {"control_id": body.get("control_id"), "call_id": body.get("call_id"),
                                "result": None, "error": "not supported"})
        elif action == CRASHED:
            self.crashed = str(body)

    # -- the tree ---------------------------------------------------------------
    def _reindex(self) -> None:
        self.by_id = {control["_i"]: control for control in walk(self.page)}
        now = time.monotonic()
        for control in self.by_id.values():
            if control.get("_c") == "SnackBar" and control["_i"] not in self._seen_snacks:
                self._seen_snacks.add(control["_i"])
                self.snacks.append(Snack(texts_under(control.get("content")), now))

    def _apply(self, root_id: int, patch: list) -> None:
        root = self.by_id.get(root_id)
        if root is None:
            raise KeyError(f"patch for a control the page does not hold: {root_id}")
        apply_patch(root, patch)

    # -- finding and tapping ------------------------------------------------------
    def find(self, identifier: str) -> dict | None:
        """The control tagged `identifier` (the content of its Semantics wrapper)."""
        with self.lock:
            for control in walk(self.page):
                if control.get("_c") == "Semantics" and control.get("identifier") == identifier:
                    return control.get("content") or control
        return None

    def has(self, identifier: str) -> bool:
        return self.find(identifier) is not None

    def text_of(self, identifier: str) -> str:
        with self.lock:
            control = self.find(identifier)
            return texts_under(control) if control is not None else ""

    def wait_for(self, predicate: Callable[[], bool], what: str, timeout: float = 30) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if predicate():
                return
            if self._closed:
                raise ConnectionError(f"the page closed while waiting for {what}")
            time.sleep(0.01)
        raise TimeoutError(f"timed out after {timeout}s waiting for {what}")

    def wait_for_id(self, identifier: str, timeout: float = 30) -> dict:
        self.wait_for(lambda: self.has(identifier), f"control {identifier!r}", timeout)
        return self.find(identifier)  # type: ignore[return-value]

    def tap(self, identifier: str) -> int:
        """Click what the page shows under `identifier` now, as a finger on it would: the
        first control there that takes a click (a button, or the container around a
        disabled one). Returns the id the click went to."""
        with self.lock:
            control = self.find(identifier)
            if control is None:
                raise LookupError(f"nothing on the page is tagged {identifier!r}")
            target = _clickable(control)
            if target is None:
                raise LookupError(f"{identifier!r} takes no click")
        self._send(EVENT, {"target": target, "name": "click", "data": None})
        return target

    def close(self) -> None:
        self._closed = True
        try:
            self._ws.__exit__(None, None, None)
        except Exception:  # noqa: BLE001 - already gone
            pass
        self._reader.join(5)


def _clickable(control: dict) -> int | None:
    """The innermost enabled control taking a click under `control` (a finger lands on
    the topmost one), else the outermost one that takes it while disabled inside."""
    enabled = [item for item in walk(control) if item.get("on_click") and not item.get("disabled")]
    if not enabled:
        return None
    # walk() yields parents before children on each branch: the last one found is innermost.
    return _innermost(control, enabled)


def _innermost(root: dict, candidates: list[dict]) -> int:
    ids = {item["_i"] for item in candidates}
    best: tuple[int, int] | None = None

    def visit(node: Any, depth: int) -> None:
        nonlocal best
        if isinstance(node, dict):
            if node.get("_i") in ids and (best is None or depth > best[0]):
                best = (depth, node["_i"])
            for value in node.values():
                visit(value, depth + 1)
        elif isinstance(node, list):
            for value in node:
                visit(value, depth + 1)

    visit(root, 0)
    assert best is not None
    return best[1]


