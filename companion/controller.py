"""The table's single point of change: applies commands, saves them, then tells the screens."""
from __future__ import annotations

import threading
from typing import Callable

from companion.engine import GameCommand, GameSession, GameState, IllegalCommand, NewGame, Step
from companion.engine.state import LogEntry
from companion.rules import Rules
from companion.store import GameStore, GameSummary

Listener = Callable[[GameState, list[LogEntry]], None]


class TableController:
    """One per process: every screen (host and phones) shares it, so they never disagree."""

    def __init__(self, store: GameStore, rules: Rules) -> None:
        self.store = store
        self.rules = rules
        self.session: GameSession | None = None
        self.game_id: str | None = None
        self._listeners: list[Listener] = []
        self._lock = threading.RLock()

    # -- games -------------------------------------------------------------
    def list_games(self) -> list[GameSummary]:
        return self.store.list_games()

    def new_game(self, setup: NewGame, title: str) -> str:
        with self._lock:
            session = GameSession.start(setup, self.rules)
            game_id = self.store.create(session, title)
            self.session, self.game_id = session, game_id
        self._notify(session.state.log)
        return game_id

    def open(self, game_id: str) -> GameState:
        with self._lock:
            session = self.store.load(game_id)
            self.session, self.game_id = session, game_id
        self._notify([])
        return session.state

    def resume_latest(self) -> str | None:
        """Reopen the most recent unfinished game, so a restart lands where the table was."""
        for summary in self.list_games():
            if summary.error_key is None and not summary.is_over:
                self.open(summary.game_id)
                return summary.game_id
        return None

    def close(self) -> None:
        with self._lock:
            self.session, self.game_id = None, None
        self._notify([])

    def delete(self, game_id: str) -> None:
        with self._lock:
            if game_id == self.game_id:
                self.session, self.game_id = None, None
            self.store.delete(game_id)
        self._notify([])

    @property
    def state(self) -> GameState | None:
        return self.session.state if self.session is not None else None

    # -- change ------------------------------------------------------------
    def execute(self, command: GameCommand) -> Step:
        """Apply, make durable, and only then show: a crash never loses an acknowledged command."""
        with self._lock:
            session, game_id = self._require_game()
            step = session.prepare(command)
            self.store.append(game_id, step)
            session.commit(step)
        self._notify(step.new_log)
        return step

    @property
    def can_undo(self) -> bool:
        return self.session is not None and self.session.can_undo

    @property
    def can_redo(self) -> bool:
        return self.session is not None and self.session.can_redo

    def undo(self) -> GameState:
        return self._move_cursor(-1)

    def redo(self) -> GameState:
        return self._move_cursor(+1)

    def _move_cursor(self, delta: int) -> GameState:
        with self._lock:
            session, game_id = self._require_game()
            if not (session.can_undo if delta < 0 else session.can_redo):
                raise IllegalCommand("error.nothing_to_undo" if delta < 0 else "error.nothing_to_redo")
            self.store.set_cursor(game_id, session.cursor + delta)
            state = session.undo() if delta < 0 else session.redo()
        self._notify([])
        return state

    def _require_game(self) -> tuple[GameSession, str]:
        if self.session is None or self.game_id is None:
            raise IllegalCommand("error.no_game")
        return self.session, self.game_id

    # -- listeners ---------------------------------------------------------
    def subscribe(self, listener: Listener) -> Callable[[], None]:
        self._listeners.append(listener)

        def unsubscribe() -> None:
            if listener in self._listeners:
                self._listeners.remove(listener)

        return unsubscribe

    def _notify(self, entries: list[LogEntry]) -> None:
        state = self.state
        for listener in list(self._listeners):
            listener(state, entries)  # type: ignore[arg-type]
