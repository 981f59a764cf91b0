"""A seeded full game, recorded as commands, replayed through the `replay` command."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

GOLDEN = Path(__file__).parent / "golden"
REPO = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def replayed() -> dict:
    result = subprocess.run(
        [sys.executable, "-m", "companion", "replay", str(GOLDEN / "full_game.commands.json")],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_replay_matches_the_recorded_final_state(replayed: dict) -> None:
    expected = json.loads((GOLDEN / "full_game.expected.json").read_text(encoding="utf-8"))
    assert replayed == expected


def test_the_game_ends_as_the_table_played_it(replayed: dict) -> None:
    # Facts read off the recorded commands, independent of the recorded state.
    assert replayed["end"]["reason"] == "facility_destroyed"
    assert replayed["end"]["destruction_cause"] == "self_destruct"
    assert replayed["time"] == 1
    assert replayed["self_destruct"] == {"slot": 1, "red": True}
    assert [f["fate"] for f in replayed["end"]["fates"]] == ["killed_at_end", "died", "killed_at_end"]
    assert (replayed["fire"], replayed["malfunction"]) == (2, 1)
    assert replayed["main_gate_open"] and replayed["isolation_open"]
    assert not any(token["active"] for token in replayed["power"].values())
    advances = [e for e in replayed["log"] if e["key"] == "log.time_advanced"]
    assert len(advances) == 14  # the 15th advance is the explosion


def test_replay_rejects_an_illegal_command(tmp_path: Path) -> None:
    document = json.loads((GOLDEN / "full_game.commands.json").read_text(encoding="utf-8"))
    document["commands"].insert(1, {"type": "stop_self_destruct"})
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps(document), encoding="utf-8")
    result = subprocess.run(
        [sys.executable, "-m", "companion", "replay", str(broken)],
        cwd=REPO, capture_output=True, text=True, timeout=120,
    )
    assert result.returncode == 1
    assert "command 1" in result.stderr and "error.self_destruct_not_active" in result.stderr
