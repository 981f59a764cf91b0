"""The journal on disk: each step's events in its row, kept across restarts, undo and
redo; files of format 1 (the log inside every state) open, and turn format 2 only when
the next command is appended; what a command costs on disk."""
from __future__ import annotations

import hashlib
import json
import sqlite3
import zlib
from pathlib import Path

import pytest

from companion.engine import GameSession, command_to_json
from companion.engine.journal import Audience, for_engine, for_table
from companion.app.replay import replay
from companion.store import FORMAT_VERSION, GameStore, SaveFileError
from tests.conftest import cmd, setup_command
from tests.golden.regenerate import GOLDEN
from tests.support.long_game import long_game

# Commands whose states a format-1 file could hold as they are (no typed results yet).
OLD_GAME = [cmd("advance_time"), cmd("place_fire"), cmd("develop_bag"), cmd("develop_bag"),
            cmd("advance_time"), cmd("place_intruder", kind="creeper"), cmd("set_knowledge", seat=1, value=3)]


def fingerprint(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def dumped(events) -> list[str]:
    return [event.model_dump_json() for event in events]


def path_of(folder: Path, game_id: str) -> Path:
    return folder / "games" / f"{game_id}.sqlite3"


# --------------------------------------------------------------------- the current format
def test_events_survive_a_restart_undo_and_redo(tmp_path, rules):
    game = GameSession.start(setup_command(seed=3), rules)
    with GameStore(tmp_path, rules=rules) as store:
        game_id = store.create(game, "t")
        for command in OLD_GAME:
            store.append(game_id, game.execute(command))
        full = dumped(game.history(for_engine))
    with GameStore(tmp_path, rules=rules) as store:
        loaded = store.load(game_id)
        assert dumped(loaded.history(for_engine)) == full
        assert [dumped(loaded.events_at(i)) for i in range(8)] == [dumped(game.events_at(i)) for i in range(8)]
        loaded.undo()
        store.set_cursor(game_id, loaded.cursor)
        assert dumped(loaded.history(for_engine)) == full[len(game.events_at(7)):]
    with GameStore(tmp_path, rules=rules) as store:
        again = store.load(game_id)
        assert dumped(again.history(for_engine)) == full[len(game.events_at(7)):]
        again.redo()
        store.set_cursor(game_id, again.cursor)
        assert dumped(again.history(for_engine)) == full
        again.undo()
        store.set_cursor(game_id, again.cursor)
        store.append(game_id, again.execute(cmd("remove_fire")))  # drops step 7 and its events
    with GameStore(tmp_path, rules=rules) as store:
        last = store.load(game_id)
        assert [e.key for e in last.history(limit=1)] == ["log.fire_removed"]
        assert "log.knowledge" not in [e.key for e in last.history(for_engine)]


def test_each_row_holds_its_own_events_and_no_log(tmp_path, rules):
    game = GameSession.start(setup_command(seed=3), rules)
    with GameStore(tmp_path, rules=rules) as store:
        game_id = store.create(game, "t")
        for command in OLD_GAME:
            store.append(game_id, game.execute(command))
    conn = sqlite3.connect(path_of(tmp_path, game_id))
    rows = conn.execute("SELECT idx, state, events FROM steps ORDER BY idx").fetchall()
    conn.close()
    for idx, state, events in rows:
        assert b'"log"' not in zlib.decompress(state)
        stored = json.loads(events)
        assert {event["seq"] for event in stored} <= {idx}
        assert [event["key"] for event in stored] == [e.key for e in game.events_at(idx)]
    hidden = [e for idx, _, events in rows for e in json.loads(events) if "visibility" in e]
    assert hidden and all(e["visibility"] == {"audience": "engine"} for e in hidden)  # kept, for the engine


def test_a_damaged_events_row_is_reported_and_left_alone(tmp_path, rules):
    game = GameSession.start(setup_command(seed=3), rules)
    with GameStore(tmp_path, rules=rules) as store:
        game_id = store.create(game, "t")
        store.append(game_id, game.execute(cmd("place_fire")))
    path = path_of(tmp_path, game_id)
    conn = sqlite3.connect(path)
    conn.execute("UPDATE steps SET events = '[{\"seq\": 1}]' WHERE idx = 1")
    conn.commit()
    conn.close()
    before = fingerprint(path)
    with GameStore(tmp_path, rules=rules) as store:
        with pytest.raises(SaveFileError) as caught:
            store.load(game_id)
    assert caught.value.key == "error.save_corrupt"
    assert fingerprint(path) == before


# --------------------------------------------------------------------- format 1
def write_format_1(folder: Path, game: GameSession, cursor: int | None = None) -> str:
    """The game as the app saved it before the journal: no events column, and every
    state carrying the log of every step up to it (each line tagged with its step)."""
    game_id = "0123456789abcdef0123456789abcdef"
    path = path_of(folder, game_id)
    path.parent.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL)")
    conn.execute("CREATE TABLE steps(idx INTEGER PRIMARY KEY, command TEXT NOT NULL, state TEXT NOT NULL)")
    cursor = game.cursor if cursor is None else cursor
    meta = {"app": "nemesis-companion", "format": "1", "title": "old", "created_at": "2026-01-01T00:00:00+00:00",
            "updated_at": "2026-01-01T00:00:00+00:00", "cursor": str(cursor)}
    conn.executemany("INSERT INTO meta VALUES (?, ?)", meta.items())
    log: list[dict] = []
    for index, command in enumerate(game.commands):
        # The old log had no kind-only line: a token's numbers were everyone's.
        log += [{"seq": e.seq, "key": e.key, "params": e.params, "announce": e.announce}
                for e in game.events_at(index) if e.key != "log.bag.token_added_unseen"]
        state = game.state_at(index).model_dump(mode="json")
        del state["latest"]
        state.update(schema_version=1, log=list(log))
        conn.execute("INSERT INTO steps VALUES (?, ?, ?)", (index, command_to_json(command), json.dumps(state)))
    conn.commit()
    conn.close()
    return game_id


def old_game(rules) -> GameSession:
    game = GameSession.start(setup_command(seed=3), rules)
    for command in OLD_GAME:
        game.execute(command)
    return game


def test_a_format_1_file_opens_with_its_log_as_events_and_stays_untouched(tmp_path, rules):
    game = old_game(rules)
    game_id = write_format_1(tmp_path, game)
    path = path_of(tmp_path, game_id)
    with GameStore(tmp_path, rules=rules) as store:
        [summary] = store.list_games()
        assert summary.error_key is None and summary.time == game.state.time
        loaded = store.load(game_id)
        assert loaded.state.model_dump_json() == game.state.model_dump_json()
        assert loaded.state_at(3).model_dump_json() == game.state_at(3).model_dump_json()
        for index in range(len(game.commands)):
            old = [(e.seq, e.key, e.params, e.announce) for e in game.events_at(index)
                   if e.key != "log.bag.token_added_unseen"]
            assert [(e.seq, e.key, e.params, e.announce) for e in loaded.events_at(index)] == old
        assert all(e.visibility.audience is Audience.EVERYONE for e in loaded.history(for_engine))
        assert loaded.history(for_table)[0].key == "log.knowledge"
        loaded.undo()
        store.set_cursor(game_id, loaded.cursor)  # an undo moves the cursor only
        assert store.load(game_id).cursor == loaded.cursor
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    assert dict(conn.execute("SELECT key, value FROM meta"))["format"] == "1"  # still the old format
    conn.close()


def test_opening_a_format_1_file_writes_nothing(tmp_path, rules):
    game_id = write_format_1(tmp_path, old_game(rules))
    path = path_of(tmp_path, game_id)
    before = fingerprint(path)
    with GameStore(tmp_path, rules=rules) as store:
        store.list_games()
        loaded = store.load(game_id)
        loaded.history(for_engine)
        loaded.state_at(1)
    assert fingerprint(path) == before


def test_the_next_command_turns_a_format_1_file_into_the_current_format(tmp_path, rules):
    game = old_game(rules)
    game_id = write_format_1(tmp_path, game, cursor=6)  # step 7 waits for a redo
    with GameStore(tmp_path, rules=rules) as store:
        loaded = store.load(game_id)
        for command in (cmd("remove_fire"), cmd("place_fire"), cmd("place_malfunction")):
            store.append(game_id, loaded.execute(command))
    conn = sqlite3.connect(path_of(tmp_path, game_id))
    meta = dict(conn.execute("SELECT key, value FROM meta"))
    rows = conn.execute("SELECT idx, state, events FROM steps ORDER BY idx").fetchall()
    verdict = conn.execute("PRAGMA quick_check").fetchone()[0]
    conn.close()
    assert meta["format"] == str(FORMAT_VERSION) and verdict == "ok"
    assert [idx for idx, _, _ in rows] == list(range(10))
    assert not any(b'"log"' in zlib.decompress(state) for _, state, _ in rows)
    with GameStore(tmp_path, rules=rules) as store:
        reopened = store.load(game_id)
        for index in range(7):  # the old steps' lines, now events in their rows
            assert [e.key for e in reopened.events_at(index)] == [
                e.key for e in game.events_at(index) if e.key != "log.bag.token_added_unseen"]
            assert reopened.state_at(index).model_dump_json() == game.state_at(index).model_dump_json()
        assert [e.key for e in reopened.events_at(7)] == ["log.fire_removed"]
        assert [e.key for e in reopened.history(limit=1)] == ["log.malfunction_placed"]


def test_a_damaged_format_1_file_is_reported_and_never_modified(tmp_path, rules):
    game_id = write_format_1(tmp_path, old_game(rules), cursor=3)
    path = path_of(tmp_path, game_id)
    conn = sqlite3.connect(path)
    (raw,) = conn.execute("SELECT state FROM steps WHERE idx = 7").fetchone()
    state = json.loads(raw)
    state["log"][2] = {"seq": 1}  # a log line without its key
    conn.execute("UPDATE steps SET state = ? WHERE idx = 7", (json.dumps(state),))
    conn.commit()
    conn.close()
    before = fingerprint(path)
    with GameStore(tmp_path, rules=rules) as store:
        with pytest.raises(SaveFileError) as caught:
            store.load(game_id)
        assert caught.value.key == "error.save_corrupt"
        with pytest.raises((SaveFileError, ValueError)):
            store.set_cursor(game_id, 2)
    assert fingerprint(path) == before


# --------------------------------------------------------------------- bytes on disk
def stored_bytes_per_command(path: Path) -> tuple[float, float]:
    """(the file's size, the rows' size) per step."""
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    count, row_bytes = conn.execute(
        "SELECT count(*), sum(length(command) + length(state) + length(events)) FROM steps").fetchone()
    conn.close()
    return path.stat().st_size / count, row_bytes / count


def test_a_long_game_stores_under_5_kb_a_command(tmp_path, rules):
    game = long_game(rules, 300)
    fresh = GameSession(rules, game.commands[:1], 0, {0: game.state_at(0)})
    with GameStore(tmp_path, rules=rules) as store:
        game_id = store.create(fresh, "long")
        for command in game.commands[1:]:
            store.append(game_id, fresh.execute(command))
    per_file, per_row = stored_bytes_per_command(path_of(tmp_path, game_id))
    assert per_row < 5 * 1024 and per_file < 5 * 1024, (per_file, per_row)


def test_the_event_phase_golden_game_stores_under_5_kb_a_command(tmp_path, rules):
    document = json.loads((GOLDEN / "event_phases.commands.json").read_text(encoding="utf-8"))
    game = replay(document, rules)
    with GameStore(tmp_path, rules=rules) as store:
        game_id = store.create(game, "golden")
    per_file, per_row = stored_bytes_per_command(path_of(tmp_path, game_id))
    assert per_row < 5 * 1024 and per_file < 5 * 1024, (per_file, per_row)
