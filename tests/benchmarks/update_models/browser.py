"""bench_models in headless Chromium: each model's page and two same-size empty Flet apps
open side by side, tapped round after round (web_probe times each tap in the page).

Flows on each model's bag screen: pick a Character, draw a token, toggle the odds (each
undone or put back before the next), then bag -> table and table -> bag. The empty app
holding as many static controls as the bag screen is tapped beside them (the taps'
floor), and the empty app switching between two screens of that size (the screen
changes' floor)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from tests.benchmarks import empty_flet_app, web_game, web_probe
from tests.benchmarks.web_probe import Watch
from tests.benchmarks.web_screen import require
from tests.benchmarks.web_taps import DRAW, EMPTY_TAP, IDLE_MS, TapFlow, screen_change, tap_once, timed_tap
from companion.ui.i18n_view import Texts
from tests.browser.flutter_page import FlutterPage

PICK = TapFlow("encounter-seat-2", Watch("encounter-seat-2", attribute="aria-current", wanted="true"), undo=False,
               picks=(f"encounter-seat-{web_game.ENCOUNTER_SEAT}",))
# Toggled on and off, both timed (an undo's notice would sit over the bottom of the screen),
# until the card's text for the new state is in the tree.
_TEXTS = Texts("pt-BR")
ODDS_OFF = TapFlow("odds-toggle", Watch("odds-hidden", text=_TEXTS.t("ui.bag.odds.hidden")), undo=False, across=0.1)
ODDS_ON = TapFlow("odds-toggle", Watch("odds-shown", text=_TEXTS.t("ui.bag.odds.hand_needed")), undo=False,
                  across=0.1)
ODDS = "toggle odds"
FLOWS = {"pick a Character": PICK, ODDS: ODDS_OFF, "draw a token": DRAW}
# The undo's notice (a snack bar with a "redo" action) stays while the accessibility tree
# is on, over the bottom of the screen: every control tapped is kept above it.
UNDO_NOTICE = "undo-notice"
CLEAR_Y = 320
TO_TABLE, TO_BAG, FIRST = "bag -> table", "table -> bag", "table -> bag, first time"
TAP_LABELS = (*FLOWS, TO_TABLE, TO_BAG)


@dataclass
class Taken:
    """Every measured tap of one page, by label."""

    taps: dict[str, list[web_probe.TapTimes]] = field(default_factory=dict)

    def add(self, label: str, times: web_probe.TapTimes) -> None:
        self.taps.setdefault(label, []).append(times)


def keep_clear(app: FlutterPage, *identifiers: str) -> None:
    """Scroll each control above the undo's notice, if one is up (not timed)."""
    if not app.has(UNDO_NOTICE):
        return
    for identifier in identifiers:
        notice, box = app.by_id(UNDO_NOTICE).bounding_box(), app.scroll_into_view(identifier)
        if notice is not None and box["y"] + box["height"] > notice["y"] - 40:
            viewport = app.page.viewport_size
            app.page.mouse.move(viewport["width"] / 2, viewport["height"] / 3)
            app.page.mouse.wheel(0, box["y"] + box["height"] / 2 - CLEAR_Y)
            app.page.wait_for_timeout(300)


def _switch(app: FlutterPage, where: str, tap: str, appears: str) -> web_probe.TapTimes:
    """A screen change (web_taps.screen_change), its tap kept above the undo's notice."""
    keep_clear(app, tap)
    return screen_change(app, where, tap, appears)


class ModelPage:
    def __init__(self, name: str, app: FlutterPage) -> None:
        self.name, self.app, self.taken = name, app, Taken()

    def first_visit(self) -> None:
        require(self.app, f"model {self.name}, the table", "open-bag", "advance-time")
        self.taken.add(FIRST, _switch(self.app, f"model {self.name}", "open-bag", "bag-back"))

    def one_round(self, measured: bool) -> None:
        where = f"model {self.name}, the bag screen"
        for label, flow in FLOWS.items():
            for _ in range(2 if label == ODDS else 1):
                keep_clear(self.app, *flow.picks, flow.tap)
                if label == ODDS:
                    parts = [("", self._toggle_odds(where))]
                else:
                    parts, _last = tap_once(self.app, flow, where)
                if measured:
                    for _part_label, times in parts:
                        self.taken.add(label, times)
        to_table = _switch(self.app, where, "bag-back", "open-bag")
        to_bag = _switch(self.app, f"model {self.name}, the table", "open-bag", "bag-back")
        if measured:
            self.taken.add(TO_TABLE, to_table)
            self.taken.add(TO_BAG, to_bag)


    def _toggle_odds(self, where: str) -> web_probe.TapTimes:
        shown = web_probe.read_text(self.app.page, ODDS_OFF.watch.text)
        flow = ODDS_ON if shown else ODDS_OFF
        self.app.page.wait_for_timeout(IDLE_MS)
        return timed_tap(self.app, where, flow.tap, [flow.watch], across=flow.across)


class EmptyTaps:
    """The empty app holding as many static controls as the bag screen: its one tap."""

    def __init__(self, app: FlutterPage) -> None:
        self.app, self.taken = app, Taken()

    def first_visit(self) -> None:
        require(self.app, "the full empty app", EMPTY_TAP.tap)

    def one_round(self, measured: bool) -> None:
        parts, _last = tap_once(self.app, EMPTY_TAP, "the full empty app")
        if measured:
            self.taken.add("tap", parts[0][1])


class EmptySwitch:
    """The empty app switching between two screens of that size."""

    def __init__(self, app: FlutterPage) -> None:
        self.app, self.taken = app, Taken()

    def first_visit(self) -> None:
        require(self.app, "the two-screen empty app", empty_flet_app.switch_id(1))

    def one_round(self, measured: bool) -> None:
        where = "the two-screen empty app"
        there = _switch(self.app, where, empty_flet_app.switch_id(1), empty_flet_app.marker_id(2))
        back = _switch(self.app, where, empty_flet_app.switch_id(2), empty_flet_app.marker_id(1))
        if measured:
            self.taken.add("switch", there)
            self.taken.add("switch", back)


def run_rounds(pages: list, rounds: int, warmup: int, progress: Callable[[str], None]) -> None:
    for page in pages:
        page.first_visit()
    for round_ in range(warmup + rounds):
        progress(f"browser round {round_ + 1} of {warmup + rounds}")
        for page in pages:
            page.one_round(round_ >= warmup)
