"""Bad input to `replay`, `check-data` and `check-locales`: one line naming the culprit, never a traceback."""
from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from companion.app.cli import main
from companion.reading.paths import locales_dir, rules_dir

REPO = Path(__file__).resolve().parent.parent
GOLDEN_GAME = REPO / "tests" / "golden" / "full_game.commands.json"

DEEP = "[" * 100_000 + "]" * 100_000
HUGE_INT = "1" * 5_000
NEW_GAME = {"type": "new_game", "players": [{"name": "Ana", "character": "hacker"},
                                            {"name": "Bora", "character": "janitor"}], "seed": 3}


def _run(argv: list[str], capsys) -> tuple[int, str, str]:
    code = main(argv)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def _single_line(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    return lines[0]


# ----------------------------------------------------------------------------- replay
def _replay_doc(commands) -> str:
    return json.dumps({"format": 1, "commands": commands})


BAD_REPLAYS = {
    "top-level list": ("[1, 2]", "must hold a JSON object"),
    "commands as an object": ('{"format": 1, "commands": {"type": "new_game"}}', "commands must be a list"),
    "commands as a number": ('{"format": 1, "commands": 5}', "commands must be a list"),
    "first command a number": (_replay_doc([5]), "command 0: must be a JSON object"),
    "first command null": (_replay_doc([None]), "command 0: must be a JSON object"),
    "a later command as text": (_replay_doc([NEW_GAME, "advance_time"]), "command 1: must be a JSON object"),
    "a later command as a list": (_replay_doc([NEW_GAME, ["undo"]]), "command 1: must be a JSON object"),
    "one player": (_replay_doc([{**NEW_GAME, "players": NEW_GAME["players"][:1]}]),
                   "command 0 (new_game): illegal: error.player_count"),
    "a character twice": (
        _replay_doc([{**NEW_GAME, "players": [{"name": "A", "character": "hacker"},
                                              {"name": "B", "character": "hacker"}]}]),
        "command 0 (new_game): illegal",
    ),
    "a name of spaces": (
        _replay_doc([{**NEW_GAME, "players": [{"name": "\u3000", "character": "hacker"},
                                              {"name": "B", "character": "janitor"}]}]),
        "command 0 (new_game): illegal",
    ),
    "deep nesting": (DEEP, "nested more than"),
    "huge integer": ('{"format": 1, "commands": [{"type": "new_game", "seed": ' + HUGE_INT + "}]}", "digits"),
    "not JSON": ("format: 1", "invalid JSON at line 1 column 1"),
}


@pytest.mark.parametrize("text, expected", BAD_REPLAYS.values(), ids=BAD_REPLAYS.keys())
def test_replay_names_the_problem_in_one_line(tmp_path: Path, capsys, text: str, expected: str) -> None:
    path = tmp_path / "game.json"
    path.write_text(text, encoding="utf-8")
    code, out, err = _run(["replay", str(path)], capsys)
    assert code == 1
    assert out == ""
    line = _single_line(err)
    assert line.startswith(f"{path}: ")
    assert expected in line


def test_replay_of_a_file_that_is_not_utf8(tmp_path: Path, capsys) -> None:
    path = tmp_path / "game.json"
    path.write_bytes(b'{"format": 1, "commands": ["\xff"]}')
    code, _out, err = _run(["replay", str(path)], capsys)
    assert code == 1
    assert "not UTF-8" in _single_line(err)


def test_replay_of_a_missing_file_and_of_a_folder(tmp_path: Path, capsys) -> None:
    code, _out, err = _run(["replay", str(tmp_path / "absent.json")], capsys)
    assert code == 1 and "missing" in _single_line(err)
    code, _out, err = _run(["replay", str(tmp_path)], capsys)
    assert code == 1 and "folder" in _single_line(err)


def test_replay_of_a_valid_game_still_prints_its_state(capsys) -> None:
    code, out, err = _run(["replay", str(GOLDEN_GAME)], capsys)
    assert code == 0, err
    assert json.loads(out)["rng"]["seed"] == 2026


# ----------------------------------------------------------------------------- check-data
def _rules_copy(tmp_path: Path) -> Path:
    copy = tmp_path / "rules"
    shutil.copytree(rules_dir(), copy)
    return copy


BAD_RULES_TEXT = {
    "deep nesting": (DEEP, "pools.json: nested more than"),
    "huge integer": ('{"schema_version": 1, "fire": ' + HUGE_INT + "}", "pools.json: a number has more than"),
    "not JSON": ('{"schema_version": 1,,}', "pools.json: invalid JSON at line 1"),
    "top-level list": ("[1]", "pools.json: the file must hold a JSON object"),
}


@pytest.mark.parametrize("text, expected", BAD_RULES_TEXT.values(), ids=BAD_RULES_TEXT.keys())
def test_check_data_names_the_broken_file(tmp_path: Path, capsys, text: str, expected: str) -> None:
    folder = _rules_copy(tmp_path)
    (folder / "pools.json").write_text(text, encoding="utf-8")
    code, out, err = _run(["check-data", "--rules-dir", str(folder)], capsys)
    assert code == 1
    assert out == ""
    assert _single_line(err).startswith(expected)


def test_check_data_with_a_folder_in_place_of_a_file(tmp_path: Path, capsys) -> None:
    folder = _rules_copy(tmp_path)
    (folder / "pools.json").unlink()
    (folder / "pools.json").mkdir()
    code, _out, err = _run(["check-data", "--rules-dir", str(folder)], capsys)
    assert code == 1
    assert _single_line(err) == "pools.json: is a folder, not a file"


def test_check_data_with_a_file_that_is_not_utf8(tmp_path: Path, capsys) -> None:
    folder = _rules_copy(tmp_path)
    (folder / "pools.json").write_bytes(b'{"schema_version": 1, "note": "\xe7"}')
    code, _out, err = _run(["check-data", "--rules-dir", str(folder)], capsys)
    assert code == 1
    assert _single_line(err).startswith("pools.json: cannot read the file: not UTF-8")


def test_a_key_written_twice_in_a_rules_file_is_refused(tmp_path: Path, capsys) -> None:
    folder = _rules_copy(tmp_path)
    pools = folder / "pools.json"
    text = pools.read_text(encoding="utf-8")
    pools.write_text(text.replace('"fire": 12,', '"fire": 12, "fire": 3,', 1), encoding="utf-8")
    code, _out, err = _run(["check-data", "--rules-dir", str(folder)], capsys)
    assert code == 1
    assert _single_line(err) == "pools.json: field 'fire': this key is written twice in the same object"


def test_a_key_written_twice_inside_an_entry_names_the_entry(tmp_path: Path, capsys) -> None:
    folder = _rules_copy(tmp_path)
    path = folder / "characters.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    first = data["characters"][0]
    text = json.dumps(data).replace('"knowledge": ', '"knowledge": 0, "knowledge": ', 1)
    path.write_text(text, encoding="utf-8")
    code, _out, err = _run(["check-data", "--rules-dir", str(folder)], capsys)
    assert code == 1
    assert _single_line(err).startswith(f"characters.json: entry {first['id']!r} field 'knowledge': ")


def test_the_shipped_rules_have_no_key_written_twice(capsys) -> None:
    code, _out, err = _run(["check-data"], capsys)
    assert code == 0, err


# ----------------------------------------------------------------------------- check-locales
def _locales_copy(tmp_path: Path) -> Path:
    copy = tmp_path / "locales"
    shutil.copytree(locales_dir(), copy)
    return copy


BAD_LOCALE_TEXT = {
    "deep nesting": (DEEP.encode(), "nested more than"),
    "huge integer": (('{"x": ' + HUGE_INT + "}").encode(), "digits"),
    "not UTF-8": (b'{"x": "\xff"}', "not UTF-8"),
    "not JSON": (b"{", "not valid JSON"),
}


@pytest.mark.parametrize("data, expected", BAD_LOCALE_TEXT.values(), ids=BAD_LOCALE_TEXT.keys())
def test_check_locales_names_the_broken_file(tmp_path: Path, capsys, data: bytes, expected: str) -> None:
    folder = _locales_copy(tmp_path)
    broken = folder / "tr" / "app.json"
    broken.write_bytes(data)
    code, out, _err = _run(["check-locales", "--locales-dir", str(folder)], capsys)
    assert code == 1
    assert any(line.startswith(f"error: {broken}: ") and expected in line for line in out.splitlines())


def test_check_locales_with_a_folder_named_like_a_locale_file(tmp_path: Path, capsys) -> None:
    folder = _locales_copy(tmp_path)
    (folder / "tr" / "extra.json").mkdir()
    code, out, _err = _run(["check-locales", "--locales-dir", str(folder)], capsys)
    assert code == 1
    assert f"error: {folder / 'tr' / 'extra.json'}: is a folder, not a file" in out.splitlines()


# ----------------------------------------------------------------------------- usage and the real process
def _cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "companion", *args], cwd=REPO, capture_output=True,
                          text=True, timeout=120)


def test_a_usage_error_exits_with_2() -> None:
    result = _cli("replay")
    assert result.returncode == 2
    assert "Traceback" not in result.stderr and "usage:" in result.stderr


@pytest.mark.parametrize("text", [DEEP, "[5]", '{"format": 1, "commands": [null]}'])
def test_replay_in_a_real_process_ends_without_a_traceback(tmp_path: Path, text: str) -> None:
    path = tmp_path / "game.json"
    path.write_text(text, encoding="utf-8")
    result = _cli("replay", str(path))
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
