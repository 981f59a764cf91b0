"""What the app says and does about saves in trouble: a healthy game on a full disk is
never called damaged (nor left looking damaged), a file damaged while its game is open is
never written again (the game goes on in a new file), and a renamed file's message says
which name recovers it."""
from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
import sys
import textwrap
import zlib
from pathlib import Path

import pytest

from companion.seats.controller import TableController
from companion.engine import GameSession
from companion.engine.views import TABLE
from companion.i18n import LANGUAGES, Translator
from companion.store import GameStore, SaveFileError, WriteError
from companion.store.errors import renamed_back
from tests.conftest import cmd, setup_command

REPO = Path(__file__).resolve().parent.parent
COMMANDS = [cmd("place_fire"), cmd("advance_time"), cmd("place_malfunction"), cmd("remove_fire")]


def _saved(folder: Path, rules) -> tuple[str, GameSession]:
    session = GameSession.start(setup_command(), rules)
    with GameStore(folder, rules=rules) as store:
        game_id = store.create(session, "t")
        for command in COMMANDS:
            store.append(game_id, session.execute(command))
    return game_id, session


def _companions(folder: Path, game_id: str) -> list[str]:
    return sorted(p.name for p in (folder / "games").iterdir() if p.name.startswith(game_id) and p.name != f"{game_id}.sqlite3")


# --------------------------------------------------------------------- a full disk at start
# A process whose files cannot grow (RLIMIT_FSIZE 0): SQLite cannot make a file's -wal and
# -shm, exactly as on a disk that is full when the app starts.
FULL_DISK_START = textwrap.dedent("""
    import json, resource, signal, sys
    from companion.store import GameStore, StoreError
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (0, 0))
    store = GameStore(sys.argv[1])
    listed = [summary.error_key for summary in store.list_games()]
    try:
        store.load(sys.argv[2])
        opened = None
    except StoreError as exc:
        opened = exc.key
    again = [summary.error_key for summary in store.list_games()]
    store.close()
    print(json.dumps({"listed": listed, "opened": opened, "again": again}), flush=True)
""")


def _start_on_a_full_disk(folder: Path, game_id: str) -> dict:
    # stdout is a pipe: a pipe is not a file the limit stops from growing.
    done = subprocess.run([sys.executable, "-c", FULL_DISK_START, str(folder), game_id], cwd=REPO,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="RLIMIT_FSIZE stands in for a full disk on Linux")
def test_a_healthy_game_on_a_disk_full_at_start_is_never_listed_as_damaged(tmp_path, rules):
    game_id, session = _saved(tmp_path, rules)
    first = _start_on_a_full_disk(tmp_path, game_id)
    assert first == {"listed": [None], "opened": "error.save_open_failed", "again": [None]}
    assert _companions(tmp_path, game_id) == []  # nothing left that would look like damage
    second = _start_on_a_full_disk(tmp_path, game_id)
    assert second["listed"] == [None] and second["again"] == [None]
    with GameStore(tmp_path, rules=rules) as store:  # space again: every step is there
        reopened = store.load(game_id)
    assert reopened.commands == session.commands and reopened.cursor == session.cursor


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_game_a_full_disk_keeps_from_resuming_is_said_on_the_start_up_banner(tmp_path, rules, monkeypatch, lang):
    import companion.app.pages
    from companion.app.startup import choose_language, prepare

    game_id, _session = _saved(tmp_path, rules)

    def full(_store, _path):  # SQLite cannot make the game's -wal and -shm
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(GameStore, "_connect_writable", full)
    banners: list[list[str]] = []
    monkeypatch.setattr(companion.app.pages, "make_main",
                        lambda controller, *, startup_errors, **_: banners.append(list(startup_errors)))
    startup = prepare(choice=choose_language(lang), data_dir=tmp_path)
    said = Translator(lang).t("error.save_open_failed", file=f"{game_id}.sqlite3")
    assert startup.store_problems == (said,)  # the console's line
    startup.main
    assert banners == [[said]]


def test_an_empty_wal_left_by_an_earlier_failed_open_does_not_make_a_game_look_damaged(tmp_path, rules):
    game_id, session = _saved(tmp_path, rules)
    path = tmp_path / "games" / f"{game_id}.sqlite3"
    Path(f"{path}-wal").write_bytes(b"")
    Path(f"{path}-shm").write_bytes(b"\\0\\0\\0")
    with GameStore(tmp_path, rules=rules) as store:
        assert [summary.error_key for summary in store.list_games()] == [None]
        assert store.load(game_id).state == session.state


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_open_failure_says_the_game_is_intact(lang):
    text = Translator(lang).t("error.save_open_failed", file="abc.sqlite3")
    assert "abc.sqlite3" in text and text != Translator(lang).t("error.save_corrupt", file="abc.sqlite3")


# --------------------------------------------------------------------- damage found while a game is open
def _damage_events(path: Path, index: int) -> None:
    conn = sqlite3.connect(path)
    conn.execute("UPDATE steps SET events = ? WHERE idx = ?", ('[{"seq": 0}]', index))
    conn.commit()
    conn.close()


def _damage_state(path: Path, index: int) -> None:
    conn = sqlite3.connect(path)
    conn.execute("UPDATE steps SET state = ? WHERE idx = ?", (zlib.compress(b'{"round": '), index))
    conn.commit()
    conn.close()


def test_a_store_that_found_a_damaged_row_never_writes_to_that_file_again(tmp_path, rules):
    game_id, session = _saved(tmp_path, rules)
    with GameStore(tmp_path, rules=rules) as store:
        opened = store.load(game_id)
        path = store.path_of(game_id)
        _damage_state(path, 1)
        before = path.read_bytes()
        with pytest.raises(SaveFileError):
            opened.state_at(1)
        assert store.is_damaged(game_id)
        with pytest.raises(WriteError) as caught:
            store.append(game_id, opened.prepare(cmd("place_fire")))
        assert caught.value.key == "error.save_damaged_while_open"
        with pytest.raises(WriteError):
            store.set_cursor(game_id, 3)
        assert path.read_bytes() == before


def test_damage_found_while_reading_the_log_moves_the_game_on_to_a_new_file(tmp_path, rules):
    game_id, session = _saved(tmp_path, rules)
    store = GameStore(tmp_path, rules=rules)
    controller = TableController(store, rules)
    controller.open(game_id)
    _damage_events(store.path_of(game_id), 1)
    history = controller.history(TABLE)  # reads every step's lines: finds the damage, then goes on
    assert controller.game_id != game_id
    assert [e.key for e in history] == [e.key for e in session.history()]
    controller.execute(cmd("place_fire"))
    store.close()
    with GameStore(tmp_path, rules=rules) as again:
        assert again.load(controller.game_id).commands == [*session.commands, cmd("place_fire")]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_move_to_a_new_file_is_told_in_the_page_language(lang):
    t = Translator(lang)
    forked = t("error.save_forked", file="abc.sqlite3")
    assert "abc.sqlite3" in forked and forked != t("error.save_corrupt", file="abc.sqlite3")


# --------------------------------------------------------------------- a renamed file
@pytest.mark.parametrize("name", ["backup (1)", "Game 1", "cópia"])
def test_a_renamed_files_message_names_the_name_that_recovers_it(tmp_path, rules, name):
    game_id, session = _saved(tmp_path, rules)
    games = tmp_path / "games"
    shutil.move(games / f"{game_id}.sqlite3", games / f"{name}.sqlite3")
    with GameStore(tmp_path, rules=rules) as store:
        (summary,) = store.list_games()
        assert summary.error_key == "error.save_renamed"
        back = summary.problem["name"]
        assert back == renamed_back(f"{name}.sqlite3")
        for lang in LANGUAGES:
            text = Translator(lang).t(summary.error_key, **summary.problem)
            assert f"{name}.sqlite3" in text and back in text and "{" not in text
    os.rename(games / f"{name}.sqlite3", games / back)
    with GameStore(tmp_path, rules=rules) as store:
        (summary,) = store.list_games()
        assert summary.error_key is None
        assert store.load(back[: -len(".sqlite3")]).commands == session.commands
