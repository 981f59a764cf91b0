"""Errors the saving layer reports; ``.key`` is a locale key the UI can show."""
from __future__ import annotations

from pathlib import Path

SAVE_CORRUPT = "error.save_corrupt"
SAVE_FOREIGN = "error.save_foreign"
SAVE_NEWER = "error.save_newer"


class SaveFileError(ValueError):
    """A save file that cannot be used: damaged, not ours, or from a newer app.

    The file is never modified when this is raised.
    """

    def __init__(self, key: str, path: Path | str, detail: str = "") -> None:
        self.key = key
        self.path = Path(path)
        self.detail = detail
        message = f"{key}: {self.path}"
        if detail:
            message += f" ({detail})"
        super().__init__(message)
