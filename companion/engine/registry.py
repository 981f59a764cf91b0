"""Every command's check and effect, declared once beside its handler.

A handler module registers each command it handles:

    @handles(AdvanceTime, check=check_advance_time, refused_during_event_phase=True)
    def advance_time(turn: Turn, command: AdvanceTime) -> None: ...

The check reads the state and raises IllegalCommand when the rules forbid the
command; the effect changes the turn's copy of the state and never refuses once the
check passed. A command type can be registered only once.

A command whose outcome is drawn or hidden (a draw, a scan, a peek) is registered with
`hidden_outcome=True`: it is never run ahead on a copy (that would tell a screen the
outcome before it is revealed). Whether it might end the game is then answered by its
`may_end_game`, which reads only what everyone can see.

What a viewer may do now (engine/actions.py) comes from each registration's `offers`:
the commands a table could send in this state, each judged by the same check. A command
whose arguments the player still picks is offered as `Open`, with the values allowed.
`confirm` names the question a screen asks before sending it (`ui.confirm.<confirm>`).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator, TypeVar

from .context import Turn
from .guards import require_no_event_phase
from .state import GameState

if TYPE_CHECKING:
    from companion.rules import Rules

Check = Callable[[GameState, Any, "Rules"], None]
Effect = Callable[[Turn, Any], None]
Question = Callable[[GameState, Any, "Rules"], bool]


@dataclass(frozen=True)
class Open:
    """A command offered with arguments the player still picks: `fixed` are set, `choices`
    lists each picked argument's allowed values (JSON values, as the command takes them).
    `refusal` is why none of it can be sent now (None: it may, with allowed values)."""

    command: type
    fixed: dict[str, Any]
    choices: dict[str, tuple[Any, ...]]
    refusal: Any = None


@dataclass(frozen=True)
class EachKey:
    """The allowed values of a dict-valued argument (how many of each kind): any of the
    keys, each with one of its values (listed per key, not as every combination)."""

    values: dict[str, tuple[Any, ...]]


Offers = Callable[[GameState, "Rules"], Iterable[Any]]
# A confirmation's key, or a function of the state giving it (None: no question).
Confirm = str | Callable[[GameState], str | None] | None
E = TypeVar("E", bound=Effect)


class DuplicateRegistration(TypeError):
    """A command type registered a second time (it would silently replace the first)."""


@dataclass(frozen=True, slots=True)
class Registration:
    command: type
    check: Check
    effect: Effect
    # Plain tracker commands that the Event Phase runner performs itself.
    refused_during_event_phase: bool = False
    # Its outcome is drawn or hidden: never run ahead of time; `may_end_game` (from what
    # everyone can see) says whether it might end the game.
    hidden_outcome: bool = False
    may_end_game: Question | None = None
    # The commands (or `Open` forms) a table could send now; None: offered nowhere.
    offers: Offers | None = None
    # The confirmation a screen asks before sending it (a key under ui.confirm.), or a
    # function of the state that names it (its words may follow the game's mode).
    confirm: Confirm = None

    def confirm_key(self, state: GameState) -> str | None:
        return self.confirm(state) if callable(self.confirm) else self.confirm

    def check_command(self, state: GameState, command: Any, rules: "Rules") -> None:
        if self.refused_during_event_phase:
            require_no_event_phase(state)
        self.check(state, command, rules)


class Registry:
    def __init__(self) -> None:
        self._by_type: dict[type, Registration] = {}

    def register(self, registration: Registration) -> None:
        if registration.command in self._by_type:
            raise DuplicateRegistration(f"{registration.command.__name__} is already registered")
        self._by_type[registration.command] = registration

    def handles(self, command: type, *, check: Check, refused_during_event_phase: bool = False,
                hidden_outcome: bool = False, may_end_game: Question | None = None, offers: Offers | None = None,
                confirm: Confirm = None) -> Callable[[E], E]:
        """Decorator: the decorated function is `command`'s effect (returned unchanged)."""
        if may_end_game is not None and not hidden_outcome:
            raise TypeError("may_end_game is for commands with a hidden outcome; the others are run ahead")

        def register_effect(effect: E) -> E:
            self.register(Registration(command, check, effect, refused_during_event_phase, hidden_outcome,
                                       may_end_game, offers, confirm))
            return effect

        return register_effect

    def get(self, command: type) -> Registration | None:
        return self._by_type.get(command)

    def __contains__(self, command: type) -> bool:
        return command in self._by_type

    def __iter__(self) -> Iterator[Registration]:
        return iter(self._by_type.values())

    def __len__(self) -> int:
        return len(self._by_type)


REGISTRY = Registry()
handles = REGISTRY.handles


def always(*commands: Any) -> Offers:
    """`offers` for commands a table may send in any state (their check says when not)."""
    return lambda _state, _rules: commands


def per_seat(make: Callable[[int], Any]) -> Offers:
    """`offers` with one command for each Character at the table (dead or alive)."""
    return lambda state, _rules: [make(member.seat) for member in state.crew]
