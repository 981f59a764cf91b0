"""The routes as a table: each screen a page can show, by its route name (routes.py), and
the kept screen that draws it (screen_host.Kept: built once per page and kept).

The table's pages (the window, a web page with the host key) use TABLE_ROUTES; a phone
(a seat, or nobody yet) uses PHONE_ROUTES."""
from __future__ import annotations

from .bag.screen import BagScreen
from .events import SCREENS as EVENTS_SCREENS
from .home import HomeScreen
from .phone.join_screen import JoinScreen
from .phone.seat_screen import SeatScreen
from .routes import BAG, HOME, PLAYERS, RULES, SCANNER, SETUP, TABLE, VICTORY
from .rules_screen import RulesScreen
from .scanner.handover import HandoverScreen
from .setup_wizard import SetupScreen
from .screen_host import Kept, Route
from .table.players import PlayersScreen
from .table.view import TableScreen
from .victory.screen import VictoryScreen

# A phone's own screens: its seat's, or the join screen while it is nobody's.
SEAT = "seat"
JOIN = "join"


TABLE_ROUTES: dict[str, Route] = {
    HOME: Kept(HomeScreen),
    SETUP: Kept(SetupScreen),
    RULES: Kept(RulesScreen),
    TABLE: Kept(TableScreen),
    BAG: Kept(BagScreen),
    PLAYERS: Kept(PlayersScreen),
    SCANNER: Kept(HandoverScreen),
    VICTORY: Kept(VictoryScreen),
    **{name: Kept(screen) for name, screen in EVENTS_SCREENS.items()},
}

PHONE_ROUTES: dict[str, Route] = {
    RULES: Kept(RulesScreen),
    SEAT: Kept(SeatScreen),
    JOIN: Kept(JoinScreen),
}
