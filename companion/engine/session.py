"""A game's command log with an undo/redo cursor over the states it produced, and the
journal: each step's events, kept beside its state."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable

from .apply import run
from .commands import GameCommand, NewGame
from .errors import IllegalCommand
from .journal import Event, EventFilter, for_table
from .state import GameState

if TYPE_CHECKING:
    from companion.rules import Rules

StateFetcher = Callable[[int], GameState]
# Steps first..last (inclusive) -> each step's events (a saved game reads them on demand).
EventFetcher = Callable[[int, int], dict[int, tuple[Event, ...]]]
# How many steps' events one fetch asks for while walking back through the history.
_HISTORY_CHUNK = 64


@dataclass(frozen=True)
class Step:
    """What one executed command did: its index, the command, the state after it and
    the events it wrote."""

    index: int
    command: GameCommand
    state: GameState
    events: tuple[Event, ...] = ()


class GameSession:
    """commands[i] produced states[i] and events[i]; commands[0] is always the NewGame."""

    def __init__(
        self,
        rules: "Rules",
        commands: list[GameCommand],
        cursor: int,
        states: dict[int, GameState] | None = None,
        fetch_state: StateFetcher | None = None,
        events: dict[int, tuple[Event, ...]] | None = None,
        fetch_events: EventFetcher | None = None,
    ) -> None:
        if not commands or not isinstance(commands[0], NewGame):
            raise ValueError("a game starts with its NewGame command")
        if not 0 <= cursor < len(commands):
            raise ValueError("cursor outside the command log")
        self.rules = rules
        self.commands = list(commands)
        self.cursor = cursor
        self._states: dict[int, GameState] = dict(states or {})
        self._fetch_state = fetch_state
        self._events: dict[int, tuple[Event, ...]] = dict(events or {})
        self._fetch_events = fetch_events

    @classmethod
    def start(cls, setup: NewGame, rules: "Rules") -> "GameSession":
        outcome = run(None, setup, rules)
        return cls(rules, [setup], 0, {0: outcome.state}, events={0: outcome.events})

    @property
    def state(self) -> GameState:
        return self.state_at(self.cursor)

    def state_at(self, index: int) -> GameState:
        cached = self._states.get(index)
        if cached is not None:
            return cached
        if self._fetch_state is not None:
            fetched = self._fetch_state(index)
            self._states[index] = fetched
            return fetched
        self._replay_to(index)
        return self._states[index]

    def _replay_to(self, index: int) -> None:
        """Re-run commands from the nearest earlier known state; the engine is deterministic."""
        base = max((i for i in self._states if i < index), default=None)
        state = self._states[base] if base is not None else None
        for i in range((base + 1) if base is not None else 0, index + 1):
            outcome = run(state, self.commands[i], self.rules)
            state = outcome.state
            self._states.setdefault(i, state)
            self._events.setdefault(i, outcome.events)

    # -- the journal -------------------------------------------------------------
    def events_at(self, index: int) -> tuple[Event, ...]:
        """Every event step `index` wrote (engine-only ones included)."""
        self._load_events(index, index)
        return self._events[index]

    def _load_events(self, first: int, last: int) -> None:
        missing = [i for i in range(first, last + 1) if i not in self._events]
        if not missing:
            return
        if self._fetch_events is not None:
            self._events.update(self._fetch_events(missing[0], missing[-1]))
            missing = [i for i in missing if i not in self._events]
        for index in missing:
            # Re-run the step from the state before it.
            before = self.state_at(index - 1) if index > 0 else None
            self._events[index] = run(before, self.commands[index], self.rules).events

    def history(self, viewer: EventFilter = for_table, since: int | None = None,
                limit: int | None = None) -> list[Event]:
        """The events `viewer` may read, newest step first (each step's lines in the
        order written), from step `since` on, at most `limit` of them. Only the steps up
        to the cursor count: an undone step is not history until it is redone."""
        first = max(since or 0, 0)
        found: list[Event] = []
        index = self.cursor
        while index >= first:
            low = max(first, index - _HISTORY_CHUNK + 1)
            self._load_events(low, index)
            for step in range(index, low - 1, -1):
                found.extend(event for event in self._events[step] if viewer(event))
                if limit is not None and len(found) >= limit:
                    return found[:limit]
            index = low - 1
        return found

    # -- change ------------------------------------------------------------------
    def prepare(self, command: GameCommand) -> Step:
        """Apply `command` without recording it (so it can be saved first)."""
        outcome = run(self.state, command, self.rules)
        return Step(self.cursor + 1, command, outcome.state, outcome.events)

    def commit(self, step: Step) -> None:
        """Record a prepared step; drops the redo tail."""
        if step.index != self.cursor + 1:
            raise ValueError("step was prepared for another cursor")
        for cache in (self._states, self._events):
            for index in [i for i in cache if i > self.cursor]:
                del cache[index]
        del self.commands[self.cursor + 1 :]
        self.commands.append(step.command)
        self.cursor = step.index
        self._states[self.cursor] = step.state
        self._events[self.cursor] = step.events

    def execute(self, command: GameCommand) -> Step:
        step = self.prepare(command)
        self.commit(step)
        return step

    @property
    def can_undo(self) -> bool:
        return self.cursor > 0 and not self.commands[self.cursor].reveals_hidden

    @property
    def can_redo(self) -> bool:
        return self.cursor < len(self.commands) - 1

    def undo(self) -> GameState:
        if not self.can_undo:
            raise IllegalCommand("error.nothing_to_undo")
        self.cursor -= 1
        return self.state

    def redo(self) -> GameState:
        if not self.can_redo:
            raise IllegalCommand("error.nothing_to_redo")
        self.cursor += 1
        return self.state

    def next_command(self) -> GameCommand | None:
        """The command redo would re-apply (for labelling the redo button)."""
        return self.commands[self.cursor + 1] if self.can_redo else None
