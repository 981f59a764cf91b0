"""The browser tests' one scale factor for slow machines (tests/browser/slowness.py): every
time limit and pause is multiplied by COMPANION_TEST_SLOWNESS, and a value that is not a
positive number is refused at once rather than read as something else."""
from __future__ import annotations

import importlib
import os

import pytest

from tests.browser import slowness


def _loaded(monkeypatch, value: str | None):
    if value is None:
        monkeypatch.delenv(slowness.SLOWNESS_VARIABLE, raising=False)
    else:
        monkeypatch.setenv(slowness.SLOWNESS_VARIABLE, value)
    return importlib.reload(slowness)


# The factor this run was started with, put back after each test.
STARTED_WITH = os.environ.get(slowness.SLOWNESS_VARIABLE)


def test_times_follow_the_slowness_factor(monkeypatch):
    try:
        assert _loaded(monkeypatch, None).scaled(20) == 20
        slow = _loaded(monkeypatch, "2.5")
        assert slow.scaled(20) == 50 and slow.scaled_ms(300) == 750
    finally:
        _loaded(monkeypatch, STARTED_WITH)


@pytest.mark.parametrize("value", ["fast", "0", "-1"])
def test_a_slowness_that_is_not_a_positive_number_is_refused(monkeypatch, value):
    try:
        with pytest.raises(ValueError, match="COMPANION_TEST_SLOWNESS"):
            _loaded(monkeypatch, value)
    finally:
        _loaded(monkeypatch, STARTED_WITH)
