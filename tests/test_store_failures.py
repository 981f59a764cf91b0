"""When saving fails (disk full, I/O error, another writer), the table is told in its
language, the change is not shown as done, and nothing acknowledged is lost."""
from __future__ import annotations

import errno
import hashlib
import sqlite3
import subprocess
import sys
import textwrap
import zlib
from pathlib import Path

import pytest

from companion.seats.controller import TableController
from companion.engine import GameSession, NewGame, PlayerSetup
from companion.engine.views import TABLE
from companion.i18n import LANGUAGES, Translator
from companion.store import GameStore, SaveFileError, WriteError
from companion.store.errors import FILE_KEYS, FOLDER_KEYS
from tests.conftest import cmd
from tests.ui_tree import make_context

REPO = Path(__file__).resolve().parent.parent
SETUP = NewGame(players=(PlayerSetup(name="Ana", character="hacker"), PlayerSetup(name="Bo", character="janitor")),
                seed=4)
FILLER = [cmd("place_fire"), cmd("remove_fire"), cmd("place_malfunction"), cmd("remove_malfunction")]


def filler(count: int):
    return [FILLER[i % len(FILLER)] for i in range(count)]


def on_disk(folder: Path, game_id: str, rules) -> tuple[list[str], int, str]:
    """What a restart would find: the commands, the cursor and the state there."""
    with GameStore(folder, rules=rules) as store:
        session = store.load(game_id)
        return [c.model_dump_json() for c in session.commands], session.cursor, session.state.model_dump_json()


def in_memory(controller: TableController) -> tuple[list[str], int, str]:
    session = controller.session
    return [c.model_dump_json() for c in session.commands], session.cursor, session.state.model_dump_json()


def file_rows(path: Path) -> tuple[list, list]:
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return (conn.execute("SELECT * FROM meta ORDER BY key").fetchall(),
                conn.execute("SELECT * FROM steps ORDER BY idx").fetchall())
    finally:
        conn.close()


def file_bytes(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


class Recorder:
    def __init__(self, controller: TableController) -> None:
        self.feeds: list = []
        controller.subscribe(TABLE, self.feeds.append)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_saving_problem_has_its_text_naming_the_file_or_folder(lang):
    t = Translator(lang)
    for key in FILE_KEYS:
        assert "game-1.sqlite3" in t.t(key, file="game-1.sqlite3"), key
    for key in FOLDER_KEYS:
        assert "/data/here" in t.t(key, folder="/data/here"), key
    assert len({t.t(key, file="f", folder="d") for key in FILE_KEYS + FOLDER_KEYS}) == len(FILE_KEYS + FOLDER_KEYS)


# --------------------------------------------------------------------- a full disk
@pytest.fixture
def page_limit(monkeypatch):
    """SQLite's own size limit, applied to every connection the store opens: a write
    past it fails exactly as on a full disk (SQLITE_FULL)."""
    limit: dict[str, int | None] = {"pages": None}
    real = GameStore._configure

    def configure(conn):
        real(conn)
        if limit["pages"] is not None:
            conn.execute(f"PRAGMA max_page_count = {limit['pages']}")
        return conn

    monkeypatch.setattr(GameStore, "_configure", staticmethod(configure))
    return limit


def page_count(path: Path) -> int:
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return conn.execute("PRAGMA page_count").fetchone()[0]
    finally:
        conn.close()


@pytest.mark.parametrize("lang", ["pt-BR", "tr"])
def test_a_full_disk_is_told_in_the_table_language_and_loses_nothing(tmp_path, rules, page_limit, lang):
    store = GameStore(tmp_path, rules=rules)
    controller = TableController(store, rules)
    page = make_context(controller, lang=lang)
    recorder = Recorder(controller)
    game_id = controller.new_game(SETUP, "full")
    for command in filler(6):
        controller.execute(command)
    path = store.path_of(game_id)
    page_limit["pages"] = page_count(path)
    store.close(game_id)  # reconnects with the limit
    refused = None
    for command in filler(60):
        acknowledged, feeds, version = in_memory(controller), len(recorder.feeds), controller.version
        try:
            controller.execute(command)
        except WriteError as error:
            refused = error, command
            break
    assert refused is not None, "the file never filled up"
    error, command = refused
    assert error.key == "error.save_disk_full"
    # Not shown as done: the session, the screens and the file are where they were.
    assert in_memory(controller) == acknowledged
    assert (len(recorder.feeds), controller.version) == (feeds, version)
    assert page.attempt(lambda: controller.execute(command)) is False
    shown = page.page.dialogs[-1].content.value
    assert shown == Translator(lang).t("error.save_disk_full", file=path.name)
    assert path.name in shown
    store.close()
    assert on_disk(tmp_path, game_id, rules) == acknowledged
    # Space freed: the same table carries on.
    page_limit["pages"] = None
    controller.execute(command)
    assert controller.session.cursor == acknowledged[1] + 1
    store.close()
    assert on_disk(tmp_path, game_id, rules) == in_memory(controller)


def test_a_full_disk_while_creating_a_game_leaves_no_file(tmp_path, rules, page_limit):
    store = GameStore(tmp_path, rules=rules)
    controller = TableController(store, rules)
    old_id = controller.new_game(SETUP, "old")
    controller.execute(cmd("advance_time"))
    page_limit["pages"] = 1
    with pytest.raises(WriteError) as caught:
        controller.new_game(SETUP, "new")
    assert caught.value.key == "error.save_disk_full"
    assert controller.game_id == old_id and controller.session.cursor == 1
    assert sorted(p.name for p in (tmp_path / "games").iterdir() if not p.name.startswith(old_id)) == []


# --------------------------------------------------------------------- other failed writes
class FailingConnection:
    """The store's connection, except that one kind of statement fails as SQLite would."""

    def __init__(self, conn: sqlite3.Connection, verb: str, error: Exception) -> None:
        self.conn, self.verb, self.error = conn, verb, error

    def execute(self, sql: str, *args):
        if sql.lstrip().upper().startswith(self.verb):
            raise self.error
        return self.conn.execute(sql, *args)

    def executemany(self, sql: str, *args):
        if sql.lstrip().upper().startswith(self.verb):
            raise self.error
        return self.conn.executemany(sql, *args)

    @property
    def in_transaction(self) -> bool:
        return self.conn.in_transaction

    def close(self) -> None:
        self.conn.close()


@pytest.mark.parametrize(("verb", "message", "key"), [
    ("INSERT", "database or disk is full", "error.save_disk_full"),
    ("COMMIT", "disk I/O error", "error.save_write_failed"),
    ("BEGIN", "attempt to write a readonly database", "error.save_read_only"),
    ("UPDATE", "database disk image is malformed", "error.save_write_failed"),
])
def test_a_failed_write_commits_nothing_and_the_next_one_works(tmp_path, rules, verb, message, key):
    store = GameStore(tmp_path, rules=rules)
    controller = TableController(store, rules)
    recorder = Recorder(controller)
    game_id = controller.new_game(SETUP, "t")
    for command in filler(3):
        controller.execute(command)
    acknowledged, feeds = in_memory(controller), len(recorder.feeds)
    store._connections[game_id] = FailingConnection(store._connection(game_id), verb,
                                                    sqlite3.OperationalError(message))
    with pytest.raises(WriteError) as caught:
        controller.execute(cmd("advance_time"))
    assert caught.value.key == key and caught.value.params == {"file": f"{game_id}.sqlite3"}
    assert in_memory(controller) == acknowledged and len(recorder.feeds) == feeds
    assert on_disk(tmp_path, game_id, rules) == acknowledged
    # The failed connection was dropped: the next command reconnects and is saved.
    controller.execute(cmd("advance_time"))
    assert on_disk(tmp_path, game_id, rules) == in_memory(controller)


def test_a_failed_undo_leaves_the_game_where_it_was(tmp_path, rules):
    store = GameStore(tmp_path, rules=rules)
    controller = TableController(store, rules)
    game_id = controller.new_game(SETUP, "t")
    for command in filler(3):
        controller.execute(command)
    acknowledged = in_memory(controller)
    store._connections[game_id] = FailingConnection(store._connection(game_id), "UPDATE",
                                                    sqlite3.OperationalError("database or disk is full"))
    with pytest.raises(WriteError) as caught:
        controller.undo()
    assert caught.value.key == "error.save_disk_full"
    assert in_memory(controller) == acknowledged
    assert on_disk(tmp_path, game_id, rules) == acknowledged


def test_every_write_is_durable_before_it_returns(tmp_path, rules):
    with GameStore(tmp_path, rules=rules) as store:
        session = GameSession.start(SETUP, rules)
        game_id = store.create(session, "t")
        store.append(game_id, session.execute(cmd("advance_time")))
        conn = store._connections[game_id]
        # WAL + synchronous=FULL: COMMIT returns after the -wal file is fsynced.
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert conn.execute("PRAGMA synchronous").fetchone()[0] == 2


# --------------------------------------------------------------------- a damaged earlier step
def damage_state(path: Path, index: int) -> None:
    conn = sqlite3.connect(path)
    (blob,) = conn.execute("SELECT state FROM steps WHERE idx = ?", (index,)).fetchone()
    conn.execute("UPDATE steps SET state = ? WHERE idx = ?", (zlib.compress(b'{"round": '), index))
    conn.commit()
    conn.close()
    assert blob


def test_an_undo_onto_a_damaged_step_moves_the_game_to_a_new_file_and_leaves_the_damaged_one(tmp_path, rules):
    with GameStore(tmp_path, rules=rules) as store:
        game_id = TableController(store, rules).new_game(SETUP, "t")
    store = GameStore(tmp_path, rules=rules)
    controller = TableController(store, rules)
    controller.open(game_id)
    for command in filler(4):
        controller.execute(command)
    controller.open(game_id)  # a fresh session: only the current state is in memory
    path = store.path_of(game_id)
    damage_state(path, controller.session.cursor - 1)
    damaged = file_rows(path)
    acknowledged = in_memory(controller)
    with pytest.raises(SaveFileError) as caught:
        controller.undo()
    assert caught.value.key == "error.save_forked" and caught.value.params == {"file": path.name}
    assert controller.game_id != game_id
    assert in_memory(controller) == acknowledged  # the undo was not made; nothing was lost
    controller.execute(cmd("advance_time"))  # play goes on, in the new file
    controller.undo()  # the step that was damaged is whole again there
    assert file_rows(path) == damaged  # not one row written (closing may fold its -wal in)
    store.close()
    commands, cursor, _state = on_disk(tmp_path, controller.game_id, rules)
    assert commands == acknowledged[0] + [cmd("advance_time").model_dump_json()]
    assert cursor == acknowledged[1]
    with GameStore(tmp_path, rules=rules) as again:
        listed = {summary.game_id: summary for summary in again.list_games()}
    assert listed[game_id].error_key == "error.save_corrupt"
    assert listed[controller.game_id].error_key is None and listed[controller.game_id].title == "t"


def test_the_store_never_points_the_cursor_at_a_damaged_step(tmp_path, rules):
    session = GameSession.start(SETUP, rules)
    with GameStore(tmp_path, rules=rules) as store:
        game_id = store.create(session, "t")
        for command in filler(3):
            store.append(game_id, session.execute(command))
        damage_state(store.path_of(game_id), 1)
        with pytest.raises(SaveFileError):
            store.set_cursor(game_id, 1)
        with pytest.raises(WriteError) as caught:
            store.set_cursor(game_id, 2)  # an intact step, but the file would not reopen: never written again
        assert caught.value.key == "error.save_damaged_while_open"
    conn = sqlite3.connect(f"file:{tmp_path / 'games' / game_id}.sqlite3?mode=ro", uri=True)
    assert conn.execute("SELECT value FROM meta WHERE key = 'cursor'").fetchone()[0] == "3"
    conn.close()


# --------------------------------------------------------------------- one writer per folder
HOLDER = textwrap.dedent("""
    import sys
    from companion.store import GameStore
    store = GameStore(sys.argv[1])
    print(store.claim(), flush=True)
    sys.stdin.read()
""")


@pytest.fixture
def other_process(tmp_path):
    """Another app process that holds the data folder until the test ends."""
    holders = []

    def start(folder: Path) -> subprocess.Popen:
        holder = subprocess.Popen([sys.executable, "-c", HOLDER, str(folder)], cwd=REPO, stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, text=True)
        holders.append(holder)
        assert holder.stdout.readline().strip() == "None"  # it is the folder's writer
        return holder

    yield start
    for holder in holders:
        holder.kill()
        holder.wait(timeout=10)


@pytest.mark.slow
def test_a_second_process_reads_but_never_writes(tmp_path, rules, other_process):
    session = GameSession.start(SETUP, rules)
    with GameStore(tmp_path, rules=rules) as store:
        game_id = store.create(session, "t")
        for command in filler(3):
            store.append(game_id, session.execute(command))
    holder = other_process(tmp_path)
    path = tmp_path / "games" / f"{game_id}.sqlite3"
    before = file_bytes(path)
    store = GameStore(tmp_path, rules=rules)
    assert store.claim() == "error.data_dir_in_use"
    controller = TableController(store, rules)
    assert controller.resume_latest() == game_id  # the games can be seen
    assert controller.session.state_at(1) == session.state_at(1)
    for attempt in (lambda: controller.execute(cmd("advance_time")), controller.undo,
                    lambda: controller.new_game(SETUP, "x"), lambda: controller.delete(game_id)):
        with pytest.raises(WriteError) as caught:
            attempt()
        assert caught.value.key == "error.data_dir_in_use"
        assert caught.value.params == {"folder": str(tmp_path)}
    assert Translator("tr").error(caught.value) == Translator("tr").t("error.data_dir_in_use", folder=str(tmp_path))
    assert controller.session.cursor == 3
    store.close()
    assert file_bytes(path) == before
    assert sorted(p.name for p in (tmp_path / "games").iterdir()) == [path.name]
    # Killed, the other process lets go of the folder: the next start may write.
    holder.kill()
    holder.wait(timeout=10)
    with GameStore(tmp_path, rules=rules) as store:
        assert store.claim() is None
        store.append(game_id, session.execute(cmd("advance_time")))


@pytest.mark.slow
def test_a_lock_file_deleted_while_the_app_runs_stops_it_writing_beside_a_second_copy(tmp_path, rules,
                                                                                      other_process):
    store = GameStore(tmp_path, rules=rules)
    controller = TableController(store, rules)
    game_id = controller.new_game(SETUP, "t")
    for command in filler(2):
        controller.execute(command)
    (tmp_path / "writer.lock").unlink()  # a cleanup or sync tool
    other_process(tmp_path)  # a second copy takes the new lock file: it is the writer now
    path = store.path_of(game_id)
    before, acknowledged = file_rows(path), in_memory(controller)
    for attempt in (lambda: controller.execute(cmd("advance_time")), controller.undo,
                    lambda: controller.new_game(SETUP, "x")):
        with pytest.raises(WriteError) as caught:
            attempt()
        assert caught.value.key == "error.data_dir_lock_lost"
    assert in_memory(controller) == acknowledged
    for lang in LANGUAGES:
        assert Translator(lang).error(caught.value) == Translator(lang).t("error.data_dir_lock_lost",
                                                                          folder=str(tmp_path))
    # A store this process opens later is no writer either.
    with GameStore(tmp_path, rules=rules) as later:
        assert later.claim() == "error.data_dir_lock_lost"
    assert file_rows(path) == before
    store.close()
    assert sorted(p.name for p in (tmp_path / "games").iterdir()) == [path.name]


def test_a_lock_file_replaced_while_the_app_runs_stops_it_writing(tmp_path, rules):
    store = GameStore(tmp_path, rules=rules)
    controller = TableController(store, rules)
    controller.new_game(SETUP, "t")
    lock = tmp_path / "writer.lock"
    lock.unlink()
    lock.write_text("another copy\n")  # a new file where the held one was
    with pytest.raises(WriteError) as caught:
        controller.execute(cmd("advance_time"))
    assert caught.value.key == "error.data_dir_lock_lost"
    store.close()


def test_stores_of_one_process_share_the_folder(tmp_path, rules):
    with GameStore(tmp_path, rules=rules) as first, GameStore(tmp_path, rules=rules) as second:
        assert first.claim() is None and second.claim() is None


@pytest.mark.skipif(sys.platform == "win32", reason="flock is the POSIX lock")
def test_a_folder_whose_file_system_refuses_locks_is_told_and_written_nothing(tmp_path, rules, monkeypatch):
    import fcntl

    def refuse(fd, operation):  # some network shares answer so
        raise OSError(errno.ENOLCK, "No locks available")

    monkeypatch.setattr(fcntl, "flock", refuse)
    store = GameStore(tmp_path, rules=rules)
    assert store.claim() == "error.data_dir_unusable"
    with pytest.raises(WriteError) as caught:
        TableController(store, rules).new_game(SETUP, "x")
    assert caught.value.key == "error.data_dir_unusable"
    store.close()
    assert list((tmp_path / "games").iterdir()) == []


# --------------------------------------------------------------------- a file changed behind the table's back
def test_a_file_changed_by_another_program_is_never_overwritten(tmp_path, rules):
    store = GameStore(tmp_path, rules=rules)
    controller = TableController(store, rules)
    game_id = controller.new_game(SETUP, "t")
    for command in filler(3):
        controller.execute(command)
    path = store.path_of(game_id)
    # Another program (without the folder's lock) moves the cursor back.
    outsider = sqlite3.connect(path)
    outsider.execute("UPDATE meta SET value = '1' WHERE key = 'cursor'")
    outsider.execute("UPDATE meta SET value = '2030-01-01T00:00:00+00:00' WHERE key = 'updated_at'")
    outsider.commit()
    outsider.close()
    acknowledged = in_memory(controller)
    for attempt in (lambda: controller.execute(cmd("advance_time")), controller.undo):
        with pytest.raises(WriteError) as caught:
            attempt()
        assert caught.value.key == "error.save_out_of_step"
        assert in_memory(controller) == acknowledged
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    assert conn.execute("SELECT count(*) FROM steps").fetchone()[0] == 4
    assert conn.execute("SELECT value FROM meta WHERE key = 'cursor'").fetchone()[0] == "1"
    conn.close()
    # Reopened, the game is what the file says, and it carries on from there.
    controller.open(game_id)
    assert controller.session.cursor == 1
    controller.execute(cmd("advance_time"))
    store.close()
    assert on_disk(tmp_path, game_id, rules) == in_memory(controller)


# --------------------------------------------------------------------- interrupted creations
def test_interrupted_creations_are_cleared_by_the_folders_writer_only(tmp_path, rules, other_process):
    holder = other_process(tmp_path)
    games = tmp_path / "games"
    leftovers = [games / f"{'a' * 32}.sqlite3.part", games / f"{'a' * 32}.sqlite3.part-journal"]
    for leftover in leftovers:
        leftover.write_bytes(b"half a game")
    with GameStore(tmp_path, rules=rules) as reader:
        assert reader.list_games() == []
        assert all(leftover.exists() for leftover in leftovers)  # the writer may be creating it now
    holder.kill()
    holder.wait(timeout=10)
    with GameStore(tmp_path, rules=rules) as writer:
        assert writer.list_games() == []
    assert not any(leftover.exists() for leftover in leftovers)
