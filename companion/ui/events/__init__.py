"""The Event Phase runner, attack and injury-check screens, and the deck screen, each kept
(kit.kept): `SCREENS` by route name (companion/ui/screens.py hosts them).

The table screen shows their entry points (companion/ui/table/events_panel.py).
"""
from __future__ import annotations

from ..kit.kept import KeptScreen
from .attack import AttackScreen
from .deck_screen import DeckScreen
from .draft import ATTACK, DECKS, INJURY, RUNNER, TABLE, is_events_screen, open_screen
from .injury import InjuryScreen
from .runner import RunnerScreen

__all__ = ["SCREENS", "is_events_screen", "open_screen", "RUNNER",
           "ATTACK", "INJURY", "DECKS", "TABLE"]

SCREENS: dict[str, type[KeptScreen]] = {
    RUNNER: RunnerScreen,
    ATTACK: AttackScreen,
    INJURY: InjuryScreen,
    DECKS: DeckScreen,
}
