"""Where the packaged data folders live, in a checkout and in an installed wheel."""
from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent.parent  # companion/, above reading/


def _data_dir(name: str) -> Path:
    installed = _PACKAGE / "_data" / name
    if installed.is_dir():
        return installed
    return _PACKAGE.parent / name


def rules_dir() -> Path:
    return _data_dir("rules_data")


def locales_dir() -> Path:
    return _data_dir("locales")
