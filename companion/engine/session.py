"""A game's command log with an undo/redo cursor over the states it produced, and the
journal: each step's events, kept beside its state."""
from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable

from .apply import run
from .commands import GameCommand, NewGame
from .errors import IllegalCommand
from .journal import Audience, Event, EventFilter, for_table
from .state import GameState
from .undone import undone_draws

if TYPE_CHECKING:
    from companion.rules import Rules

StateFetcher = Callable[[int], GameState]
# Steps first..last (inclusive) -> each step's events (a saved game reads them on demand).
EventFetcher = Callable[[int, int], dict[int, tuple[Event, ...]]]
# How many steps' events one fetch asks for while walking back through the history.
_HISTORY_CHUNK = 64
# Memory stays bounded however long a game is: the most recent states and events are
# kept; older ones are read again (a saved game) or rebuilt from the nearest checkpoint,
# a state kept as JSON every _CHECKPOINT_EVERY steps (a game held only in memory).
_RECENT_STATES = 64
_RECENT_EVENTS = 4 * _HISTORY_CHUNK
_CHECKPOINT_EVERY = 32


@dataclass(frozen=True)
class Step:
    """What one executed command did: its index, the command, the state after it and
    the events it wrote."""

    index: int
    command: GameCommand
    state: GameState
    events: tuple[Event, ...] = ()


class GameSession:
    """commands[i] produced states[i] and events[i]; commands[0] is always the NewGame.

    `states` and `events` given here that cannot be fetched again are kept for the
    session's life; every other state or event is cached only for a while."""

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
        self._fetch_state = fetch_state
        self._fetch_events = fetch_events
        self._pinned_states: dict[int, GameState] = {} if fetch_state else dict(states or {})
        self._pinned_events: dict[int, tuple[Event, ...]] = {} if fetch_events else dict(events or {})
        self._states: OrderedDict[int, GameState] = OrderedDict()
        self._events: OrderedDict[int, tuple[Event, ...]] = OrderedDict()
        self._checkpoints: dict[int, str] = {}
        for index, state in (states or {}).items():
            self._remember_state(index, state)
        for index, step_events in (events or {}).items():
            self._remember_events(index, step_events)

    @classmethod
    def start(cls, setup: NewGame, rules: "Rules") -> "GameSession":
        outcome = run(None, setup, rules)
        return cls(rules, [setup], 0, {0: outcome.state}, events={0: outcome.events})

    def read_from(self, fetch_state: StateFetcher, fetch_events: EventFetcher) -> None:
        """From now on, read the states and events this session no longer holds through
        these (the game has been saved)."""
        self._fetch_state, self._fetch_events = fetch_state, fetch_events
        self._pinned_states.clear()
        self._pinned_events.clear()
        self._checkpoints.clear()

    @property
    def state(self) -> GameState:
        return self.state_at(self.cursor)

    def state_at(self, index: int) -> GameState:
        known = self._known_state(index)
        if known is not None:
            return known
        if self._fetch_state is not None:
            fetched = self._fetch_state(index)
            self._remember_state(index, fetched)
            return fetched
        return self._replay_to(index)

    def _known_state(self, index: int) -> GameState | None:
        cached = self._states.get(index)
        if cached is not None:
            self._states.move_to_end(index)
            return cached
        return self._pinned_states.get(index)

    def _remember_state(self, index: int, state: GameState) -> None:
        self._states[index] = state
        self._states.move_to_end(index)
        while len(self._states) > _RECENT_STATES:
            self._states.popitem(last=False)
        if self._fetch_state is None and index % _CHECKPOINT_EVERY == 0 and index not in self._checkpoints:
            self._checkpoints[index] = state.model_dump_json()

    def _remember_events(self, index: int, events: tuple[Event, ...]) -> None:
        self._events[index] = events
        self._events.move_to_end(index)
        while len(self._events) > _RECENT_EVENTS:
            self._events.popitem(last=False)

    def _replay_to(self, index: int) -> GameState:
        """Re-run commands from the nearest earlier known state; the engine is deterministic."""
        known = [i for i in (*self._states, *self._pinned_states, *self._checkpoints) if i < index]
        base = max(known, default=None)
        if base is None:
            state, first = None, 0
        else:
            state = self._known_state(base)
            if state is None:
                state = GameState.model_validate_json(self._checkpoints[base])
            first = base + 1
        for i in range(first, index + 1):
            outcome = run(state, self.commands[i], self.rules)
            state = outcome.state
            self._remember_state(i, state)
            if i not in self._events and i not in self._pinned_events:
                self._remember_events(i, outcome.events)
        return state  # type: ignore[return-value]

    # -- the journal -------------------------------------------------------------
    def events_at(self, index: int) -> tuple[Event, ...]:
        """Every event step `index` wrote (engine-only ones included)."""
        return self._load_events(index, index)[index]

    def _load_events(self, first: int, last: int) -> dict[int, tuple[Event, ...]]:
        """The events of steps first..last."""
        found: dict[int, tuple[Event, ...]] = {}
        for index in range(first, last + 1):
            known = self._events.get(index)
            if known is None:
                known = self._pinned_events.get(index)
            if known is not None:
                found[index] = known
        missing = [i for i in range(first, last + 1) if i not in found]
        if missing and self._fetch_events is not None:
            fetched = self._fetch_events(missing[0], missing[-1])
            for index in missing:
                if index in fetched:
                    found[index] = fetched[index]
                    self._remember_events(index, fetched[index])
            missing = [i for i in missing if i not in found]
        for index in missing:
            # Re-run the step from the state before it.
            before = self.state_at(index - 1) if index > 0 else None
            found[index] = run(before, self.commands[index], self.rules).events
            self._remember_events(index, found[index])
        return found

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
            chunk = self._load_events(low, index)
            for step in range(index, low - 1, -1):
                found.extend(event for event in chunk[step] if viewer(event))
                if limit is not None and len(found) >= limit:
                    return found[:limit]
            index = low - 1
        return found

    # -- change ------------------------------------------------------------------
    def prepare(self, command: GameCommand, *, from_phone: int | None = None) -> Step:
        """Apply `command` without recording it (so it can be saved first). `from_phone`:
        the seat whose own phone sent it; a change everyone sees then says who made it."""
        outcome = run(self.state, command, self.rules)
        events = outcome.events
        if from_phone is not None and any(event.visibility.audience is Audience.EVERYONE for event in events):
            member = outcome.state.member(from_phone)
            events = (*tuple(events), Event.of(self.cursor + 1, "log.from_phone",
                                               {"character": member.character, "seat": from_phone}))
        return Step(self.cursor + 1, command, outcome.state, events)

    def commit(self, step: Step) -> None:
        """Record a prepared step; drops the redo tail."""
        if step.index != self.cursor + 1:
            raise ValueError("step was prepared for another cursor")
        if self.can_redo:  # only a redo tail has anything cached past the cursor
            for cache in (self._states, self._events, self._pinned_states, self._pinned_events, self._checkpoints):
                for index in [i for i in cache if i > self.cursor]:
                    del cache[index]
        del self.commands[self.cursor + 1 :]
        self.commands.append(step.command)
        self.cursor = step.index
        self._remember_state(self.cursor, step.state)
        self._remember_events(self.cursor, step.events)

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

    def undo_notice(self) -> tuple[Event, ...]:
        """What undoing the newest step says aloud (an app's draw that the same draw brings
        again): lines of the step before it, which the undo puts first in that step (the
        history reads newest first)."""
        if not self.can_undo:
            return ()
        return undone_draws(self.commands[self.cursor], self.state_at(self.cursor - 1), self.state, self.rules)

    def undo(self, said: tuple[Event, ...] | None = None) -> GameState:
        """Back one step. `said`: the step gone back to's events with the undo's notice, as
        the caller saved them (None: worked out here)."""
        if not self.can_undo:
            raise IllegalCommand("error.nothing_to_undo")
        if said is None:
            notice = self.undo_notice()
            said = notice + self.events_at(self.cursor - 1) if notice else ()
        self.cursor -= 1
        if said:
            # No replay writes these lines again: a game held only in memory keeps them.
            self._remember_events(self.cursor, said)
            if self._fetch_events is None:
                self._pinned_events[self.cursor] = said
        return self.state

    def redo(self) -> GameState:
        if not self.can_redo:
            raise IllegalCommand("error.nothing_to_redo")
        self.cursor += 1
        return self.state

    def next_command(self) -> GameCommand | None:
        """The command redo would re-apply (for labelling the redo button)."""
        return self.commands[self.cursor + 1] if self.can_redo else None
