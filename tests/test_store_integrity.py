"""Damage anywhere in a game file is found when the file is listed or opened, not only
at its cursor; files with names the app never gives are listed as such; files of
format 2 open and turn current on the next command. Bad files are never modified."""
from __future__ import annotations

import hashlib
import json
import shutil
import sqlite3
import zlib
from pathlib import Path

import pytest

from companion.engine import GameSession
from companion.engine.state import STATE_SCHEMA_VERSION
from companion.store import FORMAT_VERSION, GameStore, SaveFileError
from tests.conftest import cmd, setup_command

COMMANDS = [cmd("advance_time"), cmd("place_fire"), cmd("place_malfunction"), cmd("advance_time"),
            cmd("set_knowledge", seat=1, value=3), cmd("remove_fire"), cmd("advance_time")]


def fingerprint(path: Path) -> tuple[str, int]:
    return hashlib.sha256(path.read_bytes()).hexdigest(), path.stat().st_mtime_ns


def save_game(folder: Path, rules, steps: int = len(COMMANDS), title: str = "t") -> tuple[str, GameSession]:
    game = GameSession.start(setup_command(seed=3), rules)
    with GameStore(folder, rules=rules) as store:
        game_id = store.create(game, title)
        for command in COMMANDS[:steps]:
            store.append(game_id, game.execute(command))
    return game_id, game


def file_of(folder: Path, game_id: str) -> Path:
    return folder / "games" / f"{game_id}.sqlite3"


def edit(path: Path, *statements: tuple) -> None:
    """Change a file behind the app's back (as a disk error or a person would)."""
    conn = sqlite3.connect(path)
    for statement in statements:
        conn.execute(*statement)
    conn.commit()
    conn.close()


def flip_a_byte(blob: bytes) -> bytes:
    middle = len(blob) // 2
    return blob[:middle] + bytes([blob[middle] ^ 0x40]) + blob[middle + 1:]


def assert_refused_everywhere(folder: Path, rules, game_id: str, key: str, good_id: str) -> None:
    """Listed with `key`, refused by load and by a write, and left exactly as it was;
    the good game still opens."""
    path = file_of(folder, game_id)
    before = fingerprint(path)
    with GameStore(folder, rules=rules) as store:
        summaries = {summary.game_id: summary for summary in store.list_games()}
        assert summaries[game_id].error_key == key
        assert summaries[good_id].error_key is None
        with pytest.raises(SaveFileError) as caught:
            store.load(game_id)
        assert caught.value.key == key
        with pytest.raises(SaveFileError):
            store.set_cursor(game_id, 0)
        store.load(good_id)
    assert fingerprint(path) == before
    assert not Path(f"{path}-wal").exists()


# --------------------------------------------------------------------- damage away from the cursor
def _bad_command(path: Path) -> None:
    edit(path, ("UPDATE steps SET command = ? WHERE idx = 2", ('{"type": "nonsense"}',)))


def _missing_step(path: Path) -> None:
    edit(path, ("DELETE FROM steps WHERE idx = 3",))


def _flipped_state(path: Path) -> None:
    conn = sqlite3.connect(path)
    (blob,) = conn.execute("SELECT state FROM steps WHERE idx = 2").fetchone()
    conn.close()
    edit(path, ("UPDATE steps SET state = ? WHERE idx = 2", (flip_a_byte(blob),)))


def _flipped_events(path: Path) -> None:
    # Still valid JSON, still this step's: only the checksum can tell.
    conn = sqlite3.connect(path)
    (events,) = conn.execute("SELECT events FROM steps WHERE idx = 1").fetchone()
    conn.close()
    edit(path, ("UPDATE steps SET events = ? WHERE idx = 1", (events.replace("log.", "log.x", 1),)))


def _one_damaged_page(path: Path) -> None:
    """Scribble over the middle of one page in the middle of the file."""
    data = bytearray(path.read_bytes())
    page = int.from_bytes(data[16:18], "big")
    pages = len(data) // page
    start = (pages // 2) * page
    data[start + 8: start + 200] = b"\xa5" * 192
    path.write_bytes(bytes(data))


@pytest.mark.parametrize("damage", [_bad_command, _missing_step, _flipped_state, _flipped_events,
                                    _one_damaged_page])
def test_damage_away_from_the_cursor_is_found_when_listing_and_opening(tmp_path, rules, damage):
    game_id, _game = save_game(tmp_path, rules)
    good_id, _ = save_game(tmp_path, rules, steps=2)
    damage(file_of(tmp_path, game_id))
    assert_refused_everywhere(tmp_path, rules, game_id, "error.save_corrupt", good_id)


def test_a_state_from_a_newer_app_is_refused(tmp_path, rules):
    game_id, game = save_game(tmp_path, rules)
    good_id, _ = save_game(tmp_path, rules, steps=2)
    path = file_of(tmp_path, game_id)
    data = json.loads(game.state.model_dump_json())
    data["schema_version"] = STATE_SCHEMA_VERSION + 1
    edit(path, ("UPDATE steps SET state = ?, crc = 0 WHERE idx = ?", (json.dumps(data), game.cursor)),
         ("UPDATE meta SET value = '2' WHERE key = 'format'",))
    assert_refused_everywhere(tmp_path, rules, game_id, "error.save_newer", good_id)


def test_a_file_from_a_newer_format_is_refused(tmp_path, rules):
    game_id, _game = save_game(tmp_path, rules)
    good_id, _ = save_game(tmp_path, rules, steps=2)
    edit(file_of(tmp_path, game_id), ("UPDATE meta SET value = ? WHERE key = 'format'", (str(FORMAT_VERSION + 1),)))
    assert_refused_everywhere(tmp_path, rules, game_id, "error.save_newer", good_id)


def test_a_damaged_file_can_be_deleted_from_the_list(tmp_path, rules):
    game_id, _game = save_game(tmp_path, rules)
    _missing_step(file_of(tmp_path, game_id))
    with GameStore(tmp_path, rules=rules) as store:
        [summary] = store.list_games()
        assert summary.error_key == "error.save_corrupt"
        store.delete(summary.game_id)
        assert store.list_games() == []
    assert not file_of(tmp_path, game_id).exists()


# --------------------------------------------------------------------- names the app never gives
@pytest.mark.parametrize("name", ["Game 1", "backup (1)", "cópia"])
def test_a_copied_or_renamed_file_is_listed_as_such_and_left_alone(tmp_path, rules, name):
    game_id, _game = save_game(tmp_path, rules)
    copy = tmp_path / "games" / f"{name}.sqlite3"
    shutil.copyfile(file_of(tmp_path, game_id), copy)
    before = fingerprint(copy)
    with GameStore(tmp_path, rules=rules) as store:
        summaries = {summary.game_id: summary for summary in store.list_games()}
        assert summaries[name].error_key == "error.save_renamed"
        assert summaries[name].path == copy
        assert summaries[game_id].error_key is None
        with pytest.raises(SaveFileError) as caught:
            store.load(name)
        assert caught.value.key == "error.save_renamed"
        assert fingerprint(copy) == before
        store.delete(name)  # the list's Delete works for it too
        assert not copy.exists()
        assert [summary.game_id for summary in store.list_games()] == [game_id]


# --------------------------------------------------------------------- format 2
def write_format_2(folder: Path, game: GameSession) -> str:
    """The game as format 2 saved it: states as JSON text, no checksums."""
    from companion.store.rows import encode_events

    game_id = "0123456789abcdef0123456789abcdef"
    path = file_of(folder, game_id)
    path.parent.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL)")
    conn.execute("CREATE TABLE steps(idx INTEGER PRIMARY KEY, command TEXT NOT NULL, state TEXT NOT NULL,"
                 " events TEXT NOT NULL)")
    meta = {"app": "nemesis-companion", "format": "2", "title": "two", "created_at": "2026-01-01T00:00:00+00:00",
            "updated_at": "2026-01-01T00:00:00+00:00", "cursor": str(game.cursor)}
    conn.executemany("INSERT INTO meta VALUES (?, ?)", meta.items())
    for index, command in enumerate(game.commands):
        conn.execute("INSERT INTO steps VALUES (?, ?, ?, ?)",
                     (index, command.model_dump_json(), game.state_at(index).model_dump_json(),
                      encode_events(game.events_at(index))))
    conn.commit()
    conn.close()
    return game_id


def test_a_format_2_file_opens_and_turns_current_on_the_next_command(tmp_path, rules):
    game = GameSession.start(setup_command(seed=3), rules)
    for command in COMMANDS:
        game.execute(command)
    game_id = write_format_2(tmp_path, game)
    path = file_of(tmp_path, game_id)
    before = fingerprint(path)
    with GameStore(tmp_path, rules=rules) as store:
        loaded = store.load(game_id)
        assert [s.state_at(3).model_dump_json() for s in (loaded, game)] == [game.state_at(3).model_dump_json()] * 2
        assert fingerprint(path) == before  # opening writes nothing
        store.append(game_id, loaded.execute(cmd("place_fire")))
    conn = sqlite3.connect(path)
    fmt = conn.execute("SELECT value FROM meta WHERE key = 'format'").fetchone()[0]
    states = [zlib.decompress(blob) for (blob,) in conn.execute("SELECT state FROM steps ORDER BY idx")]
    conn.close()
    assert fmt == str(FORMAT_VERSION) and len(states) == len(COMMANDS) + 2
    with GameStore(tmp_path, rules=rules) as store:
        reopened = store.load(game_id)
        for index in range(len(COMMANDS) + 1):
            assert reopened.state_at(index).model_dump_json() == game.state_at(index).model_dump_json()
            assert reopened.events_at(index) == game.events_at(index)


def test_a_format_2_file_with_a_damaged_earlier_state_is_refused(tmp_path, rules):
    game = GameSession.start(setup_command(seed=3), rules)
    for command in COMMANDS:
        game.execute(command)
    game_id = write_format_2(tmp_path, game)
    good_id, _ = save_game(tmp_path, rules, steps=2)
    edit(file_of(tmp_path, game_id), ("UPDATE steps SET state = '{\"round\": 1}' WHERE idx = 2",))
    assert_refused_everywhere(tmp_path, rules, game_id, "error.save_corrupt", good_id)
