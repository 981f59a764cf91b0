"""The table's join secrets: a host key, and per seat a link secret and a short typed code.

Pure: no I/O, no clock. Every check goes through `hmac.compare_digest` so that how
long a wrong guess takes says nothing about the right answer. Secrets never appear
in a repr or a log line.
"""
from __future__ import annotations

import hmac
import json
import secrets as _random
import threading
from collections.abc import Iterable
from dataclasses import dataclass, field

SECRET_BYTES = 32  # 256 bits; token_urlsafe gives 43 characters
MIN_SECRET_BYTES = 16  # what a loaded file must at least hold: 128 bits
# No 0/O, 1/I/L, and no letter whose case changes in Turkish (i, ı, İ).
CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
CODE_LENGTH = 6
FORMAT_VERSION = 1
_MIN_SECRET_CHARS = (MIN_SECRET_BYTES * 4 + 2) // 3


class SecretsFormatError(ValueError):
    """A saved set of join secrets that cannot be trusted or read."""


def same_secret(candidate: str, secret: str) -> bool:
    """Constant-time equality; any text is accepted, wrong types are simply unequal."""
    if not isinstance(candidate, str):
        return False
    return hmac.compare_digest(candidate.encode("utf-8"), secret.encode("utf-8"))


def normalize_code(typed: str) -> str:
    """What a player typed, as a code: case, spaces and dashes do not matter."""
    return "".join(ch for ch in typed.upper() if ch not in " -_\t")


def format_code(code: str) -> str:
    """For showing: `ABC-DEF`, easier to read aloud and copy."""
    half = len(code) // 2
    return f"{code[:half]}-{code[half:]}" if len(code) >= 6 else code


def new_secret(nbytes: int = SECRET_BYTES) -> str:
    return _random.token_urlsafe(nbytes)


def new_code(length: int = CODE_LENGTH) -> str:
    return "".join(_random.choice(CODE_ALPHABET) for _ in range(length))


@dataclass(frozen=True)
class SeatPass:
    """What a seat's QR code and typed code carry. The repr hides both."""

    seat: int
    secret: str = field(repr=False)
    code: str = field(repr=False)

    def __repr__(self) -> str:
        return f"SeatPass(seat={self.seat}, secret=<hidden>, code=<hidden>)"


class JoinSecrets:
    """The live registry: secrets per seat, and which phone sessions sit at which seat.

    Thread-safe: the table's window and the phones' server may run on different threads.
    Sessions are opaque strings (a Flet session id, say) and are never saved.
    """

    def __init__(
        self,
        seats: Iterable[int],
        *,
        secret_bytes: int = SECRET_BYTES,
        code_length: int = CODE_LENGTH,
    ) -> None:
        if secret_bytes < MIN_SECRET_BYTES:
            raise ValueError(f"secrets need at least {MIN_SECRET_BYTES} bytes")
        self._lock = threading.RLock()
        self._secret_bytes = secret_bytes
        self._code_length = code_length
        self._host_key = new_secret(secret_bytes)
        self._passes: dict[int, SeatPass] = {}
        self._sessions: dict[str, int] = {}
        for seat in seats:
            self._passes[seat] = self._fresh_pass(seat)

    def __repr__(self) -> str:
        return f"JoinSecrets(seats={self.seats}, phones={sorted(self.seats_with_phone())})"

    # Issuing -----------------------------------------------------------------
    def _fresh_pass(self, seat: int) -> SeatPass:
        # The seat's own old code counts as taken too: a re-issued code must differ.
        taken = {p.code for p in self._passes.values()}
        code = new_code(self._code_length)
        while code in taken:
            code = new_code(self._code_length)
        return SeatPass(seat, new_secret(self._secret_bytes), code)

    @property
    def seats(self) -> list[int]:
        with self._lock:
            return sorted(self._passes)

    @property
    def host_key(self) -> str:
        return self._host_key

    def seat_pass(self, seat: int) -> SeatPass:
        """The secret and code to show for `seat` (KeyError for an unknown seat)."""
        with self._lock:
            return self._passes[seat]

    def reissue(self, seat: int) -> frozenset[str]:
        """New secret and code for `seat`; the old ones stop working now.

        Returns the sessions that were seated there: they must go back to the join screen.
        """
        with self._lock:
            self._passes[seat] = self._fresh_pass(seat)
            return self._unseat(lambda s: s == seat)

    def set_seats(self, seats: Iterable[int]) -> frozenset[str]:
        """Keeps the passes of seats that stay, issues passes for new seats, drops the rest.

        Returns the sessions that sat at a dropped seat.
        """
        wanted = set(seats)
        with self._lock:
            for seat in sorted(wanted - set(self._passes)):
                self._passes[seat] = self._fresh_pass(seat)
            for seat in set(self._passes) - wanted:
                del self._passes[seat]
            return self._unseat(lambda s: s not in wanted)

    # Checking ----------------------------------------------------------------
    def is_host_key(self, candidate: str) -> bool:
        return same_secret(candidate, self._host_key)

    def check_seat_secret(self, seat: int, candidate: str) -> bool:
        with self._lock:
            seat_pass = self._passes.get(seat)
        return seat_pass is not None and same_secret(candidate, seat_pass.secret)

    def seat_for_code(self, typed: str) -> int | None:
        """The seat whose code this is, or None. Compares against every seat, always."""
        code = normalize_code(typed)
        with self._lock:
            passes = list(self._passes.values())
        found = None
        for seat_pass in passes:
            if same_secret(code, seat_pass.code) and found is None:
                found = seat_pass.seat
        return found

    # Sessions ----------------------------------------------------------------
    def join(self, session: str, seat: int, secret: str) -> bool:
        """Seats `session` when `secret` is the seat's current one; a session holds one seat."""
        with self._lock:
            if not self.check_seat_secret(seat, secret):
                return False
            self._sessions[session] = seat
            return True

    def seat_of(self, session: str) -> int | None:
        """The seat a session holds now; None once it left or its seat was re-issued."""
        with self._lock:
            return self._sessions.get(session)

    def leave(self, session: str) -> int | None:
        """The session gives up its seat (or disconnected for good); returns that seat."""
        with self._lock:
            return self._sessions.pop(session, None)

    def clear_seat(self, seat: int) -> frozenset[str]:
        """Every session at `seat` leaves; the secret stays valid for rejoining."""
        with self._lock:
            return self._unseat(lambda s: s == seat)

    def sessions_at(self, seat: int) -> frozenset[str]:
        with self._lock:
            return frozenset(session for session, s in self._sessions.items() if s == seat)

    def seats_with_phone(self) -> frozenset[int]:
        with self._lock:
            return frozenset(self._sessions.values())

    def _unseat(self, matches) -> frozenset[str]:
        gone = frozenset(session for session, seat in self._sessions.items() if matches(seat))
        for session in gone:
            del self._sessions[session]
        return gone

    # Saving ------------------------------------------------------------------
    def to_json(self) -> str:
        with self._lock:
            data = {
                "version": FORMAT_VERSION,
                "host_key": self._host_key,
                "seats": {
                    str(seat): {"secret": p.secret, "code": p.code} for seat, p in sorted(self._passes.items())
                },
            }
        return json.dumps(data, indent=2)

    @classmethod
    def from_json(cls, text: str) -> JoinSecrets:
        """Loads saved secrets; live sessions are not saved, so nobody is seated yet."""
        try:
            data = json.loads(text)
        except (ValueError, RecursionError) as error:
            raise SecretsFormatError(f"not JSON: {error}") from None
        if not isinstance(data, dict) or data.get("version") != FORMAT_VERSION:
            raise SecretsFormatError("unknown format or version")
        host_key = _valid_secret(data.get("host_key"), "host_key")
        seats = data.get("seats")
        if not isinstance(seats, dict):
            raise SecretsFormatError("seats must be an object")
        passes: dict[int, SeatPass] = {}
        for key, entry in seats.items():
            if not (isinstance(key, str) and key.isdigit() and key.isascii()):
                raise SecretsFormatError(f"seat {key!r} is not a number")
            if not isinstance(entry, dict):
                raise SecretsFormatError(f"seat {key} must be an object")
            seat = int(key)
            code = entry.get("code")
            if not (isinstance(code, str) and code and all(ch in CODE_ALPHABET for ch in code)):
                raise SecretsFormatError(f"seat {key} has no valid code")
            passes[seat] = SeatPass(seat, _valid_secret(entry.get("secret"), f"seat {key}"), code)
        codes = [p.code for p in passes.values()]
        if len(set(codes)) != len(codes):
            raise SecretsFormatError("two seats share a code")
        registry = cls((), code_length=len(codes[0]) if codes else CODE_LENGTH)
        registry._host_key = host_key
        registry._passes = passes
        return registry


def _valid_secret(value, where: str) -> str:
    if not isinstance(value, str) or len(value) < _MIN_SECRET_CHARS:
        raise SecretsFormatError(f"{where}: secret missing or shorter than {MIN_SECRET_BYTES * 8} bits")
    if not all(ch.isascii() and (ch.isalnum() or ch in "-_") for ch in value):
        raise SecretsFormatError(f"{where}: secret is not URL-safe text")
    return value
