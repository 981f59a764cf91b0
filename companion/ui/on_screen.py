"""Announcements a screen already shows in full: they need no modal on that screen.

The bag screen's reveal (and step 10 of the runner, which shows the same reveal) puts
the Surprise Attack verdict and a development's Noise roll on screen, large; the Victory
Check screen shows each of its steps' outcomes; a modal saying the same would only cost
a tap. The table's end panel says what ended the game and what became of each Character.
Everywhere else they are announced as usual.
"""
from __future__ import annotations

from companion.engine.views import EventStep
from companion.engine.views import GameView

from .routes import BAG, RUNNER, TABLE, VICTORY

# What the token reveal shows itself.
SHOWN_BY_THE_REVEAL = frozenset({"announce.bag.surprise_attack", "announce.bag.developed_noise",
                                 "announce.bag.developed_noise_unseen"})
# What the Victory Check screen shows as its steps go: step 0's instructions, the Active
# token and whom it kills, who died of Contamination, and the result.
SHOWN_BY_THE_VICTORY_CHECK = frozenset({
    "announce.victory.started", "announce.victory.active_revealed", "announce.victory.contingency_death",
    "announce.victory.contamination_death", "announce.victory.winner", "announce.victory.no_winner",
    "announce.victory.team_won", "announce.victory.team_lost",
})
STARTED_BY_THE_END_PANEL = frozenset({"announce.victory.started"})
# What the table's end panel says once the game is over: what destroyed the Facility (its
# cause) and who dies at the end (each Character's fate).
SHOWN_BY_THE_END_PANEL = frozenset({
    "announce.destroyed.self_destruct", "announce.destroyed.fire", "announce.destroyed.malfunction",
    "announce.end.dies.facility", "announce.end.dies.isolation", "announce.end.dies.bunker", "announce.end.dies.pod",
})


def shown_on_screen(screen: str, view: GameView | None) -> frozenset[str]:
    """The announcement keys `screen` shows in full for this view."""
    if view is None:
        return frozenset()
    if screen == BAG:
        return SHOWN_BY_THE_REVEAL
    if screen == VICTORY:
        return SHOWN_BY_THE_VICTORY_CHECK
    public = getattr(view, "public", None)
    if screen == TABLE and getattr(public, "victory", None) is not None:
        # The end panel's button that started the Victory Check opens its screen at once.
        return STARTED_BY_THE_END_PANEL | SHOWN_BY_THE_END_PANEL
    if screen == TABLE and public is not None and public.is_over:
        return SHOWN_BY_THE_END_PANEL
    if screen != RUNNER:
        return frozenset()
    phase = view.public.event_phase
    return SHOWN_BY_THE_REVEAL if phase is not None and phase.step is EventStep.DEVELOPMENT else frozenset()
