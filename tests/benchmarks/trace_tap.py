"""Benchmark (not a test): where one tap's time goes inside Chromium. Records a Chromium
trace of one timed tap (after a few untimed ones) and prints, for each of the browser's
threads, how long it was busy in the window that follows the tap and its longest tasks.
Prints measured figures only.

Run: python -m tests.benchmarks.trace_tap [draw|advance|empty|full] [--window-ms 120]

- draw: the bag screen's draw on the seeded game (as bench_web); advance: Advance Time
  until its confirmation; empty: the empty app's tap; full: the empty app's tap on a page
  holding as many static controls as the companion's table screen.

The threads to read: CrRendererMain runs Flutter (the page's frames; each frame's work
shows as a task), CrGpuMain draws them (without a GPU, in software), and the DedicatedWorker
hands the drawn frame to the page.
"""
from __future__ import annotations

import argparse
import json
import tempfile
from collections import defaultdict
from pathlib import Path

from tests.benchmarks import web_game, web_probe, web_servers
from tests.benchmarks.web_probe import Watch
from tests.benchmarks.web_screen import CONFIRM_OK, BenchError, exit_code, tap_until
from tests.benchmarks.web_taps import ADVANCE_TIME, DRAW, EMPTY_TAP, WARMUP_TAPS, select, tap_once, timed_tap
from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS
from tests.browser.flutter_page import PHONE, FlutterPage

CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline", "toplevel", "gpu", "viz", "cc"]
SHOWN_TASK_MS = 1.0  # tasks shorter than this are counted, not listed


def _server(which: str, folder: Path) -> web_servers.Server:
    from companion.rules import load_rules

    if which == "empty":
        return web_servers.start_empty_app(folder)
    rules = load_rules()
    data_dir = folder / "data"
    web_game.seed_data_dir(data_dir, rules)
    if which == "full":
        controls = web_game.table_controls(data_dir, rules, "pt-BR", PHONE["width"], PHONE["height"])
        return web_servers.start_empty_app(folder, controls=controls)
    return web_servers.start_companion(data_dir, folder)


def _thread_names(events: list[dict]) -> dict[tuple, str]:
    return {(e["pid"], e["tid"]): e["args"]["name"] for e in events
            if e.get("ph") == "M" and e.get("name") == "thread_name"}


def _tap_start(events: list[dict]) -> float:
    for event in events:
        if event.get("name") == "EventDispatch" and event.get("args", {}).get("data", {}).get("type") == "pointerdown":
            return event["ts"]
    raise BenchError("the trace holds no pointerdown: the tap was not recorded")


def summarise(events: list[dict], window_ms: float) -> list[str]:
    """Per thread: busy time in [tap, tap + window] and its longest top-level tasks."""
    names = _thread_names(events)
    start = _tap_start(events)
    end = start + window_ms * 1000
    by_thread: dict[str, list[dict]] = defaultdict(list)
    for event in events:
        if event.get("ph") == "X" and start <= event["ts"] <= end:
            by_thread[names.get((event["pid"], event["tid"]), str(event["tid"]))].append(event)
    lines = []
    for thread, found in sorted(by_thread.items()):
        found.sort(key=lambda e: e["ts"])
        tops, last_end = [], -1.0
        for event in found:  # top-level only: a task's children lie inside it
            if event["ts"] >= last_end:
                tops.append(event)
                last_end = event["ts"] + event.get("dur", 0)
        busy = sum(event.get("dur", 0) for event in tops) / 1000
        if busy < SHOWN_TASK_MS:
            continue
        lines.append(f"  {thread}: busy {busy:.1f} ms")
        lines += [f"    at +{(e['ts'] - start) / 1000:6.1f} ms  {e.get('dur', 0) / 1000:5.1f} ms  {e['name']}"
                  for e in tops if e.get("dur", 0) / 1000 >= SHOWN_TASK_MS]
    return lines


def run(which: str, window_ms: float) -> None:
    from playwright.sync_api import sync_playwright

    if not CHROMIUM.exists():
        raise BenchError(f"{CHROMIUM} is not installed (apt-get install -y chromium)")
    flow = {"draw": DRAW, "advance": ADVANCE_TIME, "empty": EMPTY_TAP, "full": EMPTY_TAP}[which]
    with tempfile.TemporaryDirectory(prefix="trace-tap-") as tmp:
        folder = Path(tmp)
        server = _server(which, folder)
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
                try:
                    context = browser.new_context(viewport=PHONE)
                    web_probe.install_wire_probe(context)
                    app = FlutterPage(context.new_page())
                    app.open(server.url)
                    if flow is DRAW:
                        tap_until(app, "the table", "open-bag", lambda: app.has(DRAW.tap), "the bag screen")
                    for _ in range(WARMUP_TAPS + 1):
                        tap_once(app, flow, which)
                    for chip in flow.picks:
                        select(app, which, chip)
                    app.page.wait_for_timeout(300)
                    trace = folder / "trace.json"
                    browser.start_tracing(page=app.page, path=str(trace), categories=CATEGORIES)
                    times = timed_tap(app, which, flow.tap, [flow.watch, Watch(CONFIRM_OK)])
                    app.page.wait_for_timeout(window_ms + 200)
                    browser.stop_tracing()
                finally:
                    browser.close()
        finally:
            server.stop()
        events = json.loads(trace.read_text())
        events = events["traceEvents"] if isinstance(events, dict) else events
    print(f"one tap on {flow.tap!r} ({which}), 390x844: shown after {times.elapsed_ms:.0f} ms"
          + (f" (to the server {times.to_server_ms:.0f}, server {times.server_ms:.0f}, "
             f"page after the reply {times.after_reply_ms:.0f})" if times.server_ms is not None else ""))
    print(f"Chromium's threads in the {window_ms:.0f} ms after the tap (tasks of {SHOWN_TASK_MS:.0f} ms or more):")
    print("\n".join(summarise(events, window_ms)))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.benchmarks.trace_tap", description=__doc__.splitlines()[0])
    parser.add_argument("which", choices=["draw", "advance", "empty", "full"], nargs="?", default="draw")
    parser.add_argument("--window-ms", type=float, default=120)
    args = parser.parse_args(argv)
    return exit_code("trace_tap", lambda: run(args.which, args.window_ms))


if __name__ == "__main__":
    raise SystemExit(main())
