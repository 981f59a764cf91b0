"""One writer per data folder: an OS lock (``filelock``) on ``<data_dir>/writer.lock``,
held by the process until it ends (the OS drops it when the process dies, even when killed).

Locks are counted per process, so several stores in one process share the folder.
"""
from __future__ import annotations

import os
import threading
from pathlib import Path

from filelock import FileLock, Timeout

LOCK_NAME = "writer.lock"


class FolderBusy(Exception):
    """Another process holds the folder's lock."""


class LockLost(Exception):
    """This process's lock file was deleted or replaced (a cleanup or sync tool): the OS
    lock is on a file nobody else sees, so another process may have taken the new one."""


def _note_holder(fd: int) -> None:
    """Which process holds the lock, for a person looking at the folder."""
    try:
        os.ftruncate(fd, 0)
        os.write(fd, f"{os.getpid()}\n".encode())
    except OSError:
        pass


_locks: dict[str, FileLock] = {}  # folder -> its lock, counting this process's users
_held: dict[str, tuple[int, int]] = {}  # folder -> (device, inode) of the file its lock is on
_guard = threading.Lock()


def _identity(stat: os.stat_result) -> tuple[int, int]:
    return stat.st_dev, stat.st_ino


def _acquired(key: str, fd: int) -> None:
    _held[key] = _identity(os.fstat(fd))
    _note_holder(fd)


def _on_its_file(key: str) -> bool:
    try:
        return _held.get(key) == _identity(os.stat(os.path.join(key, LOCK_NAME)))
    except OSError:
        return False


def acquire(folder: Path) -> bool:
    """Hold `folder`'s lock for this process. True when this call took it from nobody
    (the first user in this process); raises FolderBusy when another process has it and
    OSError when the lock file cannot be created or its file system refuses locks."""
    key = os.path.realpath(folder)
    with _guard:
        lock = _locks.get(key)
        if lock is None:
            # Shared by every thread of the process. preserve_lock_file: the OS lock only
            # (no marker-file fallback), and the file stays on every system.
            lock = _locks[key] = FileLock(os.path.join(key, LOCK_NAME), thread_local=False,
                                          preserve_lock_file=True,
                                          on_acquired=lambda fd, key=key: _acquired(key, fd))
        first = not lock.is_locked
        if not first and not _on_its_file(key):
            raise LockLost(key)
        try:
            lock.acquire(blocking=False)
        except Timeout:
            raise FolderBusy(key) from None
        return first


def still_held(folder: Path) -> bool:
    """Whether this process's lock on `folder` is still on the folder's lock file (the
    file was not deleted or replaced since it was taken)."""
    key = os.path.realpath(folder)
    with _guard:
        lock = _locks.get(key)
        return lock is not None and lock.is_locked and _on_its_file(key)


def release(folder: Path) -> None:
    key = os.path.realpath(folder)
    with _guard:
        lock = _locks.get(key)
        if lock is not None and lock.is_locked:
            lock.release()  # the last user's release drops the OS lock
