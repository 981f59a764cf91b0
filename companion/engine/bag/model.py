"""The Intruder bag as data: what is in the bag, beside the board and on the board.

Plain pydantic models with no engine imports, so that state.py and commands.py can
both use them (bag.py, which holds the handlers, imports the state and would make a
cycle).
"""
from __future__ import annotations

from enum import StrEnum
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

# The kinds are the game's vocabulary (vocab.py); re-exported for the bag's users.
from ...vocab import MINIATURE_KINDS, TOKEN_KINDS, IntruderKind, MiniatureKind, Section

__all__ = [
    "MINIATURE_KINDS",
    "TOKEN_KINDS",
    "IntruderKind",
    "MiniatureKind",
    "Place",
    "Lighting",
    "DrawPurpose",
    "DrawResult",
    "Awaiting",
    "TokenOutcome",
    "BagDraw",
    "BagState",
]


class Place(StrEnum):
    """Where a Character meets an intruder: one of the four Sections, or the
    emergency stairs between them (in no Section, always dark)."""

    S01 = "S-01"
    S02 = "S-02"
    S03 = "S-03"
    ELEVATOR = "ELEVATOR"
    STAIRS = "STAIRS"

    @property
    def section(self) -> Section | None:
        return None if self is Place.STAIRS else Section(self.value)


class Lighting(StrEnum):
    """Which number of a token applies, and why."""

    POWERED = "powered"  # light number: the Section has power
    UNPOWERED = "unpowered"  # dark number: the Section has no power (Darkness)
    STAIRS = "stairs"  # dark number: the emergency stairs are always dark
    # Light number although the place is dark: the Character ignores Darkness (a Flashlight).
    DARKNESS_IGNORED = "darkness_ignored"

    @property
    def is_dark(self) -> bool:
        """The dark number applies."""
        return self in (Lighting.UNPOWERED, Lighting.STAIRS)


class DrawPurpose(StrEnum):
    ENCOUNTER = "encounter"
    DEVELOPMENT = "development"
    QUEEN_IN_NEST = "queen_in_nest"  # the Queen placed in the Nest by bag development


class DrawResult(StrEnum):
    PLACED = "placed"  # an intruder miniature came onto the board
    NO_MINIATURE = "no_miniature"  # every miniature of that kind was already on the board
    BLANK = "blank"  # Blank: Noise (encounter) or back in the bag (development)
    DEVELOPED = "developed"  # Larva/Creeper left the bag, a stronger token went in
    NOISE_ROLL = "noise_roll"  # Adult/Breeder back in the bag, Noise rolls
    QUEEN_QUESTION = "queen_question"  # Queen drawn in development: is anyone in the Nest?
    QUEEN_BACK = "queen_back"  # nobody in the Nest: Queen back, one more Egg
    QUEEN_BACK_NEST_RESTORED = "queen_back_nest_restored"  # the Egg went to a destroyed Nest
    QUEEN_BACK_NO_EGG = "queen_back_no_egg"  # every Egg token of the box is already in play
    QUEEN_BACK_NEST_DESTROYED = "queen_back_nest_destroyed"  # a destroyed Nest gets no Egg (the other reading)
    QUEEN_ON_BOARD = "queen_on_board"  # someone is in the Nest, but her one miniature is already out
    # An Adult came out but all 8 Adult miniatures are on the board: the Adults retreat
    # first (answer_adults_retreat), then the Adult is placed and the Surprise Attack checked.
    ADULTS_RETREAT = "adults_retreat"


class Awaiting(StrEnum):
    """A question the table must answer before the bag can be used again."""

    QUEEN_IN_NEST = "queen_in_nest"
    # An Adult must be placed while all its miniatures are on the board: how many Adults
    # are not in Combat (they retreat)? An encounter waiting for it has
    # last_draw.result == ADULTS_RETREAT; a card's placement leaves last_draw alone.
    ADULTS_RETREAT = "adults_retreat"


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class TokenOutcome(BaseModel):
    """What came out of a physical bag: a token id, or its kind and numbers.

    Tokens of one kind with the same numbers are interchangeable, so
    {"kind": "adult", "light": 2, "dark": 4} is as good as {"token": "adult_7"}.
    The numbers may be left out when every token of that kind still in the bag
    shows the same ones.
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    token: str | None = None
    kind: IntruderKind | None = None
    light: int | None = Field(default=None, ge=0)
    dark: int | None = Field(default=None, ge=0)

    @model_validator(mode="after")
    def _token_or_kind(self) -> "TokenOutcome":
        if (self.token is None) == (self.kind is None):
            raise ValueError("give either the token id or its kind (with its numbers)")
        if self.token is not None and (self.light is not None or self.dark is not None):
            raise ValueError("numbers go with a kind, not with a token id")
        return self


class BagDraw(_Model):
    """The last token that came out of the bag and what it did."""

    purpose: DrawPurpose
    token: str
    kind: IntruderKind
    light: int | None = None
    dark: int | None = None
    # True when the table reported the token (physical bag).
    reported: bool = False
    result: DrawResult
    # Encounters only: who, where, which number applied and why, the hand and the outcome.
    seat: int | None = None
    place: Place | None = None
    lighting: Lighting | None = None
    applied: int | None = None
    hand: int | None = None
    surprise_attack: bool | None = None
    # A Surprise Attack's moment has passed: resolved, or left open and closed (pending/rules.py).
    surprise_closed: Literal["resolved", "lapsed"] | None = None


class BagState(_Model):
    """The Intruder bag, its supply beside the board, the miniatures and the Nest.

    Every token id of the box is in exactly one of `bag` and `aside` (both kept in
    the box order of the rules data, so a seeded draw depends only on what is in the
    bag). `aside` is the supply: tokens never used, drawn in encounters, or
    developed away.
    """

    bag: list[str]
    aside: list[str]
    on_board: dict[MiniatureKind, int]
    # Token ids (in `aside`) drawn for intruders now on the board: the token that
    # returns when one of them goes back into the bag. Card-placed intruders have none.
    on_board_tokens: list[str] = Field(default_factory=list)
    # Tokens whose numbers and whereabouts the table knows: drawn (and shown) since, and not
    # mixed back among others since. Every other token of a kind is, to the table, any of
    # that kind's unseen tokens (odds.py reads only this).
    seen: list[str] = Field(default_factory=list)
    carcasses: int = 0
    eggs: int
    # Eggs taken from the Nest and not destroyed since: Egg tokens still in play.
    eggs_out: int = 0
    nest_destroyed: bool = False
    last_draw: BagDraw | None = None
    awaiting: Awaiting | None = None
    physical_bag: bool = False
    show_odds: bool = True

    @property
    def is_awaiting_answer(self) -> bool:
        return self.awaiting is not None
