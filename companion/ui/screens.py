"""The routes as a table: each screen a page can show, by its route name (routes.py), and
how it is made (screen_host.Kept: built once and kept; screen_host.Rebuilt: built anew for
every render, until it is converted to a kept screen).

The table's pages (the window, a web page with the host key) use TABLE_ROUTES; a phone
(a seat, or nobody yet) uses PHONE_ROUTES. Converting a screen is changing its entry here
from `Rebuilt(...)` to `Kept(TheScreen)`; nothing else in the shell changes."""
from __future__ import annotations

from .bag.screen import BagScreen
from .events import build_events_screen
from .events.draft import ATTACK, DECKS, INJURY, RUNNER
from .home import build_home
from .phone.join_screen import build_join_screen
from .phone.seat_screen import build_seat_screen
from .routes import BAG, HOME, PLAYERS, RULES, SCANNER, SETUP, TABLE, VICTORY
from .rules_screen import build_rules_screen
from .scanner.handover import build_handover_screen
from .screen_host import Kept, Rebuilt, Route
from .table.players import PlayersScreen
from .table.view import TableScreen
from .victory import build_victory_screen

# A phone's own screens: its seat's, or the join screen while it is nobody's.
SEAT = "seat"
JOIN = "join"


def _events(name: str) -> Rebuilt:
    return Rebuilt(lambda ctx, _shell: build_events_screen(ctx, name))


TABLE_ROUTES: dict[str, Route] = {
    HOME: Rebuilt(lambda ctx, _shell: build_home(ctx)),
    SETUP: Rebuilt(lambda _ctx, shell: shell.setup_wizard().build()),
    RULES: Rebuilt(lambda ctx, shell: build_rules_screen(ctx, on_back=shell.leave_rules)),
    TABLE: Kept(TableScreen),
    BAG: Kept(BagScreen),
    PLAYERS: Kept(PlayersScreen),
    SCANNER: Rebuilt(lambda ctx, _shell: build_handover_screen(ctx)),
    VICTORY: Rebuilt(lambda ctx, _shell: build_victory_screen(ctx)),
    **{name: _events(name) for name in (RUNNER, ATTACK, INJURY, DECKS)},
}

PHONE_ROUTES: dict[str, Route] = {
    RULES: Rebuilt(lambda ctx, shell: build_rules_screen(ctx, on_back=shell.leave_rules)),
    SEAT: Rebuilt(lambda ctx, shell: build_seat_screen(ctx, on_leave=shell.leave_seat)),
    JOIN: Rebuilt(lambda ctx, shell: build_join_screen(ctx, on_code=shell.join_with_code, message=shell.notice,
                                                       on_message=shell.tell)),
}
