"""The Event deck (22 Night Stalker cards) and the Attack deck (20): card piles as data.

Plain pydantic models and pure functions on them, with no engine imports beyond the
RNG and the error type (state.py holds a `Decks` and must not import handlers).

Every card id of a deck is in exactly one of four places, at all times:

* ``draw_pile`` - face down, top card first (its order is hidden information);
* ``discard``   - resolved cards, oldest first;
* ``removed``   - out of the game (Event cards marked "Remove" after they resolve);
* ``shown``     - drawn and on show, not yet discarded ("in the hand of the screen").

All randomness comes from the game's RngState, so undoing a draw and drawing again
yields the same card, and a saved game replays exactly.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Iterable, Sequence

from pydantic import BaseModel, ConfigDict, Field

from ..errors import IllegalCommand, require
from ..rng import RngState

if TYPE_CHECKING:
    from companion.rules import AttackCardSpec, EventCardSpec, Rules

EVENT_DECK = "event"
ATTACK_DECK = "attack"


class Deck(BaseModel):
    model_config = ConfigDict(extra="forbid")

    draw_pile: list[str]
    discard: list[str] = Field(default_factory=list)
    removed: list[str] = Field(default_factory=list)
    shown: list[str] = Field(default_factory=list)
    # How many times the discard pile was shuffled back in (informative only).
    reshuffles: int = 0

    def cards(self) -> list[str]:
        """Every card of the deck, wherever it is (for conservation checks)."""
        return self.draw_pile + self.discard + self.removed + self.shown

    @property
    def size(self) -> int:
        return len(self.draw_pile) + len(self.discard) + len(self.removed) + len(self.shown)


class Decks(BaseModel):
    model_config = ConfigDict(extra="forbid")

    event: Deck
    attack: Deck

    def deck(self, name: str) -> Deck:
        return self.event if name == EVENT_DECK else self.attack


# --------------------------------------------------------------------- rules look-ups
def event_card(rules: "Rules", card_id: str) -> "EventCardSpec":
    for spec in rules.event_cards:
        if spec.id == card_id:
            return spec
    raise KeyError(card_id)


def attack_card(rules: "Rules", card_id: str) -> "AttackCardSpec":
    for spec in rules.attack_cards:
        if spec.id == card_id:
            return spec
    raise KeyError(card_id)


# --------------------------------------------------------------------- building
def new_deck(card_ids: Iterable[str], rng: RngState) -> Deck:
    return Deck(draw_pile=rng.shuffled(list(card_ids)))


def build_decks(rules: "Rules", rng: RngState) -> Decks:
    """Setup: both decks shuffled (Event first, then Attack: two RNG draws)."""
    return Decks(
        event=new_deck((spec.id for spec in rules.event_cards), rng),
        attack=new_deck((spec.id for spec in rules.attack_cards), rng),
    )


# --------------------------------------------------------------------- moving cards
def reshuffle_discard(deck: Deck, rng: RngState) -> None:
    """The draw pile ran out: the discard pile, shuffled, becomes the draw pile."""
    deck.draw_pile = deck.draw_pile + rng.shuffled(deck.discard)
    deck.discard = []
    deck.reshuffles += 1


def clear_shown(deck: Deck) -> list[str]:
    """The cards on show are done with: onto the discard pile, in the order drawn."""
    cleared = list(deck.shown)
    deck.discard += cleared
    deck.shown = []
    return cleared


def draw(deck: Deck, rng: RngState, wanted: str | None = None, *, name: str = ATTACK_DECK) -> tuple[str, bool]:
    """Take the top card (or the card `wanted`, reported by a table using its own
    printed deck) onto show. Returns (card id, whether the discard was reshuffled).

    An empty draw pile is refilled from the discard pile first. Refused (IllegalCommand)
    when no card is left to draw, or when `wanted` is not in the draw pile.
    """
    reshuffled = False
    if not deck.draw_pile:
        if not deck.discard:
            raise IllegalCommand("error.deck_empty", deck=name)
        reshuffle_discard(deck, rng)
        reshuffled = True
    if wanted is None:
        card = deck.draw_pile.pop(0)
    else:
        if wanted not in deck.draw_pile:
            raise IllegalCommand("error.deck_card_not_in_draw_pile", card=wanted, deck=name)
        deck.draw_pile.remove(wanted)
        card = wanted
    deck.shown.append(card)
    return card, reshuffled


def check_draws(deck: Deck, count: int, wanted: Sequence[str] | None, *, name: str,
                clears_shown: bool = False) -> None:
    """Refuse what `count` calls of `draw` in a row would refuse (`wanted`: the cards
    the table reports, in order), without drawing or shuffling anything: a card can be
    drawn while the pile holds it, or from the discard pile once the pile is empty
    (`clears_shown`: the cards on show go onto the discard pile first)."""
    pile: list[str] = deck.draw_pile
    discard: list[str] = deck.discard + deck.shown if clears_shown else deck.discard
    for index in range(count):
        if not pile:
            require(bool(discard), "error.deck_empty", deck=name)
            pile, discard = discard, []
        card = wanted[index] if wanted is not None else None
        if card is None:
            pile = pile[1:]
        else:
            require(card in pile, "error.deck_card_not_in_draw_pile", card=card, deck=name)
            pile = [other for other in pile if other != card]


def discard_shown_card(deck: Deck, card: str) -> None:
    deck.shown.remove(card)
    deck.discard.append(card)


def remove_shown_card(deck: Deck, card: str, rng: RngState) -> None:
    """A "Remove" card leaves the game; the deck is then reshuffled with its discards."""
    deck.shown.remove(card)
    deck.removed.append(card)
    deck.draw_pile = rng.shuffled(deck.draw_pile + deck.discard)
    deck.discard = []
    deck.reshuffles += 1
