"""Join links and their QR codes: built, parsed back, and read back from the picture."""
from __future__ import annotations

import io
from urllib.parse import urlsplit

import pytest
import zxingcpp
from PIL import Image

from companion.hosting.join_urls import (
    Link,
    LobbyLink,
    SeatLink,
    TableLink,
    base_url,
    parse_route,
    seat_route,
    seat_url,
    table_url,
)
from companion.hosting.origins import origin_of
from companion.hosting.qr import QUIET_ZONE_MODULES, qr_png
from companion.hosting.secrets import JoinSecrets


# What a phone's browser does with a link: its base URL and what it opens.
def parse_url(url: str) -> tuple[str | None, Link]:
    """Splits a full link into its base URL (None if it has none) and what it opens."""
    parts = urlsplit(url)
    base = None
    if parts.scheme in ("http", "https") and parts.hostname:
        try:
            port = parts.port or (443 if parts.scheme == "https" else 80)
        except ValueError:
            return None, LobbyLink()
        base = origin_of(parts.scheme, parts.hostname, port)
    route = parts.path + (f"?{parts.query}" if parts.query else "")
    return base, parse_route(route)



def test_a_seat_link_opens_that_seat_with_its_secret() -> None:
    registry = JoinSecrets(range(1, 6))
    secret = registry.seat_pass(3).secret
    url = seat_url(base_url("192.168.1.20", 8550), 3, secret)
    assert url.startswith("http://192.168.1.20:8550/seat/3?s=")
    base, link = parse_url(url)
    assert base == "http://192.168.1.20:8550"
    assert link == SeatLink(3, secret)
    assert registry.check_seat_secret(link.seat, link.secret)


def test_the_table_link_carries_the_host_key() -> None:
    key = JoinSecrets([1]).host_key
    base, link = parse_url(table_url("http://10.0.0.2:8550/", key))
    assert base == "http://10.0.0.2:8550"
    assert link == TableLink(key)


def test_ipv6_bases_use_brackets() -> None:
    assert base_url("fd00::2", 8550) == "http://[fd00::2]:8550"
    assert parse_url(seat_url(base_url("fd00::2", 8550), 1, "x" * 43))[0] == "http://[fd00::2]:8550"


@pytest.mark.parametrize(
    "route",
    ["/", "", None, "/seat/3", "/seat/3?s=", "/seat/0?s=abc", "/seat/x?s=abc", "/seat/3/extra?s=abc",
     "/seat/3?s=a&s=b", "/table", "/table?k=", "/tables?k=abc", "/anything?s=abc"],
)
def test_anything_malformed_opens_the_join_screen(route) -> None:
    assert parse_route(route) == LobbyLink()


def test_routes_as_flet_reports_them_parse_too() -> None:
    # page.route holds path and query, without scheme or host.
    assert parse_route(seat_route(2, "abc-DEF_12")) == SeatLink(2, "abc-DEF_12")
    assert parse_route("/seat/2/?s=abc&x=1") == SeatLink(2, "abc")
    assert parse_route("/table/?k=key") == TableLink("key")


def test_links_hide_their_secrets_in_repr() -> None:
    secret = JoinSecrets([1]).seat_pass(1).secret
    assert secret not in repr(SeatLink(1, secret))
    assert secret not in repr(TableLink(secret))


def _decode(png: bytes) -> list[str]:
    image = Image.open(io.BytesIO(png))
    return [result.text for result in zxingcpp.read_barcodes(image)]


def test_the_qr_code_reads_back_as_the_join_link() -> None:
    registry = JoinSecrets(range(1, 6))
    url = seat_url(base_url("192.168.100.200", 65535), 5, registry.seat_pass(5).secret)
    png = qr_png(url)
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    assert _decode(png) == [url]
    assert _decode(qr_png(url)) == [url]


def test_the_qr_code_is_large_with_a_white_quiet_zone() -> None:
    png = qr_png(seat_url("http://192.168.1.20:8550", 1, "x" * 43), box_pixels=12)
    image = Image.open(io.BytesIO(png)).convert("L")
    width, height = image.size
    assert width == height and width >= 400
    margin = QUIET_ZONE_MODULES * 12
    pixels = image.load()
    border = [pixels[x, y] for x in range(width) for y in range(height)
              if x < margin or y < margin or x >= width - margin or y >= height - margin]
    assert min(border) == 255
    assert pixels[margin, margin] == 0  # the finder pattern's corner starts right after it
