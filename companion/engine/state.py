"""The one authoritative game state. Only command handlers change it."""
from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel, ConfigDict, Field

from .bag.model import BagState
from .crew.body_model import Body
from .contamination.model import ContaminationState
from .victory.contingency_model import ContingencyState
from .decks.cards import Decks
from .pending.model import PendingAttack
from .phase.model import EventPhase
from .results import Latest
from .rng import RngState
from .victory.model import VictoryCheck, VictoryStep
from ..vocab import EndReason, DestructionCause, Fate, Mode, Pod, Section, Whereabouts

# 2: the log left the state for the journal (journal.py); `latest` holds typed results.
STATE_SCHEMA_VERSION = 2


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", validate_assignment=False)


class PowerToken(_Model):
    number: int
    active: bool


class SelfDestructToken(_Model):
    slot: int
    red: bool = False

    @property
    def can_be_stopped(self) -> bool:
        return not self.red


class CrewMember(_Model):
    seat: int
    name: str
    character: str
    whereabouts: Whereabouts = Whereabouts.FACILITY
    pod: Pod | None = None
    knowledge: int
    knowledge_token_active: bool = False
    signal_sent: bool = False
    # True once the CSS token revealed for this Character's pod launched it.
    launched: bool = False
    # The Character board: Larva, Slime and wounds (body.py).
    body: Body = Field(default_factory=Body)
    # The round it died in (None: alive); a revival comes at the start of a later round (p.30).
    died_in_round: int | None = None

    @property
    def is_in_facility(self) -> bool:
        return self.whereabouts is Whereabouts.FACILITY

    @property
    def is_waiting_in_pod(self) -> bool:
        """In a CSS pod whose launch has not been revealed yet."""
        return self.whereabouts is Whereabouts.POD and not self.launched


class CharacterFate(_Model):
    seat: int
    character: str
    fate: Fate
    pod: Pod | None = None
    # Where the Character was when the game ended (before the end's own deaths).
    at_end: Whereabouts | None = None


class GameEnd(_Model):
    reason: EndReason
    nobody_left: bool = False
    destruction_cause: DestructionCause | None = None
    time_slot: int
    fates: list[CharacterFate]

    @property
    def survivors(self) -> list[CharacterFate]:
        return [fate for fate in self.fates if fate.fate.is_alive]


class GameState(_Model):
    schema_version: int = STATE_SCHEMA_VERSION
    mode: Mode
    rng: RngState
    round: int = 1
    time: int
    time_active: bool
    power: dict[Section, PowerToken]
    self_destruct: SelfDestructToken | None = None
    alert_slot: int | None = None
    fire: int = 0
    fire_pool: int
    malfunction: int = 0
    malfunction_pool: int
    main_gate_open: bool = False
    isolation_open: bool = False
    first_encounter_done: bool = False
    first_death_done: bool = False
    css_launched_at: int | None = None
    crew: list[CrewMember]
    # The seat holding the First Player token (first_player.py); seat 1 at setup.
    first_player: int = 1
    bag: BagState
    # The Event and Attack decks (decks.py) and the Event Phase runner (None between phases).
    decks: Decks
    event_phase: EventPhase | None = None
    # The digital Contamination deck (contamination.py); None when the table uses its printed cards.
    contamination: ContaminationState | None = None
    end: GameEnd | None = None
    # Typed results of the latest attack, injury check and Event Phase start.
    latest: Latest = Field(default_factory=Latest)
    # What the game owes and the table resolves once (pending/rules.py).
    pending: list[PendingAttack] = Field(default_factory=list)
    commands_applied: int = 0
    # The Contingency tokens when the app deals them (contingency.py), the Victory Check
    # walkthrough once started (victory.py), and when the table started.
    contingency: ContingencyState | None = None
    victory: VictoryCheck | None = None
    started_at: datetime | None = None

    @property
    def is_over(self) -> bool:
        return self.end is not None

    @property
    def victory_in_progress(self) -> bool:
        """The Victory Check walkthrough is open and not finished: the table is not done."""
        return self.victory is not None and self.victory.step is not VictoryStep.RESULT

    def member(self, seat: int) -> CrewMember:
        for member in self.crew:
            if member.seat == seat:
                return member
        raise KeyError(seat)

    def active_power_tokens(self) -> list[PowerToken]:
        return [token for token in self.power.values() if token.active]

    def section_of_token(self, number: int) -> Section:
        for section, token in self.power.items():
            if token.number == number:
                return section
        raise KeyError(number)

    def is_powered(self, section: Section) -> bool:
        return self.power[section].active

    def anyone_in_facility(self) -> bool:
        return any(member.is_in_facility for member in self.crew)
