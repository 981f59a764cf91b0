"""A Character board as data: the Larva, the Slime marker and the wounds.

Plain pydantic with no engine imports, so state.py can hold it (body.py, which holds
the handlers, imports the state).
"""
from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, ConfigDict

# The Light Wound track has three steps: the third turns into a Serious Wound.
LIGHT_WOUND_STEPS = 3
# A Character with this many Serious Wounds dies of any further wound.
SERIOUS_WOUND_LIMIT = 3


class Body(BaseModel):
    model_config = ConfigDict(extra="forbid")

    larva: bool = False
    # At most one Slime marker: gaining another does nothing.
    slime: bool = False
    # The marker's step on the Light Wound track (0: no marker).
    light_wounds: int = 0
    # Serious Wound cards beside the board, the dressed (face-down) ones included.
    serious_wounds: int = 0
    dressed_wounds: int = 0

    @property
    def undressed_wounds(self) -> int:
        return self.serious_wounds - self.dressed_wounds

    @property
    def is_at_the_limit(self) -> bool:
        """Any further wound kills."""
        return self.serious_wounds >= SERIOUS_WOUND_LIMIT


class Wound(StrEnum):
    """What one wound did to a board."""

    KILLS = "kills"  # the Character already had 3 Serious Wounds: it dies (nothing is added)
    SERIOUS = "serious"
    LIGHT = "light"  # the Light Wound marker moved down one step
    LIGHT_TO_SERIOUS = "light_to_serious"  # its third step: the marker leaves, a Serious Wound is added


def add_wound(body: Body, *, serious: bool) -> Wound:
    """One wound on `body` (changed in place), by the board's rules: the arithmetic that
    applying a wound and foreseeing one share."""
    if body.is_at_the_limit:
        return Wound.KILLS
    if serious:
        body.serious_wounds += 1
        return Wound.SERIOUS
    body.light_wounds += 1
    if body.light_wounds < LIGHT_WOUND_STEPS:
        return Wound.LIGHT
    body.light_wounds = 0
    body.serious_wounds += 1
    return Wound.LIGHT_TO_SERIOUS
