"""Benchmark (not a test): the companion's web build against an empty Flet app, both served
in the same run, measured in headless Chromium. Prints measured figures only.

Run: python -m tests.benchmarks.bench_web [--runs 15] [--loads 5] [--viewport both|phone|desktop]

- first interactive: from navigation start until a known control sits in the accessibility
  tree ready to be tapped (the empty app's button; the table's `advance-time`), in a fresh
  browser context (nothing cached) and on a reload (the browser's cache warm);
- tap -> visible: from the tap's pointerdown until the change is in the accessibility tree
  (the empty app's text; the Time track; the bag's `token-reveal`; the Event Phase
  runner's current step). A tap that asks for a confirmation is timed as two taps: until
  `confirm-ok` is there, then from `confirm-ok`. Every companion tap is undone before the
  next one, so each starts from the same game (tests/benchmarks/web_game.py); the
  WebSocket traffic of each tap splits its time between the page and the server.

For scale, not as a target: the empty app's own load and tap on a page that also holds as
many static controls as the companion's table screen at that size (empty_flet_app
--controls), against the empty app.

A control that cannot be found, or a tap that shows nothing within the timeout, stops the
run with a message naming the control.
"""
from __future__ import annotations

import argparse
import signal
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from tests.benchmarks import empty_flet_app, web_game, web_probe, web_report, web_servers
from tests.benchmarks.web_loads import load_twice
from tests.benchmarks.web_report import Paired
from tests.benchmarks.web_screen import BenchError, exit_code
from tests.benchmarks.web_taps import (ADVANCE_TIME, EMPTY_TAP, WARMUP_TAPS, TapSeries, companion_taps,
                                       empty_app_taps)
from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS
from tests.browser.flutter_page import DESKTOP, PHONE, FlutterPage

VIEWPORTS = {"phone": PHONE, "desktop": DESKTOP}
LANGUAGE = "pt-BR"  # the companion's, as web_servers starts it
TAP_TARGET, LOAD_TARGET = 1.5, 1.3
STARTED = time.monotonic()


@dataclass(frozen=True)
class TableSize:
    log_dir: Path  # where the full empty app writes its log
    controls: dict[str, int]  # by viewport: the controls on the companion's table screen


def progress(message: str) -> None:
    """What the run is doing, on stderr: a full run takes minutes."""
    print(f"[{time.monotonic() - STARTED:6.1f} s] {message}", file=sys.stderr, flush=True)


def _open(browser, server: web_servers.Server, viewport: dict) -> tuple[object, FlutterPage]:
    context = browser.new_context(viewport=viewport)
    web_probe.install_wire_probe(context)
    app = FlutterPage(context.new_page())
    try:
        app.open(server.url)
    except Exception as error:  # noqa: BLE001 - reported in one message, with its cause
        context.close()
        raise BenchError(f"{server.name} did not start in the browser: {error}") from None
    return context, app


@dataclass
class Loads:
    client: Paired = field(default_factory=Paired)  # the Flutter client up
    fresh: Paired = field(default_factory=Paired)  # first interactive, nothing cached
    warm: Paired = field(default_factory=Paired)  # first interactive on a reload
    full: Paired = field(default_factory=Paired)  # fresh: the full empty app against the empty one
    full_warm: Paired = field(default_factory=Paired)


def _loads(browser, servers, full: web_servers.Server, viewport: dict, name: str, loads: int) -> Loads:
    companion, empty = servers
    measured = Loads()
    # Interleaved, so a change in the machine's load touches every app alike.
    for round_ in range(loads):
        progress(f"{name}: page loads, round {round_ + 1} of {loads}")
        for server, identifier, whole in ((empty, EMPTY_TAP.tap, empty_flet_app.TEXT_ID),
                                          (companion, ADVANCE_TIME.tap, "log"),
                                          (full, EMPTY_TAP.tap, empty_flet_app.TEXT_ID)):
            first, again = load_twice(browser, server.url, identifier, viewport, server.name, whole=whole)
            if server is full:
                measured.full.app.append(first.ready_ms)
                measured.full_warm.app.append(again.ready_ms)
                continue
            side = "empty" if server is empty else "app"
            getattr(measured.client, side).append(first.placeholder_ms)
            getattr(measured.fresh, side).append(first.ready_ms)
            getattr(measured.warm, side).append(again.ready_ms)
    measured.full.empty, measured.full_warm.empty = measured.fresh.empty, measured.warm.empty
    return measured


def _empty_taps(browser, server: web_servers.Server, viewport: dict, name: str, runs: int) -> TapSeries:
    progress(f"{name}: taps on {server.name}")
    context, app = _open(browser, server, viewport)
    try:
        return empty_app_taps(app, runs)
    finally:
        context.close()


def _taps(browser, servers, full: web_servers.Server, viewport: dict, name: str, runs: int
          ) -> tuple[TapSeries, TapSeries, dict[str, TapSeries]]:
    companion, empty = servers
    baseline = _empty_taps(browser, empty, viewport, name, runs)
    full_page = _empty_taps(browser, full, viewport, name, runs)
    progress(f"{name}: taps on the companion, the table screen")
    context, app = _open(browser, companion, viewport)
    try:
        flows = companion_taps(app, runs, lambda screen: progress(f"{name}: taps on the companion, {screen}"))
    finally:
        context.close()
    return baseline, full_page, flows


def bench_viewport(browser, servers, name: str, runs: int, loads: int, table: TableSize) -> list[str]:
    viewport = VIEWPORTS[name]
    controls = table.controls[name]
    # For scale, not a target: the empty app holding as many controls as the table screen.
    full = web_servers.start_empty_app(table.log_dir, controls=controls)
    try:
        measured = _loads(browser, servers, full, viewport, name, loads)
        baseline, full_page, flows = _taps(browser, servers, full, viewport, name, runs)
    finally:
        full.stop()
    lines = [f"viewport {viewport['width']}x{viewport['height']} ({name})", web_report.header(),
             web_report.row("Flutter client up (fresh browser)", measured.client, None),
             web_report.row("first interactive, fresh browser", measured.fresh, LOAD_TARGET),
             web_report.row("first interactive, reload (cache warm)", measured.warm, LOAD_TARGET)]
    for label, series in flows.items():
        paired = Paired(app=series.samples, empty=baseline.samples)
        lines.append(web_report.row(f"tap {label}", paired, TAP_TARGET))
    full_label = f"empty app's tap, page of {controls} controls"
    lines += ["", f"  the empty app holding {controls} static controls (as many as the table screen), "
                  "against the empty app (companion column: the full one):",
              web_report.row("first interactive, fresh browser", measured.full, None),
              web_report.row("first interactive, reload (cache warm)", measured.full_warm, None),
              web_report.row("tap empty-button -> empty-text", Paired(app=full_page.samples, empty=baseline.samples),
                             None)]
    every = [(f"{EMPTY_TAP.label} (empty app)", baseline), (full_label, full_page), *flows.items()]
    lines += ["", web_report.split_header()]
    lines += [web_report.split_row(label, series.taps) for label, series in every]
    lines.append(web_report.SPLIT_NOTE)
    for label, series in every:
        if series.changed_again:
            lines.append(f"  note: {label}: changed again within the settle time after "
                         f"{series.changed_again} of {len(series.samples)} taps (the first change was timed)")
    return lines


def run(runs: int, loads: int, viewports: list[str]) -> None:
    from playwright.sync_api import sync_playwright

    from companion.rules import load_rules

    if not CHROMIUM.exists():
        raise BenchError(f"{CHROMIUM} is not installed (apt-get install -y chromium)")
    load_before = web_report.load_average()
    with tempfile.TemporaryDirectory(prefix="bench-web-") as tmp:
        folder = Path(tmp)
        data_dir = folder / "data"
        rules = load_rules()
        seed, advances = web_game.seed_data_dir(data_dir, rules)
        table = TableSize(folder, {name: web_game.table_controls(data_dir, rules, LANGUAGE, viewport["width"],
                                                                 viewport["height"])
                                   for name, viewport in VIEWPORTS.items() if name in viewports})
        servers: list[web_servers.Server] = []
        try:
            servers.append(web_servers.start_companion(data_dir, folder, LANGUAGE))
            servers.append(web_servers.start_empty_app(folder))
            progress("both servers answer")
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
                try:
                    sections = [bench_viewport(browser, servers, name, runs, loads, table) for name in viewports]
                    chromium = browser.version
                finally:
                    browser.close()
        except BenchError as error:
            gone = [f"{server.name} exited:\n{server.log_tail()}" for server in servers
                    if server.process.poll() is not None]
            if gone:
                raise BenchError("\n".join([str(error), *gone])) from None
            raise
        finally:
            for server in servers:
                server.stop()
    print(f"The companion's web build against an empty Flet app (Flet {web_report.flet_version()}, "
          f"Chromium {chromium} headless, loopback, no CDN)")
    print(web_report.machine(load_before))
    print(f"game: seed {seed}, resumed with the Time token moved {advances} times; {WARMUP_TAPS} unmeasured "
          "taps before each series; every companion tap undone before the next")
    for section in sections:
        print()
        print("\n".join(section))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.benchmarks.bench_web",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15, help="measured taps per series (default 15)")
    parser.add_argument("--loads", type=int, default=5, help="page loads per app and viewport (default 5)")
    parser.add_argument("--viewport", choices=["both", *VIEWPORTS], default="both")
    args = parser.parse_args(argv)
    if args.runs < 1 or args.loads < 1:
        parser.error("--runs and --loads must be at least 1")
    viewports = list(VIEWPORTS) if args.viewport == "both" else [args.viewport]
    # A plain `kill` must still stop both servers: SystemExit runs the finally blocks.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    return exit_code("bench_web", lambda: run(args.runs, args.loads, viewports), failed=2)


if __name__ == "__main__":
    sys.exit(main())
