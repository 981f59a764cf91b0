"""Skip a test for a missing tool on a developer's machine, but fail in CI.

CI sets REQUIRE_BROWSER=1 and REQUIRE_SPELLCHECK=1, so nothing it must check is skipped.
"""
from __future__ import annotations

import os

import pytest


def skip_or_fail(reason: str, *, required_by: str) -> None:
    if os.environ.get(required_by) == "1":
        pytest.fail(f"{reason} ({required_by}=1)")
    pytest.skip(reason)
