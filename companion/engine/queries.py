"""Questions the screens ask about a game, answered by the engine.

Pure functions over a GameState and the Rules: nothing is copied, drawn or shuffled,
so a screen may ask on every render. The rules behind the answers live with the
commands that apply them; this module is where screens find them.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .apply import check
from .bag.handlers import OUTCOME_NEEDED, draw_available, lighting, places, require_bag_free, supply_tokens
from .bag.model import Lighting, Place, TokenOutcome
from .commands import DevelopBag, EventDevelopBag, GameCommand
from .errors import IllegalCommand
from .phase.event_phase import RoundEnd, css_launch_pending, powered_sections, round_end
from .phase.model import EventStep
from .state import GameState
from .track.timetrack import is_on_css_space, threshold_fires

if TYPE_CHECKING:
    from companion.rules import Rules, TimeSlot

__all__ = [
    "Lighting",
    "RoundEnd",
    "UpcomingThreshold",
    "active_seats",
    "can_add_to_bag",
    "check_without_outcome",
    "css_launch_pending",
    "development_command",
    "draw_available",
    "in_darkness",
    "is_development_step",
    "is_on_css_space",
    "lighting",
    "next_threshold",
    "places",
    "powered_sections",
    "round_end",
]


# --------------------------------------------------------------------- light and Darkness
def in_darkness(state: GameState, rules: "Rules", place: Place) -> bool:
    """Darkness where it happens (an attack's Darkness extra): a Section without power,
    or the emergency stairs."""
    return lighting(state, rules, place).is_dark


# --------------------------------------------------------------------- who
def active_seats(state: GameState) -> list[int]:
    """Seats whose Character can meet or be attacked by an intruder: still in the Facility."""
    return [member.seat for member in state.crew if member.is_in_facility]


# --------------------------------------------------------------------- the Intruder bag


def check_without_outcome(state: GameState, command: GameCommand, rules: "Rules") -> IllegalCommand | None:
    """`check` for a draw the table has not reported yet (ResolveEncounter, DevelopBag,
    EventDevelopBag with no outcome): None when a physical bag's outcome is all that is
    missing, so the screen may ask what came out and send the command with it."""
    refusal = check(state, command, rules)
    if refusal is not None and refusal.key == OUTCOME_NEEDED:
        return None
    return refusal


def is_development_step(state: GameState) -> bool:
    """An Event Phase waits at step 10 for the bag development."""
    phase = state.event_phase
    return phase is not None and phase.step is EventStep.DEVELOPMENT and not phase.developed


def development_command(state: GameState, outcome: TokenOutcome | None = None) -> DevelopBag | EventDevelopBag:
    """The command that develops the bag now: through the runner at step 10 of an Event
    Phase, the plain command otherwise."""
    phase = state.event_phase
    if phase is not None and phase.step is EventStep.DEVELOPMENT:
        return EventDevelopBag(outcome=outcome)
    return DevelopBag(outcome=outcome)


def can_add_to_bag(state: GameState, rules: "Rules", kind: str) -> bool:
    """AddToBag(kind) would put a token into the bag now: the command is allowed and a
    supply token of that kind is beside the board (the Queen's stays beside her
    miniature)."""
    try:
        require_bag_free(state)
    except IllegalCommand:
        return False
    return bool(supply_tokens(state, rules, kind))


# --------------------------------------------------------------------- the Time track
@dataclass(frozen=True)
class UpcomingThreshold:
    """The next red or blue threshold ahead of the Time token."""

    slot: "TimeSlot"
    # How many advances of Time reach it (1: the next one).
    advances: int
    # It flips a Power token if reached with the backup power as it is now (a red
    # threshold is ignored while the Time token is active).
    fires: bool

    @property
    def colour(self) -> str:
        return self.slot.threshold  # type: ignore[return-value]


def next_threshold(state: GameState, rules: "Rules") -> UpcomingThreshold | None:
    for number in range(state.time - 1, -1, -1):
        slot = rules.slot(number)
        if slot.threshold is not None:
            return UpcomingThreshold(slot=slot, advances=state.time - number,
                                     fires=threshold_fires(slot.threshold, state.time_active))
    return None
