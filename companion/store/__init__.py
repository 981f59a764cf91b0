"""Saving games: one SQLite file per game (stdlib sqlite3 + pydantic, no UI)."""
from .errors import (FOLDER_IN_USE, FOLDER_READ_ONLY, FOLDER_UNUSABLE, SAVE_CORRUPT, SAVE_DISK_FULL, SAVE_FOREIGN,
                     SAVE_NEWER, SAVE_NO_ACCESS, SAVE_OUT_OF_STEP, SAVE_READ_ONLY, SAVE_RENAMED, SAVE_WRITE_FAILED,
                     SaveFileError, StoreError, WriteError)
from .game_store import GameStore, GameSummary
from .reading import APP_ID, FORMAT_VERSION

__all__ = [
    "APP_ID",
    "FORMAT_VERSION",
    "GameStore",
    "GameSummary",
    "FOLDER_IN_USE",
    "FOLDER_READ_ONLY",
    "FOLDER_UNUSABLE",
    "SAVE_CORRUPT",
    "SAVE_DISK_FULL",
    "SAVE_FOREIGN",
    "SAVE_NEWER",
    "SAVE_NO_ACCESS",
    "SAVE_OUT_OF_STEP",
    "SAVE_READ_ONLY",
    "SAVE_RENAMED",
    "SAVE_WRITE_FAILED",
    "SaveFileError",
    "StoreError",
    "WriteError",
]
