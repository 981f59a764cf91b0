"""The events a state's command wrote, for tests that keep states and ask about them later.

The journal lives beside the state, so `do` (tests/conftest.py) and `run`
(bag_helpers.py) note each state they return with its command's events here;
`events_of(state)` gives them back. The notes are cleared after every test.
"""
from __future__ import annotations

from companion.engine import Event, GameState

# id(state) -> (the state, kept alive so its id is not reused; its events)
_WRITTEN: dict[int, tuple[GameState, tuple[Event, ...]]] = {}


def remember(state: GameState, events: tuple[Event, ...]) -> GameState:
    _WRITTEN[id(state)] = (state, tuple(events))
    return state


def events_of(state: GameState) -> tuple[Event, ...]:
    """The events of the command that produced `state` (through `do` or `run`)."""
    noted = _WRITTEN.get(id(state))
    if noted is None or noted[0] is not state:
        raise LookupError("this state was not produced by do() or run(): take step.events instead")
    return noted[1]


def forget() -> None:
    _WRITTEN.clear()


def journal(session) -> list[Event]:
    """Every event of the session's steps up to its cursor, oldest first (engine-only too)."""
    return [event for index in range(session.cursor + 1) for event in session.events_at(index)]
