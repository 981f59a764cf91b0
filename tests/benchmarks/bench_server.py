"""Benchmark (not a test): the server's part of each tap, with no browser on the machine.

    python -m tests.benchmarks.bench_server [--runs 20]

bench_web times the server's part of a tap inside the browser's run (from the tap's
message out to the last message in before the change shows), while Chromium draws the
page in software on the same two cores; this times the server alone. The same seeded
game and the same taps as bench_web (each undone before the next), sent by a Python page
on Flet's own protocol (tests/support/flet_client.py): from the tap's message out until
the last message of its answer comes in, the answer being every message until the
server is quiet for QUIET_MS. The page's messages are stamped as they arrive and applied
to its tree on another thread, so applying one never delays reading the next. The floor,
measured the same way in the same run: the same-size empty app's tap (one Text changed).

Prints measured figures only: median and p90 next to the 16 ms target (one frame).
"""
from __future__ import annotations

import argparse
import queue
import statistics
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tests.benchmarks import empty_flet_app, web_game, web_servers
from tests.benchmarks.web_report import cpu_times, load_average, machine, p90
from tests.benchmarks.web_screen import BenchError, exit_code
from tests.support.flet_client import EVENT, FletClient, _clickable

TARGET_MS = 16
QUIET_MS = 250  # no message for this long: the tap's answer is complete
WARMUP_TAPS = 2


class StampedPage(FletClient):
    """A FletClient whose messages are stamped on arrival and applied on another thread."""

    def __init__(self, base_url: str, route: str) -> None:
        self.arrivals: list[float] = []
        self._inbox: queue.Queue = queue.Queue()
        self._applier = threading.Thread(target=self._apply_inbox, name="stamped-page", daemon=True)
        self._applier.start()
        super().__init__(base_url, route)

    def _on_message(self, action: int, body: Any) -> None:
        self.arrivals.append(time.perf_counter())
        self._inbox.put((action, body))

    def _apply_inbox(self) -> None:
        while True:
            action, body = self._inbox.get()
            try:
                FletClient._on_message(self, action, body)
            finally:
                self._inbox.task_done()

    def settled(self) -> None:
        """Until the server is quiet and every message is applied."""
        while True:
            count = len(self.arrivals)
            time.sleep(QUIET_MS / 1000)
            if len(self.arrivals) == count:
                self._inbox.join()
                return

    def timed_tap(self, identifier: str) -> float:
        """Send a click to what shows `identifier` now; ms until the last message of the answer."""
        self.settled()
        with self.lock:
            control = self.find(identifier)
            target = _clickable(control) if control is not None else None
        if target is None:
            raise BenchError(f"{identifier!r} is not on the page or takes no click")
        self.arrivals.clear()
        sent = time.perf_counter()
        self._send(EVENT, {"target": target, "name": "click", "data": None})
        self.settled()
        if not self.arrivals:
            raise BenchError(f"a tap on {identifier!r} got no answer")
        return (self.arrivals[-1] - sent) * 1000


@dataclass
class Series:
    samples: list[float] = field(default_factory=list)

    def line(self, label: str) -> str:
        median = statistics.median(self.samples)
        return (f"  {label:<44} {len(self.samples):>3} {median:8.1f} {p90(self.samples):8.1f}   "
                f"{median / TARGET_MS:5.2f}x   <= {TARGET_MS} ms")


# Each flow: the taps of one measured change (a confirmation is a second tap), then undone.
FLOWS: tuple[tuple[str, tuple[str, ...], tuple[str, ...]], ...] = (
    ("advance-time -> its confirmation; confirm-ok", (), ("advance-time", "confirm-ok")),
    ("power-flip-S-01", (), ("power-flip-S-01",)),
    ("fire-place", (), ("fire-place",)),
    ("crew-knowledge-up-1", (), ("crew-knowledge-up-1",)),
    ("draw-encounter", (f"encounter-seat-{web_game.ENCOUNTER_SEAT}",
                        f"encounter-place-{web_game.ENCOUNTER_PLACE.value}",
                        f"encounter-hand-{web_game.ENCOUNTER_HAND}"), ("draw-encounter",)),
)


def _untimed(page: StampedPage, identifier: str) -> None:
    page.timed_tap(identifier)


def companion_taps(page: StampedPage, runs: int) -> dict[str, Series]:
    results: dict[str, Series] = {}
    for label, picks, taps in FLOWS:
        if label == "draw-encounter":
            _untimed(page, "open-bag")
        for run in range(WARMUP_TAPS + runs):
            for pick in picks:
                _untimed(page, pick)
            for tap in taps:
                elapsed = page.timed_tap(tap)
                if run >= WARMUP_TAPS:
                    results.setdefault(tap, Series()).samples.append(elapsed)
            _untimed(page, "undo")
        if label == "draw-encounter":
            _untimed(page, "bag-back")
    return results


def empty_taps(page: StampedPage, runs: int) -> Series:
    series = Series()
    for run in range(WARMUP_TAPS + runs):
        elapsed = page.timed_tap(empty_flet_app.BUTTON_ID)
        if run >= WARMUP_TAPS:
            series.samples.append(elapsed)
    return series


def _split(url: str) -> tuple[str, str]:
    scheme_host, _, rest = url.partition("://")
    host, _, path = rest.partition("/")
    return f"{scheme_host}://{host}", "/" + path


def run(runs: int) -> None:
    from companion.rules import load_rules

    load_before, times_before = load_average(), cpu_times()
    with tempfile.TemporaryDirectory(prefix="bench-server-") as tmp:
        folder = Path(tmp)
        rules = load_rules()
        seed, advances = web_game.seed_data_dir(folder / "data", rules)
        controls = web_game.table_controls(folder / "data", rules, "pt-BR", 390, 844)
        companion = web_servers.start_companion(folder / "data", folder, "pt-BR")
        empty = web_servers.start_empty_app(folder, controls=controls)
        try:
            page = StampedPage(*_split(companion.url))
            try:
                page.wait_for_id("advance-time")
                taps = companion_taps(page, runs)
            finally:
                page.close()
            floor_page = StampedPage(*_split(empty.url))
            try:
                floor_page.wait_for_id(empty_flet_app.BUTTON_ID)
                floor = empty_taps(floor_page, runs)
            finally:
                floor_page.close()
        finally:
            companion.stop()
            empty.stop()
    print("The server's part of each tap, with no browser running (a Python page on Flet's protocol, loopback)")
    print(machine(load_before, times_before))
    print(f"game: seed {seed}, the Time token moved {advances} times; {WARMUP_TAPS} unmeasured taps before "
          f"each series; every tap undone before the next; an answer ends after {QUIET_MS} ms of quiet")
    print(f"  {'tap -> the last message of its answer':<44} {'n':>3} {'median':>8} {'p90':>8}   {'ratio':>6}   target")
    for label, series in taps.items():
        print(series.line(label))
    print(floor.line(f"same-size empty app ({controls} controls): its tap"))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.benchmarks.bench_server",
                                     description="The server's part of each tap, with no browser running.")
    parser.add_argument("--runs", type=int, default=20, help="measured taps per series (default 20)")
    args = parser.parse_args(argv)
    return exit_code("bench_server", lambda: run(args.runs))


if __name__ == "__main__":
    sys.exit(main())
