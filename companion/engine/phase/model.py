"""The Event Phase runner's state as data (steps 4 to 11 of a round).

No engine imports beyond the vocabulary: state.py holds an `EventPhase` while
event_phase.py (the handlers) imports the state.
"""
from __future__ import annotations

from enum import IntEnum, StrEnum

from pydantic import BaseModel, ConfigDict, Field

from ...vocab import Section


class EventStep(IntEnum):
    """The Event Phase's steps, numbered as in the rulebook's round summary."""

    CSS_LAUNCH = 4
    TIME = 5
    NOISE = 6
    ATTACKS = 7
    FIRE = 8
    EVENT_CARD = 9
    DEVELOPMENT = 10
    ROUND_END = 11

    @property
    def key(self) -> str:
        """Locale key of the step's name (event_phase.step.<name>)."""
        return f"event_phase.step.{self.name.lower()}"


class EventEffect(StrEnum):
    """Event card effects on things the app tracks, offered as one-tap follow-ups.

    The value is the `card` id of the Event card that has the effect.
    """

    POWER_SURGE = "power_surge"  # Time token to its inactive side
    KICKSTOPPER = "kickstopper"  # the Elevator's Power token to inactive
    COOLANT_LEAK = "coolant_leak"  # self-destruct or a Malfunction in the Cooling System
    HATCHING = "hatching"  # 1 Egg off the Nest; who is infested; a Larva token into the bag if nobody
    LEAVING_THE_SHELL = "leaving_the_shell"  # every Character in the Facility scans (a Larva: a drawn card)
    LURKING = "lurking"  # intruders away from Characters go back into the bag
    NOISE_IN_CORRIDORS = "noise_in_corridors"  # maybe 1 Fire and 1 Malfunction marker out of the pools
    EGG_PROTECTION = "egg_protection"  # in Darkness, 1 Contamination card for each Character it reaches


class EventPhase(BaseModel):
    model_config = ConfigDict(extra="forbid")

    # The round whose Event Phase this is (Time advancing in step 5 starts the next round).
    round: int
    step: EventStep = EventStep.CSS_LAUNCH
    # Step 6: the Sections with power when the step began (their Noise markers go).
    noise_sections: list[Section] = Field(default_factory=list)
    # Step 7: attacks resolved during the step, and by which intruder kind on which seat (an
    # intruder met since the last attacks is offered until its attack is resolved).
    attacks: int = 0
    attacks_by: list[tuple[str, int]] = Field(default_factory=list)
    # Step 8: the table's answer (is there a Fire marker in the Nest?), once given.
    nest_fire: bool | None = None
    # Step 9: the Event card drawn and the tracked effects still to tap / already done.
    event_card: str | None = None
    pending_effects: list[EventEffect] = Field(default_factory=list)
    done_effects: list[EventEffect] = Field(default_factory=list)
    # Leaving the Shell: the seats that made its scan since the card was drawn.
    shell_scans: list[int] = Field(default_factory=list)

    def finish_effect(self, effect: EventEffect) -> None:
        self.pending_effects.remove(effect)
        self.done_effects.append(effect)
    # Step 10: bag development done.
    developed: bool = False
