"""A table host without a screen, for killing at any moment.

It goes through the same TableController and GameStore the screens use, so what it
acknowledges is exactly as durable as what a screen shows.

Two ways to run it:

* ``python -m tests.support.crash_driver DATA_DIR``: reads commands (one JSON per
  line) and answers each with its ack.
* ``python -m tests.support.crash_driver --zygote``: imports everything once, then for
  each line ``RUN_JSON`` on stdin forks a player that resumes the latest game and plays
  by itself (commands steered by the state, undo, redo, new games); after
  ``delay_ms`` the zygote SIGKILLs it and prints how it ended. Forking keeps a hundred
  kills quick: only the player is killed, never the zygote.

The player writes one JSON line per event to its log file, each with one ``write``:
``begin`` before it calls the controller, ``shown`` from a controller listener (the
moment a screen would update: the acknowledgement), ``refused`` for an illegal command.

Faults (``fault``) make deliberately broken hosts, to show that the crash test
notices them: ``write-behind`` (synchronous=OFF, changes written by a thread after
the screen was told), ``screen-first`` (screens updated before the save) and
``unsaved-undo`` (undo and redo never written).
"""
from __future__ import annotations

import hashlib
import json
import os
import queue
import random
import signal
import sys
import threading
import time
from pathlib import Path

from companion.seats.controller import Feed, TableController
from companion.engine import IllegalCommand, NewGame, PlayerSetup, command_to_json, parse_command
from companion.engine.authority import sender_for
from companion.engine.views import TABLE
from companion.rules import load_rules
from companion.store import GameStore
from tests.support.candidates import candidates

CHARACTERS = ("hacker", "janitor", "sentry", "xenobiologist", "survivor")
# How often the player does something other than a command (redo: when it can).
UNDO, REDO, NEW_GAME_MIDWAY = 0.07, 0.10, 0.01


def state_hash(state) -> str:
    return hashlib.sha1(state.model_dump_json().encode()).hexdigest()


# -- deliberately broken hosts -------------------------------------------------------
class WriteBehindStore(GameStore):
    """Acknowledges before anything is on disk: a thread writes later, unsynced."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._pending: queue.Queue = queue.Queue()
        threading.Thread(target=self._drain, daemon=True).start()

    @staticmethod
    def _configure(conn):
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=OFF")
        return conn

    def _drain(self) -> None:
        while True:
            write = self._pending.get()
            time.sleep(0.003)  # a lazy writer
            write()

    def append(self, game_id, step, *, meanwhile=None) -> None:
        self._pending.put(lambda: GameStore.append(self, game_id, step))

    def set_cursor(self, game_id, cursor, events=None) -> None:
        self._pending.put(lambda: GameStore.set_cursor(self, game_id, cursor, events))


class UnsavedUndoStore(GameStore):
    def set_cursor(self, game_id, cursor, events=None) -> None:
        pass


class ScreenFirstController(TableController):
    def execute(self, command, actor=TABLE):
        with self._lock:
            session, game_id = self._require_game()
            step = session.prepare(command)
            session.commit(step)
            self._forget_views()
        self._notify(list(step.events), "execute")
        time.sleep(0.003)  # a slow disk: the screen shows what is not saved yet
        self.store.append(game_id, step)
        return step


STORES = {"none": GameStore, "write-behind": WriteBehindStore, "screen-first": GameStore,
          "unsaved-undo": UnsavedUndoStore}
CONTROLLERS = {"screen-first": ScreenFirstController}


# -- the self-playing host -----------------------------------------------------------
class Player:
    def __init__(self, data_dir: Path, log_path: Path, seed: int, fault: str, rules) -> None:
        self.rules = rules
        self.rng = random.Random(seed)
        self.seed = seed
        self.log = os.open(log_path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
        store = STORES[fault](data_dir, rules=rules)
        self.controller = CONTROLLERS.get(fault, TableController)(store, rules)
        self.controller.subscribe(TABLE, self._shown)

    def emit(self, entry: dict) -> None:
        os.write(self.log, (json.dumps(entry) + "\n").encode())

    def _shown(self, feed: Feed) -> None:
        session = self.controller.session
        if session is None:
            return
        state = session.state
        self.emit({"shown": feed.change, "game": self.controller.game_id, "cursor": session.cursor,
                   "steps": len(session.commands), "sha": state_hash(state), "over": state.is_over})

    def play(self) -> None:
        resumed = self.controller.resume_latest()
        self.emit({"ready": resumed})
        while True:
            self.turn()

    def turn(self) -> None:
        controller, rng = self.controller, self.rng
        session = controller.session
        if session is None or session.state.is_over or rng.random() < NEW_GAME_MIDWAY:
            setup = self.new_setup()
            self.emit({"begin": "new_game", "command": command_to_json(setup)})
            controller.new_game(setup, title=f"crash {self.seed}")
            return
        roll = rng.random()
        if roll < UNDO and controller.can_undo:
            self.emit({"begin": "undo", "game": controller.game_id})
            controller.undo()
            return
        if UNDO <= roll < UNDO + REDO and controller.can_redo:
            self.emit({"begin": "redo", "game": controller.game_id})
            controller.redo()
            return
        command = self.legal_command()
        self.emit({"begin": "execute", "game": controller.game_id, "command": command_to_json(command)})
        try:
            controller.execute(command, sender_for(command))
        except IllegalCommand as refusal:
            self.emit({"refused": refusal.key})

    def new_setup(self) -> NewGame:
        count = self.rng.randint(2, 4)
        players = tuple(PlayerSetup(name=f"P{i + 1}", character=character)
                        for i, character in enumerate(self.rng.sample(CHARACTERS, count)))
        return NewGame(players=players, seed=self.rng.randrange(10**9))

    def legal_command(self):
        state = self.controller.state
        options = candidates(state, self.rules)
        self.rng.shuffle(options)
        for command in options[:40]:
            if self.controller.check(command) is None:
                return command
        return options[0]


def run_player(data_dir: Path, log_path: Path, seed: int, fault: str, rules) -> None:
    player = Player(data_dir, log_path, seed, fault, rules)
    try:
        player.play()
    except BaseException as exc:  # noqa: BLE001 - a healthy host never gets here: report it
        player.emit({"error": f"{type(exc).__name__}: {exc}"})
        raise


def zygote() -> int:
    rules = load_rules()
    for line in sys.stdin:
        order = json.loads(line)
        pid = os.fork()
        if pid == 0:
            code = 0
            try:
                run_player(Path(order["data_dir"]), Path(order["log"]), order["seed"], order["fault"], rules)
            except BaseException:  # noqa: BLE001
                code = 3
            os._exit(code)
        time.sleep(order["delay_ms"] / 1000)
        os.kill(pid, signal.SIGKILL)  # not yet reaped, so the pid is still the player's
        _pid, status = os.waitpid(pid, 0)
        ended = {"killed": os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL,
                 "exit": os.WEXITSTATUS(status) if os.WIFEXITED(status) else None}
        print(json.dumps(ended), flush=True)
    return 0


# -- one command per line ----------------------------------------------------------------
def serve_stdin(data_dir: Path) -> int:
    rules = load_rules()
    controller = TableController(GameStore(data_dir, rules=rules), rules)
    resumed = controller.resume_latest()
    state = controller.state
    print(json.dumps({"ready": True, "resumed": resumed, "state": state.model_dump(mode="json") if state else None}),
          flush=True)
    for line in sys.stdin:
        command = parse_command(line)
        if command.type == "new_game":
            controller.new_game(command, title="crash test")
        else:
            controller.execute(command, sender_for(command))
        print(json.dumps({"ack": controller.session.cursor}), flush=True)
    return 0


def main(argv: list[str]) -> int:
    if argv[:1] == ["--zygote"]:
        return zygote()
    return serve_stdin(Path(argv[0]))


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
