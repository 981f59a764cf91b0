"""Phone → table latency on loopback: a player taps on their phone, how long until the
table's screen shows it.

    python -m tests.benchmarks.bench_phones [--taps 30]

Serves the web build on a saved game, opens the table (its printed address) and one
phone (its seat's address, from the seat passes the table shows) in headless Chromium,
and times, in the browser's own clock (both pages share it), from the phone's pointerdown
on Knowledge + / − until the table's crew panel shows the new value. Prints the median and
p95 next to the target (≤ 150 ms median). A figure, not a test: nothing is asserted.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

from companion.engine import NewGame, PlayerSetup
from companion.rules import load_rules
from companion.store import GameStore
from tests.benchmarks.web_report import load_average, machine
from tests.benchmarks.web_servers import start_companion
from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS
from tests.browser.flutter_page import DESKTOP, PHONE, FlutterPage

TARGET_MS = 150
# The table and the phone are two devices, each in its owner's hands: neither page may be
# throttled as a background tab, which one browser would otherwise do to one of them.
TWO_DEVICES = ["--disable-background-timer-throttling", "--disable-renderer-backgrounding",
               "--disable-backgrounding-occluded-windows"]

# Arms the table page: the time (in the shared clock) when crew-1's text first differs.
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
_TAPPED = """() => { window.__tappedAt = null;
  document.addEventListener('pointerdown', () => { if (window.__tappedAt === null)
    window.__tappedAt = performance.timeOrigin + performance.now(); }, {capture: true, once: true}); }"""


def _p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


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

        store.create(GameSession.start(NewGame(players=(PlayerSetup(name="Ana", character="hacker"),
                                                        PlayerSetup(name="Bora", character="janitor")), seed=3),
                                       rules), "bench")
    server = start_companion(work / "data", work)
    latencies: list[float] = []
    try:
        from companion.hosting.secret_store import SecretStore

        seats = next((work / "data" / "hosting").glob("seats-*.json"))
        secret = SecretStore(seats).load().seat_pass(1).secret
        base = server.url.split("/table", 1)[0]
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=[*CHROMIUM_ARGS, *TWO_DEVICES])
            table = FlutterPage(browser.new_context(viewport=DESKTOP).new_page())
            table.open(server.url)
            table.wait_for_id("crew-knowledge-1", timeout=60)
            phone = FlutterPage(browser.new_context(viewport=PHONE).new_page())
            phone.open(f"{base}/seat/1?s={secret}")
            phone.wait_for_id("seat-knowledge-up", timeout=60)
            for index in range(args.taps + 2):
                button = "seat-knowledge-up" if index % 2 == 0 else "seat-knowledge-down"
                table.page.evaluate(_WATCH)
                phone.page.evaluate(_TAPPED)
                phone.tap(button)
                table.wait_until(lambda: table.page.evaluate("() => window.__seenAt") is not None,
                                 "the table to show the phone's tap", timeout=30)
                if index >= 2:  # two warm-up taps
                    seen = table.page.evaluate("() => window.__seenAt")
                    tapped = phone.page.evaluate("() => window.__tappedAt")
                    latencies.append(seen - tapped)
                phone.page.wait_for_timeout(150)
            browser.close()
    finally:
        server.stop()
    median = statistics.median(latencies)
    print(f"phone → table update on loopback, {len(latencies)} taps ({machine(load_before)})")
    print(f"  median {median:.0f} ms · p95 {_p95(latencies):.0f} ms · target ≤ {TARGET_MS} ms median"
          f" ({'met' if median <= TARGET_MS else 'not met'})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
