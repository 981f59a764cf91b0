"""The game's journal: what each command did, as typed events kept beside the state.

A handler writes lines through `Turn.log` / `Turn.announce`; each becomes an `Event`
of that step (`seq`, the step index): a locale key and its parameters, a `topic` (what
the line is about, for the history panels) and a `visibility`: everyone, one seat, or
the engine only (what no screen may know, such as the numbers of a token going into
the face-down bag). The state never holds events: `run` returns a step's events beside
its state, the session keeps them per step and the store saves them with the step.
"""
from __future__ import annotations

from enum import StrEnum
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Callable, NamedTuple

from pydantic import BaseModel, ConfigDict, Field, model_validator
from pydantic_core import to_jsonable_python

if TYPE_CHECKING:
    from .state import GameState


class Audience(StrEnum):
    EVERYONE = "everyone"
    SEAT = "seat"  # one player (their phone), named by `Visibility.seat`
    ENGINE = "engine"  # no screen: kept for the engine and the save file only


class Visibility(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    audience: Audience = Audience.EVERYONE
    seat: int | None = None

    @model_validator(mode="after")
    def _seat_names_a_seat_audience(self) -> "Visibility":
        if (self.audience is Audience.SEAT) != (self.seat is not None):
            raise ValueError("a seat visibility names its seat, and only a seat visibility does")
        return self

    @classmethod
    def for_seat(cls, seat: int) -> "Visibility":
        return cls(audience=Audience.SEAT, seat=seat)

    @property
    def reaches_table(self) -> bool:
        return self.audience is Audience.EVERYONE

    def reaches_seat(self, seat: int) -> bool:
        return self.audience is Audience.EVERYONE or (self.audience is Audience.SEAT and self.seat == seat)


EVERYONE = Visibility()
ENGINE_ONLY = Visibility(audience=Audience.ENGINE)


class Topic(StrEnum):
    """What a line is about; history panels pick their lines by topic."""

    GAME = "game"  # setup, the end and the Characters' fates
    TIME = "time"  # the Time track, self-destruct, Alert, doors the track opens
    POWER = "power"
    MARKERS = "markers"  # Fire and Malfunction markers
    CREW = "crew"
    BAG = "bag"  # the Intruder bag, the intruders on the board and the Nest
    DECKS = "decks"  # draws, reshuffles and removals of the Event and Attack decks
    COMBAT = "combat"  # attacks and injury checks: their cards and outcomes
    EVENT_CARD = "event_card"  # what a drawn Event card does (moves, tracked effects)
    CARD_TEXT = "card_text"  # a drawn card's printed text (a card face shows it anyway)
    PHASE = "phase"  # the Event Phase runner's steps


# Each line's topic: by its key, or by its family (an entry ending in "."; the longest
# family wins), so that a key is filed here before it reaches a history panel.
TOPICS: dict[str, Topic] = {
    "log.new_game": Topic.GAME,
    "log.fate.": Topic.GAME,
    "announce.end.": Topic.GAME,
    "announce.destroyed.": Topic.GAME,
    "announce.nobody_left": Topic.GAME,
    "log.time_advanced": Topic.TIME,
    "log.red_threshold_ignored": Topic.TIME,
    "log.css_space_reached": Topic.TIME,
    "announce.self_destruct_started": Topic.TIME,
    "announce.self_destruct_stopped": Topic.TIME,
    "announce.self_destruct_red": Topic.TIME,
    "announce.alert_started": Topic.TIME,
    "announce.isolation_open": Topic.TIME,
    "announce.main_gate_open": Topic.TIME,
    "log.power_off": Topic.POWER,
    "log.power_on": Topic.POWER,
    "log.power_rearranged": Topic.POWER,
    "log.power_swapped": Topic.POWER,
    "log.power_surge_no_effect": Topic.POWER,
    "log.restore_power_kept": Topic.POWER,
    "log.restore_power_reset": Topic.POWER,
    "announce.power_lost": Topic.POWER,
    "announce.power_lost_elevator": Topic.POWER,
    "announce.power_lost_elevator_stops": Topic.POWER,
    "announce.power_surge": Topic.POWER,
    "announce.threshold_no_power": Topic.POWER,
    "announce.backup_power_on": Topic.POWER,
    "log.fire_placed": Topic.MARKERS,
    "log.fire_removed": Topic.MARKERS,
    "log.malfunction_placed": Topic.MARKERS,
    "log.malfunction_removed": Topic.MARKERS,
    "log.death": Topic.CREW,
    "log.locked_in": Topic.CREW,
    "log.bunker": Topic.CREW,
    "log.entered_pod": Topic.CREW,
    "log.css_face.": Topic.CREW,
    "log.knowledge": Topic.CREW,
    "log.knowledge_token": Topic.CREW,
    "log.signal": Topic.CREW,
    "announce.first_death": Topic.CREW,
    "announce.first_encounter": Topic.CREW,
    "announce.first_encounter_coop": Topic.CREW,
    "announce.first_encounter_solo": Topic.CREW,
    "announce.pod_escaped": Topic.CREW,
    "announce.pod_returned": Topic.CREW,
    "announce.revived": Topic.CREW,
    "announce.weakness_unlocked": Topic.CREW,
    # Contamination cards, scans and the Character board (contamination.py, body.py).
    "log.contamination.": Topic.CREW,
    "announce.contamination.": Topic.CREW,
    "log.body.": Topic.CREW,
    "log.from_phone": Topic.CREW,
    "announce.body.": Topic.CREW,
    # Contingency tokens (contingency.py) and the Victory Check (victory.py).
    "log.contingency.": Topic.CREW,
    "announce.contingency.": Topic.CREW,
    "log.victory.": Topic.GAME,
    "announce.victory.": Topic.GAME,
    "log.bag.": Topic.BAG,
    "announce.bag.": Topic.BAG,
    "log.board_untracked": Topic.BAG,
    # What an attack or injury check does to the miniatures and the Nest.
    "log.attack.evolved": Topic.BAG,
    "log.attack.evolve_no_breeder": Topic.BAG,
    "log.attack.breeder_attacks": Topic.BAG,
    "log.attack.follows": Topic.BAG,
    "log.injury.no_egg_in_nest": Topic.BAG,
    "log.deck.": Topic.DECKS,
    "log.event.drawn": Topic.DECKS,
    "log.event.removed": Topic.DECKS,
    "log.attack.": Topic.COMBAT,
    "log.injury.": Topic.COMBAT,
    "log.event.": Topic.EVENT_CARD,
    "announce.event.": Topic.EVENT_CARD,
    "event_card.": Topic.CARD_TEXT,
    "attack_card.": Topic.CARD_TEXT,
    # An undone draw said aloud, filed with the draw it names (undone.py).
    "announce.undo.bag": Topic.BAG,
    "announce.undo.event_card": Topic.DECKS,
    "announce.undo.attack_card": Topic.COMBAT,
    "announce.undo.injury": Topic.COMBAT,
    "log.event_phase.": Topic.PHASE,
    "log.first_player.": Topic.PHASE,
    "announce.first_player.": Topic.PHASE,
}
# A key filed nowhere (a new line) still gets a topic.
DEFAULT_TOPIC = Topic.GAME


def topic_entry(key: str) -> str | None:
    """The entry of TOPICS that files `key`: the key itself, else its longest family."""
    if key in TOPICS:
        return key
    families = [entry for entry in TOPICS if entry.endswith(".") and key.startswith(entry)]
    return max(families, key=len) if families else None


@lru_cache(maxsize=1024)
def topic_of(key: str) -> Topic:
    entry = topic_entry(key)
    return TOPICS[entry] if entry is not None else DEFAULT_TOPIC


class Event(BaseModel):
    """One line of the journal: a locale key with its parameters, written by step `seq`."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    seq: int
    key: str
    params: dict[str, Any] = Field(default_factory=dict)
    # A line the table must not miss (critical moments, power drops).
    announce: bool = False
    visibility: Visibility = EVERYONE
    topic: Topic

    @model_validator(mode="before")
    @classmethod
    def _topic_from_the_key(cls, data: Any) -> Any:
        if isinstance(data, dict) and "topic" not in data and isinstance(data.get("key"), str):
            return {**data, "topic": topic_of(data["key"])}
        return data

    @classmethod
    def of(cls, seq: int, key: str, params: dict[str, Any] | None = None, *, announce: bool = False,
           visibility: Visibility = EVERYONE) -> "Event":
        # Plain JSON values (enums as their values), as they read back from a save file.
        return cls(seq=seq, key=key, params=to_jsonable_python(dict(params or {})), announce=announce,
                   visibility=visibility, topic=topic_of(key))

    @property
    def reaches_table(self) -> bool:
        return self.visibility.reaches_table

    def reaches_seat(self, seat: int) -> bool:
        return self.visibility.reaches_seat(seat)


# Who reads: a filter over events (`history(for_table)`, `history(for_seat(2))`).
EventFilter = Callable[[Event], bool]


def for_table(event: Event) -> bool:
    """The shared screen: everyone's lines, never a seat's or the engine's."""
    return event.reaches_table


def for_seat(seat: int) -> EventFilter:
    """A player's own screen: everyone's lines and this seat's."""
    return lambda event: event.reaches_seat(seat)


def for_engine(_event: Event) -> bool:
    """Every line, the engine-only ones included (never for a screen)."""
    return True


def of_topics(viewer: EventFilter, *topics: Topic) -> EventFilter:
    """`viewer`'s lines on one of `topics` (a history panel)."""
    wanted = frozenset(topics)
    return lambda event: event.topic in wanted and viewer(event)


class Outcome(NamedTuple):
    """What one command did: the state after it and the events it wrote."""

    state: "GameState"
    events: tuple[Event, ...]
