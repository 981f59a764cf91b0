"""The suite's guard against a loop left marked as running (tests/conftest.py): without it,
one such test breaks every later test on its worker that runs a loop."""
from __future__ import annotations

import asyncio

import pytest

pytest_plugins = ("pytester",)


def test_a_loop_left_running_is_cleared_and_named(pytester):
    pytester.makeconftest("from tests.conftest import _no_loop_left_running  # noqa: F401\n")
    pytester.makepyfile(
        """
        import asyncio

        def test_leaves_a_loop():
            asyncio.events._set_running_loop(asyncio.new_event_loop())

        def test_runs_a_loop_after_it():
            loop = asyncio.new_event_loop()
            try:
                assert loop.run_until_complete(asyncio.sleep(0, result=7)) == 7
            finally:
                loop.close()
        """
    )
    result = pytester.runpytest("-p", "no:cacheprovider", "-n", "0", "-W", "always")
    result.assert_outcomes(passed=2)
    result.stdout.fnmatch_lines(["*test_leaves_a_loop left an asyncio loop running*"])
    assert asyncio.events._get_running_loop() is None
