"""What a command handler works on: a private copy of the state plus the rules."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .errors import IllegalCommand
from .state import GameState, LogEntry

if TYPE_CHECKING:
    from companion.rules import Rules


@dataclass
class Turn:
    state: GameState
    rules: "Rules"
    seq: int

    def log(self, key: str, **params: Any) -> None:
        self.state.log.append(LogEntry(seq=self.seq, key=key, params=params))

    def announce(self, key: str, **params: Any) -> None:
        """A log line the table must not miss (critical moments, power drops)."""
        self.state.log.append(LogEntry(seq=self.seq, key=key, params=params, announce=True))

    @staticmethod
    def refuse(key: str, **params: Any) -> IllegalCommand:
        return IllegalCommand(key, **params)

    def require(self, condition: bool, key: str, **params: Any) -> None:
        if not condition:
            raise IllegalCommand(key, **params)

    def require_running(self) -> None:
        self.require(not self.state.is_over, "error.game_over")
