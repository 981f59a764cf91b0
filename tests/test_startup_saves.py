"""Starting never fails because of one saved game: each bad file is listed with its
reason and left alone, the latest good game is resumed and plays on. A second app on
the same folder, or a folder it may not write, is told so and writes nothing."""
from __future__ import annotations

import hashlib
import os
import queue
import shutil
import socket
import sqlite3
import stat
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path
from typing import Callable

import pytest

from companion.engine import GameSession
from companion.i18n import Translator
from companion.app.startup import choose_language, prepare
from companion.store.errors import renamed_back
from companion.store import FORMAT_VERSION, GameStore
from tests.conftest import cmd, setup_command

REPO = Path(__file__).resolve().parent.parent
PLAY = [cmd("advance_time"), cmd("place_fire"), cmd("advance_time"), cmd("place_malfunction"),
        cmd("set_knowledge", seat=1, value=2), cmd("advance_time")]


def fingerprint(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def save_game(folder: Path, rules, steps: int, seed: int) -> str:
    game = GameSession.start(setup_command(seed=seed), rules)
    with GameStore(folder, rules=rules) as store:
        game_id = store.create(game, f"game {seed}")
        for command in PLAY[:steps]:
            store.append(game_id, game.execute(command))
    return game_id


def sql(path: Path, *statements: tuple) -> None:
    conn = sqlite3.connect(path)
    for statement in statements:
        conn.execute(*statement)
    conn.commit()
    conn.close()


# Each breaks the newest game's file; returns the file the app will list.
def damaged_page(path: Path) -> Path:
    data = bytearray(path.read_bytes())
    page = int.from_bytes(data[16:18], "big")
    start = (len(data) // page // 2) * page
    data[start + 8: start + 200] = b"\xa5" * 192
    path.write_bytes(bytes(data))
    return path


def bad_command_row(path: Path) -> Path:
    sql(path, ("UPDATE steps SET command = '{\"type\": \"advance_time\", \"extra\": 1}' WHERE idx = 2",))
    return path


def missing_step(path: Path) -> Path:
    sql(path, ("DELETE FROM steps WHERE idx = 1",))
    return path


def renamed(name: str) -> Callable[[Path], Path]:
    def rename(path: Path) -> Path:
        return path.rename(path.with_name(f"{name}.sqlite3"))
    return rename


def future_format(path: Path) -> Path:
    sql(path, ("UPDATE meta SET value = ? WHERE key = 'format'", (str(FORMAT_VERSION + 1),)))
    return path


BREAKS = {
    "damaged page": (damaged_page, "error.save_corrupt"),
    "bad command row": (bad_command_row, "error.save_corrupt"),
    "missing step": (missing_step, "error.save_corrupt"),
    "renamed": (renamed("Game 1"), "error.save_renamed"),
    "copied": (renamed("backup (1)"), "error.save_renamed"),
    "future format": (future_format, "error.save_newer"),
}


def folder_with_a_good_and_a_broken_game(folder: Path, rules, break_file) -> tuple[str, Path]:
    good_id = save_game(folder, rules, steps=2, seed=1)
    time.sleep(0.01)
    newest = save_game(folder, rules, steps=len(PLAY), seed=2)
    return good_id, break_file(folder / "games" / f"{newest}.sqlite3")


# --------------------------------------------------------------------- through startup.prepare
@pytest.mark.parametrize("case", list(BREAKS))
def test_a_broken_newest_game_is_listed_and_the_good_one_resumes(tmp_path, rules, case):
    break_file, key = BREAKS[case]
    good_id, broken = folder_with_a_good_and_a_broken_game(tmp_path, rules, break_file)
    before = fingerprint(broken)
    startup = prepare(choice=choose_language("tr"), data_dir=tmp_path)
    assert startup.rules_problem is None
    problem = {"file": broken.name, "name": renamed_back(broken.name)} if key == "error.save_renamed" else \
        {"file": broken.name}
    assert startup.store_problems == (Translator("tr").t(key, **problem),)
    controller = startup.seating.controller
    assert controller.game_id == good_id
    cursor = controller.session.cursor
    controller.execute(cmd("advance_time"))  # playable
    assert controller.session.cursor == cursor + 1
    assert fingerprint(broken) == before
    # The list offers to delete it, and deleting works.
    [listed] = [summary for summary in controller.list_games() if summary.error_key is not None]
    assert (listed.path, listed.error_key) == (broken, key)
    controller.delete(listed.game_id)
    assert not broken.exists()
    assert controller.game_id == good_id


def test_with_only_broken_games_the_app_starts_on_the_home_screen(tmp_path, rules):
    broken = missing_step(tmp_path / "games" / f"{save_game(tmp_path, rules, 3, seed=5)}.sqlite3")
    startup = prepare(choice=choose_language("pt-BR"), data_dir=tmp_path)
    assert startup.store_problems == (Translator("pt-BR").t("error.save_corrupt", file=broken.name),)
    controller = startup.seating.controller
    assert controller.game_id is None
    controller.new_game(setup_command(seed=9), "new")
    assert controller.session.cursor == 0


# --------------------------------------------------------------------- the real entry point
def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class App:
    """`python -m companion --web` on a data folder, in its own process group."""

    def __init__(self, data_dir: Path, *, lang: str = "pt-BR", user: list[str] | None = None,
                 env: dict[str, str] | None = None) -> None:
        self.port = free_port()
        command = [sys.executable, "-m", "companion", "--web", "--port", str(self.port), "--lang", lang,
                   "--data-dir", str(data_dir)]
        self.process = subprocess.Popen((user or []) + command, cwd=REPO, env=env, stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE, text=True, start_new_session=True)
        self.errors: queue.Queue = queue.Queue()
        threading.Thread(target=self._collect, daemon=True).start()
        threading.Thread(target=self.process.stdout.read, daemon=True).start()

    def _collect(self) -> None:
        for line in self.process.stderr:
            self.errors.put(line.rstrip("\n"))

    def answers(self, timeout: float = 90) -> bool:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline and self.process.poll() is None:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{self.port}/", timeout=2) as response:
                    return response.status == 200
            except OSError:
                time.sleep(0.3)
        return False

    def error_lines(self) -> list[str]:
        lines = []
        while not self.errors.empty():
            lines.append(self.errors.get())
        return lines

    def stop(self) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, 9)
        self.process.wait(timeout=10)


@pytest.fixture
def apps():
    started: list[App] = []

    def start(*args, **kwargs) -> App:
        app = App(*args, **kwargs)
        started.append(app)
        return app

    yield start
    for app in started:
        app.stop()


@pytest.mark.slow
def test_the_app_starts_past_every_kind_of_broken_file(tmp_path, rules, apps):
    good_id = save_game(tmp_path, rules, steps=2, seed=1)
    broken = []
    for seed, (break_file, key) in enumerate(BREAKS.values(), start=10):
        time.sleep(0.01)
        path = break_file(tmp_path / "games" / f"{save_game(tmp_path, rules, len(PLAY), seed)}.sqlite3")
        broken.append((path, key, fingerprint(path)))
    app = apps(tmp_path, lang="pt-BR")
    assert app.answers()
    time.sleep(0.5)
    printed = set(app.error_lines())
    app.stop()
    t = Translator("pt-BR")
    assert {t.t(key, file=path.name, name=renamed_back(path.name)) for path, key, _ in broken} <= printed
    assert all(fingerprint(path) == before for path, _, before in broken)
    # The good game was resumed and still plays.
    with GameStore(tmp_path, rules=rules) as store:
        session = store.load(good_id)
        store.append(good_id, session.execute(cmd("advance_time")))


@pytest.mark.slow
def test_a_second_app_on_the_same_folder_is_told_it_can_only_read(tmp_path, rules, apps):
    game_id = save_game(tmp_path, rules, steps=3, seed=1)
    path = tmp_path / "games" / f"{game_id}.sqlite3"
    first = apps(tmp_path, lang="tr")
    assert first.answers()
    second = apps(tmp_path, lang="tr")
    assert second.answers()
    time.sleep(0.5)
    assert Translator("tr").t("error.data_dir_in_use", folder=str(tmp_path)) in second.error_lines()
    assert first.error_lines() == []
    second.stop()
    first.stop()
    with GameStore(tmp_path, rules=rules) as store:
        assert store.load(game_id).cursor == 3
    assert sorted(p.name for p in path.parent.iterdir() if p.name.endswith(".sqlite3")) == [path.name]


# --------------------------------------------------------------------- folders and files it may not write
def as_other_user() -> tuple[list[str], Callable[[Path], None]]:
    """How to run the app as a user who cannot write what this test's user creates:
    `nobody` when the tests run as root, else this user with the write bits removed."""
    if os.geteuid() != 0:
        return [], lambda path: path.chmod(path.stat().st_mode & ~(stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH))
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        pytest.skip("running as root without setpriv: no user to be read-only for")
    return [setpriv, "--reuid=65534", "--regid=65534", "--clear-groups"], lambda path: None


@pytest.fixture
def shared_tmp():
    """A folder another user can reach (pytest's tmp_path is private to this user)."""
    folder = Path(tempfile.mkdtemp(prefix="nemesis-saves-"))
    folder.chmod(0o755)
    yield folder
    for path in [folder, *folder.rglob("*")]:
        if path.is_dir():
            path.chmod(0o755)
    shutil.rmtree(folder, ignore_errors=True)


def app_env(home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env.update(HOME=str(home), PYTHONDONTWRITEBYTECODE="1")
    return env


def world_writable_home(shared_tmp: Path) -> Path:
    home = shared_tmp / "home"
    home.mkdir()
    home.chmod(0o777)
    return home


@pytest.mark.slow
def test_a_read_only_folder_is_told_and_left_untouched(shared_tmp, rules, apps):
    user, protect = as_other_user()
    data = shared_tmp / "data"
    game_id = save_game(data, rules, steps=3, seed=1)
    (data / "writer.lock").unlink()
    for path in [data, data / "games", *(data / "games").iterdir()]:
        protect(path)
    before = {path.name: fingerprint(path) for path in (data / "games").iterdir()}
    app = apps(data, lang="pt-BR", user=user, env=app_env(world_writable_home(shared_tmp)))
    assert app.answers()
    time.sleep(0.5)
    assert Translator("pt-BR").t("error.data_dir_read_only", folder=str(data)) in app.error_lines()
    app.stop()
    assert {path.name: fingerprint(path) for path in (data / "games").iterdir()} == before
    assert sorted(p.name for p in data.iterdir()) == ["games"]
    assert list(before) == [f"{game_id}.sqlite3"]


@pytest.mark.slow
def test_a_read_only_game_file_is_listed_and_left_untouched(shared_tmp, rules, apps):
    user, protect = as_other_user()
    data = shared_tmp / "data"
    good_id = save_game(data, rules, steps=2, seed=1)
    time.sleep(0.01)
    locked_id = save_game(data, rules, steps=4, seed=2)
    (data / "writer.lock").unlink()
    for path in [data, data / "games", data / "games" / f"{good_id}.sqlite3"]:
        path.chmod(0o777 if path.is_dir() else 0o666)
    locked = data / "games" / f"{locked_id}.sqlite3"
    locked.chmod(0o644)
    protect(locked)
    before = fingerprint(locked)
    app = apps(data, lang="tr", user=user, env=app_env(world_writable_home(shared_tmp)))
    assert app.answers()
    time.sleep(0.5)
    assert Translator("tr").t("error.save_read_only", file=locked.name) in app.error_lines()
    app.stop()
    assert fingerprint(locked) == before
    assert not Path(f"{locked}-wal").exists()
