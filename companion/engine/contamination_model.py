"""The digital Contamination deck as data: the deck, each player's cards and the
latest scans' results.

The 27 cards are `contamination_01` … `contamination_27`; the first `infected_count`
of them show INFECTED, each other one a look-alike word. Which card is where is known
to the engine only: no view ever names a card (views.py shows counts, and a seat its
own scan results as words).

The deck is shuffled; cards removed from a player go under it. It is kept as a sorted
`pool` (the shuffled part, whose order nobody has seen, so a draw takes a card from it
at random, which is the same as taking the top of a shuffled pile) above the
`bottom` pile (in order, top first).

Plain pydantic with no engine imports, so state.py and commands.py can use it.
"""
from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field

CARD_PREFIX = "contamination_"
INFECTED = "infected"
# The look-alike words printed on clean cards (the locale files spell them in each language).
DECOYS: tuple[str, ...] = ("decoy_1", "decoy_2", "decoy_3", "decoy_4", "decoy_5")
WORDS: tuple[str, ...] = (INFECTED, *DECOYS)


def card_ids(total: int) -> list[str]:
    return [f"{CARD_PREFIX}{number:02d}" for number in range(1, total + 1)]


def card_number(card: str) -> int:
    return int(card.removeprefix(CARD_PREFIX))


def word_of(card: str, infected_count: int) -> str:
    """The word a card shows under the Scanner's red film."""
    number = card_number(card)
    if number <= infected_count:
        return INFECTED
    return DECOYS[number % len(DECOYS)]


class ScanProcedure(StrEnum):
    """What a scan does, as the rulebook and the cards describe it."""

    HAND = "hand"  # scan the cards in hand (the player says how many)
    ALL = "all"  # scan every Contamination card held (hand, Action deck, discard pile)
    CARD = "card"  # an item or Action card (Rest, Antiseptic, Neutralizer): the table reads its text
    DECONTAMINATION = "decontamination"  # Room: scan the hand, remove INFECTED, Larva and Slime
    SURGERY = "surgery"  # Room: scan all, remove INFECTED and the Larva, 1 Light Wound, pass
    LEAVING_THE_SHELL = "leaving_the_shell"  # Event card: with a Larva draw 1 and scan it, else 4 drawn


class ScanScope(StrEnum):
    HAND = "hand"
    ALL = "all"


# Procedures that ask how many Contamination cards the player is looking at.
COUNTED = frozenset({ScanProcedure.HAND, ScanProcedure.DECONTAMINATION})


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class ScannedCard(_Model):
    word: str
    # Removed by the procedure (it went under the deck).
    removed: bool = False

    @property
    def infected(self) -> bool:
        return self.word == INFECTED


class ScanRecord(_Model):
    """One scan's results, for the player who scanned (their phone's Scanner)."""

    seq: int
    procedure: ScanProcedure
    # Only cards from the hand were scanned (the cards a removal takes are in the hand).
    from_hand: bool = True
    cards: list[ScannedCard] = Field(default_factory=list)
    # Leaving the Shell with a Larva: the scanned card was drawn from the deck now.
    drawn: bool = False
    larva_placed: bool = False
    larva_removed: bool = False
    slime_removed: bool = False
    light_wound: bool = False
    died: bool = False

    @property
    def infected(self) -> int:
        return sum(1 for card in self.cards if card.infected)


class CheckRecord(_Model):
    """A survivor's Contamination check at the Victory Check."""

    seq: int
    # A Larva on the board skipped the scan (victory.larva_skips_scan).
    larva: bool
    cards: list[ScannedCard] = Field(default_factory=list)
    # Action cards shuffled in (None when no draw was needed).
    action_cards: int | None = None
    # The cards drawn from the new deck: True for a Contamination card.
    drawn: list[bool] = Field(default_factory=list)
    died: bool = False

    @property
    def infected(self) -> bool:
        return self.larva or any(card.infected for card in self.cards)


class ContaminationState(_Model):
    infected_count: int
    pool: list[str]
    bottom: list[str] = Field(default_factory=list)
    # Every Contamination card a player holds (hand, Action deck and discard pile), by seat;
    # a dead Character's stay with it, out of play.
    held: dict[int, list[str]] = Field(default_factory=dict)
    # Its own draw counter: the deck draws from the game's seed apart from the bag and the
    # decks, so turning the digital deck on never changes their draws.
    draws: int = 0
    scans: dict[int, ScanRecord] = Field(default_factory=dict)
    checks: dict[int, CheckRecord] = Field(default_factory=dict)

    @property
    def deck_size(self) -> int:
        return len(self.pool) + len(self.bottom)

    def held_by(self, seat: int) -> list[str]:
        return self.held.get(seat, [])

    def all_cards(self) -> list[str]:
        return self.pool + self.bottom + [card for cards in self.held.values() for card in cards]
