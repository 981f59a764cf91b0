"""Benchmark (not a test): what a game costs as it grows, for 300, 3,000 and 10,000
commands. Prints measured figures only.

* table: the commands played through the TableController and saved by the GameStore,
  as at the table: bytes of the game's file, time per command, peak memory of the
  process, and the time to resume the game from a fresh store;
* replay: the same game as a replay file run by ``companion.app.replay`` (with an undo and
  a redo every 50 commands): time and peak memory.

Each figure comes from a fresh process (peak memory = its ru_maxrss); "baseline" is a
process that only imported the app and loaded the rules.

Run: python -m tests.benchmarks.bench_store [SIZES...]
"""
from __future__ import annotations

import json
import os
import platform
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SIZES = (300, 3000, 10000)
REPO = Path(__file__).resolve().parents[2]


def _peak_mb() -> float:
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / (1024 * 1024) if sys.platform == "darwin" else peak / 1024


def _commands(count: int) -> list:
    from tests.support.long_game import CYCLE

    return [CYCLE[index % len(CYCLE)] for index in range(count - 1)]


def measure_baseline() -> dict:
    from companion.seats.controller import TableController  # noqa: F401 - what the other runs import
    from companion.app.replay import replay  # noqa: F401
    from companion.rules import load_rules

    load_rules()
    return {"peak_mb": _peak_mb()}


def measure_table(count: int, folder: Path) -> dict:
    from companion.seats.controller import TableController
    from companion.rules import load_rules
    from companion.store import GameStore
    from tests.conftest import setup_command

    rules = load_rules()
    store = GameStore(folder, rules=rules)
    controller = TableController(store, rules)
    game_id = controller.new_game(setup_command(seed=7), "bench")
    started = time.perf_counter()
    for command in _commands(count):
        controller.execute(command)
    per_command_ms = (time.perf_counter() - started) * 1000 / (count - 1)
    peak = _peak_mb()
    store.close()
    path = store.path_of(game_id)
    file_bytes = path.stat().st_size
    started = time.perf_counter()
    with GameStore(folder, rules=rules) as fresh:
        resumed = TableController(fresh, rules)
        assert resumed.resume_latest() == game_id and len(resumed.session.commands) == count
    resume_ms = (time.perf_counter() - started) * 1000
    return {"file_bytes": file_bytes, "bytes_per_command": file_bytes / count, "ms_per_command": per_command_ms,
            "peak_mb": peak, "resume_ms": resume_ms}


def measure_replay(count: int, folder: Path) -> dict:
    from companion.engine import command_to_json
    from companion.app.replay import replay
    from companion.rules import load_rules
    from tests.conftest import setup_command

    entries = [json.loads(command_to_json(setup_command(seed=7)))]
    for index, command in enumerate(_commands(count), start=1):
        entries.append(json.loads(command_to_json(command)))
        if index % 50 == 0:
            entries += [{"type": "undo"}, {"type": "redo"}]
    document = {"format": 1, "commands": entries}
    rules = load_rules()
    started = time.perf_counter()
    session = replay(document, rules)
    seconds = time.perf_counter() - started
    assert len(session.commands) == count
    return {"seconds": seconds, "peak_mb": _peak_mb()}


def _run_one(kind: str, count: int) -> dict:
    with tempfile.TemporaryDirectory() as folder:
        out = subprocess.run([sys.executable, "-m", "tests.benchmarks.bench_store", "--one", kind, str(count), folder],
                             cwd=REPO, capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def main(argv: list[str]) -> None:
    if argv[:1] == ["--one"]:
        kind, count, folder = argv[1], int(argv[2]), Path(argv[3])
        result = {"baseline": lambda: measure_baseline(), "table": lambda: measure_table(count, folder),
                  "replay": lambda: measure_replay(count, folder)}[kind]()
        print(json.dumps(result))
        return
    sizes = [int(arg) for arg in argv] or list(SIZES)
    print(f"machine: {platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
          f"Python {platform.python_version()}, {platform.system()}")
    baseline = _run_one("baseline", 0)["peak_mb"]
    print(f"baseline process (app imported, rules loaded): {baseline:.0f} MB")
    print(f"{'commands':>9} | {'file':>9} {'B/cmd':>6} {'ms/cmd':>7} {'peak MB':>8} {'resume ms':>9} |"
          f" {'replay s':>8} {'peak MB':>8}")
    for count in sizes:
        table = _run_one("table", count)
        played = _run_one("replay", count)
        print(f"{count:>9} | {table['file_bytes'] / 1e6:>7.2f}MB {table['bytes_per_command']:>6.0f}"
              f" {table['ms_per_command']:>7.2f} {table['peak_mb']:>8.0f} {table['resume_ms']:>9.0f} |"
              f" {played['seconds']:>8.2f} {played['peak_mb']:>8.0f}")


if __name__ == "__main__":
    main(sys.argv[1:])
