"""A player keeps their own Character board on their phone: a seat may send the board
changes of their own actions for their own seat, in the Player Phase; never another
player's, never what the game's own steps do to a board (those stay the table's); the
table keeps every one of them. A change sent from a phone says in the public log who
made it, and the table can undo it."""
from __future__ import annotations

import pytest

from companion.engine import IllegalCommand, NewGame, PlayerSetup
from companion.engine import commands as c
from companion.engine.actions import type_tag
from companion.engine.authority import OWN_TURN_COMMANDS, SEAT_COMMANDS, refusal_for
from companion.engine.registry import REGISTRY
from companion.engine.views import TABLE, seat_viewer
from companion.seats.page_session import PageSession
from tests.ui_tree import make_controller

# What a player records themselves (README, "Phones at the table"), the board's part:
OWN_BOARD = {c.SufferWound, c.TreatWounds, c.SetSlime, c.GainContamination}
# What the game's own steps do to a board: the table's alone.
TABLE_BOARD = {c.SetLarva, c.InfestCharacter}


def _game(tmp_path, contamination: bool = True):
    controller = make_controller(tmp_path)
    controller.new_game(NewGame(players=(PlayerSetup(name="Ana", character="hacker"),
                                         PlayerSetup(name="Bruno", character="janitor")),
                                seed=5, digital_contamination=contamination), "t")
    return controller


def _board_commands(seat: int) -> list[c.GameCommand]:
    return [c.SufferWound(seat=seat, serious=True), c.SufferWound(seat=seat), c.SetSlime(seat=seat, slime=True),
            c.GainContamination(seat=seat), c.SetLarva(seat=seat, larva=True), c.InfestCharacter(seat=seat)]


def test_a_seat_may_send_exactly_its_own_board_changes(tmp_path):
    controller = _game(tmp_path)
    state = controller.session.state
    for command in _board_commands(1):
        refusal = refusal_for(seat_viewer(1), command, state)
        if type(command) in OWN_BOARD:
            assert refusal is None, command
        else:
            assert refusal is not None and refusal.key == "error.table_only", command
        # Never another player's board.
        assert refusal_for(seat_viewer(2), command, state).key in ("error.not_your_seat", "error.table_only")
        # The table keeps every one of them.
        assert refusal_for(TABLE, command, state) is None


def test_the_seats_own_board_actions_are_in_its_feed_and_nobody_elses(tmp_path):
    controller = _game(tmp_path)
    actions = PageSession(controller, seat_viewer(1)).view().actions
    board = {action.type for action in actions if action.fixed.get("seat") == 1}
    assert {type_tag(command) for command in OWN_BOARD} <= board
    assert not {type_tag(command) for command in TABLE_BOARD} & board
    assert all(action.fixed.get("seat") in (None, 1) for action in actions)
    table = PageSession(controller, TABLE).view().actions
    for seat in (1, 2):
        assert {type_tag(command) for command in OWN_BOARD | TABLE_BOARD} <= \
            {action.type for action in table if action.fixed.get("seat") == seat}


def test_a_forged_change_for_another_player_or_a_table_step_is_refused_and_changes_nothing(tmp_path):
    controller = _game(tmp_path)
    bruno = PageSession(controller, seat_viewer(2))
    before = controller.session.state
    for command in _board_commands(1):
        with pytest.raises(IllegalCommand) as refused:
            bruno.execute(command)
        assert refused.value.key in ("error.not_your_seat", "error.table_only")
    for command in (c.SetLarva(seat=2, larva=True), c.InfestCharacter(seat=2)):
        with pytest.raises(IllegalCommand, match="error.table_only"):
            bruno.execute(command)
    assert controller.session.state == before


def test_in_the_event_phase_the_board_changes_are_the_tables(tmp_path):
    controller = _game(tmp_path)
    controller.execute(c.StartEventPhase())
    ana = PageSession(controller, seat_viewer(1))
    for command in (c.SufferWound(seat=1), c.SetSlime(seat=1, slime=True)):
        with pytest.raises(IllegalCommand, match="error.board_in_event_phase"):
            ana.execute(command)
        assert controller.check(command, TABLE) is None
    # Still hers, shown with the reason.
    listed = [action for action in ana.view().actions if action.type in
              {type_tag(command) for command in OWN_TURN_COMMANDS}]
    assert listed and all(action.refusal is not None and action.refusal.key == "error.board_in_event_phase"
                          for action in listed)


def test_a_change_from_a_phone_names_its_player_in_the_public_log_and_the_table_undoes_it(tmp_path):
    controller = _game(tmp_path)
    ana = PageSession(controller, seat_viewer(1))
    step = ana.execute(c.SufferWound(seat=1, serious=True))
    said = [event for event in step.events if event.key == "log.from_phone"]
    assert len(said) == 1 and said[0].params["seat"] == 1 and said[0].params["character"] == "hacker"
    assert said[0].visibility.audience.value == "everyone"
    assert "log.from_phone" in [event.key for event in PageSession(controller, seat_viewer(2)).history()]
    assert controller.session.state.member(1).body.serious_wounds == 1
    # The same change from the table says nothing about a phone.
    table_step = controller.execute(c.SetSlime(seat=1, slime=True))
    assert not [event for event in table_step.events if event.key == "log.from_phone"]
    controller.undo()
    controller.undo()
    assert controller.session.state.member(1).body.serious_wounds == 0


def test_every_own_turn_command_is_a_seat_command_with_offers():
    assert OWN_TURN_COMMANDS <= SEAT_COMMANDS
    for command in OWN_BOARD:
        assert command in SEAT_COMMANDS
        assert REGISTRY.get(command).offers is not None, command
