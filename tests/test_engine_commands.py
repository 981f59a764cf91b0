"""Every command: its JSON form, a legal use, and refusal once the game is over."""
from __future__ import annotations

import typing

import pytest

from companion.engine import IllegalCommand, apply, command_to_json, parse_command
from companion.engine import commands as c
from companion.engine.registry import REGISTRY
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
    "change_knowledge": ({"seat": 3, "by": 1}, 15),
    "activate_knowledge_token": ({"seat": 3}, 15),
    "send_signal": ({"seat": 3}, 15),
    "open_main_gate": ({}, 15),
    "resolve_encounter": ({"seat": 1, "place": "S-01", "hand": 3}, 15),
    "develop_bag": ({}, 15),
    "answer_queen_in_nest": ({"character_in_nest": False}, 15),  # after the Queen is drawn
    "answer_adults_retreat": ({"not_in_combat": 2}, 15),  # after a 9th Adult must be placed
    "kill_intruder": ({"kind": "adult"}, 15),  # after place_intruder
    "intruder_to_technical_corridor": ({"kind": "adult"}, 15),  # after place_intruder
    "remove_intruder": ({"kind": "adult"}, 15),  # after place_intruder
    "place_intruder": ({"kind": "adult"}, 15),
    "add_to_bag": ({"kind": "adult"}, 15),
    "return_intruders_to_bag": ({"counts": {"adult": 1}}, 15),  # after place_intruder
    "remove_egg": ({"how": "taken"}, 15),
    "set_show_odds": ({"show": False}, 15),
}
BEFORE = {
    "stop_self_destruct": "start_self_destruct",
    "remove_fire": "place_fire",
    "remove_malfunction": "place_malfunction",
    "escape_to_bunker": "open_main_gate",
    "kill_intruder": ("place_intruder", {"kind": "adult"}),
    "intruder_to_technical_corridor": ("place_intruder", {"kind": "adult"}),
    "remove_intruder": ("place_intruder", {"kind": "adult"}),
    "return_intruders_to_bag": ("place_intruder", {"kind": "adult"}),
}


def _draw_the_queen(game) -> None:
    """Develop the (seeded, digital) bag until the Queen comes out."""
    for _ in range(200):
        if do(game, "develop_bag").bag.awaiting is not None:
            return
    raise AssertionError("the Queen never came out")


def _all_adults_out(game) -> None:
    """Place Adults until one more has to be placed with every Adult miniature out."""
    for _ in range(9):
        do(game, "place_intruder", kind="adult")
    assert game.state.bag.awaiting is not None


def _prepare(game, type_: str) -> None:
    """Run what `type_` needs first: a command type, (type, fields) or a function."""
    special = {"answer_queen_in_nest": _draw_the_queen, "answer_adults_retreat": _all_adults_out}
    prior = special.get(type_) or BEFORE.get(type_)
    if callable(prior):
        prior(game)
    elif isinstance(prior, str):
        do(game, prior)
    elif prior is not None:
        do(game, prior[0], **prior[1])


def _types() -> set[str]:
    members = typing.get_args(typing.get_args(c.GameCommand)[0])
    return {m.model_fields["type"].default for m in members}


def test_every_core_command_is_parsed_and_handled():
    # The core commands of the spec; later commands (bag, attacks, Event Phase) have their own tests.
    assert set(EXAMPLES) | {"new_game"} <= _types()
    assert set(EXAMPLES) <= {entry.command.model_fields["type"].default for entry in REGISTRY}


@pytest.mark.parametrize("type_", sorted(EXAMPLES))
def test_every_command_applies_logs_and_counts(make_game, type_):
    fields, slot = EXAMPLES[type_]
    game = make_game()
    advance_to(game, slot)
    _prepare(game, type_)
    before = game.state
    command = cmd(type_, **fields)
    assert parse_command(command_to_json(command)) == command
    step = game.execute(command)
    assert step.state.commands_applied == before.commands_applied + 1
    assert step.state != before
    assert step.events, "every command leaves a line in the journal"
    assert all(event.seq == before.commands_applied == step.index for event in step.events)


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
