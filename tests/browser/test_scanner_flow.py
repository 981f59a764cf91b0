"""End to end in Portuguese: a 2-player game with the app's Contamination deck and both
phones joined by their typed codes. Ana gains 3 Contamination cards, opens the Scanner on
her phone with 2 cards in hand and drags the red film over each card: the words show
there, as the engine predicts; the table and Bia's phone show only what follows. Then the
same on the shared device for Bia (her phone gone): the device is handed to her, and her
results hide again when she hands it back. Screenshots at phone size."""
from __future__ import annotations


import pytest

from companion.engine import GameSession
from companion.engine.commands import GainContamination, ScanContamination
from companion.i18n.translator import Translator
from tests.support.contamination_helpers import RULES, digital_setup

from .flutter_page import PHONE, FlutterPage, phones_join

pytestmark = pytest.mark.browser

PT = Translator("pt-BR")
NAMES = ("Ana", "Bia")


def _scan_words(seed: int) -> tuple[list[str], list[str]]:
    """The same game in the engine: the words under Ana's, then Bia's, two scanned cards."""
    game = GameSession.start(digital_setup(players=2, seed=seed), RULES)
    words = []
    for seat in (1, 2):
        for _ in range(3):
            game.execute(GainContamination(seat=seat))
        game.execute(ScanContamination(seat=seat, procedure="hand", in_hand=2))
        words.append([card.word for card in game.state.contamination.scans[seat].cards])
    return words[0], words[1]


def _seed() -> int:
    """A seed whose first scan shows one INFECTED card and one look-alike."""
    for seed in range(1, 5000):
        ana, _bia = _scan_words(seed)
        if sorted(word == "infected" for word in ana) == [False, True]:
            return seed
    raise AssertionError("no such seed")


SEED = _seed()


def _dismiss_all(app: FlutterPage, settle_ms: int = 800) -> list[str]:
    """Dismiss announcements until none comes for `settle_ms` (scaled); what they said."""
    seen: list[str] = []
    app.pause(settle_ms)
    while app.has("announcement"):
        seen += app.dismiss_announcement()
        app.pause(settle_ms)
    return seen


def _new_game(table: FlutterPage) -> None:
    table.tap("new-game")
    table.wait_for_id("player-name-1")
    for seat, name in enumerate(NAMES, start=1):
        table.type_into(f"player-name-{seat}", name)
    table.tap("setup-contamination-app")
    table.wait_enabled("start-game")  # once the choice reached the app
    table.wait_for_id("setup-infected")
    assert table.has("setup-contamination") and table.has("setup-infected")
    assert PT.t("common.unconfirmed") in table.text()
    table.type_into("setup-seed", str(SEED))
    table.tap("start-game")
    table.wait_for_id("players-join")
    _dismiss_all(table)


def _gain_three(table: FlutterPage, seat: int) -> None:
    for _ in range(3):
        table.tap(f"crew-board-{seat}")
        table.wait_for_id("body-gain")
        table.tap("body-gain")
        table.wait_gone("body-gain")
        table.pause(300)


def _scan_two_in_hand(app: FlutterPage) -> None:
    app.tap("scanner-procedure-hand")
    app.tap("scanner-count-2")
    app.wait_chosen("scanner-count-2")
    app.tap("scanner-scan")
    app.wait_for_id("confirm-ok")
    app.tap("confirm-ok")
    # The table announces what everyone may know (a Larva placed) before the cards show.
    app.wait_past_announcements(lambda: app.has("scanner-card-2"), "the scanned cards")


def _drag_film(app: FlutterPage, index: int) -> None:
    """Mouse down on the film (the card's lower left), move onto the coded field, up."""
    card = f"scanner-card-{index}"
    app.scroll_into_view(card)
    app.wait_still(card, still_ms=150)  # the card has settled where the accessibility tree says
    box = app.by_id(card).bounding_box()
    start_x, start_y = box["x"] + 40, box["y"] + box["height"] - 20
    end_x, end_y = box["x"] + box["width"] / 2, box["y"] + 85
    app.page.mouse.move(start_x, start_y)
    app.page.mouse.down()
    app.page.mouse.move(end_x, end_y, steps=12)
    app.pause(300)  # the gesture: a finger rests on the field before it lifts
    app.page.mouse.up()


def _result_of(app: FlutterPage, index: int) -> str:
    """What card `index` says it showed ("" while its film has not covered the field)."""
    identifier = f"scanner-word-{index}"
    return app.text_of(identifier) if app.has(identifier) else ""


def _read_cards(app: FlutterPage, words: list[str]) -> None:
    """Drag each film over its card's coded field: the word shows there, and not before."""
    for index, word in enumerate(words, start=1):
        shown = PT.t(f"contamination.word.{word}")
        assert shown not in _result_of(app, index)
        _drag_film(app, index)
        app.wait_until(lambda: shown in _result_of(app, index), f"the word under film {index}")


def test_the_scanner_on_the_phones_and_on_the_shared_device(app_url, flutter, browser, screenshots):
    ana_words, bia_words = _scan_words(SEED)
    base = app_url.split("/table")[0] + "/"
    table = flutter
    table.page.set_viewport_size(PHONE)
    ana = FlutterPage(browser.new_page(viewport=PHONE))
    bia = FlutterPage(browser.new_page(viewport=PHONE))
    try:
        table.open(f"{app_url}&lang=pt-BR")
        _new_game(table)

        # Both phones join with the codes the table shows.
        phones_join(table, base, [(ana, 1, "Ana", "pt-BR"), (bia, 2, "Bia", "pt-BR")])
        table.wait_for_id("crew-board-1")

        # Ana gains 3 cards from the table; her phone holds them, everyone sees the count.
        _gain_three(table, 1)
        _dismiss_all(table)
        ana.wait_until(lambda: PT.t("ui.scanner.held", held=3) in ana.text(), "Ana's three cards")
        assert PT.t("ui.body.cards", held=3) in bia.text()

        # Ana's phone: the cards in hand, 2 of them, under the film.
        _scan_two_in_hand(ana)
        _read_cards(ana, ana_words)
        ana.wait_until(lambda: PT.t("ui.scanner.outcome.larva_placed") in ana.text_of("scanner-outcome"),
                       "the Larva the INFECTED card places")
        ana.scroll_into_view("scanner-results", top=True)
        ana.screenshot(screenshots / "scanner-phone-pt.png")

        # The table and Bia see the Larva and the cards, never the words or the results.
        clean_word = PT.t(f"contamination.word.{next(w for w in ana_words if w != 'infected')}")
        announced = _dismiss_all(table)
        who = PT.t("ui.common.player_character", name=NAMES[0], character=PT.t("character.hacker"))
        assert any(PT.t("announce.contamination.larva_placed", character=who) in text for text in announced)
        for app in (table, bia):
            app.wait_until(lambda app=app: PT.t("ui.body.larva") in app.text(), "the Larva on Ana's board")
            assert not app.has("scanner-results") and clean_word not in app.text()
        bia.scroll_top()
        bia.screenshot(screenshots / "scanner-other-phone-pt.png")

        # Without her phone, Bia scans on the shared device.
        bia.tap("seat-leave")
        bia.wait_for_id("join-screen")
        _gain_three(table, 2)
        _dismiss_all(table)
        table.tap("crew-scanner-2")
        table.wait_for_id("handover-take")
        assert PT.t("ui.handover.give", name="Bia") in table.text() and not table.has("scanner")
        table.screenshot(screenshots / "scanner-handover-pt.png")
        table.tap("handover-take")
        table.wait_for_id("scanner")
        _scan_two_in_hand(table)
        _dismiss_all(table)
        _read_cards(table, bia_words)
        table.scroll_into_view("scanner-results", top=True)
        table.screenshot(screenshots / "scanner-shared-device-pt.png")
        table.tap("handover-done")
        table.wait_for_id("crew-board-1")
        assert not table.has("scanner-results") and not table.has("scanner-card-1")
        bia_clean = [PT.t(f"contamination.word.{w}") for w in bia_words if w != "infected"]
        assert not [word for word in bia_clean if word in table.text()]
    except BaseException:
        for name, app in (("ana", ana), ("bia", bia)):
            app.page.screenshot(path=str(screenshots / f"failure-scanner-phone-{name}.png"))
        raise
    finally:
        ana.page.close()
        bia.page.close()
