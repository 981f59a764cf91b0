"""The shortcut in Flet's diff (ui/diff_fast_path.py) sends exactly what Flet's own walk
sends, and walks far less."""
from __future__ import annotations

import msgpack
import pytest
from flet.controls.object_patch import DiffBuilder

from companion.engine.commands import AdvanceTime, PlaceFire
from companion.ui import diff_fast_path

from .flet_session import table_page
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
    assert diff_fast_path.install() is True
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
    diff_fast_path.install()
    assert list(DiffBuilder._configure_dataclass(object(), value, None, False)) == []
