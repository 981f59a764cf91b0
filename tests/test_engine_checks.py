"""`check` answers exactly what `apply` would do, without copying the state or drawing;
every command is registered once; the Event Phase guard is explicit."""
from __future__ import annotations

import copy
import random
from contextlib import contextmanager
from typing import Callable, Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import BaseModel

from companion.engine import GameState, IllegalCommand, apply, check, command_to_json
from companion.engine import commands as c
from companion.engine.bag.model import Awaiting, Place, TokenOutcome
from companion.engine.phase.model import EventStep
from companion.engine.registry import REGISTRY, DuplicateRegistration, Registration, Registry
from companion.engine.rng import RngState
from companion.engine.track.timetrack import advance_time_command
from companion.rules import load_rules
from tests.conftest import setup_command
from tests.support.candidates import candidates
from tests.support.deck_helpers import next_runner_command
from tests.support.victory_helpers import victory_states
from tests.support.contamination_helpers import contamination_states

RULES = load_rules()
KIND_OF = {spec.id: spec.kind for spec in RULES.intruders.tokens}
# The commands that move an Event Phase on or answer the bag: a walk favours them so it
# reaches every step.
PROGRESS = {
    "start_event_phase", "continue_event_phase", "event_css_launch", "event_fire_damage", "draw_event_card",
    "event_develop_bag", "answer_queen_in_nest", "answer_adults_retreat", "event_power_surge",
    "event_kickstopper", "event_coolant_leak", "event_hatching", "event_lurking", "event_noise_in_corridors",
}


def new_state(players: int = 3, seed: int = 1, physical: bool = False) -> GameState:
    mode = "solo" if players == 1 else "standard"
    # Every other seed with the app's Contingency tokens, so looks at them are walked too.
    setup = setup_command(players=players, seed=seed, mode=mode).model_copy(
        update={"physical_bag": physical, "contingency_tokens": seed % 2 == 0,
                "digital_contamination": seed % 3 != 0})
    return apply(None, setup, RULES)


# --------------------------------------------------------------------- odd states a table can reach by hand
def _edited(state: GameState, edit: Callable[[GameState], None]) -> GameState:
    changed = state.model_copy(deep=True)
    edit(changed)
    return changed


# Each keeps what the engine keeps true: the Queen stays in the bag while the Queen
# question is open, every Adult stays on the board while the Adults retreat.
def _empty_bag(state: GameState) -> None:
    if state.bag.awaiting is Awaiting.QUEEN_IN_NEST:
        return
    order = [spec.id for spec in RULES.intruders.tokens]
    state.bag.aside = sorted(state.bag.aside + state.bag.bag, key=order.index)
    state.bag.bag = []


def _attack_deck_out(state: GameState) -> None:
    deck = state.decks.attack
    deck.removed += deck.draw_pile + deck.discard
    deck.draw_pile, deck.discard = [], []


def _event_deck_almost_out(state: GameState) -> None:
    deck = state.decks.event
    deck.removed += deck.draw_pile[1:] + deck.discard
    deck.draw_pile, deck.discard = deck.draw_pile[:1], []


def _attack_pile_of_one(state: GameState) -> None:
    deck = state.decks.attack
    deck.discard += deck.draw_pile[1:]
    deck.draw_pile = deck.draw_pile[:1]


def _full_board(state: GameState) -> None:
    queen_in_bag = any(KIND_OF[token] == "queen" for token in state.bag.bag)
    state.bag.on_board.update({kind: n for kind, n in RULES.intruders.miniatures.items()
                               if not (kind == "queen" and queen_in_bag)})


def _some_board(state: GameState) -> None:
    queen_in_bag = any(KIND_OF[token] == "queen" for token in state.bag.bag)
    for kind in state.bag.on_board:
        if kind == "adult" and state.bag.awaiting is Awaiting.ADULTS_RETREAT:
            continue
        state.bag.on_board[kind] = 0 if kind == "queen" and queen_in_bag else 1


def _no_eggs(state: GameState) -> None:
    state.bag.eggs = 0


EDITS = (_empty_bag, _attack_deck_out, _event_deck_almost_out, _attack_pile_of_one, _full_board, _some_board,
         _no_eggs)

SETUPS = st.tuples(st.integers(1, 5), st.integers(0, 10**6), st.booleans())


def reached_states(data: st.DataObject, setup: tuple[int, int, bool], steps: int) -> Iterator[GameState]:
    """A random game: legal commands (often the Event Phase's), now and then an odd
    state set up by hand; yields every state reached."""
    state = new_state(*setup)
    yield state
    for _ in range(steps):
        if data.draw(st.integers(0, 15), label="edit?") == 0:
            state = _edited(state, data.draw(st.sampled_from(EDITS), label="edit"))
        else:
            legal = [command for command in candidates(state, RULES) if check(state, command, RULES) is None]
            if not legal:
                return
            progress = [command for command in legal if command.type in PROGRESS]
            pool = progress if progress and data.draw(st.booleans(), label="progress?") else legal
            state = apply(state, data.draw(st.sampled_from(pool), label="command"), RULES)
        yield state


def assert_check_matches_apply(state: GameState, command: c.GameCommand) -> None:
    refusal = check(state, command, RULES)
    try:
        apply(state, command, RULES)
    except IllegalCommand as exc:
        assert refusal is not None, f"check accepts what apply refuses ({exc.key}): {command_to_json(command)}"
        assert (refusal.key, refusal.params) == (exc.key, exc.params), command_to_json(command)
    else:
        assert refusal is None, f"check refuses ({refusal.key}) what apply accepts: {command_to_json(command)}"


WALK = settings(max_examples=20, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@pytest.mark.slow  # every candidate command in 400 states
@WALK
@given(setup=SETUPS, data=st.data())
def test_check_refuses_exactly_what_apply_refuses(setup, data):
    for state in reached_states(data, setup, steps=20):
        for command in candidates(state, RULES):
            assert_check_matches_apply(state, command)


# --------------------------------------------------------------------- states every walk should see
def _driven_to(state: GameState, done: Callable[[GameState], bool]) -> GameState:
    """Tap the Event Phase on (simplest answers) until `done`."""
    for _ in range(80):
        if done(state):
            return state
        command = next_runner_command(state, RULES)
        if command.type == "event_develop_bag" and state.bag.physical_bag:
            command = c.EventDevelopBag(outcome=TokenOutcome(token=state.bag.bag[0]))
        state = apply(state, command, RULES)
    raise AssertionError("never got there")


def _at_step(step: EventStep) -> Callable[[GameState], bool]:
    return lambda state: state.event_phase is not None and state.event_phase.step is step


def _queen_question(physical: bool) -> GameState:
    state = new_state(physical=physical)
    outcome = {"outcome": {"kind": "queen"}} if physical else {}
    for _ in range(200):
        state = apply(state, c.DevelopBag(**outcome), RULES)
        if state.bag.awaiting is Awaiting.QUEEN_IN_NEST:
            return state
    raise AssertionError("the Queen never came out")


def _adults_retreat(physical: bool) -> GameState:
    state = new_state(physical=physical)
    for _ in range(RULES.intruders.miniatures["adult"] + 1):
        state = apply(state, c.PlaceIntruder(kind="adult"), RULES)
    assert state.bag.awaiting is Awaiting.ADULTS_RETREAT
    return state


def scenario_states() -> Iterator[tuple[str, GameState]]:
    for physical in (False, True):
        mode = "physical" if physical else "digital"
        start = new_state(physical=physical)
        yield f"{mode}-start", start
        at_css = start
        for _ in range(5):  # 15 -> 10, the first CSS space
            at_css = apply(at_css, c.AdvanceTime(), RULES)
        entered = apply(at_css, c.EnterPod(seat=2, pod="B"), RULES)
        yield f"{mode}-pod-waiting", entered
        phase = apply(entered, c.StartEventPhase(), RULES)
        yield f"{mode}-step-4", phase
        for step in list(EventStep)[1:]:
            phase = _driven_to(phase, _at_step(step))
            yield f"{mode}-step-{int(step)}", phase
            if step is EventStep.EVENT_CARD:
                yield f"{mode}-step-9-drawn", apply(phase, c.DrawEventCard(), RULES)
        yield f"{mode}-queen-question", _queen_question(physical)
        yield f"{mode}-adults-retreat", _adults_retreat(physical)
        for edit in EDITS:
            yield f"{mode}-{edit.__name__.strip('_')}", _edited(start, edit)
        yield f"{mode}-over", _game_over(start)
        for name, state in victory_states(physical):
            yield f"{mode}-{name}", state
        for name, state in contamination_states(physical):
            yield f"{mode}-{name}", state


def _game_over(state: GameState) -> GameState:
    while not state.is_over:
        state = apply(state, c.AdvanceTime(), RULES)
    return state


SCENARIOS = list(scenario_states())


@pytest.mark.parametrize("name,state", SCENARIOS, ids=[name for name, _ in SCENARIOS])
def test_check_matches_apply_in_every_step_and_question(name, state):
    for command in candidates(state, RULES):
        assert_check_matches_apply(state, command)


# --------------------------------------------------------------------- asking changes nothing
class Forbidden(AssertionError):
    pass


def _forbid(what: str) -> Callable:
    def refuse(*args, **kwargs):
        raise Forbidden(f"check must not {what}")

    return refuse


@contextmanager
def no_copies_and_no_draws() -> Iterator[None]:
    with pytest.MonkeyPatch.context() as patch:
        for name in ("model_copy", "model_dump", "model_dump_json", "__copy__", "__deepcopy__"):
            patch.setattr(BaseModel, name, _forbid(f"copy or dump a model ({name})"))
        patch.setattr(copy, "deepcopy", _forbid("deep-copy"))
        patch.setattr(copy, "copy", _forbid("copy"))
        for name in ("next_generator", "shuffled", "choice_index"):
            patch.setattr(RngState, name, _forbid(f"draw ({name})"))
        patch.setattr(random, "Random", _forbid("seed a generator"))
        yield


@WALK
@given(setup=SETUPS, data=st.data())
def test_check_copies_nothing_and_touches_no_randomness(setup, data):
    for state in reached_states(data, setup, steps=20):
        rng = (state.rng.seed, state.rng.draws)
        before = state.model_dump_json()
        commands = candidates(state, RULES)
        with no_copies_and_no_draws():
            for command in commands:
                check(state, command, RULES)
        assert (state.rng.seed, state.rng.draws) == rng
        assert state.model_dump_json() == before


def test_the_guard_against_copies_and_draws_bites():
    state = new_state()
    with no_copies_and_no_draws():
        with pytest.raises(Forbidden):
            apply(state, c.ResolveEncounter(seat=1, place=Place.S01, hand=2), RULES)
        with pytest.raises(Forbidden):
            state.rng.choice_index([1, 1])


def _reversed_piles(state: GameState) -> GameState:
    def reverse(changed: GameState) -> None:
        for deck in (changed.decks.attack, changed.decks.event):
            deck.draw_pile.reverse()

    return _edited(state, reverse)


@WALK
@given(setup=SETUPS, data=st.data())
def test_no_refusal_depends_on_the_hidden_order_of_a_deck(setup, data):
    for state in reached_states(data, setup, steps=20):
        hidden_order_changed = _reversed_piles(state)
        for command in candidates(state, RULES):
            first, second = check(state, command, RULES), check(hidden_order_changed, command, RULES)
            assert (first and (first.key, first.params)) == (second and (second.key, second.params)), \
                command_to_json(command)


# --------------------------------------------------------------------- the registry
def test_every_command_but_new_game_is_registered_once():
    import typing

    members = typing.get_args(typing.get_args(c.GameCommand)[0])
    assert {entry.command for entry in REGISTRY} == set(members) - {c.NewGame}
    assert len(REGISTRY) == len(members) - 1


def test_registering_a_command_twice_is_an_error():
    before = REGISTRY.get(c.AdvanceTime)
    with pytest.raises(DuplicateRegistration):
        REGISTRY.handles(c.AdvanceTime, check=lambda state, command, rules: None)(lambda turn, command: None)
    assert REGISTRY.get(c.AdvanceTime) is before and before.effect is advance_time_command

    registry = Registry()
    registry.register(Registration(c.PlaceFire, check=lambda *args: None, effect=lambda *args: None))
    with pytest.raises(DuplicateRegistration):
        registry.register(Registration(c.PlaceFire, check=lambda *args: None, effect=lambda *args: None))
    assert len(registry) == 1


def _open_phase(physical: bool = False) -> GameState:
    return apply(new_state(physical=physical), c.StartEventPhase(), RULES)


@pytest.mark.parametrize("command", [c.AdvanceTime(), c.DevelopBag()], ids=["advance_time", "develop_bag"])
def test_advance_time_and_develop_bag_wait_while_an_event_phase_is_open(command):
    registration = REGISTRY.get(type(command))
    assert registration is not None and registration.refused_during_event_phase
    state = _open_phase()
    # The command's own rules allow it now: the refusal comes from the declared guard.
    registration.check(state, command, RULES)
    refusal = check(state, command, RULES)
    assert refusal is not None and refusal.key == "error.event_phase_in_progress"
    with pytest.raises(IllegalCommand, match="error.event_phase_in_progress"):
        apply(state, command, RULES)
    assert check(new_state(), command, RULES) is None


def test_only_the_commands_the_runner_drives_itself_are_guarded():
    guarded = {entry.command for entry in REGISTRY if entry.refused_during_event_phase}
    assert guarded == {c.AdvanceTime, c.DevelopBag}


def test_the_runner_still_advances_time_and_develops_the_bag():
    state = _driven_to(_open_phase(), _at_step(EventStep.TIME))
    assert check(state, c.ContinueEventPhase(), RULES) is None
    assert apply(state, c.ContinueEventPhase(), RULES).time == state.time - 1
    state = _driven_to(state, _at_step(EventStep.DEVELOPMENT))
    assert check(state, c.EventDevelopBag(), RULES) is None
    assert apply(state, c.EventDevelopBag(), RULES).bag.last_draw is not None


# --------------------------------------------------------------------- a new game and no game
def test_new_game_and_no_game_are_checked_like_apply():
    good = setup_command(players=3)
    assert check(None, good, RULES) is None
    too_many = setup_command(players=5, mode="solo")
    bad_layout = c.NewGame.model_validate(
        {**good.model_dump(), "power_layout": {"S-01": 1, "S-02": 1, "S-03": 3, "ELEVATOR": 4}})
    for command in (too_many, bad_layout):
        assert_check_matches_apply(None, command)  # type: ignore[arg-type]
        assert check(None, command, RULES) is not None
    state = new_state()
    assert check(state, good, RULES).key == "error.game_already_started"
    assert check(None, c.AdvanceTime(), RULES).key == "error.no_game"


# --------------------------------------------------------------------- what the check cannot know yet
def test_a_reported_retreat_card_needs_the_attack_cards_reported_too():
    state = new_state()
    refusal = check(state, c.InjuryCheck(intruder="adult", injuries=1, retreat_card="panic"), RULES)
    assert refusal is not None and refusal.key == "error.injury_retreat_card_needs_cards"
    retreat = next(spec.id for spec in RULES.attack_cards if spec.retreat)
    assert check(state, c.InjuryCheck(intruder="adult", injuries=1, cards=(retreat,), retreat_card="panic"),
                 RULES) is None


def _creeper_attack_while_the_bag_waits(evolve_in_pile: bool) -> GameState:
    state = _adults_retreat(physical=False)

    def prepare(changed: GameState) -> None:
        changed.bag.on_board["creeper"] = 1
        deck = changed.decks.attack
        evolve = [card for card in deck.draw_pile if card.startswith("evolve")]
        others = [card for card in deck.draw_pile if card not in evolve]
        # The top card is never an Evolve: the refusal must not hang on it.
        deck.draw_pile = others[:1] + (evolve if evolve_in_pile else []) + others[1:]
        deck.removed += [] if evolve_in_pile else evolve

    return _edited(state, prepare)


def test_an_attack_that_may_evolve_waits_for_the_bag_whatever_the_top_card():
    attack = c.ResolveAttack(attacker="creeper", seat=1, place=Place.S01)
    refusal = check(_creeper_attack_while_the_bag_waits(evolve_in_pile=True), attack, RULES)
    assert refusal is not None and refusal.key == "error.bag_adults_retreat_open"
    assert check(_creeper_attack_while_the_bag_waits(evolve_in_pile=False), attack, RULES) is None
