"""Who looks at a game: the table (the shared screen), one seat (a player's phone), or
nobody (a browser that has not joined)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Literal


@dataclass(frozen=True)
class Viewer:
    """Who looks: `table`, `seat` (with its number) or `nobody`."""

    kind: Literal["table", "seat", "nobody"]
    seat: int | None = None

    def __post_init__(self) -> None:
        if (self.kind == "seat") != (self.seat is not None):
            raise ValueError("a seat viewer names its seat, and only a seat viewer does")

    @property
    def is_table(self) -> bool:
        return self.kind == "table"

    def __str__(self) -> str:
        return f"seat {self.seat}" if self.kind == "seat" else self.kind


TABLE = Viewer("table")
NOBODY = Viewer("nobody")


def seat_viewer(seat: int) -> Viewer:
    return Viewer("seat", seat)
