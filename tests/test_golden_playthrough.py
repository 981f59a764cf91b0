"""Seeded full games, recorded as commands, replayed through the `replay` command.

full_game: the table tracker alone (15 rounds, a restore, a self-destruct started and
stopped, a second one that explodes). event_phases: every round through the Event
Phase runner, with encounters, attacks, injury checks and bag developments. secrets: the
app's Contamination deck and Contingency tokens: scans with marks, Rest, looks, Leaving
the Shell, and the whole Victory Check.

Each game has a state golden (`<name>.expected.json`), an events golden
(`<name>.events.json`: what the table and each seat read of the journal) and a views
golden (`<name>.views.json`: what each viewer sees after every step);
`python -m tests.golden.regenerate` rewrites them (see tests/golden/README.md).
"""
from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from companion.engine.authority import PRIVATE_COMMANDS
from companion.engine.journal import for_engine
from companion.rules import load_rules
from tests.golden.regenerate import journal, journals, observations, replayed as replayed_session

GOLDEN = Path(__file__).parent / "golden"
REPO = Path(__file__).resolve().parent.parent
GAMES = ("full_game", "event_phases", "secrets")


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
    # The table reads everyone's events: all of the journal but the engine's and each seat's own.
    own = [e for e in journal(session, for_engine) if e.visibility.audience == "seat"]
    assert len(events[name]["table"]) == len(journal(session, for_engine)) - len(hidden) - len(own)


@pytest.mark.parametrize("name", GAMES)
def test_each_viewer_sees_the_recorded_views_after_every_step(sessions, name: str) -> None:
    expected = json.loads((GOLDEN / f"{name}.views.json").read_text(encoding="utf-8"))
    assert json.loads(json.dumps(observations(sessions[name], load_rules()), sort_keys=True)) == expected


@pytest.mark.parametrize("name", GAMES)
def test_every_viewer_sees_the_same_public_part_at_every_step(name: str) -> None:
    for step in json.loads((GOLDEN / f"{name}.views.json").read_text(encoding="utf-8")):
        viewers = {key: value for key, value in step.items() if isinstance(value, dict)}
        assert len({value["public"] for value in viewers.values()}) == 1, step["step"]
        assert viewers["nobody"]["own"] is None


def _seat_only_steps(events: dict, seat: int) -> set[int]:
    table = {(e["seq"], e["key"], json.dumps(e.get("params"), sort_keys=True)) for e in events["table"]}
    return {e["seq"] for e in events[f"seat-{seat}"]
            if (e["seq"], e["key"], json.dumps(e.get("params"), sort_keys=True)) not in table}


def test_the_seats_differ_from_the_table_exactly_where_a_secret_is_involved(sessions, events: dict) -> None:
    """In the game with secrets, a seat reads something the table does not exactly at the
    deal of the Contingency tokens and at that seat's own private steps (its scans, looks
    and Victory Check draw); its own part of the view holds its cards' words and tokens."""
    session = sessions["secrets"]
    commands = session.commands
    views = json.loads((GOLDEN / "secrets.views.json").read_text(encoding="utf-8"))
    for seat in (1, 2, 3):
        private_steps = {index for index, command in enumerate(commands)
                         if type(command) in PRIVATE_COMMANDS and command.seat == seat}
        assert private_steps, seat
        seat_only = _seat_only_steps(events["secrets"], seat)
        # Something only this seat reads: the deal, and its own private steps, nothing else.
        assert seat_only <= {0} | private_steps and 0 in seat_only, seat
        for index in private_steps:
            own_changed = views[index][f"seat-{seat}"]["own"] != views[index - 1][f"seat-{seat}"]["own"]
            assert index in seat_only or own_changed, (seat, index)
        # The seat's own part shows what its scans and looks showed; the table's never does.
        assert any(step[f"seat-{seat}"]["own"]["contingency"]["own"] for step in views)
        assert all("contingency" not in (step["table"]["own"] or {}) for step in views)
    words = {card["word"] for step in views for card in (step["seat-1"]["own"]["contamination"]["marked"])}
    assert words  # seat 1's marked cards and their words are in its own part


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
