"""The Intruder bag screen: renders in both languages at phone and desktop widths, shows
the engine's verdicts (applied number, Surprise Attack), offers what the rules allow,
asks the bag's questions as dialogs and reaches the bag from the table in one tap."""
from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import flet as ft
import pytest

from companion.engine import NewGame, PlayerSetup, Section
from companion.engine.bag.model import Awaiting, DrawResult, Lighting, Place, TokenOutcome
from companion.engine.commands import (
    AnswerQueenInNest,
    DevelopBag,
    EventDevelopBag,
    FlipPower,
    PlaceIntruder,
    RecordDeath,
    ResolveEncounter,
    SetShowOdds,
)
from companion.engine.bag.odds import bag_odds
from companion.engine.phase.model import EventStep
from companion.i18n.catalog import load_catalog
from companion.ui import ids, theme
from companion.ui.announcements import Announcer
from companion.ui.bag.draft import HAND_MAX, draft_of
from companion.ui.bag.panels import history_entries
from companion.ui.bag.questions import QuestionPrompter
from tests.support.screens import build_wizard, build_bag_screen, build_table
from companion.ui.events.draft import ATTACK
from companion.ui.events.draft import draft_of as events_draft_of
from companion.ui.i18n_view import Texts
from companion.ui.kit.numbers import percent
from companion.ui.setup_wizard import SetupWizard
from tests.support.deck_helpers import next_runner_command

from .ui_tree import check_texts, enabled, fire, identifiers, make_context, make_controller, page_app, strings, walk
from companion.ui.bag import ids as bag_ids
from companion.ui.table import ids as table_ids

WIDTHS = (390, 1280)
LANGS = ("pt-BR", "tr")
LAYOUT = {Section.S01: 1, Section.S02: 2, Section.S03: 3, Section.ELEVATOR: 4}  # S-03, Elevator dark
CHARACTERS = ("hacker", "janitor", "sentry", "xenobiologist")


def _setup(*, physical: bool = False, players: int = 4, show_odds: bool = True) -> NewGame:
    return NewGame(players=tuple(PlayerSetup(name=f"P{i + 1}", character=CHARACTERS[i]) for i in range(players)),
                   seed=7, power_layout=LAYOUT, physical_bag=physical, show_odds=show_odds)


@pytest.fixture
def controller(tmp_path):
    return make_controller(tmp_path)


def _find(control, identifier: str):
    """The Semantics node carrying `identifier` (its content is the control)."""
    found = [item for item in walk(control) if isinstance(item, ft.Semantics) and item.identifier == identifier]
    assert found, f"no {identifier!r} in the tree"
    return found[0]


def _click(control, identifier: str) -> None:
    node = _find(control, identifier).content
    # A disabled command button sits in a Container that explains; an enabled one is the button.
    assert getattr(node, "on_click", None) is not None, identifier
    fire(node.on_click)


def _pick_hand(ctx, hand: int) -> None:
    """A hand size, after who and where as the table taps them (nothing is chosen before:
    the first Character and Section S-01, unless the test chose)."""
    draft = draft_of(ctx)
    if draft.seat is None:
        _click(build_bag_screen(ctx), bag_ids.encounter_seat(1))
    if draft.place is None:
        _click(build_bag_screen(ctx), bag_ids.encounter_place("S-01"))
    _click(build_bag_screen(ctx), bag_ids.encounter_hand(hand))


def _recording(controller) -> list:
    """Every command the controller is asked to check or execute from now on."""
    seen: list = []
    check, execute = controller.check, controller.execute

    def record_check(command, *args, **kwargs):
        seen.append(command)
        return check(command, *args, **kwargs)

    def record_execute(command, *args, **kwargs):
        seen.append(command)
        return execute(command, *args, **kwargs)

    controller.check, controller.execute = record_check, record_execute
    return seen


def _quiet_dialogs(page) -> None:
    original = page.show_dialog

    def show(dialog):
        dialog.update = lambda: None
        original(dialog)

    page.show_dialog = show


WANTED = {
    bag_ids.BAG_BACK, bag_ids.DRAW_ENCOUNTER, bag_ids.ENCOUNTER_HAND, *(bag_ids.encounter_hand(n) for n in range(HAND_MAX + 1)),
    bag_ids.ENCOUNTER_LIGHTING, bag_ids.BAG_DEVELOPMENT, bag_ids.BAG_CONTENTS, bag_ids.BAG_SUPPLY, bag_ids.BAG_ODDS, bag_ids.ODDS_TOGGLE,
    bag_ids.TOKEN_REVEAL, bag_ids.BAG_BOARD, bag_ids.RETURN_INTRUDERS, ids.EGGS, ids.EGG_TAKEN, bag_ids.EGG_DESTROYED,
    bag_ids.NEST_STATUS, bag_ids.BAG_HISTORY, bag_ids.BAG_MODE,
    *(bag_ids.encounter_seat(seat) for seat in (1, 2, 3, 4)),
    *(bag_ids.encounter_place(place.value) for place in Place),
    *(f"{action}-{kind}" for action in ("board", "kill", "corridor", "remove", "place")
      for kind in ("larva", "creeper", "adult", "breeder", "queen")),
}


# --------------------------------------------------------------------- rendering
@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("lang", LANGS)
def test_bag_screen_renders_through_draws(controller, lang, width):
    controller.new_game(_setup(), "t")
    ctx = make_context(controller, lang, width)
    screen = build_bag_screen(ctx)
    check_texts(screen)
    assert WANTED <= identifiers(screen)
    controller.execute(ResolveEncounter(seat=1, place=Place.S03, hand=1))
    controller.execute(PlaceIntruder(kind="larva"))
    controller.execute(DevelopBag())
    if controller.state.bag.awaiting is Awaiting.QUEEN_IN_NEST:
        controller.execute(AnswerQueenInNest(character_in_nest=False))
    controller.execute(SetShowOdds(show=False))
    check_texts(build_bag_screen(ctx))
    controller.execute(SetShowOdds(show=True))
    for seat in (1, 2, 3, 4):
        controller.execute(RecordDeath(seat=seat))
    assert controller.state.is_over
    over = build_bag_screen(ctx)
    check_texts(over)
    assert bag_ids.DRAW_ENCOUNTER not in identifiers(over) and bag_ids.TOKEN_REVEAL in identifiers(over)


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("lang", LANGS)
def test_physical_bag_screen_and_dialogs_render(controller, lang, width):
    controller.new_game(_setup(physical=True), "t")
    ctx = make_context(controller, lang, width)
    _quiet_dialogs(ctx.page)
    check_texts(build_bag_screen(ctx))
    _pick_hand(ctx, 3)
    screen = build_bag_screen(ctx)
    check_texts(screen)
    _click(screen, bag_ids.DRAW_ENCOUNTER)  # opens "what came out?"
    picker = ctx.page.dialogs[-1]
    check_texts(picker)
    assert bag_ids.outcome("blank") in identifiers(picker)
    controller.execute(PlaceIntruder(kind="adult"))
    _click(build_bag_screen(ctx), bag_ids.RETURN_INTRUDERS)
    returning = ctx.page.dialogs[-1]
    check_texts(returning)
    _click(returning, bag_ids.return_count("adult", "up"))
    _click(returning, ids.CONFIRM_OK)
    assert controller.state.bag.on_board["adult"] == 0


def test_every_bag_ui_key_exists_in_both_languages():
    source = "\n".join(p.read_text() for p in Path("companion/ui").rglob("*.py"))
    used = set(re.findall(r'"(ui\.bag\.[a-z_.]+[a-z_])"', source))
    assert len(used) > 40
    catalog = load_catalog()
    for lang in LANGS:
        assert not sorted(k for k in used if k not in catalog[lang]), lang


# --------------------------------------------------------------------- the reveal
def _applied_boxes(control) -> list[str]:
    """Text inside the highlighted (applied) number box of the token."""
    boxes = [item for item in walk(control) if isinstance(item, ft.Container) and item.bgcolor == theme.YELLOW
             and item.width is not None]
    return [text for box in boxes for text in strings(box)]


@pytest.mark.parametrize("lang", LANGS)
def test_reveal_highlights_the_applied_number_and_the_surprise_banner(controller, lang):
    controller.new_game(_setup(physical=True), "t")
    ctx = make_context(controller, lang, 390)
    t = ctx.texts
    # adult_7 shows 2 in the light and 4 in Darkness; S-03 has no power.
    controller.execute(ResolveEncounter(seat=2, place=Place.S03, hand=3,
                                        outcome=TokenOutcome(kind="adult", light=2, dark=4)))
    draw = controller.state.bag.last_draw
    assert (draw.applied, draw.surprise_attack) == (4, True)
    screen = build_bag_screen(ctx)
    reveal = _find(screen, bag_ids.TOKEN_REVEAL)
    shown = strings(reveal)
    assert "4" in _applied_boxes(reveal) and "2" not in _applied_boxes(reveal)
    assert t.t("ui.bag.reveal.why_unpowered", section="S-03", applied=4) in shown
    banner = strings(_find(reveal, bag_ids.SURPRISE_ATTACK))
    assert t.upper(t.t("ui.bag.surprise.yes")) in banner
    player = t.t("ui.common.player_character", name="P2", character="janitor")
    assert t.t("ui.bag.surprise.yes_detail", player=player, hand=3, applied=4) in banner
    assert t.t("ui.bag.reveal.encounter", player=player) in shown
    # The same kind of token in a powered Section: the light number, and no Surprise Attack.
    controller.execute(ResolveEncounter(seat=1, place=Place.S01, hand=3,
                                        outcome=TokenOutcome(kind="adult", light=2, dark=4)))
    assert controller.state.bag.last_draw.surprise_attack is False
    reveal = _find(build_bag_screen(ctx), bag_ids.TOKEN_REVEAL)
    assert "2" in _applied_boxes(reveal) and "4" not in _applied_boxes(reveal)
    banner = strings(_find(reveal, bag_ids.SURPRISE_ATTACK))
    assert t.t("ui.bag.surprise.no") in banner and t.upper(t.t("ui.bag.surprise.yes")) not in banner


def test_reveal_of_a_blank_and_of_a_development(controller):
    controller.new_game(_setup(physical=True), "t")
    ctx = make_context(controller, "tr", 1280)
    t = ctx.texts
    controller.execute(ResolveEncounter(seat=1, place=Place.STAIRS, hand=0, outcome=TokenOutcome(kind="blank")))
    reveal = _find(build_bag_screen(ctx), bag_ids.TOKEN_REVEAL)
    banner = strings(_find(reveal, bag_ids.SURPRISE_ATTACK))
    assert t.t("ui.bag.surprise.no") in banner and t.t("ui.bag.result.blank_encounter") in banner
    controller.execute(DevelopBag(outcome=TokenOutcome(kind="creeper")))
    assert controller.state.bag.last_draw.result is DrawResult.DEVELOPED
    reveal = _find(build_bag_screen(ctx), bag_ids.TOKEN_REVEAL)
    assert bag_ids.SURPRISE_ATTACK not in identifiers(reveal)
    result = strings(_find(reveal, bag_ids.DRAW_RESULT))
    assert t.t("ui.bag.result.developed_creeper") in result
    assert t.t("ui.bag.reveal.development") in strings(reveal)


# --------------------------------------------------------------------- the form, odds, contents
def test_the_form_shows_darkness_from_the_power_and_sends_the_encounter(controller):
    controller.new_game(_setup(), "t")
    ctx = make_context(controller, "pt-BR", 390)
    t = ctx.texts
    ctx.rerender = lambda: None
    screen = build_bag_screen(ctx)
    # No place chosen: no light is guessed.
    assert strings(_find(screen, bag_ids.ENCOUNTER_LIGHTING)) == [t.t("ui.events_screen.encounter.where_unknown")]
    _click(screen, bag_ids.encounter_place("S-01"))
    screen = build_bag_screen(ctx)
    assert t.t("ui.bag.encounter.powered", section="S-01") in strings(_find(screen, bag_ids.ENCOUNTER_LIGHTING))
    controller.execute(FlipPower(section=Section.S01))  # the Power Generator cuts S-01
    screen = build_bag_screen(ctx)
    assert t.t("ui.bag.encounter.unpowered", section="S-01") in strings(_find(screen, bag_ids.ENCOUNTER_LIGHTING))
    _click(build_bag_screen(ctx), bag_ids.encounter_seat(3))
    _pick_hand(ctx, 1)
    screen = build_bag_screen(ctx)
    assert _find(screen, bag_ids.encounter_hand(1)).selected and not _find(screen, bag_ids.encounter_hand(5)).selected
    _click(screen, bag_ids.DRAW_ENCOUNTER)
    draw = controller.state.bag.last_draw
    assert (draw.seat, draw.place, draw.hand) == (3, Place.S01, 1)
    assert draw.kind == "blank" or draw.lighting is Lighting.UNPOWERED


def test_the_form_lets_a_character_ignore_darkness(controller):
    controller.new_game(_setup(), "t")
    ctx = make_context(controller, "pt-BR", 390)
    t = ctx.texts
    ctx.rerender = lambda: None
    _click(build_bag_screen(ctx), bag_ids.encounter_place("S-01"))
    controller.execute(FlipPower(section=Section.S01))
    _click(build_bag_screen(ctx), bag_ids.ENCOUNTER_IGNORE_DARKNESS)
    screen = build_bag_screen(ctx)
    assert t.t("ui.bag.encounter.darkness_ignored", section="S-01") in strings(_find(screen, bag_ids.ENCOUNTER_LIGHTING))
    _click(screen, bag_ids.encounter_seat(3))
    _pick_hand(ctx, 1)
    _click(build_bag_screen(ctx), bag_ids.DRAW_ENCOUNTER)
    draw = controller.state.bag.last_draw
    assert draw.kind == "blank" or draw.lighting is Lighting.DARKNESS_IGNORED


@pytest.mark.parametrize("lang", LANGS)
def test_odds_panel_shows_the_exact_odds_as_percentages(controller, lang):
    controller.new_game(_setup(), "t")
    ctx = make_context(controller, lang, 1280)
    odds = bag_odds(controller.state, controller.rules, hand=5)
    shown = strings(_find(build_bag_screen(ctx), bag_ids.BAG_ODDS))
    # No hand size yet: the kinds' odds, and a word on what the Surprise Attack odds need.
    assert ctx.texts.t("ui.bag.odds.hand_needed") in shown
    assert ctx.texts.t("ui.bag.odds.light") not in shown and ctx.texts.t("ui.bag.odds.dark") not in shown
    _pick_hand(ctx, 5)
    shown = strings(_find(build_bag_screen(ctx), bag_ids.BAG_ODDS))
    assert ctx.texts.t("ui.bag.odds.surprise", hand=5) in shown
    for kind, chance in odds.kinds.items():
        if chance:
            assert percent(ctx.texts, chance) in shown and f"{chance.numerator}/{chance.denominator}" in shown
    assert percent(ctx.texts, odds.surprise_light) in shown and percent(ctx.texts, odds.surprise_dark) in shown
    assert percent(ctx.texts, Fraction(1, 8)) == ("12,5%" if lang == "pt-BR" else "%12,5")
    controller.execute(SetShowOdds(show=False))
    shown = strings(_find(build_bag_screen(ctx), bag_ids.BAG_ODDS))
    assert ctx.texts.t("ui.bag.odds.hidden") in shown
    assert not any("%" in text for text in shown)


def test_contents_show_counts_per_kind_never_token_numbers(controller):
    controller.new_game(_setup(), "t")
    ctx = make_context(controller, "pt-BR", 1280)
    contents = _find(build_bag_screen(ctx), bag_ids.BAG_CONTENTS)
    shown = strings(contents)
    assert not any("/" in text for text in shown)  # no light/dark pairs: the bag is face-down
    specs = {spec.id: spec.kind for spec in controller.rules.intruders.tokens}
    adults = sum(1 for token in controller.state.bag.bag if specs[token] == "adult")
    assert strings(_find(contents, bag_ids.bag_count("bag", "adult"))) == [str(adults)]


def test_buttons_follow_the_engine(controller):
    controller.new_game(_setup(), "t")
    ctx = make_context(controller, "tr", 390)
    screen = build_bag_screen(ctx)
    # Nothing on the board: kill is refused (disabled, the wrapper explains); placing is allowed.
    assert not enabled(_find(screen, bag_ids.bag_action("kill", "adult")))
    assert enabled(_find(screen, bag_ids.bag_action("place", "adult")))
    _click(screen, bag_ids.bag_action("place", "adult"))
    screen = build_bag_screen(ctx)
    assert enabled(_find(screen, bag_ids.bag_action("kill", "adult")))
    _click(screen, bag_ids.bag_action("kill", "adult"))
    assert controller.state.bag.carcasses == 1
    _click(build_bag_screen(ctx), ids.EGG_TAKEN)
    assert controller.state.bag.eggs == 4


def test_history_lists_only_the_bags_lines(controller):
    controller.new_game(_setup(), "t")
    controller.execute(FlipPower(section=Section.S01))
    controller.execute(PlaceIntruder(kind="creeper"))
    ctx = make_context(controller, "tr", 1280)
    keys = [entry.key for entry in history_entries(ctx)]
    assert keys == ["log.bag.intruder_placed"]


# --------------------------------------------------------------------- physical bag
def test_the_physical_picker_offers_only_what_can_be_in_the_bag(controller):
    controller.new_game(_setup(physical=True), "t")
    specs = {spec.id: spec for spec in controller.rules.intruders.tokens}
    # Nothing seen yet: any token of a kind the bag holds (its tokens went in face-down).
    kinds = {specs[t].kind for t in controller.state.bag.bag}
    expected = {bag_ids.outcome(spec.kind, spec.light, spec.dark) for spec in controller.rules.intruders.tokens
                if spec.kind in kinds}
    assert "breeder" not in kinds
    ctx = make_context(controller, "pt-BR", 390)
    _quiet_dialogs(ctx.page)
    _pick_hand(ctx, 2)
    _click(build_bag_screen(ctx), bag_ids.DRAW_ENCOUNTER)
    picker = ctx.page.dialogs[-1]
    offered = {i for i in identifiers(picker) if i.startswith("outcome-")}
    assert offered == expected
    assert bag_ids.outcome("breeder", 2, 4) not in offered
    _click(picker, bag_ids.outcome("creeper", 1, 2))
    draw = controller.state.bag.last_draw
    assert (draw.kind, draw.reported) == ("creeper", True)


# --------------------------------------------------------------------- development and the table
def test_table_reaches_the_bag_and_offers_development(controller):
    controller.new_game(_setup(), "t")
    ctx = make_context(controller, "pt-BR", 390)
    went = []
    ctx.navigate = went.append
    table = build_table(ctx)
    assert {bag_ids.OPEN_BAG, bag_ids.BAG_DEVELOPMENT} <= identifiers(table)
    _click(table, bag_ids.OPEN_BAG)
    assert went == ["bag"]
    _click(build_bag_screen(ctx), bag_ids.BAG_BACK)
    assert went == ["bag", "table"]
    _click(table, bag_ids.BAG_DEVELOPMENT)
    assert controller.state.bag.last_draw.purpose.value == "development"


def test_development_at_step_10_goes_through_the_event_phase(controller):
    controller.new_game(_setup(), "t")
    for _ in range(40):
        state = controller.state
        if state.event_phase is not None and state.event_phase.step is EventStep.DEVELOPMENT:
            break
        controller.execute(next_runner_command(state, controller.rules))
    state = controller.state
    assert state.event_phase.step is EventStep.DEVELOPMENT
    ctx = make_context(controller, "tr", 1280)
    assert ctx.action(DevelopBag) is None and ctx.action(EventDevelopBag) is not None
    assert ctx.session.check(DevelopBag()) is not None and ctx.session.check(EventDevelopBag()) is None
    screen = build_bag_screen(ctx)
    assert ctx.texts.t("ui.bag.develop.now") in strings(screen)
    _click(screen, bag_ids.BAG_DEVELOPMENT)
    assert controller.state.event_phase.developed


# --------------------------------------------------------------------- questions
def test_the_queen_question_waits_for_the_announcement_then_asks(controller):
    controller.new_game(_setup(physical=True), "t")
    ctx = make_context(controller, "pt-BR", 390)
    _quiet_dialogs(ctx.page)
    announcer = Announcer(ctx.page, ctx.texts)
    prompter = QuestionPrompter(ctx, announcer)
    announcer.on_dismiss = prompter.sync
    step = controller.execute(DevelopBag(outcome=TokenOutcome(kind="queen")))
    announcer.announce(step.events)
    prompter.sync()
    assert not prompter.is_open  # the announcement first
    announcer._dismiss()
    assert prompter.is_open
    dialog = ctx.page.dialogs[-1]
    check_texts(dialog)
    assert {bag_ids.QUEEN_IN_NEST_YES, bag_ids.QUEEN_IN_NEST_NO, bag_ids.QUESTION_UNDO} <= identifiers(dialog)
    _click(dialog, bag_ids.queen_seat(2))
    _click(ctx.page.dialogs[-1], bag_ids.queen_place("S-02"))
    # "Yes" waits for the hand size: a tap explains and sends nothing.
    sent = _recording(controller)
    yes = _find(ctx.page.dialogs[-1], bag_ids.QUEEN_IN_NEST_YES).content
    assert isinstance(yes, ft.Container) and yes.content.disabled
    fire(yes.on_click)
    assert not any(isinstance(command, AnswerQueenInNest) for command in sent)
    assert ctx.texts.t("ui.bag.encounter.hand_needed") in strings(ctx.page.dialogs[-1])
    _click(dialog, bag_ids.queen_hand(2))
    _click(dialog, bag_ids.QUEEN_IN_NEST_YES)
    state = controller.state
    assert state.bag.awaiting is None and state.bag.on_board["queen"] == 1
    assert (state.bag.last_draw.seat, state.bag.last_draw.place, state.bag.last_draw.hand) == (2, Place.S02, 2)
    prompter.sync()
    assert not prompter.is_open


def test_the_adults_retreat_question(controller):
    controller.new_game(_setup(), "t")
    for _ in range(9):
        controller.execute(PlaceIntruder(kind="adult"))
    assert controller.state.bag.awaiting is Awaiting.ADULTS_RETREAT
    for lang in LANGS:
        ctx = make_context(controller, lang, 390)
        _quiet_dialogs(ctx.page)
        prompter = QuestionPrompter(ctx, Announcer(ctx.page, ctx.texts))
        prompter.sync()
        dialog = ctx.page.dialogs[-1]
        check_texts(dialog)
        assert {bag_ids.adults_retreat(n) for n in range(9)} <= identifiers(dialog)
    _click(dialog, bag_ids.adults_retreat(3))
    assert controller.state.bag.awaiting is None and controller.state.bag.on_board["adult"] == 6
    # Undo brings the question back; the dialog's own undo takes it away again.
    controller.undo()
    prompter.sync()
    _click(ctx.page.dialogs[-1], bag_ids.QUESTION_UNDO)
    assert controller.state.bag.awaiting is None and controller.state.bag.on_board["adult"] == 8


# --------------------------------------------------------------------- setup and README
@pytest.mark.parametrize("lang", LANGS)
def test_setup_offers_the_physical_bag_and_the_odds(controller, lang):
    ctx = make_context(controller, lang, 390)
    wizard = SetupWizard(ctx, set_language=lambda _lang: None)
    form = build_wizard(wizard)
    check_texts(form)
    assert {ids.SETUP_PHYSICAL_BAG, ids.SETUP_SHOW_ODDS} <= identifiers(form)
    wizard.draft.physical_bag, wizard.draft.show_odds = True, False
    wizard.draft.digital_contamination = False  # the table's pick (none is made for it)
    for player in wizard.draft.players:
        player["name"] = "A"
    command = wizard._command()
    assert (command.physical_bag, command.show_odds) == (True, False)


def test_readme_lists_every_identifier():
    readme = Path("README.md").read_text()
    missing = [identifier for identifier in ids.all_fixed() if f"`{identifier}`" not in readme]
    assert not missing
    for pattern in ("encounter-seat-{n}", "encounter-place-{place}", "board-{kind}", "kill-{kind}",
                    "corridor-{kind}", "remove-{kind}", "place-{kind}", "add-{kind}", "adults-retreat-{n}",
                    "outcome-{kind}-{light}-{dark}", "queen-seat-{n}", "queen-place-{place}",
                    "encounter-hand-{n}", "queen-hand-{n}"):
        assert f"`{pattern}`" in readme, pattern


def test_the_supply_offers_only_tokens_that_can_go_in(controller):
    controller.new_game(_setup(physical=True), "t")
    ctx = make_context(controller, "pt-BR", 1280)
    found = identifiers(build_bag_screen(ctx))
    assert bag_ids.bag_action("add", "larva") in found
    assert bag_ids.bag_action("add", "queen") not in found  # her only token is in the bag
    controller.execute(ResolveEncounter(seat=1, place=Place.S01, hand=5, outcome=TokenOutcome(kind="queen")))
    found = identifiers(build_bag_screen(ctx))
    # Her token lies beside the board, but next to her miniature: it cannot go in.
    assert bag_ids.bag_action("add", "queen") not in found
    assert strings(_find(build_bag_screen(ctx), bag_ids.bag_count("supply", "queen"))) == ["1"]


def test_a_page_switches_between_table_and_bag_and_asks_questions(controller):
    from companion.ui.shell import PageApp

    from .test_ui_pages import LivePage, _patch_dialog_updates

    page = LivePage(390)
    _patch_dialog_updates(page)
    app = page_app(page, controller, language="pt-BR", startup_errors=[])
    app.start()
    controller.new_game(_setup(physical=True), "t")
    assert bag_ids.OPEN_BAG in identifiers(page.controls[-1])
    app.navigate("bag")
    assert bag_ids.TOKEN_REVEAL in identifiers(page.controls[-1])
    controller.execute(DevelopBag(outcome=TokenOutcome(kind="queen")))
    # The announcement is up; the question comes once it is dismissed.
    assert app.announcer.is_open and not app.questions.is_open
    app.announcer._dismiss()
    assert app.questions.is_open
    assert bag_ids.QUEEN_IN_NEST_NO in identifiers(page.dialogs[-1])
    app.set_language("tr")  # the open question follows the language
    assert Texts("tr").t("ui.bag.queen.question") in strings(page.dialogs[-1])
    controller.undo()  # the question is gone: its dialog closes
    assert not app.questions.is_open
    app.navigate("table")
    assert table_ids.ADVANCE_TIME in identifiers(page.controls[-1])
    app.navigate("bag")
    controller.close()
    assert ids.NEW_GAME in identifiers(page.controls[-1]) and app.screen == "home"


# --------------------------------------------------------------------- hand size and the Surprise Attack
@pytest.mark.parametrize("physical", (False, True))
def test_an_encounter_without_a_hand_size_cannot_be_drawn(controller, physical):
    controller.new_game(_setup(physical=physical), "t")
    ctx = make_context(controller, "pt-BR", 390)
    _quiet_dialogs(ctx.page)
    sent = _recording(controller)
    _click(build_bag_screen(ctx), bag_ids.encounter_seat(1))
    _click(build_bag_screen(ctx), bag_ids.encounter_place("S-01"))
    screen = build_bag_screen(ctx)
    assert not any(_find(screen, bag_ids.encounter_hand(n)).selected for n in range(HAND_MAX + 1))
    draw = _find(screen, bag_ids.DRAW_ENCOUNTER).content
    assert isinstance(draw, ft.Container) and draw.content.disabled
    fire(draw.on_click)  # the tap says why
    assert ctx.texts.t("ui.bag.encounter.hand_needed") in strings(ctx.page.dialogs[-1])
    assert not any(isinstance(command, ResolveEncounter) for command in sent)
    assert controller.state.bag.last_draw is None
    # Once a hand size is chosen, the same button draws (or asks what came out).
    _pick_hand(ctx, 4)
    _click(build_bag_screen(ctx), bag_ids.DRAW_ENCOUNTER)
    if physical:
        _click(ctx.page.dialogs[-1], bag_ids.outcome("blank"))
    assert controller.state.bag.last_draw.hand == 4


def test_the_hand_size_is_asked_again_for_each_encounter(controller):
    controller.new_game(_setup(), "t")
    ctx = make_context(controller, "tr", 1280)
    _pick_hand(ctx, 3)
    assert draft_of(ctx).hand == 3
    _click(build_bag_screen(ctx), bag_ids.DRAW_ENCOUNTER)
    assert controller.state.bag.last_draw.hand == 3
    screen = build_bag_screen(ctx)
    # The next encounter is another: who, where and the hand size are asked again.
    assert (draft_of(ctx).seat, draft_of(ctx).place, draft_of(ctx).hand) == (None, None, None)
    assert not _find(screen, bag_ids.encounter_hand(3)).selected
    assert not enabled(_find(screen, bag_ids.DRAW_ENCOUNTER))  # disabled again
    # Another Character's encounter starts without a hand size too.
    _pick_hand(ctx, 2)
    _click(build_bag_screen(ctx), bag_ids.encounter_seat(2))
    assert draft_of(ctx).hand is None
    # So does a draw sent from another page.
    _pick_hand(ctx, 2)
    controller.execute(ResolveEncounter(seat=1, place=Place.S01, hand=6))
    build_bag_screen(ctx)
    assert draft_of(ctx).hand is None


def test_a_surprise_attack_opens_the_attack_screen_filled_in(controller):
    controller.new_game(_setup(physical=True), "t")
    ctx = make_context(controller, "pt-BR", 390)
    went: list[str] = []
    ctx.navigate = went.append
    # adult 2/4 in S-03 (no power) against a hand of 3: a Surprise Attack.
    controller.execute(ResolveEncounter(seat=2, place=Place.S03, hand=3,
                                        outcome=TokenOutcome(kind="adult", light=2, dark=4)))
    assert controller.state.bag.last_draw.surprise_attack
    _click(build_bag_screen(ctx), bag_ids.SURPRISE_ATTACK_RESOLVE)
    attack = events_draft_of(ctx)
    assert (attack.attacker, attack.seat, attack.place, attack.target) == ("adult", 2, Place.S03, "surprise")
    assert attack.back_to == "bag" and went == [ATTACK]
    # No Surprise Attack: nothing to open.
    controller.execute(ResolveEncounter(seat=1, place=Place.S01, hand=3,
                                        outcome=TokenOutcome(kind="adult", light=2, dark=4)))
    assert bag_ids.SURPRISE_ATTACK_RESOLVE not in identifiers(build_bag_screen(ctx))


def test_the_queen_in_the_nest_can_lead_to_the_attack_screen(controller):
    controller.new_game(_setup(physical=True), "t")
    ctx = make_context(controller, "tr", 1280)
    went: list[str] = []
    ctx.navigate = went.append
    controller.execute(DevelopBag(outcome=TokenOutcome(kind="queen")))
    controller.execute(AnswerQueenInNest(character_in_nest=True, seat=3, place=Place.ELEVATOR, hand=0))
    draw = controller.state.bag.last_draw
    assert draw.surprise_attack
    _click(build_bag_screen(ctx), bag_ids.SURPRISE_ATTACK_RESOLVE)
    attack = events_draft_of(ctx)
    assert (attack.attacker, attack.seat, attack.place, attack.target) == ("queen", 3, Place.ELEVATOR, "surprise")
    assert went == [ATTACK]
