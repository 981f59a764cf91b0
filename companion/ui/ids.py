"""Stable semantics identifiers: what tests and assistive tools find controls by.

They never change with the language, so a test written against Turkish works in Portuguese.
Here: every page's (the app bar, dialogs, the busy bar) and those of the screens at
companion/ui's top (home, the new-game wizard, the status strip, the rules reference).
Each screen package keeps its own beside its screens (companion/ui/<package>/ids.py,
SCREEN_PACKAGES); a name is defined once.
"""
from __future__ import annotations

import flet as ft

# --------------------------------------------------------------------- every page: the app bar, dialogs


UNDO = "undo"
# The notice saying what an undo took back (with a way to redo it).
UNDO_NOTICE = "undo-notice"
UNDO_NOTICE_CLOSE = "undo-notice-close"
REDO = "redo"
LANGUAGE = "language"
HOME = "home"
ANNOUNCEMENT = "announcement"
ANNOUNCEMENT_OK = "announcement-ok"
CONFIRM_OK = "confirm-ok"
CONFIRM_CANCEL = "confirm-cancel"
STARTUP_ERRORS = "startup-errors"
NEW_GAME = "new-game"
ADD_PLAYER = "add-player"
START_GAME = "start-game"
SETUP_MODE = "setup-mode"
SETUP_LAYOUT = "setup-power-layout"
SETUP_SEED = "setup-seed"
SETUP_TITLE = "setup-title"
SETUP_CANCEL = "setup-cancel"


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


def saved_game(game_id: str, action: str) -> str:
    return f"game-{action}-{game_id}"


LOG = "log"


def choice(value: str) -> str:
    return f"choice-{value}"


STATUS_STRIP = "status-strip"
TRACK_TIME = "track-time"
STATUS_ROUND = "status-round"
STATUS_TIME = "status-time"
STATUS_SELF_DESTRUCT = "status-self-destruct"
STATUS_ALERT = "status-alert"
# Where the round is: the Player Phase, the Event Phase and its step, or the end.
STATUS_PHASE = "status-phase"
# Who holds the First Player token (the new one, at the start of a Player Phase after the first).
STATUS_FIRST_PLAYER = "status-first-player"
# The Time track's legend, one tap away on a phone (always shown on wider screens).
TRACK_LEGEND = "track-legend"
TRACK_LEGEND_TOGGLE = "track-legend-toggle"
# The thin bar at the top of every page that says a tap was taken while its answer comes.
BUSY = "busy"


def status_power(section: str) -> str:
    """`section` is S-01, S-02, S-03 or ELEVATOR."""
    return f"status-power-{section}"


RULES_OPEN = "rules-open"
RULES_SCREEN = "rules-screen"
RULES_BACK = "rules-back"
RULES_SEARCH = "rules-search"
RULES_RESULTS = "rules-results"
RULES_TOPIC_TITLE = "rules-topic-title"


def rules_topic(topic_id: str) -> str:
    """The open topic (`rules-topic-darkness`)."""
    return f"rules-topic-{topic_id}"


def rules_result(topic_id: str) -> str:
    return f"rules-result-{topic_id}"


def rules_link(topic_id: str) -> str:
    """A related topic's link inside the open topic."""
    return f"rules-link-{topic_id}"


def rules_chapter(chapter_id: str) -> str:
    return f"rules-chapter-{chapter_id}"


def rules_help(topic_id: str) -> str:
    """The "?" beside a control, opening `topic_id`."""
    return f"rules-help-{topic_id}"


def tag(identifier: str, control: ft.Control) -> ft.Control:
    """Wrap `control` so it carries a stable identifier in the accessibility tree."""
    return ft.Semantics(identifier=identifier, content=control)


def all_fixed() -> list[str]:
    """Every constant identifier, here and beside each screen (the parameterised ones are
    documented by their functions)."""
    from importlib import import_module

    modules = [globals()] + [vars(import_module(f"companion.ui.{package}.ids")) for package in SCREEN_PACKAGES]
    return sorted(v for names in modules for k, v in names.items() if k.isupper() and isinstance(v, str))


# The screens' packages, each with its own identifiers (companion/ui/<package>/ids.py).
SCREEN_PACKAGES = ("table", "events", "phone", "bag", "scanner", "victory")


EGGS = "eggs"
EGG_TAKEN = "egg-taken"
SETUP_PHYSICAL_BAG = "setup-physical-bag"
SETUP_BAG_DIGITAL = "setup-bag-digital"
SETUP_BAG_PHYSICAL = "setup-bag-physical"
SETUP_SHOW_ODDS = "setup-show-odds"
# Why Start waits (a choice the table has not made).
START_WAITS = "start-waits"
HANDOVER_TAKE = "handover-take"
HANDOVER_DONE = "handover-done"
VICTORY_HANDOFF_TAKE = "victory-handoff-take"
VICTORY_HANDOFF_DONE = "victory-handoff-done"
