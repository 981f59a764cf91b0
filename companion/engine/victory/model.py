"""The Victory Check walkthrough as data: it lives in the saved state, so a restart
resumes it where the table was, and undo steps it back."""
from __future__ import annotations

from datetime import datetime
from enum import IntEnum, StrEnum

from pydantic import BaseModel, ConfigDict, Field

from ...vocab import EndReason, Pod, Section, Whereabouts


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", validate_assignment=False)


class _Value(BaseModel):
    """Replaced whole, never changed in place."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class VictoryStep(IntEnum):
    ROSTER = 0  # who is where, and why the game ended: the table confirms or corrects
    CONTINGENCY = 1  # the Active token is revealed and applied
    CONTAMINATION = 2  # each survivor's check, privately
    OBJECTIVES = 3  # each survivor's objective, privately, then revealed together
    RESULT = 4


class ObjectiveKind(StrEnum):
    PLAYER_DIES = "player_dies"
    ONLY_SURVIVOR = "only_survivor"
    NO_NEMESIS_SURVIVOR = "no_nemesis_survivor"
    SIGNAL_SENT = "signal_sent"
    WEAKNESS_DISCOVERED = "weakness_discovered"
    NEST_DESTROYED = "nest_destroyed"
    QUEEN_KILLED = "queen_killed"
    KNOWLEDGE_AT_LEAST = "knowledge_at_least"
    KNOWLEDGE_TOKEN = "knowledge_token"
    SECTIONS_EXPLORED = "sections_explored"


class CardKind(StrEnum):
    """A card of the Contamination check's draw: one of the player's Action cards or
    one of their Contamination cards (infected or not, it kills alike)."""

    ACTION = "action"
    CONTAMINATION = "contamination"


class DeathCause(StrEnum):
    """Why a Character is not alive at the end of the Victory Check."""

    DIED = "died"  # during the game
    KILLED_AT_END = "killed_at_end"  # by the way the game ended
    CONTINGENCY = "contingency"
    CONTAMINATION = "contamination"


class RosterEntry(_Model):
    """Where a Character was when the game ended (dead: died during the game)."""

    seat: int
    whereabouts: Whereabouts
    pod: Pod | None = None
    # The table changed what the tracker recorded.
    corrected: bool = False


class ObjectiveChoice(_Value):
    """A player's Objective card as they enter it: its kind and the values printed on it,
    and their answer where the app cannot know (all rooms of two Sections explored)."""

    kind: ObjectiveKind
    player: int | None = None
    knowledge: int | None = None
    sections: tuple[Section, Section] | None = None
    answer: bool | None = None


class SurvivorContamination(_Model):
    """One survivor's Contamination check (step 2), private to that player until revealed."""

    seat: int
    # The scan (A): a Larva on the Character board, an INFECTED card among the scanned.
    larva: bool | None = None
    infected: bool | None = None
    # The draw (B): the cards shuffled together, and the cards drawn in order.
    action_cards: int | None = None
    contamination_cards: int | None = None
    drawn: list[CardKind] | None = None
    # None until settled (by the scan, the draw, or the table's report).
    dies: bool | None = None
    # Settled by the app at the step's start: with its deck, no Contamination card and no
    # Larva (public facts), the Character survives and has nothing to check.
    certain: bool = False

    @property
    def settled(self) -> bool:
        return self.dies is not None


class ObjectiveResult(_Value):
    met: bool
    # A locale key that says why (the fact it was decided on), and its parameters.
    why: str
    params: dict[str, str | int] = Field(default_factory=dict)


class Verdict(_Value):
    """One player's result: alive or not (and why), their objective, and whether they win."""

    seat: int
    alive: bool
    death: DeathCause | None = None
    objective: ObjectiveChoice | None = None
    objective_result: ObjectiveResult | None = None
    wins: bool


class VictoryCheck(_Model):
    step: VictoryStep = VictoryStep.ROSTER
    reason: EndReason
    roster: list[RosterEntry]
    # The Active token (its id in rules data) once revealed or entered.
    active_token: str | None = None
    contingency_deaths: list[int] = Field(default_factory=list)
    contamination: list[SurvivorContamination] = Field(default_factory=list)
    contamination_revealed: bool = False
    # Seat -> the objective entered (private until revealed; public in co-operative play).
    objectives: dict[int, ObjectiveChoice] = Field(default_factory=dict)
    verdicts: list[Verdict] = Field(default_factory=list)
    # Fully co-operative play: everyone wins or loses together.
    team_wins: bool | None = None
    finished_at: datetime | None = None

    def entry(self, seat: int) -> RosterEntry:
        for entry in self.roster:
            if entry.seat == seat:
                return entry
        raise KeyError(seat)

    def contamination_of(self, seat: int) -> SurvivorContamination | None:
        for check in self.contamination:
            if check.seat == seat:
                return check
        return None
