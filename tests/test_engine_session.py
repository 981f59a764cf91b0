"""GameSession: undo/redo over the command log, replay, and the JSON forms."""
from __future__ import annotations

import pytest

from companion.engine import GameSession, GameState, IllegalCommand, command_to_json, parse_command
from tests.conftest import cmd, do


def _play(game):
    for command in (
        cmd("advance_time"),
        cmd("start_self_destruct"),
        cmd("place_fire"),
        cmd("flip_power", section="S-02"),
        cmd("record_death", seat=2),
        cmd("set_knowledge", seat=1, value=4),
        cmd("advance_time"),
    ):
        game.execute(command)
    return game


def test_undo_then_redo_gives_the_identical_state(make_game):
    game = _play(make_game())
    states = [game.state_at(i).model_dump_json() for i in range(len(game.commands))]
    assert len(set(states)) == len(states)  # every command changed something
    for index in range(len(states) - 1, 0, -1):
        assert game.can_undo
        assert game.undo().model_dump_json() == states[index - 1]
    assert not game.can_undo
    with pytest.raises(IllegalCommand) as info:
        game.undo()
    assert info.value.key == "error.nothing_to_undo"
    for index in range(1, len(states)):
        assert game.next_command() == game.commands[index]
        assert game.redo().model_dump_json() == states[index]
    assert not game.can_redo and game.next_command() is None
    with pytest.raises(IllegalCommand) as info:
        game.redo()
    assert info.value.key == "error.nothing_to_redo"


def test_a_new_command_drops_the_redo_tail(make_game):
    game = _play(make_game())
    length = len(game.commands)
    game.undo()
    game.undo()
    assert game.can_redo
    step = game.execute(cmd("place_malfunction"))
    assert step.index == length - 2 and game.cursor == length - 2
    assert len(game.commands) == length - 1 and not game.can_redo
    assert game.state.malfunction == 1 and game.state.time == 14  # the undone advance is gone
    assert [e.key for e in step.events] == ["log.malfunction_placed"]


def test_illegal_command_leaves_the_session_alone(make_game):
    game = _play(make_game())
    game.undo()
    before = (game.cursor, list(game.commands), game.state.model_dump_json())
    assert game.state.self_destruct is not None
    with pytest.raises(IllegalCommand):
        game.execute(cmd("start_self_destruct"))
    assert (game.cursor, list(game.commands), game.state.model_dump_json()) == before
    assert game.can_redo  # the redo tail survives a refused command


def test_replay_without_cached_states_is_identical(make_game, rules):
    game = _play(make_game())
    replayed = GameSession(rules, game.commands, game.cursor)
    assert replayed.state.model_dump_json() == game.state.model_dump_json()
    middle = GameSession(rules, game.commands, 3)
    assert middle.state == game.state_at(3)
    fetched = GameSession(rules, game.commands, 2, fetch_state=game.state_at)
    assert fetched.state is game.state_at(2)


def test_commands_and_states_round_trip_as_json(make_game):
    game = _play(make_game())
    for command in game.commands:
        assert parse_command(command_to_json(command)) == command
        assert parse_command(command.model_dump(mode="json")) == command
    text = game.state.model_dump_json()
    again = GameState.model_validate_json(text)
    assert again == game.state and again.model_dump_json() == text


def test_original_state_is_never_modified(make_game, rules):
    from companion.engine import apply

    game = make_game()
    before = game.state.model_dump_json()
    apply(game.state, cmd("advance_time"), rules)
    apply(game.state, cmd("record_death", seat=1), rules)
    assert game.state.model_dump_json() == before
    assert do(game, "advance_time").time == 14
