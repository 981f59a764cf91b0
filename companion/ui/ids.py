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
