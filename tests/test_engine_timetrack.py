"""The Time track: thresholds, self-destruct, Alert Procedure, Isolation Room and S."""
from __future__ import annotations

import pytest

from companion.engine import EndReason, Fate, Section, Whereabouts, apply, run
from companion.vocab import DestructionCause
from tests.conftest import LAYOUT_1234, advance_to, cmd, do, new_keys, refused

# The printed track as the facts sheet gives it, independent of rules_data/.
RED_SLOTS = {14, 13, 9, 7, 4}
BLUE_SLOTS = {11, 5, 3}


def _state_before(make_game, entered: int, time_active: bool, active: set[int]):
    state = make_game(layout=LAYOUT_1234).state.model_copy(deep=True)
    state.time = entered + 1
    state.time_active = time_active
    for token in state.power.values():
        token.active = token.number in active
    return state


# --------------------------------------------------------------------- thresholds
@pytest.mark.parametrize("time_active", [False, True], ids=["red-side", "blue-side"])
@pytest.mark.parametrize("entered", list(range(14, -1, -1)))
def test_threshold_on_every_slot(make_game, rules, entered, time_active):
    # Tokens 1, 2 and 3 active: a fired threshold must flip 3 (the highest ACTIVE), not 4.
    state = _state_before(make_game, entered, time_active, active={1, 2, 3})
    after, events = run(state, cmd("advance_time"), rules)
    assert after.time == entered
    fires = entered in BLUE_SLOTS or (entered in RED_SLOTS and not time_active)
    expected = {1, 2} if fires else {1, 2, 3}
    assert {t.number for t in after.power.values() if t.active} == expected
    assert after.time_active is time_active  # thresholds never touch the Time token
    lost = [e for e in events if e.key == "announce.power_lost"]
    if fires:
        colour = "blue" if entered in BLUE_SLOTS else "red"
        assert len(lost) == 1 and lost[0].announce
        assert lost[0].params == {"colour": colour, "token": 3, "section": "S-03"}
    else:
        assert lost == []
    if entered in RED_SLOTS and time_active:
        assert "log.red_threshold_ignored" in [e.key for e in events]


@pytest.mark.parametrize("active,flipped", [({1, 4}, 4), ({2}, 2), ({1, 2, 3, 4}, 4), ({1, 3}, 3)])
def test_threshold_flips_highest_active_token(make_game, rules, active, flipped):
    state = _state_before(make_game, 11, True, active)
    after = apply(state, cmd("advance_time"), rules)
    assert {t.number for t in after.power.values() if t.active} == active - {flipped}


@pytest.mark.parametrize("entered", sorted(RED_SLOTS | BLUE_SLOTS))
def test_threshold_with_no_active_token_changes_nothing(make_game, rules, entered):
    state = _state_before(make_game, entered, False, active=set())
    after, events = run(state, cmd("advance_time"), rules)
    assert after.power == state.power
    assert "announce.threshold_no_power" in [e.key for e in events]
    assert "announce.power_lost" not in [e.key for e in events]


def test_time_starts_on_15_inactive_and_counts_rounds(make_game):
    game = make_game()
    assert (game.state.time, game.state.time_active, game.state.round) == (15, False, 1)
    state = do(game, "advance_time")
    assert (state.time, state.round) == (14, 2)


# --------------------------------------------------------------------- self-destruct
def test_self_destruct_started_at_12(make_game):
    game = make_game()
    advance_to(game, 12)
    state = do(game, "start_self_destruct")
    assert state.self_destruct.slot == 9 and not state.self_destruct.red
    assert "announce.self_destruct_started" in new_keys(state)
    refused(game, "error.self_destruct_already_active", "start_self_destruct")
    state = advance_to(game, 9)
    assert not state.self_destruct.red and not state.main_gate_open
    state = do(game, "advance_time")  # Time leaves 09
    assert state.time == 8
    assert state.self_destruct.slot == 6 and state.self_destruct.red
    assert state.main_gate_open
    assert {"announce.self_destruct_red", "announce.main_gate_open"} <= set(new_keys(state))
    refused(game, "error.self_destruct_red", "stop_self_destruct")
    state = advance_to(game, 6)
    assert not state.is_over
    state = do(game, "advance_time")  # Time leaves 06
    assert state.is_over
    assert state.end.reason is EndReason.FACILITY_DESTROYED
    assert state.end.destruction_cause is DestructionCause.SELF_DESTRUCT
    assert state.end.time_slot == 6 and state.time == 6
    assert not state.end.nobody_left
    assert all(f.fate is Fate.KILLED_AT_END for f in state.end.fates)
    refused(game, "error.game_over", "advance_time")


def test_self_destruct_stop_only_while_yellow(make_game):
    game = make_game()
    refused(game, "error.self_destruct_not_active", "stop_self_destruct")
    do(game, "start_self_destruct")
    state = do(game, "stop_self_destruct")
    assert state.self_destruct is None
    assert "announce.self_destruct_stopped" in new_keys(state)
    # Restarting is allowed once stopped.
    assert do(game, "start_self_destruct").self_destruct.slot == 12


@pytest.mark.parametrize("time,slot", [(3, 0), (2, 0), (1, 0), (4, 1), (5, 2)])
def test_self_destruct_start_clamps_at_S(make_game, rules, time, slot):
    state = make_game().state.model_copy(deep=True)
    state.time = time
    after = apply(state, cmd("start_self_destruct"), rules)
    assert after.self_destruct.slot == slot and not after.self_destruct.red


def test_self_destruct_turning_red_near_the_end_clamps_at_S_and_destroys_there(make_game):
    game = make_game()
    advance_to(game, 4)
    assert do(game, "start_self_destruct").self_destruct.slot == 1
    state = advance_to(game, 1)
    state = do(game, "advance_time")  # leaves 01: token would go 3 further -> S
    assert state.end.reason is EndReason.FACILITY_DESTROYED
    assert state.end.destruction_cause is DestructionCause.SELF_DESTRUCT
    assert state.end.time_slot == 0


def test_yellow_self_destruct_on_S_is_just_time_running_out(make_game):
    game = make_game()
    advance_to(game, 2)
    do(game, "start_self_destruct")
    state = advance_to(game, 0)
    assert state.end.reason is EndReason.TIME_RAN_OUT


# --------------------------------------------------------------------- alert procedure
def test_alert_at_11_goes_to_5_and_ends_when_time_leaves_5(make_game):
    game = make_game()
    advance_to(game, 11)
    assert not game.state.isolation_open
    state = do(game, "trigger_alert")
    assert state.alert_slot == 5
    assert state.isolation_open  # at once, not at 08
    assert {"announce.alert_started", "announce.isolation_open"} <= set(new_keys(state))
    refused(game, "error.alert_already_active", "trigger_alert")
    do(game, "lock_in", seat=1)
    state = advance_to(game, 5)
    assert not state.is_over
    state = do(game, "advance_time")
    assert state.end.reason is EndReason.ALERT_PROCEDURE
    assert state.end.time_slot == 5 and state.time == 5
    fates = {f.seat: f.fate for f in state.end.fates}
    assert fates == {1: Fate.LOCKED_IN, 2: Fate.KILLED_AT_END, 3: Fate.KILLED_AT_END}


@pytest.mark.parametrize("time,slot", [(15, 7), (14, 7), (10, 5), (3, 1), (2, 1)])
def test_alert_slot_is_half_of_time_rounded_down(make_game, rules, time, slot):
    state = make_game().state.model_copy(deep=True)
    state.time = time
    assert apply(state, cmd("trigger_alert"), rules).alert_slot == slot


# --------------------------------------------------------------------- isolation room and S
def test_isolation_room_opens_when_time_enters_08(make_game):
    game = make_game()
    state = advance_to(game, 9)
    assert not state.isolation_open
    refused(game, "error.isolation_closed", "lock_in", seat=1)
    state = do(game, "advance_time")
    assert state.time == 8 and state.isolation_open
    assert "announce.isolation_open" in new_keys(state)
    state = do(game, "advance_time")
    assert state.isolation_open and "announce.isolation_open" not in new_keys(state)


def test_reaching_S_ends_the_game_killing_only_the_facility(make_game):
    game = make_game(players=4)
    advance_to(game, 7)
    do(game, "lock_in", seat=1)
    do(game, "open_main_gate")
    do(game, "escape_to_bunker", seat=2)
    state = advance_to(game, 1)
    assert not state.is_over
    state = do(game, "advance_time")
    assert state.time == 0 and state.end.time_slot == 0
    assert state.end.reason is EndReason.TIME_RAN_OUT and not state.end.nobody_left
    fates = {f.seat: f.fate for f in state.end.fates}
    assert fates == {1: Fate.LOCKED_IN, 2: Fate.IN_BUNKER, 3: Fate.KILLED_AT_END, 4: Fate.KILLED_AT_END}
    assert state.member(3).whereabouts is Whereabouts.DEAD
    assert state.member(1).whereabouts is Whereabouts.ISOLATION
    assert [f.seat for f in state.end.survivors] == [1, 2]
    assert "announce.end.time_ran_out" in new_keys(state)
    refused(game, "error.game_over", "advance_time")
