"""The First Player token (p.13): seat 1 holds it at setup; it passes to the left (the next
seat in the order of entry) at the Player Phase's step 2 of every round after the first,
past the players whose Character is dead or has left the Facility (a reading the rules
data marks unconfirmed); the runner's step 11 names the new First Player."""
from __future__ import annotations

import pytest

from companion.engine import GameSession, IllegalCommand
from companion.engine import commands as c
from companion.engine.phase.model import EventStep
from companion.engine.views import TABLE, view_for
from companion.rules import load_rules
from companion.ui.events.steps import RoundEnd
from companion.ui.kit.kept import KeptScreen
from tests.support.screens import shown_root
from tests.conftest import setup_command
from tests.support.deck_helpers import next_runner_command
from tests.ui_tree import make_context, make_controller, strings

RULES = load_rules()


class _RoundEndShown(KeptScreen):
    """Step 11's reminders as the runner shows them."""

    def __init__(self, ctx) -> None:
        super().__init__(ctx)
        self.part = RoundEnd(self, ahead=False)
        self.root = self.part.root

    def put_view(self) -> None:
        self.part.show()


def _round_end(ctx):
    return shown_root(_RoundEndShown(ctx))


def _game(players: int = 3, seed: int = 1) -> GameSession:
    return GameSession.start(setup_command(players=players, seed=seed), RULES)


def _run_event_phase(game: GameSession) -> list:
    """Tap the runner through one whole Event Phase; every event it wrote."""
    events = []
    events += game.execute(c.StartEventPhase()).events
    while game.state.event_phase is not None:
        events += game.execute(next_runner_command(game.state, RULES)).events
    return events


def _public(game: GameSession):
    return view_for(game.state, TABLE, RULES).public


def test_seat_one_holds_the_token_at_setup_and_round_one_does_not_pass_it():
    game = _game()
    view = _public(game)
    assert (view.first_player, view.next_first_player) == (1, 2)
    assert view.round_end.first_player_passes is False and view.round_end.new_first_player is None


def test_the_token_passes_left_when_each_round_ends_and_wraps_round_the_table():
    game = _game(players=3)
    holders = []
    for _ in range(4):
        events = _run_event_phase(game)
        holders.append(game.state.first_player)
        passed = [e for e in events if e.key == "log.first_player.passed"]
        assert len(passed) == 1 and passed[0].params["seat"] == game.state.first_player
    assert holders == [2, 3, 1, 2]


def test_step_eleven_names_who_takes_the_token_and_the_pass_is_told_once_at_step_two():
    """p.13: the token passes at the Player Phase's step 2; step 11's reminders name who
    takes it, and the journal tells the pass once, when it happens."""
    game = _game(players=3)
    game.execute(c.StartEventPhase())
    while game.state.event_phase.step is not EventStep.ROUND_END:
        game.execute(next_runner_command(game.state, RULES))
    view = _public(game)
    assert view.phase == "event" and view.phase_step is EventStep.ROUND_END
    assert view.round_end.new_first_player == 2
    assert not [e for e in game.events_at(game.cursor) if "first_player" in e.key]
    passed = [e for e in game.execute(c.ContinueEventPhase()).events if "first_player" in e.key]
    assert [e.key for e in passed] == ["log.first_player.passed"]
    assert passed[0].params == {"seat": 2, "character": game.state.member(2).character, "round": 2}
    assert _public(game).phase == "player" and game.state.first_player == 2


def test_dead_and_departed_players_are_passed_over_as_the_rules_data_reads_it():
    game = _game(players=4)
    game.execute(c.RecordDeath(seat=2))
    game.execute(c.EscapeToBunker(seat=3))
    assert _public(game).next_first_player == 4
    assert _public(game).round_end.first_player_skipped == ()  # only counted when the round ends
    events = _run_event_phase(game)
    assert game.state.first_player == 4
    skipped = [e.params["seat"] for e in events if e.key == "log.first_player.skipped"]
    assert skipped == [2, 3]
    assert RULES.time_track.is_unconfirmed("first_player_skips")


def test_a_table_reading_that_skips_nobody_gives_the_token_to_the_dead_players_seat():
    rules = RULES.model_copy(update={"time_track": RULES.time_track.model_copy(update={"first_player_skips": ()})})
    game = GameSession.start(setup_command(players=3), rules)
    game.execute(c.RecordDeath(seat=2))
    game.execute(c.AdvanceTime())
    assert game.state.first_player == 2


def test_the_last_player_left_keeps_the_token():
    game = _game(players=3)
    game.execute(c.RecordDeath(seat=2))
    game.execute(c.EscapeToBunker(seat=3))
    game.execute(c.AdvanceTime())  # 1 -> (2 dead, 3 gone) -> 1
    assert game.state.first_player == 1
    assert "log.first_player.stays" in [e.key for e in game.events_at(game.cursor)]


def test_time_moved_outside_the_runner_starts_a_round_and_passes_the_token_and_undo_takes_it_back():
    game = _game(players=2)
    game.execute(c.AdvanceTime())
    assert game.state.round == 2 and game.state.first_player == 2
    game.undo()
    assert game.state.first_player == 1


def test_no_pass_once_the_game_is_over():
    game = _game(players=2)
    game.execute(c.StartVictoryCheck(reason="time_ran_out"))
    with pytest.raises(IllegalCommand):
        game.execute(c.AdvanceTime())
    assert game.state.first_player == 1


@pytest.mark.parametrize("lang", ["pt-BR", "tr"])
def test_the_runner_names_the_new_first_player_at_the_round_end(tmp_path, lang):
    controller = make_controller(tmp_path)
    setup = setup_command(players=3).model_copy(update={"players": (
        c.PlayerSetup(name="Ana", character="hacker"), c.PlayerSetup(name="Bruno", character="janitor"),
        c.PlayerSetup(name="Carla", character="lab_rat"))})
    controller.new_game(setup, "g")
    ctx = make_context(controller, lang)
    controller.execute(c.StartEventPhase())
    while controller.state.event_phase.step is not EventStep.ROUND_END:
        controller.execute(next_runner_command(controller.state, RULES))
    text = " ".join(strings(_round_end(ctx)))
    who = ctx.texts.t("ui.common.player_character", name="Bruno", character=ctx.texts.character("janitor"))
    assert ctx.texts.t("ui.events.round_end.first_player_to", who=who) in text


def test_round_one_runner_does_not_mention_the_token(tmp_path):
    controller = make_controller(tmp_path)
    controller.new_game(setup_command(players=3), "g")
    ctx = make_context(controller, "pt-BR")
    text = " ".join(strings(_round_end(ctx)))
    assert "Primeiro Jogador" not in text
