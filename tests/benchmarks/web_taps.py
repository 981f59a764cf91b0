"""Tap -> visible series for bench_web: one tap at a time, timed in the page (web_probe),
each of the companion's taps undone before the next so every one starts from the same game."""
from __future__ import annotations

from dataclasses import dataclass, field

from tests.benchmarks import empty_flet_app, web_game, web_probe
from tests.benchmarks.web_screen import (BenchError, click_in_place, identifiers_on_screen, refuse_announcement,
                                         require, tap_until)
from tests.browser.flutter_page import FlutterPage

TAP_TIMEOUT_S = 15
WARMUP_TAPS = 2
IDLE_MS = 300  # before each measured tap, so the last frame and the server are done
SETTLE_MS = 300  # after it, to see whether the change seen was the last one


@dataclass(frozen=True)
class TapFlow:
    label: str
    tap: str  # the control tapped
    watch: str  # the control whose change counts as visible
    attribute: str | None = None  # None: its text changes; else this attribute takes `wanted`
    wanted: str | None = None
    undo: bool = True


@dataclass
class TapSeries:
    taps: list[web_probe.TapTimes] = field(default_factory=list)
    # Taps after which the watched control changed again within SETTLE_MS: the time taken
    # is then that of a first step, not of the final screen.
    changed_again: int = 0

    @property
    def samples(self) -> list[float]:
        return [tap.elapsed_ms for tap in self.taps]


EMPTY_TAP = TapFlow("button -> text", empty_flet_app.BUTTON_ID, empty_flet_app.TEXT_ID, undo=False)
ADVANCE_TIME = TapFlow("advance-time -> time-track", "advance-time", "time-track")
DRAW = TapFlow("draw-encounter -> token-reveal", "draw-encounter", "token-reveal")
_TO_STEP = f"event-step-{int(web_game.TO_STEP)}"
_FROM_STEP = f"event-step-{int(web_game.FROM_STEP)}"
CONTINUE = TapFlow(f"event-continue -> {_TO_STEP}", "event-continue", _TO_STEP,
                   attribute="aria-current", wanted="true")


def tap_once(app: FlutterPage, flow: TapFlow, where: str) -> tuple[web_probe.TapTimes, bool]:
    """One measured tap: its times, and whether the change seen was the last one."""
    page = app.page
    page.wait_for_timeout(IDLE_MS)
    refuse_announcement(app, where)
    require(app, where, flow.tap, flow.watch)
    box = app.scroll_into_view(flow.tap)
    before = web_probe.arm_tap(page, flow.watch, flow.attribute, flow.wanted)
    if before is None:
        raise BenchError(f"{where}: control {flow.watch!r} left the screen before the tap")
    if flow.attribute is not None and before == flow.wanted:
        raise BenchError(f"{where}: {flow.watch!r} already has {flow.attribute}={flow.wanted!r} before the tap")
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    try:
        times = web_probe.wait_tap(page, TAP_TIMEOUT_S)
    except web_probe.ProbeTimeout:
        refuse_announcement(app, where)
        if app.has(flow.watch):
            raise BenchError(f"{where}: after a tap on {flow.tap!r}, {flow.watch!r} did not change "
                             f"within {TAP_TIMEOUT_S} s") from None
        raise BenchError(f"{where}: after a tap on {flow.tap!r}, {flow.watch!r} left the screen "
                         f"(identifiers on screen: {identifiers_on_screen(app)})") from None
    page.wait_for_timeout(SETTLE_MS)
    refuse_announcement(app, where)
    last = web_probe.read(page, flow.watch, flow.attribute) == times.seen
    if flow.undo:
        _undo(app, flow, before, where)
    return times, last


def _undo(app: FlutterPage, flow: TapFlow, before: str, where: str) -> None:
    click_in_place(app, where, "undo")
    try:
        app.wait_until(lambda: web_probe.read(app.page, flow.watch, flow.attribute) == before,
                       f"{flow.watch!r} as before the tap", timeout=TAP_TIMEOUT_S)
    except AssertionError:
        refuse_announcement(app, where)
        raise BenchError(f"{where}: 'undo' did not bring {flow.watch!r} back to what it showed "
                         "before the tap") from None


def measure_taps(app: FlutterPage, flow: TapFlow, runs: int, where: str) -> TapSeries:
    series = TapSeries()
    for run in range(WARMUP_TAPS + runs):
        times, last = tap_once(app, flow, where)
        if run >= WARMUP_TAPS:
            series.taps.append(times)
            series.changed_again += not last
    return series


def empty_app_taps(app: FlutterPage, runs: int) -> TapSeries:
    return measure_taps(app, EMPTY_TAP, runs, "the empty app")


def _pin_encounter(app: FlutterPage) -> None:
    """The encounter the seeded game was checked with (web_game): first seat, S-01, 5 cards."""
    where = "the bag screen"
    seat = f"encounter-seat-{web_game.ENCOUNTER_SEAT}"
    place = f"encounter-place-{web_game.ENCOUNTER_PLACE.value}"
    require(app, where, seat, place, "encounter-hand")
    for identifier in (seat, place):
        app.tap(identifier)
        app.page.wait_for_timeout(IDLE_MS)
    hand = (web_probe.read(app.page, "encounter-hand") or "").split()
    if not hand or hand[0] != str(web_game.ENCOUNTER_HAND):
        raise BenchError(f"{where}: 'encounter-hand' shows {' '.join(hand)!r}, "
                         f"expected {web_game.ENCOUNTER_HAND} cards")


def _is_current(app: FlutterPage, identifier: str) -> bool:
    return web_probe.read(app.page, identifier, "aria-current") == "true"


def companion_taps(app: FlutterPage, runs: int, progress) -> dict[TapFlow, TapSeries]:
    """The table, then the bag screen, then the Event Phase runner; the game is left as seeded."""
    table, bag, runner = "the table screen", "the bag screen", "the Event Phase runner"
    results: dict[TapFlow, TapSeries] = {}
    require(app, f"{table} (the seeded game resumed)", "advance-time", "time-track", "undo")
    results[ADVANCE_TIME] = measure_taps(app, ADVANCE_TIME, runs, table)

    progress(bag)
    tap_until(app, table, "open-bag", lambda: app.has("draw-encounter"), bag)
    _pin_encounter(app)
    results[DRAW] = measure_taps(app, DRAW, runs, bag)
    tap_until(app, bag, "bag-back", lambda: app.has("event-phase"), table)

    progress(runner)
    tap_until(app, table, "event-phase", lambda: _is_current(app, _FROM_STEP), f"{runner} on {_FROM_STEP}")
    results[CONTINUE] = measure_taps(app, CONTINUE, runs, runner)
    # The phase's start is undone too: the next page finds the game as it was seeded.
    click_in_place(app, runner, "undo")
    try:
        app.wait_gone("event-continue", timeout=TAP_TIMEOUT_S)
    except AssertionError:
        raise BenchError(f"{runner}: 'undo' did not take back the phase's start") from None
    return results
