"""A table host without a screen: reads commands (one JSON per line) and acknowledges each.

It goes through the same TableController the screens use, so a command it has
acknowledged is exactly as durable as one a screen has shown.
Usage: python -m tests.support.crash_driver DATA_DIR
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

from companion.controller import TableController
from companion.engine import parse_command
from companion.rules import load_rules
from companion.store import GameStore


def main() -> int:
    rules = load_rules()
    controller = TableController(GameStore(Path(sys.argv[1]), rules=rules), rules)
    resumed = controller.resume_latest()
    state = controller.state
    print(json.dumps({"ready": True, "resumed": resumed, "state": state.model_dump(mode="json") if state else None}), flush=True)
    for line in sys.stdin:
        command = parse_command(line)
        if command.type == "new_game":
            controller.new_game(command, title="crash test")
        else:
            controller.execute(command)
        print(json.dumps({"ack": controller.session.cursor}), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
