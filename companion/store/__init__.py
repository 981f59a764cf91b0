"""Saving games: one SQLite file per game (stdlib sqlite3 + pydantic, no UI)."""
from .errors import SAVE_CORRUPT, SAVE_FOREIGN, SAVE_NEWER, SaveFileError
from .game_store import APP_ID, FORMAT_VERSION, GameStore, GameSummary

__all__ = [
    "APP_ID",
    "FORMAT_VERSION",
    "GameStore",
    "GameSummary",
    "SAVE_CORRUPT",
    "SAVE_FOREIGN",
    "SAVE_NEWER",
    "SaveFileError",
]
