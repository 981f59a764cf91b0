"""Benchmark (not a test): the update models Flet 1.0.5 offers, on the bag screen of the game
bench_web serves, each on a real Flet session without a browser (tests/benchmarks/
update_models/rig.py). Prints measured figures only.

Run: python -m tests.benchmarks.bench_models [--rounds 15] [--section all|models|patches|browser]
                                               [--browser-rounds 8]

  A  the bag screen rebuilt on every render (update_models/bag_rebuilt.py): kit.graft
     and kit.memo keep what did not change, live_index and diff_fast_path patch Flet;
  B  the app as it ships: the kept bag screen (companion/ui/bag/screen.py), built once
     per page, a new view sets properties, and only the controls it changed are updated;
  C  declarative components (update_models/bag_components.py): memoised panels
     re-rendered from an observable, Flet's frozen diff.

The three pages are tapped in turn, round after round, so a change in the machine's load
touches them alike. Each tap: the server's time from the event's arrival until its
updates went out (Flet's diff and the encoding included), the bytes and messages sent,
the patch operations in them, and the controls Flet had to add. Every screen is kept in
its own holder per page under all three (companion/ui/screen_host.py); the table screen
is still rebuilt under all three.

The second section switches each of Flet's patches off (or on) under each model and
counts the controls missing from Flet's index after the taps (a tap on one walks the page).

The browser section serves the three models (update_models/serve.py) beside two empty
Flet apps of the bag screen's size, the one's tap the floor of a tap, the other's switch
between two kept screens the floor of a screen change; all five pages are open in one
headless Chromium and tapped in turn (phone size), timed in the page as bench_web does.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
import warnings
from pathlib import Path
from typing import Callable

from tests.benchmarks import web_game
from tests.benchmarks.update_models.rig import MODELS, Rig, Sample, fast_path
from tests.benchmarks.web_report import load_average, machine

WARMUP_ROUNDS = 2
PICK, DRAW, ODDS, TO_TABLE, TO_BAG, FIRST = ("pick a Character", "draw a token", "toggle odds", "bag -> table",
                                            "table -> bag", "table -> bag, first time")
TAPS = (PICK, DRAW, ODDS, TO_BAG, TO_TABLE)
HAND = f"encounter-hand-{web_game.ENCOUNTER_HAND}"


def one_round(rig: Rig) -> dict[str, list[Sample]]:
    """The measured taps of one round, on the bag screen; unmeasured taps put the game back."""
    taken: dict[str, list[Sample]] = {}

    def measure(label: str, sample: Sample) -> None:
        taken.setdefault(label, []).append(sample)

    for seat in (2, web_game.ENCOUNTER_SEAT):
        measure(PICK, rig.tap(f"encounter-seat-{seat}"))
    rig.tap(HAND)
    measure(DRAW, rig.tap("draw-encounter"))
    rig.tap("undo")
    for _ in range(2):  # on and off (as in the browser, where an undo's notice would hide the switch)
        measure(ODDS, rig.switch("odds-toggle"))
    measure(TO_TABLE, rig.tap("bag-back"))
    measure(TO_BAG, rig.tap("open-bag"))
    return taken


def run_rounds(rigs: dict[str, Rig], rounds: int, progress: Callable[[str], None]) -> dict[str, dict[str, list[Sample]]]:
    results: dict[str, dict[str, list[Sample]]] = {name: {} for name in rigs}
    for name, rig in rigs.items():
        results[name][FIRST] = [rig.tap("open-bag")]
    for round_ in range(WARMUP_ROUNDS + rounds):
        progress(f"round {round_ + 1} of {WARMUP_ROUNDS + rounds}")
        for name, rig in rigs.items():
            taken = one_round(rig)
            if round_ >= WARMUP_ROUNDS:
                for label, samples in taken.items():
                    results[name].setdefault(label, []).extend(samples)
    return results


def p90(values: list[float]) -> float:
    return statistics.quantiles(values, n=10, method="inclusive")[8] if len(values) > 1 else values[0]


def header() -> str:
    return (f"  {'':<10} {'':<26} {'n':>3} {'median':>7} {'p90':>7} {'min-max ms':>13}   {'kB':>6} {'msgs':>5} "
            f"{'ops':>5} {'built':>6}")


def row(model: str, label: str, samples: list[Sample]) -> str:
    ms = [s.ms for s in samples]
    med = lambda attr: statistics.median(getattr(s, attr) for s in samples)  # noqa: E731
    spread = f"{min(ms):.1f}-{max(ms):.1f}"
    return (f"  {model:<10} {label:<26} {len(ms):>3} {statistics.median(ms):7.1f} {p90(ms):7.1f} {spread:>13}   "
            f"{med('bytes') / 1000:6.1f} {med('messages'):5.0f} {med('ops'):5.0f} {med('built'):6.0f}")


def ratio_rows(results: dict[str, dict[str, list[Sample]]], base: str) -> list[str]:
    lines = [f"  median server time against model {base} (same run):"]
    for label in (FIRST, *TAPS):
        if label not in results[base]:
            continue
        base_ms = statistics.median(s.ms for s in results[base][label])
        parts = [f"{name} {statistics.median(s.ms for s in taken[label]) / base_ms:5.2f}x"
                 for name, taken in results.items() if name != base and label in taken]
        lines.append(f"    {label:<26} " + "   ".join(parts))
    return lines


def make_game(folder: Path):
    from companion.rules import load_rules

    rules = load_rules()
    data_dir = folder / "data"
    seed, advances = web_game.seed_data_dir(data_dir, rules)
    return rules, data_dir, seed, advances


def section_models(folder: Path, rounds: int, progress) -> list[str]:
    rules, data_dir, seed, advances = make_game(folder)
    # Each model as it would ship: A with live_index on the whole page; B and C need it only
    # under the screens still rebuilt (see the patches).
    rigs = {name: Rig(name, data_dir, folder, rules, keep_index=True if name == "A" else None) for name in MODELS}
    sizes = {}
    try:
        with fast_path(True):
            results = run_rounds(rigs, rounds, progress)
        for name, rig in rigs.items():
            sizes[name] = rig.controls()
        whole = whole_screen_update(rigs["B"])
    finally:
        for rig in rigs.values():
            rig.close()
    lines = [f"game: seed {seed}, Time moved {advances} times; phone size (390x844), Portuguese; {rounds} rounds "
             f"after {WARMUP_ROUNDS} unmeasured; each model on its own page, tapped in turn",
             *(f"  {name}: {text}" for name, text in MODELS.items()),
             f"  controls on the page at the end (both screens kept under B and C): "
             + ", ".join(f"{name} {count}" for name, count in sizes.items()), "", header()]
    for label in (FIRST, *TAPS):
        for name in MODELS:
            lines.append(row(name, label, results[name][label]))
        lines.append("")
    lines += ratio_rows(results, "A")
    lines += ["", f"  B: one update of its whole bag screen ({whole[1]} controls) with nothing changed: median "
                  f"{whole[0]:.1f} ms, {whole[2]} bytes sent (why B updates only the controls it changed)"]
    return lines


def whole_screen_update(rig: Rig, times: int = 10) -> tuple[float, int, int]:
    """Flet's in-place diff of the whole kept bag screen, nothing changed: ms, controls, bytes."""
    from tests.benchmarks.update_models.rig import controls_on

    screen = rig.bag_screen()
    rig.tap("open-bag") if not rig.has("bag-back") else None
    samples = []
    rig.wire.take()
    for _ in range(times):
        started = time.perf_counter()
        screen.update()
        samples.append((time.perf_counter() - started) * 1000)
    return statistics.median(samples), sum(1 for _ in controls_on(screen)), rig.wire.take().bytes


# Each patch, switched against the model as it ships (A: all on; B and C: live_index off).
VARIANTS = {
    "as shipped": {},
    "live_index toggled": {"toggle_index": True},
    "diff_fast_path off": {"fast_path": False},
    "Flet's transport": {"formatting": True},
}
FRESH_PAGES = 4  # new pages per variant, for a first screen and a first visit of the bag


def _rig(model: str, variant: str, data_dir: Path, folder: Path, rules) -> Rig:
    options = VARIANTS[variant]
    toggled = bool(options.get("toggle_index"))
    # A ships with live_index on the whole page; B and C with it under rebuilt screens only.
    keep = (not toggled) if model == "A" else (True if toggled else None)
    return Rig(model, data_dir, folder, rules, keep_index=keep, formatting=bool(options.get("formatting")))


def section_patches(folder: Path, rounds: int, progress) -> list[str]:
    rules, data_dir, _seed, _advances = make_game(folder)
    labels = ("first screen", FIRST, PICK, DRAW, ODDS, TO_BAG, TO_TABLE)
    lines = ["each of Flet's patches against each model as shipped (median ms, same run; 'live_index toggled' is "
             "A without it, B and C with it; 'Flet's transport' formats every message for the debug log as Flet "
             f"1.0.5 does without quiet_transport); first screen and first visit: {FRESH_PAGES} new pages each", "",
             f"  {'':<6} {'':<20} " + " ".join(f"{label[:13]:>13}" for label in labels) + f" {'not indexed':>12}"]
    for model in MODELS:
        results: dict[str, dict[str, list[float]]] = {variant: {} for variant in VARIANTS}
        for variant in VARIANTS:
            progress(f"patches under {model}: new pages, {variant}")
            with fast_path(VARIANTS[variant].get("fast_path", True)):
                for _ in range(FRESH_PAGES):
                    rig = _rig(model, variant, data_dir, folder, rules)
                    try:
                        results[variant].setdefault("first screen", []).append(rig.start_ms)
                        results[variant].setdefault(FIRST, []).append(rig.tap("open-bag").ms)
                    finally:
                        rig.close()
        rigs: dict[str, Rig] = {}
        try:
            for variant in VARIANTS:
                rigs[variant] = _rig(model, variant, data_dir, folder, rules)
                rigs[variant].tap("open-bag")
            for round_ in range(WARMUP_ROUNDS + rounds):
                progress(f"patches under {model}: round {round_ + 1} of {WARMUP_ROUNDS + rounds}")
                for variant, rig in rigs.items():
                    with fast_path(VARIANTS[variant].get("fast_path", True)):
                        taken = one_round(rig)
                    if round_ >= WARMUP_ROUNDS:
                        for label, samples in taken.items():
                            results[variant].setdefault(label, []).extend(s.ms for s in samples)
            for variant, rig in rigs.items():
                medians = [statistics.median(results[variant][label]) for label in labels]
                rig.tap("encounter-seat-2")  # a redraw of the bag screen, then its index
                lines.append(f"  {model:<6} {variant:<20} " + " ".join(f"{m:13.1f}" for m in medians)
                             + f" {rig.missing_from_index(rig.bag_screen()):>12}")
        finally:
            for rig in rigs.values():
                rig.close()
        lines.append("")
    lines.append("  not indexed: controls of the bag screen missing from Flet's index after a redraw of it")
    return lines


def bag_screen_controls(folder: Path) -> int:
    """Controls on the page showing the rebuilt bag screen (app bar and status strip included,
    the hidden table left out)."""
    rules, data_dir, _seed, _advances = make_game(folder)
    rig = Rig("A", data_dir, folder, rules, keep_index=True)
    try:
        rig.tap("open-bag")
        return rig.shown_controls()
    finally:
        rig.close()


def section_browser(folder: Path, rounds: int, progress) -> list[str]:
    from playwright.sync_api import sync_playwright

    from tests.benchmarks import web_probe, web_report, web_servers
    from tests.benchmarks.update_models import browser as flows
    from tests.benchmarks.web_report import Paired
    from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS
    from tests.browser.flutter_page import PHONE, FlutterPage

    size = bag_screen_controls(folder / "size")
    rules, data_dir, _seed, _advances = make_game(folder / "game")
    servers = []
    pages = {}
    try:
        for name in MODELS:
            copy = folder / f"web-{name}"
            __import__("shutil").copytree(data_dir, copy)
            servers.append(web_servers.start_model(name, copy, folder))
        full = web_servers.start_empty_app(folder, controls=size)
        switching = web_servers.start_empty_app(folder, controls=size, screens=2)
        servers += [full, switching]
        progress("five servers answer")
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
            try:
                def open_page(url: str) -> FlutterPage:
                    context = browser.new_context(viewport=PHONE)
                    web_probe.install_wire_probe(context)
                    app = FlutterPage(context.new_page())
                    app.open(url)
                    return app

                for name, server in zip(MODELS, servers):
                    pages[name] = flows.ModelPage(name, open_page(server.url))
                pages["empty"] = flows.EmptyTaps(open_page(full.url))
                pages["switch"] = flows.EmptySwitch(open_page(switching.url))
                flows.run_rounds(list(pages.values()), rounds, 1, progress)
                chromium = browser.version
            finally:
                browser.close()
    finally:
        for server in servers:
            server.stop()
    floor_tap = pages["empty"].taken.taps["tap"]
    floor_switch = pages["switch"].taken.taps["switch"]
    lines = [f"Chromium {chromium} headless, phone size; the empty apps hold {size} controls (the page on the "
             f"bag screen); {rounds} rounds after 1 unmeasured, the five pages tapped in turn", "",
             "  tap -> visible against the empty app's tap (screen changes: against its switch between two screens)",
             web_report.header("model")]
    for label in (flows.FIRST, *flows.TAP_LABELS):
        floor = floor_switch if "->" in label else floor_tap
        for name in MODELS:
            taken = pages[name].taken.taps.get(label)
            if taken:
                paired = Paired(app=[t.elapsed_ms for t in taken], empty=[t.elapsed_ms for t in floor])
                lines.append(web_report.row(f"{name}  {label}", paired, 1.5 if "->" in label else 1.3))
    lines += ["", web_report.split_header()]
    lines.append(web_report.split_row("empty app: tap", floor_tap))
    lines.append(web_report.split_row("empty app: switch two screens", floor_switch))
    for label in (flows.FIRST, *flows.TAP_LABELS):
        for name in MODELS:
            taken = pages[name].taken.taps.get(label)
            if taken:
                lines.append(web_report.split_row(f"{name}  {label}", taken))
    lines.append(web_report.SPLIT_NOTE)
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.benchmarks.bench_models", description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=15, help="measured rounds per model (default 15)")
    parser.add_argument("--section", choices=["all", "models", "patches", "browser"], default="all")
    parser.add_argument("--browser-rounds", type=int, default=8, help="measured rounds in the browser (default 8)")
    args = parser.parse_args(argv)
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")
    warnings.simplefilter("ignore")  # the session's loop leaves some coroutines unawaited
    started = time.monotonic()

    def progress(message: str) -> None:
        print(f"[{time.monotonic() - started:6.1f} s] {message}", file=sys.stderr, flush=True)

    load_before = load_average()
    sections = []
    with tempfile.TemporaryDirectory(prefix="bench-models-") as tmp:
        if args.section in ("all", "models"):
            sections.append(section_models(Path(tmp) / "models", args.rounds, progress))
        if args.section in ("all", "patches"):
            sections.append(section_patches(Path(tmp) / "patches", args.rounds, progress))
        if args.section in ("all", "browser"):
            sections.append(section_browser(Path(tmp) / "browser", args.browser_rounds, progress))
    print("Update models on the bag screen, the server's side without a browser (Flet "
          f"{__import__('importlib.metadata').metadata.version('flet')})")
    print(machine(load_before))
    for section in sections:
        print()
        print("\n".join(section))
    return 0


if __name__ == "__main__":
    sys.exit(main())
