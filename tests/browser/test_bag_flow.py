"""End to end in Portuguese: a 4-player game with a fixed seed, a Section without power,
an encounter there with 1 card in hand (the draw waits for the hand size; token and
Surprise Attack verdict on screen, as the engine predicts; the hand size asked afresh
afterwards), then a bag development; screenshots at phone and desktop sizes."""
from __future__ import annotations

import re
import time

import pytest

from companion.engine import GameSession, NewGame, PlayerSetup, Section
from companion.engine.bag.model import DrawResult
from companion.engine.commands import DevelopBag, FlipPower, ResolveEncounter
from companion.i18n.translator import Translator
from companion.rules import load_rules

from .flutter_page import DEFAULT_TIMEOUT, DESKTOP, PHONE, FlutterPage
from .slowness import scaled

pytestmark = pytest.mark.browser

PT = Translator("pt-BR")
SEED = 2022
NAMES = ("Ana", "Bia", "Caio", "Davi")
HAND = 1


def _prediction():
    """The same game in the engine: which Section to cut, and what the two draws give."""
    rules = load_rules()
    # The wizard gives each new seat the first free character, in the rules' order.
    characters = [spec.id for spec in rules.characters][: len(NAMES)]
    setup = NewGame(players=tuple(PlayerSetup(name=n, character=c) for n, c in zip(NAMES, characters)), seed=SEED)
    game = GameSession.start(setup, rules)
    section = next(s for s in Section if game.state.power[s].active)
    game.execute(FlipPower(section=section))
    encounter = game.execute(ResolveEncounter(seat=1, place=section.value, hand=HAND)).state.bag.last_draw
    development = game.execute(DevelopBag()).state.bag.last_draw
    return section, encounter, development


def _dismiss_all(app: FlutterPage, settle_ms: int = 700, until=None) -> list[str]:
    """Dismiss announcements until none comes back for `settle_ms` (scaled) and, with
    `until`, until what they said satisfies `until(seen)`; return what they said."""
    seen: list[str] = []
    quiet_since = time.monotonic()
    deadline = time.monotonic() + scaled(DEFAULT_TIMEOUT)
    while True:
        if app.has("announcement"):
            seen += app.dismiss_announcement()
            quiet_since = time.monotonic()
        elif time.monotonic() - quiet_since >= scaled(settle_ms / 1000) and (until is None or until(seen)):
            return seen
        assert time.monotonic() < deadline, f"the announcements awaited never came (seen: {seen})"
        app.page.wait_for_timeout(100)


def _new_game(app: FlutterPage) -> None:
    app.tap("new-game")
    app.wait_for_id("player-name-1")
    app.type_into("player-name-1", NAMES[0])
    app.type_into("player-name-2", NAMES[1])
    for seat in (3, 4):
        app.tap("add-player")
        app.wait_for_id(f"player-name-{seat}")
        app.type_into(f"player-name-{seat}", NAMES[seat - 1])
    app.type_into("setup-seed", str(SEED))
    assert app.has("setup-physical-bag") and app.has("setup-show-odds")
    app.tap("setup-contamination-app")
    app.wait_enabled("start-game")  # once the choice reached the app
    app.tap("start-game")
    app.wait_for_id("open-bag")
    _dismiss_all(app)


def _hand_shown(app: FlutterPage, texts: Translator, hand: int) -> bool:
    """The odds panel gives the Surprise Attack odds for the chosen hand size."""
    return texts.t("ui.bag.odds.surprise", hand=hand) in app.text_of("bag-odds")


def _pick_hand(app: FlutterPage, texts: Translator, hand: int) -> None:
    """One tap on the hand-size row (a tap that lands while the screen is being redrawn is
    tried again)."""
    deadline = time.monotonic() + scaled(40)
    while not _hand_shown(app, texts, hand):
        assert time.monotonic() < deadline, f"the hand size {hand} was never chosen"
        app.tap(f"encounter-hand-{hand}")
        try:
            app.wait_until(lambda: _hand_shown(app, texts, hand), f"hand size {hand}", timeout=3)
        except AssertionError:
            continue


def _home(app: FlutterPage) -> None:
    """The games list (a game may be open: the app opens on it)."""
    app.wait_until(lambda: app.has("new-game") or app.has("home"), "the app")
    if not app.has("new-game"):
        app.tap("home")
        app.wait_for_id("new-game")


def _shots(app: FlutterPage, name: str, screenshots, parts: int = 1, start: str | None = None) -> None:
    """Screenshots from the top of the page (or of control `start`), then `parts` - 1 more further down."""
    app.scroll_top()
    if start is not None:
        app.scroll_into_view(start, top=True)
    app.screenshot(screenshots / f"{name}.png")
    for part in range(2, parts + 1):
        app.scroll_by(700)
        app.screenshot(screenshots / f"{name}-{part}.png")


def test_portuguese_encounter_in_darkness_and_development(app_url, flutter: FlutterPage, screenshots):
    section, encounter, development = _prediction()
    app = flutter
    page = app.page
    app.open(app_url)
    _home(app)
    app.tap("language")
    app.tap("language-pt-BR")
    app.wait_text(PT.t("ui.home.new_game"))
    _new_game(app)

    # Cut the power of a Section whose token is active (Power Generator).
    app.tap(f"power-flip-{section.value}")
    app.wait_until(lambda: PT.t("power_state.off") in app.text_of(f"power-{section.value}"),
                   f"{section.value} without power")
    _dismiss_all(app)
    app.scroll_top()
    app.screenshot(screenshots / "bag-table-pt-desktop.png")

    # One tap to the bag screen; the encounter form derives Darkness from the power.
    app.tap("open-bag")
    app.wait_for_id("draw-encounter")
    assert app.has("bag-contents") and app.has("bag-supply") and app.has("bag-odds") and app.has("eggs")
    for identifier in ("encounter-seat-1", f"encounter-place-{section.value}"):
        app.tap(identifier)
        app.wait_chosen(identifier)
    # No hand size yet: the draw waits for one and a tap says so.
    assert PT.t("ui.bag.odds.hand_needed") in app.text_of("bag-odds")
    app.tap("draw-encounter")
    app.wait_text(PT.t("ui.bag.encounter.hand_needed"))
    assert PT.t("ui.bag.reveal.none") in app.text_of("token-reveal")
    # Quick taps all count, the last one wins: a refresh patches the screen in place.
    for hand in (4, 2, HAND):
        app.tap(f"encounter-hand-{hand}")
    app.wait_until(lambda: _hand_shown(app, PT, HAND), "the last of three quick taps")
    expected_lighting = PT.t("ui.bag.encounter.unpowered", section=section.value)
    app.wait_until(lambda: expected_lighting in app.text_of("encounter-lighting"), "the Darkness hint")
    odds_text = app.text_of("bag-odds")
    assert PT.t("ui.bag.odds.surprise", hand=HAND) in odds_text
    _shots(app, "bag-form-pt-desktop", screenshots)

    app.tap("draw-encounter")
    announced = _dismiss_all(app, settle_ms=1200)
    app.wait_for_id("surprise-attack")
    verdict = app.text_of("surprise-attack")
    reveal = app.text_of("token-reveal")
    assert PT.t(f"intruder.{encounter.kind}") in reveal
    assert encounter.result is DrawResult.PLACED
    if encounter.surprise_attack:
        assert PT.upper(PT.t("ui.bag.surprise.yes")) in verdict
        # The banner says it, large, on this screen: no announcement to dismiss as well.
        who = PT.t("ui.common.player_character", name=NAMES[0], character=PT.t("character.hacker"))
        assert not any(PT.t("announce.bag.surprise_attack", character=who, hand=HAND,
                            applied=encounter.applied) in text for text in announced)
    else:
        assert PT.t("ui.bag.surprise.no") in verdict and PT.upper(PT.t("ui.bag.surprise.yes")) not in verdict
    assert PT.t("ui.bag.reveal.why_unpowered", section=section.value, applied=encounter.applied) in reveal
    assert app.has("surprise-attack-resolve") == bool(encounter.surprise_attack)
    # The next encounter asks for its hand size again.
    app.wait_until(lambda: PT.t("ui.bag.odds.hand_needed") in app.text_of("bag-odds"), "the hand size unset")
    _shots(app, "bag-reveal-pt-desktop", screenshots, parts=2)

    page.set_viewport_size(PHONE)
    app.wait_for_id("token-reveal")
    _shots(app, "bag-form-pt-phone", screenshots)
    _shots(app, "bag-reveal-pt-phone", screenshots, parts=4, start="token-reveal")

    # Bag development (Event Phase step 10; no phase running here, so the plain command).
    app.tap("bag-development")
    _dismiss_all(app, settle_ms=1200)
    if development.kind == "queen":
        app.tap("queen-in-nest-no")
    heading = PT.t("ui.bag.reveal.development")
    app.wait_until(lambda: heading in app.text_of("token-reveal"), "the development's token")
    assert PT.t(f"intruder.{development.kind}") in app.text_of("token-reveal")
    _shots(app, "bag-development-pt-phone", screenshots, start="token-reveal")
    page.set_viewport_size(DESKTOP)
    app.wait_for_id("token-reveal")
    _shots(app, "bag-development-pt-desktop", screenshots)

    # History lists both draws; back to the table in one tap.
    history = app.text_of("bag-history")
    assert PT.t("ui.bag.history.title") in history
    # The resize above rebuilds the screen in the wide layout: a tap during it can be lost.
    app.tap_until("bag-back", lambda: app.has("advance-time"), "the table")
    assert app.has("open-bag") and app.has("bag-development")


TR = Translator("tr")


def _board_count(app: FlutterPage, kind: str) -> int | None:
    """The count on the board panel; None while an announcement hides the screen."""
    if app.has("announcement"):
        _dismiss_all(app, settle_ms=200)
    if not app.has(f"board-{kind}"):
        return None
    match = re.search(r"(\d+)/\d+", app.text_of(f"board-{kind}"))
    return int(match.group(1)) if match else None


def test_turkish_physical_bag_reports_tokens_and_adults_retreat(app_url, flutter: FlutterPage, screenshots):
    """A physical bag: the table reports what came out; all 8 Adults out -> the Adults retreat."""
    app = flutter
    page = app.page
    page.set_viewport_size(PHONE)
    app.open(app_url)
    _home(app)
    if not app.has("language") or TR.t("ui.home.new_game") not in app.text():
        app.tap("language")
        app.tap("language-tr")
    app.wait_text(TR.t("ui.home.new_game"))
    app.tap("new-game")
    app.wait_for_id("player-name-1")
    app.type_into("player-name-1", "Ayşe")
    app.type_into("player-name-2", "Barış")
    app.tap("setup-bag-physical")
    app.wait_text(TR.t("ui.bag.setup.physical_help"))
    app.tap("setup-contamination-app")
    app.wait_enabled("start-game")  # once the choice reached the app
    app.tap("start-game")
    app.wait_for_id("open-bag")
    _dismiss_all(app)
    app.tap("open-bag")
    app.wait_for_id("draw-encounter")
    assert TR.t("ui.bag.mode_physical") in app.text_of("bag-mode")

    # Cards place 8 Adults; a 9th must be placed: the Adults retreat (a dialog after the announcement).
    for count in range(1, 9):
        app.tap("place-adult")
        if count == 1:  # the first intruder on the board is the objective-choice moment
            # The wording depends on the game mode the wizard chose.
            firsts = [TR.t(f"announce.first_encounter{mode}") for mode in ("", "_solo", "_coop")]
            _dismiss_all(app, until=lambda seen: any(first in text for first in firsts for text in seen))
        app.wait_until(lambda: _board_count(app, "adult") == count, f"{count} Adults on the board")
    app.tap("place-adult")
    retreat = TR.t("announce.bag.adults_retreat", kind="adult", maximum=8)
    _dismiss_all(app, until=lambda seen: any(retreat in text for text in seen))
    app.wait_for_id("adults-retreat-0")
    app.screenshot(screenshots / "bag-retreat-tr-phone.png")
    app.tap("adults-retreat-2")
    app.wait_gone("adults-retreat-2")
    app.wait_until(lambda: _board_count(app, "adult") == 7, "8 - 2 + 1 Adults")

    # An encounter on the emergency stairs: the table reports the Queen (4/4: always a Surprise Attack at 3).
    # Nothing is chosen before the table chooses: who, then where.
    assert app.by_id("encounter-seat-1").get_attribute("aria-current") != "true"
    app.tap("encounter-seat-1")
    app.tap("encounter-place-STAIRS")
    app.wait_until(lambda: TR.t("ui.bag.encounter.stairs") in app.text_of("encounter-lighting"), "stairs hint")
    _pick_hand(app, TR, 3)
    app.tap("draw-encounter")
    app.wait_for_id("outcome-blank")
    assert not app.has("outcome-breeder-2-4")  # only what can still be in the bag is offered
    app.screenshot(screenshots / "bag-outcome-tr-phone.png")
    app.tap("outcome-queen-4-4")
    _dismiss_all(app, settle_ms=1200)
    app.wait_for_id("surprise-attack")
    assert TR.upper(TR.t("ui.bag.surprise.yes")) in app.text_of("surprise-attack")
    assert TR.t("intruder.queen") in app.text_of("token-reveal")
    _shots(app, "bag-reveal-tr-phone", screenshots, start="token-reveal")
    page.set_viewport_size(DESKTOP)
    app.wait_for_id("token-reveal")
    _shots(app, "bag-reveal-tr-desktop", screenshots)

    # One tap to the attack screen, filled in: the Queen attacks Ayşe on the stairs, by surprise.
    app.tap_until("surprise-attack-resolve", lambda: app.has("attack-resolve"), "the attack screen")
    assert TR.t("ui.events.lighting.stairs") in app.text_of("attack-lighting")
    app.screenshot(screenshots / "bag-surprise-attack-tr-desktop.png")
    app.tap("events-back")
    app.wait_for_id("token-reveal")
