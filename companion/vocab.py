"""The game's vocabulary as enums, so states and commands speak in named values."""
from __future__ import annotations

from enum import StrEnum
from typing import Annotated

from pydantic import AfterValidator


class Section(StrEnum):
    S01 = "S-01"
    S02 = "S-02"
    S03 = "S-03"
    ELEVATOR = "ELEVATOR"


class Mode(StrEnum):
    STANDARD = "standard"
    SOLO = "solo"
    COOP = "coop"


class Whereabouts(StrEnum):
    FACILITY = "facility"
    ISOLATION = "isolation"
    BUNKER = "bunker"
    POD = "pod"
    DEAD = "dead"


class IntruderKind(StrEnum):
    """An Intruder token's kind; every kind but the Blank also has miniatures."""

    LARVA = "larva"
    CREEPER = "creeper"
    ADULT = "adult"
    BREEDER = "breeder"
    QUEEN = "queen"
    BLANK = "blank"

    @property
    def has_miniature(self) -> bool:
        return self is not IntruderKind.BLANK

    @classmethod
    def miniatures(cls) -> tuple["IntruderKind", ...]:
        return MINIATURE_KINDS


# Box order: the order screens list kinds in.
TOKEN_KINDS: tuple[IntruderKind, ...] = tuple(IntruderKind)
MINIATURE_KINDS: tuple[IntruderKind, ...] = tuple(kind for kind in IntruderKind if kind.has_miniature)


def _has_miniature(kind: IntruderKind) -> IntruderKind:
    if not kind.has_miniature:
        raise ValueError(f"a {kind.value} token has no miniature")
    return kind


# A field that only takes kinds with miniatures (the Blank is refused).
MiniatureKind = Annotated[IntruderKind, AfterValidator(_has_miniature)]


class Pod(StrEnum):
    A = "A"
    B = "B"
    C = "C"


class CssFace(StrEnum):
    A = "A"
    B = "B"
    C = "C"
    ALL = "ALL"
    NONE = "NONE"


class EndReason(StrEnum):
    TIME_RAN_OUT = "time_ran_out"
    FACILITY_DESTROYED = "facility_destroyed"
    ALERT_PROCEDURE = "alert_procedure"


class DestructionCause(StrEnum):
    SELF_DESTRUCT = "self_destruct"
    FIRE = "fire"
    MALFUNCTION = "malfunction"


class Fate(StrEnum):
    IN_FACILITY = "in_facility"
    LOCKED_IN = "locked_in"
    IN_BUNKER = "in_bunker"
    ESCAPED_POD = "escaped_pod"
    DIED = "died"
    KILLED_AT_END = "killed_at_end"

    @property
    def is_alive(self) -> bool:
        return self not in (Fate.DIED, Fate.KILLED_AT_END)


S_SLOT = 0  # the red "S" slot at the end of the Time track
