"""Pydantic models for the game facts kept in ``rules_data/``.

Every model is strict (``extra="forbid"``) and immutable (``frozen=True``); all
collections are tuples or :class:`FrozenMap`, so a loaded :class:`Rules` is
hashable.  Entries carry stable ids only: player-facing names live in the locale
files, keyed by those ids.

Each entry may carry ``confidence`` (field name -> "R" | "C" | "F" | "?") and a
developer-facing ``note``.  A field not named in ``confidence`` is taken as
printed, with the model's ``printed_source`` ("R" rulebook or "C" printed card).
It is one piece because the models form one tree that the loader validates as a whole (Rules
holds every other model, and some validators read sibling fields).
"""
from __future__ import annotations

from typing import Annotated, Any, ClassVar, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, ValidationInfo, field_validator

from companion.vocab import IntruderKind, MiniatureKind, Whereabouts

Confidence = Literal["R", "C", "F", "?"]
UNCONFIRMED: frozenset[str] = frozenset({"F", "?"})

Threshold = Literal["red", "blue"]


def _moves(kind: IntruderKind) -> IntruderKind:
    if kind in (IntruderKind.LARVA, IntruderKind.BLANK):
        raise ValueError(f"a {kind.value} does not move")
    return kind


# The intruders that move and attack: every kind with a miniature but the Larva.
MovingIntruder = Annotated[IntruderKind, AfterValidator(_moves)]

ContingencyColour = Literal["green", "yellow", "blue", "gray", "red"]
ContingencyEffect = Literal[
    "everyone_saved",
    "knowledge_at_most_dies",
    # The other reading of the yellow token's flavour text (too much knowledge dies).
    "knowledge_at_least_dies",
    "no_signal_dies",
    "css_escapees_die",
    "isolation_dies",
]
KNOWLEDGE_EFFECTS: frozenset[str] = frozenset({"knowledge_at_most_dies", "knowledge_at_least_dies"})

NonNegativeInt = Annotated[int, Field(ge=0)]
PositiveInt = Annotated[int, Field(ge=1)]
Id = Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]*$")]


class FrozenMap(dict):  # type: ignore[type-arg]
    """A dict that cannot be changed and can be hashed (for frozen models)."""

    def __hash__(self) -> int:  # type: ignore[override]
        return hash(frozenset(self.items()))

    def _immutable(self, *args: Any, **kwargs: Any) -> Any:
        raise TypeError("rules data is immutable")

    __setitem__ = __delitem__ = clear = pop = popitem = setdefault = update = _immutable  # type: ignore[assignment]
    __ior__ = _immutable  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"FrozenMap({dict.__repr__(self)})"


def _freeze(value: dict) -> FrozenMap:  # type: ignore[type-arg]
    return FrozenMap(value)


ConfidenceMap = Annotated[dict[str, Confidence], AfterValidator(_freeze)]


class _Frozen(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class RulesEntry(_Frozen):
    """Base of every rules-data entry: confidence marks and a developer note."""

    printed_source: ClassVar[Confidence] = "R"

    confidence: ConfidenceMap = Field(default_factory=lambda: FrozenMap())
    note: str | None = None

    @field_validator("confidence")
    @classmethod
    def _confidence_names_fields(cls, value: FrozenMap) -> FrozenMap:
        own = set(cls.model_fields) - {"confidence", "note"}
        for key in value:
            if key not in own:
                raise ValueError(
                    f"confidence names {key!r}, which is not a field of this entry"
                    f" (fields: {', '.join(sorted(own))})"
                )
        return value

    def confidence_of(self, field: str) -> Confidence:
        """Source of a field's value: "R", "C" (printed), "F" (fan apps) or "?"."""
        if field not in type(self).model_fields or field in ("confidence", "note"):
            raise KeyError(f"{type(self).__name__} has no field {field!r}")
        return self.confidence.get(field, self.printed_source)

    def is_unconfirmed(self, field: str | None = None) -> bool:
        """True if ``field`` (or, with None, any field) is marked "F" or "?"."""
        if field is None:
            return any(c in UNCONFIRMED for c in self.confidence.values())
        return self.confidence_of(field) in UNCONFIRMED

    def unconfirmed_fields(self) -> tuple[str, ...]:
        return tuple(k for k, c in self.confidence.items() if c in UNCONFIRMED)


# --------------------------------------------------------------------- time track
SLOT_NUMBERS: tuple[int, ...] = tuple(range(15, 0, -1)) + (0,)


def slot_label(number: int) -> str:
    return "S" if number == 0 else f"{number:02d}"


class TimeSlot(RulesEntry):
    number: Annotated[int, Field(ge=0, le=15)]
    label: str
    threshold: Threshold | None = None
    css_space: bool = False
    white: bool = False

    @field_validator("label")
    @classmethod
    def _label_matches_number(cls, value: str, info: ValidationInfo) -> str:
        number = info.data.get("number")
        if number is not None and value != slot_label(number):
            raise ValueError(f"slot {number} must be labelled {slot_label(number)!r}")
        return value

    @property
    def is_end(self) -> bool:
        return self.number == 0


class TimeTrack(RulesEntry):
    slots: tuple[TimeSlot, ...]
    start_slot: int = 15
    start_side: Literal["inactive", "active"] = "inactive"
    isolation_opens_at: int = 8
    self_destruct_lead: PositiveInt = 3
    self_destruct_red_move: PositiveInt = 3
    alert_divisor: PositiveInt = 2
    # Whose turn to take the First Player token is skipped (p.13 names none): a reading.
    first_player_skips: tuple[Whereabouts, ...] = (Whereabouts.DEAD, Whereabouts.ISOLATION, Whereabouts.BUNKER,
                                                   Whereabouts.POD)
    # A First Player who leaves the game mid-round: the token passes to the left at once,
    # or stays out of play until step 2 (p.13 says neither): a reading.
    first_player_leaving: Literal["at_once", "at_step_2"] = "at_once"

    @field_validator("first_player_skips")
    @classmethod
    def _facility_never_skipped(cls, value: tuple[Whereabouts, ...]) -> tuple[Whereabouts, ...]:
        if Whereabouts.FACILITY in value:
            raise ValueError("a Character in the Facility still plays: it cannot be skipped")
        return value

    @field_validator("slots")
    @classmethod
    def _all_slots_in_order(cls, value: tuple[TimeSlot, ...]) -> tuple[TimeSlot, ...]:
        numbers = tuple(s.number for s in value)
        if numbers != SLOT_NUMBERS:
            raise ValueError(
                "slots must be exactly 15, 14, … 1 then S (0) in that order;"
                f" got {list(numbers)}"
            )
        return value

    @field_validator("start_slot", "isolation_opens_at")
    @classmethod
    def _is_numbered_slot(cls, value: int) -> int:
        if not 1 <= value <= 15:
            raise ValueError("must be a numbered slot, 1 to 15")
        return value

    def slot(self, number: int) -> TimeSlot:
        for s in self.slots:
            if s.number == number:
                return s
        raise KeyError(f"no time slot {number}")


# --------------------------------------------------------------------- power, pools
class PowerTokenSpec(RulesEntry):
    number: Annotated[int, Field(ge=1, le=4)]
    starts_active: bool


class PowerRules(RulesEntry):
    sections: tuple[str, ...] = ("S-01", "S-02", "S-03", "ELEVATOR")
    tokens: tuple[PowerTokenSpec, ...]
    restore_active_tokens: tuple[int, ...] = (1, 2)
    restore_skip_if_active_at_least: PositiveInt = 3
    # A reading: the Elevator's red Power token puts a Character met at the Elevator in
    # Darkness (the Elevator is a place of its own). Otherwise the token only stops the
    # Elevator, and an Elevator Room is lit or dark with its own Section.
    elevator_token_darkens: bool = True


class Pools(RulesEntry):
    fire: PositiveInt = 12
    malfunction: PositiveInt = 10


# --------------------------------------------------------------------- characters
class CharacterSpec(RulesEntry):
    printed_source: ClassVar[Confidence] = "C"

    id: Id
    character_class: Literal["facility_worker", "nemesis_survivor"]
    start_room: Literal["repository", "isolation_room"]
    knowledge: NonNegativeInt


class KnowledgeRules(RulesEntry):
    weakness_levels: tuple[PositiveInt, ...] = (3, 5, 8)
    maximum: PositiveInt

    @field_validator("weakness_levels")
    @classmethod
    def _ascending(cls, value: tuple[int, ...]) -> tuple[int, ...]:
        if list(value) != sorted(set(value)):
            raise ValueError("weakness levels must be strictly ascending")
        return value


# --------------------------------------------------------------------- intruders
class IntruderTokenSpec(RulesEntry):
    id: Id
    kind: IntruderKind
    light: NonNegativeInt | None = Field(default=None, validate_default=True)
    dark: NonNegativeInt | None = Field(default=None, validate_default=True)

    @field_validator("light", "dark")
    @classmethod
    def _numbers_match_kind(cls, value: int | None, info: ValidationInfo) -> int | None:
        kind = info.data.get("kind")
        if kind is IntruderKind.BLANK and value is not None:
            raise ValueError("a blank token shows no number")
        if kind is not None and kind is not IntruderKind.BLANK and value is None:
            raise ValueError(f"a {kind} token needs a number")
        return value


class IntruderRules(RulesEntry):
    tokens: tuple[IntruderTokenSpec, ...]
    start_bag: Annotated[dict[IntruderKind, NonNegativeInt], AfterValidator(_freeze)]
    start_adults_per_player: NonNegativeInt = 1
    miniatures: Annotated[dict[MiniatureKind, NonNegativeInt], AfterValidator(_freeze)]
    nest_eggs: NonNegativeInt = 5
    egg_tokens: NonNegativeInt = 8
    # Bag development, the Queen (p.13): her token goes back into the bag even when she is
    # placed in the Nest; with nobody there the Nest gets an Egg even when it was destroyed.
    queen_token_back_when_placed: bool = True
    queen_egg_when_nest_destroyed: bool = True
    # A Retreat on an Event card with two corridor numbers takes this one (not printed).
    retreat_corridor: Literal["first", "second"] = "first"
    # Readings the printed rules leave open: Hatching judges "nobody was infested" before
    # its Darkness extra infests anyone; a Larva a Character board needs when all Larva
    # miniatures are in use still marks the Character infested (a stand-in), or is not
    # placed; an Attack card's Darkness extra comes after the card's effect (p.22: an
    # additional effect), or before it.
    hatching_nobody_before_darkness: bool = True
    larva_board_without_miniature: bool = True
    darkness_extra_after_effect: bool = True

    def tokens_in_box(self, kind: str) -> int:
        return sum(1 for t in self.tokens if t.kind == kind)


# --------------------------------------------------------------------- cards
class EventCardSpec(RulesEntry):
    printed_source: ClassVar[Confidence] = "C"

    id: Id
    number: Annotated[int, Field(ge=1, le=22)]
    card: Id
    moves: tuple[MovingIntruder, ...]
    corridors: Annotated[tuple[Annotated[int, Field(ge=1, le=4)], ...], Field(min_length=1, max_length=2)]
    removed_after_use: bool = False
    has_darkness_extra: bool = False


class AttackCardSpec(RulesEntry):
    printed_source: ClassVar[Confidence] = "C"

    id: Id
    kind: Id
    symbols: Annotated[tuple[MovingIntruder, ...], Field(min_length=1)]
    blood: PositiveInt | None = None
    retreat: bool = Field(default=False, validate_default=True)
    has_darkness_extra: bool = False

    @field_validator("retreat")
    @classmethod
    def _blood_or_retreat(cls, value: bool, info: ValidationInfo) -> bool:
        if "blood" not in info.data:  # blood itself failed validation
            return value
        has_blood = info.data["blood"] is not None
        if has_blood == value:
            raise ValueError("a card shows exactly one of a blood value or the retreat arrow")
        return value


class ContingencySpec(RulesEntry):
    id: Id
    colour: ContingencyColour
    effect: ContingencyEffect
    knowledge_threshold: NonNegativeInt | None = Field(default=None, validate_default=True)

    @field_validator("knowledge_threshold")
    @classmethod
    def _threshold_iff_knowledge(cls, value: int | None, info: ValidationInfo) -> int | None:
        effect = info.data.get("effect")
        if effect in KNOWLEDGE_EFFECTS and value is None:
            raise ValueError("the knowledge effect needs a knowledge threshold")
        if effect is not None and effect not in KNOWLEDGE_EFFECTS and value is not None:
            raise ValueError(f"effect {effect!r} takes no knowledge threshold")
        return value


class ContingencyDeal(RulesEntry):
    """How the tokens are dealt, and what each way of looking at them shows."""

    per_player: PositiveInt = 1
    per_player_with_two: PositiveInt = 2
    solo_draws: NonNegativeInt = 2
    coop_revealed_at_start: NonNegativeInt = 1
    # The room sheets: look at any non-Active token; p.11: look at a Neutral Pool token and take it.
    archive: Literal["any_non_active", "take_from_pool"] = "any_non_active"


class ComputerActions(RulesEntry):
    """What is known of the Computer deck: counts and the Lock-down card's rule.

    The option texts of the five other cards are unknown and deliberately absent.
    """

    printed_source: ClassVar[Confidence] = "C"

    card_count: PositiveInt = 6
    cards_with_options: NonNegativeInt = 5
    options_per_card: PositiveInt = 3
    lockdown_card: bool = Field(default=True, validate_default=True)
    lockdown_malfunction_in_room: bool = True
    lockdown_reshuffles_deck: bool = True
    lockdown_redrawn_at_setup: bool = True
    requires_computer_room: bool = True
    requires_no_malfunction: bool = True
    requires_power: bool = True

    @field_validator("lockdown_card")
    @classmethod
    def _counts_add_up(cls, value: bool, info: ValidationInfo) -> bool:
        total, options = info.data.get("card_count"), info.data.get("cards_with_options")
        if total is not None and options is not None and options + int(value) != total:
            raise ValueError("cards with options plus the Lock-down card must equal card_count")
        return value


# --------------------------------------------------------------------- end of game
class EndOfGameRules(RulesEntry):
    time_ran_out_kills: tuple[Whereabouts, ...] = (Whereabouts.FACILITY,)
    facility_destroyed_kills: tuple[Whereabouts, ...] = (Whereabouts.FACILITY, Whereabouts.ISOLATION)
    alert_kills: tuple[Whereabouts, ...] = (Whereabouts.FACILITY,)


class ContaminationRules(RulesEntry):
    cards: PositiveInt = 27
    infected_count: NonNegativeInt
    # Cards a Character draws in Leaving the Shell (no Larva) and at the Victory Check.
    leaving_the_shell_draws: PositiveInt = 4
    victory_check_draws: PositiveInt = 4
    # Readings the rulebook leaves open (each marked in `confidence`): two INFECTED found
    # by one scan count once; the cleaning rooms (and a card that removes the Larva) never
    # kill a Character who already has a Larva; the Decontamination Room removes the Larva.
    infected_once_per_scan: bool = True
    cleaning_scan_kills: bool = False
    decontamination_removes_larva: bool = True
    # The Rest Action card scans this many cards of the hand; a clean one is removed (or
    # not), an INFECTED one stays. Its exact text is not in the rulebook.
    rest_scans: PositiveInt = 1
    rest_removes_clean: bool = True

    @field_validator("infected_count")
    @classmethod
    def _not_more_than_cards(cls, value: int, info: ValidationInfo) -> int:
        cards = info.data.get("cards")
        if cards is not None and value > cards:
            raise ValueError(f"cannot exceed the {cards} contamination cards")
        return value


# --------------------------------------------------------------------- the Victory Check
ObjectiveId = Literal[
    "player_dies",
    "only_survivor",
    "no_nemesis_survivor",
    "signal_sent",
    "weakness_discovered",
    "nest_destroyed",
    "queen_killed",
    "knowledge_at_least",
    "knowledge_token",
    "sections_explored",
]
# The objectives the tracker can decide from what it holds; the others are asked.
DECIDABLE_OBJECTIVES: frozenset[str] = frozenset({
    "player_dies", "only_survivor", "no_nemesis_survivor", "signal_sent", "nest_destroyed", "queen_killed",
    "knowledge_at_least", "knowledge_token",
})


class ObjectiveSpec(RulesEntry):
    """A kind of Objective card: what it asks for, and whether the app decides it or asks."""

    id: ObjectiveId
    parameter: Literal["player", "knowledge", "sections"] | None = None
    check: Literal["decide", "ask"] = Field(default="decide", validate_default=True)
    # Signal objectives: met by anyone's Signal, or only by the objective's owner.
    signal_by: Literal["anyone", "owner"] | None = None

    @field_validator("check")
    @classmethod
    def _decidable(cls, value: str, info: ValidationInfo) -> str:
        kind = info.data.get("id")
        if value == "decide" and kind is not None and kind not in DECIDABLE_OBJECTIVES:
            raise ValueError(f"the app cannot decide {kind!r} from what it tracks: it must ask")
        return value


class VictoryRules(RulesEntry):
    # (The Contamination check draws `ContaminationRules.victory_check_draws` cards.)
    # A Larva on the Character board skips the scan and goes straight to the draw.
    larva_skips_scan: bool = True
    objectives: tuple[ObjectiveSpec, ...]

    def objective(self, id: str) -> ObjectiveSpec:  # noqa: A002 - the data's name
        for spec in self.objectives:
            if spec.id == id:
                return spec
        raise KeyError(f"unknown objective {id!r}")


# --------------------------------------------------------------------- all of it
class Rules(_Frozen):
    time_track: TimeTrack
    power: PowerRules
    pools: Pools
    characters: tuple[CharacterSpec, ...]
    knowledge: KnowledgeRules
    intruders: IntruderRules
    event_cards: tuple[EventCardSpec, ...]
    attack_cards: tuple[AttackCardSpec, ...]
    contingency: tuple[ContingencySpec, ...]
    contingency_deal: ContingencyDeal
    computer_actions: ComputerActions
    end_of_game: EndOfGameRules
    contamination: ContaminationRules
    victory: VictoryRules

    def character(self, id: str) -> CharacterSpec:  # noqa: A002 - the engine's name
        for c in self.characters:
            if c.id == id:
                return c
        raise KeyError(f"unknown character {id!r}")

    def contingency_token(self, id: str) -> ContingencySpec:  # noqa: A002 - the data's name
        for token in self.contingency:
            if token.id == id:
                return token
        raise KeyError(f"unknown contingency token {id!r}")

    def slot(self, number: int) -> TimeSlot:
        return self.time_track.slot(number)

    def entries(self) -> tuple[RulesEntry, ...]:
        """Every entry, nested ones included (for counting unconfirmed values)."""
        found: list[RulesEntry] = []

        def walk(value: Any) -> None:
            if isinstance(value, RulesEntry):
                found.append(value)
                for name in type(value).model_fields:
                    walk(getattr(value, name))
            elif isinstance(value, tuple):
                for item in value:
                    walk(item)

        for name in type(self).model_fields:
            walk(getattr(self, name))
        return tuple(found)

    def unconfirmed_count(self) -> int:
        return sum(len(e.unconfirmed_fields()) for e in self.entries())


# File wrappers: the shape of the JSON files holding lists (schema_version removed).
class _CharactersFile(_Frozen):
    characters: tuple[CharacterSpec, ...]
    knowledge: KnowledgeRules


class _EventCardsFile(_Frozen):
    cards: tuple[EventCardSpec, ...]


class _AttackCardsFile(_Frozen):
    cards: tuple[AttackCardSpec, ...]


class _ContingencyFile(_Frozen):
    tokens: tuple[ContingencySpec, ...]
    deal: ContingencyDeal = Field(default_factory=ContingencyDeal)
