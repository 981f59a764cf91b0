"""Tap -> visible series for bench_web: one tap at a time, timed in the page (web_probe),
each of the companion's taps undone before the next so every one starts from the same game.

A tap that opens a confirmation first is timed in two parts, as the table lives it: the
tap until its `confirm-ok` is there, then `confirm-ok` until the change.

A screen change is timed from the tap until a control of the new screen is in the tree
(a hidden screen is not: Flet leaves it out of the page).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from tests.benchmarks import empty_flet_app, web_game, web_probe
from tests.benchmarks.web_probe import Watch
from tests.benchmarks.web_screen import (CONFIRM_OK, BenchError, click_in_place, close_undo_notice,
                                         identifiers_on_screen, refuse_announcement, require, tap_until)
from tests.browser.flutter_page import FlutterPage

TAP_TIMEOUT_S = 15
WARMUP_TAPS = 2
IDLE_MS = 300  # before each measured tap, so the last frame, the server and any dialog animation are done
SETTLE_MS = 300  # after it, to see whether the change seen was the last one


@dataclass(frozen=True)
class TapFlow:
    tap: str  # the control tapped
    watch: Watch  # the control whose change counts as visible
    undo: bool = True
    # Its undo is said aloud (an undone draw): the announcement is dismissed before the next tap.
    announces_undo: bool = False
    picks: tuple[str, ...] = ()  # option chips selected (not timed) before each tap
    across: float = 0.5  # where the tap lands across the control (a switch's thumb is at its left)

    @property
    def label(self) -> str:
        return f"{self.tap} -> {self.watch.identifier}"


@dataclass
class TapSeries:
    taps: list[web_probe.TapTimes] = field(default_factory=list)
    # Taps after which the watched control changed again within SETTLE_MS: the time taken
    # is then that of a first step, not of the final screen.
    changed_again: int = 0

    @property
    def samples(self) -> list[float]:
        return [tap.elapsed_ms for tap in self.taps]


EMPTY_TAP = TapFlow(empty_flet_app.BUTTON_ID, Watch(empty_flet_app.TEXT_ID), undo=False)
ADVANCE_TIME = TapFlow("advance-time", Watch("time-track"))
# The table screen's other taps (web_game.TABLE_TAPS): a power flip, Fire +, Knowledge +.
POWER_FLIP = TapFlow("power-flip-S-01", Watch("power-S-01"))
FIRE_UP = TapFlow("fire-place", Watch("fire-count"))
KNOWLEDGE_UP = TapFlow("crew-knowledge-up-1", Watch("crew-knowledge-1"))
TABLE_FLOWS = (ADVANCE_TIME, POWER_FLIP, FIRE_UP, KNOWLEDGE_UP)
# The encounter the seeded game was checked with (web_game); the hand size is asked anew for
# every encounter.
DRAW = TapFlow("draw-encounter", Watch("token-reveal"), picks=(
    f"encounter-seat-{web_game.ENCOUNTER_SEAT}", f"encounter-place-{web_game.ENCOUNTER_PLACE.value}",
    f"encounter-hand-{web_game.ENCOUNTER_HAND}"), announces_undo=True)
# The runner's first continue passes the Noise step in the same tap (nothing to enter
# there) and one undo takes back only its last command: from then on (the two unmeasured
# taps first) each measured tap goes from the Noise step to the attacks step.
_TO_STEP = f"event-step-{int(web_game.TO_STEP) + 1}"
_FROM_STEP = f"event-step-{int(web_game.FROM_STEP)}"
CONTINUE = TapFlow("event-continue", Watch(_TO_STEP, attribute="aria-current", wanted="true"))
# Screen changes: the tap, and a control that only the new screen has.
TO_BAG, TO_TABLE, ROUND_END_TO_TABLE = "table -> bag", "bag -> table", "round's last step -> table"
_ROUND_END_STEP = "event-step-11"


def timed_tap(app: FlutterPage, where: str, identifier: str, watches: list[Watch], *,
               in_place: bool = False, across: float = 0.5) -> web_probe.TapTimes:
    """Tap `identifier` and time it until one of `watches` changes."""
    require(app, where, identifier)
    if in_place:
        box = app.by_id(identifier).bounding_box()
        if box is None:
            raise BenchError(f"{where}: control {identifier!r} has no box on screen")
    else:
        box = app.scroll_into_view(identifier)
    web_probe.arm_tap(app.page, watches)
    app.page.mouse.click(box["x"] + box["width"] * across, box["y"] + box["height"] / 2)
    try:
        return web_probe.wait_tap(app.page, TAP_TIMEOUT_S)
    except web_probe.ProbeTimeout:
        refuse_announcement(app, where)
        awaited = " or ".join(repr(watch.identifier) for watch in watches)
        raise BenchError(f"{where}: after a tap on {identifier!r}, no change of {awaited} "
                         f"within {TAP_TIMEOUT_S} s (identifiers on screen: {identifiers_on_screen(app)})") from None


def tap_once(app: FlutterPage, flow: TapFlow, where: str) -> tuple[list[tuple[str, web_probe.TapTimes]], bool]:
    """One measured tap (two when it asks for a confirmation): each part's label and times,
    and whether the change seen was the last one."""
    page, watch = app.page, flow.watch
    for chip in flow.picks:
        select(app, where, chip)
    page.wait_for_timeout(IDLE_MS)
    refuse_announcement(app, where)
    require(app, where, flow.tap, watch.identifier)
    if app.has(CONFIRM_OK):
        raise BenchError(f"{where}: a confirmation is open before the tap on {flow.tap!r}")
    before = web_probe.read(page, watch.identifier, watch.attribute)
    if watch.attribute is not None and before == watch.wanted:
        raise BenchError(f"{where}: {watch.identifier!r} already has {watch.attribute}={watch.wanted!r} "
                         "before the tap")
    times = timed_tap(app, where, flow.tap, [watch, Watch(CONFIRM_OK)], across=flow.across)
    parts = []
    if times.which == 1:
        parts.append((f"{flow.tap} -> {CONFIRM_OK}", times))
        page.wait_for_timeout(IDLE_MS)
        # Measured against what the control showed before the first tap (a confirmation in
        # a dialog hides the page from the accessibility tree while it is open).
        times = timed_tap(app, where, CONFIRM_OK, [watch.with_baseline(before)])
        parts.append((f"{CONFIRM_OK} -> {watch.identifier}", times))
    else:
        parts.append((flow.label, times))
    page.wait_for_timeout(SETTLE_MS)
    refuse_announcement(app, where)
    last = web_probe.read(page, watch.identifier, watch.attribute) == times.seen
    if flow.undo:
        _undo(app, flow, before, where)
    return parts, last


def _undo(app: FlutterPage, flow: TapFlow, before: str | None, where: str) -> None:
    click_in_place(app, where, "undo")
    watch = flow.watch

    def back() -> bool:
        return web_probe.read(app.page, watch.identifier, watch.attribute) == before

    try:
        app.wait_until(lambda: app.has("announcement") or back(), "the undo's answer", timeout=TAP_TIMEOUT_S)
        if flow.announces_undo:
            # An undone draw is said aloud to the table (the undo is not measured): heard, then dismissed.
            app.wait_for_id("announcement")
            app.dismiss_announcement()
        app.wait_until(back, f"{watch.identifier!r} as before the tap", timeout=TAP_TIMEOUT_S)
    except AssertionError:
        refuse_announcement(app, where)
        raise BenchError(f"{where}: 'undo' did not bring {watch.identifier!r} back to what it showed "
                         "before the tap") from None
    close_undo_notice(app, where)


def measure_taps(app: FlutterPage, flow: TapFlow, runs: int, where: str) -> dict[str, TapSeries]:
    """Series by label: one for a plain tap, two (tap -> confirmation, confirm -> change) otherwise."""
    series: dict[str, TapSeries] = {}
    for run in range(WARMUP_TAPS + runs):
        parts, last = tap_once(app, flow, where)
        if run < WARMUP_TAPS:
            continue
        for label, times in parts:
            series.setdefault(label, TapSeries()).taps.append(times)
        series[parts[-1][0]].changed_again += not last
    return series


def empty_app_taps(app: FlutterPage, runs: int) -> TapSeries:
    series = measure_taps(app, EMPTY_TAP, runs, "the empty app")
    if list(series) != [EMPTY_TAP.label]:
        raise BenchError(f"the empty app: its tap was measured as {', '.join(series)}")
    return series[EMPTY_TAP.label]


def _is_current(app: FlutterPage, identifier: str) -> bool:
    return web_probe.read(app.page, identifier, "aria-current") == "true"


def select(app: FlutterPage, where: str, chip: str) -> None:
    if not _is_current(app, chip):
        tap_until(app, where, chip, lambda: _is_current(app, chip), f"{chip!r} selected")


def screen_change(app: FlutterPage, where: str, tap: str, appears: str) -> web_probe.TapTimes:
    """A screen change: from the tap until `appears` (a control of the new screen) is in the tree."""
    require(app, where, tap)
    if app.has(appears):
        raise BenchError(f"{where}: {appears!r} is in the tree before the tap on {tap!r} "
                         "(a hidden screen must not be)")
    app.page.wait_for_timeout(IDLE_MS)
    refuse_announcement(app, where)
    return timed_tap(app, where, tap, [Watch(appears)])


def empty_switches(app: FlutterPage, runs: int) -> TapSeries:
    """The empty app holding two screens: a switch to the other one, both ways."""
    where = "the two-screen empty app"
    series = TapSeries()
    require(app, where, empty_flet_app.switch_id(1))
    for run in range(WARMUP_TAPS + runs):
        there = screen_change(app, where, empty_flet_app.switch_id(1), empty_flet_app.marker_id(2))
        back = screen_change(app, where, empty_flet_app.switch_id(2), empty_flet_app.marker_id(1))
        if run >= WARMUP_TAPS:
            series.taps += [there, back]
    return series


def screen_changes(app: FlutterPage, runs: int, where: str) -> dict[str, TapSeries]:
    """Bag -> table and table -> bag in turn, from the bag screen (left on it)."""
    series = {TO_TABLE: TapSeries(), TO_BAG: TapSeries()}
    for run in range(WARMUP_TAPS + runs):
        to_table = screen_change(app, where, "bag-back", "advance-time")
        to_bag = screen_change(app, where, "open-bag", "bag-back")
        if run >= WARMUP_TAPS:
            series[TO_TABLE].taps.append(to_table)
            series[TO_BAG].taps.append(to_bag)
    return series


def round_end_changes(app: FlutterPage, runs: int, resume_label: str) -> TapSeries:
    """The runner's continue on the round's last step, which ends the Event Phase and shows
    the table; undone each time, and the runner opened again on that step (not timed).
    `resume_label`: what the table's Event Phase button says while the phase waits there."""
    where = "the round's last step"
    series = TapSeries()
    require(app, f"{where} (the seeded game resumed)", "event-phase", "undo")
    for run in range(WARMUP_TAPS + runs):
        tap_until(app, where, "event-phase", lambda: _is_current(app, _ROUND_END_STEP), "the runner on step 11")
        times = screen_change(app, where, "event-continue", "advance-time")
        if run >= WARMUP_TAPS:
            series.taps.append(times)
        app.page.wait_for_timeout(IDLE_MS)
        refuse_announcement(app, where)
        click_in_place(app, where, "undo")
        try:
            app.wait_until(lambda: resume_label in app.text_of("event-phase"), "the Event Phase back on step 11",
                           timeout=TAP_TIMEOUT_S)
        except AssertionError:
            raise BenchError(f"{where}: 'undo' did not bring the Event Phase back to its last step") from None
        close_undo_notice(app, where)
    return series


def companion_taps(app: FlutterPage, runs: int, progress) -> dict[str, TapSeries]:
    """The table, then the bag screen (its draw, then screen changes between it and the
    table), then the Event Phase runner; the game is left as seeded."""
    table, bag, runner = "the table screen", "the bag screen", "the Event Phase runner"
    require(app, f"{table} (the seeded game resumed)", "advance-time", "time-track", "undo")
    results: dict[str, TapSeries] = {}
    for flow in TABLE_FLOWS:
        results |= measure_taps(app, flow, runs, table)

    progress(bag)
    tap_until(app, table, "open-bag", lambda: app.has("draw-encounter"), bag)
    try:
        results |= measure_taps(app, DRAW, runs, bag)
    except BenchError as error:
        # Reported as not measured, never as a figure.
        progress(f"{bag}: not measured: {str(error)[:200]}")
        refuse_announcement(app, bag)
    progress(f"{bag}: screen changes")
    results |= screen_changes(app, runs, bag)
    tap_until(app, bag, "bag-back", lambda: app.has("event-phase"), table)

    progress(runner)
    tap_until(app, table, "event-phase", lambda: _is_current(app, _FROM_STEP), f"{runner} on {_FROM_STEP}")
    try:
        results |= measure_taps(app, CONTINUE, runs, runner)
    except BenchError as error:
        # The runner's continue may send more than one command (a step with nothing to
        # enter is passed in the same tap), which one undo does not take back.
        progress(f"{runner}: not measured: {str(error)[:200]}")
    return results
