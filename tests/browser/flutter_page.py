"""Driving a Flet (Flutter web) page from Playwright through its accessibility tree.

Flutter paints on a canvas; with semantics enabled it mirrors every control as a DOM
node carrying `flt-semantics-identifier` (our stable ids) and its text as labels.

Tests wait by conditions (`wait_until` and the waits built on it), never by a fixed sleep
that decides an outcome. Every time limit and every pause is multiplied by one scale
factor for slow machines, `COMPANION_TEST_SLOWNESS` (1 by default; CI may set 2 or 3).
"""
from __future__ import annotations

import re

import time
from pathlib import Path

from playwright.sync_api import Locator, Page

from .slowness import scaled, scaled_ms

DEFAULT_TIMEOUT = 20.0  # seconds, before scaling


class PageStoppedAnswering(AssertionError):
    """The page's accessibility tree is gone (its canvas went blank): the renderer died or
    froze, as Flutter's skwasm page can in a Chromium without a GPU. The browser tests'
    conftest runs such a test once more, in a new browser."""
# Below the app bar and the status strip, which stay put while a game screen scrolls.
TOP_MARGIN = 150
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}

# Text of the whole accessibility tree: visible strings and aria labels.
_TREE_TEXT = """() => {
  const host = document.querySelector('flt-semantics-host');
  if (!host) return '';
  const labels = Array.from(host.querySelectorAll('[aria-label]')).map(e => e.getAttribute('aria-label'));
  return host.innerText + '\\n' + labels.join('\\n');
}"""


class FlutterPage:
    def __init__(self, page: Page) -> None:
        self.page = page
        # Playwright's own limit for each action (a click, a box, an attribute), scaled too.
        page.set_default_timeout(scaled_ms(30_000))

    # -- start -------------------------------------------------------------------
    def open(self, url: str) -> None:
        self.page.goto(url, timeout=scaled_ms(30_000))
        self.page.wait_for_selector("#loading", state="detached", timeout=scaled_ms(90_000))
        self.enable_semantics()

    def enable_semantics(self) -> None:
        """Flutter builds the accessibility tree only after its hidden placeholder is clicked."""
        self.page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=scaled_ms(60_000))

        def clicked() -> bool:
            self.page.evaluate("() => { const p = document.querySelector('flt-semantics-placeholder');"
                               " if (p) p.click(); }")
            return self.page.locator("[flt-semantics-identifier]").count() > 0

        self.wait_until(clicked, "the accessibility tree", timeout=30, poll_ms=250)

    # -- finding -----------------------------------------------------------------
    def by_id(self, identifier: str) -> Locator:
        return self.page.locator(f'[flt-semantics-identifier="{identifier}"]').first

    def has(self, identifier: str) -> bool:
        return self.page.locator(f'[flt-semantics-identifier="{identifier}"]').count() > 0

    def wait_for_id(self, identifier: str, timeout: float = DEFAULT_TIMEOUT) -> Locator:
        self.wait_until(lambda: self.has(identifier), f"control {identifier!r}", timeout)
        return self.by_id(identifier)

    def chosen(self, identifier: str) -> bool:
        """Whether a chip shows as chosen (Flutter marks a selected control aria-current)."""
        return self.by_id(identifier).get_attribute("aria-current") == "true"

    def wait_chosen(self, identifier: str, timeout: float = DEFAULT_TIMEOUT) -> None:
        self.wait_until(lambda: self.chosen(identifier), f"{identifier!r} chosen", timeout)

    def enabled(self, identifier: str) -> bool:
        """The control is there and nothing in it is marked disabled (aria-disabled)."""
        return self.has(identifier) and self.by_id(identifier).locator('[aria-disabled="true"]').count() == 0

    def wait_enabled(self, identifier: str, timeout: float = DEFAULT_TIMEOUT) -> None:
        self.wait_until(lambda: self.enabled(identifier), f"{identifier!r} to be enabled", timeout)

    def wait_gone(self, identifier: str, timeout: float = DEFAULT_TIMEOUT) -> None:
        self.wait_until(lambda: not self.has(identifier), f"{identifier!r} to disappear", timeout)

    def text(self) -> str:
        return self.page.evaluate(_TREE_TEXT)

    def wait_text(self, text: str, timeout: float = DEFAULT_TIMEOUT) -> None:
        self.wait_until(lambda: text in self.text(), f"text {text!r}", timeout)

    def text_of(self, identifier: str) -> str:
        node = self.by_id(identifier)
        return node.evaluate("e => e.innerText + ' ' + Array.from(e.querySelectorAll('[aria-label]'))"
                             ".map(x => x.getAttribute('aria-label')).join(' ') + ' ' +"
                             " (e.getAttribute('aria-label') || '')")

    def wait_until(self, predicate, what: str, timeout: float = DEFAULT_TIMEOUT, *, poll_ms: int = 100) -> None:
        """Until `predicate()` holds, asking every `poll_ms`; fails after `timeout` seconds
        (scaled by the slowness factor)."""
        limit = scaled(timeout)
        deadline = time.monotonic() + limit
        while time.monotonic() < deadline:
            if predicate():
                return
            self.page.wait_for_timeout(poll_ms)
        self.fail_waiting(f"timed out after {limit:g}s waiting for {what}")

    def answering(self) -> bool:
        """The page still mirrors its controls in the accessibility tree (a live Flet page
        always tags some)."""
        try:
            return self.page.locator("[flt-semantics-identifier]").count() > 0
        except Exception:  # noqa: BLE001 - a page that cannot even be asked has stopped answering
            return False

    def fail_waiting(self, message: str) -> None:
        """A wait that ran out: the test's failure, unless the page itself stopped answering."""
        if not self.answering():
            raise PageStoppedAnswering(f"{message}; the page stopped answering (its accessibility tree is empty)")
        raise AssertionError(f"{message}; the page shows {self.shown_identifiers()}")

    def shown_identifiers(self, most: int = 25) -> list[str]:
        """The first identifiers in the accessibility tree: which screen a failed wait found."""
        try:
            return self.page.evaluate(
                "most => Array.from(document.querySelectorAll('[flt-semantics-identifier]'))"
                ".slice(0, most).map(e => e.getAttribute('flt-semantics-identifier'))", most)
        except Exception:  # noqa: BLE001 - only a failure's detail
            return []

    def pause(self, milliseconds: float) -> None:
        """Let the page settle between two actions (a scroll, a gesture, a frame to paint),
        scaled by the slowness factor. Pacing only: what a test checks is waited for."""
        self.page.wait_for_timeout(scaled_ms(milliseconds))

    # -- the app's announcement dialog ---------------------------------------------
    def dismiss_announcement(self) -> list[str]:
        """Dismiss the announcement dialog if one is up; return what it said."""
        seen = []
        if self.has("announcement"):
            seen.append(self.text_of("announcement"))
            self.tap("announcement-ok")
            self.wait_gone("announcement")
        return seen

    def wait_past_announcements(self, ready, what: str, timeout: float = DEFAULT_TIMEOUT,
                                settle_ms: int = 300) -> list[str]:
        """Wait for `ready()`, dismissing announcements on the way; return what they said.

        A modal announcement hides the page from the accessibility tree, and it may open a
        frame after the page changed: only a page that stays clear for `settle_ms` counts.
        """
        seen: list[str] = []
        deadline = time.monotonic() + scaled(timeout)
        while time.monotonic() < deadline:
            if self.has("announcement"):
                seen += self.dismiss_announcement()
                continue
            if ready():
                self.pause(settle_ms)
                if not self.has("announcement"):
                    return seen
                continue
            self.page.wait_for_timeout(100)
        self.fail_waiting(f"timed out after {scaled(timeout):g}s waiting for {what}")

    # -- acting --------------------------------------------------------------------
    def tap(self, identifier: str, timeout: float = DEFAULT_TIMEOUT, *, top: bool = False) -> None:
        """Click the centre of a control, scrolling the Flutter view until it is on screen
        (with `top`, brought to the window's top: above a pinned footer)."""
        box = self.scroll_into_view(identifier, timeout, top=top)
        self.page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)

    def tap_until(self, identifier: str, ready, what: str, *, tries: int = 3, top: bool = False) -> list[str]:
        """Tap, and tap again if nothing happened after a while: a tap that lands while the
        page is being rebuilt (a new layout after a resize) can be lost. Only for a tap that
        is safe to repeat, with `ready()` true only once it worked; returns what the
        announcements dismissed on the way said."""
        seen: list[str] = []
        for attempt in range(tries):
            seen += self.dismiss_announcement()  # one that opened after the last wait ended
            if attempt and ready():
                return seen
            self.tap(identifier, top=top)
            try:
                return seen + self.wait_past_announcements(ready, what, timeout=8 if attempt + 1 < tries else 20)
            except PageStoppedAnswering:
                raise
            except AssertionError:
                if attempt + 1 == tries:
                    raise
        return seen

    def wait_still(self, identifier: str, still_ms: float = 450, timeout: float = DEFAULT_TIMEOUT) -> None:
        """Until the control's box has stayed the same for `still_ms` (scaled): a page that
        scrolls a new part into view does so a moment after drawing it, and a click aimed
        while it moves lands elsewhere."""
        step = scaled_ms(75)
        needed = max(1, round(scaled_ms(still_ms) / step))
        last, same = None, 0

        def settled() -> bool:
            nonlocal last, same
            box = self.by_id(identifier).bounding_box()
            same = same + 1 if box is not None and box == last else 0
            last = box
            return same >= needed

        self.wait_until(settled, f"{identifier!r} to stay still", timeout, poll_ms=step)

    def scroll_into_view(self, identifier: str, timeout: float = DEFAULT_TIMEOUT, *, top: bool = False) -> dict:
        """Scroll until the control's centre (or, with `top`, its top edge) is on screen; its box."""
        node = self.wait_for_id(identifier, timeout)
        viewport = self.page.viewport_size
        box = None
        last_y = None
        for _ in range(30):
            box = node.bounding_box()
            if box is not None and box["height"] > 0:
                anchor = box["y"] + 8 if top else box["y"] + box["height"] / 2
                if TOP_MARGIN <= anchor <= viewport["height"] - 10 and (not top or anchor <= TOP_MARGIN + 80):
                    break
                if box["y"] == last_y and 0 <= anchor <= viewport["height"]:
                    break  # on screen and nothing scrolls it further (the app bar, a short page)
                last_y = box["y"]
                target = TOP_MARGIN + 10 if top else viewport["height"] / 2
                self.page.mouse.move(viewport["width"] / 2, viewport["height"] / 2)
                self.page.mouse.wheel(0, anchor - target)
            self.pause(150)
            node = self.by_id(identifier)
        assert box is not None, f"{identifier!r} has no box"
        return box

    def type_into(self, identifier: str, text: str) -> None:
        def focused() -> bool:
            # Flutter puts a real input into the field's node when the field takes the focus.
            return self.by_id(identifier).evaluate(
                "e => !!document.activeElement && e.contains(document.activeElement)"
                " && ['INPUT', 'TEXTAREA'].includes(document.activeElement.tagName)")

        def tapped_and_focused() -> bool:
            # A mouse that jumps onto a field (no hover before the click, as Playwright
            # clicks) can leave Flutter web's click unanswered: hover first, and a click
            # Flutter did not take is clicked again.
            box = self.scroll_into_view(identifier)
            x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
            self.page.mouse.move(x, y)
            self.page.mouse.click(x, y)
            deadline = time.monotonic() + scaled(3)
            while time.monotonic() < deadline:
                if focused():
                    return True
                self.page.wait_for_timeout(100)
            return False

        def typed() -> bool:
            # Keys Flutter dropped while busy (a loaded machine) are typed again.
            if not focused() and not tapped_and_focused():
                return False
            self.pause(200)  # for Flutter to listen to the field (keys sent sooner can be lost)
            self.page.keyboard.press("Control+A")
            self.page.keyboard.type(text)
            return self.by_id(identifier).evaluate(
                "(e, text) => { const i = e.querySelector('input, textarea')"
                " || document.activeElement; return !!i && i.value === text; }", text)

        self.wait_until(tapped_and_focused, f"{identifier!r} to take the keyboard", poll_ms=0)
        self.wait_until(typed, f"{text!r} typed into {identifier!r}", poll_ms=0)

    def scroll_top(self) -> None:
        viewport = self.page.viewport_size
        self.page.mouse.move(viewport["width"] / 2, viewport["height"] / 2)
        for _ in range(5):
            self.page.mouse.wheel(0, -5000)
        self.pause(300)

    def scroll_by(self, pixels: float) -> None:
        viewport = self.page.viewport_size
        self.page.mouse.move(viewport["width"] / 2, viewport["height"] / 2)
        self.page.mouse.wheel(0, pixels)
        self.pause(300)

    def screenshot(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self.pause(400)  # let the last frame paint (a picture for people, never a check)
        self.page.screenshot(path=str(path))


def join_with_code(phone: FlutterPage, code: str, tries: int = 3) -> None:
    """Type a seat's code on a phone's join screen until the seat's screen shows (a key
    the browser dropped while typing makes a wrong code, and a wrong code a short wait)."""
    for attempt in range(tries):
        phone.type_into("join-code", code)
        phone.tap("join-submit")
        try:
            phone.wait_for_id("seat-screen", timeout=15)
            return
        except AssertionError:
            if attempt == tries - 1:
                raise
            phone.pause(2500 * (attempt + 1))  # a wrong code makes the page wait before its next try


# The typed code the Players join screen shows for a seat ("ABC-DEF").
SEAT_CODE = re.compile(r"\b([2-9A-HJKMNP-Z]{3})-([2-9A-HJKMNP-Z]{3})\b")


def seat_code(table: FlutterPage, seat: int, name: str, other: str | None = None) -> str:
    """The typed code the table shows for `seat` (a new one once another seat's was shown)."""
    table.tap(f"players-seat-{seat}")

    def shown() -> str | None:
        found = SEAT_CODE.search(table.text_of("players-code"))
        code = "".join(found.groups()) if found else None
        return code if code != other and name in table.text() else None

    table.wait_until(lambda: shown() is not None, f"seat {seat}'s typed code")
    return shown()  # type: ignore[return-value]


def phones_join(table: FlutterPage, base: str, phones: list[tuple[FlutterPage, int, str, str]]) -> None:
    """From the table, each phone (page, seat, player's name, language) opens the join
    screen and types the code the table's Players join screen shows for its seat; then
    the table goes back to its screen."""
    table.tap("players-join")
    table.wait_for_id("players-code")
    last = None
    for phone, seat, name, lang in phones:
        last = seat_code(table, seat, f"{name} (", other=last)
        phone.open(f"{base}?lang={lang}")
        phone.wait_for_id("join-code")
        join_with_code(phone, last)
    table.tap("players-back")
