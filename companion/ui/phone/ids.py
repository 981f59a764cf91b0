"""Semantics identifiers of a phone: joining and its seat's screen.

Tests and assistive tools find controls by them, whatever the language."""
from __future__ import annotations


JOIN_SCREEN = "join-screen"
JOIN_CODE = "join-code"
JOIN_SUBMIT = "join-submit"
JOIN_MESSAGE = "join-message"
SEAT_SCREEN = "seat-screen"
SEAT_NAME = "seat-name"
SEAT_KNOWLEDGE = "seat-knowledge"
SEAT_KNOWLEDGE_UP = "seat-knowledge-up"
SEAT_KNOWLEDGE_DOWN = "seat-knowledge-down"
SEAT_WAITING = "seat-waiting"
SEAT_CREW = "seat-crew"
SEAT_LEAVE = "seat-leave"


def seat_crew_knowledge(seat: int) -> str:
    """Another Character's Knowledge in a phone's crew list."""
    return f"seat-crew-knowledge-{seat}"
