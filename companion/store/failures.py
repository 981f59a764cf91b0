"""What a failed write or open means for the players: an OS or SQLite error turned into
the locale key of the message they see."""
from __future__ import annotations

import errno
import sqlite3

from .errors import (FOLDER_READ_ONLY, FOLDER_UNUSABLE, SAVE_DISK_FULL, SAVE_NO_ACCESS, SAVE_OPEN_FAILED,
                     SAVE_READ_ONLY, SAVE_WRITE_FAILED)

# SQLite's primary result codes (the low byte of an extended code).
_SQLITE_PERM, _SQLITE_READONLY, _SQLITE_FULL, _SQLITE_CANTOPEN, _SQLITE_AUTH = 3, 8, 13, 14, 23
_NO_SPACE = {errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)}
_NOT_ALLOWED = {errno.EACCES, errno.EPERM, errno.EROFS}


def _sqlite_code(exc: sqlite3.Error) -> int | None:
    code = getattr(exc, "sqlite_errorcode", None)
    return code & 0xFF if isinstance(code, int) else None


def write_failure(exc: BaseException) -> str:
    """The key for a change that could not be saved."""
    if isinstance(exc, sqlite3.Error):
        code, text = _sqlite_code(exc), str(exc).lower()
        if code == _SQLITE_FULL or "disk is full" in text:
            return SAVE_DISK_FULL
        if code in (_SQLITE_READONLY, _SQLITE_PERM, _SQLITE_AUTH) or "readonly" in text:
            return SAVE_READ_ONLY
        return SAVE_WRITE_FAILED
    if isinstance(exc, OSError):
        if exc.errno in _NO_SPACE:
            return SAVE_DISK_FULL
        if exc.errno in _NOT_ALLOWED:
            return SAVE_READ_ONLY
    return SAVE_WRITE_FAILED


def open_failure(exc: BaseException) -> str:
    """The key for a file that can be read but not opened for writing."""
    if isinstance(exc, sqlite3.Error):
        code = _sqlite_code(exc)
        if code in (_SQLITE_READONLY, _SQLITE_PERM, _SQLITE_AUTH) or "readonly" in str(exc).lower():
            return SAVE_READ_ONLY
        if code == _SQLITE_CANTOPEN:
            return SAVE_NO_ACCESS
    if isinstance(exc, OSError) and exc.errno in _NOT_ALLOWED:
        return SAVE_READ_ONLY
    # Opening for play makes the -wal and -shm files: a full disk, or an I/O error, refuses
    # them while the file itself is healthy.
    return SAVE_OPEN_FAILED


def folder_failure(exc: OSError) -> str:
    """The key for a data folder this process cannot write in."""
    return FOLDER_READ_ONLY if exc.errno in _NOT_ALLOWED else FOLDER_UNUSABLE
