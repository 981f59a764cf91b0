"""Killing the host at any moment loses nothing a screen showed.

The first test kills once, right after an acknowledged command. The others kill a
self-playing host (tests/support/crash_driver.py) more than a hundred times at random
moments, across several games with undo, redo and new games, and check every
acknowledged change against what reopening finds (tests/support/crash_harness.py);
the same check run against deliberately broken hosts must catch each of them.
"""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.crash_harness import run_crash_rounds

REPO = Path(__file__).resolve().parent.parent

NEW_GAME = {
    "type": "new_game",
    "players": [{"name": "Ana", "character": "hacker"}, {"name": "Can", "character": "sentry"}],
    "mode": "standard",
    "seed": 7,
}


def _start(data_dir: Path) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "tests.support.crash_driver", str(data_dir)],
        cwd=REPO,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )


def _read(process: subprocess.Popen) -> dict:
    line = process.stdout.readline()
    assert line, "the host process ended without answering"
    return json.loads(line)


def _send(process: subprocess.Popen, command: dict) -> dict:
    process.stdin.write(json.dumps(command) + "\n")
    process.stdin.flush()
    return _read(process)


@pytest.mark.slow
def test_sigkill_right_after_ack_resumes_with_the_command_applied(tmp_path: Path) -> None:
    host = _start(tmp_path)
    assert _read(host)["resumed"] is None
    _send(host, NEW_GAME)
    for _ in range(3):
        _send(host, {"type": "advance_time"})
    ack = _send(host, {"type": "start_self_destruct"})
    os.kill(host.pid, signal.SIGKILL)  # no chance to flush or close anything
    host.wait(timeout=10)
    assert host.returncode == -signal.SIGKILL

    again = _start(tmp_path)
    try:
        hello = _read(again)
        assert hello["resumed"] is not None
        state = hello["state"]
        assert state["time"] == 12
        assert state["self_destruct"] == {"slot": 9, "red": False}
        assert state["commands_applied"] == ack["ack"] + 1
    finally:
        again.kill()
        again.wait(timeout=10)


@pytest.mark.slow
def test_a_hundred_random_kills_lose_nothing_a_screen_showed(tmp_path: Path) -> None:
    report = run_crash_rounds(tmp_path / "data", rounds=110, seed=20260101)
    assert report.problems == []
    assert report.kills >= 100
    done = report.acknowledged
    assert done["execute"] > 1000 and done["undo"] > 20 and done["redo"] > 0 and done["new_game"] > 5, done
    assert report.states_checked > done["execute"]


# Each broken host must be caught losing (or changing) something a screen showed.
@pytest.mark.slow
@pytest.mark.parametrize("fault", ["write-behind", "screen-first", "unsaved-undo"])
def test_the_crash_check_catches_a_host_that_acknowledges_too_early(tmp_path: Path, fault: str) -> None:
    report = run_crash_rounds(tmp_path / "data", rounds=60, fault=fault, seed=5, stop_at_first_problem=True)
    losses = [problem for problem in report.problems if "acknowledged" in problem]
    assert losses, (fault, report.problems)
