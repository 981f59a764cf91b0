"""Random documents fed to `replay`, `check-data` and `check-locales`: exit codes 0/1 only, never a traceback.

The documents take wrong shapes, types, encodings, nesting and sizes, plus replay files
close enough to real games to reach the engine's own checks.
"""
from __future__ import annotations

import contextlib
import io
import json
import shutil
import subprocess
import sys
import typing
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.app.cli import main
from companion.engine.commands import GameCommand
from companion.i18n import clear_cache
from companion.reading.paths import locales_dir, rules_dir
from companion.rules.loader import FILES

REPO = Path(__file__).resolve().parent.parent

FUZZ = settings(deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])

COMMAND_MODELS = typing.get_args(typing.get_args(GameCommand)[0])
COMMAND_TYPES = [model.model_fields["type"].default for model in COMMAND_MODELS]
FIELDS_OF = {model.model_fields["type"].default: [name for name in model.model_fields if name != "type"]
             for model in COMMAND_MODELS}
WORDS = ["hacker", "janitor", "sentry", "survivor", "S-01", "S-02", "ELEVATOR", "A", "B", "adult", "larva",
         "queen", "standard", "facility", "red", "", " ", "\u3000", "\u202e", "x" * 30]

# ----------------------------------------------------------------------------- documents
scalars = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 20), st.integers(), st.sampled_from([2**63, -(10**40), 10**300]),
    st.floats(allow_nan=True, allow_infinity=True), st.sampled_from(WORDS), st.text(max_size=12),
)
json_values = st.recursive(
    scalars,
    lambda children: st.one_of(st.lists(children, max_size=4),
                               st.dictionaries(st.text(max_size=6) | st.sampled_from(WORDS), children, max_size=4)),
    max_leaves=25,
)


@st.composite
def commands(draw) -> dict:
    kind = draw(st.sampled_from(COMMAND_TYPES + ["undo", "redo", "nuke", "Undo"]))
    fields = FIELDS_OF.get(kind, [])
    chosen = draw(st.lists(st.sampled_from(fields), unique=True)) if fields else []
    command = {"type": kind}
    for name in chosen:
        command[name] = draw(json_values)
    return command


@st.composite
def new_games(draw) -> dict:
    players = draw(st.lists(st.fixed_dictionaries({"name": st.sampled_from(WORDS[8:]) | st.text(max_size=4),
                                                   "character": st.sampled_from(WORDS[:4])}),
                            min_size=0, max_size=6))
    game = {"type": "new_game", "players": players}
    if draw(st.booleans()):
        game["seed"] = draw(scalars)
    if draw(st.booleans()):
        game["mode"] = draw(st.sampled_from(["standard", "coop", "solo", 3]))
    return game


replay_documents = st.one_of(
    st.builds(lambda first, rest: {"format": 1, "commands": [first, *rest]},
              new_games(), st.lists(commands() | json_values, max_size=12)),
    st.fixed_dictionaries({"format": scalars, "commands": json_values}),
    json_values,
)


def _nested(depth: int, kind: str) -> str:
    return ("[" * depth + "]" * depth) if kind == "list" else ('{"a":' * depth + "1" + "}" * depth)


@st.composite
def encoded(draw, documents) -> bytes:
    """A document as bytes: JSON in some encoding, cut short, deeply nested, or just bytes."""
    shape = draw(st.sampled_from(["json", "json", "json", "utf16", "latin1", "bom", "cut", "deep", "bigint",
                                  "bytes", "empty"]))
    if shape == "deep":
        return _nested(draw(st.sampled_from([63, 64, 65, 990, 5000, 200_000])), draw(st.sampled_from(["list", "dict"]))).encode()
    if shape == "bigint":
        return ('{"format": 1, "schema_version": 1, "x": ' + "9" * draw(st.sampled_from([4300, 4301, 20_000])) + "}").encode()
    if shape == "bytes":
        return draw(st.binary(max_size=64))
    if shape == "empty":
        return b""
    text = json.dumps(draw(documents), ensure_ascii=draw(st.booleans()))
    if shape == "utf16":
        return text.encode("utf-16")
    if shape == "latin1":
        return text.replace('"', '"\u00e7', 1).encode("latin-1", "replace")
    if shape == "bom":
        return b"\xef\xbb\xbf" + text.encode()
    if shape == "cut":
        return text.encode()[: draw(st.integers(0, max(0, len(text) - 1)))]
    return text.encode()


def _run(argv: list[str]) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(argv)
    return code, err.getvalue()


def _check(code: int, err: str) -> None:
    assert code in (0, 1), (code, err)
    assert "Traceback" not in err
    if code == 1 and err:
        assert len(err.strip().splitlines()) == 1, err


# ----------------------------------------------------------------------------- replay
@pytest.fixture(scope="module")
def scratch(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("fuzz")


@FUZZ
@given(data=encoded(replay_documents))
def test_replay_never_ends_in_a_traceback(scratch: Path, data: bytes) -> None:
    path = scratch / "game.json"
    path.write_bytes(data)
    code, err = _run(["replay", str(path)])
    _check(code, err)


@FUZZ
@given(document=st.builds(lambda first, rest: {"format": 1, "commands": [first, *rest]},
                          new_games(), st.lists(commands(), max_size=20)))
def test_replay_of_game_like_commands_never_ends_in_a_traceback(scratch: Path, document: dict) -> None:
    path = scratch / "game.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    code, err = _run(["replay", str(path)])
    _check(code, err)
    assert code == 1 or err == ""


# ----------------------------------------------------------------------------- check-data
@pytest.fixture(scope="module")
def rules_copy(tmp_path_factory) -> Path:
    copy = tmp_path_factory.mktemp("rules") / "rules"
    shutil.copytree(rules_dir(), copy)
    return copy


rules_documents = st.one_of(
    json_values,
    st.builds(lambda extra: {"schema_version": 1, **extra}, st.dictionaries(st.text(max_size=8), json_values, max_size=5)),
)


@FUZZ
@given(name=st.sampled_from(sorted(FILES)), data=encoded(rules_documents))
def test_check_data_never_ends_in_a_traceback(rules_copy: Path, name: str, data: bytes) -> None:
    path = rules_copy / name
    original = (rules_dir() / name).read_bytes()
    path.write_bytes(data)
    try:
        code, err = _run(["check-data", "--rules-dir", str(rules_copy)])
    finally:
        path.write_bytes(original)
    _check(code, err)
    if code == 1:
        assert err.split(":")[0] in FILES


@FUZZ
@given(name=st.sampled_from(sorted(FILES)), data=st.data())
def test_check_data_with_one_field_changed_never_ends_in_a_traceback(rules_copy: Path, name: str, data) -> None:
    path = rules_copy / name
    original = (rules_dir() / name).read_bytes()
    document = json.loads(original)
    entries = [value for value in document.values() if isinstance(value, list) and value and isinstance(value[0], dict)]
    target = entries[0][0] if entries else document  # e.g. the first character, or the file itself
    field = data.draw(st.sampled_from(sorted(target)) | st.text(min_size=1, max_size=8), label="field")
    target[field] = data.draw(json_values, label="value")
    path.write_text(json.dumps(document), encoding="utf-8")
    try:
        code, err = _run(["check-data", "--rules-dir", str(rules_copy)])
    finally:
        path.write_bytes(original)
    _check(code, err)
    if code == 1:
        assert err.split(":")[0] in FILES


# ----------------------------------------------------------------------------- check-locales
@pytest.fixture(scope="module")
def locales_copy(tmp_path_factory) -> Path:
    copy = tmp_path_factory.mktemp("locales") / "locales"
    shutil.copytree(locales_dir(), copy)
    return copy


LOCALE_FILES = sorted(str(path.relative_to(locales_dir())) for path in locales_dir().glob("*/*.json"))


@pytest.mark.slow  # a hundred runs of check-locales
@FUZZ
@given(name=st.sampled_from(LOCALE_FILES), data=encoded(json_values))
def test_check_locales_never_ends_in_a_traceback(locales_copy: Path, name: str, data: bytes) -> None:
    path = locales_copy / name
    original = (locales_dir() / name).read_bytes()
    path.write_bytes(data)
    try:
        code, err = _run(["check-locales", "--locales-dir", str(locales_copy)])
    finally:
        path.write_bytes(original)
        clear_cache()
    assert code in (0, 1) and "Traceback" not in err


# ----------------------------------------------------------------------------- a few real processes
@pytest.mark.slow
@settings(FUZZ, max_examples=6)
@given(data=encoded(replay_documents))
def test_replay_in_a_real_process_never_ends_in_a_traceback(scratch: Path, data: bytes) -> None:
    path = scratch / "process-game.json"
    path.write_bytes(data)
    result = subprocess.run([sys.executable, "-m", "companion", "replay", str(path)], cwd=REPO,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode in (0, 1)
    assert "Traceback" not in result.stderr
