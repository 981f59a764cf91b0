"""Benchmark (not a test): the companion's web build against an empty Flet app of the same
size, both served in the same run, measured in headless Chromium. Prints measured figures
only.

Run: python -m tests.benchmarks.bench_web [--runs 15] [--loads 5] [--viewport both|phone|desktop]

Every companion row stands beside the same-size empty app's row and their ratio. The
same-size empty app holds as many static controls as the companion's table screen at that
size, drawn as the companion draws its panels (empty_flet_app --controls); for screen
changes it holds two such screens and switches between them by visibility
(empty_flet_app --screens 2).

- first interactive: from navigation start until a known control sits in the accessibility
  tree ready to be tapped (the empty app's button; the table's `advance-time`), in a fresh
  browser context (nothing cached) and on a reload (the browser's cache warm);
- tap -> visible: from the tap's pointerdown until the change is in the accessibility tree
  (the empty app's text; the Time track; the bag's `token-reveal`; the Event Phase
  runner's current step). A tap that asks for a confirmation is timed as two taps: until
  `confirm-ok` is there, then from `confirm-ok`. Every companion tap is undone before the
  next one, so each starts from the same game (tests/benchmarks/web_game.py);
- screen changes: from the tap until a control only the new screen has is in the tree:
  table -> bag and bag -> table (the bag screen visited before, as at a table in play),
  and the round's last step -> table (the runner's continue on step 11 ends the Event
  Phase; a second companion server holds that game, undone after each change);
- where a tap goes: the WebSocket traffic of each tap splits its time between the page
  and the server.

For scale: the bare empty app (one button, one text) against the same-size one.

Targets: every tap <= 1.3x the same-size empty app's; every screen change <= 1.5x its
switch between two screens; first interactive <= 1.0x; the server's part of every tap
(send -> reply) <= 16 ms median.

A control that cannot be found, or a tap that shows nothing within the timeout, stops the
run with a message naming the control.
"""
from __future__ import annotations

import argparse
import signal
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from tests.benchmarks import empty_flet_app, web_game, web_probe, web_report, web_servers
from tests.benchmarks.web_loads import load_twice
from tests.benchmarks.web_report import Paired
from tests.benchmarks.web_screen import BenchError, exit_code
from tests.benchmarks.web_taps import (ADVANCE_TIME, EMPTY_TAP, ROUND_END_TO_TABLE, TO_BAG, TO_TABLE, WARMUP_TAPS,
                                       TapSeries, companion_taps, empty_app_taps, empty_switches, round_end_changes)
from companion.engine.phase.model import EventStep
from companion.ui.i18n_view import Texts
from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS
from tests.browser.flutter_page import DESKTOP, PHONE, FlutterPage

VIEWPORTS = {"phone": PHONE, "desktop": DESKTOP}
LANGUAGE = "pt-BR"  # the companion's, as web_servers starts it
TAP_TARGET, SWITCH_TARGET, LOAD_TARGET = 1.3, 1.5, 1.0
SERVER_TARGET_MS = 16
SCREEN_CHANGES = (TO_BAG, TO_TABLE, ROUND_END_TO_TABLE)
STARTED = time.monotonic()


@dataclass(frozen=True)
class TableSize:
    log_dir: Path  # where the same-size empty apps write their logs
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
    """First interactive of each app (by name: "companion", "same-size", "bare")."""

    client: dict[str, list[float]] = field(default_factory=dict)  # the Flutter client up
    fresh: dict[str, list[float]] = field(default_factory=dict)  # nothing cached
    warm: dict[str, list[float]] = field(default_factory=dict)  # on a reload

    def add(self, name: str, first: web_probe.LoadTimes, again: web_probe.LoadTimes) -> None:
        self.client.setdefault(name, []).append(first.placeholder_ms)
        self.fresh.setdefault(name, []).append(first.ready_ms)
        self.warm.setdefault(name, []).append(again.ready_ms)


def _loads(browser, apps: dict[str, tuple[web_servers.Server, str, str]], viewport: dict, name: str,
           loads: int) -> Loads:
    """`apps`: by name, the server, the control that makes it interactive and one that comes
    with its whole first screen."""
    measured = Loads()
    # Interleaved, so a change in the machine's load touches every app alike.
    for round_ in range(loads):
        progress(f"{name}: page loads, round {round_ + 1} of {loads}")
        for app, (server, identifier, whole) in apps.items():
            first, again = load_twice(browser, server.url, identifier, viewport, server.name, whole=whole)
            measured.add(app, first, again)
    return measured


def _on_page(browser, server: web_servers.Server, viewport: dict, measure):
    context, app = _open(browser, server, viewport)
    try:
        return measure(app)
    finally:
        context.close()


@dataclass
class Taps:
    bare: TapSeries  # the bare empty app's tap
    same_size: TapSeries  # the same-size empty app's tap
    switch: TapSeries  # the same-size empty app switching between its two screens
    companion: dict[str, TapSeries]  # by label: taps and screen changes


def _taps(browser, servers: dict[str, web_servers.Server], viewport: dict, name: str, runs: int) -> Taps:
    progress(f"{name}: taps on the empty apps")
    bare = _on_page(browser, servers["bare"], viewport, lambda app: empty_app_taps(app, runs))
    same_size = _on_page(browser, servers["same-size"], viewport, lambda app: empty_app_taps(app, runs))
    switch = _on_page(browser, servers["switching"], viewport, lambda app: empty_switches(app, runs))
    progress(f"{name}: taps on the companion, the table screen")
    flows = _on_page(browser, servers["companion"], viewport, lambda app: companion_taps(
        app, runs, lambda screen: progress(f"{name}: taps on the companion, {screen}")))
    progress(f"{name}: the round's last step -> table")
    resume = Texts(LANGUAGE).t("ui.events.panel.resume", step=int(EventStep.ROUND_END),
                               name=Texts(LANGUAGE).t(EventStep.ROUND_END.key))
    flows[ROUND_END_TO_TABLE] = _on_page(browser, servers["round end"], viewport,
                                         lambda app: round_end_changes(app, runs, resume))
    return Taps(bare, same_size, switch, flows)


def _server_row(label: str, series: TapSeries) -> str:
    known = [tap.server_ms for tap in series.taps if tap.server_ms is not None]
    if not known:
        return f"  {label:<{web_report.LABEL_WIDTH}} -"
    median = statistics.median(known)
    return (f"  {label:<{web_report.LABEL_WIDTH}} {len(known):>3} {median:8.0f} ms   "
            f"{median / SERVER_TARGET_MS:6.2f}x   <= {SERVER_TARGET_MS} ms")


def bench_viewport(browser, servers: dict[str, web_servers.Server], name: str, runs: int, loads: int,
                   table: TableSize) -> list[str]:
    viewport = VIEWPORTS[name]
    controls = table.controls[name]
    # The floor: the empty app holding as many controls as the table screen, and the same
    # app switching between two such screens.
    full = web_servers.start_empty_app(table.log_dir, controls=controls)
    switching = web_servers.start_empty_app(table.log_dir, controls=controls, screens=2)
    here = {**servers, "same-size": full, "switching": switching}
    try:
        measured = _loads(browser, {"bare": (servers["bare"], EMPTY_TAP.tap, empty_flet_app.TEXT_ID),
                                    "companion": (servers["companion"], ADVANCE_TIME.tap, "log"),
                                    "same-size": (full, EMPTY_TAP.tap, empty_flet_app.TEXT_ID)},
                          viewport, name, loads)
        taps = _taps(browser, here, viewport, name, runs)
    finally:
        full.stop()
        switching.stop()

    def against(samples: dict[str, list[float]], app: str, empty: str) -> Paired:
        return Paired(app=samples[app], empty=samples[empty])

    lines = [f"viewport {viewport['width']}x{viewport['height']} ({name}); the same-size empty app holds "
             f"{controls} static controls (as many as the companion's table screen)",
             web_report.header("companion", "same-size app"),
             web_report.row("Flutter client up (fresh browser)", against(measured.client, "companion", "same-size"),
                            None),
             web_report.row("first interactive, fresh browser", against(measured.fresh, "companion", "same-size"),
                            LOAD_TARGET),
             web_report.row("first interactive, reload (cache warm)", against(measured.warm, "companion",
                                                                               "same-size"), LOAD_TARGET)]
    for label, series in taps.companion.items():
        if label in SCREEN_CHANGES:
            continue
        lines.append(web_report.row(f"tap {label}", Paired(app=series.samples, empty=taps.same_size.samples),
                                    TAP_TARGET))
    lines.append("  screen changes, against the same-size empty app switching between its two screens:")
    for label in SCREEN_CHANGES:
        series = taps.companion.get(label)
        if series is not None and series.samples:
            lines.append(web_report.row(label, Paired(app=series.samples, empty=taps.switch.samples),
                                        SWITCH_TARGET))
        else:
            lines.append(f"  {label:<{web_report.LABEL_WIDTH}} not measured")
    lines += ["", "  for scale: the same-size empty app against the bare one (a button and a text):",
              web_report.header("same-size app", "bare app"),
              web_report.row("first interactive, fresh browser", against(measured.fresh, "same-size", "bare"), None),
              web_report.row("first interactive, reload (cache warm)", against(measured.warm, "same-size", "bare"),
                             None),
              web_report.row(f"tap {EMPTY_TAP.label}", Paired(app=taps.same_size.samples, empty=taps.bare.samples),
                             None)]
    every = [("bare empty app: tap", taps.bare), ("same-size empty app: tap", taps.same_size),
             ("same-size empty app: switch two screens", taps.switch), *taps.companion.items()]
    lines += ["", web_report.split_header()]
    lines += [web_report.split_row(label, series.taps) for label, series in every]
    lines.append(web_report.SPLIT_NOTE)
    lines += ["", f"  the server's part of each companion tap (send -> reply, median) against {SERVER_TARGET_MS} ms:"]
    lines += [_server_row(label, series) for label, series in taps.companion.items() if label not in SCREEN_CHANGES]
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
    load_before, times_before = web_report.load_average(), web_report.cpu_times()
    with tempfile.TemporaryDirectory(prefix="bench-web-") as tmp:
        folder = Path(tmp)
        data_dir = folder / "data"
        rules = load_rules()
        seed, advances = web_game.seed_data_dir(data_dir, rules)
        round_end_dir = folder / "data-round-end"
        web_game.seed_round_end(round_end_dir, rules, seed, advances)
        table = TableSize(folder, {name: web_game.table_controls(data_dir, rules, LANGUAGE, viewport["width"],
                                                                 viewport["height"])
                                   for name, viewport in VIEWPORTS.items() if name in viewports})
        servers: dict[str, web_servers.Server] = {}
        try:
            servers["companion"] = web_servers.start_companion(data_dir, folder, LANGUAGE)
            servers["round end"] = web_servers.start_companion(round_end_dir, folder, LANGUAGE, log_name="round-end")
            servers["bare"] = web_servers.start_empty_app(folder)
            progress("the servers answer")
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
                try:
                    sections = [bench_viewport(browser, servers, name, runs, loads, table) for name in viewports]
                    chromium = browser.version
                finally:
                    browser.close()
        except BenchError as error:
            gone = [f"{server.name} exited:\n{server.log_tail()}" for server in servers.values()
                    if server.process.poll() is not None]
            if gone:
                raise BenchError("\n".join([str(error), *gone])) from None
            raise
        finally:
            for server in servers.values():
                server.stop()
    print(f"The companion's web build against an empty Flet app of the same size (Flet {web_report.flet_version()}, "
          f"Chromium {chromium} headless, loopback, no CDN)")
    print(web_report.machine(load_before, times_before))
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
