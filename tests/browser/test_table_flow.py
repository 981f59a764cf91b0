"""End to end in Turkish: set up 3 players, reach 08, self-destruct and undo, switch to Portuguese."""
from __future__ import annotations

import pytest

from companion.i18n.translator import Translator

from .flutter_page import DESKTOP, PHONE, FlutterPage

pytestmark = pytest.mark.browser

TR = Translator("tr")
PT = Translator("pt-BR")


def _settle(app: FlutterPage, expected: str) -> list[str]:
    """Wait until `expected` shows on the board, dismissing any announcement on the way."""
    return app.wait_past_announcements(lambda: expected in app.text(), f"the board to show {expected!r}",
                                       settle_ms=400)


def _advance(app: FlutterPage) -> None:
    """Outside the Event Phase, Time moves only after the table confirms it."""
    app.tap("advance-time")
    app.tap("confirm-ok")


def _advance_to(app: FlutterPage, slot: int, translator: Translator) -> list[str]:
    announcements: list[str] = []
    for target in range(14, slot - 1, -1):
        _advance(app)
        announcements += _settle(app, translator.t("ui.track.time", slot=target))
    return announcements


def _new_game(app: FlutterPage) -> None:
    app.tap("new-game")
    app.wait_for_id("player-name-1")
    app.type_into("player-name-1", "Ayşe")
    app.type_into("player-name-2", "Barış")
    app.tap("add-player")
    app.wait_for_id("player-name-3")
    app.type_into("player-name-3", "Cem")
    # Pick a character other than the default for seat 3.
    app.tap("player-character-3")
    app.tap("character-option-lab_rat")
    app.wait_gone("character-option-lab_rat")
    app.tap("setup-contamination-app")
    app.wait_enabled("start-game")  # once the choice reached the app


def test_turkish_game_to_isolation_then_portuguese(app_url, flutter: FlutterPage, screenshots):
    app = flutter
    page = app.page
    app.open(app_url)

    app.wait_for_id("new-game")
    app.wait_text(TR.t("ui.home.new_game"))
    app.screenshot(screenshots / "home-tr-desktop.png")

    # Fill the wizard at phone size: the controls must be reachable there too.
    page.set_viewport_size(PHONE)
    app.wait_for_id("new-game")
    app.screenshot(screenshots / "home-tr-phone.png")
    _new_game(app)
    app.scroll_top()
    app.screenshot(screenshots / "setup-tr-phone.png")
    page.set_viewport_size(DESKTOP)
    app.wait_for_id("start-game")
    app.scroll_top()
    app.screenshot(screenshots / "setup-tr-desktop.png")
    app.tap("start-game")
    app.wait_for_id("advance-time")
    app.wait_text(TR.t("character.lab_rat"))
    assert app.has("time-track") and app.has("power-S-01") and app.has("fire-count")
    app.scroll_top()
    app.screenshot(screenshots / "table-tr-desktop.png")

    # No one-tap trap: the first tap only asks, and Time stays where it was until confirmed.
    app.tap("advance-time")
    app.wait_for_id("confirm-ok")
    assert TR.t("ui.confirm.advance_time") in app.text()
    app.tap("confirm-cancel")
    app.wait_gone("confirm-ok")
    # The page's tree is rebuilt once the dialog has closed: wait for it, then Time is still 15.
    app.wait_text(TR.t("ui.track.time", slot=15))
    assert TR.t("ui.track.time", slot=14) not in app.text()

    # 15 -> 08: power drops are announced on the way; 08 opens the Isolation Room.
    announcements = _advance_to(app, 9, TR)
    _advance(app)
    app.wait_for_id("announcement")
    app.wait_text(TR.t("announce.isolation_open"))
    app.screenshot(screenshots / "announcement-tr-desktop.png")
    announcements += app.dismiss_announcement()
    assert any(TR.t("announce.isolation_open") in text for text in announcements)

    # Start self-destruct (confirmed), then undo it.
    app.tap("start-self-destruct")
    app.tap("confirm-ok")
    app.wait_for_id("announcement")
    app.dismiss_announcement()
    app.wait_for_id("stop-self-destruct")
    app.tap("undo")
    app.wait_for_id("start-self-destruct")
    assert not app.has("stop-self-destruct")

    page.set_viewport_size(PHONE)
    app.wait_text(TR.t("ui.actions.advance_time"))
    app.scroll_top()
    app.screenshot(screenshots / "table-tr-phone.png")

    # Language switch at any time re-renders everything.
    app.tap("language")
    app.tap("language-pt-BR")
    app.wait_text(PT.t("ui.actions.advance_time"))
    app.wait_text(PT.t("ui.track.title"))
    assert TR.t("ui.actions.advance_time") not in app.text()
    app.scroll_top()
    app.screenshot(screenshots / "table-pt-phone.png")
    for part in (2, 3, 4):
        app.scroll_by(700)
        app.screenshot(screenshots / f"table-pt-phone-{part}.png")

    page.set_viewport_size(DESKTOP)
    app.wait_text(PT.t("ui.log.title"))
    app.scroll_top()
    app.screenshot(screenshots / "table-pt-desktop.png")
