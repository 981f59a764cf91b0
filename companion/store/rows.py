"""One step row of a game file: encoding it for disk and reading it back, checked.

Format 3 stores each state as zlib-compressed JSON and a CRC-32 of the whole row, so
damage anywhere in a file is found by reading it once. Formats 1 and 2 stored the
state as JSON text and had no CRC.
"""
from __future__ import annotations

import json
import zlib
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from companion.engine.commands import GameCommand, command_to_json, parse_command
from companion.engine.journal import Event
from companion.engine.session import Step
from companion.engine.state import STATE_SCHEMA_VERSION, GameState

import companion.store.legacy as legacy
from .errors import SAVE_CORRUPT, SAVE_NEWER, SaveFileError


def encode_state(state: GameState) -> bytes:
    return zlib.compress(state.model_dump_json().encode("utf-8"))


def encode_events(events: tuple[Event, ...] | list[Event]) -> str:
    return json.dumps([event.model_dump(mode="json", exclude_defaults=True) for event in events],
                      ensure_ascii=False, separators=(",", ":"))


def row_crc(index: int, command: str, state: bytes, events: str) -> int:
    crc = zlib.crc32(f"{index}\n".encode())
    crc = zlib.crc32(command.encode("utf-8", "surrogatepass") + b"\n", crc)
    crc = zlib.crc32(state + b"\n", crc)
    return zlib.crc32(events.encode("utf-8", "surrogatepass"), crc)


def encode_row(index: int, command: GameCommand, state: GameState,
               events: tuple[Event, ...] | list[Event]) -> tuple[int, str, bytes, str, int]:
    """(idx, command, state, events, crc) as the steps table holds them."""
    command_text, state_blob, events_text = command_to_json(command), encode_state(state), encode_events(events)
    return index, command_text, state_blob, events_text, row_crc(index, command_text, state_blob, events_text)


def encode_step(step: Step) -> tuple[int, str, bytes, str, int]:
    return encode_row(step.index, step.command, step.state, step.events)


def check_crc(row: tuple, path: Path) -> None:
    """`row` = (idx, command, state, events, crc) of a format-3 file."""
    index, command, state, events, crc = row
    if not (isinstance(command, str) and isinstance(state, bytes) and isinstance(events, str)):
        raise SaveFileError(SAVE_CORRUPT, path, f"step {index}: wrong column types")
    if row_crc(index, command, state, events) != crc:
        raise SaveFileError(SAVE_CORRUPT, path, f"step {index}: checksum mismatch")


def load_json(raw: Any, what: str, path: Path) -> Any:
    if isinstance(raw, bytes):
        try:
            raw = zlib.decompress(raw).decode("utf-8")
        except (zlib.error, UnicodeDecodeError) as exc:
            raise SaveFileError(SAVE_CORRUPT, path, f"{what}: {exc}") from None
    if not isinstance(raw, str):
        raise SaveFileError(SAVE_CORRUPT, path, f"{what} is not text")
    try:
        return json.loads(raw)
    except (ValueError, RecursionError) as exc:
        raise SaveFileError(SAVE_CORRUPT, path, f"{what}: {type(exc).__name__}") from None


def parse_state(raw: Any, index: int, path: Path, legacy_log: bool = False) -> GameState:
    """The state of step `index`; `legacy_log`: a format-1 state, whose log is dropped."""
    data = load_json(raw, f"state {index}", path)
    if isinstance(data, dict):
        version = data.get("schema_version")
        if isinstance(version, int) and version > STATE_SCHEMA_VERSION:
            raise SaveFileError(SAVE_NEWER, path, f"state schema {version}")
    if legacy_log:
        data, _log = legacy.split_state(data, STATE_SCHEMA_VERSION)
    try:
        state = GameState.model_validate(data)
    except ValidationError as exc:
        raise SaveFileError(SAVE_CORRUPT, path, f"state {index}: {exc.error_count()} errors") from None
    if state.commands_applied != index + 1:
        raise SaveFileError(SAVE_CORRUPT, path, f"state {index} belongs to step {state.commands_applied - 1}")
    return state


def parse_events(raw: Any, index: int, path: Path) -> tuple[Event, ...]:
    data = load_json(raw, f"events {index}", path)
    if not isinstance(data, list):
        raise SaveFileError(SAVE_CORRUPT, path, f"events {index} is not a list")
    try:
        events = tuple(Event.model_validate(item) for item in data)
    except ValidationError as exc:
        raise SaveFileError(SAVE_CORRUPT, path, f"events {index}: {exc.error_count()} errors") from None
    if any(event.seq != index for event in events):
        raise SaveFileError(SAVE_CORRUPT, path, f"events {index} belong to another step")
    return events


def parse_command_row(raw: Any, index: int, path: Path) -> GameCommand:
    if not isinstance(raw, str):
        raise SaveFileError(SAVE_CORRUPT, path, f"command {index} is not text")
    try:
        return parse_command(raw)
    except (ValidationError, ValueError, RecursionError) as exc:
        raise SaveFileError(SAVE_CORRUPT, path, f"command {index}: {type(exc).__name__}") from None
