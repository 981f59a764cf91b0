"""What a command handler works on: a private copy of the state plus the rules."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .errors import IllegalCommand
from .journal import EVERYONE, Event, Visibility
from .state import GameState

if TYPE_CHECKING:
    from companion.rules import Rules


# A Character parameter of a journal line -> the parameter naming its seat.
SEAT_OF_CHARACTER = {"character": "seat", "other_character": "other_seat"}


@dataclass
class Turn:
    state: GameState
    rules: "Rules"
    seq: int
    # What this step wrote, in order (the journal's events of step `seq`).
    events: list[Event] = field(default_factory=list)

    def log(self, key: str, /, *, visibility: Visibility = EVERYONE, **params: Any) -> None:
        self.events.append(Event.of(self.seq, key, self._with_seats(params), visibility=visibility))

    def announce(self, key: str, /, *, visibility: Visibility = EVERYONE, **params: Any) -> None:
        """A line the table must not miss (critical moments, power drops)."""
        self.events.append(Event.of(self.seq, key, self._with_seats(params), announce=True, visibility=visibility))

    def _with_seats(self, params: dict[str, Any]) -> dict[str, Any]:
        """A line that names a Character names its seat too, so screens can say whose it is
        ("Ana (Hacker)"): each Character is in one game once."""
        for character, seat in SEAT_OF_CHARACTER.items():
            if character in params and seat not in params:
                found = next((m.seat for m in self.state.crew if m.character == params[character]), None)
                if found is not None:
                    params = {**params, seat: found}
        return params

    def log_for_seat(self, seat: int, key: str, /, **params: Any) -> None:
        """A line only that seat's player may read (their own hidden cards, for instance)."""
        self.log(key, visibility=Visibility.for_seat(seat), **params)

    @staticmethod
    def refuse(key: str, **params: Any) -> IllegalCommand:
        return IllegalCommand(key, **params)

    def require(self, condition: bool, key: str, **params: Any) -> None:
        if not condition:
            raise IllegalCommand(key, **params)

    def require_running(self) -> None:
        self.require(not self.state.is_over, "error.game_over")
