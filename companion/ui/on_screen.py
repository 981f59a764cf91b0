"""Announcements a screen already shows in full: they need no modal on that screen.

The bag screen's reveal (and step 10 of the runner, which shows the same reveal) puts
the Surprise Attack verdict and a development's Noise roll on screen, large; a modal
saying the same would only cost a tap. Everywhere else they are announced as usual.
"""
from __future__ import annotations

from companion.engine.phase_state import EventStep
from companion.engine.views import GameView

from .routes import BAG, RUNNER

# What the token reveal shows itself.
SHOWN_BY_THE_REVEAL = frozenset({"announce.bag.surprise_attack", "announce.bag.developed_noise",
                                 "announce.bag.developed_noise_unseen"})


def shown_on_screen(screen: str, view: GameView | None) -> frozenset[str]:
    """The announcement keys `screen` shows in full for this view."""
    if view is None:
        return frozenset()
    if screen == BAG:
        return SHOWN_BY_THE_REVEAL
    if screen != RUNNER:
        return frozenset()
    phase = view.public.event_phase
    return SHOWN_BY_THE_REVEAL if phase is not None and phase.step is EventStep.DEVELOPMENT else frozenset()
