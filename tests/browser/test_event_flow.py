"""End to end in Turkish: two full Event Phases through the runner.

The first starts with the Time token on 10 (a CSS space): the table reveals the CSS
token, moves Time (the Noise step goes by in the same tap), resolves an attack and an
injury check at step 7, goes past step 8 in the tap that leaves step 7 (no Fire marker
on the board) and finds the Event card drawn; every step names the round the phase
belongs to, step 10 and 11 the next one. The second
draws Power Surge (the seed is found with the engine, see tests/support/event_seed.py,
and typed into the setup wizard), whose one-tap effect turns the Time token inactive.
The attack form opens empty each time (nothing from the last attack) and its Resolve
waits for every answer. The second phase runs on a 360×640 phone: at every step the way
on (Continue, Resolve, the drawn token) is in view without scrolling; last, in
Portuguese on the small phone, the attack and injury forms open empty with their Resolve
in view.
Screenshots at desktop and phone size go to test-artifacts/screenshots/events-*.png; the
small phone's go to the README too (tests/browser/readme-screens/).
"""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from companion.engine.phase.model import EventStep
from companion.i18n.translator import Translator
from companion.rules import load_rules
from tests.support.event_seed import ADVANCES, CSS_FACE, PLAYERS, find_power_surge_seed, play

from .flutter_page import DESKTOP, PHONE, FlutterPage
from .slowness import scaled_ms

pytestmark = pytest.mark.browser

TR = Translator("tr")
PT = Translator("pt-BR")
# A common small Android phone.
SMALL = {"width": 360, "height": 640}
README_SCREENS = Path(__file__).resolve().parent / "readme-screens"
# Each plain advance of Time starts a round: the first Event Phase belongs to this one.
ROUND = 1 + ADVANCES


def _tap(app: FlutterPage, identifier: str) -> None:
    """Tap a control brought to the top of the window: on the runner, the attack and the
    injury screens the part that scrolls ends above the pinned footer, so a control
    scrolled only into the window's lower half may sit under it."""
    app.tap(identifier, top=True)


def _pick(app: FlutterPage, identifier: str) -> None:
    """Tap an option chip and wait until the screen shows it selected (the page re-renders)."""
    _tap(app, identifier)
    app.wait_chosen(identifier)
    app.pause(200)


def _tap_until(app: FlutterPage, identifier: str, ready, what: str, tries: int = 3) -> list[str]:
    return app.tap_until(identifier, ready, what, tries=tries, top=True)


def _choose_language(app: FlutterPage, code: str, ready, tries: int = 3) -> None:
    """Open the language menu and choose `code`; a tap on the choice closes the menu, so a
    try that showed nothing opens the menu again before tapping again."""
    option = f"language-{code}"
    for attempt in range(tries):
        if not app.has(option):
            _tap_until(app, "language", lambda: app.has(option), "the languages")
        _tap(app, option)
        try:
            app.wait_past_announcements(ready, code, timeout=8 if attempt + 1 < tries else 20)
            return
        except AssertionError:
            if attempt + 1 == tries:
                raise


def _read(app: FlutterPage, identifier: str) -> str:
    """A control's text now, "" when it is not there (an announcement may cover the screen)."""
    try:
        return app.by_id(identifier).evaluate(
            "e => e.innerText + ' ' + Array.from(e.querySelectorAll('[aria-label]'))"
            ".map(x => x.getAttribute('aria-label')).join(' ') + ' ' + (e.getAttribute('aria-label') || '')",
            timeout=scaled_ms(2000))
    except PlaywrightTimeout:
        return ""


def _step_title(step: int) -> str:
    return TR.t("ui.events.step_title", step=step, name=TR.t(EventStep(step).key))


def _on_step(app: FlutterPage, step: int) -> bool:
    """The runner shows `step`, and the status strip names it (at every size this test
    takes: desktop, 390×844 and 360×640)."""
    # Only ask for what is there: an announcement can hide the stepper at any moment.
    chip = f"event-step-{step}"
    in_strip = TR.t("ui.table_screen.phase.event", step=step, name=TR.t(EventStep(step).key))
    try:
        return (app.has("event-step-panel") and _step_title(step) in _read(app, "event-step-panel")
                and app.has(chip) and app.by_id(chip).get_attribute("aria-current", timeout=scaled_ms(2000)) == "true"
                and app.has("status-phase") and in_strip in _read(app, "status-phase"))
    except PlaywrightTimeout:
        return False


def _at_step(app: FlutterPage, step: int) -> list[str]:
    return app.wait_past_announcements(lambda: _on_step(app, step), f"step {step}")


def _continue(app: FlutterPage, next_step: int | None) -> list[str]:
    if next_step is None:
        return _tap_until(app, "event-continue", lambda: app.has("event-phase") and not app.has("event-step-panel"),
                          "the table")
    return _tap_until(app, "event-continue", lambda: _on_step(app, next_step), f"step {next_step}")


def _shot(app: FlutterPage, screenshots, name: str, anchor: str | None = None) -> None:
    if anchor is None:
        app.scroll_top()
    else:
        app.scroll_into_view(anchor, top=True)
    app.screenshot(screenshots / f"events-{name}.png")


def _in_view(app: FlutterPage, identifier: str) -> bool:
    """The control is wholly inside the window as it stands: nothing scrolled to find it."""
    box = app.by_id(identifier).bounding_box(timeout=scaled_ms(2000))
    viewport = app.page.viewport_size
    return (box is not None and box["height"] > 0 and box["y"] >= 0 and box["x"] >= 0
            and box["y"] + box["height"] <= viewport["height"] + 0.5
            and box["x"] + box["width"] <= viewport["width"] + 0.5)


def _main_action_in_view(app: FlutterPage, identifier: str) -> None:
    app.scroll_top()
    app.wait_until(lambda: _in_view(app, identifier), f"{identifier} in view without scrolling")


def _refused(app: FlutterPage, identifier: str) -> bool:
    """The control's button is shown disabled."""
    return app.by_id(identifier).evaluate(
        "e => e.getAttribute('aria-disabled') === 'true' || !!e.querySelector('[aria-disabled=\"true\"]')",
        timeout=scaled_ms(2000))


def _top_in_view(app: FlutterPage, identifier: str) -> bool:
    """The control's top part (its first 60 pixels) is inside the window as it stands."""
    box = app.by_id(identifier).bounding_box(timeout=scaled_ms(2000))
    return box is not None and 0 <= box["y"] and box["y"] + 60 <= app.page.viewport_size["height"]


def _nothing_chosen(app: FlutterPage, identifiers: list[str]) -> None:
    for identifier in identifiers:
        assert app.by_id(identifier).get_attribute("aria-current") != "true", f"{identifier} chosen before"


def _readme_copy(screenshots, name: str) -> None:
    README_SCREENS.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(screenshots / f"events-{name}.png", README_SCREENS / f"events-{name}.png")


def _new_game(app: FlutterPage, seed: int) -> None:
    app.tap("new-game")
    app.wait_for_id("player-name-1")
    for seat, (name, _character) in enumerate(PLAYERS, start=1):
        if seat > 2:
            app.tap("add-player")
            app.wait_for_id(f"player-name-{seat}")
        app.type_into(f"player-name-{seat}", name)
    app.tap("player-character-3")
    app.tap(f"character-option-{PLAYERS[2][1]}")
    app.wait_gone(f"character-option-{PLAYERS[2][1]}")
    app.type_into("setup-seed", str(seed))
    app.tap("setup-contamination-app")
    app.wait_enabled("start-game")  # once the choice reached the app
    app.tap("start-game")
    app.wait_for_id("event-phase")


@pytest.fixture(scope="module")
def seed() -> int:
    rules = load_rules()
    found = find_power_surge_seed(rules)
    assert play(found, rules) is not None
    return found


def test_two_event_phases_in_turkish(app_url, flutter: FlutterPage, screenshots, seed):
    app = flutter
    page = app.page
    app.open(app_url)
    app.wait_for_id("new-game")
    _new_game(app, seed)

    # Plain advances to 10, then Backup Power on (so Power Surge has a Time token to flip).
    for target in range(14, 15 - ADVANCES - 1, -1):
        moved = lambda target=target: TR.t("ui.track.time", slot=target) in app.text()  # noqa: E731
        # Outside the Event Phase the table is asked before Time moves.
        _tap_until(app, "advance-time", lambda: app.has("confirm-ok") or moved(), "the advance")
        if not moved():
            _tap_until(app, "confirm-ok", moved, f"time {target}")
    _tap_until(app, "restore-power", lambda: app.has("confirm-ok"), "the Backup Power dialog")
    _tap_until(app, "confirm-ok", lambda: TR.t("ui.track.backup_on") in app.text(), "backup power on")
    _shot(app, screenshots, "table-desktop")

    # ---- Phase 1 (desktop): CSS token under 10.
    _tap_until(app, "event-phase", lambda: _on_step(app, 4), "step 4")
    assert app.has("event-blocked")  # continue refused until the face is given
    assert TR.t("ui.events.css.question", slot=10) in app.text_of("event-step-panel")
    _shot(app, screenshots, "step4-desktop")
    _tap_until(app, f"event-css-face-{CSS_FACE}", lambda: app.has("confirm-ok"), "the confirmation")
    _tap_until(app, "confirm-ok", lambda: TR.t("ui.events.css.revealed", slot=10) in app.text_of("event-step-panel"),
               "revealed")
    _continue(app, 5)
    assert TR.t("ui.events.time.move", slot=10, next_slot=9) in app.text_of("event-step-panel")
    _shot(app, screenshots, "step5-desktop")
    _continue(app, 7)  # Time moves; step 6 has nothing to enter and goes by in the same tap
    assert app.has("event-noise-done") and app.has("event-noise-sections")

    # Step 7: one attack, from the runner.
    _tap_until(app, "attack", lambda: app.has("attack-resolve"), "the attack screen")
    asked = ["attack-attacker-adult", "attack-seat-1", "attack-target-standard", "attack-place-S-01"]
    _nothing_chosen(app, asked)
    for identifier in asked:
        assert _refused(app, "attack-resolve"), identifier
        _pick(app, identifier)
    assert TR.t("reminder.attack_target.standard") in app.text_of("attack-target-rule")
    assert "%" in app.text_of("attack-odds")
    _tap_until(app, "attack-resolve", lambda: app.has("attack-verdict"), "the attack's verdict")
    verdict = app.text_of("attack-verdict")
    assert TR.upper(TR.t("ui.events.attack.hit")) in verdict or TR.upper(TR.t("ui.events.attack.miss")) in verdict
    assert app.has("attack-card")
    _shot(app, screenshots, "attack-desktop")
    _tap_until(app, "events-back", lambda: _on_step(app, 7), "step 7")
    assert TR.t("ui.events.attacks.count", count=1) in app.text_of("event-step-panel")

    # An injury check, from step 7 too.
    _tap_until(app, "injury-check", lambda: app.has("injury-resolve"), "the injury screen")
    _pick(app, "injury-intruder-adult")
    _tap_until(app, "injury-count-up", lambda: "1" in app.text_of("injury-count"), "one injury", tries=1)
    _tap_until(app, "injury-count-up", lambda: "2" in app.text_of("injury-count"), "two injuries", tries=1)
    _tap_until(app, "injury-resolve", lambda: app.has("injury-verdict"), "the injury check's verdict")
    assert app.has("injury-card-1")
    _shot(app, screenshots, "injury-desktop")
    _tap_until(app, "events-back", lambda: _on_step(app, 7), "step 7")
    # No Fire marker on the board: step 8 goes by, saying so, and the Event card is drawn.
    _continue(app, 9)
    assert app.has("event-fire-done") and app.has("event-card") and not app.has("event-nest-fire-no")
    _shot(app, screenshots, "card-desktop", anchor="event-card")
    _continue(app, 10)  # the card discarded, the bag develops
    app.wait_until(lambda: app.has("token-reveal") and not app.has("event-blocked"), "development")
    _shot(app, screenshots, "step10-desktop", anchor="event-step-panel")
    # Every round started passed the First Player token on (ADVANCES plain advances, then this phase).
    name, character = PLAYERS[(ADVANCES + 1) % len(PLAYERS)]
    who = TR.t("ui.common.player_character", name=name, character=TR.t(f"character.{character}"))
    assert TR.t("ui.events.round_end.first_player_to", who=who) in app.text_of("event-round-end-ahead")
    # Time moved at step 5, yet the phase still names its own round; the next one is "next".
    assert TR.t("ui.events.title_round", round=ROUND) in app.text()
    assert TR.t("ui.status.round", round=ROUND) in app.text_of("status-round")
    assert TR.t("ui.events.round_end.next", round=ROUND + 1) in app.text_of("event-round-end-ahead")
    _continue(app, None)  # steps 10 and 11 in one tap
    assert TR.t("ui.track.time", slot=9) in app.text()
    assert TR.t("ui.status.round", round=ROUND + 1) in app.text_of("status-round")

    # ---- Phase 2 (phone): no CSS token under 09, then Power Surge.
    page.set_viewport_size(PHONE)
    app.wait_for_id("event-phase")
    _tap_until(app, "event-phase", lambda: _on_step(app, 5), "step 5")
    _main_action_in_view(app, "event-continue")
    _shot(app, screenshots, "step5-phone")
    page.set_viewport_size(SMALL)  # the rest of the phase on a small phone
    _at_step(app, 5)
    _main_action_in_view(app, "event-continue")
    _shot(app, screenshots, "step5-small")
    _readme_copy(screenshots, "step5-small")
    announced = _continue(app, 7)
    assert any(TR.t("announce.isolation_open") in text for text in announced)
    _main_action_in_view(app, "event-continue")
    # The attack and injury-check forms at phone size (no attack nor check this time):
    # the attack form holds nothing from phase 1's attack.
    _tap_until(app, "attack", lambda: app.has("attack-resolve"), "the attack screen")
    _nothing_chosen(app, asked)
    assert _refused(app, "attack-resolve")
    _main_action_in_view(app, "attack-resolve")
    _shot(app, screenshots, "attack-small")
    _readme_copy(screenshots, "attack-small")
    page.set_viewport_size(PHONE)
    app.wait_for_id("attack-resolve")
    _main_action_in_view(app, "attack-resolve")
    _shot(app, screenshots, "attack-phone")
    page.set_viewport_size(SMALL)
    _tap_until(app, "events-back", lambda: _on_step(app, 7), "step 7")
    _tap_until(app, "injury-check", lambda: app.has("injury-resolve"), "the injury screen")
    _nothing_chosen(app, ["injury-intruder-adult"])
    _main_action_in_view(app, "injury-resolve")
    _shot(app, screenshots, "injury-phone")
    _tap_until(app, "events-back", lambda: _on_step(app, 7), "step 7")
    _continue(app, 9)
    assert TR.t("ui.track.backup_on") in app.text_of("event-status")
    assert app.has("event-card")
    card = app.text_of("event-card")
    assert TR.t("event_card.name.power_surge") in card
    assert TR.t("event_card.effect.power_surge") in card
    assert app.has("event-blocked")  # the effect must be applied first
    # The card's effect, the step's main action, is brought into view when the card comes.
    app.wait_until(lambda: _in_view(app, "event-effect-power_surge"), "the effect in view")
    _shot(app, screenshots, "power-surge-phone", anchor="event-card")
    announced = _tap_until(app, "event-effect-power_surge",
                           lambda: TR.t("ui.track.backup_off") in _read(app, "event-status"), "Time inactive")
    assert any(TR.t("announce.power_surge") in text for text in announced)
    assert not app.has("event-effect-power_surge")
    _main_action_in_view(app, "event-continue")
    _shot(app, screenshots, "power-surge-done-phone")
    page.set_viewport_size(DESKTOP)
    _at_step(app, 9)
    _shot(app, screenshots, "power-surge-done-desktop", anchor="event-card")
    page.set_viewport_size(SMALL)
    _at_step(app, 9)
    _continue(app, 10)
    app.wait_until(lambda: app.has("token-reveal") and not app.has("event-blocked"), "development")
    # The drawn token is brought into view, and the way on stays at the bottom edge.
    app.wait_until(lambda: _top_in_view(app, "token-reveal"), "the drawn token in view")
    app.wait_until(lambda: _in_view(app, "event-continue"), "continue in view")
    _shot(app, screenshots, "step10-phone")
    _readme_copy(screenshots, "step10-phone")
    _continue(app, None)
    assert TR.t("ui.track.backup_off") in app.text()

    # The decks: both Event cards in the discard pile, the attack and injury history.
    _tap_until(app, "decks", lambda: app.has("deck-event-discard"), "the decks")
    discard = app.text_of("deck-event-discard")
    assert TR.t("event_card.name.power_surge") in discard
    assert TR.t("log.event.drawn", number=18, event_card="power_surge") in app.text_of("deck-history")
    _shot(app, screenshots, "decks-phone")
    _shot(app, screenshots, "decks-odds-phone", anchor="deck-odds")
    # The discard pile is browsable: a tap shows the card, large.
    _tap_until(app, "deck-card-event-power_surge", lambda: app.has("deck-card"), "the card")
    assert TR.t("event_card.effect.power_surge") in app.text_of("deck-card")
    app.screenshot(screenshots / "events-deck-card-phone.png")
    _tap_until(app, "confirm-ok", lambda: not app.has("deck-card"), "the card closed")
    page.set_viewport_size(DESKTOP)
    app.wait_for_id("deck-attack-discard")
    _shot(app, screenshots, "decks-desktop")
    _tap_until(app, "events-back", lambda: app.has("event-phase"), "the table")

    # ---- In Portuguese on the small phone: the attack and injury forms open empty, their
    # Resolve in view without scrolling.
    page.set_viewport_size(SMALL)
    _choose_language(app, "pt-BR", lambda: PT.t("ui.events.panel.attack") in app.text())
    _tap_until(app, "attack", lambda: app.has("attack-resolve"), "the attack screen")
    _nothing_chosen(app, asked)
    assert _refused(app, "attack-resolve")
    _main_action_in_view(app, "attack-resolve")
    _shot(app, screenshots, "attack-pt-small")
    _readme_copy(screenshots, "attack-pt-small")
    _tap_until(app, "events-back", lambda: app.has("injury-check"), "the table")
    _tap_until(app, "injury-check", lambda: app.has("injury-resolve"), "the injury screen")
    _nothing_chosen(app, ["injury-intruder-adult"])
    assert _refused(app, "injury-resolve")
    _main_action_in_view(app, "injury-resolve")
    _shot(app, screenshots, "injury-pt-small")
    _readme_copy(screenshots, "injury-pt-small")
