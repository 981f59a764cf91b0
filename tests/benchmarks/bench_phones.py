"""Phone → table and table → phone latency on loopback: a player taps on their phone, how
long until the table's screen shows it; the table taps, how long until the player's phone
shows it; with one phone tapping and with four.

    python -m tests.benchmarks.bench_phones [--taps 30]

Serves the web build on a saved 4-player game and opens the table (its printed address) in
headless Chromium, as the host's own screen. The phones are Flet websocket clients
(tests/support/flet_client.py) on their seats' addresses: a phone draws on its own device,
not on the host, so none of them takes the host's processor from the table. Times, on this
machine's wall clock (the browser's performance.timeOrigin + now() and Python's time.time()
read the same clock), from seat 1's tap leaving its phone until the table's crew panel
shows the new value; first alone, then while the phones of seats 2-4 tap their own
Knowledge every 0.3-0.5 s. The other way, from the table's tap on seat 1's Knowledge (the
crew panel's +/−) until seat 1's phone holds the new value (a phone's own drawing is not
timed: its client applies the patch as it arrives). Prints median and p90 of each next to
the target (≤ 150 ms p90; the other three phones tap every 0.3-0.5 s, more than once a
second each). A figure, not a test: nothing is asserted.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

from companion.engine import NewGame, PlayerSetup
from companion.rules import load_rules
from companion.store import GameStore
from tests.benchmarks.web_report import load_average, machine, p90
from tests.benchmarks.web_servers import start_companion
from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS
from tests.browser.flutter_page import DESKTOP, FlutterPage
from tests.support.flet_client import FletClient

TARGET_MS = 150
# The table's page must not be throttled as a background tab.
BACKGROUND_OK = ["--disable-background-timer-throttling", "--disable-renderer-backgrounding",
               "--disable-backgrounding-occluded-windows"]

# Arms the table page: when (wall clock, ms) crew-1's text first differs.
_WATCH = """() => {
  const host = () => document.querySelector('[flt-semantics-identifier="crew-knowledge-1"]');
  const text = () => { const n = host(); return n ? n.textContent + ' ' + (n.getAttribute('aria-label') || '') + ' ' +
    Array.from(n.querySelectorAll('[aria-label]')).map(x => x.getAttribute('aria-label')).join(' ') : ''; };
  const before = text();
  window.__seenAt = null;
  const observer = new MutationObserver(() => {
    if (window.__seenAt === null && text() !== before) {
      window.__seenAt = performance.timeOrigin + performance.now();
      observer.disconnect();
    }
  });
  observer.observe(document, {subtree: true, childList: true, characterData: true, attributes: true});
}"""


def _measure(table: FlutterPage, phone: FletClient, taps: int) -> list[float]:
    """Milliseconds from the phone's tap leaving it to the table showing it, `taps` times
    (after two warm-up taps), alternating + and −."""
    latencies: list[float] = []
    for index in range(taps + 2):
        button = "seat-knowledge-up" if index % 2 == 0 else "seat-knowledge-down"
        table.page.evaluate(_WATCH)
        tapped = time.time() * 1000
        phone.tap(button)
        table.wait_until(lambda: table.page.evaluate("() => window.__seenAt") is not None,
                         "the table to show the phone's tap", timeout=30)
        if index >= 2:
            latencies.append(table.page.evaluate("() => window.__seenAt") - tapped)
        table.page.wait_for_timeout(150)
    return latencies


def _measure_back(table: FlutterPage, phone: FletClient, taps: int) -> list[float]:
    """Milliseconds from the table's tap leaving the browser to seat 1's phone holding the
    new Knowledge, `taps` times (after two warm-up taps), alternating + and −."""
    latencies: list[float] = []
    for index in range(taps + 2):
        button = "crew-knowledge-up-1" if index % 2 == 0 else "crew-knowledge-down-1"
        box = table.scroll_into_view(button)
        before = phone.text_of("seat-knowledge")
        seen: list[float] = []

        def changed(client: FletClient) -> None:
            if not seen and client.text_of("seat-knowledge") != before:
                seen.append(time.time() * 1000)

        phone.on_patch = changed
        tapped = time.time() * 1000
        table.page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        table.wait_until(lambda: bool(seen), "the phone to show the table's tap", timeout=30)
        phone.on_patch = None
        if index >= 2:
            latencies.append(seen[0] - tapped)
        table.page.wait_for_timeout(150)
    return latencies


class OtherPhones:
    """Seats 2-4 tapping their own Knowledge + and − every 0.3-0.5 s until stopped."""

    def __init__(self, base: str, routes: dict[int, str]) -> None:
        self.pages = {seat: FletClient(base, route) for seat, route in routes.items()}
        for page in self.pages.values():
            page.wait_for_id("seat-knowledge-up", timeout=60)
        self.taps = 0
        self._counting = threading.Lock()
        self._stop = threading.Event()
        self._threads = [threading.Thread(target=self._tap, args=(seat,), daemon=True) for seat in self.pages]

    def _tap(self, seat: int) -> None:
        rng = random.Random(seat)
        up = True
        while not self._stop.wait(rng.uniform(0.3, 0.5)):
            self.pages[seat].tap("seat-knowledge-up" if up else "seat-knowledge-down")
            with self._counting:
                self.taps += 1
            up = not up

    def __enter__(self) -> "OtherPhones":
        for thread in self._threads:
            thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._stop.set()
        for thread in self._threads:
            thread.join(5)
        for page in self.pages.values():
            page.close()


def _line(label: str, values: list[float]) -> str:
    median = statistics.median(values)
    return (f"  {label:<32} median {median:4.0f} ms · p90 {p90(values):4.0f} ms · {len(values)} taps"
            f" ({'met' if p90(values) <= TARGET_MS else 'not met'})")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--taps", type=int, default=30)
    args = parser.parse_args(argv)
    if not CHROMIUM.exists():
        print("bench_phones: Debian's chromium is needed (/usr/bin/chromium)", file=sys.stderr)
        return 2
    from playwright.sync_api import sync_playwright

    load_before = load_average()
    work = Path(tempfile.mkdtemp(prefix="bench-phones-"))
    rules = load_rules()
    with GameStore(work / "data", rules=rules) as store:
        from companion.engine import GameSession

        players = (PlayerSetup(name="Ana", character="hacker"), PlayerSetup(name="Bora", character="janitor"),
                   PlayerSetup(name="Caio", character="sentry"), PlayerSetup(name="Dilek", character="lab_rat"))
        store.create(GameSession.start(NewGame(players=players, seed=3), rules), "bench")
    server = start_companion(work / "data", work)
    results: dict[str, list[float]] = {}
    others_tapped = 0
    try:
        from companion.hosting.secret_store import SecretStore

        seats = SecretStore(next((work / "data" / "hosting").glob("seats-*.json"))).load()
        routes = {seat: f"/seat/{seat}?s={seats.seat_pass(seat).secret}" for seat in range(1, 5)}
        base = server.url.split("/table", 1)[0]
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=[*CHROMIUM_ARGS, *BACKGROUND_OK])
            table = FlutterPage(browser.new_context(viewport=DESKTOP).new_page())
            table.open(server.url)
            table.wait_for_id("crew-knowledge-1", timeout=60)
            phone = FletClient(base, routes[1])
            phone.wait_for_id("seat-knowledge-up", timeout=60)
            try:
                results["phone → table, 1 phone tapping"] = _measure(table, phone, args.taps)
                results["table → phone, 1 phone open"] = _measure_back(table, phone, args.taps)
                with OtherPhones(base, {seat: routes[seat] for seat in (2, 3, 4)}) as others:
                    results["phone → table, 4 phones tapping"] = _measure(table, phone, args.taps)
                    results["table → phone, 3 others tapping"] = _measure_back(table, phone, args.taps)
                    others_tapped = others.taps
            finally:
                phone.close()
            browser.close()
    finally:
        server.stop()
    print(f"phone ↔ table update on loopback, target ≤ {TARGET_MS} ms p90 ({machine(load_before)})")
    for label, values in results.items():
        print(_line(label, values))
    print(f"  (with 4 phones, seats 2-4 tapped {others_tapped} times meanwhile)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
