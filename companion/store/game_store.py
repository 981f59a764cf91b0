"""One SQLite file per game: every command with the state after it and the events it
wrote, plus the undo cursor.

Layout of ``<data_dir>/games/<game_id>.sqlite3``::

    meta(key TEXT PRIMARY KEY, value TEXT NOT NULL)
        app="nemesis-companion", format="2", title, created_at, updated_at, cursor
    steps(idx INTEGER PRIMARY KEY, command TEXT NOT NULL, state TEXT NOT NULL, events TEXT NOT NULL)
        command = the command's JSON, state = the GameState JSON after it,
        events = the JSON list of the events the command wrote (journal.Event)

Format 1 (no ``events`` column; each state held the whole log) still opens: it is read
as format 2 (legacy.py) and rewritten in format 2, in the same transaction, when the
next command is appended.

Files are in WAL mode with ``synchronous=FULL``, so a commit is on disk when it returns.
A file that is damaged, not ours or from a newer app is only ever opened read-only
(and, when it has no ``-wal`` file, as immutable so no ``-wal``/``-shm`` files appear next to it).
"""
from __future__ import annotations

import json
import os
import re
import sqlite3
import threading
import uuid
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Iterator
from urllib.parse import quote

from pydantic import ValidationError

from companion.engine.commands import NewGame, command_to_json, parse_command
from companion.engine.journal import Event
from companion.engine.session import GameSession, Step
from companion.engine.state import STATE_SCHEMA_VERSION, GameState

from . import legacy
from .errors import SAVE_CORRUPT, SAVE_FOREIGN, SAVE_NEWER, SaveFileError

APP_ID = "nemesis-companion"
FORMAT_VERSION = 2
# Files whose states still held the log (read through legacy.py).
LEGACY_FORMAT = 1
SUFFIX = ".sqlite3"
_SQLITE_MAGIC = b"SQLite format 3\x00"
_GAME_ID = re.compile(r"[0-9A-Za-z_-][0-9A-Za-z_.-]{0,127}")

_SCHEMA = (
    "CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    "CREATE TABLE steps(idx INTEGER PRIMARY KEY, command TEXT NOT NULL, state TEXT NOT NULL, events TEXT NOT NULL)",
)


@dataclass(frozen=True)
class _SavedGame:
    """What opening a file reads at once: the commands, the cursor and its state."""

    commands: list
    cursor: int
    state: GameState
    format: int
    # The events read at once: the cursor's step, or every step of a format-1 file.
    events: dict[int, tuple[Event, ...]]


@dataclass(frozen=True)
class GameSummary:
    """One row of the "continue a game" list. ``error_key`` is set for unusable files."""

    game_id: str
    title: str
    path: Path
    updated_at: datetime
    players: tuple[tuple[str, str], ...] = ()
    time: int | None = None
    round: int | None = None
    is_over: bool = False
    error_key: str | None = None


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="microseconds")


def _parse_time(value: str) -> datetime:
    parsed = datetime.fromisoformat(value)
    return parsed if parsed.tzinfo else parsed.replace(tzinfo=timezone.utc)


def _fsync_dir(directory: Path) -> None:
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:  # Windows cannot open directories
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _load_json(raw: Any, what: str, path: Path) -> Any:
    if not isinstance(raw, str):
        raise SaveFileError(SAVE_CORRUPT, path, f"{what} is not text")
    try:
        return json.loads(raw)
    except ValueError as exc:
        raise SaveFileError(SAVE_CORRUPT, path, f"{what}: {exc}") from None


def _parse_state(raw: Any, index: int, path: Path, legacy_log: bool = False) -> GameState:
    """The state of step `index`; `legacy_log`: a format-1 state, whose log is dropped."""
    data = _load_json(raw, f"state {index}", path)
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


def _events_json(events: tuple[Event, ...] | list[Event]) -> str:
    return json.dumps([event.model_dump(mode="json", exclude_defaults=True) for event in events],
                      ensure_ascii=False, separators=(",", ":"))


def _parse_events(raw: Any, index: int, path: Path) -> tuple[Event, ...]:
    data = _load_json(raw, f"events {index}", path)
    if not isinstance(data, list):
        raise SaveFileError(SAVE_CORRUPT, path, f"events {index} is not a list")
    try:
        events = tuple(Event.model_validate(item) for item in data)
    except ValidationError as exc:
        raise SaveFileError(SAVE_CORRUPT, path, f"events {index}: {exc.error_count()} errors") from None
    if any(event.seq != index for event in events):
        raise SaveFileError(SAVE_CORRUPT, path, f"events {index} belong to another step")
    return events


def _legacy_events(conn: sqlite3.Connection, path: Path, steps: int) -> dict[int, tuple[Event, ...]]:
    """Every step's events of a format-1 file, from the log of its last state (which
    holds the lines of every step before it)."""
    try:
        row = conn.execute("SELECT state FROM steps WHERE idx = ?", (steps - 1,)).fetchone()
    except sqlite3.Error as exc:
        raise SaveFileError(SAVE_CORRUPT, path, str(exc)) from None
    if row is None:
        raise SaveFileError(SAVE_CORRUPT, path, f"state {steps - 1} missing")
    _state, raw_log = legacy.split_state(_load_json(row[0], f"state {steps - 1}", path), STATE_SCHEMA_VERSION)
    try:
        log = legacy.parse_log(raw_log)
    except ValueError as exc:
        raise SaveFileError(SAVE_CORRUPT, path, f"state {steps - 1}: {exc}") from None
    return legacy.events_by_step(log, steps)


def _parse_command(raw: Any, index: int, path: Path):
    if not isinstance(raw, str):
        raise SaveFileError(SAVE_CORRUPT, path, f"command {index} is not text")
    try:
        return parse_command(raw)
    except (ValidationError, ValueError) as exc:
        raise SaveFileError(SAVE_CORRUPT, path, f"command {index}: {type(exc).__name__}") from None


class _Meta:
    """The validated ``meta`` table of one file."""

    def __init__(self, values: dict[str, str], path: Path) -> None:
        self.values = values
        self.path = path

    @property
    def title(self) -> str:
        return self.values.get("title", "")

    @property
    def updated_at(self) -> datetime:
        return _parse_time(self.values["updated_at"])

    @property
    def cursor(self) -> int:
        return int(self.values["cursor"])

    @property
    def format(self) -> int:
        return int(self.values["format"])

    @property
    def is_legacy(self) -> bool:
        return self.format == LEGACY_FORMAT


def _check_header(path: Path) -> None:
    """Reject what is not an SQLite file before SQLite ever opens it."""
    try:
        with open(path, "rb") as handle:
            head = handle.read(100)
    except OSError as exc:
        raise SaveFileError(SAVE_CORRUPT, path, f"unreadable: {exc}") from None
    if len(head) < 100:
        # Empty or cut short: looks like one of ours that was truncated.
        if _SQLITE_MAGIC.startswith(head[:16]):
            raise SaveFileError(SAVE_CORRUPT, path, "truncated")
        raise SaveFileError(SAVE_FOREIGN, path, "not an SQLite file")
    if not head.startswith(_SQLITE_MAGIC):
        raise SaveFileError(SAVE_FOREIGN, path, "not an SQLite file")


def _open_read_only(path: Path) -> sqlite3.Connection:
    """Open a file that may not be ours without ever writing to it or next to it."""
    uri_path = quote(path.resolve().as_posix(), safe="/:")
    wal = path.with_name(path.name + "-wal")
    if wal.exists():
        # Committed transactions may live only in the -wal file; read through it.
        uri = f"file:{uri_path}?mode=ro"
    else:
        # Everything is in the main file; immutable avoids creating -wal/-shm.
        uri = f"file:{uri_path}?mode=ro&immutable=1"
    return sqlite3.connect(uri, uri=True, check_same_thread=False, isolation_level=None)


def _read_meta(conn: sqlite3.Connection, path: Path) -> _Meta:
    """Validate that this connection is one of our games, of a format we understand."""
    try:
        tables = {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if "meta" not in tables:
            raise SaveFileError(SAVE_FOREIGN, path, "no meta table")
        rows = conn.execute("SELECT key, value FROM meta").fetchall()
    except sqlite3.Error as exc:
        raise SaveFileError(SAVE_CORRUPT, path, str(exc)) from None
    values: dict[str, str] = {}
    for key, value in rows:
        if isinstance(key, str) and isinstance(value, str):
            values[key] = value
    if values.get("app") != APP_ID:
        raise SaveFileError(SAVE_FOREIGN, path, "app mismatch")
    try:
        fmt = int(values.get("format", ""))
    except ValueError:
        raise SaveFileError(SAVE_CORRUPT, path, "bad format") from None
    if fmt > FORMAT_VERSION:
        raise SaveFileError(SAVE_NEWER, path, f"format {fmt}")
    if fmt < 1:
        raise SaveFileError(SAVE_CORRUPT, path, f"format {fmt}")
    if "steps" not in tables:
        raise SaveFileError(SAVE_CORRUPT, path, "no steps table")
    meta = _Meta(values, path)
    try:
        meta.updated_at
        if meta.cursor < 0:
            raise ValueError("negative cursor")
    except (KeyError, ValueError) as exc:
        raise SaveFileError(SAVE_CORRUPT, path, f"bad meta: {exc}") from None
    return meta


class GameStore:
    """Saved games in ``<data_dir>/games``. Thread-safe; keeps one connection per open game."""

    def __init__(self, data_dir: Path | str, rules: Any = None) -> None:
        self.data_dir = Path(data_dir)
        self.rules = rules
        self.games_dir = self.data_dir / "games"
        self._lock = threading.RLock()
        self._connections: dict[str, sqlite3.Connection] = {}
        # The format of each open game's file (a format-1 file turns 2 on its next append).
        self._formats: dict[str, int] = {}

    # -- paths and connections -------------------------------------------------

    def path_of(self, game_id: str) -> Path:
        if not isinstance(game_id, str) or not _GAME_ID.fullmatch(game_id) or ".." in game_id:
            raise ValueError(f"not a game id: {game_id!r}")
        return self.games_dir / f"{game_id}{SUFFIX}"

    @staticmethod
    def _configure(conn: sqlite3.Connection) -> sqlite3.Connection:
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=FULL")
        return conn

    def _connect_writable(self, path: Path) -> sqlite3.Connection:
        uri = f"file:{quote(path.resolve().as_posix(), safe='/:')}?mode=rw"
        conn = sqlite3.connect(uri, uri=True, check_same_thread=False, isolation_level=None)
        return self._configure(conn)

    def _connection(self, game_id: str) -> sqlite3.Connection:
        """The open read-write connection of a game, validating the file on first use."""
        conn = self._connections.get(game_id)
        if conn is not None:
            return conn
        return self._open_validated(game_id)[0]

    def _open_validated(self, game_id: str):
        """Check a whole file read-only, and only then open it for writing (lock held)."""
        path = self.path_of(game_id)
        if not path.is_file():
            raise FileNotFoundError(path)
        _check_header(path)
        probe = _open_read_only(path)
        try:
            game = self._read_game(probe, path, check=True)
        finally:
            probe.close()
        conn = self._connect_writable(path)
        self._connections[game_id] = conn
        self._formats[game_id] = game.format
        return conn, game

    def close(self, game_id: str | None = None) -> None:
        """Close one game's connection, or all of them."""
        with self._lock:
            ids = [game_id] if game_id is not None else list(self._connections)
            for gid in ids:
                self._formats.pop(gid, None)
                conn = self._connections.pop(gid, None)
                if conn is not None:
                    conn.close()

    def __enter__(self) -> "GameStore":
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    # -- writing ---------------------------------------------------------------

    def create(self, session: GameSession, title: str) -> str:
        """Save a whole session as a new game file; returns its game id."""
        rows = [
            (index, command_to_json(command), session.state_at(index).model_dump_json(),
             _events_json(session.events_at(index)))
            for index, command in enumerate(session.commands)
        ]
        game_id = uuid.uuid4().hex
        path = self.path_of(game_id)
        part = path.with_name(path.name + ".part")
        now = _now()
        with self._lock:
            self.games_dir.mkdir(parents=True, exist_ok=True)
            conn = sqlite3.connect(part, check_same_thread=False, isolation_level=None)
            try:
                self._configure(conn)
                conn.execute("BEGIN IMMEDIATE")
                for statement in _SCHEMA:
                    conn.execute(statement)
                conn.executemany(
                    "INSERT INTO meta(key, value) VALUES (?, ?)",
                    [
                        ("app", APP_ID),
                        ("format", str(FORMAT_VERSION)),
                        ("title", str(title)),
                        ("created_at", now),
                        ("updated_at", now),
                        ("cursor", str(session.cursor)),
                    ],
                )
                conn.executemany("INSERT INTO steps(idx, command, state, events) VALUES (?, ?, ?, ?)", rows)
                conn.execute("COMMIT")
                conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            except BaseException:
                conn.close()
                for leftover in (part, Path(f"{part}-wal"), Path(f"{part}-shm")):
                    leftover.unlink(missing_ok=True)
                raise
            conn.close()  # last connection: checkpoints and removes the -wal file
            with open(part, "rb+") as handle:
                os.fsync(handle.fileno())
            os.replace(part, path)
            _fsync_dir(self.games_dir)
            self._connections[game_id] = self._connect_writable(path)
            self._formats[game_id] = FORMAT_VERSION
        return game_id

    def append(self, game_id: str, step: Step) -> None:
        """Record an executed command, dropping any redo tail; durable when it returns."""
        if step.index < 1:
            raise ValueError("step 0 is the NewGame; use create()")
        command = command_to_json(step.command)
        state = step.state.model_dump_json()
        events = _events_json(step.events)
        with self._lock:
            conn = self._connection(game_id)
            conn.execute("BEGIN IMMEDIATE")
            try:
                previous = conn.execute("SELECT 1 FROM steps WHERE idx = ?", (step.index - 1,)).fetchone()
                if previous is None:
                    raise ValueError(f"step {step.index} does not follow a saved step")
                migrating = self._formats.get(game_id) == LEGACY_FORMAT
                if migrating:
                    self._migrate_legacy(conn, self.path_of(game_id))
                conn.execute("DELETE FROM steps WHERE idx >= ?", (step.index,))
                conn.execute(
                    "INSERT INTO steps(idx, command, state, events) VALUES (?, ?, ?, ?)",
                    (step.index, command, state, events),
                )
                conn.executemany(
                    "UPDATE meta SET value = ? WHERE key = ?",
                    [(str(step.index), "cursor"), (_now(), "updated_at")],
                )
                conn.execute("COMMIT")
            except BaseException:
                if conn.in_transaction:
                    conn.execute("ROLLBACK")
                raise
            if migrating:
                self._formats[game_id] = FORMAT_VERSION

    @staticmethod
    def _migrate_legacy(conn: sqlite3.Connection, path: Path) -> None:
        """Rewrite a format-1 file in the current format, inside the caller's transaction:
        each state without its log, each step's log lines as its events."""
        rows = conn.execute("SELECT idx, state FROM steps ORDER BY idx").fetchall()
        events = _legacy_events(conn, path, len(rows))
        conn.execute("ALTER TABLE steps ADD COLUMN events TEXT NOT NULL DEFAULT '[]'")
        for idx, raw in rows:
            state = _parse_state(raw, idx, path, legacy_log=True)
            conn.execute(
                "UPDATE steps SET state = ?, events = ? WHERE idx = ?",
                (state.model_dump_json(), _events_json(events[idx]), idx),
            )
        conn.execute("UPDATE meta SET value = ? WHERE key = 'format'", (str(FORMAT_VERSION),))

    def set_cursor(self, game_id: str, cursor: int) -> None:
        """Record an undo or redo (the redo tail stays on disk until the next append)."""
        with self._lock:
            conn = self._connection(game_id)
            conn.execute("BEGIN IMMEDIATE")
            try:
                (count,) = conn.execute("SELECT count(*) FROM steps").fetchone()
                if not 0 <= cursor < count:
                    raise ValueError(f"cursor {cursor} outside 0..{count - 1}")
                conn.executemany(
                    "UPDATE meta SET value = ? WHERE key = ?",
                    [(str(cursor), "cursor"), (_now(), "updated_at")],
                )
                conn.execute("COMMIT")
            except BaseException:
                if conn.in_transaction:
                    conn.execute("ROLLBACK")
                raise

    def delete(self, game_id: str) -> None:
        """Remove a game's file (good or bad) with its -wal/-shm companions."""
        path = self.path_of(game_id)
        with self._lock:
            self.close(game_id)
            for victim in (path, Path(f"{path}-wal"), Path(f"{path}-shm")):
                victim.unlink(missing_ok=True)
            if self.games_dir.is_dir():
                _fsync_dir(self.games_dir)

    # -- reading ---------------------------------------------------------------

    def load(self, game_id: str, rules: Any = None) -> GameSession:
        """Resume a game. Raises SaveFileError (file untouched) or FileNotFoundError.

        Only the state at the cursor is parsed now; the others, and the events, are read
        on demand. ``rules`` defaults to the store's rules, else
        :func:`companion.rules.load_rules`.
        """
        rules = rules if rules is not None else self.rules
        if rules is None:
            from companion.rules import load_rules

            rules = load_rules()
        path = self.path_of(game_id)
        with self._lock:
            conn = self._connections.get(game_id)
            if conn is not None:
                game = self._read_game(conn, path, check=False)
            else:
                game = self._open_validated(game_id)[1]

        def fetch_state(index: int) -> GameState:
            return self._fetch_state(game_id, index)

        def fetch_events(first: int, last: int) -> dict[int, tuple[Event, ...]]:
            return self._fetch_events(game_id, first, last)

        try:
            return GameSession(rules, game.commands, game.cursor, {game.cursor: game.state}, fetch_state,
                               events=game.events, fetch_events=fetch_events)
        except ValueError as exc:
            raise SaveFileError(SAVE_CORRUPT, path, str(exc)) from None

    @staticmethod
    def _read_game(conn: sqlite3.Connection, path: Path, check: bool) -> "_SavedGame":
        meta = _read_meta(conn, path)
        try:
            if check:
                verdict = [row[0] for row in conn.execute("PRAGMA quick_check")]
                if verdict != ["ok"]:
                    raise SaveFileError(SAVE_CORRUPT, path, "; ".join(map(str, verdict[:3])))
            rows = conn.execute("SELECT idx, command FROM steps ORDER BY idx").fetchall()
            commands = []
            for position, (idx, raw) in enumerate(rows):
                if idx != position:
                    raise SaveFileError(SAVE_CORRUPT, path, f"step {position} missing")
                commands.append(_parse_command(raw, idx, path))
            if not commands or not isinstance(commands[0], NewGame):
                raise SaveFileError(SAVE_CORRUPT, path, "no NewGame command")
            cursor = meta.cursor
            if cursor >= len(commands):
                raise SaveFileError(SAVE_CORRUPT, path, f"cursor {cursor} beyond {len(commands)} steps")
            (raw_state,) = conn.execute("SELECT state FROM steps WHERE idx = ?", (cursor,)).fetchone()
            if not meta.is_legacy:
                (raw_events,) = conn.execute("SELECT events FROM steps WHERE idx = ?", (cursor,)).fetchone()
        except sqlite3.Error as exc:
            raise SaveFileError(SAVE_CORRUPT, path, str(exc)) from None
        state = _parse_state(raw_state, cursor, path, legacy_log=meta.is_legacy)
        if meta.is_legacy:
            # A format-1 file's events all come from one log; read it once, now.
            events = _legacy_events(conn, path, len(commands))
        else:
            events = {cursor: _parse_events(raw_events, cursor, path)}
        return _SavedGame(commands, cursor, state, meta.format, events)

    def _fetch_state(self, game_id: str, index: int) -> GameState:
        path = self.path_of(game_id)
        with self._lock:
            conn = self._connection(game_id)
            try:
                row = conn.execute("SELECT state FROM steps WHERE idx = ?", (index,)).fetchone()
            except sqlite3.Error as exc:
                raise SaveFileError(SAVE_CORRUPT, path, str(exc)) from None
            legacy_log = self._formats.get(game_id) == LEGACY_FORMAT
        if row is None:
            raise SaveFileError(SAVE_CORRUPT, path, f"state {index} missing")
        return _parse_state(row[0], index, path, legacy_log=legacy_log)

    def _fetch_events(self, game_id: str, first: int, last: int) -> dict[int, tuple[Event, ...]]:
        """The events of steps first..last (one query)."""
        path = self.path_of(game_id)
        with self._lock:
            conn = self._connection(game_id)
            try:
                if self._formats.get(game_id) == LEGACY_FORMAT:
                    (count,) = conn.execute("SELECT count(*) FROM steps").fetchone()
                    every = _legacy_events(conn, path, count)
                    return {index: every[index] for index in range(first, last + 1) if index in every}
                rows = conn.execute(
                    "SELECT idx, events FROM steps WHERE idx BETWEEN ? AND ? ORDER BY idx", (first, last)
                ).fetchall()
            except sqlite3.Error as exc:
                raise SaveFileError(SAVE_CORRUPT, path, str(exc)) from None
        found = {idx: _parse_events(raw, idx, path) for idx, raw in rows}
        if len(found) != last - first + 1:
            raise SaveFileError(SAVE_CORRUPT, path, f"events of steps {first}..{last} missing")
        return found

    def _game_files(self) -> Iterator[Path]:
        if not self.games_dir.is_dir():
            return iter(())
        return (p for p in self.games_dir.iterdir() if p.name.endswith(SUFFIX) and not p.name.startswith("."))

    def list_games(self) -> list[GameSummary]:
        """Every game file, newest first; unusable files appear with ``error_key`` set."""
        summaries: list[GameSummary] = []
        for path in self._game_files():
            try:
                summaries.append(self._summarise(path))
            except Exception as exc:  # noqa: BLE001 - a single bad file must not hide the others
                key = exc.key if isinstance(exc, SaveFileError) else SAVE_CORRUPT
                summaries.append(self._error_summary(path, key))
        summaries.sort(key=lambda summary: summary.updated_at, reverse=True)
        return summaries

    @staticmethod
    def _error_summary(path: Path, key: str) -> GameSummary:
        try:
            mtime = datetime.fromtimestamp(path.stat().st_mtime, tz=timezone.utc)
        except OSError:
            mtime = datetime.fromtimestamp(0, tz=timezone.utc)
        return GameSummary(
            game_id=path.name[: -len(SUFFIX)], title="", path=path, updated_at=mtime, error_key=key
        )

    def _summarise(self, path: Path) -> GameSummary:
        game_id = path.name[: -len(SUFFIX)]
        if not path.is_file():
            raise SaveFileError(SAVE_FOREIGN, path, "not a file")
        with self._lock:
            conn = self._connections.get(game_id)
            if conn is not None:
                meta, state = self._read_summary(conn, path)
            else:
                _check_header(path)
                probe = _open_read_only(path)
                try:
                    meta, state = self._read_summary(probe, path)
                finally:
                    probe.close()
        return GameSummary(
            game_id=game_id,
            title=meta.title,
            path=path,
            updated_at=meta.updated_at,
            players=tuple((member.name, member.character) for member in state.crew),
            time=state.time,
            round=state.round,
            is_over=state.is_over,
        )

    @staticmethod
    def _read_summary(conn: sqlite3.Connection, path: Path) -> tuple[_Meta, GameState]:
        meta = _read_meta(conn, path)
        try:
            row = conn.execute("SELECT state FROM steps WHERE idx = ?", (meta.cursor,)).fetchone()
        except sqlite3.Error as exc:
            raise SaveFileError(SAVE_CORRUPT, path, str(exc)) from None
        if row is None:
            raise SaveFileError(SAVE_CORRUPT, path, "no state at the cursor")
        return meta, _parse_state(row[0], meta.cursor, path, legacy_log=meta.is_legacy)
