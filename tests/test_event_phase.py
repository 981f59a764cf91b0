"""The Event Phase runner: step order, no skipping, restart, undo, and the Event
card follow-ups that change what the app tracks."""
from __future__ import annotations

import pytest

from companion.engine import GameSession, GameState, Section
from companion.engine.phase.model import EventEffect, EventStep
from tests.conftest import LAYOUT_1234, advance_to, cmd, do, keys, new_keys, refused
from tests.support.journal import events_of, journal
from tests.support.deck_helpers import (
    check_conservation,
    drive_to,
    finish_phase,
    next_runner_command,
    with_decks,
    with_on_board,
)

STEP_LOGS = [
    "log.event_phase.started",
    "log.event_phase.css_launch",
    "log.event_phase.time",
    "log.event_phase.noise",
    "log.event_phase.attacks",
    "log.event_phase.fire",
    "log.event_phase.event_card",
    "log.event_phase.development",
    "log.event_phase.round_end",
    "log.event_phase.finished",
]


def _step_logs(game: GameSession) -> list[str]:
    return [k for k in keys(game) if k in STEP_LOGS or k == "log.event_phase.css_skipped"]


# --------------------------------------------------------------------- order
def test_full_phase_in_order_with_a_css_launch(make_game, rules):
    game = make_game(layout=LAYOUT_1234)
    advance_to(game, 10)  # slot 10 holds a CSS token
    do(game, "restore_power")  # tokens 1 and 2 powered again, backup power on
    start_round, start_time = game.state.round, game.state.time
    steps_seen = []
    types_seen = []
    for _ in range(40):
        command = next_runner_command(game.state, rules)
        types_seen.append(command.type)
        state = game.execute(command).state
        if state.event_phase is None:
            break
        if not steps_seen or steps_seen[-1] != state.event_phase.step:
            steps_seen.append(state.event_phase.step)
    assert steps_seen == list(EventStep)
    assert types_seen[:2] == ["start_event_phase", "event_css_launch"]
    assert "event_fire_damage" in types_seen and "draw_event_card" in types_seen
    assert "event_develop_bag" in types_seen
    assert game.state.event_phase is None
    assert (game.state.time, game.state.round) == (start_time - 1, start_round + 1)
    assert game.state.css_launched_at == 10
    logs = _step_logs(game)
    assert logs[logs.index("log.event_phase.started"):] == STEP_LOGS
    # Step 6 named the powered Sections (tokens 1 and 2: S-01 and S-02), not the others.
    noise = [e.params["section"] for e in journal(game) if e.key == "log.event_phase.noise_section"]
    assert noise == ["S-01", "S-02"]
    assert "log.event_phase.noise_technical_corridors" in keys(game)
    check_conservation(game.state, rules)


def test_step_4_is_skipped_without_a_css_token(make_game, rules):
    game = make_game()
    state = do(game, "start_event_phase")
    assert state.event_phase.step is EventStep.TIME
    assert new_keys(state) == ["log.event_phase.started", "log.event_phase.css_skipped", "log.event_phase.time"]


def test_a_css_token_revealed_with_the_plain_command_counts(make_game):
    game = make_game()
    advance_to(game, 10)
    do(game, "start_event_phase")
    do(game, "css_launch", face="A")
    assert do(game, "continue_event_phase").event_phase.step is EventStep.TIME


def test_round_end_reminds_of_the_player_phase(make_game, rules):
    game = make_game()
    state = drive_to(game, rules, EventStep.ROUND_END)
    assert state.round == 2
    # The First Player token's pass is told once, at step 2 of the Player Phase (below).
    assert new_keys(state) == ["log.event_phase.round_end", "log.event_phase.draw_up"]
    state = do(game, "continue_event_phase")
    assert state.event_phase is None and new_keys(state) == ["log.event_phase.finished", "log.first_player.passed"]


# --------------------------------------------------------------------- no skipping
def test_a_second_tap_on_continue_from_a_step_already_left_is_refused(make_game):
    """The runner's button says which step it leaves: a double tap moves one step, and
    the second tap is told why it did nothing."""
    game = make_game()
    state = do(game, "start_event_phase")
    assert state.event_phase.step is EventStep.TIME
    assert do(game, "continue_event_phase", at=5).event_phase.step is EventStep.NOISE
    error = refused(game, "error.event_phase_moved_on", "continue_event_phase", at=5)
    assert error.params == {"step": 6}
    assert do(game, "continue_event_phase", at=6).event_phase.step is EventStep.ATTACKS


def test_the_runner_cannot_skip_a_step(make_game, rules):
    game = make_game()
    advance_to(game, 10)
    refused(game, "error.event_phase_not_started", "continue_event_phase")
    do(game, "start_event_phase")
    refused(game, "error.event_phase_in_progress", "start_event_phase")
    refused(game, "error.event_phase_css_face_needed", "continue_event_phase")
    refused(game, "error.event_phase_wrong_step", "draw_event_card")
    refused(game, "error.event_phase_wrong_step", "event_fire_damage", nest_fire=True)
    refused(game, "error.event_phase_wrong_step", "event_develop_bag")
    refused(game, "error.event_phase_in_progress", "advance_time")
    refused(game, "error.event_phase_in_progress", "develop_bag")
    do(game, "event_css_launch", face="NONE")
    do(game, "continue_event_phase")  # -> 5
    refused(game, "error.event_phase_wrong_step", "event_css_launch", face="A")
    refused(game, "error.event_phase_in_progress", "advance_time")
    drive_to(game, rules, EventStep.FIRE)
    refused(game, "error.event_phase_nest_fire_needed", "continue_event_phase")
    do(game, "event_fire_damage", nest_fire=False)
    refused(game, "error.event_phase_already_answered", "event_fire_damage", nest_fire=True)
    do(game, "continue_event_phase")  # -> 9
    refused(game, "error.event_phase_draw_event_card", "continue_event_phase")
    refused(game, "error.event_phase_no_such_effect", "event_power_surge")
    do(game, "draw_event_card", card="power_surge")
    refused(game, "error.event_phase_event_card_drawn", "draw_event_card")
    refused(game, "error.event_phase_effects_pending", "continue_event_phase")
    do(game, "event_power_surge")
    refused(game, "error.event_phase_no_such_effect", "event_power_surge")
    do(game, "continue_event_phase")  # -> 10
    refused(game, "error.event_phase_develop_first", "continue_event_phase")
    refused(game, "error.event_phase_in_progress", "develop_bag")
    do(game, "event_develop_bag")
    refused(game, "error.event_phase_already_developed", "event_develop_bag")
    finish_phase(game, rules)
    # Between phases the tracker's plain commands work again.
    do(game, "advance_time")
    do(game, "develop_bag")


def test_the_queen_question_holds_step_10(make_game, rules):
    game = make_game()
    drive_to(game, rules, EventStep.DEVELOPMENT)
    queen = next(t for t in game.state.bag.bag if t.startswith("queen"))
    state = game.state.model_copy(deep=True)
    state.bag.bag = [queen]  # only the Queen can come out
    state.bag.aside = [t for t in game.state.bag.bag + game.state.bag.aside if t != queen]
    game = GameSession(rules, [game.commands[0]], 0, {0: state})
    do(game, "event_develop_bag")
    refused(game, "error.bag_queen_question_open", "continue_event_phase")
    do(game, "answer_queen_in_nest", character_in_nest=False)
    assert do(game, "continue_event_phase").event_phase.step is EventStep.ROUND_END


# --------------------------------------------------------------------- restart and undo
def test_resumes_at_the_same_step_after_a_restart(make_game, rules):
    """At every point of a phase, the state survives a JSON round trip and the
    restored game goes on exactly like the original."""
    game = make_game(seed=7)
    advance_to(game, 8)  # a CSS slot
    for _ in range(40):
        text = game.state.model_dump_json()
        restored_state = GameState.model_validate_json(text)
        assert restored_state == game.state
        restored = GameSession(rules, list(game.commands), game.cursor, {game.cursor: restored_state})
        if game.state.event_phase is not None:
            assert restored.state.event_phase.step is game.state.event_phase.step
        command = next_runner_command(game.state, rules)
        original = game.execute(command).state
        again = restored.execute(command).state
        assert again.model_dump_json() == original.model_dump_json()
        if original.event_phase is None:
            break
    else:
        raise AssertionError("the phase never ended")


def test_undo_walks_back_through_the_steps(make_game, rules):
    game = make_game(seed=3)
    advance_to(game, 10)
    before = game.cursor
    states = [game.state.model_dump_json()]
    while True:
        state = game.execute(next_runner_command(game.state, rules)).state
        states.append(state.model_dump_json())
        if state.event_phase is None:
            break
    assert len(states) > 10
    for index in range(len(states) - 2, -1, -1):
        assert game.undo().model_dump_json() == states[index]
    assert game.cursor == before and game.state.event_phase is None
    # Redo replays the same draws (the RNG lives in the state): nothing is re-rolled.
    for index in range(1, len(states)):
        assert game.redo().model_dump_json() == states[index]


def test_undo_then_redraw_gives_the_same_event_card(make_game, rules):
    game = make_game(seed=11)
    drive_to(game, rules, EventStep.EVENT_CARD)
    first = do(game, "draw_event_card").event_phase.event_card
    game.undo()
    assert do(game, "draw_event_card").event_phase.event_card == first


def test_the_game_ending_in_step_5_closes_the_phase(make_game, rules):
    game = make_game()
    advance_to(game, 1)
    drive_to(game, rules, EventStep.TIME)
    state = do(game, "continue_event_phase")
    assert state.is_over and state.event_phase is None


# --------------------------------------------------------------------- step 8
def test_fire_in_the_nest_destroys_an_egg(make_game, rules):
    game = make_game()
    drive_to(game, rules, EventStep.FIRE)
    eggs = game.state.bag.eggs
    state = do(game, "event_fire_damage", nest_fire=True)
    assert state.bag.eggs == eggs - 1 and state.event_phase.nest_fire is True
    assert "log.bag.egg_destroyed" in new_keys(state)
    game.undo()
    state = do(game, "event_fire_damage", nest_fire=False)
    assert state.bag.eggs == eggs and "log.event_phase.no_nest_fire" in new_keys(state)


# --------------------------------------------------------------------- step 9 follow-ups
def _at_card(make_game, rules, card: str, **game_options) -> GameSession:
    game = make_game(**game_options)
    drive_to(game, rules, EventStep.EVENT_CARD)
    state = do(game, "draw_event_card", card=card)
    assert state.event_phase.event_card == card
    return game


def test_power_surge_turns_the_time_token_inactive(make_game, rules):
    game = make_game()
    do(game, "restore_power")
    assert game.state.time_active
    drive_to(game, rules, EventStep.EVENT_CARD)
    do(game, "draw_event_card", card="power_surge")
    state = do(game, "event_power_surge")
    assert not state.time_active and "announce.power_surge" in new_keys(state)
    assert state.event_phase.done_effects == [EventEffect.POWER_SURGE]


def test_kickstopper_turns_the_elevator_power_off(make_game, rules):
    game = make_game(layout={Section.S01: 3, Section.S02: 2, Section.S03: 4, Section.ELEVATOR: 1})
    assert game.state.power[Section.ELEVATOR].active
    drive_to(game, rules, EventStep.EVENT_CARD)
    before = do(game, "draw_event_card", card="kickstopper").power
    assert before[Section.ELEVATOR].active  # token 1: the threshold at 14 took token 2
    state = do(game, "event_kickstopper")
    assert not state.power[Section.ELEVATOR].active
    assert {s: t for s, t in state.power.items() if s is not Section.ELEVATOR} == {
        s: t for s, t in before.items() if s is not Section.ELEVATOR
    }
    state = do(game, "continue_event_phase")
    assert "kickstopper" in state.decks.event.removed


@pytest.mark.parametrize("malfunction, expect_self_destruct", [(True, True), (False, False)])
def test_coolant_leak(make_game, rules, malfunction, expect_self_destruct):
    game = _at_card(make_game, rules, "coolant_leak")
    malfunctions = game.state.malfunction
    state = do(game, "event_coolant_leak", cooling_malfunction=malfunction)
    assert (state.self_destruct is not None) is expect_self_destruct
    assert state.malfunction == malfunctions + (0 if malfunction else 1)


def test_hatching_puts_a_larva_in_the_bag_only_if_nobody_was_infested(make_game, rules):
    game = _at_card(make_game, rules, "hatching")
    bag, eggs = list(game.state.bag.bag), game.state.bag.eggs
    state = do(game, "event_hatching", nobody_infested=True)
    assert state.bag.eggs == eggs - 1
    added = [t for t in state.bag.bag if t not in bag]
    assert len(added) == 1 and added[0].startswith("larva")
    game.undo()
    state = do(game, "event_hatching", nobody_infested=False)
    assert state.bag.bag == bag and state.bag.eggs == eggs - 1


def test_lurking_returns_intruders_to_the_bag(make_game, rules):
    game = make_game()
    game = with_on_board(rules, game, adult=2)
    drive_to(game, rules, EventStep.EVENT_CARD)
    do(game, "draw_event_card", card="lurking")
    bag_size, adults = len(game.state.bag.bag), game.state.bag.on_board["adult"]
    assert adults >= 2
    state = do(game, "event_lurking", counts={"adult": 2})
    assert state.bag.on_board["adult"] == adults - 2
    assert len(state.bag.bag) == bag_size + 2


@pytest.mark.parametrize("had_noise", [True, False])
def test_noise_in_corridors_shrinks_the_pools_only_if_noise_was_there(make_game, rules, had_noise):
    game = _at_card(make_game, rules, "noise_in_corridors")
    fire_pool, malfunction_pool = game.state.fire_pool, game.state.malfunction_pool
    state = do(game, "event_noise_in_corridors", had_noise=had_noise)
    shrink = 1 if had_noise else 0
    assert (state.fire_pool, state.malfunction_pool) == (fire_pool - shrink, malfunction_pool - shrink)


def test_a_shrunk_fire_pool_destroys_the_facility_sooner(make_game, rules):
    game = _at_card(make_game, rules, "noise_in_corridors")
    do(game, "event_noise_in_corridors", had_noise=True)
    finish_phase(game, rules)
    for _ in range(rules.pools.fire - 1):
        do(game, "place_fire")
    state = do(game, "place_fire")  # the 12th marker no longer exists
    assert state.is_over and state.end.destruction_cause.value == "fire"


def test_cards_without_a_tracked_effect_need_no_follow_up(make_game, rules):
    game = _at_card(make_game, rules, "panic")
    assert game.state.event_phase.pending_effects == []
    state = do(game, "continue_event_phase")
    assert state.event_phase.step is EventStep.DEVELOPMENT
    assert state.decks.event.discard[-1] == "panic" and state.decks.event.shown == []


def test_the_event_card_log_names_the_card_moves_and_text(make_game, rules):
    game = make_game()
    drive_to(game, rules, EventStep.EVENT_CARD)
    state = do(game, "draw_event_card", card="kickstopper")
    entries = events_of(state)
    assert entries[0].key == "log.event.drawn"
    assert entries[0].params == {"card": "kickstopper", "event_card": "kickstopper", "number": 11}
    moves = [(e.key, e.params["kind"], e.params["corridor"], e.params.get("then")) for e in entries[1:4]]
    assert moves == [("log.event.moves_two", kind, 2, 4) for kind in ("adult", "breeder", "queen")]
    assert "event_card.effect.kickstopper" in [e.key for e in entries]
    assert "log.event.will_be_removed" in [e.key for e in entries]


def test_event_deck_reshuffles_its_discards_when_empty(make_game, rules):
    game = make_game()
    ids = [spec.id for spec in rules.event_cards]
    game = with_decks(rules, game, event={"draw_pile": [], "discard": ids, "removed": [], "shown": []})
    drive_to(game, rules, EventStep.EVENT_CARD)
    state = do(game, "draw_event_card")
    assert "log.deck.event_reshuffled" in new_keys(state)
    assert len(state.decks.event.draw_pile) == 21 and state.decks.event.discard == []
    check_conservation(state, rules)


def test_plain_advance_time_still_works_without_the_runner(make_game):
    game = make_game()
    state = do(game, "advance_time")
    assert state.time == 14 and state.event_phase is None
    assert cmd("advance_time").type == "advance_time"


# --------------------------------------------------------------------- every new command
NEW_COMMANDS = {
    "resolve_attack": {"attacker": "adult", "seat": 1, "dark": True},
    "injury_check": {"intruder": "adult", "injuries": 2},
    "start_event_phase": {},
    "continue_event_phase": {},
    "event_css_launch": {"face": "A"},
    "event_fire_damage": {"nest_fire": True},
    "draw_event_card": {},
    "event_power_surge": {},
    "event_kickstopper": {},
    "event_coolant_leak": {"cooling_malfunction": True},
    "event_hatching": {"nobody_infested": True},
    "event_lurking": {"counts": {"adult": 1}},
    "event_noise_in_corridors": {"had_noise": True},
    "event_develop_bag": {},
}


@pytest.mark.parametrize("type_", sorted(NEW_COMMANDS))
def test_new_commands_parse_are_handled_and_refused_after_the_end(make_game, type_):
    from companion.engine import command_to_json, parse_command
    from companion.engine.registry import REGISTRY

    command = cmd(type_, **NEW_COMMANDS[type_])
    assert parse_command(command_to_json(command)) == command
    assert type(command) in REGISTRY
    game = make_game()
    advance_to(game, 0)
    refused(game, "error.game_over", type_, **NEW_COMMANDS[type_])
