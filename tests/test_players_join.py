"""The table's *Players join* screen: a QR code only for an address a phone on the local
network can open (the likely one first, the others listed), a plain sentence when there is
none, and who typed wrong codes lately, with a way to let them in."""
from __future__ import annotations

import io

import flet as ft
import pytest

from companion.engine import NewGame, PlayerSetup
from companion.hosting.code_attempts import CodeOutcome
from companion.hosting.join_urls import seat_url
from companion.seats.phone_access import PhoneAccess
from companion.seats.seating import Seating
from tests.support.screens import build_players_screen

from .ui_tree import fire, make_context, make_controller, strings, walk
from companion.ui.table import ids as table_ids

LAN = ["http://192.168.1.20:8550", "http://10.0.0.7:8550"]


class AddressesOnly:
    """Where a server listens, as the Players join screen asks it (no socket)."""

    def __init__(self, urls: list[str], *, loopback_only: bool = False) -> None:
        self.urls = urls
        self.loopback_only = loopback_only
        self.local_url = "http://127.0.0.1:8550"

    def phone_urls(self) -> list[str]:
        return list(self.urls)

    @property
    def reachable_by_phones(self) -> bool:
        return bool(self.urls)


@pytest.fixture
def table(tmp_path):
    controller = make_controller(tmp_path)
    controller.new_game(NewGame(players=(PlayerSetup(name="Ana", character="hacker"),
                                         PlayerSetup(name="Bora", character="janitor")), seed=1), "t")
    seating = Seating(controller, tmp_path)

    def screen(server: AddressesOnly, lang: str = "pt-BR"):
        ctx = make_context(controller, lang, 1280)
        ctx.extras.update(seating=seating, phone_access=PhoneAccess(host="0.0.0.0", port=8550, server=server))
        return ctx

    return seating, screen


def _tagged(control, identifier: str):
    found = [item for item in walk(control) if isinstance(item, ft.Semantics) and item.identifier == identifier]
    return found[0] if found else None


def _qr_text(control) -> str:
    import zxingcpp
    from PIL import Image

    image = next(item for item in walk(_tagged(control, table_ids.PLAYERS_QR)) if isinstance(item, ft.Image))
    found = zxingcpp.read_barcodes(Image.open(io.BytesIO(image.src)))
    assert found, "the QR code does not read"
    return found[0].text


def test_the_qr_code_is_for_the_likely_address_and_the_others_are_offered(table):
    seating, screen = table
    ctx = screen(AddressesOnly(LAN))
    shown = build_players_screen(ctx)
    assert _qr_text(shown) == seat_url(LAN[0], 1, seating.seat_pass(1).secret)
    assert LAN[0] in " ".join(strings(_tagged(shown, table_ids.PLAYERS_ADDRESS)))
    assert ctx.texts.t("ui.net.other_addresses") in strings(shown)
    second = _tagged(shown, table_ids.players_address(2))
    assert "10.0.0.7:8550" in strings(second)
    fire(second.content.on_click)  # the phone could not open the first one
    shown = build_players_screen(ctx)
    assert _qr_text(shown) == seat_url(LAN[1], 1, seating.seat_pass(1).secret)
    assert _tagged(shown, table_ids.PLAYERS_NO_QR) is None


def test_one_address_needs_no_choice(table):
    seating, screen = table
    shown = build_players_screen(screen(AddressesOnly(LAN[:1])))
    assert _qr_text(shown).startswith(LAN[0] + "/seat/1?s=")
    assert _tagged(shown, table_ids.players_address(1)) is None


@pytest.mark.parametrize("lang", ["pt-BR", "tr"])
@pytest.mark.parametrize(("server", "why"), [
    (AddressesOnly([]), "ui.net.no_qr_no_network"),
    (AddressesOnly([], loopback_only=True), "ui.net.no_qr_loopback"),
])
def test_no_qr_code_when_no_phone_could_open_it_and_the_page_says_why(table, server, why, lang):
    _seating, screen = table
    ctx = screen(server, lang)
    shown = build_players_screen(ctx)
    # No QR code; the seat's code stays, for a browser on this computer.
    assert _tagged(shown, table_ids.PLAYERS_QR) is None and _tagged(shown, table_ids.PLAYERS_CODE) is not None
    assert strings(_tagged(shown, table_ids.PLAYERS_NO_QR)) == [ctx.texts.t(why)]
    # Nothing asks to scan a QR code: only the sentence saying why there is none names one.
    assert [text for text in strings(shown) if "QR" in text] == [ctx.texts.t(why)]
    assert ctx.texts.t("ui.players.help_no_qr") in strings(shown)
    assert not any("--" in text or "0.0.0.0" in text or "127.0.0.1" in text for text in strings(shown))


def test_the_table_sees_wrong_codes_by_address_and_lets_them_in(table):
    seating, screen = table
    ctx = screen(AddressesOnly(LAN))
    assert _tagged(build_players_screen(ctx), table_ids.PLAYERS_LOCKOUTS) is None
    assert seating.join_by_code("guesser", "192.168.1.33", "ZZZZZZ").outcome is CodeOutcome.WRONG
    shown = build_players_screen(ctx)
    listed = " ".join(strings(_tagged(shown, table_ids.PLAYERS_LOCKOUTS)))
    assert ctx.texts.t("ui.net.lockout", address="192.168.1.33", count=1) in listed
    assert seating.join_by_code("guesser", "192.168.1.33", seating.seat_pass(2).code).outcome is CodeOutcome.TOO_SOON
    fire(_tagged(shown, table_ids.players_unlock("192.168.1.33")).content.on_click)
    assert _tagged(build_players_screen(ctx), table_ids.PLAYERS_LOCKOUTS) is None
    assert seating.join_by_code("guesser", "192.168.1.33", seating.seat_pass(2).code).seat == 2
