"""First interactive screen for bench_web: navigation start until a known control is in the
accessibility tree ready to be tapped, timed in the page (web_probe)."""
from __future__ import annotations

from tests.benchmarks import web_probe
from tests.benchmarks.web_screen import BenchError, identifiers_on_screen
from tests.browser.flutter_page import FlutterPage

LOAD_TIMEOUT_S = 90


def _failure(page, identifier: str, where: str) -> BenchError:
    app = FlutterPage(page)
    if not app.has(identifier):
        return BenchError(f"{where}: control {identifier!r} never appeared within {LOAD_TIMEOUT_S} s "
                          f"(identifiers on screen: {identifiers_on_screen(app)})")
    return BenchError(f"{where}: control {identifier!r} appeared but never became tappable "
                      f"within {LOAD_TIMEOUT_S} s")


# After the first load, the page is left this long once its whole screen is there, so the
# reload is timed on its own and not against the end of the first load's work.
SETTLE_MS = 1000


def load_twice(browser, url: str, identifier: str, viewport: dict, name: str, *, whole: str
               ) -> tuple[web_probe.LoadTimes, web_probe.LoadTimes]:
    """One load in a fresh browser context (nothing cached), then one reload (cache warm).
    `identifier`: the control whose arrival makes the screen interactive; `whole`: one that
    arrives with the whole screen (the table's sends its Time track first, the rest right after)."""
    context = browser.new_context(viewport=viewport)
    try:
        page = context.new_page()
        web_probe.install_load_probe(page, identifier)
        page.goto(url, wait_until="commit")
        try:
            fresh = web_probe.wait_load(page, LOAD_TIMEOUT_S)
        except web_probe.ProbeTimeout:
            raise _failure(page, identifier, f"{name}, first load") from None
        try:
            FlutterPage(page).wait_for_id(whole, timeout=LOAD_TIMEOUT_S)
        except AssertionError:
            raise _failure(page, whole, f"{name}, first load") from None
        page.wait_for_timeout(SETTLE_MS)
        page.reload(wait_until="commit")
        try:
            warm = web_probe.wait_load(page, LOAD_TIMEOUT_S)
        except web_probe.ProbeTimeout:
            raise _failure(page, identifier, f"{name}, reload") from None
        return fresh, warm
    finally:
        context.close()
