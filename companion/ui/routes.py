"""Screens as named routes, so a link (or a QR code) can open one."""
from __future__ import annotations

from typing import Sequence
from urllib.parse import parse_qs, urlsplit

from companion.i18n import LANGUAGES

# The address query parameter holding a language chosen on the page.
LANG_PARAM = "lang"

HOME = "home"
SETUP = "setup"
TABLE = "table"
BAG = "bag"
RUNNER = "events"
ATTACK = "events-attack"
INJURY = "events-injury"
DECKS = "events-decks"
PLAYERS = "players"
RULES = "rules"
# The shared device handed to one player for their Scanner.
SCANNER = "scanner"
# The Victory Check walkthrough.
VICTORY = "victory"

GAME_SCREENS = (TABLE, BAG, RUNNER, ATTACK, INJURY, DECKS, PLAYERS, SCANNER, VICTORY)
SCREENS = (HOME, SETUP, RULES, *GAME_SCREENS)


def route_of(screen: str) -> str:
    return "/" if screen == HOME else f"/{screen}"


def screen_of(route: str | None) -> str | None:
    """The screen a route names (its query ignored); None for a route that names none."""
    path = (route or "/").split("?", 1)[0].strip("/")
    if not path:
        return HOME
    return path if path in SCREENS else None


def as_table_route(route: str | None) -> str | None:
    """A table screen's address read as the table's own: every screen of the table keeps
    the host key in its address (`/events?k=…`), so a reload or a reconnect on any of
    them opens the table again. Any other address (a seat's) is left as it is."""
    if screen_of(route) is None:
        return route
    query = (route or "").split("?", 1)[1] if "?" in (route or "") else ""
    return route_of(TABLE) + (f"?{query}" if query else "")


def language_in(route: str | None) -> str | None:
    """The language an address asks for (one of ours), else None."""
    values = parse_qs(urlsplit(route or "/").query).get(LANG_PARAM)
    if values and values[0] in LANGUAGES:
        return values[0]
    return None


def device_language(codes: Sequence[str], usable: Sequence[str]) -> str | None:
    """The first of a device's preferred language codes ("pt", "tr", ...) that we speak."""
    by_code = {lang.split("-")[0].lower(): lang for lang in usable}
    for code in codes:
        lang = by_code.get((code or "").split("-")[0].split("_")[0].lower())
        if lang is not None:
            return lang
    return None
