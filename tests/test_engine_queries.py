"""The questions screens ask the engine (queries.py), each checked against what the
engine then does."""
from __future__ import annotations

import pytest

from companion.engine import GameState, apply, check, run
from companion.engine import commands as c
from companion.engine.bag.model import Awaiting, Lighting, Place, TokenOutcome
from companion.engine.phase.model import EventStep
from companion.engine.queries import (
    active_seats,
    can_add_to_bag,
    check_without_outcome,
    css_launch_pending,
    development_command,
    draw_available,
    in_darkness,
    is_development_step,
    is_on_css_space,
    lighting,
    next_threshold,
    round_end,
)
from companion.vocab import MINIATURE_KINDS, Section
from companion.rules import load_rules
from tests.conftest import setup_command
from tests.support.deck_helpers import next_runner_command

RULES = load_rules()
ALL_ON = {Section.S01: 1, Section.S02: 2, Section.S03: 3, Section.ELEVATOR: 4}


def new_state(*, physical: bool = False, players: int = 3, seed: int = 1) -> GameState:
    setup = setup_command(players=players, seed=seed, layout=ALL_ON).model_copy(update={"physical_bag": physical})
    return apply(None, setup, RULES)


def _with_bag(state: GameState, token_ids: list[str], **changes) -> GameState:
    order = [spec.id for spec in RULES.intruders.tokens]
    changed = state.model_copy(deep=True)
    changed.bag.bag = [t for t in order if t in token_ids]
    changed.bag.aside = [t for t in order if t not in token_ids]
    for name, value in changes.items():
        setattr(changed.bag, name, value)
    return changed


def _driven_to(state: GameState, step: EventStep) -> GameState:
    if state.event_phase is None:
        state = apply(state, c.StartEventPhase(), RULES)
    for _ in range(80):
        if state.event_phase is not None and state.event_phase.step is step:
            return state
        state = apply(state, next_runner_command(state, RULES), RULES)
    raise AssertionError(f"never reached step {step}")


def _flip(state: GameState, section: Section) -> GameState:
    return apply(state, c.FlipPower(section=section), RULES)


# --------------------------------------------------------------------- light and Darkness
def test_lighting_follows_the_power_and_the_stairs_are_always_dark():
    state = new_state()  # tokens 1 and 2 start active: S-01 and S-02 have power
    assert lighting(state, RULES, Place.S01) is Lighting.POWERED
    assert lighting(state, RULES, Place.S03) is Lighting.UNPOWERED
    assert lighting(state, RULES, Place.STAIRS) is Lighting.STAIRS
    everything_on = _flip(_flip(state, Section.S03), Section.ELEVATOR)
    assert all(lighting(everything_on, RULES, place) is Lighting.POWERED for place in Place if place is not Place.STAIRS)
    assert lighting(everything_on, RULES, Place.STAIRS) is Lighting.STAIRS
    assert lighting(_flip(state, Section.S01), RULES, Place.S01) is Lighting.UNPOWERED


def test_ignoring_darkness_gives_the_light_number_in_the_dark_only():
    state = new_state()
    assert lighting(state, RULES, Place.S01, ignore_darkness=True) is Lighting.POWERED
    for place in (Place.S03, Place.STAIRS):
        lit = lighting(state, RULES, place, ignore_darkness=True)
        assert lit is Lighting.DARKNESS_IGNORED and not lit.is_dark
        assert lighting(state, RULES, place).is_dark


@pytest.mark.parametrize("place", list(Place))
def test_an_encounter_uses_the_lighting_the_screen_showed(place):
    # A physical bag with every token in it, so the table reports an Adult 2/4.
    state = _with_bag(new_state(physical=True), [spec.id for spec in RULES.intruders.tokens])
    shown = lighting(state, RULES, place)
    after = apply(state, c.ResolveEncounter(seat=1, place=place, hand=3,
                                            outcome=TokenOutcome(kind="adult", light=2, dark=4)), RULES)
    draw = after.bag.last_draw
    assert draw.lighting is shown
    assert draw.applied == (4 if shown.is_dark else 2)


@pytest.mark.parametrize("place", list(Place))
def test_an_attack_is_in_darkness_exactly_where_the_query_says(place):
    state = new_state()
    dark = in_darkness(state, RULES, place)
    assert check(state, c.ResolveAttack(attacker="adult", seat=1, place=place, dark=dark), RULES) is None
    conflict = check(state, c.ResolveAttack(attacker="adult", seat=1, place=place, dark=not dark), RULES)
    assert conflict is not None and conflict.key == "error.attack_darkness_conflict"


# --------------------------------------------------------------------- who can meet an intruder
def test_active_seats_are_those_an_encounter_accepts():
    state = apply(new_state(), c.RecordDeath(seat=2), RULES)  # the first death opens the Main Gate
    state = apply(state, c.EscapeToBunker(seat=3), RULES)
    assert active_seats(state) == [1]
    for seat in (1, 2, 3):
        refusal = check(state, c.ResolveEncounter(seat=seat, place=Place.S01, hand=2), RULES)
        assert (refusal is None) == (seat in active_seats(state))


# --------------------------------------------------------------------- drawing from the bag
def test_a_draw_is_available_until_a_question_an_empty_bag_or_the_end_stops_it():
    state = new_state()
    assert draw_available(state) is None
    empty = _with_bag(state, [])
    assert draw_available(empty).key == "error.bag_empty"
    waiting = _with_bag(state, state.bag.bag, awaiting=Awaiting.QUEEN_IN_NEST)
    assert draw_available(waiting).key == "error.bag_queen_question_open"
    over = state
    while not over.is_over:
        over = apply(over, c.AdvanceTime(), RULES)
    assert draw_available(over).key == "error.game_over"
    for each in (state, empty, waiting, over):
        refusal = check(each, c.DevelopBag(), RULES)
        expected = draw_available(each)
        assert (refusal and refusal.key) == (expected and expected.key)


def test_a_physical_draw_without_its_outcome_only_asks_for_the_outcome():
    state = new_state(physical=True)
    encounter = c.ResolveEncounter(seat=1, place=Place.S02, hand=2)
    assert check(state, encounter, RULES).key == "error.bag_outcome_needed"
    assert check_without_outcome(state, encounter, RULES) is None
    assert check_without_outcome(state, c.DevelopBag(), RULES) is None
    # Anything else that stops the draw still shows.
    assert check_without_outcome(state, c.ResolveEncounter(seat=9, place=Place.S02, hand=2), RULES).key \
        == "error.unknown_seat"
    assert check_without_outcome(_with_bag(state, []), encounter, RULES).key == "error.bag_empty"
    # The screen then sends the outcome the table picked: accepted.
    token = state.bag.bag[0]
    assert check(state, encounter.model_copy(update={"outcome": TokenOutcome(token=token)}), RULES) is None


def test_a_digital_draw_needs_no_outcome():
    state = new_state()
    encounter = c.ResolveEncounter(seat=1, place=Place.S02, hand=2)
    assert check(state, encounter, RULES) is None
    assert check_without_outcome(state, encounter, RULES) is None
    refusal = check_without_outcome(_with_bag(state, []), encounter, RULES)
    assert refusal is not None and refusal.key == "error.bag_empty"


# --------------------------------------------------------------------- developing the bag
def test_development_goes_through_the_runner_at_step_10_only():
    state = new_state()
    assert isinstance(development_command(state), c.DevelopBag)
    assert not is_development_step(state)
    assert check(state, development_command(state), RULES) is None

    step_10 = _driven_to(state, EventStep.DEVELOPMENT)
    command = development_command(step_10)
    assert isinstance(command, c.EventDevelopBag) and is_development_step(step_10)
    assert check(step_10, command, RULES) is None
    assert check(step_10, c.DevelopBag(), RULES).key == "error.event_phase_in_progress"

    developed = apply(step_10, command, RULES)
    assert developed.event_phase.step is EventStep.DEVELOPMENT and not is_development_step(developed)
    step_9 = _driven_to(state, EventStep.EVENT_CARD)
    assert isinstance(development_command(step_9), c.DevelopBag) and not is_development_step(step_9)


def test_development_command_carries_the_outcome():
    state = _driven_to(new_state(physical=True), EventStep.DEVELOPMENT)
    outcome = TokenOutcome(token=state.bag.bag[0])
    command = development_command(state, outcome)
    assert command.outcome == outcome and check(state, command, RULES) is None


# --------------------------------------------------------------------- the supply
def _grows_the_bag(state: GameState, kind: str) -> bool:
    if check(state, c.AddToBag(kind=kind), RULES) is not None:
        return False
    return len(apply(state, c.AddToBag(kind=kind), RULES).bag.bag) > len(state.bag.bag)


def _supply_states() -> list[GameState]:
    state = new_state()
    queen_out = _with_bag(state, [t for t in state.bag.bag if t != "queen"])
    queen_out.bag.on_board["queen"] = 1
    larvae_in = _with_bag(state, [spec.id for spec in RULES.intruders.tokens if spec.kind == "larva"] + ["blank"])
    everything_in = _with_bag(state, [spec.id for spec in RULES.intruders.tokens])
    waiting = _with_bag(state, state.bag.bag, awaiting=Awaiting.ADULTS_RETREAT)
    return [state, queen_out, larvae_in, everything_in, waiting]


@pytest.mark.parametrize("index", range(5))
def test_can_add_to_bag_is_true_exactly_when_a_token_goes_in(index):
    state = _supply_states()[index]
    answers = {kind: can_add_to_bag(state, RULES, kind) for kind in MINIATURE_KINDS}
    assert answers == {kind: _grows_the_bag(state, kind) for kind in MINIATURE_KINDS}


def test_the_queen_beside_her_miniature_cannot_go_into_the_bag():
    queen_out = _supply_states()[1]
    assert not can_add_to_bag(queen_out, RULES, "queen")
    assert can_add_to_bag(queen_out, RULES, "adult")


# --------------------------------------------------------------------- the Time track
def _active_tokens(state: GameState) -> int:
    return len(state.active_power_tokens())


@pytest.mark.parametrize("backup_power", [False, True])
def test_next_threshold_is_where_advancing_time_next_flips_a_power_token(backup_power):
    state = new_state()
    if backup_power:
        state = apply(state, c.RestorePower(), RULES)  # Time token active: red thresholds are ignored
    seen = 0
    while (upcoming := next_threshold(state, RULES)) is not None:
        assert upcoming.fires == (upcoming.colour == "blue" or not backup_power)
        for _ in range(upcoming.advances - 1):
            before = _active_tokens(state)
            state = apply(state, c.AdvanceTime(), RULES)
            assert _active_tokens(state) == before, "a threshold before the one announced"
        before = _active_tokens(state)
        state = apply(state, c.AdvanceTime(), RULES)
        assert state.time == upcoming.slot.number
        if before:
            assert _active_tokens(state) == before - (1 if upcoming.fires else 0)
        state = apply(state, c.RestorePower(), RULES) if backup_power else _restored_without_backup(state)
        seen += 1
    assert seen >= 3
    assert all(RULES.slot(slot).threshold is None for slot in range(state.time))


def _restored_without_backup(state: GameState) -> GameState:
    """Power tokens back on (so the next threshold has one to flip), Time token inactive."""
    return apply(apply(state, c.RestorePower(), RULES), c.PowerSurge(), RULES)


def test_the_css_space_and_a_pending_launch():
    state = new_state()
    assert not is_on_css_space(state, RULES) and not css_launch_pending(state, RULES)
    while not RULES.slot(state.time).css_space:
        state = apply(state, c.AdvanceTime(), RULES)
    assert is_on_css_space(state, RULES) and css_launch_pending(state, RULES)
    assert check(state, c.CssLaunch(face="NONE"), RULES) is None
    launched = apply(state, c.CssLaunch(face="NONE"), RULES)
    assert is_on_css_space(launched, RULES) and not css_launch_pending(launched, RULES)
    assert check(launched, c.CssLaunch(face="NONE"), RULES).key == "error.css_already_launched"


# --------------------------------------------------------------------- step 11
def test_round_end_says_what_the_step_reminds_the_table_of():
    state = _driven_to(new_state(), EventStep.DEVELOPMENT)
    while state.event_phase.step is not EventStep.ROUND_END:
        outcome = run(state, next_runner_command(state, RULES), RULES)
        state = outcome.state
    reminders = round_end(state, RULES)
    assert reminders.next_round == state.round == 2
    assert reminders.first_player_passes and reminders.new_first_player == 2
