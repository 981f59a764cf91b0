"""The Character board: Light Wounds one at a time, the third a Serious Wound, death on
any wound with three Serious Wounds; dressing and healing; Slime and the Larva."""
from __future__ import annotations

import pytest

from companion.engine import GameSession, Whereabouts, apply, check
from companion.engine import commands as c
from companion.vocab import CssFace, Pod
from tests.conftest import setup_command
from tests.support.contamination_helpers import RULES, session_from, with_held, digital_game


def game(**body) -> GameSession:
    return session_from(with_held(digital_game().state, {}, body={1: body}))


def board(session: GameSession, seat: int = 1):
    return session.state.member(seat).body


def keys(step) -> list[str]:
    return [event.key for event in step.events]


def test_light_wounds_move_down_the_track_and_the_third_is_a_serious_wound():
    session = game()
    session.execute(c.SufferWound(seat=1))
    session.execute(c.SufferWound(seat=1))
    assert (board(session).light_wounds, board(session).serious_wounds) == (2, 0)
    step = session.execute(c.SufferWound(seat=1))
    assert (board(session).light_wounds, board(session).serious_wounds) == (0, 1)
    assert keys(step) == ["log.body.light_became_serious"]


def test_the_wound_that_makes_the_third_serious_wound_does_not_kill():
    session = game(serious_wounds=2, light_wounds=2)
    session.execute(c.SufferWound(seat=1))
    assert board(session).serious_wounds == 3
    assert session.state.member(1).whereabouts is Whereabouts.FACILITY


@pytest.mark.parametrize("serious", [False, True])
def test_any_wound_with_three_serious_wounds_kills(serious):
    session = game(serious_wounds=3, dressed_wounds=3)
    step = session.execute(c.SufferWound(seat=1, serious=serious))
    state = session.state
    assert state.member(1).whereabouts is Whereabouts.DEAD
    assert {"announce.body.died_of_wounds", "log.death", "announce.first_death"} <= set(keys(step))
    assert state.main_gate_open
    assert check(state, c.SufferWound(seat=1), RULES).key == "error.not_in_facility"


def test_several_wounds_stop_at_death():
    session = game(serious_wounds=2)
    session.execute(c.SufferWound(seat=1, serious=True, count=3))
    assert session.state.member(1).whereabouts is Whereabouts.DEAD and board(session).serious_wounds == 3


def test_the_last_character_dying_of_wounds_ends_the_game():
    session = game(serious_wounds=3)
    session.execute(c.RecordDeath(seat=2))
    session.execute(c.SufferWound(seat=1))
    assert session.state.is_over and session.state.end.nobody_left


def test_dressing_and_healing():
    session = game(serious_wounds=2, light_wounds=2)
    session.execute(c.TreatWounds(seat=1, treatment="dress_one"))
    assert board(session).dressed_wounds == 1
    session.execute(c.TreatWounds(seat=1, treatment="dress_all"))
    assert board(session).dressed_wounds == 2 and board(session).undressed_wounds == 0
    assert check(session.state, c.TreatWounds(seat=1, treatment="dress_one"), RULES).key == \
        "error.body.no_undressed_wound"
    session.execute(c.TreatWounds(seat=1, treatment="heal_dressed"))
    assert (board(session).serious_wounds, board(session).dressed_wounds) == (1, 1)
    session.execute(c.TreatWounds(seat=1, treatment="heal_light"))
    assert board(session).light_wounds == 1
    session.execute(c.TreatWounds(seat=1, treatment="heal_all_light"))
    assert board(session).light_wounds == 0
    assert check(session.state, c.TreatWounds(seat=1, treatment="heal_light"), RULES).key == \
        "error.body.no_light_wound"


def test_one_slime_marker_at_most_and_the_larva_by_hand():
    session = game()
    session.execute(c.SetSlime(seat=1, slime=True))
    assert board(session).slime
    assert check(session.state, c.SetSlime(seat=1, slime=True), RULES).key == "error.body.slime_already"
    session.execute(c.SetSlime(seat=1, slime=False))
    assert check(session.state, c.SetSlime(seat=1, slime=False), RULES).key == "error.body.no_slime"
    session.execute(c.SetLarva(seat=1, larva=True))
    assert board(session).larva
    assert check(session.state, c.SetLarva(seat=1, larva=True), RULES).key == "error.body.larva_already"


def test_the_board_is_tracked_without_the_digital_deck_too():
    session = GameSession.start(setup_command(players=2), RULES)
    session.execute(c.SufferWound(seat=2, serious=True))
    session.execute(c.InfestCharacter(seat=2))
    assert session.state.member(2).body.serious_wounds == 1 and session.state.member(2).body.larva


def _at_css_space(state):
    for _ in range(5):
        state = apply(state, c.AdvanceTime(), RULES)
    return state


def test_a_pod_that_does_not_launch_returns_its_character_with_a_serious_wound():
    state = _at_css_space(GameSession.start(setup_command(players=2), RULES).state)
    state = apply(state, c.EnterPod(seat=1, pod=Pod.A), RULES)
    after = apply(state, c.CssLaunch(face=CssFace.NONE), RULES)
    assert after.member(1).whereabouts is Whereabouts.FACILITY and after.member(1).body.serious_wounds == 1
    worn = state.model_copy(deep=True)
    worn.member(1).body.serious_wounds = 3
    assert apply(worn, c.CssLaunch(face=CssFace.NONE), RULES).member(1).whereabouts is Whereabouts.DEAD
