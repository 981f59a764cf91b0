"""The Event Phase runner, attack and injury-check screens, and the deck screen, each kept
(kit.kept): `SCREENS` by route name (companion/ui/screens.py hosts them).

The table screen shows their entry points (companion/ui/table/events_panel.py).
"""
from __future__ import annotations

import flet as ft

from ..context import UiContext
from ..kit.kept import KeptScreen, shown_root
from .attack import AttackScreen
from .deck_screen import DeckScreen
from .draft import ATTACK, DECKS, INJURY, RUNNER, TABLE, is_events_screen, open_screen
from .injury import InjuryScreen
from .runner import RunnerScreen

__all__ = ["SCREENS", "build_events_screen", "is_events_screen", "open_screen", "RUNNER",
           "ATTACK", "INJURY", "DECKS", "TABLE"]

SCREENS: dict[str, type[KeptScreen]] = {
    RUNNER: RunnerScreen,
    ATTACK: AttackScreen,
    INJURY: InjuryScreen,
    DECKS: DeckScreen,
}


def build_events_screen(ctx: UiContext, screen: str) -> ft.Control:
    """One of these screens built and shown from `ctx`'s current view (for tests and tools;
    a page keeps one of each and shows it again)."""
    return shown_root(SCREENS[screen](ctx))
