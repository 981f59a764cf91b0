"""Replays a recorded game: a JSON file with a list of commands (and undo/redo marks).

Format: {"format": 1, "commands": [{"type": "new_game", ...}, {"type": "advance_time"},
{"type": "undo"}, {"type": "redo"}, ...]}. The first command must be new_game.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from companion.engine import GameSession, GameState, IllegalCommand, NewGame, parse_command
from companion.reading.json_input import JsonInputError, read_json
from companion.rules import Rules, RulesDataError, load_rules

REPLAY_FORMAT = 1
CURSOR_MARKS = {"undo", "redo"}


class ReplayError(ValueError):
    pass


def replay(document: dict[str, Any], rules: Rules) -> GameSession:
    if not isinstance(document, dict):
        raise ReplayError("the file must hold a JSON object")
    if document.get("format") != REPLAY_FORMAT:
        raise ReplayError(f"unsupported replay format {document.get('format')!r}")
    entries = document.get("commands") or []
    if not isinstance(entries, list):
        raise ReplayError("commands must be a list")
    if not entries:
        raise ReplayError("no commands")
    _require_object(0, entries[0])
    try:
        setup = parse_command(entries[0])
    except ValueError as error:
        raise ReplayError(f"command 0: {_one_line(error)}") from None
    if not isinstance(setup, NewGame):
        raise ReplayError("command 0 must be new_game")
    try:
        session = GameSession.start(setup, rules)
    except IllegalCommand as error:
        raise ReplayError(f"command 0 (new_game): illegal: {error.key} {error.params}") from None
    except ValueError as error:
        raise ReplayError(f"command 0: {_one_line(error)}") from None
    for number, entry in enumerate(entries[1:], start=1):
        _require_object(number, entry)
        try:
            if entry.get("type") == "undo":
                session.undo()
            elif entry.get("type") == "redo":
                session.redo()
            else:
                session.execute(parse_command(entry))
        except IllegalCommand as error:
            raise ReplayError(f"command {number} ({entry.get('type')}): illegal: {error.key} {error.params}") from None
        except ValueError as error:
            raise ReplayError(f"command {number}: {_one_line(error)}") from None
    return session


def _require_object(number: int, entry: Any) -> None:
    if not isinstance(entry, dict):
        kind = {list: "a list", str: "text", bool: "true or false", type(None): "null"}.get(type(entry), "a number")
        raise ReplayError(f"command {number}: must be a JSON object, not {kind}")


def _one_line(error: ValueError) -> str:
    """A refused command in one line: the first problem, with the field it is in."""
    if not isinstance(error, ValidationError):
        return " ".join(str(error).split())
    problems = error.errors()
    first = problems[0]
    if first["type"] == "union_tag_invalid":
        text = f"unknown command type {first['ctx']['tag']!r}"
    elif first["type"] == "union_tag_not_found":
        text = "the command has no type"
    else:
        loc = list(first["loc"])[1:]  # the first part is the command's type
        field = "".join(f"[{part}]" if isinstance(part, int) else f".{part}" for part in loc).lstrip(".")
        text = f"field {field!r}: {first['msg']}" if field else first["msg"]
    more = len(problems) - 1
    return text + (f" (and {more} more problem{'s' if more > 1 else ''})" if more else "")


def state_as_json(state: GameState) -> str:
    return json.dumps(state.model_dump(mode="json"), indent=2, ensure_ascii=False)


def replay_file(path: Path, rules_dir: Path | None = None) -> int:
    try:
        document = read_json(path, allow_duplicate_keys=True)
        session = replay(document, load_rules(rules_dir))
    except (JsonInputError, ReplayError, RulesDataError) as error:
        print(f"{path}: {error}", file=sys.stderr)
        return 1
    print(state_as_json(session.state))
    return 0
