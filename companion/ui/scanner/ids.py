"""Semantics identifiers of Contamination, the Scanner and the Character board.

Tests and assistive tools find controls by them, whatever the language."""
from __future__ import annotations


SETUP_CONTAMINATION = "setup-contamination"
SETUP_CONTAMINATION_PRINTED = "setup-contamination-printed"
SETUP_CONTAMINATION_APP = "setup-contamination-app"
SETUP_INFECTED = "setup-infected"
SETUP_INFECTED_DOWN = "setup-infected-down"
SETUP_INFECTED_UP = "setup-infected-up"
SEAT_BOARD = "seat-board"
# The changes a player makes to their own Character board, on their phone.
SEAT_BOARD_CHANGES = "seat-board-changes"
SCANNER = "scanner"
SCANNER_COUNT = "scanner-count"
SCANNER_REMOVE_INFECTED = "scanner-remove-infected"
SCANNER_REMOVE_LARVA = "scanner-remove-larva"
SCANNER_REMOVE_SLIME = "scanner-remove-slime"
SCANNER_SCAN = "scanner-scan"
SCANNER_RESULTS = "scanner-results"
SCANNER_OUTCOME = "scanner-outcome"
SCANNER_CHECK = "scanner-check"
# The player's marked cards (their words behind "tap to show"), and the button that covers
# the words of the latest results again.
SCANNER_MARKED = "scanner-marked"
SCANNER_MARKED_SHOW = "scanner-marked-show"
SCANNER_COVER = "scanner-cover"
# An Event card (Leaving the Shell) waits for this player's scan.
SCANNER_EVENT_PROMPT = "scanner-event-prompt"
HANDOVER_SCREEN = "handover-screen"
HANDOVER_BACK = "handover-back"


def scanner_procedure(procedure: str) -> str:
    """hand, rest, all, card, decontamination, surgery, leaving_the_shell."""
    return f"scanner-procedure-{procedure}"


def scanner_count(count: int) -> str:
    return f"scanner-count-{count}"


def scanner_mark(label: str) -> str:
    """A marked card offered to a scan, by its label (A, B…)."""
    return f"scanner-mark-{label}"


def scanner_marked(label: str) -> str:
    """A marked card's word in the player's list (shown on request)."""
    return f"scanner-marked-{label}"


def scanner_scope(scope: str) -> str:
    """hand or all (an item or Action card's scan)."""
    return f"scanner-scope-{scope}"


def scanner_card(index: int) -> str:
    """A scanned card with the red film over it (from 1): drag the film onto its coded field."""
    return f"scanner-card-{index}"


def scanner_word(index: int) -> str:
    """What the film revealed on card `index`: shown once the film covers the coded field."""
    return f"scanner-word-{index}"


def body_action(action: str) -> str:
    """A button of the Character board dialog (light, serious, dress_one, slime, larva, infest, gain…)."""
    return f"body-{action}"


def handover_seat(seat: int) -> str:
    return f"handover-seat-{seat}"
