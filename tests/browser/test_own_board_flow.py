"""A player's own Character board on their phone, in Chromium: the table and two phones at
360×640 (Ana's in Portuguese, Bruno's in Turkish) that join by their typed codes. Ana
records a Serious Wound and dresses it on her phone; the table gives Bruno Slime, and he
discards it on his phone; the table's crew and log show each change at once, naming the
phone's player; the table undoes Bruno's. A phone never shows another player's board
controls, nor the changes that stay the table's (a Larva, an infestation). The board's main
changes are in view on the phone without a scroll, two a row. Screenshots at 360×640."""
from __future__ import annotations

import pytest

from companion.i18n.translator import Translator
from companion.ui import ids

from .flutter_page import DESKTOP, FlutterPage, phones_join
from .test_scanner_flow import _dismiss_all
from companion.ui.scanner import ids as scanner_ids

pytestmark = pytest.mark.browser

PT = Translator("pt-BR")
TR = Translator("tr")
SMALL = {"width": 360, "height": 640}
NAMES = ("Ana", "Bruno")
# The board's main changes: in view on a 360×640 phone as it opens, without a scroll.
MAIN = ("gain", "light", "serious", "slime", "dress_one", "dress_all")
# What stays the table's: never on a phone.
TABLE_ONLY = ("infest", "larva")

_IDS = "() => Array.from(document.querySelectorAll('[flt-semantics-identifier]'))" \
       ".map(e => e.getAttribute('flt-semantics-identifier'))"


def _in_view(app: FlutterPage, identifier: str) -> bool:
    box = app.by_id(identifier).bounding_box()
    view = app.page.viewport_size
    return (box is not None and box["height"] > 0 and box["y"] >= 0 and box["x"] >= 0
            and box["y"] + box["height"] <= view["height"] and box["x"] + box["width"] <= view["width"] + 1)


def _tap_in_view(app: FlutterPage, identifier: str) -> None:
    """One tap, where the control is: it must be in view already (no scroll before it)."""
    app.wait_for_id(identifier)
    app.wait_still(identifier)
    assert _in_view(app, identifier), f"{identifier} is not in view without a scroll"
    box = app.by_id(identifier).bounding_box()
    app.page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def _new_game(table: FlutterPage) -> None:
    table.tap("new-game")
    table.wait_for_id("player-name-1")
    for seat, name in enumerate(NAMES, start=1):
        table.type_into(f"player-name-{seat}", name)
    table.tap("setup-contamination-app")
    table.wait_enabled("start-game")  # once the choice reached the app
    table.tap("start-game")
    table.wait_for_id("players-join")
    _dismiss_all(table)


def _board_ids(app: FlutterPage) -> set[str]:
    return {found for found in app.page.evaluate(_IDS) if found.startswith("body-") or found.startswith("crew-board-")}


def _who(texts: Translator, name: str, character: str) -> str:
    return texts.t("ui.common.player_character", name=name, character=texts.t(f"character.{character}"))


def test_players_keep_their_own_boards_on_their_phones(app_url, flutter, browser, screenshots):
    base = app_url.split("/table")[0] + "/"
    table = flutter
    table.page.set_viewport_size(DESKTOP)
    ana = FlutterPage(browser.new_page(viewport=SMALL))
    bruno = FlutterPage(browser.new_page(viewport=SMALL))
    try:
        table.open(f"{app_url}&lang=pt-BR")
        _new_game(table)
        phones_join(table, base, [(ana, 1, "Ana", "pt-BR"), (bruno, 2, "Bruno", "tr")])
        table.wait_for_id("crew-board-2")

        # The table gives Bruno Slime (a shower, say).
        table.tap("crew-board-2")
        table.wait_for_id("body-slime")
        table.tap("body-slime")
        table.wait_gone("body-slime")

        # Ana's phone: her board's main changes in view as it opens, two a row.
        ana.wait_for_id("body-serious")
        for row in MAIN:
            ana.wait_for_id(f"body-{row}")
            assert _in_view(ana, f"body-{row}"), f"body-{row} is not in view on Ana's phone"
        for left, right in (("gain", "light"), ("serious", "slime"), ("dress_one", "dress_all")):  # two a row
            first, second = ana.by_id(f"body-{left}").bounding_box(), ana.by_id(f"body-{right}").bounding_box()
            assert abs(first["y"] - second["y"]) < 2 and second["x"] > first["x"] + first["width"] / 2
        ana.screenshot(screenshots / "own-board-pt-phone.png")

        # Ana records a Serious Wound and dresses it: one tap each, on her phone.
        taps = {"ana": 0, "bruno": 0}
        _tap_in_view(ana, "body-serious")
        taps["ana"] += 1
        who_ana = _who(PT, "Ana", "hacker")  # the new game's first Character
        table.wait_until(lambda: PT.t("ui.body.serious", total=1, limit=3, dressed=0) in table.text(),
                         "the table to show Ana's Serious Wound")
        table.wait_until(lambda: PT.t("log.from_phone", character=who_ana) in table.text_of("log"),
                         "the table's log to name Ana's phone")
        ana.wait_enabled("body-dress_one")
        _tap_in_view(ana, "body-dress_one")
        taps["ana"] += 1
        table.wait_until(lambda: PT.t("ui.body.serious", total=1, limit=3, dressed=1) in table.text(),
                         "the table to show Ana's wound dressed")
        ana.wait_until(lambda: PT.t("ui.body.serious", total=1, limit=3, dressed=1) in ana.text(),
                       "Ana's phone to show her wound dressed")
        ana.screenshot(screenshots / "own-board-dressed-pt-phone.png")

        # Bruno discards his Slime on his phone, in Turkish.
        bruno.wait_until(lambda: TR.t("ui.body.remove_slime") in bruno.text_of("body-slime"),
                         "Bruno's phone to offer discarding his Slime")
        bruno.screenshot(screenshots / "own-board-tr-phone.png")
        _tap_in_view(bruno, "body-slime")
        taps["bruno"] += 1
        bruno.wait_until(lambda: TR.t("ui.body.add_slime") in bruno.text_of("body-slime"), "Bruno's Slime gone")
        table.wait_until(lambda: PT.t("ui.body.slime") not in table.text_of("crew-status-2"),
                         "the table to show Bruno's Slime gone")
        said = PT.t("log.from_phone", character="\0").split("\0")[1]  # "registrou esta mudança no próprio celular."
        table.wait_until(lambda: table.text_of("log").count(said) == 3, "the table's log to name Bruno's phone")
        log = table.text_of("log")
        assert log.count(PT.t("log.from_phone", character=who_ana)) == 2
        assert PT.t("log.from_phone", character=_who(PT, "Bruno", "janitor")) in log, log  # the second Character
        print(f"\ntaps on the phones: Ana {taps['ana']} (wound, dressed), Bruno {taps['bruno']} (Slime)")
        assert taps == {"ana": 2, "bruno": 1}
        table.scroll_top()
        table.screenshot(screenshots / "own-board-table-pt-desktop.png")

        # The table undoes Bruno's change: his Slime is back everywhere.
        table.tap(ids.UNDO)
        table.wait_until(lambda: PT.t("ui.body.slime") in table.text_of("crew-status-2"),
                         "the table to show Bruno's Slime back")
        bruno.wait_until(lambda: TR.t("ui.body.remove_slime") in bruno.text_of("body-slime"),
                         "Bruno's phone to show his Slime back")
        assert PT.t("ui.body.serious", total=1, limit=3, dressed=1) in table.text()

        # A phone never shows another player's board controls, nor the table's own changes.
        for phone, other in ((ana, "Bruno"), (bruno, "Ana")):
            found = _board_ids(phone)
            assert not [name for name in found if name.startswith("crew-board-")], found
            assert not {f"body-{row}" for row in TABLE_ONLY} & found, found
            assert not phone.has(ids.UNDO)
            assert f"{other} (" not in phone.text_of(scanner_ids.SEAT_BOARD_CHANGES)
        ana.scroll_top()
        ana.screenshot(screenshots / "own-board-pt-phone-after.png")
        bruno.scroll_top()
        bruno.screenshot(screenshots / "own-board-tr-phone-after.png")
    except BaseException:
        for name, app in (("ana", ana), ("bruno", bruno)):
            app.page.screenshot(path=str(screenshots / f"failure-own-board-{name}.png"))
        raise
    finally:
        ana.page.close()
        bruno.page.close()
