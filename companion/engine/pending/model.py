"""A thing the table must resolve once, as data with its own id.

No engine imports beyond the vocabulary and the bag's places: state.py holds the open
items while rules.py (which imports the state) opens and closes them.
"""
from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, ConfigDict

from ..bag.model import Place
from ...vocab import IntruderKind


class PendingKind(StrEnum):
    # An encounter's intruder attacks at once: fewer cards in hand than its number (p.18).
    SURPRISE_ATTACK = "surprise_attack"
    # Evolve in Darkness: the Breeder that took the Creeper's place attacks.
    BREEDER_ATTACK = "breeder_attack"


class PendingAttack(BaseModel):
    """An attack the game owes: resolved once by a `resolve_attack` naming its id."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    # The step that opened it (a step opens one at most): what a resolution names.
    id: int
    kind: PendingKind
    attacker: IntruderKind
    # Whom it attacks (None: the table chooses, as for the Breeder).
    seat: int | None = None
    place: Place | None = None
