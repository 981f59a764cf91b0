"""`check-data` and `check-locales` as a maintainer runs them."""
from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

from companion.reading.paths import locales_dir, rules_dir

REPO = Path(__file__).resolve().parent.parent


def _cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "companion", *args], cwd=REPO, capture_output=True, text=True, timeout=120
    )


def test_check_data_passes_on_the_shipped_rules() -> None:
    result = _cli("check-data")
    assert result.returncode == 0, result.stderr
    assert len(result.stdout.strip().splitlines()) == 1
    assert "unconfirmed" in result.stdout


def _broken_rules(tmp_path: Path, edit) -> Path:
    copy = tmp_path / "rules"
    shutil.copytree(rules_dir(), copy)
    path = copy / "characters.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    edit(data)
    path.write_text(json.dumps(data), encoding="utf-8")
    return copy


def _first_character(data: dict) -> dict:
    return data["characters"][0]


def test_check_data_names_file_entry_and_field_of_a_wrong_type(tmp_path: Path) -> None:
    def edit(data: dict) -> None:
        _first_character(data)["knowledge"] = "one"

    folder = _broken_rules(tmp_path, edit)
    result = _cli("check-data", "--rules-dir", str(folder))
    assert result.returncode != 0
    entry = json.loads((rules_dir() / "characters.json").read_text())["characters"][0]["id"]
    assert "characters.json" in result.stderr
    assert entry in result.stderr
    assert "knowledge" in result.stderr


def test_check_data_names_an_unknown_field(tmp_path: Path) -> None:
    def edit(data: dict) -> None:
        _first_character(data)["favourite_colour"] = "teal"

    result = _cli("check-data", "--rules-dir", str(_broken_rules(tmp_path, edit)))
    assert result.returncode != 0
    assert "characters.json" in result.stderr and "favourite_colour" in result.stderr


def test_check_locales_passes_and_reports_both_languages() -> None:
    result = _cli("check-locales")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "pt-BR" in result.stdout and "tr" in result.stdout


def test_check_locales_fails_when_a_turkish_key_is_removed(tmp_path: Path) -> None:
    copy = tmp_path / "locales"
    shutil.copytree(locales_dir(), copy)
    engine = copy / "tr" / "engine.json"
    data = json.loads(engine.read_text(encoding="utf-8"))
    removed = data["log"].pop("death")
    assert removed
    engine.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    result = _cli("check-locales", "--locales-dir", str(copy))
    assert result.returncode != 0
    assert "log.death" in result.stdout + result.stderr
