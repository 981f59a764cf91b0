"""Screens as named routes, so a link (or a QR code) can open one."""
from __future__ import annotations

HOME = "home"
SETUP = "setup"
TABLE = "table"
BAG = "bag"
RUNNER = "events"
ATTACK = "events-attack"
INJURY = "events-injury"
DECKS = "events-decks"
PLAYERS = "players"

GAME_SCREENS = (TABLE, BAG, RUNNER, ATTACK, INJURY, DECKS, PLAYERS)
SCREENS = (HOME, SETUP, *GAME_SCREENS)


def route_of(screen: str) -> str:
    return "/" if screen == HOME else f"/{screen}"


def screen_of(route: str | None) -> str | None:
    """The screen a route names (its query ignored); None for a route that names none."""
    path = (route or "/").split("?", 1)[0].strip("/")
    if not path:
        return HOME
    return path if path in SCREENS else None
