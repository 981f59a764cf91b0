"""The one entry point that changes a game: check a command, then apply it to a copy."""
from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING

import companion.engine.commands as c
# Each handler module registers its commands (registry.py) when imported.
from .decks import attacks  # noqa: F401
from .bag import handlers as bag  # noqa: F401
from .crew import body, handlers as crew  # noqa: F401
from .contamination import handlers as contamination  # noqa: F401
from .phase import event_phase  # noqa: F401
from .track import markers, power, timetrack  # noqa: F401
from .victory import contingency, handlers as victory  # noqa: F401
from .context import Turn
from .errors import IllegalCommand
from .phase.event_phase import close_if_over
from .journal import Outcome
from .pending.rules import settle as settle_pending
from .track.power import check_layout
from .registry import REGISTRY, Registration
from .setup import _check_players, start_game
from .state import GameState

if TYPE_CHECKING:
    from companion.rules import Rules


def check(state: GameState | None, command: c.GameCommand, rules: "Rules") -> IllegalCommand | None:
    """Why `apply` would refuse `command` now (None: it would accept it).

    Reads the state only: nothing is copied, drawn or shuffled, so screens may ask
    about every button on every render.
    """
    try:
        _checked(state, command, rules)
    except IllegalCommand as refusal:
        return refusal
    return None


def _checked(state: GameState | None, command: c.GameCommand, rules: "Rules") -> Registration | None:
    """Raise the refusal of `command`, else return its registration (None for NewGame)."""
    if isinstance(command, c.NewGame):
        if state is not None:
            raise IllegalCommand("error.game_already_started")
        _check_players(command, rules)
        if command.power_layout is not None:
            check_layout(command.power_layout, (spec.number for spec in rules.power.tokens))
        return None
    if state is None:
        raise IllegalCommand("error.no_game")
    registration = REGISTRY.get(type(command))
    if registration is None:
        raise IllegalCommand("error.unknown_command", command=getattr(command, "type", "?"))
    registration.check_command(state, command, rules)
    return registration


class GameEnding(StrEnum):
    """What a warning before a command may say about the end of the game."""

    ENDS = "ends"  # run ahead: it ends the game
    MAY_END = "may_end"  # its outcome is drawn or hidden, and what everyone can see says it might


def draws_by_chance(command: c.GameCommand) -> bool:
    """Whether `command`'s outcome is drawn or hidden (a draw, a scan, a deal): sent twice by
    mistake, it would draw twice."""
    registration = REGISTRY.get(type(command))
    return registration is not None and registration.hidden_outcome


def game_ending(state: GameState | None, command: c.GameCommand, rules: "Rules") -> GameEnding | None:
    """Whether `command`, accepted now, ends the game (or may): for a warning before it is sent.

    A command whose outcome is drawn or hidden is never run ahead (that would tell the
    outcome before it is revealed): its registration answers from what everyone can see.
    Any other command decides nothing by chance, so running it on a copy tells no secret.
    """
    if state is None or state.is_over:
        return None
    try:
        registration = _checked(state, command, rules)
    except IllegalCommand:
        return None
    if registration is None:
        return None
    if registration.hidden_outcome:
        may = registration.may_end_game is not None and registration.may_end_game(state, command, rules)
        return GameEnding.MAY_END if may else None
    global _ran_ahead
    outcome = _run(state, command, rules)
    _ran_ahead = (state, command, rules, outcome)
    return GameEnding.ENDS if outcome.state.is_over else None


def apply(state: GameState | None, command: c.GameCommand, rules: "Rules") -> GameState:
    """Return the state after `command`; the given state is never modified.

    Raises IllegalCommand (with a locale key) when the rules forbid the command.
    """
    return run(state, command, rules).state


# The last command run ahead on a state (game_ending), with its outcome: a screen asks
# whether a tapped command ends the game just before sending it, and the engine is
# deterministic, so the send takes that outcome, once, instead of running it again.
_ran_ahead: tuple[GameState, c.GameCommand, "Rules", Outcome] | None = None


def run(state: GameState | None, command: c.GameCommand, rules: "Rules") -> Outcome:
    """Like `apply`, and also return the events the command wrote (its journal step)."""
    global _ran_ahead
    ahead, _ran_ahead = _ran_ahead, None
    if ahead is not None and ahead[0] is state and ahead[2] is rules and ahead[1] == command:
        return ahead[3]
    return _run(state, command, rules)


def _run(state: GameState | None, command: c.GameCommand, rules: "Rules") -> Outcome:
    registration = _checked(state, command, rules)
    if registration is None:
        return start_game(command, rules)  # type: ignore[arg-type]
    assert state is not None
    turn = Turn(state=state.model_copy(deep=True), rules=rules, seq=state.commands_applied)
    registration.effect(turn, command)
    # Invariants for every command: a finished game has no Event Phase open, and nothing
    # owed is left open past its moment without the table being told.
    close_if_over(turn)
    settle_pending(turn, command)
    turn.state.commands_applied += 1
    return Outcome(turn.state, tuple(turn.events))
