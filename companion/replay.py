"""Replays a recorded game: a JSON file with a list of commands (and undo/redo marks).

Format: {"format": 1, "commands": [{"type": "new_game", ...}, {"type": "advance_time"},
{"type": "undo"}, {"type": "redo"}, ...]}. The first command must be new_game.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from companion.engine import GameSession, GameState, IllegalCommand, NewGame, parse_command
from companion.rules import Rules, RulesDataError, load_rules

REPLAY_FORMAT = 1
CURSOR_MARKS = {"undo", "redo"}


class ReplayError(ValueError):
    pass


def replay(document: dict[str, Any], rules: Rules) -> GameSession:
    if document.get("format") != REPLAY_FORMAT:
        raise ReplayError(f"unsupported replay format {document.get('format')!r}")
    entries = document.get("commands") or []
    if not entries:
        raise ReplayError("no commands")
    try:
        setup = parse_command(entries[0])
    except ValueError as error:
        raise ReplayError(f"command 0: {error}") from None
    if not isinstance(setup, NewGame):
        raise ReplayError("command 0 must be new_game")
    session = GameSession.start(setup, rules)
    for number, entry in enumerate(entries[1:], start=1):
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
            raise ReplayError(f"command {number}: {error}") from None
    return session


def state_as_json(state: GameState) -> str:
    return json.dumps(state.model_dump(mode="json"), indent=2, ensure_ascii=False)


def replay_file(path: Path, rules_dir: Path | None = None) -> int:
    try:
        document = json.loads(path.read_text(encoding="utf-8"))
        session = replay(document, load_rules(rules_dir))
    except (OSError, json.JSONDecodeError, ReplayError, RulesDataError) as error:
        print(f"{path}: {error}", file=sys.stderr)
        return 1
    print(state_as_json(session.state))
    return 0
