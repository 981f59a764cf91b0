"""One SQLite file per game: every command with the state after it and the events it
wrote, plus the undo cursor.

Layout of ``<data_dir>/games/<game_id>.sqlite3`` (format 3)::

    meta(key TEXT PRIMARY KEY, value TEXT NOT NULL)
        app="nemesis-companion", format="3", title, created_at, updated_at, cursor
    steps(idx INTEGER PRIMARY KEY, command TEXT NOT NULL, state BLOB NOT NULL,
          events TEXT NOT NULL, crc INTEGER NOT NULL)
        command = the command's JSON, state = the GameState JSON after it (zlib),
        events = the JSON list of the events the command wrote (journal.Event),
        crc = CRC-32 of the row (rows.row_crc)

Formats 1 (each state held the whole log) and 2 (states as JSON text, no crc) still
open, and are rewritten in format 3, in the same transaction, when the next command
is appended.

Files are in WAL mode with ``synchronous=FULL``, so a commit is on disk when it returns.
Only one process writes in a data folder (folder_lock.py); another one reads only.
A write checks first that the file ends where this store last left it. A file that
is damaged, not ours, renamed or from a newer app is only ever opened read-only.
It is one piece because its writes, the check that a file ends where this store left it, and
the read-only fallback must be read together to see that no write is lost; encoding rows and
reading files already live in rows.py and reading.py.
"""
from __future__ import annotations

import os
import re
import sqlite3
import threading
import uuid
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable, Iterator, TypeVar
from urllib.parse import quote

from companion.engine.journal import Event
from companion.engine.session import GameSession, Step
from companion.engine.state import GameState

import companion.store.folder_lock as folder_lock
from .errors import (FOLDER_IN_USE, FOLDER_LOCK_LOST, FOLDER_READ_ONLY, SAVE_CORRUPT, SAVE_DAMAGED_WHILE_OPEN,
                     SAVE_FOREIGN, SAVE_NO_ACCESS, SAVE_OUT_OF_STEP, SAVE_READ_ONLY, SAVE_RENAMED, SaveFileError,
                     StoreError, WriteError)
from .failures import folder_failure, open_failure, write_failure
from .reading import (APP_ID, FORMAT_VERSION, LEGACY_FORMAT, Head, SavedGame, check_header,
                      legacy_events, open_read_only, read_game, read_head, read_meta, read_summary, step_columns)
from .rows import (check_crc, encode_events, encode_row, encode_step, encode_state, parse_events, parse_state,
                   row_crc)

T = TypeVar("T")
SUFFIX = ".sqlite3"
# Leftovers of a game creation that was interrupted (removed by the folder's writer).
_PART_SUFFIXES = (".part", ".part-journal", ".part-wal", ".part-shm")
# The names this app gives its games; any other file is listed as renamed.
_GAME_ID = re.compile(r"[0-9A-Za-z_-][0-9A-Za-z_.-]{0,127}")

_SCHEMA = (
    "CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    "CREATE TABLE steps(idx INTEGER PRIMARY KEY, command TEXT NOT NULL, state BLOB NOT NULL,"
    " events TEXT NOT NULL, crc INTEGER NOT NULL)",
)


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
    # What the error's text needs (the file's name, and the name that recovers a renamed one).
    error_params: tuple[tuple[str, str], ...] = ()

    @property
    def problem(self) -> dict[str, str]:
        """The parameters of `error_key`'s text."""
        return {"file": self.path.name, **dict(self.error_params)}


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="microseconds")


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


def _is_plain_name(name: str) -> bool:
    return (isinstance(name, str) and 0 < len(name) <= 200 and name not in (".", "..")
            and not name.startswith(".") and not any(ch in name for ch in "/\\\0"))


def _fingerprint(path: Path) -> tuple:
    """Changes whenever the file or its -wal changes."""
    marks = []
    for candidate in (str(path), f"{path}-wal"):
        try:
            stat = os.stat(candidate)
        except OSError:
            marks.append(None)
        else:
            marks.append((stat.st_ino, stat.st_size, stat.st_mtime_ns, stat.st_mode))
    return tuple(marks)


def _remove_empty_companions(companions: list[Path]) -> None:
    """Remove the -wal / -shm files a failed open just made: an empty -wal holds no
    transaction, and the -shm is only its index."""
    wal = [companion for companion in companions if companion.name.endswith("-wal")]
    if any(companion.exists() and companion.stat().st_size > 0 for companion in wal):
        return  # something was written after all: leave it for SQLite to recover
    for companion in companions:
        try:
            companion.unlink(missing_ok=True)
        except OSError:
            pass


def _rollback(conn: sqlite3.Connection) -> None:
    try:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
    except sqlite3.Error:
        pass  # the connection is dropped by the caller


class GameStore:
    """Saved games in ``<data_dir>/games``. Thread-safe; keeps one connection per open game.

    The first call that needs it makes this process the folder's writer (:meth:`claim`);
    when another process already is, or the folder cannot be written, games still list
    and open, and every change raises WriteError with the reason.
    """

    def __init__(self, data_dir: Path | str, rules: Any = None) -> None:
        self.data_dir = Path(data_dir)
        self.rules = rules
        self.games_dir = self.data_dir / "games"
        self._lock = threading.RLock()
        self._connections: dict[str, sqlite3.Connection] = {}
        # The format of each open game's file (an older one turns current on its next append).
        self._formats: dict[str, int] = {}
        # Where each open game's file ended when this store last read or wrote it.
        self._heads: dict[str, Head] = {}
        # Listing results of files that are not open, while the file stays the same.
        self._listed: dict[Path, tuple[tuple, GameSummary]] = {}
        self._claimed = False
        self._holds_lock = False
        self._folder_problem: str | None = None
        # Open games whose file was found damaged (by another program): never written again.
        self._damaged: set[str] = set()

    # -- the data folder -------------------------------------------------------

    def claim(self) -> str | None:
        """Become the folder's writer. None when this store may write; otherwise the locale
        key (error.data_dir_*) of why the games here can only be read. Decided once."""
        with self._lock:
            if not self._claimed:
                self._folder_problem = self._take_folder()
                self._claimed = True
            return self._folder_problem

    def _take_folder(self) -> str | None:
        try:
            self.games_dir.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            return folder_failure(exc)
        if not (os.access(self.data_dir, os.W_OK) and os.access(self.games_dir, os.W_OK)):
            return FOLDER_READ_ONLY
        try:
            first = folder_lock.acquire(self.data_dir)
        except folder_lock.FolderBusy:
            return FOLDER_IN_USE
        except folder_lock.LockLost:
            return FOLDER_LOCK_LOST
        except OSError as exc:
            return folder_failure(exc)
        self._holds_lock = True
        if first:
            self._remove_interrupted_creations()
        return None

    def _remove_interrupted_creations(self) -> None:
        try:
            leftovers = [entry for entry in self.games_dir.iterdir() if entry.name.endswith(_PART_SUFFIXES)]
        except OSError:
            return
        for entry in leftovers:
            try:
                entry.unlink()
            except OSError:
                pass  # a directory, or not ours to remove: harmless, it is never listed

    def _require_writer(self) -> None:
        problem = self.claim()
        if problem is None and not folder_lock.still_held(self.data_dir):
            # The lock file was deleted or replaced: another copy may write here now, so
            # this one stops writing (it reads on) until it is started again.
            with self._lock:
                problem = self._folder_problem = FOLDER_LOCK_LOST
        if problem is not None:
            raise WriteError(problem, self.data_dir)

    # -- paths and connections -------------------------------------------------

    def path_of(self, game_id: str) -> Path:
        """The file of a listed game (a renamed file's name is its id too)."""
        if not _is_plain_name(game_id):
            raise ValueError(f"not a game id: {game_id!r}")
        return self.games_dir / f"{game_id}{SUFFIX}"

    def _game_path(self, game_id: str) -> Path:
        """The file of a game this app may open: refuses names it never gives."""
        path = self.path_of(game_id)
        if not _GAME_ID.fullmatch(game_id) or ".." in game_id:
            raise SaveFileError(SAVE_RENAMED, path)
        return path

    @staticmethod
    def _configure(conn: sqlite3.Connection) -> sqlite3.Connection:
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=FULL")
        return conn

    def _connect_writable(self, path: Path) -> sqlite3.Connection:
        """Open for writing; an open that fails (a full disk cannot take the -wal and -shm
        files) leaves nothing behind that would make a healthy file look damaged later."""
        companions = [Path(f"{path}{tail}") for tail in ("-wal", "-shm")]
        ours = [companion for companion in companions if not companion.exists()]
        uri = f"file:{quote(path.resolve().as_posix(), safe='/:')}?mode=rw"
        conn = sqlite3.connect(uri, uri=True, check_same_thread=False, isolation_level=None)
        try:
            return self._configure(conn)
        except BaseException:
            conn.close()
            _remove_empty_companions(ours)
            raise

    def _connection(self, game_id: str) -> sqlite3.Connection:
        """The open connection of a game, checking the whole file on first use."""
        conn = self._connections.get(game_id)
        if conn is not None:
            return conn
        return self._open_checked(game_id)[0]

    def _open_checked(self, game_id: str) -> tuple[sqlite3.Connection, SavedGame]:
        """Check a whole file read-only, and only then open it (for writing when this
        store is the writer). Lock held."""
        path = self._game_path(game_id)
        if not path.exists():
            raise FileNotFoundError(path)
        if not path.is_file():
            raise SaveFileError(SAVE_FOREIGN, path, "not a file")
        writer = self.claim() is None
        check_header(path)
        if writer and not os.access(path, os.W_OK):
            raise SaveFileError(SAVE_READ_ONLY, path)
        game = self._read_checked(path)
        try:
            conn = self._connect_writable(path) if writer else open_read_only(path)
        except (sqlite3.Error, OSError) as exc:
            raise SaveFileError(open_failure(exc), path, str(exc)) from None
        self._connections[game_id] = conn
        self._formats[game_id] = game.format
        self._heads.setdefault(game_id, game.head)
        return conn, game

    @staticmethod
    def _read_checked(path: Path) -> SavedGame:
        try:
            probe = open_read_only(path)
        except sqlite3.Error as exc:
            raise SaveFileError(SAVE_NO_ACCESS, path, str(exc)) from None
        try:
            return read_game(probe, path)
        except StoreError:
            raise
        except (sqlite3.Error, ValueError, RecursionError, MemoryError, OverflowError) as exc:
            raise SaveFileError(SAVE_CORRUPT, path, type(exc).__name__) from None
        finally:
            probe.close()

    def _drop_connection(self, game_id: str) -> None:
        """After a failed write: reconnect (and re-check the file) on the next call."""
        conn = self._connections.pop(game_id, None)
        if conn is not None:
            try:
                conn.close()
            except sqlite3.Error:
                pass

    def close(self, game_id: str | None = None) -> None:
        """Close one game's connection, or all of them (and stop being the folder's writer)."""
        with self._lock:
            ids = [game_id] if game_id is not None else list(self._connections)
            for gid in ids:
                self._formats.pop(gid, None)
                self._heads.pop(gid, None)
                self._damaged.discard(gid)
                self._drop_connection(gid)
            if game_id is None:
                self._heads.clear()
                self._listed.clear()
                if self._holds_lock:
                    folder_lock.release(self.data_dir)
                    self._holds_lock = False
                self._claimed = False
                self._folder_problem = None

    def __enter__(self) -> "GameStore":
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    # -- writing ---------------------------------------------------------------

    def create(self, session: GameSession, title: str) -> str:
        """Save a whole session as a new game file; returns its game id. The session
        then reads the states it no longer holds from the file."""
        rows = [encode_row(index, command, session.state_at(index), session.events_at(index))
                for index, command in enumerate(session.commands)]
        game_id = uuid.uuid4().hex
        path = self.path_of(game_id)
        now = _now()
        with self._lock:
            self._require_writer()
            try:
                self._write_new_file(path, rows, title, session.cursor, now)
            except (sqlite3.Error, OSError) as exc:
                raise WriteError(write_failure(exc), path, str(exc)) from exc
            self._formats[game_id] = FORMAT_VERSION
            self._heads[game_id] = Head(len(rows), session.cursor, now)
        session.read_from(lambda index: self._fetch_state(game_id, index),
                          lambda first, last: self._fetch_events(game_id, first, last))
        return game_id

    def _write_new_file(self, path: Path, rows: list, title: str, cursor: int, now: str) -> None:
        """Write the file under a temporary name, make it durable, then give it its name."""
        part = path.with_name(path.name + ".part")
        conn = None
        try:
            conn = sqlite3.connect(part, isolation_level=None)
            self._configure(conn)
            conn.execute("BEGIN IMMEDIATE")
            for statement in _SCHEMA:
                conn.execute(statement)
            conn.executemany(
                "INSERT INTO meta(key, value) VALUES (?, ?)",
                [("app", APP_ID), ("format", str(FORMAT_VERSION)), ("title", str(title)),
                 ("created_at", now), ("updated_at", now), ("cursor", str(cursor))],
            )
            conn.executemany("INSERT INTO steps(idx, command, state, events, crc) VALUES (?, ?, ?, ?, ?)", rows)
            conn.execute("COMMIT")
            conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            conn.close()  # last connection: checkpoints and removes the -wal file
            conn = None
            with open(part, "rb+") as handle:
                os.fsync(handle.fileno())
            os.replace(part, path)
            _fsync_dir(self.games_dir)
        except BaseException:
            if conn is not None:
                conn.close()
            for leftover in (part, *(Path(f"{part}{tail}") for tail in ("-wal", "-shm", "-journal"))):
                try:
                    leftover.unlink(missing_ok=True)
                except OSError:
                    pass
            raise

    def append(self, game_id: str, step: Step, *, meanwhile: Callable[[], None] | None = None) -> None:
        """Record an executed command, dropping any redo tail; durable when it returns.
        `meanwhile` is called just before the commit waits on the disk: work handed to
        another thread then runs while it waits.

        Raises WriteError (nothing written) when the change cannot be saved, or when the
        file no longer ends where this store left it (another program changed it)."""
        if step.index < 1:
            raise ValueError("step 0 is the NewGame; use create()")
        row = encode_step(step)
        with self._lock:
            self._require_writer()
            self._require_undamaged(game_id)
            conn = self._connection(game_id)
            path = self.path_of(game_id)
            now = _now()
            try:
                conn.execute("BEGIN IMMEDIATE")
                try:
                    self._check_head(conn, game_id, path, after=step.index - 1)
                    fmt = self._formats.get(game_id, FORMAT_VERSION)
                    if fmt < FORMAT_VERSION:
                        self._upgrade(conn, path, fmt)
                    conn.execute("DELETE FROM steps WHERE idx >= ?", (step.index,))
                    conn.execute("INSERT INTO steps(idx, command, state, events, crc) VALUES (?, ?, ?, ?, ?)", row)
                    conn.executemany("UPDATE meta SET value = ? WHERE key = ?",
                                     [(str(step.index), "cursor"), (now, "updated_at")])
                    if meanwhile is not None:
                        meanwhile()
                    conn.execute("COMMIT")
                except BaseException:
                    _rollback(conn)
                    raise
            except (sqlite3.Error, OSError) as exc:
                self._drop_connection(game_id)
                raise WriteError(write_failure(exc), path, str(exc)) from exc
            self._formats[game_id] = FORMAT_VERSION
            self._heads[game_id] = Head(step.index + 1, step.index, now)

    # -- damage found while a game is open ---------------------------------------

    def is_damaged(self, game_id: str) -> bool:
        """Whether the open game's file was found damaged since it was opened (then nothing
        more is written to it: it would not reopen)."""
        with self._lock:
            return game_id in self._damaged

    def _require_undamaged(self, game_id: str) -> None:
        if game_id in self._damaged:
            raise WriteError(SAVE_DAMAGED_WHILE_OPEN, self.path_of(game_id))

    def _noting_damage(self, game_id: str, read: Callable[[], T]) -> T:
        """`read`, remembering the game as damaged when it finds a damaged row."""
        try:
            return read()
        except SaveFileError as exc:
            if exc.key == SAVE_CORRUPT:
                self._damaged.add(game_id)
            raise

    def title_of(self, game_id: str) -> str:
        """The title an open game was saved under ("" when it cannot be read)."""
        with self._lock:
            try:
                return read_meta(self._connection(game_id), self.path_of(game_id)).title
            except (StoreError, sqlite3.Error, OSError):
                return ""

    def _check_head(self, conn: sqlite3.Connection, game_id: str, path: Path, after: int | None) -> None:
        """Refuse to write unless the file ends where this store last left it (and, for an
        append, the new step follows the saved cursor). Inside the write transaction."""
        current = read_head(conn)
        known = self._heads.get(game_id)
        if known is not None and current != known:
            raise WriteError(SAVE_OUT_OF_STEP, path, f"file is at {current}, expected {known}")
        if after is not None and current.cursor != after:
            raise WriteError(SAVE_OUT_OF_STEP, path, f"step {after + 1} does not follow the saved cursor {current.cursor}")

    @staticmethod
    def _upgrade(conn: sqlite3.Connection, path: Path, fmt: int) -> None:
        """Rewrite a format-1 or format-2 file in the current format, inside the caller's
        transaction: each state compressed and without a log, each row with its checksum."""
        rows = conn.execute(f"SELECT {step_columns(fmt)} FROM steps ORDER BY idx").fetchall()
        if fmt == LEGACY_FORMAT:
            events_of = legacy_events(conn, path, len(rows))
            conn.execute("ALTER TABLE steps ADD COLUMN events TEXT NOT NULL DEFAULT '[]'")
        conn.execute("ALTER TABLE steps ADD COLUMN crc INTEGER NOT NULL DEFAULT 0")
        for row in rows:
            idx, command = row[0], row[1]
            state = parse_state(row[2], idx, path, legacy_log=fmt == LEGACY_FORMAT)
            events = events_of[idx] if fmt == LEGACY_FORMAT else parse_events(row[3], idx, path)
            state_blob, events_text = encode_state(state), encode_events(events)
            conn.execute("UPDATE steps SET state = ?, events = ?, crc = ? WHERE idx = ?",
                         (state_blob, events_text, row_crc(idx, command, state_blob, events_text), idx))
        conn.execute("UPDATE meta SET value = ? WHERE key = 'format'", (str(FORMAT_VERSION),))

    def set_cursor(self, game_id: str, cursor: int, events: tuple[Event, ...] | None = None) -> None:
        """Record an undo or redo (the redo tail stays on disk until the next append).
        The target step is read, and checked, before the cursor is written. `events`: the
        target step's events as they are now (an undo that said something aloud), written
        in the same transaction."""
        with self._lock:
            self._require_writer()
            self._require_undamaged(game_id)
            conn = self._connection(game_id)
            path = self.path_of(game_id)
            now = _now()
            try:
                conn.execute("BEGIN IMMEDIATE")
                try:
                    self._check_head(conn, game_id, path, after=None)
                    self._noting_damage(game_id, lambda: self._checked_state(conn, game_id, path, cursor))
                    if events is not None:
                        self._rewrite_events(conn, game_id, path, cursor, events)
                    conn.executemany("UPDATE meta SET value = ? WHERE key = ?",
                                     [(str(cursor), "cursor"), (now, "updated_at")])
                    conn.execute("COMMIT")
                except BaseException:
                    _rollback(conn)
                    raise
            except (sqlite3.Error, OSError) as exc:
                self._drop_connection(game_id)
                raise WriteError(write_failure(exc), path, str(exc)) from exc
            if events is not None:
                self._formats[game_id] = FORMAT_VERSION
            head = self._heads.get(game_id)
            steps = head.steps if head is not None else read_head(conn).steps
            self._heads[game_id] = Head(steps, cursor, now)

    def _rewrite_events(self, conn: sqlite3.Connection, game_id: str, path: Path, index: int,
                        events: tuple[Event, ...]) -> None:
        """Step `index`'s events replaced, with its checksum (an older file turned current
        first, as an append does). Inside the caller's write transaction."""
        fmt = self._formats.get(game_id, FORMAT_VERSION)
        if fmt < FORMAT_VERSION:
            self._upgrade(conn, path, fmt)
        command, state = conn.execute("SELECT command, state FROM steps WHERE idx = ?", (index,)).fetchone()
        text = encode_events(events)
        conn.execute("UPDATE steps SET events = ?, crc = ? WHERE idx = ?",
                     (text, row_crc(index, command, state, text), index))

    def delete(self, game_id: str) -> None:
        """Remove a game's file (good, bad or renamed) with its -wal/-shm companions."""
        path = self.path_of(game_id)
        with self._lock:
            self._require_writer()
            self.close(game_id)
            self._listed.pop(path, None)
            try:
                for victim in (path, Path(f"{path}-wal"), Path(f"{path}-shm")):
                    victim.unlink(missing_ok=True)
            except OSError as exc:
                raise WriteError(write_failure(exc), path, str(exc)) from exc
            if self.games_dir.is_dir():
                _fsync_dir(self.games_dir)

    # -- reading ---------------------------------------------------------------

    def load(self, game_id: str, rules: Any = None) -> GameSession:
        """Open a game, checking all of its file. Raises SaveFileError (file untouched)
        or FileNotFoundError.

        Only the state at the cursor is parsed now; the others, and the events, are read
        on demand. ``rules`` defaults to the store's rules, else
        :func:`companion.rules.load_rules`.
        """
        rules = rules if rules is not None else self.rules
        if rules is None:
            from companion.rules import load_rules

            rules = load_rules()
        with self._lock:
            # A fresh look at the file: what another session of this store wrote counts.
            self.close(game_id)
            _conn, game = self._open_checked(game_id)

        def fetch_state(index: int) -> GameState:
            return self._fetch_state(game_id, index)

        def fetch_events(first: int, last: int) -> dict[int, tuple[Event, ...]]:
            return self._fetch_events(game_id, first, last)

        try:
            return GameSession(rules, game.commands, game.cursor, {game.cursor: game.state}, fetch_state,
                               events=game.events, fetch_events=fetch_events)
        except ValueError as exc:
            raise SaveFileError(SAVE_CORRUPT, self.path_of(game_id), str(exc)) from None

    def _checked_state(self, conn: sqlite3.Connection, game_id: str, path: Path, index: int) -> GameState:
        fmt = self._formats.get(game_id, FORMAT_VERSION)
        row = conn.execute(f"SELECT {step_columns(fmt)} FROM steps WHERE idx = ?", (index,)).fetchone()
        if row is None:
            if index < 0 or (conn.execute("SELECT max(idx) FROM steps").fetchone()[0] or 0) < index:
                raise ValueError(f"cursor {index} outside the saved steps")
            raise SaveFileError(SAVE_CORRUPT, path, f"state {index} missing")
        if fmt >= FORMAT_VERSION:
            check_crc(row, path)
        return parse_state(row[2], index, path, legacy_log=fmt == LEGACY_FORMAT)

    def _fetch_state(self, game_id: str, index: int) -> GameState:
        with self._lock:
            return self._noting_damage(game_id, lambda: self._read_state(game_id, index))

    def _read_state(self, game_id: str, index: int) -> GameState:
        path = self.path_of(game_id)
        try:
            conn = self._connection(game_id)
            return self._checked_state(conn, game_id, path, index)
        except sqlite3.Error as exc:
            raise SaveFileError(SAVE_CORRUPT, path, str(exc)) from None
        except FileNotFoundError:
            raise SaveFileError(SAVE_CORRUPT, path, "file missing") from None

    def _fetch_events(self, game_id: str, first: int, last: int) -> dict[int, tuple[Event, ...]]:
        with self._lock:
            return self._noting_damage(game_id, lambda: self._read_events(game_id, first, last))

    def _read_events(self, game_id: str, first: int, last: int) -> dict[int, tuple[Event, ...]]:
        """The events of steps first..last (one query)."""
        with self._lock:
            path = self.path_of(game_id)
            try:
                conn = self._connection(game_id)
                fmt = self._formats.get(game_id, FORMAT_VERSION)
                if fmt == LEGACY_FORMAT:
                    (count,) = conn.execute("SELECT count(*) FROM steps").fetchone()
                    every = legacy_events(conn, path, count)
                    return {index: every[index] for index in range(first, last + 1) if index in every}
                rows = conn.execute(f"SELECT {step_columns(fmt)} FROM steps WHERE idx BETWEEN ? AND ? ORDER BY idx",
                                    (first, last)).fetchall()
            except sqlite3.Error as exc:
                raise SaveFileError(SAVE_CORRUPT, path, str(exc)) from None
            except FileNotFoundError:
                raise SaveFileError(SAVE_CORRUPT, path, "file missing") from None
        if fmt >= FORMAT_VERSION:
            for row in rows:
                check_crc(row, path)
        found = {row[0]: parse_events(row[3], row[0], path) for row in rows}
        if len(found) != last - first + 1:
            raise SaveFileError(SAVE_CORRUPT, path, f"events of steps {first}..{last} missing")
        return found

    def _game_files(self) -> Iterator[Path]:
        if not self.games_dir.is_dir():
            return iter(())
        return (p for p in self.games_dir.iterdir() if p.name.endswith(SUFFIX) and not p.name.startswith("."))

    def list_games(self) -> list[GameSummary]:
        """Every game file, newest first; unusable files appear with ``error_key`` set.
        Each file is checked as a whole, as opening it would."""
        summaries: list[GameSummary] = []
        with self._lock:
            self.claim()
            try:
                paths = list(self._game_files())
            except OSError:
                paths = []
            for path in paths:
                summaries.append(self._summary_of(path))
        summaries.sort(key=lambda summary: summary.updated_at, reverse=True)
        return summaries

    def _summary_of(self, path: Path) -> GameSummary:
        game_id = path.name[: -len(SUFFIX)]
        if game_id in self._connections:
            try:
                return self._open_summary(game_id, path)
            except Exception as exc:  # noqa: BLE001 - a single bad file must not hide the others
                return self._error_summary(path, exc)
        mark = _fingerprint(path)
        cached = self._listed.get(path)
        if cached is not None and cached[0] == mark:
            return cached[1]
        try:
            summary = self._closed_summary(game_id, path)
        except Exception as exc:  # noqa: BLE001 - a single bad file must not hide the others
            summary = self._error_summary(path, exc)
        self._listed[path] = (mark, summary)
        return summary

    def _open_summary(self, game_id: str, path: Path) -> GameSummary:
        """A game this store has open (checked when it was opened)."""
        meta, state = read_summary(self._connections[game_id], path)
        return self._summary(game_id, path, meta.title, meta.updated_at, state)

    def _closed_summary(self, game_id: str, path: Path) -> GameSummary:
        self._game_path(game_id)
        if not path.is_file():
            raise SaveFileError(SAVE_FOREIGN, path, "not a file")
        check_header(path)
        if self.claim() is None and not os.access(path, os.W_OK):
            raise SaveFileError(SAVE_READ_ONLY, path)
        game = self._read_checked(path)
        return self._summary(game_id, path, game.title, game.updated_at, game.state)

    @staticmethod
    def _summary(game_id: str, path: Path, title: str, updated_at: datetime, state: GameState) -> GameSummary:
        return GameSummary(
            game_id=game_id,
            title=title,
            path=path,
            updated_at=updated_at,
            players=tuple((member.name, member.character) for member in state.crew),
            time=state.time,
            round=state.round,
            # A Victory Check under way is not finished: a restart resumes it.
            is_over=state.is_over and not state.victory_in_progress,
        )

    @staticmethod
    def _error_summary(path: Path, exc: BaseException) -> GameSummary:
        params: tuple[tuple[str, str], ...] = ()
        if isinstance(exc, StoreError):
            key = exc.key
            params = tuple(exc.params.items())
        elif isinstance(exc, PermissionError):
            key = SAVE_NO_ACCESS
        else:
            key = SAVE_CORRUPT
        try:
            mtime = datetime.fromtimestamp(path.stat().st_mtime, tz=timezone.utc)
        except OSError:
            mtime = datetime.fromtimestamp(0, tz=timezone.utc)
        return GameSummary(game_id=path.name[: -len(SUFFIX)], title="", path=path, updated_at=mtime, error_key=key,
                           error_params=params)
