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

    def clear(self, client: str) -> None:
        self.record_success(client)

    def waiting(self) -> list[tuple[str, int, float]]:
        """(client, wrong codes in a row, seconds still to wait) of every client with a record."""
        with self._lock:
            now = self._clock()
            found = []
            for client in list(self._records):
                record = self._current(client, now)
                if record is not None:
                    found.append((client, record.failures, max(0.0, record.locked_until - now)))
            return found


class CodeOutcome(enum.Enum):
    ACCEPTED = "accepted"
    WRONG = "wrong"
    TOO_SOON = "too_soon"  # not even checked: the client must wait


@dataclass(frozen=True)
class CodeAttempt:
    outcome: CodeOutcome
    seat: int | None = None
    retry_after: float = 0.0


# The page that typed a wrong code waits longer and longer; its network address waits
# too (a guesser can open new pages), but never long: phones behind one router, or on the
# table's own computer, share an address with the guesser.
PAGE_MAX_WAIT = 300.0
ADDRESS_MAX_WAIT = 10.0


@dataclass(frozen=True)
class Lockout:
    """A network address that typed wrong codes, as the table sees it."""

    address: str
    wrong_codes: int
    wait: float  # seconds before a page there may try again; 0 when it may now


class CodeGuard:
    """Who may try a typed code now: the page that types it and its network address.

    A wrong code makes its page wait 1, 2, 4 … seconds (at most PAGE_MAX_WAIT) and its
    address 1, 2, 4 … seconds (at most ADDRESS_MAX_WAIT): a guesser opening page after page
    gets one try every ADDRESS_MAX_WAIT seconds, and a player at the same address waits at
    most that long. A right code clears both; the table can clear an address at once.
    """

    def __init__(self, *, clock: Callable[[], float] = time.monotonic,
                 page_max_wait: float = PAGE_MAX_WAIT, address_max_wait: float = ADDRESS_MAX_WAIT) -> None:
        self.pages = CodeBackoff(max_wait=page_max_wait, clock=clock)
        self.addresses = CodeBackoff(max_wait=address_max_wait, clock=clock)
        self._address_of: OrderedDict[str, str] = OrderedDict()
        self._lock = threading.RLock()

    def attempt(self, secrets: JoinSecrets, page: str, address: str, typed: str) -> CodeAttempt:
        """Checks a typed code unless its page or address must still wait."""
        # One lock across check and count: parallel tries from one client wait in line.
        with self._lock:
            wait = max(self.pages.wait_seconds(page), self.addresses.wait_seconds(address))
            if wait > 0:
                return CodeAttempt(CodeOutcome.TOO_SOON, retry_after=wait)
            seat = secrets.seat_for_code(typed)
            if seat is None:
                self._address_of[page] = address
                self._address_of.move_to_end(page)
                while len(self._address_of) > self.pages.max_clients:
                    self._address_of.popitem(last=False)
                wait = max(self.pages.record_failure(page), self.addresses.record_failure(address))
                return CodeAttempt(CodeOutcome.WRONG, retry_after=wait)
            self.pages.record_success(page)
            self.addresses.record_success(address)
            return CodeAttempt(CodeOutcome.ACCEPTED, seat=seat)

    def lockouts(self) -> list[Lockout]:
        """Addresses that typed wrong codes lately, the longest wait first; a page's own
        longer wait counts for its address."""
        with self._lock:
            found: dict[str, Lockout] = {}
            for address, failures, wait in self.addresses.waiting():
                found[address] = Lockout(address, failures, wait)
            for page, failures, wait in self.pages.waiting():
                address = self._address_of.get(page)
                if address in found and wait > found[address].wait:
                    found[address] = Lockout(address, found[address].wrong_codes, wait)
            return sorted(found.values(), key=lambda lockout: (-lockout.wait, lockout.address))

    def clear(self, address: str) -> None:
        """The table lets an address try again now, and every page there."""
        with self._lock:
            self.addresses.clear(address)
            for page in [page for page, where in self._address_of.items() if where == address]:
                self.pages.clear(page)
                del self._address_of[page]
