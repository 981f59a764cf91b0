"""The game's vocabulary as enums, so states and commands speak in named values."""
from __future__ import annotations

from enum import StrEnum


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
