"""Undo never re-rolls a draw, and a saved game keeps its bag exactly."""
from __future__ import annotations

from pathlib import Path

from companion.engine import GameState, parse_command
from companion.store import GameStore
from tests.conftest import do
from tests.support.bag_helpers import start


def test_undo_then_draw_again_gives_the_same_token(rules):
    game = start(rules, seed=11)
    first = do(game, "resolve_encounter", seat=1, place="S-02", hand=2).bag.last_draw
    game.undo()
    # A different hand and place do not change which token comes out.
    again = do(game, "resolve_encounter", seat=2, place="STAIRS", hand=5).bag.last_draw
    assert again.token == first.token
    game.undo()
    for _ in range(3):
        state = do(game, "develop_bag")
        token = state.bag.last_draw.token
        game.undo()
        assert do(game, "develop_bag").bag.last_draw.token == token
        if game.state.bag.awaiting is not None:
            do(game, "answer_queen_in_nest", character_in_nest=False)


def test_undo_and_redo_restore_the_bag(rules):
    game = start(rules, seed=2)
    before = game.state.bag
    after = do(game, "develop_bag").bag
    assert game.undo().bag == before
    assert game.redo().bag == after


def test_a_sequence_of_draws_replays_identically(rules):
    def play() -> list[str]:
        game = start(rules, seed=21)
        tokens = []
        for _ in range(8):
            state = do(game, "develop_bag")
            tokens.append(state.bag.last_draw.token)
            if state.bag.awaiting is not None:
                do(game, "answer_queen_in_nest", character_in_nest=False)
        return tokens

    assert play() == play()


def _busy_game(rules):
    game = start(rules, seed=5)
    do(game, "resolve_encounter", seat=1, place="S-01", hand=2)
    do(game, "develop_bag")
    if game.state.bag.awaiting is not None:
        do(game, "answer_queen_in_nest", character_in_nest=False)
    do(game, "place_intruder", kind="adult")
    do(game, "kill_intruder", kind="adult")
    do(game, "remove_egg", how="taken")
    do(game, "set_show_odds", show=False)
    return game


def test_save_then_load_keeps_the_bag(rules):
    game = _busy_game(rules)
    state = game.state
    again = GameState.model_validate_json(state.model_dump_json())
    assert again == state and again.bag == state.bag
    assert again.model_dump_json() == state.model_dump_json()
    # the commands too
    for command in game.commands:
        assert parse_command(command.model_dump_json()) == command


def test_a_stored_game_resumes_with_the_same_bag_and_draws(rules, tmp_path: Path):
    game = _busy_game(rules)
    with GameStore(tmp_path) as store:
        game_id = store.create(game, "bag")
        loaded = store.load(game_id, rules)
    assert loaded.state == game.state
    assert loaded.state.bag == game.state.bag
    # The next draw is the same in the live and the resumed game.
    assert do(loaded, "develop_bag").bag.last_draw == do(game, "develop_bag").bag.last_draw
