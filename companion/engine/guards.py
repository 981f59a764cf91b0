"""What every check uses: a condition the rules require, or a refusal with its locale key.

Checks read the state and never change it; they raise IllegalCommand, which
`check` (apply.py) turns into its answer.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .errors import IllegalCommand, require  # noqa: F401 - checks import require from here

if TYPE_CHECKING:
    from companion.rules import Rules

    from .state import GameState


def require_running(state: GameState) -> None:
    if state.is_over:
        raise IllegalCommand("error.game_over")


def check_running(state: GameState, command: object, rules: "Rules") -> None:
    """The check of a command the rules allow at any time while the game runs."""
    require_running(state)


def require_no_event_phase(state: GameState) -> None:
    """The plain tracker commands that the Event Phase runner drives itself (advancing
    Time, developing the bag) wait while a phase is open."""
    if state.event_phase is not None and not state.is_over:
        raise IllegalCommand("error.event_phase_in_progress")
