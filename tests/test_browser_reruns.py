"""A browser test that stopped answering is run once more (tests/browser/conftest.py): the
rerun must start where the first try did. So no fixture that starts the app or a browser
is shared beyond one test: a shared one would hand the rerun the first try's game (the
table opens on it) or its frozen page."""
from __future__ import annotations

import ast
import sys
from pathlib import Path
from types import SimpleNamespace

BROWSER_TESTS = Path(__file__).resolve().parent / "browser"
# Calls that start an app or a browser.
STARTERS = {"running_app", "Server", "launch", "sync_playwright"}


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
            if name in STARTERS:
                found.add(name)
    return found


def _shared_starters() -> list[str]:
    shared = []
    for path in sorted(BROWSER_TESTS.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if not isinstance(node, ast.FunctionDef):
                continue
            scopes = [scope for scope in map(_scope, node.decorator_list) if scope is not None]
            if scopes and scopes[0] != "function" and _starts(node):
                shared.append(f"{path.name}::{node.name} ({scopes[0]}): {sorted(_starts(node))}")
    return shared


def test_no_browser_fixture_that_starts_the_app_or_a_browser_outlives_its_test():
    assert _shared_starters() == []


def test_the_check_sees_a_shared_app_or_browser(tmp_path, monkeypatch):
    """The check itself: a module-scoped fixture starting the app is found, and so is a
    session-scoped Playwright (its running loop would outlive the test too)."""
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
        "def chromium():\n"
        "    with sync_playwright() as playwright:\n"
        "        yield playwright.chromium.launch()\n", "utf-8")
    monkeypatch.setattr(sys.modules[__name__], "BROWSER_TESTS", tmp_path)
    assert _shared_starters() == ["test_x.py::app_url (module): ['running_app']",
                                  "test_x.py::chromium (session): ['launch', 'sync_playwright']"]


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
