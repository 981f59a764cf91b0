"""Join links: a seat's route carries its secret, the table's route carries the host key.

Routes (what Flet's `page.route` holds once a page opens a link):
    /seat/<n>?s=<seat secret>   a phone at seat n
    /table?k=<host key>         the full table screen
    /                           anything else: the join screen (type a code)
A link is the server's base URL (http://<address>:<port>) followed by a route.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from urllib.parse import parse_qs, quote, urlencode, urlsplit

from companion.hosting.origins import origin_of

SEAT_PATH = "/seat/"
TABLE_PATH = "/table"
SECRET_PARAM = "s"
HOST_KEY_PARAM = "k"
_SEAT_ROUTE = re.compile(r"^/seat/([1-9][0-9]{0,2})/?$")


@dataclass(frozen=True)
class SeatLink:
    seat: int
    secret: str = field(repr=False)

    def __repr__(self) -> str:
        return f"SeatLink(seat={self.seat}, secret=<hidden>)"


@dataclass(frozen=True)
class TableLink:
    host_key: str = field(repr=False)

    def __repr__(self) -> str:
        return "TableLink(host_key=<hidden>)"


@dataclass(frozen=True)
class LobbyLink:
    """No usable secret: the page shows the join screen."""


Link = SeatLink | TableLink | LobbyLink


def base_url(address: str, port: int) -> str:
    return origin_of("http", address, port)


def seat_route(seat: int, secret: str) -> str:
    return f"{SEAT_PATH}{int(seat)}?{urlencode({SECRET_PARAM: secret}, quote_via=quote)}"


def table_route(host_key: str) -> str:
    return f"{TABLE_PATH}?{urlencode({HOST_KEY_PARAM: host_key}, quote_via=quote)}"


def seat_url(base: str, seat: int, secret: str) -> str:
    return base.rstrip("/") + seat_route(seat, secret)


def table_url(base: str, host_key: str) -> str:
    return base.rstrip("/") + table_route(host_key)


def parse_route(route: str | None) -> Link:
    """What a route (or a whole URL) opens; anything malformed is the join screen."""
    parts = urlsplit(route or "/")
    query = parse_qs(parts.query, keep_blank_values=False)

    def only(name: str) -> str | None:
        values = query.get(name)
        return values[0] if values and len(values) == 1 else None

    path = parts.path or "/"
    seat_match = _SEAT_ROUTE.match(path)
    if seat_match and (secret := only(SECRET_PARAM)):
        return SeatLink(int(seat_match.group(1)), secret)
    if path.rstrip("/") == TABLE_PATH and (host_key := only(HOST_KEY_PARAM)):
        return TableLink(host_key)
    return LobbyLink()
