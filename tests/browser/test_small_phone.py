"""At 360×640, in Portuguese and in Turkish: home's *New game* is in view, and so is the
new-game wizard's *Start game* as it opens and once the names are typed; the Character
board dialog shows every one of its buttons (it scrolls inside, and each button comes
whole onto the screen); the rules search is in view as the rules open and the topic it
finds first is in view; the shared device's hand-over puts its button in view without a
scroll, and the Scanner's first choice comes onto the screen once it is taken.
Screenshots for the README."""
from __future__ import annotations

import pytest

from companion.i18n.translator import Translator

from .conftest import running_app
from .flutter_page import FlutterPage
from .test_phones import README_SCREENS

pytestmark = pytest.mark.browser

SMALL = {"width": 360, "height": 640}
NAMES = ("Ana", "Bia")
# Every button of the board dialog, in its order (the app's Contamination deck is on).
BOARD_ACTIONS = ("gain", "light", "serious", "infest", "slime", "larva", "dress_one", "dress_all",
                 "heal_dressed", "heal_light", "heal_all_light")


def _inside(box: dict) -> bool:
    return (box is not None and box["x"] >= 0 and box["y"] >= 0 and box["x"] + box["width"] <= SMALL["width"]
            and box["y"] + box["height"] <= SMALL["height"])


def _dismiss_all(app: FlutterPage) -> None:
    app.pause(800)
    while app.has("announcement"):
        app.dismiss_announcement()
        app.pause(800)


def _settled(app: FlutterPage, identifier: str) -> None:
    """Wait until the control stands still (a dialog zooms in as it opens)."""
    boxes = [app.by_id(identifier).bounding_box()]

    def still() -> bool:
        boxes.append(app.by_id(identifier).bounding_box())
        return boxes[-1] is not None and boxes[-1] == boxes[-2]

    app.wait_until(still, f"{identifier} in its place", poll_ms=250)


@pytest.mark.parametrize("lang", ["pt-BR", "tr"])
def test_the_board_dialog_and_the_hand_over_fit_a_small_phone(browser, tmp_path, lang):
    texts = Translator(lang)
    short = "pt" if lang == "pt-BR" else "tr"
    with running_app(tmp_path / "games", tmp_path / "app.log") as url:
        table = FlutterPage(browser.new_page(viewport=SMALL))
        try:
            table.open(f"{url}&lang={lang}")
            table.wait_for_id("new-game")
            assert _inside(table.by_id("new-game").bounding_box())  # home's main action, without a scroll
            table.tap("new-game")
            table.wait_for_id("player-name-1")
            _settled(table, "start-game")
            assert _inside(table.by_id("start-game").bounding_box())  # the wizard's main action, without a scroll
            for seat, name in enumerate(NAMES, start=1):
                table.type_into(f"player-name-{seat}", name)
            assert _inside(table.by_id("start-game").bounding_box())  # still there below the form
            table.tap("setup-contamination-app")
            table.wait_enabled("start-game")  # once the choice reached the app
            assert _inside(table.by_id("start-game").bounding_box())  # the deck chosen, still there
            if lang == "tr":
                table.pause(300)  # for the picture only: the note under the choice has gone too
                table.page.screenshot(path=str(README_SCREENS / "setup-tr-360.png"))
            table.tap("start-game")
            table.wait_for_id("players-join")
            _dismiss_all(table)

            # The board dialog: every button comes whole onto the screen (inside the dialog's scroll).
            table.tap("crew-board-1")
            table.wait_for_id("body-gain")
            _settled(table, "body-gain")
            assert _inside(table.by_id("body-gain").bounding_box())  # the first one without a scroll
            README_SCREENS.mkdir(parents=True, exist_ok=True)
            table.pause(1500)  # for the picture only: the dialog's opening animation has ended
            table.page.screenshot(path=str(README_SCREENS / f"board-dialog-{short}-360.png"))
            for action in BOARD_ACTIONS:
                box = table.scroll_into_view(f"body-{action}")
                assert _inside(box), f"body-{action} at {box} is not whole on a 360×640 screen"
            close = table.scroll_into_view("confirm-cancel")
            assert _inside(close)
            table.tap("confirm-cancel")
            table.wait_gone("body-gain")

            # The rules: the search field in view as they open, and the first topic found.
            table.tap("rules-open")
            table.wait_for_id("rules-search")
            assert _inside(table.by_id("rules-search").bounding_box())
            table.type_into("rules-search", "surpresa" if lang == "pt-BR" else "sürpriz")
            table.wait_for_id("rules-result-surprise_attack")
            assert _inside(table.by_id("rules-result-surprise_attack").bounding_box())
            table.page.screenshot(path=str(README_SCREENS / f"rules-{short}-360.png"))
            table.tap("rules-back")
            table.wait_for_id("crew-scanner-2")

            # The shared device's hand-over: its main action in view as it opens.
            table.tap("crew-scanner-2")
            table.wait_for_id("handover-take")
            take = table.by_id("handover-take").bounding_box()
            assert _inside(take), f"handover-take at {take}"
            assert texts.t("ui.handover.give", name="Bia") in table.text()
            table.page.screenshot(path=str(README_SCREENS / f"scanner-handover-{short}-360.png"))
            table.tap("handover-take")
            table.wait_for_id("scanner")
            assert _inside(table.scroll_into_view("scanner-procedure-hand"))
        except BaseException:
            table.page.screenshot(path=str(tmp_path / "failure.png"))
            raise
        finally:
            table.page.close()
