"""Semantics identifiers of the Intruder bag screen.

Tests and assistive tools find controls by them, whatever the language."""
from __future__ import annotations


OPEN_BAG = "open-bag"
BAG_BACK = "bag-back"
BAG_MODE = "bag-mode"
DRAW_ENCOUNTER = "draw-encounter"
ENCOUNTER_HAND = "encounter-hand"
ENCOUNTER_LIGHTING = "encounter-lighting"
ENCOUNTER_IGNORE_DARKNESS = "encounter-ignore-darkness"
BAG_DEVELOPMENT = "bag-development"
BAG_CONTENTS = "bag-contents"
BAG_SUPPLY = "bag-supply"
BAG_ODDS = "bag-odds"
ODDS_TOGGLE = "odds-toggle"
TOKEN_REVEAL = "token-reveal"
SURPRISE_ATTACK = "surprise-attack"
SURPRISE_ATTACK_RESOLVE = "surprise-attack-resolve"
DRAW_RESULT = "draw-result"
DRAW_LINE = "draw-line"
BAG_BOARD = "bag-board"
RETURN_INTRUDERS = "return-intruders"
EGG_DESTROYED = "egg-destroyed"
NEST_STATUS = "nest-status"
QUEEN_IN_NEST_YES = "queen-in-nest-yes"
QUEEN_IN_NEST_NO = "queen-in-nest-no"
QUESTION_UNDO = "question-undo"
BAG_HISTORY = "bag-history"


def encounter_seat(seat: int) -> str:
    return f"encounter-seat-{seat}"


def encounter_place(place: str) -> str:
    """`place` is S-01, S-02, S-03, ELEVATOR or STAIRS."""
    return f"encounter-place-{place}"


def encounter_hand(count: int) -> str:
    """One button of the encounter's hand-size row (0 to 10 cards)."""
    return f"encounter-hand-{count}"


def queen_hand(count: int) -> str:
    return f"queen-hand-{count}"


def queen_seat(seat: int) -> str:
    return f"queen-seat-{seat}"


def queen_place(place: str) -> str:
    return f"queen-place-{place}"


def board(kind: str) -> str:
    """The row of one intruder kind on the bag screen's board panel."""
    return f"board-{kind}"


def bag_action(action: str, kind: str) -> str:
    """kill-{kind}, corridor-{kind}, remove-{kind}, place-{kind}, add-{kind} (supply to bag)."""
    return f"{action}-{kind}"


def bag_count(where: str, kind: str) -> str:
    """bag-{kind} / supply-{kind}: how many tokens of a kind are in the bag / beside the board."""
    return f"{where}-{kind}"


def outcome(kind: str, light: int | None = None, dark: int | None = None) -> str:
    """A physical-bag draw's answer: outcome-blank, outcome-adult-2-4, …"""
    return f"outcome-{kind}" if light is None else f"outcome-{kind}-{light}-{dark}"


def adults_retreat(count: int) -> str:
    return f"adults-retreat-{count}"


def return_count(kind: str, direction: str) -> str:
    """return-{kind}-up / return-{kind}-down in the return-to-bag dialog."""
    return f"return-{kind}-{direction}"
