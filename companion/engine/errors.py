"""Errors a player can read: each carries a locale key and its parameters."""
from __future__ import annotations

from typing import Any


class IllegalCommand(ValueError):
    """A command that the rules (or the current state) do not allow."""

    def __init__(self, key: str, **params: Any) -> None:
        self.key = key
        self.params = params
        super().__init__(f"{key} {params}" if params else key)


def require(condition: bool, key: str, **params: Any) -> None:
    if not condition:
        raise IllegalCommand(key, **params)
