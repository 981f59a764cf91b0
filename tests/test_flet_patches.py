"""The app's reaches into Flet (companion/hosting/flet_patches.py): the shortcut in Flet's
diff sends exactly what Flet's own walk sends and walks far less; the quiet transport
sends the same bytes as Flet's own send_message without formatting each message for a
debug log that is off; a button's update sends its style only when the style changed; on
any other Flet version none is installed."""
from __future__ import annotations

import asyncio
import logging

import flet as ft
import msgpack
import pytest
from flet.controls.object_patch import DiffBuilder
from flet.messaging.protocol import Message, MessageAction, PatchControlBody

from companion.engine.commands import AdvanceTime, PlaceFire
from companion.hosting import flet_patches
from companion.hosting.flet_patches import (install_diff_fast_path, install_kept_button_styles,
                                             install_quiet_transport)
from companion.ui.kit.gate import button_style

from .flet_session import live_page, table_page
from .test_render_cost import SETUP


def _normalised(body: bytes) -> object:
    """A message with control ids replaced by their order of appearance (ids are global
    counters, so two identical screens built one after the other carry different ones) and
    without the random id of a method call."""
    ids: dict[int, int] = {}

    def walk(value):
        if isinstance(value, dict):
            return {k: (ids.setdefault(v, len(ids)) if k in ("_i", "id", "control_id") else walk(v))
                    for k, v in value.items() if k != "call_id"}
        if isinstance(value, (list, tuple)):
            return [walk(v) for v in value]
        return value

    return walk(msgpack.unpackb(body, strict_map_key=False))


def _play(tmp_path, *, fast: bool) -> tuple[list[object], int, int]:
    """A table opened, a few commands and a screen change: the messages sent, the controls
    added, and how often Flet's own walk ran (with the fast path in front of it, or not)."""
    calls = [0]
    flet_own = DiffBuilder._flet_configure_dataclass

    def counted(self, *args, **kwargs):
        calls[0] += 1
        return flet_own(self, *args, **kwargs)

    entry = DiffBuilder.__dict__["_configure_dataclass"]
    if fast:
        DiffBuilder._flet_configure_dataclass = counted
    else:
        DiffBuilder._configure_dataclass = counted
    try:
        with table_page(tmp_path, SETUP) as (controller, app, wire):
            for command in (AdvanceTime(), PlaceFire(), AdvanceTime()):
                controller.execute(command)
            app.navigate("bag")
        return [_normalised(body) for body in wire.bodies], wire.added, calls[0]
    finally:
        DiffBuilder._configure_dataclass = entry
        DiffBuilder._flet_configure_dataclass = flet_own


def test_the_same_messages_as_flets_own_walk_with_a_fraction_of_the_steps(tmp_path):
    assert install_diff_fast_path() is True
    assert DiffBuilder.__dict__["_configure_dataclass"] is not DiffBuilder._flet_configure_dataclass
    sent_own, added_own, steps_own = _play(tmp_path / "own", fast=False)
    sent_fast, added_fast, steps_fast = _play(tmp_path / "fast", fast=True)
    assert added_fast == added_own > 500
    assert len(sent_fast) == len(sent_own) and sent_fast == sent_own
    # Flet's walk steps into every field of every new control (about 58); the fast path
    # answers None, numbers, strings and enums at once.
    assert steps_fast * 3 < steps_own


@pytest.mark.parametrize("value", [None, 3, 2.5, "texto", True, b"x"])
def test_values_that_cannot_hold_a_control_yield_nothing(value):
    install_diff_fast_path()
    assert list(DiffBuilder._configure_dataclass(object(), value, None, False)) == []


# --------------------------------------------------------------------- the transport
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

    assert install_quiet_transport() is True
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
    assert install_quiet_transport() is True  # twice is once


# --------------------------------------------------------------------- the buttons' styles
def _patches_of(body: bytes) -> list:
    action, payload = msgpack.unpackb(body, strict_map_key=False)
    return payload["patch"][1:]


@pytest.mark.parametrize("make", [lambda style: ft.Button("Sortear", style=style),
                                  lambda style: ft.IconButton(ft.Icons.ADD, style=style)])
def test_a_button_sends_its_style_again_only_when_it_changed(make):
    assert install_kept_button_styles() is True
    page, wire = live_page()
    button = make(button_style("normal"))
    page.add(button)
    wire.bodies.clear()
    button.disabled = True
    page.update(button)
    assert _patches_of(wire.bodies[-1]) == [[0, 0, "disabled", True]]  # the style is not sent again
    button.style = button_style("danger")
    page.update(button)
    sent = [op[3] for op in _patches_of(wire.bodies[-1]) if op[2] == "style"]
    assert sent and all(style["bgcolor"]["default"] == button_style("danger").bgcolor[ft.ControlState.DEFAULT]
                        for style in sent)
    assert install_kept_button_styles() is True  # twice is once


# --------------------------------------------------------------------- the version guard
def test_another_flet_version_gets_neither_patch(monkeypatch):
    from flet_web.fastapi.flet_app import FletApp

    monkeypatch.setattr(flet_patches, "_QUIET", "_companion_quiet_send_on_another_version")
    monkeypatch.setattr(flet_patches, "_FAST", "_companion_fast_path_on_another_version")
    sent, configured = FletApp.send_message, DiffBuilder.__dict__["_configure_dataclass"]
    assert install_quiet_transport("1.0.6") is False and install_diff_fast_path("1.1.0") is False
    assert FletApp.send_message is sent and DiffBuilder.__dict__["_configure_dataclass"] is configured
    monkeypatch.setattr(flet_patches, "_KEPT_STYLES", "_companion_kept_styles_on_another_version")
    copying = ft.Button.__dict__["before_update"]
    assert install_kept_button_styles("1.1.0") is False and ft.Button.__dict__["before_update"] is copying
    from flet.controls.page import Page

    monkeypatch.setattr(flet_patches, "_ONE_MESSAGE", "_companion_one_message_on_another_version")
    updating = Page.__dict__["_Page__update"]
    assert flet_patches.install_one_message_updates("1.1.0") is False and Page.__dict__["_Page__update"] is updating


def test_another_flet_version_keeps_its_own_tap_dispatch(monkeypatch):
    from flet.messaging.session import Session

    monkeypatch.setattr(flet_patches, "_LOST_TAPS", "_companion_lost_taps_on_another_version")
    dispatch = Session.dispatch_event
    assert flet_patches.install_lost_taps("1.0.6") is False
    assert Session.dispatch_event is dispatch
    # On the Flet it was written for, the dispatch is wrapped (once).
    monkeypatch.setattr(Session, "dispatch_event", dispatch)
    assert flet_patches.install_lost_taps(flet_patches.FLET_VERSION) is True
    assert Session.dispatch_event is not dispatch


def test_the_installed_flet_is_the_one_the_patches_were_written_for():
    # Upgrading Flet turns both off silently; this says so first.
    assert flet_patches.flet_version() == flet_patches.FLET_VERSION
