"""A scripted 3-player game in Portuguese at phone size (390×844, and again at 360×640),
every tap counted.

Ana (Hacker), Bruno (Zelador) and Carla (Xenobióloga) play two full rounds and a third
Event Phase (the script and its seed: tests/support/round_flow_seed.py):

* round 1: a Power token flipped, Ana meets a Larva, +1 Knowledge; Event Phase: the
  Larva attacks Ana, an Event card, a bag development whose Noise roll brings Bruno an
  encounter that ends in a Surprise Attack;
* round 2: Backup Power, Fire +1, Carla meets an intruder; Event Phase: it attacks her,
  an injury check in the Fire, an Event card, a development;
* round 3: an Event Phase with nothing to resolve.

Every click the test makes counts, announcements dismissed included; the counts are
printed (`pytest -s` shows them) and held to the targets below. On every runner step
reached, the status strip and the runner's header name the same round, and the strip
is on screen, and each main action the script taps (*Continue*, *Resolve*, *Draw*, the
Nest question) is wholly on screen before it is tapped, with no scroll to find it.
Screenshots go to test-artifacts/screenshots/round-*.png.
"""
from __future__ import annotations

import shutil
import time
from pathlib import Path

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from companion.engine.phase.model import EventStep
from companion.i18n.translator import Translator
from companion.rules import load_rules
from tests.support.round_flow_seed import (
    ANA_HAND,
    BRUNO_HAND,
    BRUNO_PLACE,
    CARLA_HAND,
    CARLA_PLACE,
    PLAYERS,
    find_seed,
    play,
)

from .flutter_page import PHONE, FlutterPage
from .slowness import scaled_ms

pytestmark = pytest.mark.browser

PT = Translator("pt-BR")
TR = Translator("tr")
# Taps allowed per part (the Event Phase with nothing to resolve, round 2's Event Phase,
# and from a Surprise Attack's reveal to the attack resolved).
TARGETS = {"round 3 Event Phase": 6, "round 2 Event Phase": 12, "Surprise Attack": 2}
WAIT = 30.0
README_SCREENS = Path(__file__).resolve().parent / "readme-screens"
SMALL = {"width": 360, "height": 640}
# Each step's main action: on screen without a scroll whenever the script taps it.
MAIN_ACTIONS = frozenset({"event-continue", "event-attack-resolve", "attack-resolve", "injury-resolve",
                          "draw-encounter", "surprise-attack-resolve", "event-nest-fire-no"})


class Table:
    """The app at phone size, with every click counted against the current part."""

    def __init__(self, app: FlutterPage, screenshots, size: str = "phone") -> None:
        self.app = app
        self.screenshots = screenshots
        self.size = size
        self.counts: dict[str, int] = {}
        self.part = ""
        self.announced: list[str] = []

    def begin(self, part: str) -> None:
        self.part = part
        self.counts[part] = 0

    def tap(self, identifier: str) -> None:
        """A main action is tapped where it stands; any other control is first scrolled
        near the top, clear of the footer pinned at the bottom edge (a click there would
        land on the footer)."""
        app = self.app
        if identifier in MAIN_ACTIONS:
            app.wait_until(lambda: in_view(app, identifier), f"{identifier} on screen without a scroll")
            box = app.by_id(identifier).bounding_box()
        else:
            box = self._scroll_clear(identifier)
        app.page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        self.counts[self.part] += 1

    def _scroll_clear(self, identifier: str) -> dict:
        """Scroll until the control's centre is below the status strip and in the upper
        part of the window, above any footer pinned at the bottom edge; its box."""
        app = self.app
        app.wait_for_id(identifier)
        if not app.has("status-strip") or app.has("confirm-ok"):
            return app.scroll_into_view(identifier)  # no game screen under it: nothing pinned
        view = app.page.viewport_size
        strip = app.by_id("status-strip").bounding_box()
        low = (strip["y"] + strip["height"] + 10) if strip else 70
        high = max(low + 60, view["height"] * 0.6)
        box, last_y = None, None
        for _ in range(30):
            box = app.by_id(identifier).bounding_box()
            if box is not None and box["height"] > 0:
                centre = box["y"] + box["height"] / 2
                if low <= centre <= high or box["y"] == last_y:
                    break  # in the band, or nothing scrolls it further (a short page)
                last_y = box["y"]
                app.page.mouse.move(view["width"] / 2, (low + high) / 2)
                app.page.mouse.wheel(0, centre - (low + high) / 2)
            app.pause(150)
        assert box is not None, f"{identifier!r} has no box"
        return box

    def type(self, identifier: str, text: str) -> None:
        self.app.type_into(identifier, text)  # one tap to focus the field
        self.counts[self.part] += 1

    def settle(self, ready, what: str, timeout: float = WAIT) -> None:
        """Wait for `ready()`, dismissing announcements (each a counted tap); a page must
        stay clear of them for a moment to count as ready."""
        app = self.app
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if app.has("announcement"):
                self.announced.append(f"{self.part}: {' '.join(app.text_of('announcement').split())[:90]}")
                self.tap("announcement-ok")
                app.wait_gone("announcement")
                continue
            if ready():
                app.pause(400)
                if not app.has("announcement") and ready():
                    return
                continue
            app.page.wait_for_timeout(100)
        raise AssertionError(f"timed out waiting for {what}")

    def read(self, identifier: str) -> str:
        """The text of a control now ("" when it is not there: an announcement may have
        just covered the screen)."""
        try:
            return self.app.by_id(identifier).evaluate(
                "e => e.innerText + ' ' + Array.from(e.querySelectorAll('[aria-label]'))"
                ".map(x => x.getAttribute('aria-label')).join(' ') + ' ' + (e.getAttribute('aria-label') || '')",
                timeout=scaled_ms(2000))
        except PlaywrightTimeout:
            return ""

    def selected(self, identifier: str) -> bool:
        try:
            return self.app.by_id(identifier).get_attribute("aria-current", timeout=scaled_ms(2000)) == "true"
        except PlaywrightTimeout:
            return False

    def choose(self, identifier: str) -> None:
        """Pick an option, unless the screen already shows it picked (nobody taps that)."""
        if not self.selected(identifier):
            self.tap(identifier)
            self.settle(lambda: self.selected(identifier), f"{identifier} selected")

    def shot(self, name: str, *, readme: bool = False) -> None:
        """A screenshot; with `readme`, the small phone's copy also goes to the README's."""
        path = self.screenshots / f"round-{name.replace('-phone', '-' + self.size)}.png"
        self.app.screenshot(path)
        if readme and self.size == "small":
            README_SCREENS.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, README_SCREENS / path.name)


def _who(seat: int) -> str:
    """How results name a player: "Bruno (Zelador)"."""
    name, character = PLAYERS[seat - 1]
    return PT.t("ui.common.player_character", name=name, character=PT.name("character", character))


def _step_title(step: int) -> str:
    return PT.t("ui.events.step_title", step=step, name=PT.t(EventStep(step).key))


def _on_step(table: Table, step: int) -> bool:
    app = table.app
    if not app.has("event-step-panel") or app.has("announcement"):
        return False
    return _step_title(step) in table.read("event-step-panel") and table.selected(f"event-step-{step}")


def _on_table(table: Table) -> bool:
    """The table screen, with no Event Phase running."""
    app = table.app
    return (app.has("event-phase") and not app.has("event-step-panel")
            and PT.t("ui.events.panel.start") in table.read("event-phase"))


def in_view(app: FlutterPage, identifier: str) -> bool:
    """The control is wholly inside the window as it stands."""
    try:
        box = app.by_id(identifier).bounding_box(timeout=scaled_ms(2000))
    except PlaywrightTimeout:
        return False
    view = app.page.viewport_size
    return (box is not None and box["height"] > 0 and box["y"] >= 0 and box["x"] >= 0
            and box["y"] + box["height"] <= view["height"] + 0.5 and box["x"] + box["width"] <= view["width"] + 0.5)


def token_in_view(app: FlutterPage) -> bool:
    """The drawn token's top part (its first 60 pixels) is inside the window as it stands."""
    try:
        box = app.by_id("token-reveal").bounding_box(timeout=scaled_ms(2000))
    except PlaywrightTimeout:
        return False
    return box is not None and 0 <= box["y"] and box["y"] + 60 <= app.page.viewport_size["height"]


def strip_in_view(app: FlutterPage) -> bool:
    """The status strip is drawn inside the viewport, not scrolled off."""
    box = app.by_id("status-strip").bounding_box()
    view = app.page.viewport_size
    return (box is not None and box["height"] > 0 and box["y"] >= 0
            and box["y"] + box["height"] <= view["height"] and box["x"] >= 0
            and box["x"] + box["width"] <= view["width"])


def _same_round_everywhere(table: Table, round_number: int) -> None:
    """The strip and the runner's header name the phase's round, and no other."""
    app = table.app
    assert strip_in_view(app)
    strip = app.text_of("status-round")
    whole = app.text()
    assert PT.t("ui.status.round", round=round_number) in strip
    assert PT.t("ui.events.title_round", round=round_number) in whole
    for other in range(1, 8):
        if other != round_number:
            assert PT.t("ui.status.round", round=other) not in strip
            assert PT.t("ui.events.title_round", round=other) not in whole


def _at_step(table: Table, step: int, round_number: int) -> None:
    table.settle(lambda: _on_step(table, step), f"step {step}")
    _same_round_everywhere(table, round_number)
    # The strip names the phase and the step the runner is at.
    phase = PT.t("ui.table_screen.phase.event", step=step, name=PT.t(EventStep(step).key))
    assert phase in table.app.text_of("status-phase")


# How the strip names the First Player who just took the token ("" for who: its words only).
NEW_FIRST_PLAYER = PT.t("ui.table_screen.new_first_player", who="").strip()


def _first_player(table: Table) -> str:
    return table.read("status-first-player")


@pytest.fixture(scope="module")
def scripted():
    rules = load_rules()
    seed = find_seed(rules)
    _game, draws = play(seed, rules)
    return seed, draws


def _setup(table: Table, seed: int) -> None:
    app = table.app
    table.begin("setup")
    app.wait_for_id("new-game")
    if PT.t("ui.home.new_game") not in app.text():
        table.tap("language")
        table.tap("language-pt-BR")
        app.wait_text(PT.t("ui.home.new_game"))
    table.tap("new-game")
    app.wait_for_id("player-name-1")
    for seat, (name, _character) in enumerate(PLAYERS, start=1):
        if seat > 2:
            table.tap("add-player")
            app.wait_for_id(f"player-name-{seat}")
        table.type(f"player-name-{seat}", name)
    table.tap("player-character-3")
    table.tap(f"character-option-{PLAYERS[2][1]}")
    app.wait_gone(f"character-option-{PLAYERS[2][1]}")
    table.type("setup-seed", str(seed))
    table.tap("setup-contamination-app")  # nothing is chosen for the table: one tap
    app.wait_enabled("start-game")  # once the choice reached the app
    table.tap("start-game")
    table.settle(lambda: app.has("event-phase"), "the table")


def _encounter(table: Table, seat: int, place: str, hand: int) -> None:
    """On the bag screen or at step 10: who, where, how many cards, then the draw."""
    table.choose(f"encounter-seat-{seat}")
    table.choose(f"encounter-place-{place}")
    table.choose(f"encounter-hand-{hand}")
    table.tap("draw-encounter")


@pytest.mark.parametrize("size", ["phone", "small"], ids=["390x844", "360x640"])
def test_two_rounds_in_portuguese_at_phone_size(app_url, flutter: FlutterPage, screenshots, scripted, size):
    seed, draws = scripted
    app = flutter
    viewport = PHONE if size == "phone" else SMALL
    app.page.set_viewport_size(viewport)
    app.open(app_url)
    table = Table(app, screenshots, size)
    _setup(table, seed)

    # ---- Round 1, Player Phase.
    table.begin("round 1 Player Phase")
    # Round 1: the first seat holds the token, and nothing says it is new.
    assert PT.t("ui.table_screen.phase.player") in app.text_of("status-phase")
    assert PT.t("ui.table_screen.first_player", who=_who(1)) in _first_player(table)
    assert NEW_FIRST_PLAYER not in _first_player(table)
    flipped = draws.flipped.value
    table.tap(f"power-flip-{flipped}")
    table.settle(lambda: PT.t("power_state.off") in table.read(f"power-{flipped}"), "the power flipped")
    table.tap("open-bag")
    table.settle(lambda: app.has("draw-encounter") or app.has("encounter-seat-1"), "the bag")
    _encounter(table, 1, flipped, ANA_HAND)
    table.settle(lambda: app.has("surprise-attack") and PT.t("intruder.larva") in table.read("token-reveal"),
                 "Ana's Larva")
    app.wait_until(lambda: token_in_view(app), "the drawn token in view")
    table.shot("bag-drawn-pt-phone", readme=True)
    assert PT.t("ui.bag.surprise.no") in app.text_of("surprise-attack")
    table.tap("bag-back")
    table.settle(lambda: app.has("crew-knowledge-up-1"), "the table")
    table.tap("crew-knowledge-up-1")
    rules = load_rules()
    knowledge = PT.t("ui.crew.knowledge", value=rules.character(PLAYERS[0][1]).knowledge + 1,
                     maximum=rules.knowledge.maximum)
    table.settle(lambda: knowledge in table.read("crew-1"), "Ana's Knowledge up by one")

    # ---- Round 1, Event Phase: a Larva attack, an Event card, a development.
    table.begin("round 1 Event Phase")
    table.tap("event-phase")
    _at_step(table, 5, 1)
    table.shot("step5-pt-phone")
    table.tap("event-continue")  # Time moves; Noise goes by in the same tap
    _at_step(table, 7, 1)
    assert app.has("event-noise-done")
    table.shot("step7-pt-phone")
    table.tap("event-attack-pick-larva-1")
    table.settle(lambda: app.has("event-attack-resolve"), "the Larva's attack chosen")
    table.tap("event-attack-resolve")
    table.settle(lambda: app.has("attack-verdict"), "the infestation")
    assert PT.upper(PT.t("ui.events.attack.infested")) in app.text_of("attack-verdict")
    assert _who(1) in app.text_of("attack-verdict")
    table.shot("step7-attack-pt-phone")
    table.tap("event-continue")  # no Fire on the board: step 8 goes by, the Event card is drawn
    _at_step(table, 9, 1)
    assert app.has("event-card") and app.has("event-fire-done")
    table.shot("step9-pt-phone")
    table.tap("event-continue")  # the card discarded, the bag develops
    _at_step(table, 10, 1)
    table.settle(lambda: app.has("token-reveal") and app.has("encounter-seat-2"), "the Noise roll")
    table.shot("step10-pt-phone")
    _encounter(table, 2, BRUNO_PLACE.value, BRUNO_HAND)
    table.settle(lambda: app.has("surprise-attack-resolve"), "the Surprise Attack")
    app.wait_until(lambda: token_in_view(app), "the drawn token in view")
    assert PT.upper(PT.t("ui.bag.surprise.yes")) in app.text_of("surprise-attack")
    table.shot("surprise-pt-phone", readme=True)

    # From the reveal to the resolved attack, with the intruder that came out.
    ep1 = table.counts[table.part]
    table.begin("Surprise Attack")
    table.tap("surprise-attack-resolve")
    table.settle(lambda: app.has("attack-resolve"), "the attack screen")
    kind = str(draws.surprise_kind)
    assert table.selected(f"attack-attacker-{kind}") and table.selected("attack-seat-2")
    assert table.selected(f"attack-place-{BRUNO_PLACE.value}") and table.selected("attack-target-surprise")
    table.tap("attack-resolve")
    table.settle(lambda: app.has("attack-verdict"), "the attack's verdict")
    assert _who(2) in app.text_of("attack-verdict")
    assert PT.t(f"intruder.{kind}") in app.text_of("attack-verdict")
    table.shot("surprise-attack-pt-phone")

    table.begin("round 1 Event Phase")
    table.counts[table.part] = ep1
    table.tap("events-back")
    _at_step(table, 10, 1)
    assert app.has("event-round-end-ahead")
    table.tap("event-continue")  # steps 10 and 11: the round ends
    table.settle(lambda: _on_table(table), "the table")
    assert PT.t("ui.status.round", round=2) in app.text_of("status-round")
    # Round 2's Player Phase opens by naming the new First Player (the token passed left).
    assert PT.t("ui.table_screen.new_first_player", who=_who(2)) in _first_player(table)
    assert PT.t("ui.table_screen.phase.player") in app.text_of("status-phase")

    # ---- Round 2, Player Phase: Backup Power, Fire +1, Carla's encounter.
    table.begin("round 2 Player Phase")
    table.tap("restore-power")
    table.settle(lambda: app.has("confirm-ok"), "the Backup Power dialog")
    table.shot("restore-power-pt-phone")
    table.tap("confirm-ok")
    table.settle(lambda: PT.t("ui.track.backup_on") in app.text(), "Backup Power on")
    table.tap("fire-place")
    table.settle(lambda: "1/" in table.read("fire-count"), "one Fire marker")
    table.tap("open-bag")
    table.settle(lambda: app.has("encounter-seat-3"), "the bag")
    _encounter(table, 3, CARLA_PLACE.value, CARLA_HAND)
    carla = str(draws.carla_kind)
    table.settle(lambda: app.has("surprise-attack") and PT.t(f"intruder.{carla}") in table.read("token-reveal"),
                 "Carla's encounter")
    app.wait_until(lambda: token_in_view(app), "the drawn token in view")
    table.tap("bag-back")
    table.settle(lambda: _on_table(table), "the table")

    # ---- Round 2, Event Phase: an attack, an injury check, an Event card, a development.
    table.begin("round 2 Event Phase")
    table.tap("event-phase")
    _at_step(table, 5, 2)
    table.tap("event-continue")
    _at_step(table, 7, 2)
    table.tap(f"event-attack-pick-{carla}-3")
    table.settle(lambda: app.has("event-attack-resolve"), "the attack chosen")
    table.tap("event-attack-resolve")
    table.settle(lambda: app.has("attack-verdict"), "the attack's verdict")
    assert _who(3) in app.text_of("attack-verdict")
    table.tap("event-continue")
    _at_step(table, 8, 2)  # a Fire marker on the board: the injury check and the Nest question
    table.shot("step8-pt-phone")
    table.choose(f"injury-intruder-{carla}")
    table.tap("injury-count-up")  # the count opens empty: her one injury
    table.tap("injury-resolve")
    table.settle(lambda: app.has("injury-verdict"), "the injury check's verdict")
    table.shot("step8-injury-pt-phone", readme=True)
    table.tap("event-nest-fire-no")  # the answer also goes on: the Event card is drawn
    _at_step(table, 9, 2)
    assert app.has("event-card")
    table.tap("event-continue")
    _at_step(table, 10, 2)
    table.settle(lambda: app.has("token-reveal"), "the development")
    table.tap("event-continue")
    table.settle(lambda: _on_table(table), "the table")

    # ---- Round 3: an Event Phase with nothing to resolve.
    table.begin("round 3 Event Phase")
    table.tap("event-phase")
    _at_step(table, 5, 3)
    table.tap("event-continue")
    _at_step(table, 7, 3)
    table.tap("event-continue")
    _at_step(table, 8, 3)
    table.tap("event-nest-fire-no")
    _at_step(table, 9, 3)
    table.tap("event-continue")
    _at_step(table, 10, 3)
    table.shot("step10-nothing-pt-phone")
    table.tap("event-continue")
    table.settle(lambda: _on_table(table), "the table")
    assert PT.t("ui.status.round", round=4) in app.text_of("status-round")

    print(f"\ntaps per part (3 players, Portuguese, {viewport['width']}×{viewport['height']}):")
    for part, count in table.counts.items():
        print(f"  {part}: {count}" + (f" (target ≤ {TARGETS[part]})" if part in TARGETS else ""))
    print("announcements dismissed (each one tap, counted above):")
    for line in table.announced:
        print(f"  {line}")
    for part, target in TARGETS.items():
        assert table.counts[part] <= target, (part, table.counts[part])

    # ---- The glance stays on screen: table, bag, decks and runner, in both languages.
    for texts, lang in ((PT, "pt"), (TR, "tr")):
        if texts is TR:
            app.tap("language")
            app.tap("language-tr")
            app.wait_text(TR.t("ui.events.panel.decks"))
        screens = (("table", None), ("bag", "open-bag"), ("decks", "decks"), ("runner", "event-phase"))
        for name, opener in screens:
            if opener is not None:
                app.tap(opener)
            back = {"bag": "bag-back", "decks": "events-back", "runner": "events-back"}.get(name)
            app.wait_until(lambda: app.has(back) if back else app.has("event-phase"), name)
            app.scroll_by(3000)  # as far down as the screen goes
            app.wait_until(lambda: strip_in_view(app), f"the status strip on the {name} screen")
            assert texts.t("ui.status.round", round=4) in app.text_of("status-round")
            app.screenshot(screenshots / f"round-strip-{name}-{lang}-{size}.png")
            if back:
                app.tap(back)
                app.wait_for_id("event-phase")
            app.scroll_top()

    # ---- Undo says what it took back (the round-4 Event Phase started above); redo puts it back.
    app.tap("undo")
    app.wait_for_id("undo-notice")
    started = TR.t("log.event_phase.started", round=4)
    assert TR.t("ui.common.undone", what=started) in app.text_of("undo-notice")
    app.wait_until(lambda: TR.t("ui.events.panel.start") in table.read("event-phase"), "no Event Phase")
    app.screenshot(screenshots / f"round-undo-notice-tr-{size}.png")
    app.tap("redo")
    resume = TR.t("ui.events.panel.resume", step=5, name=TR.t(EventStep.TIME.key))
    app.wait_until(lambda: resume in table.read("event-phase"), "the phase back at step 5")
    # Redo took back the undo: its notice goes with it, well before its own 6 s would end.
    app.wait_gone("undo-notice", timeout=4)
