"""Kills the self-playing host (crash_driver) at random moments and checks, after each
kill, that reopening the data folder finds every change a screen was shown.

Per round: the zygote forks a player that resumes the latest game and plays; after a
random delay it is SIGKILLed. The harness then replays the player's log onto its model
of every game (commands, cursor, the hash of each state shown) and reopens the folder
with a fresh GameStore:

* every file opens, and no interrupted creation is left behind;
* every game is exactly as acknowledged: same commands, same cursor, and each state a
  screen was shown hashes the same; the one change in flight at the kill may be there
  or not, nothing else;
* the next player resumes the unfinished game changed last.
"""
from __future__ import annotations

import hashlib
import json
import random
import subprocess
import sys
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from companion.engine import command_to_json
from companion.rules import load_rules
from companion.store import GameStore

REPO = Path(__file__).resolve().parents[2]
PART_SUFFIXES = (".part", ".part-journal", ".part-wal", ".part-shm")


@dataclass
class GameModel:
    """One game as its acknowledgements describe it."""

    commands: list[str]
    cursor: int
    hashes: dict[int, str] = field(default_factory=dict)  # step -> hash of the state shown there
    changed: int = 0  # order of its last change, for which game a restart resumes

    def after(self, op: str, command: str | None) -> "GameModel":
        """The game after one more change (never modifies this one)."""
        if op == "execute":
            commands = self.commands[: self.cursor + 1] + [command]
            hashes = {i: h for i, h in self.hashes.items() if i <= self.cursor}
            return GameModel(commands, self.cursor + 1, hashes, self.changed)
        delta = -1 if op == "undo" else 1
        return GameModel(list(self.commands), self.cursor + delta, dict(self.hashes), self.changed)


@dataclass
class Report:
    kills: int = 0
    acknowledged: Counter = field(default_factory=Counter)
    states_checked: int = 0
    in_flight: Counter = field(default_factory=Counter)
    interrupted_creations: int = 0
    problems: list[str] = field(default_factory=list)


@dataclass
class Pending:
    op: str
    game: str | None
    command: str | None


def sha(state) -> str:
    return hashlib.sha1(state.model_dump_json().encode()).hexdigest()


class CrashHarness:
    def __init__(self, data_dir: Path, fault: str = "none", seed: int = 1,
                 delay_ms: tuple[int, int] = (20, 700)) -> None:
        self.data_dir = data_dir
        self.fault = fault
        self.rng = random.Random(seed)
        self.delay_ms = delay_ms
        self.rules = load_rules()
        self.games: dict[str, GameModel] = {}
        self.clock = 0
        self.expected_resume: str | None = None
        self.touched: set[str] = set()  # games changed this round: their states are all checked
        self.report = Report()
        self.zygote = subprocess.Popen([sys.executable, "-m", "tests.support.crash_driver", "--zygote"],
                                       cwd=REPO, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def close(self) -> None:
        self.zygote.stdin.close()
        try:
            self.zygote.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.zygote.kill()
            self.zygote.wait()

    def __enter__(self) -> "CrashHarness":
        return self

    def __exit__(self, *exc_info) -> None:
        self.close()

    # -- one round -----------------------------------------------------------------
    def round(self, number: int) -> None:
        log = self.data_dir.parent / f"{self.data_dir.name}-round-{number}.log"
        order = {"data_dir": str(self.data_dir), "log": str(log), "seed": self.rng.randrange(10**9),
                 "fault": self.fault, "delay_ms": self.rng.randint(*self.delay_ms)}
        self.zygote.stdin.write(json.dumps(order) + "\n")
        self.zygote.stdin.flush()
        self.touched = set()
        ended = json.loads(self.zygote.stdout.readline())
        self.report.kills += 1
        entries = [json.loads(line) for line in log.read_text().splitlines()] if log.exists() else []
        log.unlink(missing_ok=True)
        if not ended["killed"]:
            errors = [entry["error"] for entry in entries if "error" in entry]
            self.problem(number, f"the host ended by itself (exit {ended['exit']}): {errors}")
        pending = self.follow(number, entries)
        self.verify(number, pending)

    def problem(self, number: int, text: str) -> None:
        self.report.problems.append(f"round {number}: {text}")

    def follow(self, number: int, entries: list[dict]) -> Pending | None:
        """Apply the acknowledged changes to the model; return the change in flight."""
        pending: Pending | None = None
        for entry in entries:
            if "ready" in entry:
                if entry["ready"] != self.expected_resume:
                    self.problem(number, f"resumed {entry['ready']}, expected {self.expected_resume}")
            elif "begin" in entry:
                pending = Pending(entry["begin"], entry.get("game"), entry.get("command"))
            elif "refused" in entry:
                pending = None
            elif "shown" in entry and entry["shown"] in ("execute", "undo", "redo") and pending is not None:
                self.acknowledge(number, pending, entry)
                pending = None
        return pending

    def acknowledge(self, number: int, pending: Pending, shown: dict) -> None:
        game_id = shown["game"]
        if pending.op == "new_game":
            model = GameModel([pending.command], 0)
        else:
            model = self.games[game_id].after(pending.op, pending.command)
        if (model.cursor, len(model.commands)) != (shown["cursor"], shown["steps"]):
            self.problem(number, f"{pending.op} showed step {shown['cursor']} of {shown['steps']}")
        known = model.hashes.get(model.cursor)
        if known is not None and known != shown["sha"]:
            self.problem(number, f"{pending.op} showed a state other than the one step {model.cursor} had")
        model.hashes[model.cursor] = shown["sha"]
        self.clock += 1
        model.changed = self.clock
        self.games[game_id] = model
        self.touched.add(game_id)
        self.report.acknowledged[pending.op] += 1

    # -- after the kill ------------------------------------------------------------
    def verify(self, number: int, pending: Pending | None) -> None:
        games_dir = self.data_dir / "games"
        leftovers = [p for p in games_dir.iterdir() if p.name.endswith(PART_SUFFIXES)] if games_dir.is_dir() else []
        self.report.interrupted_creations += len(leftovers)
        with GameStore(self.data_dir, rules=self.rules) as store:
            summaries = {summary.game_id: summary for summary in store.list_games()}
            left = [p.name for p in games_dir.iterdir() if p.name.endswith(PART_SUFFIXES)]
            if left:
                self.problem(number, f"interrupted creations left behind: {left}")
            for summary in summaries.values():
                if summary.error_key is not None:
                    self.problem(number, f"{summary.path.name} does not open: {summary.error_key}")
            settled_pending = False
            # Games the round could have changed: those it changed, the one it resumed,
            # the one in flight, and any file the model does not know.
            suspects = self.touched | {self.expected_resume} | {pending.game if pending else None}
            suspects |= set(summaries) - set(self.games)
            for game_id in sorted(set(summaries) | set(self.games)):
                if summaries.get(game_id) is None or summaries[game_id].error_key is not None:
                    if game_id in self.games:
                        self.problem(number, f"acknowledged game {game_id} is missing")
                    continue
                if game_id not in suspects:
                    continue
                session = store.load(game_id)
                found = GameModel([command_to_json(c) for c in session.commands], session.cursor)
                expected = self.games.get(game_id)
                if self.matches(expected, found):
                    if game_id in self.touched:
                        self.check_states(number, game_id, session, expected)
                    continue
                candidate = self.with_pending(expected, pending, game_id)
                if not settled_pending and self.matches(candidate, found):
                    # Saved at the kill, not yet shown: allowed, and now part of the game.
                    settled_pending = True
                    self.report.in_flight["saved"] += 1
                    self.clock += 1
                    candidate.changed = self.clock
                    candidate.hashes[candidate.cursor] = sha(session.state)
                    self.games[game_id] = candidate
                    self.check_states(number, game_id, session, candidate)
                    continue
                if expected is None:
                    self.problem(number, f"unexpected game {game_id}")
                else:
                    self.problem(number, f"game {game_id}: acknowledged step {expected.cursor} of "
                                         f"{len(expected.commands)}, found step {found.cursor} of {len(found.commands)}")
                    self.games[game_id] = GameModel(found.commands, found.cursor, {}, expected.changed)
            if pending is not None and not settled_pending:
                self.report.in_flight["not saved"] += 1
            self.expected_resume = self.resume_target(summaries)

    def with_pending(self, expected: GameModel | None, pending: Pending | None, game_id: str) -> GameModel | None:
        if pending is None:
            return None
        if pending.op == "new_game":
            return GameModel([pending.command], 0) if expected is None else None
        if expected is None or pending.game != game_id:
            return None
        return expected.after(pending.op, pending.command)

    @staticmethod
    def matches(expected: GameModel | None, found: GameModel) -> bool:
        return expected is not None and (expected.commands, expected.cursor) == (found.commands, found.cursor)

    def check_states(self, number: int, game_id: str, session, model: GameModel) -> None:
        for index, expected in sorted(model.hashes.items()):
            self.report.states_checked += 1
            if sha(session.state_at(index)) != expected:
                self.problem(number, f"game {game_id}: step {index} differs from what was shown")

    def resume_target(self, summaries: dict) -> str | None:
        playable = [(model.changed, game_id) for game_id, model in self.games.items()
                    if game_id in summaries and summaries[game_id].error_key is None
                    and not summaries[game_id].is_over]
        return max(playable)[1] if playable else None


def run_crash_rounds(data_dir: Path, rounds: int, *, fault: str = "none", seed: int = 1,
                     delay_ms: tuple[int, int] = (20, 700), stop_at_first_problem: bool = False) -> Report:
    data_dir.mkdir(parents=True, exist_ok=True)
    with CrashHarness(data_dir, fault=fault, seed=seed, delay_ms=delay_ms) as harness:
        for number in range(rounds):
            harness.round(number)
            if stop_at_first_problem and harness.report.problems:
                break
        return harness.report
