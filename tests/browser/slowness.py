"""One scale factor for slow machines: every time limit and every pause of the browser
tests is multiplied by `COMPANION_TEST_SLOWNESS` (1 by default; CI may set 2 or 3).
Tests wait by conditions; this only says how long a condition may take here."""
from __future__ import annotations

import os

SLOWNESS_VARIABLE = "COMPANION_TEST_SLOWNESS"


def _slowness() -> float:
    raw = os.environ.get(SLOWNESS_VARIABLE, "1")
    try:
        value = float(raw)
    except ValueError:
        raise ValueError(f"{SLOWNESS_VARIABLE} must be a number (how much slower this machine is), not {raw!r}")
    if value <= 0:
        raise ValueError(f"{SLOWNESS_VARIABLE} must be above 0, not {raw!r}")
    return value


SLOWNESS = _slowness()


def scaled(seconds: float) -> float:
    """`seconds` on this machine: a time limit or a pause, times the slowness factor."""
    return seconds * SLOWNESS


def scaled_ms(milliseconds: float) -> float:
    return milliseconds * SLOWNESS
