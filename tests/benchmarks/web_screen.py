"""Finding and tapping controls for bench_web, failing with one clear message (naming the
control) instead of hanging when a screen has changed."""
from __future__ import annotations

import sys
from typing import Callable

from tests.browser.flutter_page import FlutterPage

FIND_TIMEOUT_S = 20
CONFIRM_OK = "confirm-ok"
UNDO_NOTICE, UNDO_NOTICE_CLOSE = "undo-notice", "undo-notice-close"


class BenchError(Exception):
    """The run cannot go on (a control is missing, a tap shows nothing): said in one message."""


def exit_code(program: str, run: Callable[[], None], failed: int = 1) -> int:
    """`run()`, with a BenchError said in one line on stderr: the benchmark's exit code."""
    try:
        run()
    except BenchError as error:
        print(f"{program}: {error}", file=sys.stderr)
        return failed
    return 0


def identifiers_on_screen(app: FlutterPage, limit: int = 40) -> str:
    found = app.page.evaluate("() => Array.from(document.querySelectorAll('[flt-semantics-identifier]'))"
                              ".map(e => e.getAttribute('flt-semantics-identifier'))")
    shown = sorted(set(found))
    more = f" (+{len(shown) - limit} more)" if len(shown) > limit else ""
    return ", ".join(shown[:limit]) + more if shown else "none"


def require(app: FlutterPage, where: str, *identifiers: str) -> None:
    for identifier in identifiers:
        try:
            app.wait_for_id(identifier, timeout=FIND_TIMEOUT_S)
        except AssertionError:
            raise BenchError(f"{where}: control {identifier!r} not found within {FIND_TIMEOUT_S} s "
                             f"(identifiers on screen: {identifiers_on_screen(app)})") from None


def refuse_announcement(app: FlutterPage, where: str) -> None:
    """An announcement is modal: it hides the page from the accessibility tree."""
    if app.has("announcement"):
        raise BenchError(f"{where}: an announcement opened ({app.text_of('announcement').strip()!r}); "
                         "the measured taps must not announce anything (see tests/benchmarks/web_game.py)")


def tap_until(app: FlutterPage, where: str, identifier: str, ready, what: str, tries: int = 3) -> None:
    """A tap that is not measured (confirmed if it asks), tried again if it landed during a
    redraw and was lost."""
    require(app, where, identifier)
    for _ in range(tries):
        app.tap(identifier)
        try:
            app.wait_until(lambda: ready() or app.has(CONFIRM_OK), what, timeout=FIND_TIMEOUT_S / tries)
            if not ready():
                click_in_place(app, where, CONFIRM_OK)
                app.wait_until(ready, what, timeout=FIND_TIMEOUT_S / tries)
            return
        except AssertionError:
            refuse_announcement(app, where)
    raise BenchError(f"{where}: tapping {identifier!r} never led to {what}")


def click_in_place(app: FlutterPage, where: str, identifier: str) -> None:
    """Click a control of the app bar, which never scrolls (FlutterPage.tap would try to scroll it lower)."""
    require(app, where, identifier)
    box = app.by_id(identifier).bounding_box()
    if box is None:
        raise BenchError(f"{where}: control {identifier!r} has no box on screen")
    app.page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def close_undo_notice(app: FlutterPage, where: str) -> None:
    """An undo's notice sits over the bottom of the screen (a pinned Continue, a form's
    chips): closed by its own button after each undo (not timed). With the accessibility
    tree on, Flutter never times it out."""
    try:
        app.wait_for_id(UNDO_NOTICE, timeout=FIND_TIMEOUT_S / 4)
    except AssertionError:
        return  # gone already
    click_in_place(app, where, UNDO_NOTICE_CLOSE)
    try:
        app.wait_gone(UNDO_NOTICE, timeout=FIND_TIMEOUT_S)
    except AssertionError:
        raise BenchError(f"{where}: the undo's notice stayed after a tap on its close button") from None
