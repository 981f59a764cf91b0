"""Benchmark (not a test): the server's part of each tap, with no browser on the machine.

    python -m tests.benchmarks.bench_server [--runs 20]

bench_web times the server's part of a tap inside the browser's run (from the tap's
message out to the last message in before the change shows), while Chromium draws the
page in software on the same two cores; this times the server alone. The same seeded
game and the same taps as bench_web (each undone before the next), sent by a Python page
on Flet's own protocol (tests/support/flet_client.py): from the tap's message out until
the last message of its answer comes in, the answer being every message until the
server is quiet for QUIET_MS. Each message is stamped as its frame comes off the socket,
and decoded and applied to the page's tree on another thread only once the answer is
complete: the measuring pages' own work (a walk of a whole tree per message, five pages
in one interpreter) never delays the stamp of the next message. The floor,
measured the same way in the same run: the same-size empty app's tap (one Text changed).

Prints measured figures only: median and p90 next to the 16 ms target (one frame), and,
with the phones, each change's last page next to 33 ms (two frames). After each undo the
table dismisses what the undo left over it (an undone draw's announcement, the undo's
notice), not timed, as bench_web does: else the next tap's answer would also close it.

    python -m tests.benchmarks.bench_server --phones 4 [--runs 20] [--profile]

With --phones: the table and the phones of seats 1..N connected at once on a 5-player game
(each a Python page, as above), the table on its table screen (its bag screen for the
draw), each phone on its seat screen. Each tap is timed to the tapping page's answer (the
last message it got) and to the last page's update (the last message any page got), every
answer ending after QUIET_MS of quiet on all pages: Advance Time and its confirmation, Fire
+ and the draw at the table, Knowledge + from phone 1's seat screen, each undone at the
table before the next. --profile runs the server under a sampling profiler
(profiled_companion.py) and prints, for the timed taps' windows, each page's share of the
server's busy samples and the modules its time went to (the profiler slows the server:
the times of a profiled run are not the figures).
"""
from __future__ import annotations

import argparse
import bisect
import queue
import statistics
import sys
import tempfile
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tests.benchmarks import empty_flet_app, web_game, web_servers
from tests.benchmarks.web_report import cpu_times, load_average, machine, p90
from tests.benchmarks.web_screen import BenchError, exit_code
import msgpack

from tests.support.flet_client import EVENT, FletClient, _clickable, _decode_ext

TARGET_MS = 16
# With the table and the phones connected: every page updated within two frames.
EVERY_PAGE_TARGET_MS = 33
QUIET_MS = 250  # no message for this long: the tap's answer is complete
WARMUP_TAPS = 2


class StampedPage(FletClient):
    """A FletClient whose messages are stamped on arrival and applied on another thread."""

    def __init__(self, base_url: str, route: str) -> None:
        self.arrivals: list[float] = []
        self._inbox: queue.Queue = queue.Queue()
        # Cleared while an answer comes in: applying a message (a walk of the page's whole
        # tree) would hold the interpreter while the next message waits to be stamped.
        self.applying = threading.Event()
        self.applying.set()
        self._applier = threading.Thread(target=self._apply_inbox, name="stamped-page", daemon=True)
        self._applier.start()
        super().__init__(base_url, route)

    def _read(self) -> None:
        """Each frame stamped as it comes off the socket, before it is even decoded."""
        try:
            for frame in self._ws:
                at = time.perf_counter()
                if isinstance(frame, bytes) and frame and frame[0] == 0:
                    self.arrivals.append(at)
                    self._inbox.put(frame)
        except Exception:  # noqa: BLE001 - a closed socket ends the page
            pass
        finally:
            self._closed = True

    def _apply_inbox(self) -> None:
        while True:
            frame = self._inbox.get()
            self.applying.wait()
            try:
                action, body = msgpack.unpackb(frame[1:], ext_hook=_decode_ext, strict_map_key=False)
                FletClient._on_message(self, action, body)
            finally:
                self._inbox.task_done()

    def settled(self) -> None:
        """Until the server is quiet and every message is applied."""
        while True:
            count = len(self.arrivals)
            time.sleep(QUIET_MS / 1000)
            if len(self.arrivals) == count:
                self.applying.set()
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
        self.applying.clear()
        sent = time.perf_counter()
        self._send(EVENT, {"target": target, "name": "click", "data": None})
        self.settled()
        if not self.arrivals:
            raise BenchError(f"a tap on {identifier!r} got no answer")
        return (self.arrivals[-1] - sent) * 1000


@dataclass
class Series:
    samples: list[float] = field(default_factory=list)

    def line(self, label: str, target: int = TARGET_MS) -> str:
        median = statistics.median(self.samples)
        return (f"  {label:<44} {len(self.samples):>3} {median:8.1f} {p90(self.samples):8.1f}   "
                f"{median / target:5.2f}x   <= {target} ms")


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


# -- the table and phones connected at once ------------------------------------------------------
PAGES_PLAYERS = (("Ana", "hacker"), ("Bora", "janitor"), ("Caio", "sentry"), ("Dilek", "lab_rat"),
                 ("Emre", "xenobiologist"))
# Each flow: its label, the page that taps, the untimed picks before, the timed taps (a
# confirmation is a second tap); the table's bag screen is opened before the draw and left after.
PAGES_FLOWS: tuple[tuple[str, str, tuple[str, ...], tuple[str, ...]], ...] = (
    ("advance-time", "table", (), ("advance-time", "confirm-ok")),
    ("fire-place", "table", (), ("fire-place",)),
    ("seat-knowledge-up", "phone 1", (), ("seat-knowledge-up",)),
    ("draw-encounter", "table", (f"encounter-seat-{web_game.ENCOUNTER_SEAT}",
                                 f"encounter-place-{web_game.ENCOUNTER_PLACE.value}",
                                 f"encounter-hand-{web_game.ENCOUNTER_HAND}"), ("draw-encounter",)),
)


def _pages_game(seed: int):
    from companion.engine import NewGame, PlayerSetup

    return NewGame(players=tuple(PlayerSetup(name=n, character=ch) for n, ch in PAGES_PLAYERS), seed=seed)


def seed_pages_game(data_dir: Path, rules) -> tuple[int, int]:
    """A 5-player game where none of the timed taps announces anything and the draw places
    an Intruder, saved into `data_dir`: its seed and how many times the Time token moved."""
    from companion.engine import GameSession
    from companion.engine import commands as c
    from companion.engine.bag.model import DrawResult
    from companion.seats.controller import TableController
    from companion.store import GameStore

    taps = (c.AdvanceTime(), c.PlaceFire(), c.ChangeKnowledge(seat=1, by=1))
    draw = c.ResolveEncounter(seat=web_game.ENCOUNTER_SEAT, place=web_game.ENCOUNTER_PLACE, hand=web_game.ENCOUNTER_HAND)
    for seed in range(1, web_game.SEARCH_LIMIT + 1):
        for advances in range(web_game.MAX_ADVANCES + 1):
            session = GameSession.start(_pages_game(seed), rules)
            for command in web_game._opening(advances):
                session.execute(command)
            if not all(web_game._quiet(session.prepare(command)) for command in taps):
                continue
            drawn = session.prepare(draw)
            if (web_game._quiet(drawn) and drawn.state.bag.last_draw.result is DrawResult.PLACED
                    and not drawn.state.bag.awaiting):
                break
        else:
            continue
        break
    else:
        raise BenchError("no seed gives a 5-player game with quiet taps")
    store = GameStore(data_dir, rules=rules)
    try:
        controller = TableController(store, rules)
        controller.new_game(_pages_game(seed), "bench")
        for command in web_game._opening(advances):
            controller.execute(command)
    finally:
        store.close()
    return seed, advances


@dataclass
class Window:
    flow: str
    start: float  # time.monotonic() at the tap
    end: float


class Room:
    """The table's page and the phones' pages on one server."""

    def __init__(self, pages: dict[str, StampedPage]) -> None:
        self.pages = pages
        self.windows: list[Window] = []

    def settled(self) -> None:
        """Until no page has had a message for QUIET_MS and every message is applied."""
        while True:
            count = sum(len(page.arrivals) for page in self.pages.values())
            time.sleep(QUIET_MS / 1000)
            if sum(len(page.arrivals) for page in self.pages.values()) == count:
                for page in self.pages.values():
                    page.applying.set()
                    page._inbox.join()
                return

    def tap(self, who: str, identifier: str, flow: str | None = None) -> tuple[float, float, str]:
        """Click what shows `identifier` on `who`'s page: ms to that page's last message, ms
        to the last message any page got, and which page got it."""
        self.settled()
        page = self.pages[who]
        with page.lock:
            control = page.find(identifier)
            target = _clickable(control) if control is not None else None
        if target is None:
            raise BenchError(f"{identifier!r} is not on {who}'s page or takes no click")
        for each in self.pages.values():
            each.arrivals.clear()
            each.applying.clear()
        at = time.monotonic()
        sent = time.perf_counter()
        page._send(EVENT, {"target": target, "name": "click", "data": None})
        self.settled()
        if not page.arrivals:
            raise BenchError(f"a tap on {identifier!r} got no answer on {who}'s page")
        last_page, last = max(((name, each.arrivals[-1]) for name, each in self.pages.items() if each.arrivals),
                              key=lambda item: item[1])
        if flow is not None:
            self.windows.append(Window(flow, at, at + (last - sent) + 0.005))
        return (page.arrivals[-1] - sent) * 1000, (last - sent) * 1000, last_page

    def dismiss_after_undo(self) -> None:
        """What an undo leaves over the table (not timed), as bench_web and the table do:
        the announcement of an undone draw, then the undo's notice, each by its own button.
        Left open, every next tap's answer would also close it."""
        for identifier in ("announcement-ok", "undo-notice-close"):
            page = self.pages["table"]
            with page.lock:
                control = _open_overlay_control(page.page, identifier)
                target = _clickable(control) if control is not None else None
            if target is not None:
                self.tap("table", identifier)

    def close(self) -> None:
        for page in self.pages.values():
            page.close()


_OVERLAYS = frozenset({"AlertDialog", "SnackBar"})


def _open_overlay_control(node: Any, identifier: str) -> dict | None:
    """The control tagged `identifier` on the page, outside any closed dialog or notice."""
    stack = [node]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            if item.get("_c") in _OVERLAYS and not item.get("open"):
                continue
            if item.get("_c") == "Semantics" and item.get("identifier") == identifier:
                return item.get("content") or item
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return None


@dataclass
class PagesSeries:
    own: Series = field(default_factory=Series)
    last: Series = field(default_factory=Series)
    last_pages: dict[str, int] = field(default_factory=dict)


def pages_taps(room: Room, runs: int) -> dict[str, PagesSeries]:
    results: dict[str, PagesSeries] = {}
    for flow, who, picks, taps in PAGES_FLOWS:
        if flow == "draw-encounter":
            room.tap("table", "open-bag")
        for run in range(WARMUP_TAPS + runs):
            for pick in picks:
                room.tap(who, pick)
            for identifier in taps:
                measured = run >= WARMUP_TAPS
                own, last, last_page = room.tap(who, identifier, flow if measured else None)
                if measured:
                    series = results.setdefault(f"{who}: {identifier}", PagesSeries())
                    series.own.samples.append(own)
                    series.last.samples.append(last)
                    series.last_pages[last_page] = series.last_pages.get(last_page, 0) + 1
            room.tap("table", "undo")
            room.dismiss_after_undo()
        if flow == "draw-encounter":
            room.tap("table", "bag-back")
    return results


def _start_profiled(data_dir: Path, folder: Path, samples: Path) -> web_servers.Server:
    port = web_servers._free_port()
    command = [sys.executable, "-m", "tests.benchmarks.profiled_companion", "--out", str(samples), "--",
               "--web", "--host", web_servers.HOST, "--port", str(port), "--data-dir", str(data_dir),
               "--lang", "pt-BR"]
    return web_servers._start("the companion (profiled)", command, port, folder / "companion-profiled.log",
                              printed_url=True)


def profile_lines(samples: Path, windows: list[Window], top: int = 6) -> list[str]:
    """Each page's share of the busy samples taken inside the timed taps' windows, the
    modules its time went to, and the pages' shares per flow."""
    windows = sorted(windows, key=lambda w: w.start)
    starts = [w.start for w in windows]
    by_page: dict[str, Counter] = {}
    by_flow: dict[str, Counter] = {}
    if not samples.exists():
        return ["  (the profiler wrote no samples)"]
    for line in samples.read_text().splitlines():
        at, page, module = line.split("\t")
        t = float(at)
        index = bisect.bisect_right(starts, t) - 1
        if index < 0 or t > windows[index].end:
            continue
        by_page.setdefault(page, Counter())[module] += 1
        by_flow.setdefault(windows[index].flow, Counter())[page] += 1
    total = sum(sum(c.values()) for c in by_page.values())
    if not total:
        return ["  (no busy sample fell inside a timed tap)"]
    lines = [f"  {total} busy samples inside the timed taps (page '-': no page's work: the server's "
             f"sockets, the controller's feeds, the store)"]
    for page, modules in sorted(by_page.items(), key=lambda item: -sum(item[1].values())):
        count = sum(modules.values())
        shares = ", ".join(f"{module} {100 * n / count:.0f}%" for module, n in modules.most_common(top))
        lines.append(f"  {page:<10} {100 * count / total:5.1f}%   {shares}")
    lines.append("  per flow, the pages' shares:")
    for flow, pages in by_flow.items():
        count = sum(pages.values())
        lines.append(f"    {flow:<20} " + ", ".join(f"{page} {100 * n / count:.0f}%" for page, n in pages.most_common()))
    return lines


def run_pages(runs: int, phones: int, profile: bool) -> None:
    from companion.hosting.secret_store import SecretStore
    from companion.rules import load_rules

    load_before, times_before = load_average(), cpu_times()
    with tempfile.TemporaryDirectory(prefix="bench-server-pages-") as tmp:
        folder = Path(tmp)
        rules = load_rules()
        seed, advances = seed_pages_game(folder / "data", rules)
        samples = folder / "samples.tsv"
        server = (_start_profiled(folder / "data", folder, samples) if profile
                  else web_servers.start_companion(folder / "data", folder, "pt-BR"))
        room = None
        try:
            seats = SecretStore(next((folder / "data" / "hosting").glob("seats-*.json"))).load()
            base, table_route = _split(server.url)
            pages = {"table": StampedPage(base, table_route)}
            room = Room(pages)
            pages["table"].wait_for_id("advance-time")
            for seat in range(1, phones + 1):
                pages[f"phone {seat}"] = StampedPage(base, f"/seat/{seat}?s={seats.seat_pass(seat).secret}")
                pages[f"phone {seat}"].wait_for_id("seat-knowledge-up")
            taps = pages_taps(room, runs)
            time.sleep(0.6)  # the profiler's last batch
            profiled = profile_lines(samples, room.windows) if profile else []
        finally:
            if room is not None:
                room.close()
            server.stop()
    print(f"The server's part of each tap with the table and {phones} phones connected (Python pages on Flet's "
          f"protocol, loopback)" + (", the server under a sampling profiler: times not comparable" if profile else ""))
    print(machine(load_before, times_before))
    print(f"game: {len(PAGES_PLAYERS)} players, seed {seed}, the Time token moved {advances} times; {WARMUP_TAPS} "
          f"unmeasured runs before each series; every change undone at the table before the next; an answer ends "
          f"after {QUIET_MS} ms of quiet on every page")
    own_head = "tap -> the tapping page's last message"
    print(f"  {own_head:<44} {'n':>3} {'median':>8} {'p90':>8}   {'ratio':>6}   target")
    for label, series in taps.items():
        print(series.own.line(label))
    print(f"  {'tap -> the last message on any page':<44} {'n':>3} {'median':>8} {'p90':>8}   {'ratio':>6}   target")
    for label, series in taps.items():
        print(series.last.line(label, EVERY_PAGE_TARGET_MS) + "   last: " + ", ".join(f"{page} {n}" for page, n in
                                                                 sorted(series.last_pages.items())))
    if profile:
        print("where the server's time went during the timed taps (sampled every 1 ms):")
        print("\n".join(profiled))


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
    parser.add_argument("--phones", type=int, choices=(2, 4), default=None,
                        help="the table and the phones of seats 1..N connected at once, on a 5-player game")
    parser.add_argument("--profile", action="store_true",
                        help="with --phones: each page's share of the server's time and its modules")
    args = parser.parse_args(argv)
    if args.profile and args.phones is None:
        parser.error("--profile goes with --phones")
    if args.phones is not None:
        return exit_code("bench_server", lambda: run_pages(args.runs, args.phones, args.profile))
    return exit_code("bench_server", lambda: run(args.runs))


if __name__ == "__main__":
    sys.exit(main())
