"""A browser test that stopped answering is run once more (tests/browser/conftest.py): the
rerun must start where the first try did. So no fixture that starts the app is shared
beyond one test: a shared one would hand the rerun the first try's game (the table opens
on it). Chromium outlives a test only as the worker's SharedChromium: each test opens
contexts of its own, closed when it ends, and a test that failed takes the browser with
it, so its rerun starts in a new one, not beside the first try's frozen page."""
from __future__ import annotations

import ast
import sys
from pathlib import Path
from types import SimpleNamespace

from tests.browser.conftest import SharedChromium

BROWSER_TESTS = Path(__file__).resolve().parent / "browser"
# Calls that start an app, and calls that start a browser.
APP_STARTERS = {"running_app", "Server"}
BROWSER_STARTERS = {"launch", "launch_persistent_context", "connect", "connect_over_cdp", "sync_playwright",
                    "SharedChromium", "for_test"}
# The one fixture that may keep Chromium beyond a test (what it does is tested below).
SHARED_CHROMIUM = "conftest.py::chromium_process"


def _scope(decorator: ast.expr) -> str | None:
    """The scope a @pytest.fixture decorator names ("function" when it names none); None
    for a decorator that is not a fixture."""
    call = decorator if isinstance(decorator, ast.Call) else None
    target = call.func if call is not None else decorator
    if not (isinstance(target, ast.Attribute) and target.attr == "fixture"):
        return None
    for keyword in call.keywords if call is not None else []:
        if keyword.arg == "scope" and isinstance(keyword.value, ast.Constant):
            return keyword.value.value
    return "function"


def _starts(function: ast.FunctionDef) -> set[str]:
    found = set()
    for node in ast.walk(function):
        if isinstance(node, ast.Call):
            name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", None)
            if name in APP_STARTERS | BROWSER_STARTERS:
                found.add(name)
    return found


def _shared_starters() -> list[str]:
    shared = []
    for path in sorted(BROWSER_TESTS.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if not isinstance(node, ast.FunctionDef):
                continue
            scopes = [scope for scope in map(_scope, node.decorator_list) if scope is not None]
            starts = _starts(node)
            if not scopes or scopes[0] == "function" or not starts:
                continue
            if starts & APP_STARTERS or f"{path.name}::{node.name}" != SHARED_CHROMIUM:
                shared.append(f"{path.name}::{node.name} ({scopes[0]}): {sorted(starts)}")
    return shared


def test_no_browser_fixture_that_starts_the_app_or_a_browser_outlives_its_test():
    assert _shared_starters() == []


def test_the_check_sees_a_shared_app_or_browser(tmp_path, monkeypatch):
    """The check itself: a shared fixture starting the app is found, even under the shared
    browser's name, and so is any other fixture keeping a browser beyond its test."""
    (tmp_path / "test_x.py").write_text(
        "import pytest\n\n"
        "@pytest.fixture(scope='module')\n"
        "def app_url(tmp_path_factory):\n"
        "    with running_app(tmp_path_factory.mktemp('g'), None) as table:\n"
        "        yield table\n\n"
        "@pytest.fixture\n"
        "def own(tmp_path):\n"
        "    with running_app(tmp_path, None) as table:\n"
        "        yield table\n\n"
        "@pytest.fixture(scope='session')\n"
        "def chromium_process(playwright):\n"
        "    yield playwright.chromium.launch()\n", "utf-8")
    (tmp_path / "conftest.py").write_text(
        "import pytest\n\n"
        "@pytest.fixture(scope='session')\n"
        "def chromium_process():\n"
        "    with running_app(None, None) as table:\n"
        "        yield SharedChromium(table)\n\n"
        "@pytest.fixture(scope='module')\n"
        "def pages():\n"
        "    with sync_playwright() as playwright:\n"
        "        yield playwright\n\n"
        "@pytest.fixture(scope='session')\n"
        "def browser(chromium_process):\n"
        "    yield chromium_process.for_test()\n", "utf-8")
    monkeypatch.setattr(sys.modules[__name__], "BROWSER_TESTS", tmp_path)
    assert _shared_starters() == [
        "conftest.py::chromium_process (session): ['SharedChromium', 'running_app']",
        "conftest.py::pages (module): ['sync_playwright']",
        "conftest.py::browser (session): ['for_test']",
        "test_x.py::app_url (module): ['running_app']",
        "test_x.py::chromium_process (session): ['launch']",
    ]


# --------------------------------------------------------------------- SharedChromium
class _Context:
    def __init__(self, browser, refuses_to_close: bool = False) -> None:
        self.browser, self.refuses_to_close = browser, refuses_to_close

    def close(self) -> None:
        if self.refuses_to_close:
            raise RuntimeError("Target page, context or browser has been closed")
        self.browser.contexts.remove(self)


class _Browser:
    def __init__(self, log: list[str], number: int) -> None:
        self.log, self.number, self.contexts, self.connected = log, number, [], True

    def new_context(self, **_options) -> _Context:
        context = _Context(self)
        self.contexts.append(context)
        return context

    def is_connected(self) -> bool:
        return self.connected

    def close(self) -> None:
        self.connected = False
        self.log.append(f"close browser {self.number}")


class _Playwright:
    """Stands in for a started Playwright: launches numbered browsers, logs what happens."""

    def __init__(self, log: list[str]) -> None:
        self.log = log
        self.chromium = SimpleNamespace(launch=self._launch)

    def _launch(self, **_options) -> _Browser:
        number = sum(line.startswith("launch") for line in self.log) + 1
        self.log.append(f"launch {number}")
        return _Browser(self.log, number)

    def stop(self) -> None:
        self.log.append("stop playwright")


def _test(call_failed: bool = False, setup_failed: bool = False):
    """A test item as the browser conftest's makereport hook leaves it."""
    return SimpleNamespace(rep_setup=SimpleNamespace(failed=setup_failed),
                           rep_call=SimpleNamespace(failed=call_failed))


def _shared() -> tuple[SharedChromium, list[str]]:
    log: list[str] = []

    def start():
        log.append("start playwright")
        return _Playwright(log)

    return SharedChromium(start), log


def test_passing_tests_share_one_browser_and_each_leaves_no_context_behind():
    shared, log = _shared()
    first = shared.for_test()
    first.new_context()
    first.new_context()
    shared.after_test(_test())
    assert first.contexts == []
    second = shared.for_test()
    assert second is first
    assert log == ["start playwright", "launch 1"]


def test_a_failed_test_takes_the_browser_with_it_so_its_rerun_starts_in_a_new_one():
    for failed in (_test(call_failed=True), _test(setup_failed=True)):
        shared, log = _shared()
        first = shared.for_test()
        first.new_context()
        shared.after_test(failed)
        assert log == ["start playwright", "launch 1", "close browser 1", "stop playwright"]
        rerun = shared.for_test()
        assert rerun is not first and rerun.contexts == []
        assert log[-2:] == ["start playwright", "launch 2"]


def test_a_context_that_will_not_close_or_a_browser_that_went_away_is_not_handed_on():
    shared, log = _shared()
    first = shared.for_test()
    first.contexts.append(_Context(first, refuses_to_close=True))
    shared.after_test(_test())
    assert shared.for_test() is not first
    second = shared.for_test()
    second.connected = False  # Chromium crashed between two tests
    assert shared.for_test() is not second
    assert [line for line in log if line.startswith("launch")] == ["launch 1", "launch 2", "launch 3"]


class _Locator:
    def __init__(self, count):
        self._count = count

    def count(self) -> int:
        if isinstance(self._count, Exception):
            raise self._count
        return self._count


def _page_with(nodes) -> "object":
    from tests.browser.flutter_page import FlutterPage

    page = FlutterPage.__new__(FlutterPage)
    page.page = SimpleNamespace(locator=lambda selector: _Locator(nodes), wait_for_timeout=lambda ms: None)
    return page


def test_a_wait_that_ran_out_on_a_blank_page_is_run_again_and_any_other_is_not():
    """A page whose accessibility tree went empty (a blank canvas: the renderer died) is the
    same fault as one that stopped answering: rerun once. A wait that ran out on a live page
    is the test's own failure: never rerun."""
    import pytest
    from pytest_rerunfailures import _matches_any_rerun_error

    from tests.browser.conftest import PAGE_STOPPED_ANSWERING, PAGE_WENT_BLANK
    from tests.browser.flutter_page import PageStoppedAnswering

    reruns = [PAGE_STOPPED_ANSWERING, PAGE_WENT_BLANK]
    for nodes, expected in ((0, PageStoppedAnswering), (RuntimeError("target closed"), PageStoppedAnswering)):
        with pytest.raises(expected) as blank:
            _page_with(nodes).wait_until(lambda: False, "the undo notice", timeout=0)
        assert _matches_any_rerun_error(reruns, blank)
    with pytest.raises(AssertionError) as live:
        _page_with(12).wait_until(lambda: False, "the undo notice", timeout=0)
    assert type(live.value) is AssertionError and not _matches_any_rerun_error(reruns, live)
    with pytest.raises(AssertionError) as plain:
        assert 1 == 2
    assert not _matches_any_rerun_error(reruns, plain)
