"""The parts every viewer's view of a new state shares (engine.views.shared_parts), with the
offers the acting viewer may send judged, worked out on a thread of their own while the
save of that state waits on the disk.

The save's commit gives up the interpreter while the disk writes (sqlite3 releases it), so
the thread works meanwhile: a tap's answer waits for the longer of the two, not for both
(an fsync takes milliseconds on a tablet's flash). The thread is handed the work only at
the commit (GameStore.append's `meanwhile`): handed it earlier, it would hold the
interpreter while the save still had Python work to do."""
from __future__ import annotations

import logging
from concurrent.futures import Future, ThreadPoolExecutor

from companion.engine import GameState
from companion.engine.views import SharedParts, Viewer, shared_parts
from companion.rules import Rules

log = logging.getLogger(__name__)

# One thread for the process: one table is played at a time.
_WORKER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="shared-parts")


def _worked_out(state: GameState, rules: Rules, acting: Viewer) -> SharedParts:
    parts = shared_parts(state, rules)
    parts.offered.judge_for(acting)  # what the acting page's view lists first
    return parts


class SharedAhead:
    """The shared parts of one new state: `start` hands them to the thread; `result`
    waits for them (None when never started or when they failed: a view asks for them
    again and meets the error there). `acting`: the viewer whose command made the state."""

    def __init__(self, state: GameState, rules: Rules, acting: Viewer) -> None:
        self._state = state
        self._rules = rules
        self._acting = acting
        self._future: Future | None = None

    def start(self) -> None:
        if self._future is None:
            self._future = _WORKER.submit(_worked_out, self._state, self._rules, self._acting)

    def result(self) -> SharedParts | None:
        if self._future is None:
            return None
        try:
            return self._future.result()
        except Exception as exc:  # noqa: BLE001 - worked out again, and raised, where a view is asked for
            log.debug("shared parts not worked out ahead: %s", exc)
            return None
