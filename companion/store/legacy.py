"""Reading files of format 1, whose states still carried the whole game log.

A format-1 state is the state of today plus a ``log`` list of every line written up
to it, each tagged with the step (``seq``) that wrote it. Reading one drops the log;
a step's events are the log lines of that step, visible to everyone (the old log
had no visibility). Nothing here writes: the store migrates a file only when a new
command is appended to it.
"""
from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from companion.engine.journal import Event

# The state schema that still held the log.
LEGACY_STATE_SCHEMA = 1


class LegacyLogEntry(BaseModel):
    model_config = ConfigDict(extra="forbid")

    seq: int
    key: str
    params: dict[str, Any] = Field(default_factory=dict)
    announce: bool = False


def split_state(data: Any, current_schema: int) -> tuple[Any, Any]:
    """A format-1 state's data without its log (as a state of `current_schema`), and
    the log as it was stored (see `parse_log`)."""
    if not isinstance(data, dict):
        return data, []
    data = dict(data)
    raw_log = data.pop("log", [])
    if data.get("schema_version") == LEGACY_STATE_SCHEMA:
        data["schema_version"] = current_schema
    return data, raw_log


def parse_log(raw_log: Any) -> list[LegacyLogEntry]:
    """The log lines of a format-1 state; ValueError when they are not log lines."""
    if not isinstance(raw_log, list):
        raise ValueError("the log is not a list")
    try:
        return [LegacyLogEntry.model_validate(entry) for entry in raw_log]
    except ValidationError as exc:
        raise ValueError(f"log: {exc.error_count()} errors") from None


def events_by_step(log: list[LegacyLogEntry], steps: int) -> dict[int, tuple[Event, ...]]:
    """Each of the first `steps` steps' events, rebuilt from a log that covers them all."""
    found: dict[int, list[Event]] = {index: [] for index in range(steps)}
    for entry in log:
        if entry.seq in found:
            found[entry.seq].append(Event.of(entry.seq, entry.key, entry.params, announce=entry.announce))
    return {index: tuple(events) for index, events in found.items()}
