"""The table's buttons follow the engine: enabled exactly when the command would be accepted."""
from __future__ import annotations

import pytest

from companion.engine import CssFace, NewGame, PlayerSetup
from companion.engine.commands import (
    AdvanceTime,
    CssLaunch,
    LockIn,
    PlaceFire,
    RemoveFire,
    StartSelfDestruct,
    StopSelfDestruct,
)
from companion.ui.kit.gate import CommandGate

from .ui_tree import fire, make_context, make_controller


@pytest.fixture
def controller(tmp_path):
    controller = make_controller(tmp_path)
    controller.new_game(NewGame(players=(PlayerSetup(name="A", character="hacker"),
                                         PlayerSetup(name="B", character="janitor")), seed=1), "t")
    return controller


@pytest.fixture
def ctx(controller):
    return make_context(controller, "tr")


def test_refusals_match_the_engine(ctx):
    check = ctx.session.check
    assert check(AdvanceTime()) is None
    assert check(RemoveFire()).key == "error.no_fire_to_remove"
    assert check(StopSelfDestruct()).key == "error.self_destruct_not_active"
    assert check(LockIn(seat=1)).key == "error.isolation_closed"
    assert check(CssLaunch(face=CssFace.NONE)).key == "error.no_css_token_under_time"


def test_checking_changes_nothing(ctx, controller):
    before = controller.state.model_dump()
    ctx.session.check(StartSelfDestruct())
    ctx.session.check(PlaceFire())
    assert controller.state.model_dump() == before
    assert not controller.can_undo


def test_a_command_that_ends_the_game_asks_first(ctx, controller):
    state = controller.state
    for _ in range(state.fire_pool):
        controller.execute(PlaceFire())
    gate = CommandGate(ctx)
    assert ctx.session.game_ending(PlaceFire())
    assert ctx.session.game_ending(StartSelfDestruct()) is None
    gate.run(PlaceFire())
    assert ctx.page.dialogs, "a confirmation dialog should be shown"
    assert not controller.state.is_over  # nothing happens until confirmed


def test_confirmed_irreversible_command(ctx, controller):
    gate = CommandGate(ctx)
    gate.run(StartSelfDestruct(), confirm="start_self_destruct")
    assert controller.state.self_destruct is None
    dialog = ctx.page.dialogs[-1]
    ok = dialog.actions[-1].content  # the confirm-ok button inside its Semantics wrapper
    dialog.update = lambda: None
    fire(ok.on_click)
    assert controller.state.self_destruct is not None


def test_refused_command_shows_a_localised_message(ctx):
    gate = CommandGate(ctx)
    gate.execute(RemoveFire())
    snack = ctx.page.dialogs[-1]
    assert ctx.texts.t("error.no_fire_to_remove") in snack.content.value
