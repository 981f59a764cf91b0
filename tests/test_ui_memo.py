"""A tap rebuilds only the panels it changed: the others are the very same controls (so
Flet's diff skips them), and a kept panel never shows a stale value or button."""
from __future__ import annotations

import flet as ft

from companion.engine import NewGame, PlayerSetup
from companion.engine.commands import AdvanceTime, OpenMainGate, PlaceFire, SetKnowledge, StartEventPhase
from companion.ui import ids
from companion.ui.table.view import build_table

from .ui_tree import make_context, make_controller, walk


def _setup() -> NewGame:
    return NewGame(players=(PlayerSetup(name="A", character="hacker"), PlayerSetup(name="B", character="janitor")),
                   seed=4)


def _tagged(control, identifier: str):
    return next(item for item in walk(control) if isinstance(item, ft.Semantics) and item.identifier == identifier)


def _disabled(control, identifier: str) -> bool:
    tagged = _tagged(control, identifier)
    return any(getattr(item, "disabled", False) for item in walk(tagged) if isinstance(item, ft.Button))


def test_only_the_changed_panels_are_rebuilt(tmp_path):
    controller = make_controller(tmp_path)
    controller.new_game(_setup(), "t")
    ctx = make_context(controller, "pt-BR", 390)
    before = build_table(ctx)
    track = _tagged(before, ids.TIME_TRACK)
    fire = _tagged(before, ids.FIRE_COUNT)
    controller.execute(PlaceFire())
    after = build_table(ctx)
    assert _tagged(after, ids.TIME_TRACK) is track  # nothing on the track changed
    assert _tagged(after, ids.FIRE_COUNT) is not fire
    controller.execute(SetKnowledge(seat=1, value=3))
    again = build_table(ctx)
    assert _tagged(again, ids.TIME_TRACK) is track
    ctx.texts.switch("tr")
    assert _tagged(build_table(ctx), ids.TIME_TRACK) is not track  # another language: built anew


def test_a_kept_panel_follows_its_buttons_answers(tmp_path):
    controller = make_controller(tmp_path)
    controller.new_game(_setup(), "t")
    ctx = make_context(controller, "pt-BR", 390)
    assert not _disabled(build_table(ctx), ids.ADVANCE_TIME)
    # The track's own values do not change, but an open Event Phase refuses Advance Time.
    controller.execute(StartEventPhase())
    assert _disabled(build_table(ctx), ids.ADVANCE_TIME)


def test_a_kept_panel_follows_its_values(tmp_path):
    controller = make_controller(tmp_path)
    controller.new_game(_setup(), "t")
    ctx = make_context(controller, "pt-BR", 390)
    build_table(ctx)
    controller.execute(AdvanceTime())
    shown = [getattr(item, "value", "") for item in walk(_tagged(build_table(ctx), ids.TRACK_TIME))]
    assert any(str(controller.state.time) in (value or "") for value in shown)


def test_a_tap_on_one_players_knowledge_rebuilds_only_that_players_card(tmp_path):
    controller = make_controller(tmp_path)
    controller.new_game(_setup(), "t")
    ctx = make_context(controller, "pt-BR", 390)
    before = build_table(ctx)
    first, second = _tagged(before, ids.crew_member(1)), _tagged(before, ids.crew_member(2))
    controller.execute(SetKnowledge(seat=1, value=3))
    after = build_table(ctx)
    assert _tagged(after, ids.crew_member(1)) is not first
    assert _tagged(after, ids.crew_member(2)) is second


def test_a_kept_member_card_follows_its_buttons_answers(tmp_path):
    controller = make_controller(tmp_path)
    controller.new_game(_setup(), "t")
    ctx = make_context(controller, "pt-BR", 390)
    bunker = ids.crew_action("bunker", 2)
    assert _disabled(build_table(ctx), bunker)
    # Nobody on the crew changes, but the open Main Gate lets them run for the Bunker.
    controller.execute(OpenMainGate())
    assert not _disabled(build_table(ctx), bunker)
