"""What a hitting Attack card does to the Character board (the printed cards [C]): its
wounds, its Slime marker and the deaths it prints; the Contamination card and the
Larva are contamination.attack_effect's.

  Blood Chase          1 Light Wound and a Slime marker (an Escape's attacker follows a
                       Character with an undressed Serious Wound: told, the board does not move)
  Blood Rage           2 or more Serious Wounds: dies; else 2 Serious Wounds with an
                       undressed one, 1 without
  Cut                  1 Light Wound (Darkness: 1 more)
  Infecting the Host   a Slime marker
  Perched in the Dark  1 Serious Wound (Darkness: then 3 Serious Wounds kill)
  Piercing the Heart   1 Serious Wound (Darkness: then 2 or more Serious Wounds kill)
  Evolve               nothing on the board (Darkness: the Breeder placed attacks, a choice
                       the app leaves to the table: a pending follow-up)

A card's Darkness extra is resolved after its effect, as it is printed under it. The same
rules answer, from a copy of the board everyone can see, whether a card may kill.
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

    def die(self) -> None: ...


def resolve_card(board: Board, kind: str, dark: bool) -> bool:
    """Apply the card of `kind` to `board`; True when the Character died of it."""
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
        return _wounds(board, 2 if dark else 1, serious=False)
    if kind == "infecting_the_host":
        board.slime()
        return False
    if kind == "perched_in_the_dark":
        return _wounds(board, 1, serious=True) or _dies_at(board, 3, dark)
    if kind == "piercing_the_heart":
        return _wounds(board, 1, serious=True) or _dies_at(board, 2, dark)
    return False


def _wounds(board: Board, count: int, *, serious: bool) -> bool:
    for _ in range(count):
        if board.wound(serious=serious):
            return True
    return False


def _dies_at(board: Board, serious_wounds: int, dark: bool) -> bool:
    """The Darkness extra that kills a Character with this many Serious Wounds."""
    if dark and board.body.serious_wounds >= serious_wounds:
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

    def die(self) -> None:
        pass


def card_kills(body: Body, kind: str, dark: bool) -> bool:
    """Whether the card of `kind`, hitting now, would kill the Character with this board."""
    return resolve_card(_Foreseen(body), kind, dark)


def breeder_attacks(kind: str, dark: bool) -> bool:
    """Evolve in Darkness: the Breeder placed attacks (whom is the table's call)."""
    return kind == EVOLVE and dark
