"""Benchmark (not a test): how the empty Flet app's own tap slows as its page fills. The same
button and text as bench_web's floor, with 0 to N static controls below them, drawn as the
companion draws its panels (empty_flet_app --controls). Prints measured figures only.

Run: python -m tests.benchmarks.bench_floor [--runs 15] [--controls 0 60 120 240 560]
"""
from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

from tests.benchmarks import web_probe, web_report, web_servers
from tests.benchmarks.web_screen import BenchError, exit_code
from tests.benchmarks.web_taps import empty_app_taps
from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS
from tests.browser.flutter_page import PHONE, FlutterPage

SIZES = (0, 60, 120, 240, 560)


def run(runs: int, sizes: list[int]) -> None:
    from playwright.sync_api import sync_playwright

    if not CHROMIUM.exists():
        raise BenchError(f"{CHROMIUM} is not installed (apt-get install -y chromium)")
    load_before = web_report.load_average()
    rows = []
    with tempfile.TemporaryDirectory(prefix="bench-floor-") as tmp, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            for controls in sizes:
                print(f"the empty app holding {controls} controls", file=sys.stderr, flush=True)
                server = web_servers.start_empty_app(Path(tmp), controls=controls)
                try:
                    context = browser.new_context(viewport=PHONE)
                    web_probe.install_wire_probe(context)
                    app = FlutterPage(context.new_page())
                    app.open(server.url)
                    series = empty_app_taps(app, runs)
                    context.close()
                finally:
                    server.stop()
                rows.append((controls, series))
            chromium = browser.version
        finally:
            browser.close()
    bare = statistics.median(rows[0][1].samples)
    print(f"The empty Flet app's tap -> visible as its page fills (Flet {web_report.flet_version()}, "
          f"Chromium {chromium} headless, 390x844, loopback, no CDN; {runs} taps each)")
    print(web_report.machine(load_before))
    print(f"  {'static controls':>15} {'median ms':>10} {'p90 ms':>7} {'x first row':>12}")
    for controls, series in rows:
        median = statistics.median(series.samples)
        print(f"  {controls:>15} {median:>10.0f} {web_report.p90(series.samples):>7.0f} {median / bare:>11.2f}x")
    print()
    print(web_report.split_header())
    for controls, series in rows:
        print(web_report.split_row(f"{controls} static controls", series.taps))
    print(web_report.SPLIT_NOTE)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.benchmarks.bench_floor",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15, help="measured taps per size (default 15)")
    parser.add_argument("--controls", type=int, nargs="+", default=list(SIZES),
                        help=f"static controls on the page, one series each; the first is the reference "
                             f"(default {' '.join(map(str, SIZES))})")
    args = parser.parse_args(argv)
    return exit_code("bench_floor", lambda: run(args.runs, args.controls))


if __name__ == "__main__":
    raise SystemExit(main())
