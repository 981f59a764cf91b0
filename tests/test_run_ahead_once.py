"""A command the screens ran ahead to ask whether it ends the game is not run again when
it is sent: the send takes that outcome, once (engine/apply.py)."""
from __future__ import annotations

import importlib
from dataclasses import replace

import pytest

from companion.engine import GameSession
from companion.engine import commands as c
from companion.engine.apply import game_ending
from companion.engine.registry import REGISTRY
from tests.support.contamination_helpers import RULES, digital_setup

# The module, not the function companion.engine exports under the same name.
engine_apply = importlib.import_module("companion.engine.apply")


@pytest.fixture
def effects(monkeypatch):
    """How many times Fire's handler ran."""
    registration = REGISTRY.get(c.PlaceFire)
    ran: list[int] = []

    def counted(turn, command):
        ran.append(1)
        return registration.effect(turn, command)

    monkeypatch.setitem(REGISTRY._by_type, c.PlaceFire, replace(registration, effect=counted))
    return ran


def test_the_send_takes_the_outcome_run_ahead(effects):
    session = GameSession.start(digital_setup(players=2), RULES)
    assert game_ending(session.state, c.PlaceFire(), RULES) is None
    step = session.prepare(c.PlaceFire())
    assert len(effects) == 1
    assert step.state.fire == session.state.fire + 1


def test_it_is_taken_once_and_only_for_the_same_command_on_the_same_state(effects):
    session = GameSession.start(digital_setup(players=2), RULES)
    game_ending(session.state, c.PlaceFire(), RULES)
    first = session.prepare(c.PlaceFire())
    second = session.prepare(c.PlaceFire())  # taken already: run anew, to the same end
    assert len(effects) == 2 and second.state == first.state and second.state is not first.state

    game_ending(session.state, c.PlaceFire(), RULES)
    session.execute(c.AdvanceTime())  # another command meanwhile: the state moved on
    fire = session.prepare(c.PlaceFire())
    assert len(effects) == 4 and fire.state.fire == session.state.fire + 1
    assert fire.state.commands_applied == session.state.commands_applied + 1


def test_a_command_with_a_hidden_outcome_is_never_run_ahead(monkeypatch):
    session = GameSession.start(digital_setup(players=2), RULES)
    ran: list = []
    monkeypatch.setattr(engine_apply, "_run", lambda *args: ran.append(args))
    game_ending(session.state, c.DrawEventCard(), RULES)
    assert ran == [] and engine_apply._ran_ahead is None
