"""Errors the saving layer reports. Each is a ValueError carrying ``.key``, a locale key
the screens show, and ``.params``, the values its text needs."""
from __future__ import annotations

import hashlib
import unicodedata
from pathlib import Path

# A file that cannot be opened (listed with this reason, never modified).
SAVE_CORRUPT = "error.save_corrupt"
SAVE_FOREIGN = "error.save_foreign"
SAVE_NEWER = "error.save_newer"
SAVE_RENAMED = "error.save_renamed"
SAVE_NO_ACCESS = "error.save_no_access"
SAVE_READ_ONLY = "error.save_read_only"
# A change that could not be saved (nothing was written).
SAVE_DISK_FULL = "error.save_disk_full"
SAVE_WRITE_FAILED = "error.save_write_failed"
SAVE_OUT_OF_STEP = "error.save_out_of_step"
# A file found damaged while its game was open: nothing more is written to it.
SAVE_DAMAGED_WHILE_OPEN = "error.save_damaged_while_open"
# ... and the game went on in a new file, rebuilt from every step played.
SAVE_FORKED = "error.save_forked"
# A healthy file that could not be opened for play (its -wal and -shm could not be made).
SAVE_OPEN_FAILED = "error.save_open_failed"
# The data folder as a whole.
FOLDER_IN_USE = "error.data_dir_in_use"
FOLDER_READ_ONLY = "error.data_dir_read_only"
FOLDER_UNUSABLE = "error.data_dir_unusable"
# The folder's lock file was deleted or replaced while this process wrote there.
FOLDER_LOCK_LOST = "error.data_dir_lock_lost"

FILE_KEYS = (SAVE_CORRUPT, SAVE_FOREIGN, SAVE_NEWER, SAVE_RENAMED, SAVE_NO_ACCESS, SAVE_READ_ONLY,
             SAVE_DISK_FULL, SAVE_WRITE_FAILED, SAVE_OUT_OF_STEP, SAVE_DAMAGED_WHILE_OPEN, SAVE_FORKED,
             SAVE_OPEN_FAILED)
FOLDER_KEYS = (FOLDER_IN_USE, FOLDER_READ_ONLY, FOLDER_UNUSABLE, FOLDER_LOCK_LOST)


class StoreError(ValueError):
    """Something about saved games the table must be told; ``path`` is the file or folder."""

    def __init__(self, key: str, path: Path | str, detail: str = "") -> None:
        self.key = key
        self.path = Path(path)
        self.detail = detail
        message = f"{key}: {self.path}"
        if detail:
            message += f" ({detail})"
        super().__init__(message)

    @property
    def params(self) -> dict[str, str]:
        if self.key in FOLDER_KEYS:
            return {"folder": str(self.path)}
        if self.key == SAVE_RENAMED:
            return {"file": self.path.name, "name": self.path.with_name(renamed_back(self.path.name)).name}
        return {"file": self.path.name}


def renamed_back(file_name: str) -> str:
    """A name the app opens, close to a copied or renamed file's ("backup (1).sqlite3" ->
    "backup1.sqlite3"): renaming the file to it recovers the game."""
    stem = file_name[: -len(".sqlite3")] if file_name.endswith(".sqlite3") else file_name
    plain = unicodedata.normalize("NFKD", stem)
    kept = "".join(ch for ch in plain if ch.isascii() and (ch.isalnum() or ch in "_-"))
    return f"{kept[:100] or hashlib.md5(stem.encode()).hexdigest()}.sqlite3"


class SaveFileError(StoreError):
    """A save file that cannot be used: damaged, not ours, renamed, from a newer app,
    or not readable or writable. The file is never modified when this is raised."""


class WriteError(StoreError):
    """A change that was not saved (disk full, I/O error, read-only, another writer).
    Nothing was written: the file holds what it held before the call."""
