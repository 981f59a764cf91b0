"""Join secrets on disk, so phones rejoin with the same link after the host restarts."""
from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path

from companion.hosting.secrets import JoinSecrets

FILE_MODE = 0o600


class SecretStore:
    """One JSON file, readable by its owner only, replaced atomically on every save."""

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)

    def __repr__(self) -> str:
        return f"SecretStore({str(self.path)!r})"

    def load(self) -> JoinSecrets | None:
        """The saved secrets, or None when there are none yet.

        Raises SecretsFormatError for a damaged file; the caller decides whether to
        issue new secrets (every phone then scans again).
        """
        try:
            text = self.path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return None
        return JoinSecrets.from_json(text)

    def save(self, secrets: JoinSecrets) -> None:
        data = secrets.to_json().encode("utf-8")
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd, temp_name = tempfile.mkstemp(prefix=f".{self.path.name}.", suffix=".tmp", dir=self.path.parent)
        try:
            # mkstemp already creates the file 0600; chmod again in case of an unusual umask policy.
            os.chmod(temp_name, FILE_MODE)
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
                handle.flush()
                os.fsync(handle.fileno())
            os.replace(temp_name, self.path)
        except BaseException:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(temp_name)
            raise
        _fsync_dir(self.path.parent)

    def delete(self) -> None:
        with contextlib.suppress(FileNotFoundError):
            self.path.unlink()


def _fsync_dir(directory: Path) -> None:
    # Makes the rename itself durable; directories cannot be opened this way on Windows.
    if os.name != "posix":
        return
    fd = os.open(directory, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
