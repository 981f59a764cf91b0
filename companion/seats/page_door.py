"""One page's way in: the session its address proves, and the only ways it changes.

The desktop window is the table. A web page is the table with the host key in its address,
a seat with that seat's secret (while the table lets phones in), and otherwise nobody yet;
a code typed on the join screen, leaving, or the table re-issuing a seat's pass are the
only things that change who a page is. A page never chooses its viewer itself: it holds
this door and the session the door gives it (companion.seats.page_session)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from companion.engine.views import NOBODY, TABLE, Viewer, seat_viewer
from companion.hosting.code_attempts import CodeAttempt, CodeOutcome
from companion.seats.page_session import NO_PHONES, PageSession

if TYPE_CHECKING:
    from companion.seats.controller import TableController
    from companion.seats.phone_access import PhoneAccess
    from companion.seats.seating import Seating


class PageDoor:
    __slots__ = ("__controller", "__seating", "__access", "__page_id", "__session")

    def __init__(self, controller: "TableController", *, page_id: str, route: str | None = None,
                 trusted: bool = True, seating: "Seating | None" = None, access: "PhoneAccess | None" = None) -> None:
        """`trusted`: the desktop window (always the table); else `route` decides."""
        self.__controller = controller
        self.__seating = seating
        self.__access = access
        self.__page_id = page_id
        self.__session = self.__session_as(TABLE if trusted or seating is None else self.__from_address(route))

    @property
    def session(self) -> PageSession:
        return self.__session

    # -- who the page is --------------------------------------------------------------
    def __from_address(self, route: str | None) -> Viewer:
        viewer = self.__seating.viewer_for(route)  # type: ignore[union-attr]
        if viewer.kind == "seat" and not self.accepts_phones:
            return NOBODY
        return viewer

    def __session_as(self, viewer: Viewer) -> PageSession:
        phones = self.__seating.seats_with_phone if self.__seating is not None else NO_PHONES
        return PageSession(self.__controller, viewer, phones=phones)

    @property
    def accepts_phones(self) -> bool:
        return self.__access is not None and self.__access.accepting

    def join_with_code(self, typed: str, address: str) -> CodeAttempt | None:
        """A code typed on this page's join screen: on success the page is that seat."""
        if self.__seating is None or not self.accepts_phones or self.__session.viewer.kind != "nobody":
            return None
        attempt = self.__seating.join_by_code(self.__page_id, address, typed)
        if attempt.outcome is CodeOutcome.ACCEPTED and attempt.seat is not None:
            self.__session = self.__session_as(seat_viewer(attempt.seat))
        return attempt

    def leave(self) -> PageSession:
        """This page leaves its seat (or its seat's pass was re-issued): nobody again."""
        if self.__seating is not None:
            self.__seating.leave(self.__page_id)
        self.__session = self.__session_as(NOBODY)
        return self.__session

    def take_seat(self, on_drop: Callable[[], None]) -> None:
        """A seat's page sits down: the table sees a phone there; `on_drop` when the pass is re-issued."""
        if self.__seating is not None and self.__session.viewer.kind == "seat":
            self.__seating.sit(self.__page_id, self.__session.viewer, on_drop=on_drop)

    def close(self) -> None:
        if self.__seating is not None and self.__session.viewer.kind == "seat":
            self.__seating.leave(self.__page_id)

    def credential_query(self) -> str:
        """What this page's own address carries to keep its seat on a reload ("" for none)."""
        if self.__seating is None:
            return ""
        return self.__seating.credential_query(self.__session.viewer)

    # -- the table's view of the seats ---------------------------------------------------
    def hosting(self) -> tuple["Seating", "PhoneAccess"] | None:
        """The seats' passes and the phones' server, for the table's Players join screen and
        its phone marks (None for any other page, or without hosting)."""
        if not self.__session.viewer.is_table or self.__seating is None or self.__access is None:
            return None
        return self.__seating, self.__access

    def follow_seating(self, listener: Callable[[], None]) -> Callable[[], None] | None:
        """The table follows who sits where; None for any other page."""
        if not self.__session.viewer.is_table or self.__seating is None:
            return None
        return self.__seating.subscribe(listener)
