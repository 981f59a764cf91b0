"""Who sits where: the table's host key, each seat's join secret and code, and which
phones hold a seat. One per process, shared by every page, like the controller.

Secrets live in the data folder so a restarted host lets the same phones back in: the
host key in `hosting/host-key.json`, each game's seat passes in
`hosting/seats-<game id>.json` (a new game gets new passes, so a phone from the last
game never lands in another player's seat).
"""
from __future__ import annotations

import logging
import threading
import time
from pathlib import Path
from typing import Callable

from companion.seats.controller import Feed, TableController
from companion.engine.views import NOBODY, TABLE, Viewer, seat_viewer
from companion.hosting.code_attempts import CodeAttempt, CodeGuard, CodeOutcome, Lockout
from companion.hosting.join_urls import LobbyLink, SeatLink, TableLink, parse_route
from companion.hosting.secret_store import SecretStore
from companion.hosting.secrets import JoinSecrets, SeatPass, SecretsFormatError

log = logging.getLogger(__name__)

Drop = Callable[[], None]


class Seating:
    def __init__(self, controller: TableController, data_dir: Path | str, *,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.controller = controller
        self.folder = Path(data_dir) / "hosting"
        self._lock = threading.RLock()
        self._host = self._load(SecretStore(self.folder / "host-key.json"), [])
        self._game_id: str | None = None
        self._seats = JoinSecrets([])
        self._drops: dict[str, Drop] = {}
        self._listeners: list[Callable[[], None]] = []
        self.codes = CodeGuard(clock=clock)
        self._follow_game()
        controller.subscribe(NOBODY, self._on_feed)

    # -- the files ---------------------------------------------------------------
    @staticmethod
    def _load(store: SecretStore, seats: list[int]) -> JoinSecrets:
        try:
            secrets = store.load()
        except (SecretsFormatError, OSError, ValueError) as exc:
            # A damaged secrets file only costs a new QR code: never the game.
            log.warning("join secrets not readable (%s): issuing new ones", type(exc).__name__)
            secrets = None
        if secrets is None:
            secrets = JoinSecrets(seats)
            try:
                store.save(secrets)
            except OSError as exc:
                # Not on the console: a folder that cannot be written is already told there
                # and on the banner, in the table's language.
                log.info("join secrets not saved (%s)", type(exc).__name__)
        return secrets

    def _seat_store(self, game_id: str) -> SecretStore:
        return SecretStore(self.folder / f"seats-{game_id}.json")

    def _save_seats(self) -> None:
        if self._game_id is None:
            return
        try:
            self._seat_store(self._game_id).save(self._seats)
        except OSError as exc:
            log.info("join secrets not saved (%s)", type(exc).__name__)

    # -- following the game ------------------------------------------------------
    def _on_feed(self, feed: Feed) -> None:
        if feed.change in ("open", "close", "execute"):
            self._follow_game()

    def _follow_game(self) -> None:
        game_id = self.controller.game_id
        view = self.controller.view(TABLE)
        seats = [member.seat for member in view.public.crew] if view is not None else []
        dropped: frozenset[str] = frozenset()
        with self._lock:
            if game_id != self._game_id:
                old = self._seats
                self._game_id = game_id
                self._seats = self._load(self._seat_store(game_id), seats) if game_id else JoinSecrets([])
                dropped = frozenset(session for seat in old.seats for session in old.sessions_at(seat))
            elif sorted(seats) != self._seats.seats:
                dropped = self._seats.set_seats(seats)
                self._save_seats()
        self._drop(dropped)

    # -- who a page is ---------------------------------------------------------------
    @property
    def host_key(self) -> str:
        return self._host.host_key

    def viewer_for(self, route: str | None) -> Viewer:
        """The viewer a page's address makes it: the table with the host key, a seat with
        its secret, else nobody (the join screen)."""
        link = parse_route(route)
        if isinstance(link, TableLink) and self._host.is_host_key(link.host_key):
            return TABLE
        if isinstance(link, SeatLink):
            with self._lock:
                if link.seat in self._seats.seats and self._seats.check_seat_secret(link.seat, link.secret):
                    return seat_viewer(link.seat)
        return NOBODY

    def credential_query(self, viewer: Viewer) -> str:
        """What a page keeps in its address (after `?`) so a reload keeps its seat."""
        if viewer.is_table:
            return f"k={self._host.host_key}"
        if viewer.kind == "seat":
            with self._lock:
                return f"s={self._seats.seat_pass(viewer.seat).secret}"  # type: ignore[arg-type]
        return ""

    def seat_pass(self, seat: int) -> SeatPass:
        with self._lock:
            return self._seats.seat_pass(seat)

    @property
    def seats(self) -> list[int]:
        with self._lock:
            return self._seats.seats

    # -- phones at seats ------------------------------------------------------------
    def sit(self, session: str, viewer: Viewer, on_drop: Drop) -> bool:
        """Record that `session` holds `viewer`'s seat; `on_drop` sends it back to the join
        screen when the seat's pass is re-issued."""
        if viewer.kind != "seat":
            return False
        with self._lock:
            secret = self._seats.seat_pass(viewer.seat).secret  # type: ignore[arg-type]
            if not self._seats.join(session, viewer.seat, secret):  # type: ignore[arg-type]
                return False
            self._drops[session] = on_drop
        self._changed()
        return True

    def join_by_code(self, session: str, address: str, typed: str) -> CodeAttempt:
        """A typed code: a wrong one makes this page wait longer before its next try, and
        its address a little (code_attempts.CodeGuard)."""
        with self._lock:
            attempt = self.codes.attempt(self._seats, session, address, typed)
        if attempt.outcome is CodeOutcome.WRONG:
            self._changed()  # the table's Players join lists who typed wrong codes
        return attempt

    def lockouts(self) -> list[Lockout]:
        return self.codes.lockouts()

    def clear_lockout(self, address: str) -> None:
        """The table lets the phones at `address` try a code again at once."""
        self.codes.clear(address)
        self._changed()

    def leave(self, session: str) -> None:
        with self._lock:
            seat = self._seats.leave(session)
            self._drops.pop(session, None)
        if seat is not None:
            self._changed()

    def reissue(self, seat: int) -> None:
        """New secret and code for `seat`: the old ones stop working at once."""
        with self._lock:
            dropped = self._seats.reissue(seat)
            self._save_seats()
        self._drop(dropped)
        if not dropped:
            self._changed()  # the seat's new code and QR code, on every table screen

    def unseat_all(self) -> None:
        """The table stopped taking phones: every phone goes back to the join screen."""
        with self._lock:
            dropped = frozenset(s for seat in self._seats.seats for s in self._seats.clear_seat(seat))
        self._drop(dropped)

    def seats_with_phone(self) -> frozenset[int]:
        with self._lock:
            return self._seats.seats_with_phone()

    def _drop(self, sessions: frozenset[str]) -> None:
        if not sessions:
            return  # nobody sat there: the table's screens have nothing new to show
        with self._lock:
            drops = [self._drops.pop(session) for session in sessions if session in self._drops]
        for drop in drops:
            try:
                drop()
            except Exception as exc:  # noqa: BLE001 - a gone page must not stop the others
                log.debug("could not drop a page: %s", exc)
        self._changed()

    # -- table screens follow the phones ---------------------------------------------
    def subscribe(self, listener: Callable[[], None]) -> Callable[[], None]:
        with self._lock:
            self._listeners.append(listener)

        def unsubscribe() -> None:
            with self._lock:
                if listener in self._listeners:
                    self._listeners.remove(listener)

        return unsubscribe

    def _changed(self) -> None:
        with self._lock:
            listeners = list(self._listeners)
        for listener in listeners:
            try:
                listener()
            except Exception as exc:  # noqa: BLE001
                log.debug("seating listener failed: %s", exc)


__all__ = ["Seating", "CodeOutcome", "LobbyLink"]
