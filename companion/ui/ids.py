"""Stable semantics identifiers: what tests and assistive tools find controls by.

They never change with the language, so a test written against Turkish works in Portuguese.
"""
from __future__ import annotations

import flet as ft

ADVANCE_TIME = "advance-time"
UNDO = "undo"
REDO = "redo"
START_SELF_DESTRUCT = "start-self-destruct"
STOP_SELF_DESTRUCT = "stop-self-destruct"
TRIGGER_ALERT = "trigger-alert"
RESTORE_POWER = "restore-power"
SWAP_POWER = "swap-power"
POWER_SURGE = "power-surge"
CSS_LAUNCH = "css-launch"
FIRST_ENCOUNTER = "first-encounter"
OPEN_MAIN_GATE = "open-main-gate"
LANGUAGE = "language"
HOME = "home"
TIME_TRACK = "time-track"
FIRE_COUNT = "fire-count"
FIRE_PLACE = "fire-place"
FIRE_REMOVE = "fire-remove"
MALFUNCTION_COUNT = "malfunction-count"
MALFUNCTION_PLACE = "malfunction-place"
MALFUNCTION_REMOVE = "malfunction-remove"
MAIN_GATE = "main-gate"
ISOLATION_ROOM = "isolation-room"
NEW_GAME = "new-game"
ADD_PLAYER = "add-player"
START_GAME = "start-game"
SETUP_MODE = "setup-mode"
SETUP_LAYOUT = "setup-power-layout"
SETUP_SEED = "setup-seed"
SETUP_TITLE = "setup-title"
SETUP_CANCEL = "setup-cancel"
ANNOUNCEMENT = "announcement"
ANNOUNCEMENT_OK = "announcement-ok"
LOG = "log"
CONFIRM_OK = "confirm-ok"
CONFIRM_CANCEL = "confirm-cancel"
GAME_END = "game-end"
STARTUP_ERRORS = "startup-errors"


def power(section: str) -> str:
    return f"power-{section}"


def power_flip(section: str) -> str:
    return f"power-flip-{section}"


def language_option(lang: str) -> str:
    return f"language-{lang}"


def player_name(seat: int) -> str:
    return f"player-name-{seat}"


def player_character(seat: int) -> str:
    return f"player-character-{seat}"


def player_remove(seat: int) -> str:
    return f"player-remove-{seat}"


def character_option(character: str) -> str:
    return f"character-option-{character}"


def setup_power(section: str) -> str:
    return f"setup-power-{section}"


def crew_member(seat: int) -> str:
    return f"crew-{seat}"


def crew_action(action: str, seat: int) -> str:
    return f"crew-{action}-{seat}"


def choice(value: str) -> str:
    return f"choice-{value}"


def saved_game(game_id: str, action: str) -> str:
    return f"game-{action}-{game_id}"


def tag(identifier: str, control: ft.Control) -> ft.Control:
    """Wrap `control` so it carries a stable identifier in the accessibility tree."""
    return ft.Semantics(identifier=identifier, content=control)


def all_fixed() -> list[str]:
    """Every constant identifier (the parameterised ones are documented by their functions)."""
    return sorted(v for k, v in globals().items() if k.isupper() and isinstance(v, str))


def restore_power_section(section: str) -> str:
    return f"restore-power-{section}"


# --------------------------------------------------------------------- the Intruder bag screen
OPEN_BAG = "open-bag"
BAG_BACK = "bag-back"
BAG_MODE = "bag-mode"
DRAW_ENCOUNTER = "draw-encounter"
ENCOUNTER_HAND = "encounter-hand"
ENCOUNTER_HAND_DOWN = "encounter-hand-down"
ENCOUNTER_HAND_UP = "encounter-hand-up"
ENCOUNTER_LIGHTING = "encounter-lighting"
BAG_DEVELOPMENT = "bag-development"
BAG_CONTENTS = "bag-contents"
BAG_SUPPLY = "bag-supply"
BAG_ODDS = "bag-odds"
ODDS_TOGGLE = "odds-toggle"
TOKEN_REVEAL = "token-reveal"
SURPRISE_ATTACK = "surprise-attack"
DRAW_RESULT = "draw-result"
BAG_BOARD = "bag-board"
RETURN_INTRUDERS = "return-intruders"
EGGS = "eggs"
EGG_TAKEN = "egg-taken"
EGG_DESTROYED = "egg-destroyed"
NEST_STATUS = "nest-status"
QUEEN_IN_NEST_YES = "queen-in-nest-yes"
QUEEN_IN_NEST_NO = "queen-in-nest-no"
QUESTION_UNDO = "question-undo"
BAG_HISTORY = "bag-history"
SETUP_PHYSICAL_BAG = "setup-physical-bag"
SETUP_BAG_DIGITAL = "setup-bag-digital"
SETUP_BAG_PHYSICAL = "setup-bag-physical"
SETUP_SHOW_ODDS = "setup-show-odds"


def encounter_seat(seat: int) -> str:
    return f"encounter-seat-{seat}"


def encounter_place(place: str) -> str:
    """`place` is S-01, S-02, S-03, ELEVATOR or STAIRS."""
    return f"encounter-place-{place}"


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
