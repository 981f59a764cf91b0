"""Shared fixtures for the engine tests (the shipped rules, a quick game factory), and how
a run spreads its tests over the processor's cores."""
from __future__ import annotations

import os
from pathlib import Path
from typing import Callable

import pytest

# A screen's part skipped as unchanged is shown anyway and must set nothing (kit.kept's
# CHECK_SKIPS), here and in the servers the browser tests start (they inherit it).
os.environ["NEMESIS_CHECK_SKIPS"] = "1"

from companion.engine import GameSession, Mode, NewGame, PlayerSetup, Section
from companion.rules import Rules, load_rules

CHARACTERS = ("hacker", "janitor", "sentry", "xenobiologist", "survivor", "lab_rat")


@pytest.fixture(scope="session")
def rules() -> Rules:
    return load_rules()


def setup_command(
    players: int = 3,
    seed: int = 1,
    layout: dict[Section, int] | None = None,
    mode: Mode | str = "standard",
) -> NewGame:
    return NewGame(
        players=tuple(
            PlayerSetup(name=f"Player {i + 1}", character=CHARACTERS[i]) for i in range(players)
        ),
        mode=Mode(mode),
        seed=seed,
        power_layout=layout,
    )


@pytest.fixture
def make_game(rules: Rules) -> Callable[..., GameSession]:
    """make_game(players=3, seed=1, layout=None, mode="standard") -> a fresh GameSession."""

    def factory(
        players: int = 3,
        seed: int = 1,
        layout: dict[Section, int] | None = None,
        mode: Mode | str = "standard",
    ) -> GameSession:
        return GameSession.start(setup_command(players, seed, layout, mode), rules)

    return factory


# --------------------------------------------------------------------- helpers (import from tests.conftest)
def cmd(type_: str, **fields):
    """A command from its JSON form, e.g. cmd("enter_pod", seat=1, pod="A")."""
    from companion.engine import parse_command

    return parse_command({"type": type_, **fields})


def do(session: GameSession, type_: str, **fields):
    """Execute one command and return the new state (its events: new_keys / events_of)."""
    from tests.support.journal import remember

    step = session.execute(cmd(type_, **fields))
    return remember(step.state, step.events)


def refused(session: GameSession, key: str, type_: str, **fields):
    """Assert the command is refused with `key` and that nothing changed; return the error."""
    from companion.engine import IllegalCommand

    before = session.state.model_dump_json()
    cursor = session.cursor
    with pytest.raises(IllegalCommand) as info:
        session.execute(cmd(type_, **fields))
    assert info.value.key == key, (info.value.key, info.value.params)
    assert session.cursor == cursor
    assert session.state.model_dump_json() == before
    return info.value


def advance_to(session: GameSession, slot: int):
    """Advance Time until the Time token is on `slot`."""
    assert session.state.time >= slot
    while session.state.time > slot:
        do(session, "advance_time")
    return session.state


def keys(session: GameSession) -> list[str]:
    """Every key the game wrote up to its cursor, oldest first (engine-only lines too)."""
    from tests.support.journal import journal

    return [event.key for event in journal(session)]


def new_keys(state) -> list[str]:
    """Keys written by the command that produced `state` (through do() or run())."""
    from tests.support.journal import events_of

    return [event.key for event in events_of(state)]


BROWSER_TESTS = Path(__file__).resolve().parent / "browser"
BROWSER_NODEIDS = "tests/browser/"


_PRIORITY = {"chosen": False}


def pytest_runtest_setup(item):
    """A browser test lives in tests/browser/: that is how the run finds the ones to keep
    on one worker (below). In a run with browser tests, the worker that does not start
    with them gives way to the one that does: a Flutter page starved of the processor
    freezes, a check of the engine only takes longer (and has minutes to spare)."""
    if item.get_closest_marker("browser") is not None and BROWSER_TESTS not in item.path.parents:
        pytest.fail("a browser test belongs in tests/browser/ (they run on one worker, one at a time)")
    if not _PRIORITY["chosen"]:
        _PRIORITY["chosen"] = True
        in_browser = [BROWSER_TESTS in test.path.parents for test in (item, *item.session.items)]
        if os.environ.get("PYTEST_XDIST_WORKER") and not in_browser[0] and any(in_browser[1:]):
            os.nice(10)


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config, log):
    """With `--dist loadgroup` (pyproject.toml), every test in tests/browser/ runs on one
    worker, one after another and from the start of the run: two Flutter pages drawing at
    once on two cores freeze more often, and the browser tests are the run's longest part.
    Every other test goes to whichever worker is free. (The groups are read from the test's
    path: pytest-xdist's own `xdist_group` marks are lost on pytest 9.2.)"""
    if config.getvalue("dist") != "loadgroup":
        return None
    from xdist.scheduler import LoadScopeScheduling

    class BrowserTestsOnOneWorker(LoadScopeScheduling):
        # The largest unit is handed out first: the browser tests, as one unit.
        def _split_scope(self, nodeid: str) -> str:
            return BROWSER_NODEIDS if nodeid.startswith(BROWSER_NODEIDS) else nodeid

    return BrowserTestsOnOneWorker(config, log)


@pytest.fixture(autouse=True)
def _forget_events():
    yield
    from tests.support.journal import forget

    forget()


class LoopLeftRunning(UserWarning):
    """A test left an asyncio loop marked as running in the worker's main thread."""


@pytest.fixture(autouse=True)
def _no_loop_left_running(request):
    """A loop a test leaves marked as running in the main thread would make every later test
    on the worker that runs a loop fail ("another loop is running"), as a Playwright kept
    beyond its browser test once did: the mark is cleared, and the test is named in a warning."""
    import asyncio
    import warnings

    before = asyncio.events._get_running_loop()
    yield
    if before is None and asyncio.events._get_running_loop() is not None:
        asyncio.events._set_running_loop(None)
        warnings.warn(LoopLeftRunning(f"{request.node.nodeid} left an asyncio loop running"), stacklevel=1)


LAYOUT_1234 = {Section.S01: 1, Section.S02: 2, Section.S03: 3, Section.ELEVATOR: 4}
