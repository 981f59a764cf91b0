"""Helpers for the Intruder bag tests: games with a physical or a hand-set bag."""
from __future__ import annotations

from collections import Counter
from typing import Any

from companion.engine import GameSession, GameState
from companion.engine.apply import run as run_command
from companion.engine.commands import parse_command
from companion.rules import Rules
from tests.conftest import setup_command
from tests.support.journal import events_of, remember


def start(rules: Rules, *, physical: bool = False, players: int = 3, seed: int = 1,
          layout: dict | None = None) -> GameSession:
    setup = setup_command(players=players, seed=seed, layout=layout).model_copy(update={"physical_bag": physical})
    return GameSession.start(setup, rules)


def with_bag(state: GameState, rules: Rules, bag: list[str], **changes: Any) -> GameState:
    """The same game with exactly `bag` in the bag (everything else aside) and other BagState changes."""
    order = [spec.id for spec in rules.intruders.tokens]
    new_bag = state.bag.model_copy(
        update={"bag": [t for t in order if t in bag], "aside": [t for t in order if t not in bag], **changes},
        deep=True,
    )
    return state.model_copy(update={"bag": new_bag}, deep=True)


def run(state: GameState, rules: Rules, type_: str, **fields: Any) -> GameState:
    """Apply one command (JSON form) to a state (its events: new_keys / new_entries)."""
    outcome = run_command(state, parse_command({"type": type_, **fields}), rules)
    return remember(outcome.state, outcome.events)


def new_keys(state: GameState) -> list[str]:
    return [event.key for event in events_of(state)]


def new_entries(state: GameState) -> list:
    return list(events_of(state))


def kinds(ids: list[str], rules: Rules) -> Counter:
    specs = {spec.id: spec.kind for spec in rules.intruders.tokens}
    return Counter(specs[t] for t in ids)


def box_ids(rules: Rules) -> list[str]:
    return [spec.id for spec in rules.intruders.tokens]


def ids_of(rules: Rules, kind: str) -> list[str]:
    return [spec.id for spec in rules.intruders.tokens if spec.kind == kind]


def session_with_bag(rules: Rules, bag: list[str], *, physical: bool = True, layout: dict | None = None,
                     **changes: Any) -> GameSession:
    """A game (3 players) whose bag holds exactly `bag` at the start: a scenario to play from."""
    game = start(rules, physical=physical, layout=layout)
    state = with_bag(game.state, rules, bag, **changes)
    return GameSession(rules, [game.commands[0]], 0, {0: state})


def full_bag(rules: Rules, *, layout: dict | None = None) -> GameSession:
    """A physical-bag game with every token of the box in the bag, so any token can be reported."""
    return session_with_bag(rules, box_ids(rules), physical=True, layout=layout)
