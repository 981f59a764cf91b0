"""bench_web's printout: median and p90 of each app side by side, their ratio and the target."""
from __future__ import annotations

import os
import platform
import statistics
from dataclasses import dataclass, field
from importlib.metadata import version
from pathlib import Path

LABEL_WIDTH = 44


@dataclass
class Paired:
    """The same measurement on the companion and on the empty app."""

    app: list[float] = field(default_factory=list)
    empty: list[float] = field(default_factory=list)


def p90(values: list[float]) -> float:
    if len(values) < 2:
        return values[0]
    return statistics.quantiles(values, n=10, method="inclusive")[8]


def header(app: str = "companion", empty: str = "empty app") -> str:
    """Column heads for `row`: `app` against `empty` (each at most 16 characters)."""
    return (f"  {'':<{LABEL_WIDTH}} {'n':>3} {app + ' ms':>16}   {empty + ' ms':>16}   "
            f"{'ratio':>15}   target\n"
            f"  {'':<{LABEL_WIDTH}} {'':>3} {'median':>8} {'p90':>7}   {'median':>8} {'p90':>7}   "
            f"{'median':>7} {'p90':>7}")


def row(label: str, paired: Paired, target: float | None) -> str:
    app_median, empty_median = statistics.median(paired.app), statistics.median(paired.empty)
    app_p90, empty_p90 = p90(paired.app), p90(paired.empty)
    wanted = f"<= {target}x" if target is not None else "-"
    return (f"  {label:<{LABEL_WIDTH}} {len(paired.app):>3} {app_median:8.0f} {app_p90:7.0f}   "
            f"{empty_median:8.0f} {empty_p90:7.0f}   "
            f"{app_median / empty_median:6.2f}x {app_p90 / empty_p90:6.2f}x   {wanted}")


def cpu_name() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def load_average() -> str:
    try:
        return " ".join(f"{value:.2f}" for value in os.getloadavg())
    except OSError:
        return "unknown"


def cpu_times() -> tuple[int, int] | None:
    """(time the host took from this virtual machine, all time), in jiffies, from /proc/stat."""
    try:
        with open("/proc/stat") as stat:
            fields = [int(value) for value in stat.readline().split()[1:]]
    except (OSError, ValueError):
        return None
    steal = fields[7] if len(fields) > 7 else 0
    return steal, sum(fields[:8])


def stolen(before: tuple[int, int] | None) -> str:
    """The share of the processors' time the host took since `before` (cpu_times())."""
    after = cpu_times()
    if before is None or after is None or after[1] <= before[1]:
        return "unknown"
    return f"{100 * (after[0] - before[0]) / (after[1] - before[1]):.0f} %"


def machine(load_before: str, times_before: tuple[int, int] | None = None) -> str:
    line = (f"machine: {cpu_name()}, {os.cpu_count()} cores, Python {platform.python_version()}, "
            f"{platform.system()}; load average (1, 5, 15 min) {load_before} before, {load_average()} after")
    if times_before is not None:
        line += f"; processor time taken by the host (steal) during the run: {stolen(times_before)}"
    return line


def flet_version() -> str:
    return version("flet")


def split_header() -> str:
    return (f"  {'where a tap goes (medians, ms)':<{LABEL_WIDTH}} {'n':>3} {'tap->send':>10} {'send->reply':>12} "
            f"{'reply->seen':>12} {'replies':>8} {'kB in':>7}")


SPLIT_NOTE = ("  (send: the first WebSocket message out after the tap; reply: the last one in before the change; "
              "replies and kB in: until the change)")


def _median_of(values: list) -> str:
    known = [value for value in values if value is not None]
    return f"{statistics.median(known):.0f}" if known else "-"


def split_row(label: str, taps: list) -> str:
    """`taps` are web_probe.TapTimes: the time before the page writes to the server, until the
    last message back before the change, and from there to the change on screen."""
    return (f"  {label:<{LABEL_WIDTH}} {len(taps):>3} {_median_of([t.to_server_ms for t in taps]):>10} "
            f"{_median_of([t.server_ms for t in taps]):>12} {_median_of([t.after_reply_ms for t in taps]):>12} "
            f"{statistics.median(t.messages_in for t in taps):>8.0f} "
            f"{statistics.median(t.bytes_in for t in taps) / 1000:>7.1f}")
