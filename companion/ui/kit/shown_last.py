"""What a part showed last, to tell news from what was already there: a newly drawn token
or a new result is brought into view once, while a screen's first show only notes what
it finds (the table may have scrolled away from an old one on purpose)."""
from __future__ import annotations

_NEVER = object()


class ShownLast:
    def __init__(self) -> None:
        self.value: object = _NEVER

    def is_new(self, value: object) -> bool:
        """Note `value` as shown; whether it is a new one (never None, never the first)."""
        new = value is not None and value != self.value and self.value is not _NEVER
        self.value = value
        return new
