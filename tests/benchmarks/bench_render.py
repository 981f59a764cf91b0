"""Benchmark (not a test): the server's side of a redraw, on a real Flet session without a
browser (tests/flet_session.py), so no browser competes for the cores. Prints measured
figures only.

Run: python -m tests.benchmarks.bench_render [--rounds 40]

- a command and the table's redraw (Advance Time, then its undo: two commands, two redraws);
- the table drawn again with nothing changed;
- the table's first screen for a page that opens on it (both parts);
each with Flet's diff and the encoding of what is sent, as the web server does them.
"""
from __future__ import annotations

import argparse
import statistics
import tempfile
import time
import warnings
from pathlib import Path

from companion.engine.commands import AdvanceTime
from companion.hosting.flet_patches import install_diff_fast_path
from companion.ui.shell import PageApp
from tests.flet_session import live_page
from tests.test_render_cost import SETUP
from tests.ui_tree import make_controller, page_app

ADVANCES = 2


def _median_ms(action, rounds: int) -> float:
    samples = []
    for _ in range(rounds):
        started = time.perf_counter()
        action()
        samples.append(time.perf_counter() - started)
    return statistics.median(samples) * 1000


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.benchmarks.bench_render", description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=40)
    args = parser.parse_args(argv)
    warnings.simplefilter("ignore")  # the fake loop leaves some coroutines unawaited
    install_diff_fast_path()
    with tempfile.TemporaryDirectory(prefix="bench-render-") as folder:
        controller = make_controller(Path(folder))
        controller.new_game(SETUP, "bench")
        for _ in range(ADVANCES):  # past the first critical moments, as bench_web's game
            controller.execute(AdvanceTime())
        page, _wire = live_page()
        app = page_app(page, controller, language="pt-BR", startup_errors=[])
        app.start()

        def command_and_undo() -> None:
            controller.execute(AdvanceTime())
            controller.undo()

        def first_screen() -> None:
            other, _ = live_page()
            opened = page_app(other, controller, language="pt-BR", startup_errors=[])
            opened.start()
            opened._closed()  # one page follows the game while the commands are timed

        for warm_up in (command_and_undo, app.render, first_screen):
            warm_up()
        rows = [("a command and its redraw", _median_ms(command_and_undo, args.rounds) / 2),
                ("the table again, nothing changed", _median_ms(app.render, args.rounds)),
                ("the table's first screen, both parts", _median_ms(first_screen, args.rounds))]
    print(f"the server's side of a redraw, median of {args.rounds} (phone size, Portuguese, a 2-player game "
          f"with Time advanced {ADVANCES} times)")
    for label, ms in rows:
        print(f"  {label:<40} {ms:6.1f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
