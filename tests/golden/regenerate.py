"""Regenerate the golden playthroughs' expected files from their recorded commands.

Run from the repository root:

    python -m tests.golden.regenerate             # every game in tests/golden/
    python -m tests.golden.regenerate full_game   # one game

For each ``<name>.commands.json`` it replays the commands and writes:

- ``<name>.expected.json``: the final state, exactly as ``nemesis-companion replay`` prints it;
- ``<name>.events.json``: what each viewer reads of the game's journal, oldest first, one
  event a line: ``table`` (everyone's events) and ``seat-N`` for each seat (everyone's and
  that seat's own). Events only the engine may read appear in none of them;
- ``<name>.views.json``: what each viewer sees after every step, as OpenSpiel's
  playthroughs record each player's observation: the digest of the public part (the same
  for every viewer), the viewer's own part in full (the table's extras, a seat's private
  part, nothing for a page that has not joined) and the viewer's legal actions, one line
  each (OpenSpiel's legal actions beside the observation).

Review the result with ``git diff tests/golden`` before committing it: a change there is
a change in how the game plays or what each screen is told.
"""
from __future__ import annotations

import json
import sys
from typing import Iterable
from pathlib import Path

import hashlib

from companion.engine import GameSession
from companion.engine.journal import Event, EventFilter, for_seat, for_table
from companion.engine.views import NOBODY, TABLE, Action, Viewer, seat_viewer, shared_parts, view_for
from companion.app.replay import replay, state_as_json
from companion.rules import Rules, load_rules

GOLDEN = Path(__file__).resolve().parent


def games() -> list[str]:
    return sorted(path.name[: -len(".commands.json")] for path in GOLDEN.glob("*.commands.json"))


def viewers(session: GameSession) -> dict[str, EventFilter]:
    """The table and each seat, by the names the events goldens use."""
    seats = range(1, len(session.state.crew) + 1)
    return {"table": for_table, **{f"seat-{seat}": for_seat(seat) for seat in seats}}


def journal(session: GameSession, viewer: EventFilter) -> list[Event]:
    """The events `viewer` may read, oldest first, up to the session's cursor."""
    return [event for index in range(session.cursor + 1) for event in session.events_at(index) if viewer(event)]


def journals(session: GameSession) -> dict[str, list[dict]]:
    """Each viewer's journal as JSON data."""
    return {name: [event.model_dump(mode="json", exclude_defaults=True) for event in journal(session, viewer)]
            for name, viewer in viewers(session).items()}


def journals_as_json(session: GameSession) -> str:
    parts = []
    for name, events in journals(session).items():
        lines = ",\n  ".join(json.dumps(event, ensure_ascii=False) for event in events)
        parts.append(f" {json.dumps(name)}: [\n  {lines}\n ]")
    return "{\n" + ",\n".join(parts) + "\n}\n"


def view_viewers(session: GameSession) -> dict[str, Viewer]:
    seats = range(1, len(session.state.crew) + 1)
    return {"table": TABLE, "nobody": NOBODY, **{f"seat-{seat}": seat_viewer(seat) for seat in seats}}


def listed_actions(actions: Iterable[Action]) -> list[str]:
    """Actions a line each: the action (its type and fixed arguments), then `?` with the
    digest of what the player still picks, `!` with the engine's refusal, `=` with the
    confirmation asked first. A step lists what each viewer may do in full, and the digest
    of what it is shown refused (with the reasons)."""
    lines = []
    for action in actions:
        line = action.key
        if action.choices:
            line += " ?" + digest(json.dumps(action.choices, sort_keys=True))
        if action.refusal is not None:
            line += " !" + action.refusal.key
        if action.confirm is not None:
            line += " =" + action.confirm
        lines.append(line)
    return lines


def digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def observations(session: GameSession, rules: Rules) -> list[dict]:
    """After every step: the command's type, and per viewer the public part's digest and
    the viewer's own part in full."""
    steps = []
    for index in range(session.cursor + 1):
        state = session.state_at(index)
        step: dict = {"step": index, "command": session.commands[index].type}
        shared = shared_parts(state, rules)
        for name, viewer in view_viewers(session).items():
            view = view_for(state, viewer, rules, shared)
            own = view.private if view.private is not None else view.table
            step[name] = {"public": digest(view.public.model_dump_json()),
                          "own": own.model_dump(mode="json") if own is not None else None,
                          "actions": listed_actions(action for action in view.actions if action.allowed),
                          "refused": digest("\n".join(listed_actions(action for action in view.actions
                                                                     if not action.allowed)))}
        steps.append(step)
    return steps


def observations_as_json(session: GameSession, rules: Rules) -> str:
    lines = ",\n ".join(json.dumps(step, ensure_ascii=False, sort_keys=True) for step in observations(session, rules))
    return "[\n " + lines + "\n]\n"


def replayed(name: str, rules: Rules) -> GameSession:
    document = json.loads((GOLDEN / f"{name}.commands.json").read_text(encoding="utf-8"))
    return replay(document, rules)


def regenerate(name: str, rules: Rules) -> None:
    session = replayed(name, rules)
    (GOLDEN / f"{name}.expected.json").write_text(state_as_json(session.state) + "\n", encoding="utf-8")
    (GOLDEN / f"{name}.events.json").write_text(journals_as_json(session), encoding="utf-8")
    (GOLDEN / f"{name}.views.json").write_text(observations_as_json(session, rules), encoding="utf-8")


def main(argv: list[str]) -> int:
    names = argv or games()
    unknown = sorted(set(names) - set(games()))
    if unknown:
        print(f"no such game in {GOLDEN}: {', '.join(unknown)}", file=sys.stderr)
        return 1
    rules = load_rules()
    for name in names:
        regenerate(name, rules)
        print(f"wrote {name}.expected.json, {name}.events.json and {name}.views.json")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
