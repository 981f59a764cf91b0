"""The crew: deaths, Isolation Room, Bunker, CSS pods and launches, knowledge, signal."""
from __future__ import annotations

import pytest

from companion.engine import EndReason, Fate, Whereabouts
from companion.vocab import DestructionCause
from tests.conftest import advance_to, cmd, do, keys, new_keys, refused
from tests.support.journal import events_of, journal


# --------------------------------------------------------------------- deaths and the Main Gate
def test_first_death_opens_the_main_gate(make_game):
    game = make_game()
    state = do(game, "record_death", seat=2)
    assert state.member(2).whereabouts is Whereabouts.DEAD
    assert state.first_death_done and state.main_gate_open
    announced = [e for e in events_of(state) if e.announce]
    assert [e.key for e in announced] == ["announce.first_death", "announce.main_gate_open"]
    assert announced[0].params == {"seat": 2, "character": "janitor"}
    state = do(game, "record_death", seat=3)
    assert new_keys(state) == ["log.death"]
    refused(game, "error.cannot_die_there", "record_death", seat=2)
    refused(game, "error.unknown_seat", "record_death", seat=9)


def test_death_after_gate_opened_by_hand_is_still_the_first_death(make_game):
    game = make_game()
    do(game, "open_main_gate")
    refused(game, "error.main_gate_already_open", "open_main_gate")
    state = do(game, "record_death", seat=1)
    assert "announce.first_death" in new_keys(state)
    assert "announce.main_gate_open" not in new_keys(state)


def test_locked_in_character_can_die_but_not_one_in_the_bunker(make_game):
    game = make_game()
    advance_to(game, 8)
    do(game, "lock_in", seat=1)
    do(game, "open_main_gate")
    do(game, "escape_to_bunker", seat=2)
    refused(game, "error.cannot_die_there", "record_death", seat=2)
    assert do(game, "record_death", seat=1).member(1).whereabouts is Whereabouts.DEAD


# --------------------------------------------------------------------- Isolation Room and Bunker
def test_lock_in(make_game):
    game = make_game()
    refused(game, "error.isolation_closed", "lock_in", seat=1)
    advance_to(game, 8)
    state = do(game, "lock_in", seat=1)
    assert state.member(1).whereabouts is Whereabouts.ISOLATION
    refused(game, "error.not_in_facility", "lock_in", seat=1)
    refused(game, "error.unknown_seat", "lock_in", seat=0)


def test_bunker_needs_the_main_gate_and_holds_one(make_game):
    game = make_game()
    refused(game, "error.main_gate_closed", "escape_to_bunker", seat=1)
    do(game, "open_main_gate")
    state = do(game, "escape_to_bunker", seat=1)
    assert state.member(1).whereabouts is Whereabouts.BUNKER
    refused(game, "error.bunker_full", "escape_to_bunker", seat=2)
    refused(game, "error.not_in_facility", "escape_to_bunker", seat=1)


# --------------------------------------------------------------------- CSS pods
def test_pods_need_a_css_space_under_time_and_one_character_each(make_game):
    game = make_game(players=4)
    advance_to(game, 11)
    refused(game, "error.no_css_token_under_time", "enter_pod", seat=1, pod="A")
    refused(game, "error.no_css_token_under_time", "css_launch", face="A")
    state = advance_to(game, 10)
    state = do(game, "enter_pod", seat=1, pod="A")
    assert state.member(1).whereabouts is Whereabouts.POD and state.member(1).pod.value == "A"
    refused(game, "error.pod_taken", "enter_pod", seat=2, pod="A")
    refused(game, "error.not_in_facility", "enter_pod", seat=1, pod="B")
    do(game, "enter_pod", seat=2, pod="B")
    refused(game, "error.css_launch_first", "advance_time")
    do(game, "css_launch", face="NONE")
    refused(game, "error.css_already_launched", "css_launch", face="A")
    # The token under Time is revealed: no boarding until the next CSS space.
    refused(game, "error.css_already_launched", "enter_pod", seat=3, pod="C")
    assert do(game, "advance_time").time == 9


@pytest.mark.parametrize(
    "face,escaped",
    [("A", {1}), ("B", {2}), ("C", {3}), ("ALL", {1, 2, 3}), ("NONE", set())],
)
def test_css_launch_faces(make_game, face, escaped):
    game = make_game(players=4)
    advance_to(game, 10)
    for seat, pod in ((1, "A"), (2, "B"), (3, "C")):
        do(game, "enter_pod", seat=seat, pod=pod)
    state = do(game, "css_launch", face=face)
    assert state.css_launched_at == 10
    for seat, pod in ((1, "A"), (2, "B"), (3, "C")):
        member = state.member(seat)
        if seat in escaped:
            assert member.whereabouts is Whereabouts.POD and member.pod.value == pod and member.launched
        else:
            assert member.whereabouts is Whereabouts.FACILITY and member.pod is None and not member.launched
    lines = list(events_of(state))
    assert lines[0].key == f"log.css_face.{face.lower()}"
    assert sorted(e.params["seat"] for e in lines if e.key == "announce.pod_escaped") == sorted(escaped)
    assert sorted(e.params["seat"] for e in lines if e.key == "announce.pod_returned") == sorted({1, 2, 3} - escaped)
    assert not state.is_over  # seat 4 is still in the Facility
    assert do(game, "advance_time").time == 9


def test_launched_characters_stay_gone_at_later_css_spaces(make_game):
    game = make_game(players=3)
    advance_to(game, 10)
    do(game, "enter_pod", seat=1, pod="A")
    do(game, "css_launch", face="A")
    advance_to(game, 8)  # must not be blocked by the Character already launched
    refused(game, "error.pod_taken", "enter_pod", seat=2, pod="A")  # pod A has left
    do(game, "enter_pod", seat=2, pod="B")
    refused(game, "error.css_launch_first", "advance_time")
    state = do(game, "css_launch", face="NONE")
    assert state.member(1).whereabouts is Whereabouts.POD and state.member(1).launched
    assert state.member(2).whereabouts is Whereabouts.FACILITY
    assert [e.params["seat"] for e in journal(game) if e.key == "announce.pod_returned"] == [2]
    state = do(game, "advance_time")
    assert state.time == 7


def test_css_launch_with_empty_pods_is_recorded(make_game):
    game = make_game()
    advance_to(game, 6)
    state = do(game, "css_launch", face="ALL")
    assert state.css_launched_at == 6 and not state.is_over


# --------------------------------------------------------------------- first encounter, knowledge, signal
def test_first_encounter_once(make_game):
    game = make_game()
    state = do(game, "record_first_encounter")
    assert state.first_encounter_done and "announce.first_encounter" in new_keys(state)
    refused(game, "error.first_encounter_done", "record_first_encounter")


def test_set_knowledge_and_weakness_unlocks(make_game, rules):
    game = make_game()  # seat 1 hacker (1), seat 3 sentry (1)
    assert game.state.member(1).knowledge == 1
    state = do(game, "set_knowledge", seat=1, value=5)
    assert state.member(1).knowledge == 5
    unlocked = [e.params["level"] for e in journal(game) if e.key == "announce.weakness_unlocked"]
    assert unlocked == [3, 5]
    state = do(game, "set_knowledge", seat=1, value=4)
    assert "announce.weakness_unlocked" not in new_keys(state)
    state = do(game, "set_knowledge", seat=1, value=rules.knowledge.maximum)
    assert [e.params["level"] for e in journal(game) if e.key == "announce.weakness_unlocked"] == [3, 5, 5, 8]
    assert do(game, "set_knowledge", seat=1, value=0).member(1).knowledge == 0
    refused(game, "error.knowledge_range", "set_knowledge", seat=1, value=rules.knowledge.maximum + 1)
    refused(game, "error.knowledge_range", "set_knowledge", seat=1, value=-1)
    refused(game, "error.unknown_seat", "set_knowledge", seat=7, value=2)


def test_knowledge_taps_add_up_whatever_the_page_last_showed(make_game, rules):
    """+1 and −1 say what they change: two taps sent from one stale page both count."""
    game = make_game()
    assert game.state.member(1).knowledge == 1
    for _ in range(4):
        game.execute(cmd("change_knowledge", seat=1, by=1))
    assert game.state.member(1).knowledge == 5
    unlocked = [e.params["level"] for e in journal(game) if e.key == "announce.weakness_unlocked"]
    assert unlocked == [3, 5]
    assert do(game, "change_knowledge", seat=1, by=-2).member(1).knowledge == 3
    assert new_keys(game.state) == ["log.knowledge"]
    do(game, "change_knowledge", seat=1, by=-3)
    refused(game, "error.knowledge_range", "change_knowledge", seat=1, by=-1)
    do(game, "change_knowledge", seat=1, by=rules.knowledge.maximum)
    refused(game, "error.knowledge_range", "change_knowledge", seat=1, by=1)
    refused(game, "error.unknown_seat", "change_knowledge", seat=7, by=1)


def test_a_knowledge_change_of_nothing_is_no_command():
    from pydantic import ValidationError

    with pytest.raises(ValidationError):
        cmd("change_knowledge", seat=1, by=0)


def test_knowledge_token_and_signal_once_each(make_game):
    game = make_game()
    state = do(game, "activate_knowledge_token", seat=2)
    assert state.member(2).knowledge_token_active and not state.member(1).knowledge_token_active
    refused(game, "error.knowledge_token_active", "activate_knowledge_token", seat=2)
    state = do(game, "send_signal", seat=3)
    assert state.member(3).signal_sent and not state.member(2).signal_sent
    refused(game, "error.signal_already_sent", "send_signal", seat=3)
    refused(game, "error.unknown_seat", "send_signal", seat=4)
    refused(game, "error.unknown_seat", "activate_knowledge_token", seat=4)


# --------------------------------------------------------------------- nobody left
def _leave_facility(game, *, via_isolation: bool = False):
    """Seat 1 dies (the Main Gate opens), seat 2 leaves: nobody is left (2 players)."""
    do(game, "record_death", seat=1)
    assert not game.state.is_over
    return do(game, "lock_in" if via_isolation else "escape_to_bunker", seat=2)


def test_nobody_left_with_red_self_destruct(make_game):
    game = make_game(players=2)
    advance_to(game, 12)
    do(game, "start_self_destruct")
    advance_to(game, 8)  # token turned red on 06
    state = _leave_facility(game, via_isolation=True)
    end = state.end
    assert end.reason is EndReason.FACILITY_DESTROYED and end.nobody_left
    assert end.destruction_cause is DestructionCause.SELF_DESTRUCT
    assert end.time_slot == 6 and state.time == 6
    # Destruction kills those locked in the Isolation Room too.
    assert {f.seat: f.fate for f in end.fates} == {1: Fate.DIED, 2: Fate.KILLED_AT_END}
    assert "announce.nobody_left" in new_keys(state)


def test_nobody_left_with_yellow_self_destruct_resolves_it_as_time_passes(make_game):
    game = make_game(players=2)
    do(game, "start_self_destruct")  # yellow on 12
    state = _leave_facility(game)
    end = state.end
    assert end.reason is EndReason.FACILITY_DESTROYED and end.nobody_left
    # Time passes 12 (the token turns red and moves to 09), then leaves 09.
    assert end.time_slot == 9
    assert {f.seat: f.fate for f in end.fates} == {1: Fate.DIED, 2: Fate.IN_BUNKER}


def test_nobody_left_with_alert(make_game):
    game = make_game(players=2)
    advance_to(game, 13)
    do(game, "trigger_alert")  # slot 6
    state = _leave_facility(game, via_isolation=True)
    assert state.end.reason is EndReason.ALERT_PROCEDURE and state.end.nobody_left
    assert state.end.time_slot == 6 and state.time == 6
    assert {f.seat: f.fate for f in state.end.fates} == {1: Fate.DIED, 2: Fate.LOCKED_IN}


def test_nobody_left_without_tokens_runs_time_out(make_game):
    game = make_game(players=2)
    advance_to(game, 12)
    state = _leave_facility(game)
    assert state.end.reason is EndReason.TIME_RAN_OUT and state.end.nobody_left
    assert state.end.time_slot == 0 and state.time == 0
    assert state.end.destruction_cause is None
    assert [f.seat for f in state.end.survivors] == [2]


@pytest.mark.parametrize(
    "alert_at,destruct_at,reason,slot",
    [
        (15, 15, EndReason.FACILITY_DESTROYED, 9),  # alert on 07, self-destruct 12 -> red 09: 09 first
        (15, 10, EndReason.ALERT_PROCEDURE, 7),  # alert on 07, self-destruct 07 -> red 04: 07 first
        (12, 12, EndReason.FACILITY_DESTROYED, 6),  # alert 06, red self-destruct 06: destruction acts first
        (12, 9, EndReason.ALERT_PROCEDURE, 6),  # alert 06, yellow 06 turns red (-> 03), then the alert ends it
    ],
)
def test_nobody_left_ends_with_whichever_token_time_reaches_first(make_game, alert_at, destruct_at, reason, slot):
    game = make_game(players=2)
    advance_to(game, alert_at)
    do(game, "trigger_alert")
    advance_to(game, destruct_at)
    do(game, "start_self_destruct")
    state = _leave_facility(game)
    assert (state.end.reason, state.end.time_slot) == (reason, slot)


def test_last_character_boarding_a_pod_ends_the_game(make_game):
    game = make_game(players=2)
    advance_to(game, 10)
    do(game, "record_death", seat=1)
    state = do(game, "enter_pod", seat=2, pod="B")
    assert state.end.reason is EndReason.TIME_RAN_OUT and state.end.nobody_left
    assert {f.seat: (f.fate, f.pod) for f in state.end.fates}[2][0] is Fate.ESCAPED_POD


def test_a_death_with_others_elsewhere_still_in_the_facility_does_not_end(make_game):
    game = make_game(players=3)
    do(game, "open_main_gate")
    do(game, "escape_to_bunker", seat=1)
    state = do(game, "record_death", seat=2)
    assert not state.is_over
    assert "announce.nobody_left" not in keys(game)


@pytest.mark.parametrize("alert_at", [None, 15, 13, 12, 9, 4])
@pytest.mark.parametrize("destruct_at", [None, 15, 12, 10, 9, 6, 3])
def test_nobody_left_ends_as_advancing_time_would(make_game, alert_at, destruct_at):
    """Jumping Time to its end gives the same ending as advancing it slot by slot."""

    def prepare():
        game = make_game(players=3)
        for slot in sorted({s for s in (alert_at, destruct_at) if s is not None}, reverse=True):
            while game.state.time > slot and not game.state.is_over:
                do(game, "advance_time")
            if game.state.is_over:
                pytest.skip("the first token ends the game before the second can start")
            if slot == alert_at:
                do(game, "trigger_alert")
            if slot == destruct_at:
                do(game, "start_self_destruct")
        do(game, "record_death", seat=1)
        if not game.state.main_gate_open:
            do(game, "open_main_gate")
        do(game, "escape_to_bunker", seat=2)
        return game

    walked = prepare()
    while not walked.state.is_over:
        do(walked, "advance_time")
    jumped = prepare()
    state = do(jumped, "record_death", seat=3)
    assert state.end.nobody_left
    expected = walked.state.end
    assert (state.end.reason, state.end.time_slot, state.end.destruction_cause) == (
        expected.reason,
        expected.time_slot,
        expected.destruction_cause,
    )
