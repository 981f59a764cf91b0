"""What a long game costs: a bounded number of states in memory, whether the game is
saved or only in memory, and the same bytes on disk for every command."""
from __future__ import annotations

import gc
import hashlib
import sqlite3

from companion.seats.controller import TableController
from companion.engine import GameSession, GameState
from companion.engine.views import TABLE
from companion.store import GameStore
from tests.conftest import cmd, setup_command
from tests.support.long_game import CYCLE

# The session keeps this many recent states (plus one it was given); a leak keeps them all.
STATES_KEPT = 64 + 8


def live_states() -> int:
    gc.collect()
    return sum(1 for item in gc.get_objects() if isinstance(item, GameState))


def digest(state: GameState) -> str:
    return hashlib.sha1(state.model_dump_json().encode()).hexdigest()


def test_a_game_in_memory_keeps_a_bounded_number_of_states(rules):
    before = live_states()
    game = GameSession.start(setup_command(seed=7), rules)
    seen = [digest(game.state)]
    for index in range(600):
        seen.append(digest(game.execute(CYCLE[index % len(CYCLE)]).state))
    assert live_states() - before <= STATES_KEPT
    # Older states are rebuilt on demand, identical to what was played.
    for index in (0, 1, 31, 32, 33, 250, 599):
        assert digest(game.state_at(index)) == seen[index]
    for _ in range(150):
        game.undo()
    assert digest(game.state) == seen[450]
    for _ in range(150):
        game.redo()
    assert digest(game.state) == seen[600]
    assert live_states() - before <= STATES_KEPT


def test_a_saved_game_reads_old_states_back_instead_of_keeping_them(tmp_path, rules):
    before = live_states()
    with GameStore(tmp_path, rules=rules) as store:
        controller = TableController(store, rules)
        controller.new_game(setup_command(seed=7), "long")
        seen = [digest(controller.state)]
        for index in range(400):
            seen.append(digest(controller.execute(CYCLE[index % len(CYCLE)]).state))
        assert live_states() - before <= STATES_KEPT
        for _ in range(120):
            controller.undo()
        assert digest(controller.state) == seen[280]
        assert len(controller.history(TABLE)) > 280  # the whole journal, read back from the file
        assert live_states() - before <= STATES_KEPT


def bytes_per_command(tmp_path, rules, commands: int) -> float:
    game = GameSession.start(setup_command(seed=7), rules)
    folder = tmp_path / str(commands)
    with GameStore(folder, rules=rules) as store:
        game_id = store.create(game, "t")
        for index in range(commands - 1):
            store.append(game_id, game.execute(CYCLE[index % len(CYCLE)]))
        path = store.path_of(game_id)
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    assert conn.execute("SELECT count(*) FROM steps").fetchone()[0] == commands
    conn.close()
    return path.stat().st_size / commands


def test_every_command_costs_the_same_bytes_on_disk(tmp_path, rules):
    short, long = bytes_per_command(tmp_path, rules, 150), bytes_per_command(tmp_path, rules, 900)
    assert long < 2.5 * 1024, long  # a state is compressed: well under a page per command
    assert long <= 1.1 * short, (short, long)


def test_undo_and_redo_far_back_in_a_saved_game_match_what_was_played(tmp_path, rules):
    with GameStore(tmp_path, rules=rules) as store:
        controller = TableController(store, rules)
        game_id = controller.new_game(setup_command(seed=2), "t")
        seen = [digest(controller.state)]
        for index in range(150):
            seen.append(digest(controller.execute(CYCLE[index % len(CYCLE)]).state))
    with GameStore(tmp_path, rules=rules) as store:
        controller = TableController(store, rules)
        controller.open(game_id)
        for step in range(149, 69, -1):
            controller.undo()
            assert digest(controller.state) == seen[step]
        controller.redo()
        assert digest(controller.state) == seen[71]
        controller.execute(cmd("advance_time"))
        assert (controller.session.cursor, len(controller.session.commands)) == (72, 73)  # the redo tail went
