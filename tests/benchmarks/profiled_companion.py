"""The companion's server with a sampling profiler beside it, for bench_server --profile.

    python -m tests.benchmarks.profiled_companion --out FILE [--interval-ms 1] -- <companion arguments>

Every interval a thread looks at every other thread's Python stack (sys._current_frames)
and, for each thread that is not waiting (its innermost frame not a wait in the standard
library's selectors, threading, queue or socket), writes one line to FILE:
`<time.monotonic()>\t<page>\t<module>`: the page whose work it is (the innermost frame that
belongs to a page: a PageApp's method, or a Flet Session or Page of a page a PageApp holds;
"table", "phone N", or "-" for none) and the module of the innermost frame (where the
time goes: companion/<package>/<module>, flet/<package>, another installed package, or
stdlib:<module>). A thread waiting for the interpreter lock counts as busy where it waits.
The server's switch interval is set to the sampling interval (else a busy
server lets the sampler in every 5 ms at best). The lines go out in batches every quarter second; time.monotonic() is the system's
monotonic clock, the one the bench reads, so it can keep the samples of its timed taps.
"""
from __future__ import annotations

import argparse
import sys
import sysconfig
import threading
import time
from pathlib import Path

_IDLE_FILES = ("selectors.py", "threading.py", "queue.py", "socket.py", "ssl.py")
_IDLE_NAMES = frozenset({"select", "wait", "_wait_for_tstate_lock", "get", "accept", "recv", "recv_into",
                         "poll", "sleep", "join", "_worker"})
_PAGE_FILES = ("companion/ui/shell.py", "flet/messaging/session.py", "flet/controls/page.py",
               "flet/controls/base_page.py")

APPS: dict[int, object] = {}  # id(page) -> its PageApp


def _install_page_registry() -> None:
    from companion.ui import shell

    original = shell.PageApp.__init__

    def init(self, *args, **kwargs):
        original(self, *args, **kwargs)
        APPS[id(self.page)] = self

    shell.PageApp.__init__ = init


def _label(app) -> str:
    viewer = getattr(getattr(app, "ctx", None), "viewer", None)
    if viewer is None:
        return "page (no viewer yet)"
    if getattr(viewer, "is_table", False):
        return "table"
    seat = getattr(viewer, "seat", None)
    return f"phone {seat}" if seat is not None else str(viewer)


class Sampler:
    def __init__(self, out: Path, interval_s: float) -> None:
        self.out = out
        self.interval_s = interval_s
        self.stdlib = str(Path(sysconfig.get_paths()["stdlib"]).resolve()) + "/"
        self.lines: list[str] = []
        self.buckets: dict[object, str] = {}  # code object -> module bucket
        self.thread = threading.Thread(target=self._run, name="bench-sampler", daemon=True)

    def _bucket(self, code) -> str:
        found = self.buckets.get(code)
        if found is None:
            name = code.co_filename
            if "/companion/" in name:
                parts = name.rsplit("/companion/", 1)[1].split("/")
                found = "companion/" + "/".join(parts[:2])
            elif "/site-packages/" in name:
                parts = name.rsplit("/site-packages/", 1)[1].split("/")
                found = "/".join(parts[:2]) if parts[0] == "flet" and len(parts) > 2 else parts[0].removesuffix(".py")
            elif name.startswith(self.stdlib):
                found = "stdlib:" + name[len(self.stdlib):].split("/", 1)[0].removesuffix(".py")
            else:
                found = name.rsplit("/", 1)[-1]
            self.buckets[code] = found
        return found

    def _page(self, frame) -> str:
        while frame is not None:
            name = frame.f_code.co_filename
            if name.endswith(_PAGE_FILES):
                owner = frame.f_locals.get("self")
                if owner is not None:
                    app = APPS.get(id(owner)) or APPS.get(id(getattr(owner, "page", None)))
                    if app is None and type(owner).__name__ == "PageApp":
                        app = owner
                    if app is not None:
                        return _label(app)
            frame = frame.f_back
        return "-"

    def _idle(self, frame) -> bool:
        code = frame.f_code
        return code.co_name in _IDLE_NAMES and code.co_filename.endswith(_IDLE_FILES)

    def _run(self) -> None:
        own = threading.get_ident()
        flushed = time.monotonic()
        while True:
            time.sleep(self.interval_s)
            now = time.monotonic()
            for ident, frame in sys._current_frames().items():
                if ident == own or self._idle(frame):
                    continue
                try:
                    page = self._page(frame)
                except Exception as exc:  # noqa: BLE001 - a frame the sampler cannot read is named, not fatal
                    page = f"? ({type(exc).__name__})"
                self.lines.append(f"{now:.6f}\t{page}\t{self._bucket(frame.f_code)}\n")
            if now - flushed >= 0.25 and self.lines:
                lines, self.lines = self.lines, []
                with open(self.out, "a") as out:
                    out.writelines(lines)
                flushed = now


def main() -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.benchmarks.profiled_companion")
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--interval-ms", type=float, default=1.0)
    parser.add_argument("companion", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    companion_args = args.companion[1:] if args.companion[:1] == ["--"] else args.companion
    _install_page_registry()
    # The sampler waits for the interpreter lock like any thread: at the default 5 ms switch
    # interval a busy server would be sampled every 5 ms at best.
    sys.setswitchinterval(args.interval_ms / 1000)
    Sampler(args.out, args.interval_ms / 1000).thread.start()
    from companion.app.cli import main as companion_main

    return companion_main(companion_args)


if __name__ == "__main__":
    sys.exit(main())
