"""Full garbage collections at quiet moments, not in the middle of a tap.

Every connected page keeps its screens' controls (tens of thousands of objects with the
table and four phones). Python's full collection walks them all: about 70 ms, measured
with the table and four phones, a pause that lands on whichever tap allocates past the
threshold. Here the automatic full collection is held back, and one runs once the game
has been still for `quiet` seconds; the quick young-generation collections go on as
before. Memory is only freed a little later than it would have been.
"""
from __future__ import annotations

import gc
import logging
import threading
import time
from typing import Callable

log = logging.getLogger(__name__)

# Python's own default: a full collection becomes due after this many middle ones.
FULL_AFTER = 10
# Far beyond any count: the interpreter never starts a full collection by itself.
NEVER = 1_000_000


class IdleCollector:
    """`changes()`: a number that moves with every change of the game (the controller's
    version): the game is still while it does not move."""

    def __init__(self, changes: Callable[[], int], *, quiet: float = 2.0, every: float = 0.5,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.changes = changes
        self.quiet = quiet
        self.every = every
        self.clock = clock
        self.collections = 0
        self._seen = changes()
        self._still_since = clock()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._threshold: tuple[int, int, int] | None = None

    def start(self) -> "IdleCollector":
        self._threshold = gc.get_threshold()
        young, middle, _full = self._threshold
        gc.set_threshold(young, middle, NEVER)
        self._thread = threading.Thread(target=self._watch, name="idle-gc", daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(5)
        if self._threshold is not None:
            gc.set_threshold(*self._threshold)

    def due(self) -> bool:
        """Whether the interpreter would have run a full collection by now."""
        return gc.get_count()[2] >= FULL_AFTER

    def tick(self) -> bool:
        """One look: a full collection if one is due and the game has been still long
        enough. Whether it ran."""
        now, seen = self.clock(), self.changes()
        if seen != self._seen:
            self._seen, self._still_since = seen, now
            return False
        if now - self._still_since < self.quiet or not self.due():
            return False
        gc.collect()
        self.collections += 1
        return True

    def _watch(self) -> None:
        while not self._stop.wait(self.every):
            try:
                self.tick()
            except Exception as exc:  # noqa: BLE001 - never take the server down for this
                log.debug("idle collection skipped: %s", exc)
