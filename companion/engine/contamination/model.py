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

A card keeps its word: once its holder has seen it under the film it has a `label` (A, B,
C… per player), which the player marks on its stand-in, so a later scan of that card is
a scan of that card and shows the same word. Only the cards nobody has seen are picked at
random. A card that leaves its holder loses its label.

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
    CARD = "card"  # an item or Action card (Antiseptic, Neutralizer): the table reads its text
    REST = "rest"  # the Rest Action card: one card of the hand; rules data says what it removes
    DECONTAMINATION = "decontamination"  # Room: scan the hand, remove INFECTED, Larva and Slime
    SURGERY = "surgery"  # Room: scan all, remove INFECTED and the Larva, 1 Light Wound, pass
    LEAVING_THE_SHELL = "leaving_the_shell"  # Event card: with a Larva draw 1 and scan it, else 4 drawn


class ScanScope(StrEnum):
    HAND = "hand"
    ALL = "all"


# Procedures that ask which Contamination cards the player is looking at (the marked ones
# by label, the others by number).
COUNTED = frozenset({ScanProcedure.HAND, ScanProcedure.DECONTAMINATION, ScanProcedure.REST})


def label_for(index: int) -> str:
    """The `index`-th label a player gives (0 -> "A", 25 -> "Z", 26 -> "AA")."""
    letters = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class ScannedCard(_Model):
    word: str
    # Removed by the procedure (it went under the deck).
    removed: bool = False
    # The label the player knows the card by ("" for a card no longer held), and whether it
    # was given by this scan (the player marks the stand-in now).
    label: str = ""
    newly_labelled: bool = False

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
    larva: bool
    # A Larva on the board skips the scan (when rules data says so).
    scan_skipped: bool = False
    cards: list[ScannedCard] = Field(default_factory=list)
    # Action cards shuffled in (None when no draw was needed).
    action_cards: int | None = None
    # The cards drawn from the new deck: True for a Contamination card.
    drawn: list[bool] = Field(default_factory=list)
    died: bool = False

    @property
    def infected(self) -> bool:
        """An INFECTED card among those scanned (none are scanned when a Larva skips the scan)."""
        return any(card.infected for card in self.cards)

    @property
    def drew(self) -> bool:
        return self.action_cards is not None


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
    # Held cards whose word their holder has seen: card -> label.
    labels: dict[str, str] = Field(default_factory=dict)
    # How many labels each seat has given: a label is never given twice.
    labels_given: dict[int, int] = Field(default_factory=dict)

    @property
    def deck_size(self) -> int:
        return len(self.pool) + len(self.bottom)

    def held_by(self, seat: int) -> list[str]:
        return self.held.get(seat, [])

    def known_by(self, seat: int) -> list[str]:
        """The seat's held cards it has seen, in the order they are held."""
        return [card for card in self.held_by(seat) if card in self.labels]

    def unseen_by(self, seat: int) -> list[str]:
        return [card for card in self.held_by(seat) if card not in self.labels]

    def card_labelled(self, seat: int, label: str) -> str | None:
        return next((card for card in self.known_by(seat) if self.labels[card] == label), None)

    def give_label(self, seat: int, card: str) -> tuple[str, bool]:
        """The card's label, given now if it had none; and whether it is new."""
        if card in self.labels:
            return self.labels[card], False
        given = self.labels_given.get(seat, 0)
        self.labels_given[seat] = given + 1
        self.labels[card] = label_for(given)
        return self.labels[card], True

    def all_cards(self) -> list[str]:
        return self.pool + self.bottom + [card for cards in self.held.values() for card in cards]
