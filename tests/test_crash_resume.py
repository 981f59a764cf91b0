"""Killing the host right after an acknowledged command loses nothing."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

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
