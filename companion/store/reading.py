"""Reading a game file without ever writing to it, and checking all of it.

Opening a game reads every row once: the pages (``quick_check``), that steps 0..n-1
are all there, every row's checksum (format 3) or state (formats 1 and 2), every
command, and the state and events at the cursor. Anything wrong raises SaveFileError.
"""
from __future__ import annotations

import os
import sqlite3
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from urllib.parse import quote

from companion.engine.commands import GameCommand, NewGame
from companion.engine.journal import Event
from companion.engine.state import STATE_SCHEMA_VERSION, GameState

import companion.store.legacy as legacy
from .errors import SAVE_CORRUPT, SAVE_FOREIGN, SAVE_NEWER, SAVE_NO_ACCESS, SaveFileError
from .rows import check_crc, load_json, parse_command_row, parse_events, parse_state

APP_ID = "nemesis-companion"
FORMAT_VERSION = 3
# States held the whole log (read through legacy.py).
LEGACY_FORMAT = 1
# States were JSON text and rows had no checksum.
TEXT_STATES_FORMAT = 2
_SQLITE_MAGIC = b"SQLite format 3\x00"


@dataclass(frozen=True)
class Head:
    """What a file's end looks like: a writer compares it with what it last saw."""

    steps: int
    cursor: int
    updated_at: str


@dataclass(frozen=True)
class SavedGame:
    """A checked file: every command, the cursor with its state, and the events read."""

    title: str
    updated_at: datetime
    commands: list[GameCommand]
    cursor: int
    state: GameState
    format: int
    # The events read at once: the cursor's step, or every step of a format-1 file.
    events: dict[int, tuple[Event, ...]]
    head: Head


def parse_time(value: str) -> datetime:
    parsed = datetime.fromisoformat(value)
    return parsed if parsed.tzinfo else parsed.replace(tzinfo=timezone.utc)


def check_header(path: Path) -> None:
    """Reject what is not an SQLite file before SQLite ever opens it."""
    try:
        with open(path, "rb") as handle:
            head = handle.read(100)
    except PermissionError as exc:
        raise SaveFileError(SAVE_NO_ACCESS, path, str(exc)) from None
    except OSError as exc:
        raise SaveFileError(SAVE_CORRUPT, path, f"unreadable: {exc}") from None
    if len(head) < 100:
        # Empty or cut short: looks like one of ours that was truncated.
        if _SQLITE_MAGIC.startswith(head[:16]):
            raise SaveFileError(SAVE_CORRUPT, path, "truncated")
        raise SaveFileError(SAVE_FOREIGN, path, "not an SQLite file")
    if not head.startswith(_SQLITE_MAGIC):
        raise SaveFileError(SAVE_FOREIGN, path, "not an SQLite file")


def _wal_has_frames(path: Path) -> bool:
    """Whether a -wal file beside `path` may hold committed transactions (an empty one,
    left by an open that failed, holds none)."""
    try:
        return os.path.getsize(f"{path}-wal") > 0
    except OSError:
        return False


def open_read_only(path: Path) -> sqlite3.Connection:
    """Open a file that may not be ours without ever writing to it or next to it."""
    uri_path = quote(path.resolve().as_posix(), safe="/:")
    if _wal_has_frames(path):
        # Committed transactions may live only in the -wal file; read through it.
        uri = f"file:{uri_path}?mode=ro"
    else:
        # Everything is in the main file; immutable avoids creating -wal/-shm.
        uri = f"file:{uri_path}?mode=ro&immutable=1"
    return sqlite3.connect(uri, uri=True, check_same_thread=False, isolation_level=None)


class Meta:
    """The validated ``meta`` table of one file."""

    def __init__(self, values: dict[str, str]) -> None:
        self.values = values

    @property
    def title(self) -> str:
        return self.values.get("title", "")

    @property
    def updated_at(self) -> datetime:
        return parse_time(self.values["updated_at"])

    @property
    def cursor(self) -> int:
        return int(self.values["cursor"])

    @property
    def format(self) -> int:
        return int(self.values["format"])


def read_meta(conn: sqlite3.Connection, path: Path) -> Meta:
    """Validate that this connection is one of our games, of a format we understand."""
    try:
        tables = {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if "meta" not in tables:
            raise SaveFileError(SAVE_FOREIGN, path, "no meta table")
        rows = conn.execute("SELECT key, value FROM meta").fetchall()
    except sqlite3.Error as exc:
        raise SaveFileError(SAVE_CORRUPT, path, str(exc)) from None
    values = {key: value for key, value in rows if isinstance(key, str) and isinstance(value, str)}
    if values.get("app") != APP_ID:
        raise SaveFileError(SAVE_FOREIGN, path, "app mismatch")
    try:
        fmt = int(values.get("format", ""))
    except ValueError:
        raise SaveFileError(SAVE_CORRUPT, path, "bad format") from None
    if fmt > FORMAT_VERSION:
        raise SaveFileError(SAVE_NEWER, path, f"format {fmt}")
    if fmt < LEGACY_FORMAT:
        raise SaveFileError(SAVE_CORRUPT, path, f"format {fmt}")
    if "steps" not in tables:
        raise SaveFileError(SAVE_CORRUPT, path, "no steps table")
    meta = Meta(values)
    try:
        meta.updated_at
        if meta.cursor < 0:
            raise ValueError("negative cursor")
    except (KeyError, ValueError) as exc:
        raise SaveFileError(SAVE_CORRUPT, path, f"bad meta: {exc}") from None
    return meta


def legacy_events(conn: sqlite3.Connection, path: Path, steps: int) -> dict[int, tuple[Event, ...]]:
    """Every step's events of a format-1 file, from the log of its last state (which
    holds the lines of every step before it)."""
    try:
        row = conn.execute("SELECT state FROM steps WHERE idx = ?", (steps - 1,)).fetchone()
    except sqlite3.Error as exc:
        raise SaveFileError(SAVE_CORRUPT, path, str(exc)) from None
    if row is None:
        raise SaveFileError(SAVE_CORRUPT, path, f"state {steps - 1} missing")
    _state, raw_log = legacy.split_state(load_json(row[0], f"state {steps - 1}", path), STATE_SCHEMA_VERSION)
    try:
        log = legacy.parse_log(raw_log)
    except ValueError as exc:
        raise SaveFileError(SAVE_CORRUPT, path, f"state {steps - 1}: {exc}") from None
    return legacy.events_by_step(log, steps)


def step_columns(fmt: int) -> str:
    if fmt >= FORMAT_VERSION:
        return "idx, command, state, events, crc"
    if fmt == TEXT_STATES_FORMAT:
        return "idx, command, state, events"
    return "idx, command, state"


def read_game(conn: sqlite3.Connection, path: Path) -> SavedGame:
    """Check the whole file on `conn` and read what opening it needs."""
    meta = read_meta(conn, path)
    fmt = meta.format
    try:
        verdict = [row[0] for row in conn.execute("PRAGMA quick_check")]
        if verdict != ["ok"]:
            raise SaveFileError(SAVE_CORRUPT, path, "; ".join(map(str, verdict[:3])))
        commands: list[GameCommand] = []
        cursor_row = None
        for position, row in enumerate(conn.execute(f"SELECT {step_columns(fmt)} FROM steps ORDER BY idx")):
            idx = row[0]
            if idx != position:
                raise SaveFileError(SAVE_CORRUPT, path, f"step {position} missing")
            if fmt >= FORMAT_VERSION:
                check_crc(row, path)
            else:
                # No checksum: every state must parse.
                parse_state(row[2], idx, path, legacy_log=fmt == LEGACY_FORMAT)
                if fmt == TEXT_STATES_FORMAT:
                    parse_events(row[3], idx, path)
            commands.append(parse_command_row(row[1], idx, path))
            if idx == meta.cursor:
                cursor_row = row
        if fmt == LEGACY_FORMAT and commands:
            events = legacy_events(conn, path, len(commands))
    except sqlite3.Error as exc:
        raise SaveFileError(SAVE_CORRUPT, path, str(exc)) from None
    if not commands or not isinstance(commands[0], NewGame):
        raise SaveFileError(SAVE_CORRUPT, path, "no NewGame command")
    if cursor_row is None:
        raise SaveFileError(SAVE_CORRUPT, path, f"cursor {meta.cursor} beyond {len(commands)} steps")
    state = parse_state(cursor_row[2], meta.cursor, path, legacy_log=fmt == LEGACY_FORMAT)
    if fmt != LEGACY_FORMAT:
        events = {meta.cursor: parse_events(cursor_row[3], meta.cursor, path)}
    return SavedGame(
        title=meta.title,
        updated_at=meta.updated_at,
        commands=commands,
        cursor=meta.cursor,
        state=state,
        format=fmt,
        events=events,
        head=Head(len(commands), meta.cursor, meta.values["updated_at"]),
    )


def read_summary(conn: sqlite3.Connection, path: Path) -> tuple[Meta, GameState]:
    """The meta and the state at the cursor (for a file this process already checked)."""
    meta = read_meta(conn, path)
    try:
        row = conn.execute("SELECT state FROM steps WHERE idx = ?", (meta.cursor,)).fetchone()
    except sqlite3.Error as exc:
        raise SaveFileError(SAVE_CORRUPT, path, str(exc)) from None
    if row is None:
        raise SaveFileError(SAVE_CORRUPT, path, "no state at the cursor")
    return meta, parse_state(row[0], meta.cursor, path, legacy_log=meta.format == LEGACY_FORMAT)


def read_head(conn: sqlite3.Connection) -> Head:
    """The end of the file as it is now (inside the caller's transaction)."""
    (last,) = conn.execute("SELECT max(idx) FROM steps").fetchone()
    values = dict(conn.execute("SELECT key, value FROM meta WHERE key IN ('cursor', 'updated_at')").fetchall())
    try:
        cursor = int(values.get("cursor", -1))
    except (TypeError, ValueError):
        cursor = -1
    return Head(0 if last is None else last + 1, cursor, str(values.get("updated_at", "")))
