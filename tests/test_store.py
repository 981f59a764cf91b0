"""The saving layer: round trips, undo/redo on disk, lazy states, and bad files left untouched."""
from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import threading
import zlib
from pathlib import Path

import pytest

from companion.engine.apply import apply
from companion.engine.commands import AdvanceTime, NewGame, PlayerSetup, parse_command
from companion.engine.session import GameSession
from companion.rules import load_rules
from companion.store import GameStore, SaveFileError


@pytest.fixture(scope="module")
def rules():
    return load_rules()


@pytest.fixture
def store(tmp_path: Path):
    with GameStore(tmp_path) as game_store:
        yield game_store


def new_session(rules) -> GameSession:
    setup = NewGame(
        players=(PlayerSetup(name="Ana", character="hacker"), PlayerSetup(name="Bo", character="janitor")),
        seed=1,
    )
    return GameSession.start(setup, rules)


def play(store: GameStore, game_id: str, session: GameSession, times: int) -> None:
    for _ in range(times):
        store.append(game_id, session.execute(AdvanceTime()))


def disk_rows(path: Path) -> list[tuple[int, str]]:
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return conn.execute("SELECT idx, command FROM steps ORDER BY idx").fetchall()
    finally:
        conn.close()


def fingerprint(path: Path) -> tuple[str, int, int]:
    stat = path.stat()
    return hashlib.sha256(path.read_bytes()).hexdigest(), stat.st_size, stat.st_mtime_ns


def assert_untouched(path: Path, before: tuple[str, int, int]) -> None:
    assert fingerprint(path) == before
    assert not Path(f"{path}-wal").exists()
    assert not Path(f"{path}-shm").exists()


def same_game(a: GameSession, b: GameSession) -> None:
    assert [c.model_dump_json() for c in a.commands] == [c.model_dump_json() for c in b.commands]
    assert a.cursor == b.cursor
    assert a.state.model_dump_json() == b.state.model_dump_json()


# -- round trips -------------------------------------------------------------------


def test_create_then_load_gives_the_same_game(tmp_path, rules):
    session = new_session(rules)
    with GameStore(tmp_path) as store:
        game_id = store.create(session, "Friday night")
    assert len(game_id) == 32 and int(game_id, 16) >= 0
    path = tmp_path / "games" / f"{game_id}.sqlite3"
    assert path.is_file()
    with GameStore(tmp_path) as store:
        loaded = store.load(game_id, rules)
    same_game(session, loaded)


def test_appended_commands_survive_a_reload(tmp_path, rules):
    session = new_session(rules)
    with GameStore(tmp_path) as store:
        game_id = store.create(session, "t")
        play(store, game_id, session, 4)
    # A fresh store (as after an app restart) sees every command and the final state.
    with GameStore(tmp_path) as store:
        loaded = store.load(game_id, rules)
    assert len(loaded.commands) == 5
    same_game(session, loaded)


def test_file_layout_matches_the_format(store, rules):
    game_id = store.create(new_session(rules), "Layout")
    path = store.path_of(game_id)
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        meta = dict(conn.execute("SELECT key, value FROM meta"))
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        (command, state, events, crc) = conn.execute(
            "SELECT command, state, events, crc FROM steps WHERE idx = 0").fetchone()
    finally:
        conn.close()
    assert meta["app"] == "nemesis-companion"
    assert meta["format"] == "3"
    assert meta["title"] == "Layout"
    assert meta["cursor"] == "0"
    assert meta["created_at"] == meta["updated_at"]
    assert isinstance(parse_command(command), NewGame)
    text = zlib.decompress(state).decode()  # states are stored compressed
    assert '"commands_applied":1' in text
    assert '"log"' not in text  # the events have a column of their own
    assert [event["key"] for event in json.loads(events)] == ["log.new_game"]
    assert crc == zlib.crc32(b"0\n" + command.encode() + b"\n" + state + b"\n" + events.encode())


# -- undo / redo on disk -----------------------------------------------------------


def test_append_after_undo_drops_the_redo_tail_on_disk(store, rules):
    session = new_session(rules)
    game_id = store.create(session, "t")
    play(store, game_id, session, 4)
    assert len(disk_rows(store.path_of(game_id))) == 5
    session.undo()
    session.undo()
    store.set_cursor(game_id, session.cursor)
    assert len(disk_rows(store.path_of(game_id))) == 5  # redo stays possible until a new command
    step = session.execute(AdvanceTime())
    assert step.index == 3
    store.append(game_id, step)
    rows = disk_rows(store.path_of(game_id))
    assert [idx for idx, _ in rows] == [0, 1, 2, 3]
    store.close()
    loaded = store.load(game_id, rules)
    same_game(session, loaded)
    assert not loaded.can_redo


def test_reload_after_undo_keeps_the_cursor_and_redo(tmp_path, rules):
    session = new_session(rules)
    with GameStore(tmp_path) as store:
        game_id = store.create(session, "t")
        play(store, game_id, session, 3)
        session.undo()
        store.set_cursor(game_id, session.cursor)
    with GameStore(tmp_path) as store:
        loaded = store.load(game_id, rules)
        assert loaded.cursor == 2
        assert loaded.can_redo
        same_game(session, loaded)
        redone = loaded.redo()
    assert redone.model_dump_json() == session.state_at(3).model_dump_json()


def test_set_cursor_rejects_positions_outside_the_log(store, rules):
    game_id = store.create(new_session(rules), "t")
    with pytest.raises(ValueError):
        store.set_cursor(game_id, 1)
    with pytest.raises(ValueError):
        store.set_cursor(game_id, -1)


def test_append_must_follow_a_saved_step(store, rules):
    session = new_session(rules)
    game_id = store.create(session, "t")
    session.execute(AdvanceTime())  # never saved
    with pytest.raises(ValueError):
        store.append(game_id, session.execute(AdvanceTime()))
    assert len(disk_rows(store.path_of(game_id))) == 1


def test_create_keeps_an_existing_redo_tail(store, rules):
    session = new_session(rules)
    for _ in range(3):
        session.execute(AdvanceTime())
    session.undo()
    game_id = store.create(session, "t")
    store.close()
    loaded = store.load(game_id, rules)
    same_game(session, loaded)
    assert loaded.can_redo


# -- lazy states ---------------------------------------------------------------------


def test_older_states_are_fetched_lazily_and_equal_recomputation(tmp_path, rules):
    session = new_session(rules)
    with GameStore(tmp_path) as store:
        game_id = store.create(session, "t")
        play(store, game_id, session, 6)
    with GameStore(tmp_path) as store:
        loaded = store.load(game_id, rules)
        assert set(loaded._states) == {6}  # only the cursor state was parsed
        older = loaded.state_at(2)  # read from the file, not replayed
        assert older.commands_applied == 3
        recomputed = None
        for index, command in enumerate(loaded.commands):
            recomputed = apply(recomputed, command, rules)
            assert loaded.state_at(index).model_dump_json() == recomputed.model_dump_json()


def test_load_parses_only_the_cursor_state(tmp_path, rules, monkeypatch):
    import companion.engine.session as session_module
    import companion.store.game_store as store_module
    import companion.store.reading as reading_module

    session = new_session(rules)
    with GameStore(tmp_path) as store:
        game_id = store.create(session, "t")
        play(store, game_id, session, 8)
    parsed: list[int] = []
    real_parse = store_module.parse_state

    def counting_parse(raw, index, path, **options):
        parsed.append(index)
        return real_parse(raw, index, path, **options)

    def no_replay(*args, **kwargs):
        raise AssertionError("states must come from the file, not be replayed")

    monkeypatch.setattr(store_module, "parse_state", counting_parse)
    monkeypatch.setattr(reading_module, "parse_state", counting_parse)
    monkeypatch.setattr(session_module, "run", no_replay)
    with GameStore(tmp_path) as store:
        loaded = store.load(game_id, rules)
        assert parsed == [8]
        assert loaded.undo().model_dump_json() == session.state_at(7).model_dump_json()
        assert parsed == [8, 7]
        assert loaded.state_at(0).model_dump_json() == session.state_at(0).model_dump_json()


def test_a_loaded_session_keeps_saving(tmp_path, rules):
    session = new_session(rules)
    with GameStore(tmp_path) as store:
        game_id = store.create(session, "t")
        play(store, game_id, session, 2)
    with GameStore(tmp_path) as store:
        loaded = store.load(game_id, rules)
        loaded.undo()
        store.set_cursor(game_id, loaded.cursor)
        play(store, game_id, loaded, 2)
        expected = loaded.state.model_dump_json()
    with GameStore(tmp_path) as store:
        again = store.load(game_id, rules)
    assert again.cursor == 3
    assert again.state.model_dump_json() == expected


# -- bad files -------------------------------------------------------------------------


def make_good_game(tmp_path: Path, rules, steps: int = 3) -> str:
    session = new_session(rules)
    with GameStore(tmp_path) as store:
        game_id = store.create(session, "good")
        play(store, game_id, session, steps)
    return game_id


def bad_path(tmp_path: Path, name: str = "0123456789abcdef0123456789abcdef") -> Path:
    path = tmp_path / "games" / f"{name}.sqlite3"
    path.parent.mkdir(parents=True, exist_ok=True)
    return path


def check_rejected(tmp_path: Path, rules, path: Path, key: str) -> None:
    before = fingerprint(path)
    with GameStore(tmp_path) as store:
        with pytest.raises(SaveFileError) as caught:
            store.load(path.name[: -len(".sqlite3")], rules)
        assert caught.value.key == key
        assert caught.value.path == path
        assert isinstance(caught.value, ValueError)
        assert_untouched(path, before)
        summaries = store.list_games()
        # Appending to it must not work either, and must not touch it.
        with pytest.raises((SaveFileError, ValueError)):
            store.set_cursor(path.name[: -len(".sqlite3")], 0)
    assert_untouched(path, before)
    bad = [s for s in summaries if s.path == path]
    assert len(bad) == 1 and bad[0].error_key == key
    good = [s for s in summaries if s.path != path]
    assert good and all(s.error_key is None for s in good)


def test_garbage_file_is_foreign_and_untouched(tmp_path, rules):
    make_good_game(tmp_path, rules)
    path = bad_path(tmp_path)
    path.write_bytes(os.urandom(4096).replace(b"SQLite", b"sqlite") + b"not a database")
    check_rejected(tmp_path, rules, path, "error.save_foreign")


def test_text_file_is_foreign(tmp_path, rules):
    make_good_game(tmp_path, rules)
    path = bad_path(tmp_path, "notes")
    path.write_text("shopping list\n")
    check_rejected(tmp_path, rules, path, "error.save_foreign")


def test_truncated_file_is_corrupt_and_untouched(tmp_path, rules):
    victim = make_good_game(tmp_path, rules, steps=12)
    make_good_game(tmp_path, rules)
    path = tmp_path / "games" / f"{victim}.sqlite3"
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])
    check_rejected(tmp_path, rules, path, "error.save_corrupt")


def test_file_cut_inside_the_header_is_corrupt(tmp_path, rules):
    victim = make_good_game(tmp_path, rules)
    make_good_game(tmp_path, rules)
    path = tmp_path / "games" / f"{victim}.sqlite3"
    path.write_bytes(path.read_bytes()[:50])
    check_rejected(tmp_path, rules, path, "error.save_corrupt")


def test_garbled_pages_are_corrupt(tmp_path, rules):
    victim = make_good_game(tmp_path, rules, steps=12)
    make_good_game(tmp_path, rules)
    path = tmp_path / "games" / f"{victim}.sqlite3"
    data = bytearray(path.read_bytes())
    page = int.from_bytes(data[16:18], "big")
    for offset in range(page, len(data), page):  # scribble over every page after the first
        data[offset : offset + 64] = b"\xa5" * 64
    path.write_bytes(bytes(data))
    check_rejected(tmp_path, rules, path, "error.save_corrupt")


def test_bad_json_in_a_row_is_corrupt(tmp_path, rules):
    victim = make_good_game(tmp_path, rules)
    make_good_game(tmp_path, rules)
    path = tmp_path / "games" / f"{victim}.sqlite3"
    conn = sqlite3.connect(path)
    conn.execute("UPDATE steps SET command = '{\"type\": \"nonsense\"' WHERE idx = 1")
    conn.commit()
    conn.close()
    before = fingerprint(path)
    with GameStore(tmp_path) as store:
        with pytest.raises(SaveFileError) as caught:
            store.load(victim, rules)
    assert caught.value.key == "error.save_corrupt"
    assert_untouched(path, before)


def test_bad_state_at_the_cursor_is_corrupt_in_load_and_list(tmp_path, rules):
    victim = make_good_game(tmp_path, rules)
    make_good_game(tmp_path, rules)
    path = tmp_path / "games" / f"{victim}.sqlite3"
    conn = sqlite3.connect(path)
    conn.execute("UPDATE steps SET state = '{\"round\": ' WHERE idx = 3")
    conn.commit()
    conn.close()
    check_rejected(tmp_path, rules, path, "error.save_corrupt")


def test_foreign_sqlite_database_is_foreign_and_untouched(tmp_path, rules):
    make_good_game(tmp_path, rules)
    path = bad_path(tmp_path)
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE recipes(name TEXT)")
    conn.execute("INSERT INTO recipes VALUES ('bread')")
    conn.commit()
    conn.close()
    check_rejected(tmp_path, rules, path, "error.save_foreign")


def test_foreign_wal_database_with_our_table_names_is_foreign(tmp_path, rules):
    make_good_game(tmp_path, rules)
    path = bad_path(tmp_path)
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL)")
    conn.execute("INSERT INTO meta VALUES ('app', 'some-other-app'), ('format', '1')")
    conn.commit()
    conn.close()
    check_rejected(tmp_path, rules, path, "error.save_foreign")


def test_newer_format_is_refused_and_untouched(tmp_path, rules):
    victim = make_good_game(tmp_path, rules)
    make_good_game(tmp_path, rules)
    path = tmp_path / "games" / f"{victim}.sqlite3"
    conn = sqlite3.connect(path)
    conn.execute("UPDATE meta SET value = '4' WHERE key = 'format'")
    conn.commit()
    conn.close()
    check_rejected(tmp_path, rules, path, "error.save_newer")


# -- listing and deleting -----------------------------------------------------------------


def test_list_games_newest_first_with_summaries(store, rules):
    first = new_session(rules)
    first_id = store.create(first, "First")
    second = new_session(rules)
    second_id = store.create(second, "Second")
    play(store, first_id, first, 2)  # touched last, so listed first
    summaries = store.list_games()
    assert [s.game_id for s in summaries] == [first_id, second_id]
    top = summaries[0]
    assert top.title == "First"
    assert top.players == (("Ana", "hacker"), ("Bo", "janitor"))
    assert top.time == first.state.time and top.round == first.state.round
    assert top.is_over is False and top.error_key is None
    assert top.path == store.path_of(first_id)
    assert summaries[0].updated_at > summaries[1].updated_at


def test_list_games_on_an_empty_or_missing_folder(tmp_path):
    with GameStore(tmp_path / "nowhere") as store:
        assert store.list_games() == []


def test_list_games_ignores_odd_entries(store, rules):
    game_id = store.create(new_session(rules), "ok")
    (store.games_dir / "folder.sqlite3").mkdir()
    (store.games_dir / "readme.txt").write_text("hi")
    summaries = store.list_games()
    assert {s.game_id for s in summaries if s.error_key is None} == {game_id}
    assert all(s.error_key in (None, "error.save_foreign") for s in summaries)


def test_delete_removes_the_file_and_its_companions(store, rules):
    session = new_session(rules)
    game_id = store.create(session, "t")
    play(store, game_id, session, 1)
    path = store.path_of(game_id)
    assert Path(f"{path}-wal").exists()  # the open connection keeps a WAL
    store.delete(game_id)
    assert not path.exists()
    assert not Path(f"{path}-wal").exists()
    assert not Path(f"{path}-shm").exists()
    assert store.list_games() == []
    with pytest.raises(FileNotFoundError):
        store.load(game_id, rules)


def test_bad_files_can_be_deleted(tmp_path, rules):
    path = bad_path(tmp_path)
    path.write_bytes(b"junk" * 100)
    with GameStore(tmp_path) as store:
        store.delete(path.name[: -len(".sqlite3")])
        assert not path.exists()


def test_game_ids_cannot_escape_the_folder(store):
    for bad in ("../x", "a/b", "", ".hidden"):
        with pytest.raises(ValueError):
            store.path_of(bad)


def test_appends_from_worker_threads(store, rules):
    session = new_session(rules)
    game_id = store.create(session, "t")
    errors: list[BaseException] = []
    lock = threading.Lock()

    def worker():
        try:
            for _ in range(3):
                with lock:  # the session is the caller's to guard; the store guards itself
                    step = session.execute(AdvanceTime())
                    store.append(game_id, step)
                store.list_games()
        except BaseException as exc:  # noqa: BLE001
            errors.append(exc)

    threads = [threading.Thread(target=worker) for _ in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    store.close()
    same_game(session, store.load(game_id, rules))
