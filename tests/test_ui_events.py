"""The Event Phase runner, attack, injury-check and deck screens: every step renders in
both languages at phone and desktop size, the card on screen is the engine's card, the
buttons follow the engine (disabled exactly when it would refuse), one round number is
shown on every step, and what the board already answers is not asked."""
from __future__ import annotations

import flet as ft
import pytest

from companion.seats.controller import TableController
from companion.engine import NewGame, PlayerSetup
from companion.engine.bag.model import Place
from companion.engine.commands import (
    AdvanceTime,
    DrawEventCard,
    EventFireDamage,
    InjuryCheck,
    PlaceFire,
    RecordDeath,
    RestorePower,
    StartEventPhase,
)
from companion.engine.decks.cards import attack_card, event_card
from companion.engine.phase.event_phase import blocking_reason
from companion.engine.phase.model import EventEffect, EventStep
from companion.engine.state import GameState
from companion.vocab import Section
from companion.rules import load_rules
from companion.store import GameStore
from companion.ui.events import ATTACK, DECKS, INJURY, RUNNER, open_screen
from tests.support.screens import build_events_screen, shown_part, build_status_strip, build_table
from companion.ui.table.events_panel import EventsPanel
from companion.ui.events.draft import AttackFill, draft_of
from companion.ui.kit.chips import player_label
from tests.support.deck_helpers import next_runner_command
from tests.support.event_seed import find_power_surge_seed, play

from .ui_tree import check_texts, fire, identifiers, make_context, make_controller, strings, walk
from companion.ui.bag import ids as bag_ids
from companion.ui.events import ids as events_ids

WIDTHS = (390, 1280)
LANGS = ("pt-BR", "tr")
TRACKED_CARDS = {effect: effect.value for effect in EventEffect}
# Every text that names a round.
ROUND_KEYS = ("ui.events.title_round", "ui.events.no_phase", "ui.status.round", "ui.track.round")


def _new(controller: TableController, seed: int = 7) -> None:
    chars = ("hacker", "janitor", "lab_rat")
    controller.new_game(NewGame(players=tuple(PlayerSetup(name=f"P{i}", character=c) for i, c in enumerate(chars)),
                                seed=seed), "t")


def _to_css_space(controller: TableController) -> None:
    """Time on 10 (a CSS space) with Backup Power on."""
    for _ in range(5):
        controller.execute(AdvanceTime())
    controller.execute(RestorePower())


def _find(control, identifier: str) -> ft.Semantics:
    for item in walk(control):
        if isinstance(item, ft.Semantics) and item.identifier == identifier:
            return item
    raise AssertionError(f"{identifier!r} not on screen")


def _buttons(control) -> list:
    return [item for item in walk(control) if isinstance(item, (ft.Button, ft.IconButton))]


def _disabled(control) -> bool:
    buttons = _buttons(control)
    assert buttons, "no button there"
    return all(button.disabled for button in buttons)


def _click(control) -> None:
    """Tap a control as a player would: the button (or the tappable container) inside."""
    for item in walk(control):
        if isinstance(item, (ft.Button, ft.IconButton)) and item.on_click is not None and not item.disabled:
            fire(item.on_click)
            return
    for item in walk(control):
        if isinstance(item, ft.Container) and item.on_click is not None:
            fire(item.on_click)
            return
    raise AssertionError("nothing to tap")


def _tap(ctx, screen: str, identifier: str) -> None:
    _click(_find(build_events_screen(ctx, screen), identifier))


def _confirm(ctx) -> None:
    """Press OK on the confirmation dialog the last tap opened."""
    dialog = ctx.page.dialogs[-1]
    dialog.update = lambda: None
    _click(_find(dialog.actions[-1], "confirm-ok"))


def _drive_to(controller: TableController, step: EventStep, card: str | None = None) -> None:
    """Tap through the phase until `step` is current; the Event card is `card` (an id or a
    card name) when given, and is drawn at once when `step` is the Event card step."""
    if card is not None and not any(spec.id == card for spec in controller.rules.event_cards):
        card = next(spec.id for spec in controller.rules.event_cards if spec.card == card)
    for _ in range(40):
        state = controller.state
        phase = state.event_phase
        if phase is not None and phase.step is step and (card is None or phase.event_card is not None
                                                         or step is not EventStep.EVENT_CARD):
            return
        command = next_runner_command(state, controller.rules)
        if command.type == "draw_event_card" and card is not None:
            command = DrawEventCard(card=card)
        controller.execute(command)
    raise AssertionError(f"never reached {step}")


def _answered_by_the_board(state: GameState, reason: str | None) -> bool:
    """The step's input is one the board already gives: no Fire marker anywhere, or an
    effect that would change nothing (the Time token / the Elevator already off)."""
    if reason == "error.event_phase_nest_fire_needed":
        return state.fire == 0
    if reason == "error.event_phase_effects_pending":
        idle = {EventEffect.POWER_SURGE: not state.time_active,
                EventEffect.KICKSTOPPER: not state.power[Section.ELEVATOR].active}
        return all(idle.get(effect, False) for effect in state.event_phase.pending_effects)
    return False


@pytest.fixture
def controller(tmp_path):
    return make_controller(tmp_path)


# --------------------------------------------------------------------- rendering
@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("lang", LANGS)
def test_every_step_renders(controller, lang, width):
    _new(controller)
    _to_css_space(controller)
    ctx = make_context(controller, lang, width)
    check_texts(build_events_screen(ctx, RUNNER))  # no phase yet
    steps_seen = []
    expected_ids = {
        EventStep.CSS_LAUNCH: {events_ids.css_face(face) for face in ("A", "B", "C", "ALL", "NONE")},
        EventStep.TIME: set(),
        EventStep.NOISE: {events_ids.EVENT_NOISE_SECTIONS},
        EventStep.ATTACKS: {events_ids.ATTACK, events_ids.INJURY_CHECK},
        EventStep.FIRE: {events_ids.EVENT_NOTHING_BURNS, events_ids.INJURY_CHECK},  # no Fire marker on the board
        EventStep.EVENT_CARD: {events_ids.DRAW_EVENT},
        EventStep.DEVELOPMENT: {events_ids.EVENT_DEVELOP_BAG},
        EventStep.ROUND_END: {events_ids.EVENT_ROUND_END},
    }
    for _ in range(40):
        state = controller.state
        phase = state.event_phase
        screen = build_events_screen(ctx, RUNNER)
        check_texts(screen)
        found = identifiers(screen)
        if phase is not None:
            if not steps_seen or steps_seen[-1] is not phase.step:
                steps_seen.append(phase.step)
                assert expected_ids[phase.step] <= found, phase.step
            assert {events_ids.event_step(n) for n in range(4, 12)} | {events_ids.EVENT_CONTINUE, events_ids.EVENT_STATUS} <= found
            assert _find(screen, events_ids.event_step(int(phase.step))).selected
            if phase.step is EventStep.EVENT_CARD and phase.event_card is not None:
                assert events_ids.EVENT_CARD in found
            for other in (ATTACK, INJURY, DECKS):
                check_texts(build_events_screen(ctx, other))
        elif steps_seen:
            break
        controller.execute(next_runner_command(state, controller.rules))
    assert steps_seen == list(EventStep)
    table = build_table(ctx)
    check_texts(table)
    assert {events_ids.EVENT_PHASE, events_ids.ATTACK, events_ids.INJURY_CHECK, events_ids.DECKS} <= identifiers(table)


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("card", sorted(TRACKED_CARDS.values()))
def test_every_tracked_event_effect_renders_and_is_one_tap(controller, lang, width, card):
    _new(controller)
    controller.execute(RestorePower())  # the Time token active: Power Surge changes something
    controller.execute(StartEventPhase())
    _drive_to(controller, EventStep.EVENT_CARD, card=card)
    ctx = make_context(controller, lang, width)
    screen = build_events_screen(ctx, RUNNER)
    texts = check_texts(screen)
    assert ctx.texts.t(f"event_card.name.{card}") in texts
    continue_button = _find(screen, events_ids.EVENT_CONTINUE)
    assert _disabled(continue_button)  # the effect first
    assert ctx.texts.t("error.event_phase_effects_pending") in strings(_find(screen, events_ids.EVENT_BLOCKED))
    answers = {"power_surge": None, "kickstopper": None, "lurking": None, "leaving_the_shell": "done"}
    first = events_ids.event_effect(card, answers.get(card, "no"))
    _tap(ctx, RUNNER, first)
    phase = controller.state.event_phase
    assert phase.pending_effects == [] and phase.done_effects == [EventEffect(card)]
    after = build_events_screen(ctx, RUNNER)
    check_texts(after)
    assert not _disabled(_find(after, events_ids.EVENT_CONTINUE))


# --------------------------------------------------------------------- one round number
@pytest.mark.parametrize("lang", LANGS)
def test_one_round_number_on_every_step(controller, lang):
    """From step 5 on the engine already counts the next round; every screen of the phase
    still names the round whose Event Phase this is, and steps 10 (once developed) and 11
    name the next one only as the next round."""
    _new(controller)
    _to_css_space(controller)
    ctx = make_context(controller, lang, 1280)
    t = ctx.texts.t
    controller.execute(StartEventPhase())
    phase_round = controller.state.event_phase.round
    steps_seen = []
    while controller.state.event_phase is not None:
        state = controller.state
        step = state.event_phase.step
        steps_seen.append(step)
        for screen in (RUNNER, ATTACK, INJURY, DECKS):
            shown = strings(build_events_screen(ctx, screen)) + strings(build_status_strip(ctx))
            named = {n for n in range(1, 20) for key in ROUND_KEYS if t(key, round=n) in shown}
            assert named == {phase_round}, (step, screen, named)
            if screen == RUNNER:
                assert t("ui.events.title_round", round=phase_round) in shown
                next_round = t("ui.events.round_end.next", round=phase_round + 1)
                # Step 10 shows step 11's reminders once the bag has developed.
                ahead = step is EventStep.ROUND_END or (step is EventStep.DEVELOPMENT
                                                        and state.event_phase.developed)
                assert (next_round in shown) == ahead, step
        controller.execute(next_runner_command(state, controller.rules))
    assert set(steps_seen) == set(EventStep)
    assert controller.state.round == phase_round + 1  # the engine did move on
    shown = strings(build_events_screen(ctx, RUNNER)) + strings(build_status_strip(ctx))
    assert {n for n in range(1, 20) for key in ROUND_KEYS if t(key, round=n) in shown} == {phase_round + 1}


# --------------------------------------------------------------------- the engine decides
def test_continue_is_disabled_exactly_when_the_engine_refuses(controller):
    _new(controller)
    _to_css_space(controller)
    ctx = make_context(controller, "tr", 1280)
    for _ in range(40):
        state = controller.state
        if state.event_phase is None and controller.history(ctx.viewer, limit=1)[0].key == "log.event_phase.finished":
            break
        if state.event_phase is not None:
            screen = build_events_screen(ctx, RUNNER)
            reason = blocking_reason(state, controller.rules)
            blocked = reason is not None and not _answered_by_the_board(state, reason)
            assert _disabled(_find(screen, events_ids.EVENT_CONTINUE)) == blocked
            if blocked:
                assert ctx.texts.t(reason) in strings(_find(screen, events_ids.EVENT_BLOCKED))
            else:
                assert events_ids.EVENT_BLOCKED not in identifiers(screen)
        controller.execute(next_runner_command(state, controller.rules))
    # Once answered, the step-8 answer is refused, and so is any answer off step 8.
    assert ctx.session.check(EventFireDamage(nest_fire=True)) is not None


def test_css_face_and_nest_fire_are_taps(controller):
    _new(controller)
    _to_css_space(controller)
    controller.execute(PlaceFire())  # a Fire marker somewhere: step 8 asks about the Nest
    ctx = make_context(controller, "tr", 390)
    _click(_find(build_table(ctx), events_ids.EVENT_PHASE))
    assert controller.state.event_phase.step is EventStep.CSS_LAUNCH
    _tap(ctx, RUNNER, events_ids.css_face("A"))
    assert controller.state.css_launched_at is None  # asks first
    _confirm(ctx)
    assert controller.state.css_launched_at == 10
    _tap(ctx, RUNNER, events_ids.EVENT_CONTINUE)
    assert controller.state.event_phase.step is EventStep.TIME
    _drive_to(controller, EventStep.FIRE)
    screen = build_events_screen(ctx, RUNNER)
    assert events_ids.EVENT_NOTHING_BURNS not in identifiers(screen)
    # The answer is the way on: no separate button to continue while it is open.
    assert events_ids.EVENT_CONTINUE not in identifiers(screen)
    assert events_ids.INJURY_COUNT in identifiers(screen)  # the checks come first, here
    # Its Resolve joins the answers at the bottom edge once an intruder is chosen.
    assert events_ids.INJURY_RESOLVE not in identifiers(screen)
    _tap(ctx, RUNNER, events_ids.injury_intruder("adult"))
    assert events_ids.INJURY_RESOLVE in identifiers(build_events_screen(ctx, RUNNER))
    eggs = controller.state.bag.eggs
    before = controller.state.commands_applied
    _tap(ctx, RUNNER, events_ids.EVENT_NEST_FIRE_YES)
    state = controller.state
    assert state.bag.eggs == eggs - 1
    # The answer, the step, and the Event card drawn on entering step 9: three commands.
    assert state.event_phase.step is EventStep.EVENT_CARD and state.event_phase.event_card is not None
    assert state.commands_applied == before + 3
    controller.undo()
    controller.undo()
    assert controller.state.event_phase.step is EventStep.FIRE and controller.state.event_phase.nest_fire is True
    screen = build_events_screen(ctx, RUNNER)
    assert ctx.texts.t("ui.events.fire.answered_yes") in strings(screen)
    assert events_ids.EVENT_NEST_FIRE_YES not in identifiers(screen)
    assert not _disabled(_find(screen, events_ids.EVENT_CONTINUE))


def test_step_8_with_no_fire_on_the_board_asks_nothing(controller):
    _new(controller)
    controller.execute(StartEventPhase())
    _drive_to(controller, EventStep.FIRE)
    assert controller.state.fire == 0
    ctx = make_context(controller, "pt-BR", 390)
    screen = build_events_screen(ctx, RUNNER)
    check_texts(screen)
    assert ctx.texts.t("ui.events.fire.nothing_burns") in strings(_find(screen, events_ids.EVENT_NOTHING_BURNS))
    assert not {events_ids.EVENT_NEST_FIRE_YES, events_ids.EVENT_NEST_FIRE_NO, events_ids.EVENT_BLOCKED} & identifiers(screen)
    assert ctx.texts.t("event_phase.question.nest_fire") not in strings(screen)
    eggs = controller.state.bag.eggs
    before = controller.state.commands_applied
    _tap(ctx, RUNNER, events_ids.EVENT_CONTINUE)
    # Three named commands: the answer, the step, then the Event card drawn on entering step 9.
    state = controller.state
    assert state.event_phase.step is EventStep.EVENT_CARD and state.event_phase.nest_fire is False
    assert state.event_phase.event_card is not None and state.commands_applied == before + 3
    assert state.bag.eggs == eggs
    keys = [e.key for e in reversed(controller.history(ctx.viewer, since=before))]
    assert keys.index("log.event_phase.no_nest_fire") < keys.index("log.event.drawn")
    # Step 9 says what step 8 did.
    assert ctx.texts.t("ui.events.fire.nothing_burned") in strings(
        _find(build_events_screen(ctx, RUNNER), events_ids.EVENT_FIRE_DONE))
    controller.undo()
    assert controller.state.event_phase.event_card is None
    controller.undo()
    assert controller.state.event_phase.step is EventStep.FIRE and controller.state.event_phase.nest_fire is False
    controller.undo()
    assert controller.state.event_phase.nest_fire is None


def test_a_power_surge_that_changes_nothing_needs_no_tap(controller):
    _new(controller)
    assert not controller.state.time_active
    controller.execute(StartEventPhase())
    _drive_to(controller, EventStep.EVENT_CARD, card="power_surge")
    ctx = make_context(controller, "tr", 1280)
    screen = build_events_screen(ctx, RUNNER)
    check_texts(screen)
    found = identifiers(screen)
    assert events_ids.event_effect("power_surge", "settled") in found and events_ids.event_effect("power_surge") not in found
    assert events_ids.EVENT_BLOCKED not in found
    _tap(ctx, RUNNER, events_ids.EVENT_CONTINUE)
    state = controller.state
    assert state.event_phase.step is EventStep.DEVELOPMENT and not state.time_active
    assert any(e.key == "log.power_surge_no_effect" for e in controller.history(ctx.viewer, limit=10))
    controller.undo()
    assert controller.state.event_phase.done_effects == [EventEffect.POWER_SURGE]


def test_the_event_card_on_screen_is_the_engines(controller):
    _new(controller, seed=11)
    ctx = make_context(controller, "pt-BR", 1280)
    controller.execute(StartEventPhase())
    _drive_to(controller, EventStep.EVENT_CARD)
    _tap(ctx, RUNNER, events_ids.DRAW_EVENT)
    card = controller.state.event_phase.event_card
    assert card is not None and controller.state.decks.event.shown == [card]
    spec = event_card(controller.rules, card)
    view = _find(build_events_screen(ctx, RUNNER), events_ids.EVENT_CARD)
    shown = strings(view)
    t = ctx.texts.t
    assert t(f"event_card.name.{spec.card}") in shown
    assert t(f"event_card.effect.{spec.card}") in shown
    assert str(spec.number) in shown
    assert " → ".join(str(n) for n in spec.corridors) in shown
    for kind in spec.moves:
        assert t(f"intruder.{kind}") in shown
    if spec.has_darkness_extra:
        assert t(f"event_card.dark.{spec.card}") in shown


def test_power_surge_turns_the_time_token_inactive(controller):
    _new(controller)
    _to_css_space(controller)
    assert controller.state.time_active
    controller.execute(StartEventPhase())
    _drive_to(controller, EventStep.EVENT_CARD, card="power_surge")
    ctx = make_context(controller, "tr", 390)
    assert ctx.texts.t("ui.track.backup_on") in strings(_find(build_events_screen(ctx, RUNNER), events_ids.EVENT_STATUS))
    _tap(ctx, RUNNER, events_ids.event_effect("power_surge"))
    assert not controller.state.time_active
    status = strings(_find(build_events_screen(ctx, RUNNER), events_ids.EVENT_STATUS))
    assert ctx.texts.t("ui.track.backup_off") in status


def test_the_time_step_says_whether_the_next_threshold_fires(controller):
    """The Time step names the threshold the Time token reaches next, as the engine sees it."""
    _new(controller)
    ctx = make_context(controller, "pt-BR", 1280)
    t = ctx.texts.t
    said = set()
    while controller.state.time > 2 and len(said) < 2:
        controller.execute(StartEventPhase())
        _drive_to(controller, EventStep.TIME)
        state = controller.state
        screen = strings(build_events_screen(ctx, RUNNER))
        slot = controller.rules.slot(state.time - 1)
        if slot.threshold is None:
            assert t("ui.events.time.threshold_fires") not in screen
            assert t("ui.events.time.threshold_ignored") not in screen
        else:
            fires = slot.threshold == "blue" or not state.time_active
            key = "ui.events.time.threshold_fires" if fires else "ui.events.time.threshold_ignored"
            assert t(f"ui.events.time.threshold_{slot.threshold}", next_slot=slot.number) in screen
            assert t(key) in screen
            said.add(key)
            controller.execute(RestorePower())  # the next red threshold is ignored
        _drive_to(controller, EventStep.ROUND_END)
        controller.execute(next_runner_command(controller.state, controller.rules))
    assert said == {"ui.events.time.threshold_fires", "ui.events.time.threshold_ignored"}


def test_the_browser_tests_seed_draws_power_surge_second():
    rules = load_rules()
    seed = find_power_surge_seed(rules)
    game = play(seed, rules)
    assert game is not None and not game.state.time_active
    assert game.state.decks.event.discard[-1].startswith("power_surge")


# --------------------------------------------------------------------- attacks and injury checks
@pytest.mark.parametrize("lang", LANGS)
def test_attack_shows_the_drawn_card_and_the_verdict(controller, lang):
    _new(controller)
    ctx = make_context(controller, lang, 1280)
    open_screen(ctx, ATTACK)
    assert events_ids.ATTACK_VERDICT not in identifiers(build_events_screen(ctx, ATTACK))
    _tap(ctx, ATTACK, events_ids.attack_attacker("queen"))
    _tap(ctx, ATTACK, events_ids.attack_seat(2))
    _tap(ctx, ATTACK, events_ids.attack_target("standard"))
    _tap(ctx, ATTACK, events_ids.attack_place("STAIRS"))
    screen = build_events_screen(ctx, ATTACK)
    check_texts(screen)
    assert ctx.texts.t("reminder.attack_target.standard") in strings(_find(screen, events_ids.ATTACK_TARGET_RULE))
    assert ctx.texts.t("ui.events.lighting.stairs") in strings(_find(screen, events_ids.ATTACK_LIGHTING))
    _click(_find(screen, events_ids.ATTACK_RESOLVE))
    card = controller.state.decks.attack.shown[0]
    spec = attack_card(controller.rules, card)
    screen = build_events_screen(ctx, ATTACK)
    check_texts(screen)
    shown = strings(_find(screen, events_ids.ATTACK_CARD))
    assert ctx.texts.t(f"attack_card.name.{spec.kind}") in shown
    verdict = " ".join(strings(_find(screen, events_ids.ATTACK_VERDICT)))
    hit = "queen" in spec.symbols
    key = "ui.events.attack.hit" if hit else "ui.events.attack.miss"
    assert ctx.texts.upper(ctx.texts.t(key)) in verdict
    # The result names the player and the Character.
    member = controller.state.member(2)
    assert f"{member.name} ({ctx.texts.character(member.character)})" in verdict
    if hit and spec.has_darkness_extra:  # the stairs are dark: the extra applies
        assert ctx.texts.t(f"attack_card.dark.{spec.kind}") in shown
    # Undo takes the result off the screen again.
    controller.undo()
    assert events_ids.ATTACK_VERDICT not in identifiers(build_events_screen(ctx, ATTACK))


def test_the_lighting_follows_the_power_tokens(controller):
    _new(controller)
    ctx = make_context(controller, "tr", 1280)
    t = ctx.texts.t
    for section in (Section.S01, Section.S02, Section.S03, Section.ELEVATOR):
        draft_of(ctx).place = Place(section.value)
        shown = strings(_find(build_events_screen(ctx, ATTACK), events_ids.ATTACK_LIGHTING))
        key = "light" if controller.state.is_powered(section) else "dark"
        assert t(f"ui.events.lighting.{key}", section=section.value) in shown


def test_the_attack_form_lets_a_character_ignore_darkness(controller):
    _new(controller)
    ctx = make_context(controller, "pt-BR", 1280)
    open_screen(ctx, ATTACK)
    for identifier in (events_ids.attack_attacker("adult"), events_ids.attack_seat(2), events_ids.attack_target("standard"),
                       events_ids.attack_place("STAIRS"), events_ids.ATTACK_IGNORE_DARKNESS):
        _tap(ctx, ATTACK, identifier)
    screen = build_events_screen(ctx, ATTACK)
    assert ctx.texts.t("ui.events.lighting.ignored", section="STAIRS") in strings(_find(screen, events_ids.ATTACK_LIGHTING))
    _click(_find(screen, events_ids.ATTACK_RESOLVE))
    assert controller.state.latest.attack.dark is False


def test_a_surprise_attack_from_the_bag_shows_exactly_its_values(controller):
    """The bag screen fills in the attack and opens it: what it set is what is shown and
    sent, and the way back leads to the bag."""
    _new(controller)
    pages = []
    ctx = make_context(controller, "pt-BR", 390)
    ctx.navigate = pages.append
    open_screen(ctx, ATTACK, back_to="bag",
                attack=AttackFill(attacker="creeper", seat=3, place=Place.S02, target="surprise"))
    screen = build_events_screen(ctx, ATTACK)
    check_texts(screen)
    chosen = {item.identifier for item in walk(screen) if isinstance(item, ft.Semantics) and item.selected}
    assert {events_ids.attack_attacker("creeper"), events_ids.attack_seat(3), events_ids.attack_place("S-02"),
            events_ids.attack_target("surprise")} <= chosen
    assert len([i for i in chosen if i.startswith(("attack-attacker-", "attack-seat-", "attack-place-",
                                                   "attack-target-"))]) == 4
    assert ctx.texts.t("reminder.attack_target.surprise") in strings(_find(screen, events_ids.ATTACK_TARGET_RULE))
    assert ctx.texts.t("ui.events.back_bag") in strings(_find(screen, events_ids.BACK))
    _click(_find(screen, events_ids.ATTACK_RESOLVE))
    result = controller.state.latest.attack
    assert (result.attacker, result.seat, result.target) == ("creeper", 3, "surprise")
    verdict = " ".join(strings(_find(build_events_screen(ctx, ATTACK), events_ids.ATTACK_VERDICT)))
    assert player_label(ctx.texts, ctx.game, 3) in verdict
    _click(_find(build_events_screen(ctx, ATTACK), events_ids.BACK))
    assert pages == [ATTACK, "bag"]


def test_a_larva_infests_without_a_card(controller):
    _new(controller)
    ctx = make_context(controller, "tr", 390)
    open_screen(ctx, ATTACK)
    for identifier in (events_ids.attack_attacker("larva"), events_ids.attack_seat(1), events_ids.attack_target("standard"),
                       events_ids.attack_place("S-01")):
        _tap(ctx, ATTACK, identifier)
    screen = build_events_screen(ctx, ATTACK)
    assert ctx.texts.t("ui.events.odds.larva") in strings(screen)
    _click(_find(screen, events_ids.ATTACK_RESOLVE))
    screen = build_events_screen(ctx, ATTACK)
    assert ctx.texts.upper(ctx.texts.t("ui.events.attack.infested")) in " ".join(
        strings(_find(screen, events_ids.ATTACK_VERDICT)))
    assert events_ids.ATTACK_CARD not in identifiers(screen)


def test_attack_resolve_is_disabled_when_nobody_can_be_attacked(controller):
    _new(controller)
    controller.execute(RecordDeath(seat=1))
    ctx = make_context(controller, "tr", 1280)
    draft = draft_of(ctx)
    draft.attacker, draft.seat, draft.target, draft.place = "adult", 1, "standard", Place.S01
    # A dead Character is not offered, nor taken for one still there: the table chooses.
    screen = build_events_screen(ctx, ATTACK)
    assert events_ids.attack_seat(1) not in identifiers(screen)
    assert _disabled(_find(screen, events_ids.ATTACK_RESOLVE))
    assert ctx.texts.t("ui.events_screen.attack.needs_seat") in strings(_find(screen, events_ids.ATTACK_RESOLVE))
    _tap(ctx, ATTACK, events_ids.attack_seat(2))
    assert not _disabled(_find(build_events_screen(ctx, ATTACK), events_ids.ATTACK_RESOLVE))
    for seat in (2, 3):
        controller.execute(RecordDeath(seat=seat))
    screen = build_events_screen(ctx, ATTACK)
    assert _disabled(_find(screen, events_ids.ATTACK_RESOLVE))
    assert ctx.texts.t("ui.events.attack.nobody") in strings(_find(screen, events_ids.ATTACK_RESOLVE))


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("lang", LANGS)
def test_injury_check_shows_its_cards_and_verdict(controller, lang, width):
    _new(controller)
    ctx = make_context(controller, lang, width)
    open_screen(ctx, INJURY)
    _tap(ctx, INJURY, events_ids.injury_intruder("breeder"))
    for _ in range(4):  # none at first, then 1, 2, 3, 4
        _tap(ctx, INJURY, events_ids.INJURY_COUNT_UP)
    assert draft_of(ctx).injuries == 4
    screen = build_events_screen(ctx, INJURY)
    check_texts(screen)
    assert "%" in " ".join(strings(_find(screen, events_ids.INJURY_ODDS)))
    _click(_find(screen, events_ids.INJURY_RESOLVE))
    drawn = list(controller.state.decks.attack.shown)
    assert len(drawn) == 2
    screen = build_events_screen(ctx, INJURY)
    check_texts(screen)
    for index, card in enumerate(drawn, start=1):
        spec = attack_card(controller.rules, card)
        assert ctx.texts.t(f"attack_card.name.{spec.kind}") in strings(_find(screen, events_ids.injury_card(index)))
    # The journal's line, read independently of the typed result the screen shows.
    last = next(e for e in controller.history(ctx.viewer) if e.key.startswith(
        ("log.injury.killed", "log.injury.survives", "log.injury.retreat")))
    verdict = " ".join(strings(_find(screen, events_ids.INJURY_VERDICT)))
    word = {"log.injury.killed": "killed", "log.injury.survives": "survives"}.get(last.key, "retreats")
    assert ctx.texts.upper(ctx.texts.t(f"ui.events.injury.{word}", kind="breeder")) in verdict


def test_a_retreat_names_its_corridor(controller):
    _new(controller)
    ctx = make_context(controller, "tr", 390)
    open_screen(ctx, INJURY)
    controller.execute(InjuryCheck(intruder="adult", injuries=3, cards=("cut_r",)))
    screen = build_events_screen(ctx, INJURY)
    entry = next(e for e in controller.history(ctx.viewer) if e.key.startswith("log.injury.retreat"))
    verdict = " ".join(strings(_find(screen, events_ids.INJURY_VERDICT)))
    assert ctx.texts.upper(ctx.texts.t("ui.events.injury.retreats", kind="adult")) in verdict
    assert str(entry.params["corridor"]) in verdict
    assert ctx.texts.t("ui.events.card.retreat") in strings(_find(screen, events_ids.injury_card(1)))


# --------------------------------------------------------------------- decks
@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("lang", LANGS)
def test_decks_screen_lists_piles_and_history(controller, lang, width):
    _new(controller)
    controller.execute(StartEventPhase())
    _drive_to(controller, EventStep.DEVELOPMENT, card="blue_screen")  # a card that leaves the game
    controller.execute(InjuryCheck(intruder="queen", injuries=2))
    ctx = make_context(controller, lang, width)
    screen = build_events_screen(ctx, DECKS)
    check_texts(screen)
    state = controller.state
    assert ctx.texts.t("event_card.name.blue_screen") in " ".join(strings(_find(screen, events_ids.DECK_EVENT_REMOVED)))
    assert str(len(state.decks.event.draw_pile)) in strings(_find(screen, events_ids.DECK_EVENT_DRAW))
    assert str(len(state.decks.attack.draw_pile)) in strings(_find(screen, events_ids.DECK_ATTACK_DRAW))
    shown = " ".join(strings(_find(screen, events_ids.DECK_ATTACK_SHOWN)))
    for card in state.decks.attack.shown:
        assert ctx.texts.t(f"attack_card.name.{attack_card(controller.rules, card).kind}") in shown
    history = " ".join(strings(_find(screen, events_ids.DECK_HISTORY)))
    assert ctx.texts.t("event_card.name.blue_screen") in history
    # Browsable: a card of a pile opens, large.
    removed = state.decks.event.removed[0]
    _click(_find(screen, events_ids.deck_card("event", removed)))
    dialog = ctx.page.dialogs[-1]
    assert ctx.texts.t("event_card.effect.blue_screen") in strings(_find(dialog.content, events_ids.DECK_CARD))
    controller.execute(InjuryCheck(intruder="adult", injuries=1))  # the queen's cards go to the discard pile
    screen = build_events_screen(ctx, DECKS)
    discard = " ".join(strings(_find(screen, events_ids.DECK_ATTACK_DISCARD)))
    for card in state.decks.attack.shown:
        assert ctx.texts.t(f"attack_card.name.{attack_card(controller.rules, card).kind}") in discard


# --------------------------------------------------------------------- the table, resuming
def test_the_table_starts_and_resumes_the_phase(controller):
    _new(controller)
    pages = []
    ctx = make_context(controller, "pt-BR", 1280)
    ctx.navigate = pages.append
    panel = shown_part(ctx, EventsPanel)
    assert ctx.texts.t("ui.events.panel.start") in strings(panel)
    _click(_find(panel, events_ids.EVENT_PHASE))
    assert controller.state.event_phase is not None and pages == [RUNNER]
    panel = shown_part(ctx, EventsPanel)
    step = controller.state.event_phase.step
    assert ctx.texts.t("ui.events.panel.resume", step=int(step), name=ctx.texts.t(step.key)) in strings(panel)


def test_a_restarted_app_shows_the_same_step(tmp_path):
    first = make_controller(tmp_path)
    _new(first)
    first.execute(PlaceFire())
    first.execute(StartEventPhase())
    _drive_to(first, EventStep.FIRE)
    game_id = first.game_id
    again = TableController(GameStore(tmp_path), load_rules())
    again.open(game_id)
    ctx = make_context(again, "tr", 390)
    screen = build_events_screen(ctx, RUNNER)
    assert _find(screen, events_ids.event_step(8)).selected
    assert not _find(screen, events_ids.event_step(7)).selected
    assert {events_ids.EVENT_NEST_FIRE_YES, events_ids.EVENT_NEST_FIRE_NO} <= identifiers(screen)


def test_finishing_the_phase_returns_to_the_table(controller):
    _new(controller)
    pages = []
    controller.execute(StartEventPhase())
    _drive_to(controller, EventStep.ROUND_END)
    ctx = make_context(controller, "tr", 1280)
    ctx.navigate = pages.append
    _tap(ctx, RUNNER, events_ids.EVENT_CONTINUE)
    assert controller.state.event_phase is None
    assert pages == ["table"]


def test_step_10_with_a_physical_bag_and_the_queen_question(controller):
    """A physical bag: the table reports the token (the bag screen's picker); the Queen
    then waits for the bag's question, and the runner cannot go on until it is answered."""
    chars = ("hacker", "janitor")
    controller.new_game(NewGame(players=tuple(PlayerSetup(name=f"P{i}", character=c) for i, c in enumerate(chars)),
                                seed=3, physical_bag=True), "t")
    controller.execute(StartEventPhase())
    for _ in range(20):
        state = controller.state
        if state.event_phase.step is EventStep.DEVELOPMENT:
            break
        controller.execute(next_runner_command(state, controller.rules))
    ctx = make_context(controller, "tr", 390)
    screen = build_events_screen(ctx, RUNNER)
    check_texts(screen)
    develop = _find(screen, events_ids.EVENT_DEVELOP_BAG)
    assert not _disabled(develop)  # the engine only misses the outcome: ask for it
    _click(develop)
    assert controller.state.event_phase.developed is False  # nothing sent before the answer
    dialog = ctx.page.dialogs[-1]
    dialog.update = lambda: None
    queen = next(spec for spec in controller.rules.intruders.tokens if spec.kind == "queen")
    _click(_find(dialog.content, bag_ids.outcome("queen", queen.light, queen.dark)))
    state = controller.state
    assert state.event_phase.developed and state.bag.awaiting is not None
    screen = build_events_screen(ctx, RUNNER)
    check_texts(screen)
    assert ctx.texts.t("ui.events.bag.question_open") in strings(screen)
    assert _disabled(_find(screen, events_ids.EVENT_CONTINUE))
    assert bag_ids.TOKEN_REVEAL in identifiers(screen)
