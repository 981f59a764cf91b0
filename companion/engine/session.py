"""A game's command log with an undo/redo cursor over the states it produced."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable

from .apply import apply
from .commands import GameCommand, NewGame
from .errors import IllegalCommand
from .state import GameState

if TYPE_CHECKING:
    from companion.rules import Rules

StateFetcher = Callable[[int], GameState]


@dataclass(frozen=True)
class Step:
    """What one executed command did: its index, the command and the state after it."""

    index: int
    command: GameCommand
    state: GameState

    @property
    def new_log(self):
        return [entry for entry in self.state.log if entry.seq == self.state.commands_applied - 1]


class GameSession:
    """commands[i] produced states[i]; commands[0] is always the NewGame."""

    def __init__(
        self,
        rules: "Rules",
        commands: list[GameCommand],
        cursor: int,
        states: dict[int, GameState] | None = None,
        fetch_state: StateFetcher | None = None,
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

    @classmethod
    def start(cls, setup: NewGame, rules: "Rules") -> "GameSession":
        return cls(rules, [setup], 0, {0: apply(None, setup, rules)})

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
        # Replay from the nearest earlier known state; the engine is deterministic.
        base = max((i for i in self._states if i < index), default=None)
        state = self._states[base] if base is not None else None
        for i in range((base + 1) if base is not None else 0, index + 1):
            state = apply(state, self.commands[i], self.rules)
            self._states[i] = state
        return state  # type: ignore[return-value]

    def prepare(self, command: GameCommand) -> Step:
        """Apply `command` without recording it (so it can be saved first)."""
        return Step(self.cursor + 1, command, apply(self.state, command, self.rules))

    def commit(self, step: Step) -> None:
        """Record a prepared step; drops the redo tail."""
        if step.index != self.cursor + 1:
            raise ValueError("step was prepared for another cursor")
        for index in [i for i in self._states if i > self.cursor]:
            del self._states[index]
        del self.commands[self.cursor + 1 :]
        self.commands.append(step.command)
        self.cursor = step.index
        self._states[self.cursor] = step.state

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
