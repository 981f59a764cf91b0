"""Forms that ask who, where and which intruder open empty in every new situation: the
table's Attack after an earlier attack, step 8's injury check in a later Event Phase, the
encounter after a change of phase, the Queen question asked again. Nothing is carried
from before, a new place asks again whether the Character ignores Darkness, and the form's
action stays disabled until every asked field is answered."""
from __future__ import annotations

import flet as ft
import pytest

from companion.engine.bag.model import Awaiting, TokenOutcome
from companion.engine.commands import AnswerQueenInNest, DevelopBag, PlaceFire, StartEventPhase
from companion.engine.phase.model import EventStep
from companion.ui import ids
from companion.ui.announcements import Announcer
from companion.ui.bag.draft import draft_of as bag_draft_of
from companion.ui.bag.questions import QuestionPrompter
from tests.support.screens import build_wizard, build_bag_screen, build_events_screen
from companion.ui.events import ATTACK, RUNNER, open_screen
from companion.ui.events.draft import draft_of
from tests.support.deck_helpers import next_runner_command

from .test_ui_bag import _quiet_dialogs, _setup
from .test_ui_events import _click, _disabled, _find, _new, _tap, _to_css_space
from .ui_tree import empty_semantics, fire, identifiers, make_context, make_controller, walk
from companion.ui.bag import ids as bag_ids
from companion.ui.events import ids as events_ids
from companion.ui.scanner import ids as scanner_ids

ATTACK_PICKS = (events_ids.attack_attacker("adult"), events_ids.attack_seat(2), events_ids.attack_target("standard"),
                events_ids.attack_place("S-02"))


def _chosen(control, prefix: str) -> set[str]:
    """The identifiers starting with `prefix` shown selected."""
    return {item.identifier for item in walk(control) if isinstance(item, ft.Semantics) and item.selected
            and (item.identifier or "").startswith(prefix)}


def _controller(tmp_path):
    controller = make_controller(tmp_path)
    _new(controller)
    return controller


def test_the_attack_form_opens_empty_and_resolves_only_once_every_answer_is_given(tmp_path):
    controller = _controller(tmp_path)
    ctx = make_context(controller, "pt-BR", 390)
    ctx.navigate = lambda _screen: None
    open_screen(ctx, ATTACK)
    screen = build_events_screen(ctx, ATTACK)
    assert _chosen(screen, "attack-") == set()
    for identifier in ATTACK_PICKS:
        assert _disabled(_find(build_events_screen(ctx, ATTACK), events_ids.ATTACK_RESOLVE)), identifier
        _tap(ctx, ATTACK, identifier)
    screen = build_events_screen(ctx, ATTACK)
    assert _chosen(screen, "attack-") == set(ATTACK_PICKS)
    _click(_find(screen, events_ids.ATTACK_RESOLVE))
    assert controller.state.latest.attack is not None
    # The attack went through: the form, still on screen under its result, is empty again.
    screen = build_events_screen(ctx, ATTACK)
    assert events_ids.ATTACK_VERDICT in {item.identifier for item in walk(screen) if isinstance(item, ft.Semantics)}
    assert _chosen(screen, "attack-") == set()
    assert _disabled(_find(screen, events_ids.ATTACK_RESOLVE))
    # Opened again later (another attack, another round): nothing from round 1.
    _tap(ctx, ATTACK, events_ids.attack_attacker("creeper"))
    _tap(ctx, ATTACK, events_ids.attack_seat(3))
    open_screen(ctx, ATTACK)
    screen = build_events_screen(ctx, ATTACK)
    assert _chosen(screen, "attack-") == set()
    assert _disabled(_find(screen, events_ids.ATTACK_RESOLVE))


def test_another_place_asks_again_whether_the_character_ignores_darkness(tmp_path):
    controller = _controller(tmp_path)
    ctx = make_context(controller, "tr", 390)
    open_screen(ctx, ATTACK)
    for identifier in (*ATTACK_PICKS, events_ids.ATTACK_IGNORE_DARKNESS):
        _tap(ctx, ATTACK, identifier)
    assert draft_of(ctx).ignore_darkness
    _tap(ctx, ATTACK, events_ids.attack_place("S-03"))
    assert not draft_of(ctx).ignore_darkness
    assert events_ids.ATTACK_IGNORE_DARKNESS not in _chosen(build_events_screen(ctx, ATTACK), "attack-")


def _to_fire_step(controller) -> None:
    for _ in range(40):
        phase = controller.state.event_phase
        if phase is not None and phase.step is EventStep.FIRE:
            return
        if phase is None:
            controller.execute(StartEventPhase())
            continue
        controller.execute(next_runner_command(controller.state, controller.rules))
    raise AssertionError("never reached step 8")


def test_step_8_opens_with_no_intruder_chosen_in_each_event_phase(tmp_path):
    controller = _controller(tmp_path)
    _to_css_space(controller)
    controller.execute(PlaceFire())  # a Fire marker: step 8 asks which intruders burn
    ctx = make_context(controller, "pt-BR", 390)
    _to_fire_step(controller)
    screen = build_events_screen(ctx, RUNNER)
    assert _chosen(screen, "injury-") == set()
    assert _no_resolve(screen)
    _tap(ctx, RUNNER, events_ids.injury_intruder("adult"))
    assert _chosen(build_events_screen(ctx, RUNNER), "injury-") == {events_ids.injury_intruder("adult")}
    assert _disabled(_find(build_events_screen(ctx, RUNNER), events_ids.INJURY_RESOLVE))  # how many injuries?
    _tap(ctx, RUNNER, events_ids.INJURY_COUNT_UP)
    assert not _disabled(_find(build_events_screen(ctx, RUNNER), events_ids.INJURY_RESOLVE))
    # The phase goes on without a check; the next round's step 8 asks afresh.
    first = controller.state.event_phase.round
    while controller.state.event_phase is not None:
        controller.execute(next_runner_command(controller.state, controller.rules))
    _to_fire_step(controller)
    assert controller.state.event_phase.round == first + 1
    screen = build_events_screen(ctx, RUNNER)
    assert _chosen(screen, "injury-") == set()
    assert _no_resolve(screen)


def _no_resolve(screen) -> bool:
    """Step 8's Resolve waits, hidden, until an intruder is chosen (it shares the footer
    with the Nest answers)."""
    return not any(isinstance(item, ft.Semantics) and item.identifier == events_ids.INJURY_RESOLVE for item in walk(screen))


def test_the_encounter_form_forgets_who_and_where_in_another_phase(tmp_path):
    controller = make_controller(tmp_path)
    controller.new_game(_setup(), "t")
    ctx = make_context(controller, "tr", 390)
    ctx.rerender = lambda: None
    for identifier in (bag_ids.encounter_seat(1), bag_ids.encounter_place("S-02"), bag_ids.encounter_hand(3)):
        _click(_find(build_bag_screen(ctx), identifier))
    assert _chosen(build_bag_screen(ctx), "encounter-") == {bag_ids.encounter_seat(1), bag_ids.encounter_place("S-02"),
                                                             bag_ids.encounter_hand(3)}
    assert not _disabled(_find(build_bag_screen(ctx), bag_ids.DRAW_ENCOUNTER))
    controller.execute(StartEventPhase())  # the Event Phase's encounters (step 10) are others
    screen = build_bag_screen(ctx)
    assert _chosen(screen, "encounter-") == set()
    assert (bag_draft_of(ctx).seat, bag_draft_of(ctx).place, bag_draft_of(ctx).hand) == (None, None, None)
    assert _disabled(_find(screen, bag_ids.DRAW_ENCOUNTER))


def test_the_queen_question_opens_empty_each_time_it_is_asked(tmp_path):
    controller = make_controller(tmp_path)
    controller.new_game(_setup(physical=True), "t")
    ctx = make_context(controller, "pt-BR", 390)
    _quiet_dialogs(ctx.page)
    prompter = QuestionPrompter(ctx, Announcer(ctx.page, ctx.texts))
    controller.execute(DevelopBag(outcome=TokenOutcome(kind="queen")))
    prompter.sync()
    dialog = ctx.page.dialogs[-1]
    assert _chosen(dialog, "queen-") == set()
    _click(_find(dialog, bag_ids.queen_seat(2)))
    _click(_find(ctx.page.dialogs[-1], bag_ids.queen_place("S-02")))
    assert _chosen(ctx.page.dialogs[-1], "queen-") == {bag_ids.queen_seat(2), bag_ids.queen_place("S-02")}
    assert _disabled(_find(ctx.page.dialogs[-1], bag_ids.QUEEN_IN_NEST_YES))  # the hand size is still asked
    # Answered "no" on another screen, then taken back: the question is asked again, empty.
    controller.execute(AnswerQueenInNest(character_in_nest=False))
    prompter.sync()
    assert not prompter.is_open
    controller.undo()
    assert controller.state.bag.awaiting is Awaiting.QUEEN_IN_NEST
    prompter.sync()
    assert prompter.is_open
    assert _chosen(ctx.page.dialogs[-1], "queen-") == set()
    assert (bag_draft_of(ctx).queen_seat, bag_draft_of(ctx).queen_place) == (None, None)


# --------------------------------------------------------------------- choices that decide an outcome
# The table picks each of these; nothing is chosen for it, and the action says why it waits.
LANGS = ("pt-BR", "tr")


def _texts_of(control) -> str:
    return " ".join(item.value for item in walk(control) if isinstance(item, ft.Text) and item.visible
                    and isinstance(item.value, str))


def _picker(form) -> ft.SegmentedButton:
    node = _find(form, scanner_ids.SETUP_CONTAMINATION)
    return next(item for item in walk(node) if isinstance(item, ft.SegmentedButton))


@pytest.mark.parametrize("lang", LANGS)
def test_the_setup_asks_printed_or_app_contamination_and_start_waits_for_the_answer(tmp_path, lang):
    from types import SimpleNamespace

    from companion.engine import IllegalCommand
    from companion.ui.setup_wizard import SetupWizard

    controller = make_controller(tmp_path)
    ctx = make_context(controller, lang, 390)
    ctx.rerender = lambda: None
    t, rules = ctx.texts.t, controller.rules.contamination
    wizard = SetupWizard(ctx, set_language=lambda _lang: None)
    for player in wizard.draft.players:
        player["name"] = "Ana"
    form = build_wizard(wizard)
    # Nothing chosen: neither deck, and the app deck's count is said to be unconfirmed.
    assert wizard.draft.digital_contamination is None and _picker(form).selected == []
    assert rules.is_unconfirmed("infected_count")
    shown = _texts_of(form)
    assert t("ui.setup.contamination.choose_unconfirmed", cards=rules.cards, infected=rules.infected_count) in shown
    # Start waits, and says why; a tap that reached it anyway starts nothing.
    assert _find(form, ids.START_GAME).content.disabled
    assert t("ui.setup.contamination.needed") in _texts_of(_find(form, ids.START_WAITS))
    with pytest.raises(IllegalCommand) as refused:
        wizard._command()
    assert ctx.texts.error(refused.value) == t("ui.setup.contamination.needed")
    for choice, digital in (("printed", False), ("app", True)):
        fire(_picker(build_wizard(wizard)).on_change, SimpleNamespace(control=SimpleNamespace(selected=[choice])))
        form = build_wizard(wizard)
        assert _picker(form).selected == [choice]
        assert not _find(form, ids.START_GAME).content.disabled
        assert ids.START_WAITS not in identifiers(form)  # the reason is gone with what it waited for
        assert empty_semantics(form) == []  # Flutter would draw an error box in its place
        assert wizard._command().digital_contamination is digital
    assert controller.session is None  # nothing was started on the way


@pytest.mark.parametrize("lang", LANGS)
def test_the_injury_check_opens_with_no_count_and_resolves_only_once_it_is_given(tmp_path, lang):
    from companion.ui.events import INJURY

    controller = _controller(tmp_path)
    ctx = make_context(controller, lang, 390)
    open_screen(ctx, INJURY)
    _tap(ctx, INJURY, events_ids.injury_intruder("adult"))
    screen = build_events_screen(ctx, INJURY)
    assert draft_of(ctx).injuries is None
    assert "–" in _texts_of(_find(screen, events_ids.INJURY_COUNT))
    assert _find(screen, events_ids.INJURY_COUNT_DOWN).content.disabled
    resolve = _find(screen, events_ids.INJURY_RESOLVE)
    assert _disabled(resolve) and resolve.content.tooltip == ctx.texts.t("ui.events_screen.injury.needs_injuries")
    _tap(ctx, INJURY, events_ids.INJURY_COUNT_UP)
    screen = build_events_screen(ctx, INJURY)
    assert draft_of(ctx).injuries == 1 and not _disabled(_find(screen, events_ids.INJURY_RESOLVE))
    # The next check opens without a count again.
    _click(_find(screen, events_ids.INJURY_RESOLVE))
    open_screen(ctx, INJURY)
    assert draft_of(ctx).injuries is None


@pytest.mark.parametrize("lang", LANGS)
def test_the_scanner_opens_with_no_procedure_and_scans_only_once_one_is_picked(tmp_path, lang):
    from companion.engine.commands import GainContamination, NewGame, PlayerSetup
    from companion.engine.views import seat_viewer
    from tests.support.screens import build_seat_screen

    controller = make_controller(tmp_path)
    controller.new_game(NewGame(players=(PlayerSetup(name="Ana", character="hacker"),
                                         PlayerSetup(name="Can", character="sentry")),
                                seed=3, digital_contamination=True), "t")
    controller.execute(GainContamination(seat=1, count=2))
    ctx = make_context(controller, lang, 390, viewer=seat_viewer(1))
    ctx.rerender = lambda: None
    screen = build_seat_screen(ctx, on_leave=lambda: None)
    assert _chosen(screen, "scanner-") == set()
    scan = _find(screen, scanner_ids.SCANNER_SCAN)
    assert _disabled(scan) and scan.content.tooltip == ctx.texts.t("ui.scanner.needs_procedure")
    _click(_find(screen, scanner_ids.scanner_procedure("all")))
    screen = build_seat_screen(ctx, on_leave=lambda: None)
    assert _chosen(screen, "scanner-") == {scanner_ids.scanner_procedure("all")}
    assert not _disabled(_find(screen, scanner_ids.SCANNER_SCAN))
