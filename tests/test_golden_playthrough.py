"""Seeded full games, recorded as commands, replayed through the `replay` command.

full_game: the table tracker alone (15 rounds, a restore, a self-destruct started and
stopped, a second one that explodes). event_phases: every round through the Event
Phase runner, with encounters, attacks, injury checks and bag developments.

Each game has a state golden (`<name>.expected.json`) and an events golden
(`<name>.events.json`: what the table and each seat read of the journal);
`python -m tests.golden.regenerate` rewrites both (see tests/golden/README.md).
"""
from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from companion.engine.journal import for_engine
from companion.rules import load_rules
from tests.golden.regenerate import journal, journals, replayed as replayed_session

GOLDEN = Path(__file__).parent / "golden"
REPO = Path(__file__).resolve().parent.parent
GAMES = ("full_game", "event_phases")


def _replay(path: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "companion", "replay", str(path)],
        cwd=REPO, capture_output=True, text=True, timeout=120,
    )


@pytest.fixture(scope="module")
def replayed() -> dict[str, dict]:
    out = {}
    for name in GAMES:
        result = _replay(GOLDEN / f"{name}.commands.json")
        assert result.returncode == 0, result.stderr
        out[name] = json.loads(result.stdout)
    return out


@pytest.fixture(scope="module")
def sessions():
    rules = load_rules()
    return {name: replayed_session(name, rules) for name in GAMES}


@pytest.fixture(scope="module")
def events(sessions) -> dict[str, dict[str, list[dict]]]:
    """Each game's journal per viewer, as the events goldens hold it."""
    return {name: journals(session) for name, session in sessions.items()}


@pytest.mark.parametrize("name", GAMES)
def test_replay_matches_the_recorded_final_state(replayed: dict, name: str) -> None:
    expected = json.loads((GOLDEN / f"{name}.expected.json").read_text(encoding="utf-8"))
    assert replayed[name] == expected
    assert "log" not in replayed[name]  # the journal is beside the state, not in it


@pytest.mark.parametrize("name", GAMES)
def test_each_viewer_reads_the_recorded_events(events: dict, name: str) -> None:
    expected = json.loads((GOLDEN / f"{name}.events.json").read_text(encoding="utf-8"))
    assert events[name] == expected


@pytest.mark.parametrize("name", GAMES)
def test_no_viewer_reads_an_engine_only_event(sessions, events: dict, name: str) -> None:
    session = sessions[name]
    hidden = [e for e in journal(session, for_engine) if e.visibility.audience == "engine"]
    seen = [(e["seq"], e["key"], e.get("params", {})) for viewer in events[name].values() for e in viewer]
    assert not [e for e in hidden if (e.seq, e.key, e.params) in seen]
    # The table reads everyone's events: all of the journal but the engine's own.
    assert len(events[name]["table"]) == len(journal(session, for_engine)) - len(hidden)


def test_the_tracker_game_ends_as_the_table_played_it(replayed: dict) -> None:
    # Facts read off the recorded commands, independent of the recorded state.
    game = replayed["full_game"]
    assert game["end"]["reason"] == "facility_destroyed"
    assert game["end"]["destruction_cause"] == "self_destruct"
    assert game["time"] == 1
    assert game["self_destruct"] == {"slot": 1, "red": True}
    assert [f["fate"] for f in game["end"]["fates"]] == ["killed_at_end", "died", "killed_at_end"]
    assert (game["fire"], game["malfunction"]) == (2, 1)
    assert game["main_gate_open"] and game["isolation_open"]
    assert not any(token["active"] for token in game["power"].values())

def test_the_tracker_game_reads_fourteen_advances(events: dict) -> None:
    advances = [e for e in events["full_game"]["table"] if e["key"] == "log.time_advanced"]
    assert len(advances) == 14  # the 15th advance is the explosion


def test_the_event_phase_game_runs_every_step_and_conserves_everything(replayed: dict, events: dict) -> None:
    game = replayed["event_phases"]
    table = events["event_phases"]["table"]
    keys = Counter(entry["key"] for entry in table)
    assert keys["log.event_phase.started"] == 15
    assert keys["log.event_phase.finished"] == 14  # the 15th phase ends the game at step 5
    assert keys["log.time_advanced"] == 15
    assert game["end"]["reason"] == "time_ran_out" and game["time"] == 0
    assert [f["fate"] for f in game["end"]["fates"]].count("locked_in") == 1
    assert game["event_phase"] is None
    encounters = [e for e in table if e["key"].startswith("log.bag.encounter")]
    developments = [e for e in table if e["key"].startswith("log.bag.developed")
                    or e["key"].startswith("announce.bag.developed") or e["key"].startswith("log.bag.queen_back")]
    assert encounters and developments
    assert keys["log.attack.hit"] + keys["log.attack.miss"] + keys["log.attack.infest"] >= 2

    rules = load_rules()
    tokens = game["bag"]["bag"] + game["bag"]["aside"]
    assert sorted(tokens) == sorted(token.id for token in rules.intruders.tokens)
    for deck, specs in (("event", rules.event_cards), ("attack", rules.attack_cards)):
        piles = game["decks"][deck]
        cards = piles["draw_pile"] + piles["discard"] + piles["removed"] + piles["shown"]
        assert sorted(cards) == sorted(spec.id for spec in specs)


def test_replay_rejects_an_illegal_command(tmp_path: Path) -> None:
    document = json.loads((GOLDEN / "full_game.commands.json").read_text(encoding="utf-8"))
    document["commands"].insert(1, {"type": "stop_self_destruct"})
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps(document), encoding="utf-8")
    result = _replay(broken)
    assert result.returncode == 1
    assert "command 1" in result.stderr and "error.self_destruct_not_active" in result.stderr
