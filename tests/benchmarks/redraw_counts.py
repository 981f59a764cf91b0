"""Benchmark (not a test): what one change costs every connected page, counted rather than
timed, so the figures are the same on a busy machine as on a quiet one.

    python -m tests.benchmarks.redraw_counts [--phones 2|4] [--players 5] [--detail]

The table page and the phones of seats 1..N, each a real Flet page and session without a
browser (tests/flet_session.py: `live_page`, Flet's own event dispatch, the pages' loops run
at once), all over one controller, as the web app serves them. The table on its bag screen,
the phones on their seat screens. Two changes, each after its picks (not counted):

- draw: the table's bag screen draws an encounter (seat 1, Section S-01, 5 cards);
- scan: phone 1's Scanner is confirmed (hand, 2 cards; the tap on the confirmation's OK).

For each change, from the tap until every page has redrawn:
- check calls: PageSession.check, TableController.check and engine.apply.check, each
  counted as often as it runs, and the checks screens asked (the outermost of those calls
  made from companion/ui or companion/seats: one question, however many layers it passes);
- legal-actions computations (companion.engine.actions.legal_actions, where the tree has it);
- Python calls (sys.setprofile call events) inside companion/, split by the page whose
  refresh made them (the tap's own work outside any page's refresh apart) and by package,
  and the calls inside Flet beside them.
Then the UI's size: `git ls-files companion/ui | xargs cat | wc -l` and its file count.

Each change is made on a freshly built set of pages after the same change was made once on
another set (module caches warm); it is measured twice and the two counts compared. A
function a tree does not have is reported as absent.
"""
from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import warnings
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

CHARACTERS = ("hacker", "janitor", "sentry", "lab_rat", "xenobiologist")
NAMES = ("Ana", "Bora", "Caio", "Dilek", "Emre")
ENCOUNTER = (1, "S-01", 5)  # seat, Section, cards in hand
SEED_LIMIT = 300
MAX_ADVANCES = 6
TABLE_SIZE = (1280, 800)
PHONE_SIZE = (390, 844)

# (label, module, qualified name): the layers a screen's check passes through.
CHECKS = (("PageSession.check", "companion.seats.page_session", "PageSession.check"),
          ("TableController.check", "companion.seats.controller", "TableController.check"),
          ("engine.apply.check", "companion.engine.apply", "check"))
LEGAL = ("legal_actions", "companion.engine.actions", "legal_actions")
# A page's redraw: calls under these are that page's.
REDRAWS = (("companion.ui.shell", "PageApp._refresh"), ("companion.ui.shell", "PageApp.render"))
SCREEN_CALLERS = ("ui", "seats")  # companion/<these>: a check asked for a screen


class Missing(Exception):
    pass


def _function(module: str, qualname: str):
    import importlib

    try:
        found = importlib.import_module(module)
        for part in qualname.split("."):
            found = getattr(found, part)
    except (ImportError, AttributeError) as exc:
        raise Missing(f"{module}.{qualname}") from exc
    return getattr(found, "__func__", found)


def _code(module: str, qualname: str):
    function = _function(module, qualname)
    while hasattr(function, "__wrapped__"):
        function = function.__wrapped__
    return function.__code__


# -- counting ------------------------------------------------------------------------------
@dataclass
class Counts:
    calls: Counter = field(default_factory=Counter)  # every call of each counted function
    asked: Counter = field(default_factory=Counter)  # outermost check calls, by where they came from
    asked_elsewhere: Counter = field(default_factory=Counter)  # outermost checks not from ui/seats
    asked_by_page: Counter = field(default_factory=Counter)
    legal_outer: int = 0
    legal_by_page: Counter = field(default_factory=Counter)
    companion: Counter = field(default_factory=Counter)  # Python calls inside companion/, by page
    packages: Counter = field(default_factory=Counter)  # ... by companion/<package>
    flet: int = 0
    renders: Counter = field(default_factory=Counter)  # PageApp.render calls, by page

    def key(self) -> dict:
        return {"calls": sorted(self.calls.items()), "checks asked": sum(self.asked.values()),
                "legal_actions": self.legal_outer, "companion calls": sorted(self.companion.items()),
                "flet calls": self.flet}


class CallCounter:
    """A sys.setprofile hook counting calls while installed (this thread only)."""

    def __init__(self, companion_root: Path, labels: dict[int, str]) -> None:
        import flet

        self.root = str(companion_root) + "/"
        self.flet_root = str(Path(flet.__file__).parent) + "/"
        self.counts = Counts()
        self.targets: dict[object, str] = {}
        for label, module, qualname in (*CHECKS, LEGAL):
            try:
                self.targets[_code(module, qualname)] = label
            except Missing:
                self.counts.calls[label + " (absent in this tree)"] = 0
        self.redraws = set()
        for module, qualname in REDRAWS:
            try:
                self.redraws.add(_code(module, qualname))
            except Missing:
                pass
        self.render_code = next(iter(c for c in self.redraws if c.co_name == "render"), None)
        self.labels = labels  # id(PageApp) -> its label
        self.pages: list[str] = []
        self.check_depth = 0
        self.legal_depth = 0
        self.frames: dict[int, tuple] = {}  # id(frame) of an open counted call -> what to undo on return

    def _caller_place(self, frame) -> tuple[str, str]:
        caller = frame.f_back
        if caller is None:
            return "?", "?"
        name = caller.f_code.co_filename
        if name.startswith(self.root):
            relative = name[len(self.root):]
            return relative.split("/", 1)[0].removesuffix(".py"), f"{relative}:{caller.f_code.co_name}"
        return "outside", f"{name.rsplit('/', 1)[-1]}:{caller.f_code.co_name}"

    def __call__(self, frame, event, arg) -> None:
        if event == "call":
            code = frame.f_code
            name = code.co_filename
            page = self.pages[-1] if self.pages else "outside refreshes"
            if name.startswith(self.root):
                self.counts.companion[page] += 1
                self.counts.packages[name[len(self.root):].split("/", 1)[0].removesuffix(".py")] += 1
            elif name.startswith(self.flet_root):
                self.counts.flet += 1
            if code in self.redraws:
                app = frame.f_locals.get("self")
                label = self.labels.get(id(app), "another page")
                self.pages.append(label)
                self.frames[id(frame)] = ("page",)
                if code is self.render_code:
                    self.counts.renders[label] += 1
                return
            label = self.targets.get(code)
            if label is None:
                return
            self.counts.calls[label] += 1
            if label == LEGAL[0]:
                if self.legal_depth == 0:
                    self.counts.legal_outer += 1
                    self.counts.legal_by_page[page] += 1
                self.legal_depth += 1
                self.frames[id(frame)] = ("legal",)
                return
            if self.check_depth == 0:
                package, place = self._caller_place(frame)
                if package in SCREEN_CALLERS:
                    self.counts.asked[(label, place)] += 1
                    self.counts.asked_by_page[page] += 1
                else:
                    self.counts.asked_elsewhere[(label, place)] += 1
            self.check_depth += 1
            self.frames[id(frame)] = ("check",)
        elif event == "return":
            what = self.frames.pop(id(frame), None)
            if what is None:
                return
            if what[0] == "page":
                self.pages.pop()
            elif what[0] == "legal":
                self.legal_depth -= 1
            else:
                self.check_depth -= 1

    def __enter__(self) -> "CallCounter":
        sys.setprofile(self)
        return self

    def __exit__(self, *exc) -> None:
        sys.setprofile(None)


# -- the game and its pages -----------------------------------------------------------------
def _setup(players: int, seed: int):
    from companion.engine import commands as c

    return c.NewGame(players=tuple(c.PlayerSetup(name=NAMES[i], character=CHARACTERS[i]) for i in range(players)),
                     seed=seed, digital_contamination=True)


def _opening(advances: int) -> list:
    from companion.engine import commands as c

    return [c.RecordFirstEncounter(), *[c.AdvanceTime() for _ in range(advances)],
            c.GainContamination(seat=1, count=2)]


def _draw_command():
    from companion.engine import commands as c
    from companion.engine.bag.model import Place

    seat, place, hand = ENCOUNTER
    return c.ResolveEncounter(seat=seat, place=Place(place), hand=hand)


def quiet_game(players: int, rules) -> tuple[int, int]:
    """A seed and a number of Time moves after which the measured draw announces nothing
    and places an Intruder (no question waits), as bench_web's game."""
    from companion.engine import GameSession
    from companion.engine.bag.model import DrawResult

    for seed in range(1, SEED_LIMIT + 1):
        for advances in range(MAX_ADVANCES + 1):
            session = GameSession.start(_setup(players, seed), rules)
            for command in _opening(advances):
                session.execute(command)
            draw = session.prepare(_draw_command())
            if (not any(entry.announce for entry in draw.events) and draw.state.bag.last_draw.result is DrawResult.PLACED
                    and not draw.state.bag.awaiting):
                return seed, advances
    raise RuntimeError(f"no seed up to {SEED_LIMIT} draws quietly with {players} players")


def _shown(page, identifier: str):
    """The control carrying `identifier` on the page, or in an open dialog over it."""
    import flet as ft

    from tests.flet_session import shown_control
    from tests.support.control_tree import controls_on

    try:
        return shown_control(page, identifier)
    except LookupError:
        for dialog in page._dialogs.controls:
            if getattr(dialog, "open", False):
                for control in controls_on(dialog):
                    if isinstance(control, ft.Semantics) and control.identifier == identifier:
                        return control
        raise


def tap(page, identifier: str) -> None:
    """A click on `identifier` (on the page or its open dialog) through Flet's own event
    dispatch, as tests/flet_session.tap sends it."""
    import asyncio

    import flet as ft

    from tests.support.control_tree import controls_on

    handlers = [c for c in controls_on(_shown(page, identifier)) if getattr(c, "on_click", None)]
    buttons = [c for c in handlers if isinstance(c, (ft.Button, ft.IconButton)) and not c.disabled]
    if not handlers:
        raise LookupError(f"{identifier!r} takes no click")
    target = (buttons or handlers)[0]
    loop = asyncio.new_event_loop()
    try:
        loop.run_until_complete(page.session.dispatch_event(target._i, "click", None))
    finally:
        loop.close()


class Pages:
    """The table and the phones of seats 1..phones over one controller, in `folder`."""

    def __init__(self, folder: Path, players: int, phones: int, seed: int, advances: int, rules) -> None:
        from companion.seats.controller import TableController
        from companion.seats.phone_access import PhoneAccess
        from companion.seats.seating import Seating
        from companion.store import GameStore
        from tests.flet_session import live_page, without_busy_bar
        from tests.ui_tree import page_app

        self.store = GameStore(folder, rules=rules)
        self.controller = controller = TableController(self.store, rules)
        controller.new_game(_setup(players, seed), "counts")
        for command in _opening(advances):
            controller.execute(command)
        seating = Seating(controller, folder)
        access = PhoneAccess(host="127.0.0.1", port=0)
        access.accepting = True
        self.apps: dict[str, object] = {}
        self.wires: dict[str, object] = {}
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # the pages' loops leave some coroutines unawaited
            page, wire = live_page(*TABLE_SIZE)
            self.apps["table"] = page_app(page, controller, language="pt-BR", seating=seating, phone_access=access)
            self.wires["table"] = wire
            self.apps["table"].start()
            for seat in range(1, phones + 1):
                page, wire = live_page(*PHONE_SIZE)
                page.route = f"/seat/{seat}?s={seating.seat_pass(seat).secret}"
                app = page_app(page, controller, language="pt-BR", seating=seating, phone_access=access, trusted=False)
                app.start()
                self.apps[f"phone {seat}"] = app
                self.wires[f"phone {seat}"] = wire
        for app in self.apps.values():
            without_busy_bar(app.page)  # its two messages around each tap are not the change's

    def labels(self) -> dict[int, str]:
        return {id(app): label for label, app in self.apps.items()}

    def tap(self, label: str, identifier: str) -> None:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            tap(self.apps[label].page, identifier)

    def close(self) -> None:
        self.store.close()


def _bag_picks(pages: Pages) -> None:
    seat, place, hand = ENCOUNTER
    pages.tap("table", "open-bag")
    for pick in (f"encounter-seat-{seat}", f"encounter-place-{place}", f"encounter-hand-{hand}"):
        pages.tap("table", pick)


def _scanner_picks(pages: Pages) -> None:
    for pick in ("scanner-procedure-hand", "scanner-count-2", "scanner-scan"):
        pages.tap("phone 1", pick)


# Each change: (its name, what is picked first on the pages, the measured tap's page and control).
CHANGES = (("a bag draw on the table's bag screen", _bag_picks, "table", "draw-encounter"),
           ("a Scanner confirmation on phone 1", _scanner_picks, "phone 1", "confirm-ok"))


def measure(folder: Path, players: int, phones: int, seed: int, advances: int, rules, companion_root: Path,
            change) -> Counts:
    name, picks, page, identifier = change
    pages = Pages(folder, players, phones, seed, advances, rules)
    try:
        if page == "phone 1":  # the table on its bag screen, as for the draw
            pages.tap("table", "open-bag")
        picks(pages)
        before = pages.controller.version
        with CallCounter(companion_root, pages.labels()) as counter:
            pages.tap(page, identifier)
        if pages.controller.version == before:
            raise RuntimeError(f"{name}: the tap on {identifier!r} changed nothing")
        return counter.counts
    finally:
        pages.close()


# -- the UI's size ----------------------------------------------------------------------------
def ui_size(tree: Path) -> tuple[int, int, int]:
    """(lines, files listed, files present) of `git ls-files companion/ui | xargs cat | wc -l`."""
    listed = subprocess.run(["git", "ls-files", "companion/ui"], cwd=tree, capture_output=True, text=True,
                            check=True).stdout.split()
    present = [tree / name for name in listed if (tree / name).is_file()]
    lines = sum(path.read_bytes().count(b"\n") for path in present)
    return lines, len(listed), len(present)


# -- report -------------------------------------------------------------------------------------
def report(name: str, counts: Counts, again: Counts | None, phones: int, detail: bool) -> list[str]:
    lines = [f"{name}, seen by the table and {phones} phones:"]
    for label, _module, _qualname in CHECKS:
        absent = label + " (absent in this tree)"
        lines.append(f"  {label + ' calls':<38} {'absent' if absent in counts.calls else counts.calls[label]:>7}")
    asked = sum(counts.asked.values())
    lines.append(f"  {'checks asked by screens (outermost)':<38} {asked:>7}  ("
                 + ", ".join(f"{page} {n}" for page, n in sorted(counts.asked_by_page.items())) + ")")
    if counts.asked_elsewhere:
        lines.append(f"  {'outermost checks from elsewhere':<38} {sum(counts.asked_elsewhere.values()):>7}")
    legal_absent = LEGAL[0] + " (absent in this tree)" in counts.calls
    lines.append(f"  {'legal_actions computations':<38} {'absent' if legal_absent else counts.legal_outer:>7}"
                 + ("" if legal_absent or not counts.legal_outer else
                    "  (" + ", ".join(f"{page} {n}" for page, n in sorted(counts.legal_by_page.items())) + ")"))
    total = sum(counts.companion.values())
    lines.append(f"  {'Python calls inside companion/':<38} {total:>7}  ("
                 + ", ".join(f"{page} {n}" for page, n in sorted(counts.companion.items())) + ")")
    lines.append(f"  {'  by package':<38} {'':>7}  ("
                 + ", ".join(f"{package} {n}" for package, n in counts.packages.most_common()) + ")")
    lines.append(f"  {'Python calls inside flet/':<38} {counts.flet:>7}")
    lines.append(f"  {'PageApp.render calls':<38} {sum(counts.renders.values()):>7}  ("
                 + ", ".join(f"{page} {n}" for page, n in sorted(counts.renders.items())) + ")")
    if again is not None:
        first, second = counts.key(), again.key()
        differ = [f"{name} {second[name]}" for name in first if first[name] != second[name]]
        lines.append("  measured twice: " + ("the same counts" if not differ else
                                             "the second differs: " + "; ".join(differ)))
    if detail:
        lines.append("  where the screens' checks came from (outermost call, its caller):")
        for (label, place), n in sorted(counts.asked.items(), key=lambda item: -item[1]):
            lines.append(f"    {n:>5}  {label:<22} {place}")
        for (label, place), n in sorted(counts.asked_elsewhere.items(), key=lambda item: -item[1]):
            lines.append(f"    {n:>5}  {label:<22} {place}  (not from ui/seats)")
    return lines


def run(phones: int, players: int, detail: bool, only: str | None) -> None:
    import companion
    from companion.rules import load_rules

    companion_root = Path(companion.__file__).resolve().parent
    tree = companion_root.parent
    rules = load_rules()
    seed, advances = quiet_game(players, rules)
    print(f"tree: {tree} ({_head(tree)}); {players}-player game, seed {seed}, Time moved {advances} times, "
          f"digital Contamination; table {TABLE_SIZE[0]}x{TABLE_SIZE[1]} on its bag screen, phones of seats "
          f"1-{phones} {PHONE_SIZE[0]}x{PHONE_SIZE[1]} on their seat screens, pt-BR")
    for change in CHANGES:
        if only and only not in change[3] and only not in change[0]:
            continue
        with tempfile.TemporaryDirectory(prefix="redraw-counts-") as tmp:
            folder = Path(tmp)
            measure(folder / "warm", players, phones, seed, advances, rules, companion_root, change)
            first = measure(folder / "one", players, phones, seed, advances, rules, companion_root, change)
            second = measure(folder / "two", players, phones, seed, advances, rules, companion_root, change)
        print("\n".join(report(change[0], first, second, phones, detail)))
    lines, listed, present = ui_size(tree)
    print(f"UI: {lines} lines in {present} files (git ls-files companion/ui lists {listed})")


def _head(tree: Path) -> str:
    found = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=tree, capture_output=True, text=True)
    dirty = subprocess.run(["git", "status", "--porcelain", "--", "companion"], cwd=tree, capture_output=True,
                           text=True).stdout.strip()
    return found.stdout.strip() + (", companion/ changed since" if dirty else "")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.benchmarks.redraw_counts",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("--phones", type=int, choices=(2, 4), default=2, help="phone pages connected (seats 1..N)")
    parser.add_argument("--players", type=int, choices=(2, 3, 4, 5), default=5, help="players in the game (default 5)")
    parser.add_argument("--detail", action="store_true", help="list where the screens' checks came from")
    parser.add_argument("--only", help="measure only the change whose tap or name holds this (draw-encounter, "
                                       "confirm-ok)")
    args = parser.parse_args(argv)
    if args.phones > args.players:
        parser.error("more phones than players")
    run(args.phones, args.players, args.detail, args.only)
    return 0


if __name__ == "__main__":
    sys.exit(main())
