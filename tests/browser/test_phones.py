"""Phones at the table, in Chromium: the app started as the README says, the table at
desktop size and two phones at 390×844 that join through the URL decoded from the QR code
on the table's screen. The QR code names one of this machine's own local network
addresses, and the app listens there; the phones then open the same path on 127.0.0.1
(tests send nothing to any other address). A tap on one phone shows on the table and on
the other phone; a wrong or re-issued secret gets the join screen; each phone starts in its
browser's language (one pt-BR, one tr) and switching one leaves the other as it was."""
from __future__ import annotations

import io
import os
import socket
import subprocess
from urllib.parse import urlsplit, urlunsplit

import pytest

from companion.hosting.secrets import CODE_LENGTH
from companion.i18n.translator import Translator
from companion.ui import ids

from .conftest import CHROMIUM, REPO, running_app
from .flutter_page import DESKTOP, PHONE, FlutterPage, join_with_code
from .slowness import scaled_ms
from companion.ui.phone import ids as phone_ids
from companion.ui.table import ids as table_ids

pytestmark = pytest.mark.browser

PT = Translator("pt-BR")
TR = Translator("tr")
README_SCREENS = REPO / "tests" / "browser" / "readme-screens"


@pytest.fixture
def documented_app(tmp_path):
    """`nemesis-companion --web` without --host, as the README starts it: (table address, process)."""
    if not CHROMIUM.exists():
        from tests.support.requirements import skip_or_fail

        skip_or_fail("Debian's chromium is not installed", required_by="REQUIRE_BROWSER")
    started: list[subprocess.Popen] = []
    with running_app(tmp_path / "games", tmp_path / "app.log", host=None, started=started) as table:
        yield table, started[0]


@pytest.fixture
def app_url(documented_app):
    return documented_app[0]


def _own_addresses() -> set[str]:
    """This machine's IPv4 addresses other than loopback, read from its interfaces."""
    import ifaddr

    return {str(ip.ip) for adapter in ifaddr.get_adapters() for ip in adapter.ips
            if ip.is_IPv4 and not str(ip.ip).startswith("127.")}


def _listening(pid: int, port: int) -> set[str]:
    """The IPv4 addresses process `pid` listens on at `port` (0.0.0.0: every interface),
    from the kernel's socket table and the process's own descriptors."""
    inodes = set()
    for fd in os.listdir(f"/proc/{pid}/fd"):
        try:
            target = os.readlink(f"/proc/{pid}/fd/{fd}")
        except OSError:
            continue
        if target.startswith("socket:["):
            inodes.add(target[len("socket:["):-1])
    found = set()
    with open("/proc/net/tcp") as table:
        next(table)
        for row in table:
            fields = row.split()
            address, hex_port = fields[1].split(":")
            if fields[3] == "0A" and int(hex_port, 16) == port and fields[9] in inodes:
                found.add(socket.inet_ntoa(bytes.fromhex(address)[::-1]))
    return found


def _on_loopback(url: str) -> str:
    """The same link on 127.0.0.1: what a phone at that address would open, sent here only."""
    parts = urlsplit(url)
    return urlunsplit(parts._replace(netloc=f"127.0.0.1:{parts.port}"))


def _read_qr(app: FlutterPage):
    """The QR code the table shows, read from a screenshot of it: its text, or None while
    none can be read (the page has not painted it yet), and the picture."""
    import zxingcpp
    from PIL import Image

    box = app.by_id(table_ids.PLAYERS_QR).bounding_box()
    if box is None:
        return None, None
    shot = app.page.screenshot(clip={"x": box["x"], "y": box["y"], "width": box["width"], "height": box["height"]})
    image = Image.open(io.BytesIO(shot))
    found = zxingcpp.read_barcodes(image)
    return (found[0].text if found else None), image


def _decode_qr(app: FlutterPage, *, not_: str | None = None) -> str:
    """The URL in the QR code the table shows (once it is another than `not_`)."""
    app.scroll_into_view(table_ids.PLAYERS_QR, top=True)
    read: list = [None, None]

    def readable() -> bool:
        read[:] = _read_qr(app)
        return read[0] is not None and read[0] != not_

    try:
        app.wait_until(readable, "a QR code on the table's screen", timeout=10, poll_ms=300)
    except AssertionError:
        if read[1] is not None:
            read[1].save(REPO / "test-artifacts" / "screenshots" / "failure-qr.png")
        raise
    return read[0]


def _new_game(app: FlutterPage) -> None:
    app.tap("new-game")
    app.wait_for_id("player-name-1")
    app.type_into("player-name-1", "Ana")
    app.type_into("player-name-2", "Barış")
    app.tap("add-player")
    app.wait_for_id("player-name-3")
    app.type_into("player-name-3", "Caio")
    app.tap("setup-contamination-app")
    app.wait_enabled("start-game")  # once the choice reached the app
    app.tap("start-game")
    app.wait_for_id("players-join")


def _phone(browser, locale: str) -> FlutterPage:
    context = browser.new_context(viewport=PHONE, locale=locale)
    return FlutterPage(context.new_page())


def test_two_phones_join_by_qr_and_follow_the_table(browser, documented_app, screenshots):
    app_url, process = documented_app
    own = _own_addresses()
    if not own:
        pytest.skip("this machine has no network interface besides loopback: no address for a QR code")
    table = FlutterPage(browser.new_context(viewport=DESKTOP, locale="en-US").new_page())
    table.open(app_url)
    table.wait_for_id("new-game")
    _new_game(table)
    table.tap(table_ids.PLAYERS_JOIN)
    table.wait_for_id(table_ids.PLAYERS_QR)
    table.tap(table_ids.players_seat(1))
    shown = _decode_qr(table)
    assert "/seat/1?s=" in shown and len(shown.split("s=", 1)[1]) >= 22  # at least 128 bits
    # A phone on this network can open it: one of this machine's own addresses, and the
    # app listens there. (Nothing is sent to it: the phones below open it on 127.0.0.1.)
    host, port = urlsplit(shown).hostname, urlsplit(shown).port
    assert host in own, f"the QR code names {host}, not one of this machine's addresses {sorted(own)}"
    assert port == urlsplit(app_url).port
    listening = _listening(process.pid, port)
    assert listening & {"0.0.0.0", host}, f"the app listens on {listening}, not where the QR code points"
    first = _on_loopback(shown)
    table.screenshot(screenshots / "players-join-tr-desktop.png")
    # For the README: the QR code and the typed code are secrets, so they are masked there.
    README_SCREENS.mkdir(parents=True, exist_ok=True)
    table.page.screenshot(path=str(README_SCREENS / "players-join-tr-desktop.png"),
                          mask=[table.by_id(table_ids.PLAYERS_QR), table.by_id(table_ids.PLAYERS_CODE)])
    table.tap(table_ids.players_seat(2))
    second = _on_loopback(_decode_qr(table, not_=shown))
    assert "/seat/2?s=" in second and second != first

    # Each phone starts in its browser's language.
    ana = _phone(browser, "pt-BR")
    ana.open(first)
    ana.wait_for_id(phone_ids.SEAT_SCREEN)
    ana.wait_text(PT.t("ui.phone.you"))
    baris = _phone(browser, "tr-TR")
    baris.open(second)
    baris.wait_for_id(phone_ids.SEAT_SCREEN)
    baris.wait_text(TR.t("ui.phone.you"))
    assert "Ana" in ana.text_of(phone_ids.SEAT_NAME) and "Barış" in baris.text_of(phone_ids.SEAT_NAME)
    assert not ana.has(ids.UNDO) and not ana.has(table_ids.ADVANCE_TIME)
    ana.screenshot(screenshots / "seat-pt-phone.png")
    baris.screenshot(screenshots / "seat-tr-phone.png")
    ana.page.screenshot(path=str(README_SCREENS / "seat-pt-phone.png"))

    # The table sees which seats hold a phone.
    table.tap(table_ids.PLAYERS_BACK)
    table.wait_for_id(table_ids.crew_phone(1))

    # A dialog is announced as what it is, in the page's language, not as "Alert".
    table.tap(table_ids.START_SELF_DESTRUCT)
    table.page.wait_for_selector("[role=alertdialog]", timeout=scaled_ms(20_000))
    named = table.page.evaluate("() => Array.from(document.querySelectorAll('[role=alertdialog] [aria-label],"
                                " [role=alertdialog][aria-label]')).map(e => e.getAttribute('aria-label'))")
    assert TR.t("ui.actions.start_self_destruct") in named and "Alert" not in named
    table.tap(ids.CONFIRM_CANCEL)
    table.wait_until(lambda: table.page.locator("[role=alertdialog]").count() == 0, "the dialog to close")

    # A tap on Ana's phone shows on the table and on Barış's phone.
    before = ana.text_of(phone_ids.SEAT_KNOWLEDGE)
    ana.tap(phone_ids.SEAT_KNOWLEDGE_UP)
    ana.wait_until(lambda: ana.text_of(phone_ids.SEAT_KNOWLEDGE) != before, "Ana's Knowledge to change")
    raised = PT.t("ui.crew.knowledge", value=2, maximum=8).split("/")[0]
    assert raised in ana.text_of(phone_ids.SEAT_KNOWLEDGE)
    baris.wait_until(lambda: TR.t("ui.crew.knowledge", value=2, maximum=8).split("/")[0]
                     in baris.text_of(phone_ids.seat_crew_knowledge(1)), "Barış's phone to show Ana's Knowledge")
    table.wait_until(lambda: TR.t("ui.crew.knowledge", value=2, maximum=8).split("/")[0]
                     in table.text_of(table_ids.crew_knowledge(1)), "the table to show Ana's Knowledge")

    # Switching one phone's language leaves the other as it was.
    ana.tap(ids.LANGUAGE)
    ana.tap(ids.language_option("tr"))
    ana.wait_text(TR.t("ui.phone.you"))
    assert TR.t("ui.phone.you") in baris.text()
    baris.tap(ids.LANGUAGE)
    baris.tap(ids.language_option("pt-BR"))
    baris.wait_text(PT.t("ui.phone.you"))
    ana.pause(500)  # time for a wrong change to show on Ana's page, had one been sent
    assert TR.t("ui.phone.you") in ana.text() and PT.t("ui.phone.you") not in ana.text()
    ana.screenshot(screenshots / "seat-tr-phone-switched.png")

    # A wrong secret gets the join screen.
    stranger = _phone(browser, "pt-BR")
    stranger.open(first.split("s=", 1)[0] + "s=" + "x" * 43)
    stranger.wait_for_id(phone_ids.JOIN_SCREEN)
    assert not stranger.has(phone_ids.SEAT_SCREEN)
    # The code field counts the code's own letters, in the page's language.
    stranger.wait_text(f"{CODE_LENGTH} caracteres restantes")
    assert "characters remaining" not in stranger.text()
    stranger.screenshot(screenshots / "join-pt-phone.png")

    # A re-issued pass drops Ana's phone to the join screen, and her old link stops working.
    table.tap(table_ids.PLAYERS_JOIN)
    table.tap(table_ids.players_seat(1))
    table.tap(table_ids.PLAYERS_REISSUE)
    ana.wait_for_id(phone_ids.JOIN_SCREEN)
    stale = _phone(browser, "pt-BR")
    stale.open(first)
    stale.wait_for_id(phone_ids.JOIN_SCREEN)
    fresh = _on_loopback(_decode_qr(table))
    assert fresh != first and "/seat/1?s=" in fresh
    # The typed code works as well as the QR code.
    code = table.text_of(table_ids.PLAYERS_CODE)
    typed = "".join(ch for ch in code if ch.isalnum())[-6:]
    join_with_code(ana, typed)
    for page in (table, ana, baris, stranger, stale):
        page.page.context.close()


def test_a_foreign_page_cannot_drive_the_table(app_url):
    """The server refuses a websocket opened with another site's Origin."""
    import urllib.error
    import urllib.request

    base = app_url.split("/table", 1)[0]
    request = urllib.request.Request(base + "/ws", headers={
        "Origin": "http://evil.example", "Connection": "Upgrade", "Upgrade": "websocket",
        "Sec-WebSocket-Version": "13", "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ=="})
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(request, timeout=10)
    assert refused.value.code == 403
