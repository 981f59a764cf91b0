"""Typed results of the latest attack, injury check and Event Phase, kept in the state
so a screen shows what just happened without reading the journal's lines.

(The latest Intruder bag draw is `BagState.last_draw`.)
"""
from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field

from ..vocab import IntruderKind


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class AttackOutcome(StrEnum):
    INFESTED = "infested"  # a Larva: no card is drawn
    HIT = "hit"  # the card shows the attacker's symbol
    MISS = "miss"


class AttackResult(_Model):
    seq: int  # the step that resolved it
    attacker: IntruderKind
    seat: int
    target: str
    dark: bool
    outcome: AttackOutcome
    card: str | None = None  # the Attack card drawn (None when a Larva infests)
    # Where it happened (None when the table gave only light or Darkness).
    place: str | None = None
    # The card left the table a follow-up: Evolve in Darkness, the Breeder placed attacks.
    breeder_attacks: bool = False
    # The hit killed the Character.
    killed: bool = False


class InjuryOutcome(StrEnum):
    KILLED = "killed"
    SURVIVES = "survives"
    RETREATS = "retreats"
    EGG_DESTROYED = "egg_destroyed"


class InjuryResult(_Model):
    seq: int
    intruder: str  # an intruder kind, or "egg"
    injuries: int
    outcome: InjuryOutcome
    cards: list[str] = Field(default_factory=list)  # the Attack cards drawn, in order
    total: int = 0  # their blood values added
    retreat_card: str | None = None  # the Event card drawn for the retreat corridor


class Latest(_Model):
    attack: AttackResult | None = None
    injury: InjuryResult | None = None
    # The step that started the current Event Phase (or the last one, once it is over).
    event_phase_start: int | None = None
