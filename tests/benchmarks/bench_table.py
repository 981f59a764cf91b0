"""Benchmark (not a test): median time to advance time, to make a command durable,
and to resume a 300-command game, and the bytes a command takes on disk (the SQLite
file's size and its rows' size, per command, for that game and for the Event Phase
golden playthrough). Prints measured figures only.

Run: python -m tests.benchmarks.bench_table
"""
from __future__ import annotations

import json
import os
import platform
import sqlite3
import statistics
import tempfile
import time
from itertools import cycle
from pathlib import Path

from companion.engine import GameSession, NewGame, PlayerSetup, apply
from companion.engine import commands as c
from companion.app.replay import replay
from companion.rules import load_rules
from companion.store import GameStore

SETUP = NewGame(
    players=(PlayerSetup(name="Ana", character="hacker"), PlayerSetup(name="Bora", character="sentry")),
    seed=1,
)
FILLER = [c.PlaceFire(), c.RemoveFire(), c.PlaceMalfunction(), c.RemoveMalfunction(),
          c.FlipPower(section="S-01"), c.SetKnowledge(seat=1, value=2), c.SetKnowledge(seat=1, value=1)]


def _median_ms(samples: list[float]) -> float:
    return statistics.median(samples) * 1000


def bench_advance(rules, rounds: int = 200) -> float:
    samples = []
    for seed in range(rounds):
        state = GameSession.start(SETUP.model_copy(update={"seed": seed}), rules).state
        started = time.perf_counter()
        apply(state, c.AdvanceTime(), rules)
        samples.append(time.perf_counter() - started)
    return _median_ms(samples)


def bench_durable(rules, folder: Path, count: int = 200) -> tuple[float, str]:
    store = GameStore(folder, rules=rules)
    session = GameSession.start(SETUP, rules)
    game_id = store.create(session, "bench")
    samples = []
    for command in [cmd for cmd, _ in zip(cycle(FILLER), range(count))]:
        step = session.prepare(command)
        started = time.perf_counter()
        store.append(game_id, step)
        samples.append(time.perf_counter() - started)
        session.commit(step)
    store.close()
    return _median_ms(samples), game_id


def bytes_per_command(path: Path) -> tuple[float, float]:
    """(the file's size, its rows' size) per command."""
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    count, row_bytes = conn.execute(
        "SELECT count(*), sum(length(command) + length(state) + length(events)) FROM steps").fetchone()
    conn.close()
    return path.stat().st_size / count, row_bytes / count


def bench_golden_bytes(rules, folder: Path) -> tuple[float, float, int]:
    """Bytes per command of the Event Phase golden playthrough, saved as one file."""
    golden = Path(__file__).resolve().parent.parent / "golden" / "event_phases.commands.json"
    session = replay(json.loads(golden.read_text(encoding="utf-8")), rules)
    with GameStore(folder, rules=rules) as store:
        game_id = store.create(session, "golden")
        path = store.path_of(game_id)
    return (*bytes_per_command(path), len(session.commands))


def bench_resume(rules, folder: Path, repeats: int = 20) -> tuple[float, tuple[float, float]]:
    store = GameStore(folder, rules=rules)
    session = GameSession.start(SETUP, rules)
    game_id = store.create(session, "resume")
    for command in [cmd for cmd, _ in zip(cycle(FILLER), range(299))]:
        store.append(game_id, session.execute(command))
    store.close()
    on_disk = bytes_per_command(store.path_of(game_id))
    samples = []
    for _ in range(repeats):
        fresh = GameStore(folder, rules=rules)
        started = time.perf_counter()
        resumed = fresh.load(game_id)
        _ = resumed.state
        samples.append(time.perf_counter() - started)
        fresh.close()
    assert len(resumed.commands) == 300
    return _median_ms(samples), on_disk


def _cpu_name() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def main() -> None:
    rules = load_rules()
    with tempfile.TemporaryDirectory() as tmp:
        advance = bench_advance(rules)
        durable, _ = bench_durable(rules, Path(tmp) / "durable")
        resume, (file_bytes, row_bytes) = bench_resume(rules, Path(tmp) / "resume")
        golden_file, golden_rows, golden_commands = bench_golden_bytes(rules, Path(tmp) / "golden")
    print(f"machine: {_cpu_name()}, {os.cpu_count()} cores, Python {platform.python_version()}, {platform.system()}")
    print(f"advance time (apply, median of 200): {advance:.3f} ms")
    print(f"durable command (SQLite append, synchronous=FULL, median of 200): {durable:.3f} ms")
    print(f"resume a 300-command game (median of 20): {resume:.3f} ms")
    print(f"bytes per command, that 300-command game: {file_bytes:.0f} in the file, {row_bytes:.0f} in its rows")
    print(f"bytes per command, the Event Phase golden game ({golden_commands} commands): "
          f"{golden_file:.0f} in the file, {golden_rows:.0f} in its rows")


if __name__ == "__main__":
    main()
