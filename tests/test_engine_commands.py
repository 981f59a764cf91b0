"""Every command: its JSON form, a legal use, and refusal once the game is over."""
from __future__ import annotations

import typing

import pytest

from companion.engine import IllegalCommand, apply, command_to_json, parse_command
from companion.engine import commands as c
from companion.engine.apply import HANDLERS
from tests.conftest import advance_to, cmd, do, refused

# One legal example of every command but new_game, with the Time slot it needs.
EXAMPLES: dict[str, tuple[dict, int]] = {
    "advance_time": ({}, 15),
    "start_self_destruct": ({}, 15),
    "stop_self_destruct": ({}, 15),  # after start
    "trigger_alert": ({}, 15),
    "restore_power": ({"layout": {"S-01": 2, "S-02": 1, "S-03": 4, "ELEVATOR": 3}}, 15),
    "flip_power": ({"section": "ELEVATOR"}, 15),
    "swap_power": ({"first": "S-01", "second": "S-03"}, 15),
    "power_surge": ({}, 15),
    "place_fire": ({}, 15),
    "remove_fire": ({}, 15),  # after place_fire
    "place_malfunction": ({}, 15),
    "remove_malfunction": ({}, 15),  # after place_malfunction
    "record_death": ({"seat": 2}, 15),
    "record_first_encounter": ({}, 15),
    "lock_in": ({"seat": 1}, 8),
    "escape_to_bunker": ({"seat": 1}, 15),  # after open_main_gate
    "enter_pod": ({"seat": 1, "pod": "C"}, 10),
    "css_launch": ({"face": "B"}, 10),
    "set_knowledge": ({"seat": 3, "value": 6}, 15),
    "activate_knowledge_token": ({"seat": 3}, 15),
    "send_signal": ({"seat": 3}, 15),
    "open_main_gate": ({}, 15),
}
BEFORE = {
    "stop_self_destruct": "start_self_destruct",
    "remove_fire": "place_fire",
    "remove_malfunction": "place_malfunction",
    "escape_to_bunker": "open_main_gate",
}


def _types() -> set[str]:
    members = typing.get_args(typing.get_args(c.GameCommand)[0])
    return {m.model_fields["type"].default for m in members}


def test_examples_cover_every_command_and_every_command_has_a_handler():
    assert _types() == set(EXAMPLES) | {"new_game"}
    assert {cls.model_fields["type"].default for cls in HANDLERS} == set(EXAMPLES)


@pytest.mark.parametrize("type_", sorted(EXAMPLES))
def test_every_command_applies_logs_and_counts(make_game, type_):
    fields, slot = EXAMPLES[type_]
    game = make_game()
    advance_to(game, slot)
    if type_ in BEFORE:
        do(game, BEFORE[type_])
    before = game.state
    command = cmd(type_, **fields)
    assert parse_command(command_to_json(command)) == command
    step = game.execute(command)
    assert step.state.commands_applied == before.commands_applied + 1
    assert step.state != before
    assert step.new_log, "every command leaves a line in the log"
    assert all(entry.seq == before.commands_applied for entry in step.new_log)


@pytest.mark.parametrize("type_", sorted(EXAMPLES))
def test_every_command_is_refused_after_the_end(make_game, type_):
    fields, _ = EXAMPLES[type_]
    game = make_game()
    advance_to(game, 0)
    assert game.state.is_over
    refused(game, "error.game_over", type_, **fields)


def test_unknown_command_types_and_fields_are_rejected():
    from pydantic import ValidationError

    with pytest.raises(ValidationError):
        parse_command({"type": "teleport"})
    with pytest.raises(ValidationError):
        parse_command({"type": "advance_time", "slots": 2})
    with pytest.raises(ValidationError):
        parse_command({"type": "flip_power", "section": "S-04"})
    with pytest.raises(ValidationError):
        parse_command({"type": "css_launch", "face": "D"})
    assert parse_command('{"type": "enter_pod", "seat": 2, "pod": "B"}') == c.EnterPod(seat=2, pod="B")


def test_an_unregistered_command_class_is_refused(make_game, rules):
    class Mystery(c._Command):
        type: typing.Literal["mystery"] = "mystery"

    with pytest.raises(IllegalCommand) as info:
        apply(make_game().state, Mystery(), rules)
    assert (info.value.key, info.value.params) == ("error.unknown_command", {"command": "mystery"})
