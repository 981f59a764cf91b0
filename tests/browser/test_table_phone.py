"""The table on phones, in Portuguese and Turkish: at 360×640 the glance (round, phase,
First Player) and the table's main actions are on the first screen without scrolling, the
Time track's legend one tap away; at 390×844 the README's pictures of the table; then the
game ends, the last move's announcement fits the phone and the table opens on the end of
the game. (The end panel is one node of the accessibility tree, so a name's own box
cannot be measured here: tests/test_ui_table.py checks that a fate sits under its name.)"""
from __future__ import annotations

from pathlib import Path

import pytest

from companion.i18n.translator import Translator

from .flutter_page import PHONE, FlutterPage

pytestmark = pytest.mark.browser

PT = Translator("pt-BR")
TR = Translator("tr")
SMALL = {"width": 360, "height": 640}
README_SCREENS = Path(__file__).resolve().parent / "readme-screens"
TABLET = {"width": 820, "height": 1180}
# A long name, as the README's pictures show it on the strip and the end panel.
NAMES = ("Maria Eduarda", "Bruno", "Carla")
# The table's main actions: moving Time, the Event Phase, the bag.
MAIN_ACTIONS = ("advance-time", "event-phase", "open-bag")


def _box(app: FlutterPage, identifier: str) -> dict:
    box = app.by_id(identifier).bounding_box()
    assert box is not None and box["height"] > 0, f"{identifier!r} is not drawn"
    return box


def _in_view(app: FlutterPage, identifier: str) -> bool:
    """Wholly inside the viewport as it is now (nothing scrolled to reach it)."""
    box = app.by_id(identifier).bounding_box()
    view = app.page.viewport_size
    return (box is not None and box["height"] > 0 and box["y"] >= 0 and box["x"] >= 0
            and box["y"] + box["height"] <= view["height"] and box["x"] + box["width"] <= view["width"] + 1)


def _new_game(app: FlutterPage) -> None:
    app.tap("new-game")
    app.wait_for_id("player-name-1")
    app.type_into("player-name-1", NAMES[0])
    app.type_into("player-name-2", NAMES[1])
    app.tap("add-player")
    app.wait_for_id("player-name-3")
    app.type_into("player-name-3", NAMES[2])
    app.tap("player-character-3")
    app.tap("character-option-lab_rat")
    app.wait_gone("character-option-lab_rat")
    app.tap("setup-contamination-app")
    app.wait_enabled("start-game")  # once the choice reached the app
    app.tap("start-game")
    app.wait_for_id("advance-time")


def _language(app: FlutterPage, code: str, translator: Translator, shown: str | None = None) -> None:
    app.tap("language")
    app.tap(f"language-{code}")
    app.wait_text(shown or translator.t("ui.table_screen.phase.player"))


def test_the_table_on_small_phones_and_its_end(app_url, flutter: FlutterPage, screenshots):
    app = flutter
    app.page.set_viewport_size(SMALL)
    app.open(app_url)
    app.wait_for_id("new-game")
    if PT.t("ui.home.new_game") not in app.text():
        _language(app, "pt-BR", PT, PT.t("ui.home.new_game"))
    _new_game(app)
    app.scroll_top()

    # ---- 360×640: the glance and the main actions on the first screen, without a scroll.
    app.wait_until(lambda: all(_in_view(app, identifier) for identifier in MAIN_ACTIONS),
                   "the table's main actions in view at 360×640")
    assert _in_view(app, "status-phase") and _in_view(app, "status-first-player")
    assert PT.t("ui.table_screen.phase.player") in app.text_of("status-phase")
    assert NAMES[0] in app.text_of("status-first-player")
    # The legend waits one tap away; the tap shows it in place.
    assert not app.has("track-legend") and app.has("track-legend-toggle")
    app.screenshot(screenshots / "table-first-screen-pt-360.png")
    app.tap("track-legend-toggle")
    app.wait_for_id("track-legend")
    assert PT.t("ui.track.threshold_red") in app.text_of("track-legend")
    app.tap("track-legend-toggle")
    app.wait_gone("track-legend")

    # ---- 390×844, both languages: the README's pictures of the table.
    for translator, code, lang in ((PT, "pt-BR", "pt"), (TR, "tr", "tr")):
        app.page.set_viewport_size(PHONE)
        if translator is TR:
            _language(app, code, translator)
        app.scroll_top()
        app.wait_until(lambda: all(_in_view(app, identifier) for identifier in MAIN_ACTIONS),
                       f"the table's main actions in view at 390×844 ({lang})")
        README_SCREENS.mkdir(parents=True, exist_ok=True)
        app.screenshot(README_SCREENS / f"table-{lang}-phone.png")
        app.page.set_viewport_size(TABLET)
        app.scroll_top()
        app.wait_until(lambda: all(_in_view(app, identifier) for identifier in MAIN_ACTIONS),
                       f"the table's main actions in view at 820×1180 ({lang})")
        app.screenshot(README_SCREENS / f"table-{lang}-tablet.png")
        app.page.set_viewport_size(SMALL)
        app.scroll_top()
        app.wait_until(lambda: all(_in_view(app, identifier) for identifier in MAIN_ACTIONS),
                       f"the table's main actions in view at 360×640 ({lang})")

    # ---- The end: everyone dies, in Turkish, at 360×640.
    for seat in (1, 2, 3):
        app.wait_past_announcements(lambda s=seat: app.has(f"crew-death-{s}"), f"seat {seat}'s card")
        app.tap(f"crew-death-{seat}")
        app.tap("confirm-ok")
        if seat < 3:
            app.wait_past_announcements(lambda s=seat: not app.has(f"crew-death-{s}")
                                        or TR.t("ui.table_screen.phase.over") in app.text_of("status-phase")
                                        or app.has(f"crew-death-{s + 1}"), f"seat {seat} dead")
    # The last move's announcement fits the phone: its button is in view, nothing scrolled.
    app.wait_for_id("announcement")
    app.wait_until(lambda: _in_view(app, "announcement") and _in_view(app, "announcement-ok"),
                   "the last move's announcement wholly on screen")
    app.screenshot(screenshots / "table-last-move-tr-360.png")
    app.dismiss_announcement()
    app.wait_past_announcements(lambda: app.has("game-end"), "the end of the game")
    # The table opens on the end of the game.
    app.wait_until(lambda: _in_view(app, "game-end") and _box(app, "game-end")["y"] < SMALL["height"] / 2,
                   "the end panel at the top of the screen")
    assert TR.t("ui.table_screen.phase.over") in app.text_of("status-phase")
    app.screenshot(screenshots / "table-end-tr-360.png")
    app.page.set_viewport_size(PHONE)
    app.scroll_top()
    app.wait_until(lambda: _in_view(app, "game-end"), "the end panel at 390×844")
    app.screenshot(README_SCREENS / "table-end-tr-phone.png")
    _language(app, "pt-BR", PT, PT.t("ui.table_screen.phase.over"))
    app.scroll_top()
    app.wait_until(lambda: _in_view(app, "game-end"), "the end panel in Portuguese")
    app.screenshot(README_SCREENS / "table-end-pt-phone.png")
    app.page.set_viewport_size(TABLET)
    app.scroll_top()
    app.wait_until(lambda: _in_view(app, "game-end"), "the end panel on a tablet")
    app.screenshot(README_SCREENS / "table-end-pt-tablet.png")
