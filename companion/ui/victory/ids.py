"""Semantics identifiers of Contingency tokens and the Victory Check.

Tests and assistive tools find controls by them, whatever the language."""
from __future__ import annotations


SETUP_CONTINGENCY = "setup-contingency"
SETUP_CONTINGENCY_APP = "setup-contingency-app"
SETUP_CONTINGENCY_TABLE = "setup-contingency-table"
CONTINGENCY_PANEL = "contingency-panel"
CONTINGENCY_OWN = "contingency-own"
CONTINGENCY_LOOK_GO = "contingency-look-go"
# A player's own Contingency tokens: shown on request, hidden again after a while.
CONTINGENCY_SHOW = "contingency-show"
VICTORY_ENTRY = "victory-entry"
# In the end panel when nobody is alive: everyone has lost, there is no Victory Check.
VICTORY_EVERYONE_LOST = "victory-everyone-lost"
VICTORY_BY_HAND = "victory-by-hand"
VICTORY_SCREEN = "victory-screen"
VICTORY_STEPPER = "victory-stepper"
VICTORY_STEP_BACK = "victory-step-back"
VICTORY_TO_TABLE = "victory-to-table"
VICTORY_START = "victory-start"
VICTORY_CONFIRM_ROSTER = "victory-confirm-roster"
VICTORY_REVEAL_ACTIVE = "victory-reveal-active"
VICTORY_ACTIVE = "victory-active"
VICTORY_TO_CONTAMINATION = "victory-to-contamination"
VICTORY_REVEAL_CONTAMINATION = "victory-reveal-contamination"
VICTORY_REVEAL_OBJECTIVES = "victory-reveal-objectives"
VICTORY_PRIVATE = "victory-private"
VICTORY_DRAW = "victory-draw"
VICTORY_NEXT_CARD = "victory-next-card"
VICTORY_TURN_ALL = "victory-turn-all"
VICTORY_REPORT_DIES = "victory-report-dies"
VICTORY_REPORT_SURVIVES = "victory-report-survives"
VICTORY_CHECK_OUTCOME = "victory-check-outcome"
VICTORY_OBJECTIVE_SAVED = "victory-objective-saved"
# The objective card's way back to the list of kinds once one is chosen.
OBJECTIVE_OTHER_KIND = "objective-other-kind"
VICTORY_RESULT = "victory-result"
VICTORY_SUMMARY = "victory-summary"
VICTORY_QR = "victory-qr"


def contingency_handoff(seat: int) -> str:
    """The table hands the device to a player to see their own tokens and look at others."""
    return f"contingency-handoff-{seat}"


def contingency_look(via: str) -> str:
    """archive, alert_room or computer."""
    return f"contingency-look-{via}"


def contingency_target(target: int | None) -> str:
    """Whose tokens a look is at: a seat, or the Neutral Pool."""
    return "contingency-target-pool" if target is None else f"contingency-target-{target}"


def victory_step(step: int) -> str:
    return f"victory-step-{step}"


def victory_reason(reason: str) -> str:
    return f"victory-reason-{reason}"


def victory_roster(seat: int) -> str:
    return f"victory-roster-{seat}"


def victory_fix(seat: int) -> str:
    """Open the corrections of a Character's place at the end."""
    return f"victory-fix-{seat}"


def victory_place(seat: int, place: str) -> str:
    """facility, isolation, bunker, pod-A, pod-B, pod-C or dead."""
    return f"victory-place-{seat}-{place}"


def victory_token(effect: str) -> str:
    """The Active token the table turned over (physical tokens), by its effect."""
    return f"victory-token-{effect}"


def victory_handoff(seat: int) -> str:
    return f"victory-handoff-{seat}"


def victory_status(seat: int) -> str:
    return f"victory-status-{seat}"


def victory_answer(question: str, answer: bool) -> str:
    """larva / infected / objective: yes or no."""
    return f"victory-{question}-{'yes' if answer else 'no'}"


def victory_count(which: str, count: int) -> str:
    """A count the player picks at step 2 (no count is ever picked for them): action-cards
    or contamination-cards, then the number."""
    return f"victory-{which}-{count}"


def objective_knowledge(value: int) -> str:
    return f"objective-knowledge-{value}"


def victory_card(index: int) -> str:
    """A card of the Contamination check's draw, from 1."""
    return f"victory-card-{index}"


def objective_kind(kind: str) -> str:
    return f"objective-kind-{kind}"


def objective_player(seat: int) -> str:
    return f"objective-player-{seat}"


def objective_section(which: int, section: str) -> str:
    """The card's first (1) or second (2) Section."""
    return f"objective-section-{which}-{section}"


def victory_verdict(seat: int) -> str:
    return f"victory-verdict-{seat}"
