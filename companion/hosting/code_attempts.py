"""Typed join codes are short, so each wrong one costs the client time (pure; clock injected)."""
from __future__ import annotations

import enum
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

from companion.hosting.secrets import JoinSecrets


@dataclass
class _Record:
    failures: int
    last_failure: float
    locked_until: float


class CodeBackoff:
    """Exponential backoff per client key (an IP address, say).

    After the n-th wrong code in a row the client waits `base * factor**(n-1)` seconds,
    at most `max_wait`. A right code, or `forget_after` seconds without a wrong one,
    clears the record. At most `max_clients` records are kept (oldest dropped first).
    """

    def __init__(
        self,
        *,
        base: float = 1.0,
        factor: float = 2.0,
        max_wait: float = 300.0,
        forget_after: float = 3600.0,
        max_clients: int = 4096,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.base = base
        self.factor = factor
        self.max_wait = max_wait
        self.forget_after = forget_after
        self.max_clients = max_clients
        self._clock = clock
        self._records: OrderedDict[str, _Record] = OrderedDict()
        self._lock = threading.RLock()

    def _current(self, client: str, now: float) -> _Record | None:
        record = self._records.get(client)
        if record is not None and now - record.last_failure >= self.forget_after:
            del self._records[client]
            return None
        return record

    def wait_seconds(self, client: str) -> float:
        """How long `client` must wait before its next try; 0 when it may try now."""
        with self._lock:
            now = self._clock()
            record = self._current(client, now)
            return 0.0 if record is None else max(0.0, record.locked_until - now)

    def failures(self, client: str) -> int:
        with self._lock:
            record = self._current(client, self._clock())
            return 0 if record is None else record.failures

    def record_failure(self, client: str) -> float:
        """Counts a wrong code; returns the wait it now costs."""
        with self._lock:
            now = self._clock()
            record = self._current(client, now)
            failures = 1 if record is None else record.failures + 1
            wait = min(self.max_wait, self.base * self.factor ** (failures - 1))
            self._records[client] = _Record(failures, now, now + wait)
            self._records.move_to_end(client)
            while len(self._records) > self.max_clients:
                self._records.popitem(last=False)
            return wait

    def record_success(self, client: str) -> None:
        with self._lock:
            self._records.pop(client, None)


class CodeOutcome(enum.Enum):
    ACCEPTED = "accepted"
    WRONG = "wrong"
    TOO_SOON = "too_soon"  # not even checked: the client must wait


@dataclass(frozen=True)
class CodeAttempt:
    outcome: CodeOutcome
    seat: int | None = None
    retry_after: float = 0.0


def attempt_code(secrets: JoinSecrets, backoff: CodeBackoff, client: str, typed: str) -> CodeAttempt:
    """Checks a typed code unless the client is still waiting; a wrong one costs more time."""
    # One lock across check and count: parallel tries from one client wait in line.
    with backoff._lock:
        wait = backoff.wait_seconds(client)
        if wait > 0:
            return CodeAttempt(CodeOutcome.TOO_SOON, retry_after=wait)
        seat = secrets.seat_for_code(typed)
        if seat is None:
            return CodeAttempt(CodeOutcome.WRONG, retry_after=backoff.record_failure(client))
        backoff.record_success(client)
        return CodeAttempt(CodeOutcome.ACCEPTED, seat=seat)
