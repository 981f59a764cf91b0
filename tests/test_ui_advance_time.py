"""Outside the Event Phase, Advance Time asks first, in its own panel (no dialog over the
board): the first tap moves nothing, Cancel moves nothing, Confirm moves Time one space."""
from __future__ import annotations

import flet as ft

from companion.engine import NewGame, PlayerSetup
from companion.engine.commands import StartEventPhase
from companion.ui import ids
from companion.ui.table.track_actions import confirming_advance
from tests.support.screens import build_table

from .test_ui_round_flow import _find
from .ui_tree import fire, identifiers, make_context, make_controller, strings, walk
from companion.ui.table import ids as table_ids


def _game(tmp_path):
    controller = make_controller(tmp_path)
    controller.new_game(NewGame(players=(PlayerSetup(name="A", character="hacker"),
                                         PlayerSetup(name="B", character="janitor")), seed=2), "t")
    ctx = make_context(controller, "pt-BR", 390)
    return controller, ctx


def _tap(ctx, identifier: str) -> None:
    buttons = [item for item in walk(_find(build_table(ctx), identifier))
               if isinstance(item, (ft.Button, ft.TextButton)) and item.on_click is not None and not item.disabled]
    assert buttons, f"{identifier!r} cannot be tapped"
    fire(buttons[0].on_click)


def test_the_first_tap_only_asks_and_cancel_leaves_time_alone(tmp_path):
    controller, ctx = _game(tmp_path)
    time = controller.state.time
    _tap(ctx, table_ids.ADVANCE_TIME)
    shown = build_table(ctx)
    assert {ids.CONFIRM_OK, ids.CONFIRM_CANCEL} <= identifiers(shown) and table_ids.ADVANCE_TIME not in identifiers(shown)
    assert ctx.texts.t("ui.confirm.advance_time") in strings(shown)
    assert not ctx.page.dialogs and controller.state.time == time
    _tap(ctx, ids.CONFIRM_CANCEL)
    assert ids.CONFIRM_OK not in identifiers(build_table(ctx)) and controller.state.time == time


def test_confirm_moves_time_one_space_and_the_question_goes(tmp_path):
    controller, ctx = _game(tmp_path)
    time = controller.state.time
    _tap(ctx, table_ids.ADVANCE_TIME)
    _tap(ctx, ids.CONFIRM_OK)
    assert controller.state.time == time - 1
    shown = build_table(ctx)
    assert table_ids.ADVANCE_TIME in identifiers(shown) and ids.CONFIRM_OK not in identifiers(shown)


def test_a_question_left_open_is_not_offered_once_time_cannot_advance(tmp_path):
    controller, ctx = _game(tmp_path)
    _tap(ctx, table_ids.ADVANCE_TIME)
    controller.execute(StartEventPhase())  # another page opens the Event Phase meanwhile
    shown = build_table(ctx)
    assert ids.CONFIRM_OK not in identifiers(shown) and table_ids.ADVANCE_TIME in identifiers(shown)
    assert confirming_advance(ctx) is None  # it does not come back when the phase is over


def test_the_question_says_so_when_advancing_time_ends_the_game(tmp_path):
    from companion.engine import GameEnding
    from companion.engine.commands import AdvanceTime

    controller, ctx = _game(tmp_path)
    ends = ctx.texts.t("ui.confirm.ends_game")
    _tap(ctx, table_ids.ADVANCE_TIME)
    assert not any(ends in text for text in strings(build_table(ctx)))
    _tap(ctx, ids.CONFIRM_CANCEL)
    for _ in range(40):
        if controller.game_ending(AdvanceTime()) is GameEnding.ENDS:
            break
        controller.execute(AdvanceTime())
    assert controller.game_ending(AdvanceTime()) is GameEnding.ENDS
    _tap(ctx, table_ids.ADVANCE_TIME)
    assert any(ends in text for text in strings(build_table(ctx)))
