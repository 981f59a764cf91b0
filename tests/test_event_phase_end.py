"""A game that ends during the Event Phase closes the phase, whatever ended it: a finished
game never has an Event Phase open, and the journal says the phase ended there."""
from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.engine import GameSession
from companion.engine import commands as c
from companion.engine.phase.model import EventStep
from companion.rules import load_rules
from tests.conftest import cmd, setup_command
from tests.support.deck_helpers import next_runner_command
from tests.support.random_games import FACTORIES, MOVES, SETUPS, play

RULES = load_rules()
# The commands that end a game in the middle of a phase, more often than the mix does.
ENDINGS = [
    lambda n: cmd("suffer_wound", seat=1 + n % 5, serious=True, count=3),
    lambda n: cmd("record_death", seat=1 + n % 5),
    lambda n: cmd("start_victory_check", reason=("time_ran_out", "facility_destroyed", "alert_procedure")[n % 3]),
]
STEPS = st.lists(st.tuples(st.sampled_from(FACTORIES + ENDINGS * 6), st.integers(0, 10**6)), min_size=10,
                 max_size=80)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setup=SETUPS, steps=STEPS, moves=st.lists(MOVES, min_size=1, max_size=6))
def test_a_finished_game_never_has_an_event_phase_open(setup, steps, moves):
    for game in play(setup, steps, moves):
        state = game.state
        assert not (state.is_over and state.event_phase is not None), game.commands[game.cursor]


def _at_attacks(players: int = 2) -> GameSession:
    game = GameSession.start(setup_command(players=players), RULES)
    game.execute(c.StartEventPhase())
    while game.state.event_phase.step is not EventStep.ATTACKS:
        game.execute(next_runner_command(game.state, RULES))
    return game


def _closed_by_the_end(game: GameSession, round_: int = 1) -> None:
    assert game.state.is_over and game.state.event_phase is None
    closing = [e for e in game.events_at(game.cursor) if e.key == "log.event_phase.closed_by_the_end"]
    assert len(closing) == 1 and closing[0].params == {"round": round_}


def test_a_wound_that_kills_the_last_character_closes_the_phase():
    game = _at_attacks()
    game.execute(c.RecordDeath(seat=1))
    for _ in range(4):
        if game.state.is_over:
            break
        game.execute(c.SufferWound(seat=2, serious=True))
    _closed_by_the_end(game)


def test_a_victory_check_started_by_hand_closes_the_phase():
    game = _at_attacks()
    game.execute(c.StartVictoryCheck(reason="alert_procedure"))
    _closed_by_the_end(game)


def test_the_last_character_leaving_closes_the_phase():
    game = _at_attacks(players=2)
    game.execute(c.RecordDeath(seat=1))
    game.execute(c.EscapeToBunker(seat=2))
    _closed_by_the_end(game)


def test_undo_reopens_the_phase_where_it_was():
    game = _at_attacks()
    game.execute(c.StartVictoryCheck(reason="time_ran_out"))
    game.undo()
    assert game.state.event_phase is not None and game.state.event_phase.step is EventStep.ATTACKS
