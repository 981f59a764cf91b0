"""A Surprise Attack is resolved once, in the browser, on a 360×640 phone, in Portuguese and
in Turkish (and on a tablet): the Queen in the Nest at step 10 makes one; it is resolved from the runner's
footer; back at the step, and on the bag screen in the next round, nothing offers it again
and its banner reads as past."""
from __future__ import annotations

import pytest

from companion.engine import GameSession
from companion.engine import commands as c
from companion.engine.bag.model import Place, TokenOutcome
from companion.engine.phase.model import EventEffect, EventStep
from companion.i18n.translator import Translator
from companion.rules import load_rules
from companion.store import GameStore
from tests.conftest import setup_command

from .conftest import CHROMIUM, running_app
from .flutter_page import FlutterPage

pytestmark = pytest.mark.browser

RULES = load_rules()
SMALL = {"width": 360, "height": 640}
TABLET = {"width": 1024, "height": 768}
TEXTS = {"pt-BR": Translator("pt-BR"), "tr": Translator("tr")}


def _at_step_10_with_the_queen_in_the_nest() -> GameSession:
    """A physical-bag game at step 10 whose development drew the Queen, with Player 3 in the
    Nest and no card in hand: a Surprise Attack is owed."""
    game = GameSession.start(setup_command(players=3, seed=5).model_copy(update={"physical_bag": True}), RULES)
    game.execute(c.StartEventPhase())
    tracked = {effect.value for effect in EventEffect}
    plain = next(spec.id for spec in RULES.event_cards if spec.card not in tracked)
    while game.state.event_phase.step is not EventStep.DEVELOPMENT:
        step = game.state.event_phase.step
        if step is EventStep.CSS_LAUNCH and game.state.css_launched_at != game.state.time:
            game.execute(c.EventCssLaunch(face="NONE"))
        elif step is EventStep.FIRE and game.state.event_phase.nest_fire is None:
            game.execute(c.EventFireDamage(nest_fire=False))
        elif step is EventStep.EVENT_CARD and game.state.event_phase.event_card is None:
            game.execute(c.DrawEventCard(card=plain))
        else:
            game.execute(c.ContinueEventPhase())
    game.execute(c.EventDevelopBag(outcome=TokenOutcome(kind="queen")))
    game.execute(c.AnswerQueenInNest(character_in_nest=True, seat=3, place=Place.S01, hand=0))
    assert [item.seat for item in game.state.pending] == [3]
    return game


@pytest.fixture
def owed_app(tmp_path):
    if not CHROMIUM.exists():
        from tests.support.requirements import skip_or_fail

        skip_or_fail("Debian's chromium is not installed", required_by="REQUIRE_BROWSER")
    data_dir = tmp_path / "games"
    with GameStore(data_dir, rules=RULES) as store:
        store.create(_at_step_10_with_the_queen_in_the_nest(), "Saldırı")
    with running_app(data_dir, tmp_path / "app.log") as table:
        yield table


def _wholly_in_view(app: FlutterPage, identifier: str) -> bool:
    """The control's box lies inside the window: a pinned footer never runs past its bottom."""
    box = app.by_id(identifier).bounding_box()
    view = app.page.viewport_size
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= view["height"] + 0.5


def _choose_language(app: FlutterPage, lang: str, texts: Translator) -> None:
    if lang == "tr":
        return  # the app was started in Turkish
    app.tap("language")
    app.tap(f"language-{lang}")
    app.wait_text(texts.t("ui.status.round", round=1))


@pytest.mark.parametrize("lang, size", [("pt-BR", "360"), ("tr", "360"), ("tr", "tablet")])
def test_a_surprise_attack_at_step_10_is_resolved_once(owed_app, flutter: FlutterPage, screenshots, lang, size):
    texts = TEXTS[lang]
    app = flutter
    app.page.set_viewport_size(SMALL if size == "360" else TABLET)
    app.open(owed_app)
    app.wait_past_announcements(lambda: app.has("event-phase"), "the table", timeout=60)
    _choose_language(app, lang, texts)
    app.tap("event-phase")
    app.wait_past_announcements(lambda: app.has("surprise-attack-resolve"), "the Surprise Attack at step 10")
    assert texts.upper(texts.t("ui.bag.surprise.yes")) in app.text_of("surprise-attack")
    # The step's footer, the Resolve and the way on, wholly inside the 640 px window.
    app.wait_until(lambda: _wholly_in_view(app, "surprise-attack-resolve") and _wholly_in_view(app, "event-continue"),
                   "step 10's footer inside the window")

    app.tap("surprise-attack-resolve")
    app.wait_for_id("attack-resolve")
    app.wait_chosen("attack-target-surprise")
    app.tap("attack-resolve")
    app.wait_past_announcements(lambda: app.has("attack-verdict"), "the attack's verdict")
    app.tap("events-back")

    # Back at step 10: the draw reads as past, and nothing offers the attack again.
    app.wait_past_announcements(lambda: app.has("surprise-attack") and app.has("event-continue"), "step 10")
    app.wait_until(lambda: texts.t("ui.bag.surprise.resolved") in app.text_of("surprise-attack"),
                   "the banner as past")
    assert not app.has("surprise-attack-resolve")
    app.scroll_into_view("surprise-attack")
    app.screenshot(screenshots / f"surprise-resolved-step10-{lang}-{size}.png")

    # The next round's bag screen shows the same draw as past, with no action.
    app.tap("event-continue")
    app.wait_past_announcements(lambda: app.has("open-bag"), "the table in round 2")
    app.tap("open-bag")
    app.wait_past_announcements(lambda: app.has("surprise-attack"), "the bag screen")
    assert texts.t("ui.bag.surprise.resolved") in app.text_of("surprise-attack")
    assert texts.upper(texts.t("ui.bag.surprise.yes")) not in app.text_of("surprise-attack")
    assert not app.has("surprise-attack-resolve")
    app.scroll_into_view("surprise-attack")
    app.screenshot(screenshots / f"surprise-resolved-bag-{lang}-{size}.png")
