"""One writer per data folder: an OS lock on ``<data_dir>/writer.lock``, held by the
process until it ends (the OS drops it when the process dies, even when killed).

Locks are counted per process, so several stores in one process share the folder.
"""
from __future__ import annotations

import errno
import os
import threading
from pathlib import Path

LOCK_NAME = "writer.lock"

if os.name == "nt":  # pragma: no cover - exercised on Windows only
    import msvcrt

    def _try_lock(fd: int) -> bool:
        os.lseek(fd, 0, os.SEEK_SET)
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True

else:
    import fcntl

    def _try_lock(fd: int) -> bool:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        except OSError as exc:
            # A file system without locks (some network shares): nothing to coordinate with.
            if exc.errno in (errno.ENOLCK, errno.ENOTSUP, errno.EOPNOTSUPP):
                return True
            raise
        return True


def _note_holder(fd: int) -> None:
    """Which process holds the lock, for a person looking at the folder."""
    try:
        os.ftruncate(fd, 0)
        os.write(fd, f"{os.getpid()}\n".encode())
    except OSError:
        pass


class FolderBusy(Exception):
    """Another process holds the folder's lock."""


_held: dict[str, list[int]] = {}  # folder -> [fd, users]
_guard = threading.Lock()


def acquire(folder: Path) -> bool:
    """Hold `folder`'s lock for this process. True when this call took it from nobody
    (the first user in this process); raises FolderBusy when another process has it and
    OSError when the lock file cannot be created."""
    key = os.path.realpath(folder)
    with _guard:
        held = _held.get(key)
        if held is not None:
            held[1] += 1
            return False
        fd = os.open(os.path.join(key, LOCK_NAME), os.O_RDWR | os.O_CREAT, 0o644)
        try:
            if not _try_lock(fd):
                raise FolderBusy(key)
            _note_holder(fd)
        except BaseException:
            os.close(fd)
            raise
        _held[key] = [fd, 1]
        return True


def release(folder: Path) -> None:
    key = os.path.realpath(folder)
    with _guard:
        held = _held.get(key)
        if held is None:
            return
        held[1] -= 1
        if held[1] == 0:
            del _held[key]
            os.close(held[0])  # closing the descriptor drops the lock
