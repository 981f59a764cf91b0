"""What a hitting Attack card does to the Character board (the printed cards [C]): its
wounds, its Slime marker, its Contamination card, the Larva it infests with and the
deaths it prints.

  Blood Chase          1 Light Wound and a Slime marker (an Escape's attacker follows a
                       Character with an undressed Serious Wound: told, the board does not move)
  Blood Rage           2 or more Serious Wounds: dies; else 2 Serious Wounds with an
                       undressed one, 1 without
  Cut                  1 Light Wound and 1 Contamination card (Darkness: 1 more Light Wound)
  Infecting the Host   a Slime marker (Darkness: a Larva infests the Character)
  Perched in the Dark  1 Serious Wound (Darkness: 3 Serious Wounds kill)
  Piercing the Heart   1 Serious Wound and 1 Contamination card (Darkness: 2 or more
                       Serious Wounds kill)
  Evolve               nothing on the board (Darkness: the Breeder placed attacks, a choice
                       the app leaves to the table: a pending follow-up)

The board's `contaminate` and `infest` deal the card and the Larva in the card's order.
Whether a Darkness extra comes after the card's effect (so Piercing the
Heart deals its card before it kills) or before it is the rules data's
`darkness_extra_after_effect`. The same rules answer, from a copy of the board everyone
can see, whether a card may kill.
"""
from __future__ import annotations

from typing import Protocol

from ..crew.body_model import Body, Wound, add_wound

BLOOD_CHASE = "blood_chase"
EVOLVE = "evolve"


class Board(Protocol):
    """A Character board the card acts on: for real (logged) or on a copy (foreseen)."""

    @property
    def body(self) -> Body: ...

    def wound(self, *, serious: bool) -> bool: ...  # True when it killed

    def slime(self) -> None: ...

    def contaminate(self) -> None: ...  # 1 Contamination card

    def infest(self) -> None: ...  # a Larva infests the Character

    def die(self) -> None: ...


def resolve_card(board: Board, kind: str, dark: bool, *, extra_after: bool = True) -> bool:
    """Apply the card of `kind` to `board` (its Darkness extra after the effect, or before
    it); True when the Character died of it."""
    steps = [_effect]
    if dark:
        steps = [_effect, _darkness_extra] if extra_after else [_darkness_extra, _effect]
    return any(step(board, kind) for step in steps)


def _effect(board: Board, kind: str) -> bool:
    """The card's effect; True when it killed."""
    if kind == BLOOD_CHASE:
        if board.wound(serious=False):
            return True
        board.slime()
        return False
    if kind == "blood_rage":
        if board.body.serious_wounds >= 2:
            board.die()
            return True
        return _wounds(board, 2 if board.body.undressed_wounds else 1, serious=True)
    if kind == "cut":
        if board.wound(serious=False):
            return True
        board.contaminate()
        return False
    if kind == "infecting_the_host":
        board.slime()
        return False
    if kind == "perched_in_the_dark":
        return board.wound(serious=True)
    if kind == "piercing_the_heart":
        if board.wound(serious=True):
            return True
        board.contaminate()
        return False
    return False


def _darkness_extra(board: Board, kind: str) -> bool:
    """The card's Darkness extra (Evolve's Breeder attack is the table's: see breeder_attacks)."""
    if kind == "cut":
        return board.wound(serious=False)
    if kind == "infecting_the_host":
        board.infest()
        return False
    if kind == "perched_in_the_dark":
        return _dies_at(board, 3)
    if kind == "piercing_the_heart":
        return _dies_at(board, 2)
    return False


def _wounds(board: Board, count: int, *, serious: bool) -> bool:
    for _ in range(count):
        if board.wound(serious=serious):
            return True
    return False


def _dies_at(board: Board, serious_wounds: int) -> bool:
    """The Darkness extra that kills a Character with this many Serious Wounds."""
    if board.body.serious_wounds >= serious_wounds:
        board.die()
        return True
    return False


class _Foreseen:
    """A copy of a board, for asking what a card would do to it."""

    def __init__(self, body: Body) -> None:
        self.body = body.model_copy()

    def wound(self, *, serious: bool) -> bool:
        return add_wound(self.body, serious=serious) is Wound.KILLS

    def slime(self) -> None:
        self.body.slime = True

    def contaminate(self) -> None:
        pass

    def infest(self) -> None:
        pass

    def die(self) -> None:
        pass


def card_kills(body: Body, kind: str, dark: bool, *, extra_after: bool = True) -> bool:
    """Whether the card of `kind`, hitting now, would kill the Character with this board."""
    return resolve_card(_Foreseen(body), kind, dark, extra_after=extra_after)


def breeder_attacks(kind: str, dark: bool) -> bool:
    """Evolve in Darkness: the Breeder placed attacks (whom is the table's call)."""
    return kind == EVOLVE and dark
