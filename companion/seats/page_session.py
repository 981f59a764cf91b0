"""One page's way to the game, bound to the viewer that page is (the table, one seat, or
nobody yet): its view, its journal, its checks, its commands. A screen holds this and
never the controller, so it cannot read another viewer's view or history, nor send a
command as another seat.

The one door to another viewer is the table's `hand_over(seat)`: the shared device handed
to a player for their private steps, only for a seat that no phone holds (that player's
secrets go to their phone)."""
from __future__ import annotations

import time
from typing import TYPE_CHECKING, Callable, ContextManager

from companion.seats.controller import Feed, FeedListener
from companion.engine import GameCommand, IllegalCommand, NewGame, Step
from companion.engine.apply import GameEnding, draws_by_chance
from companion.engine.journal import Event, Topic
from companion.engine.views import GameView, Viewer, seat_viewer

if TYPE_CHECKING:
    from companion.seats.controller import TableController
    from companion.rules import Rules
    from companion.store import GameSummary

__all__ = ["Feed", "FeedListener", "PageSession", "NO_PHONES"]


# A second tap on the same draw this soon, with no other tap of the page between them, is
# the finger's bounce or a double tap sent before the first draw's screen arrived, not a
# second draw the player meant. (A tap between them, such as opening the dialog again,
# shows the player meant it.)
SAME_DRAW_WINDOW = 0.8  # seconds


def NO_PHONES() -> frozenset[int]:  # noqa: N802 - a constant answer, named as one
    return frozenset()


class PageSession:
    __slots__ = ("__controller", "__viewer", "__phones", "__clock", "__last_draw")

    def __init__(self, controller: "TableController", viewer: Viewer, *,
                 phones: Callable[[], frozenset[int]] = NO_PHONES,
                 clock: Callable[[], float] = time.monotonic) -> None:
        """`phones`: the seats a phone holds now (their private steps go there)."""
        self.__controller = controller
        self.__viewer = viewer
        self.__phones = phones
        self.__clock = clock
        # The last draw: its command, when, and the number of the page's tap that sent it.
        self.__last_draw: tuple[GameCommand, float, int | None] | None = None

    def __repr__(self) -> str:
        return f"PageSession({self.__viewer!r})"

    @property
    def viewer(self) -> Viewer:
        return self.__viewer

    @property
    def rules(self) -> "Rules":
        """The game's facts (public data, the same for everyone)."""
        return self.__controller.rules

    # -- what this viewer may see ------------------------------------------------
    def feed(self) -> Feed:
        return self.__controller.feed(self.__viewer)

    def subscribe(self, listener: FeedListener) -> Callable[[], None]:
        return self.__controller.subscribe(self.__viewer, listener)

    def view(self) -> GameView | None:
        return self.__controller.view(self.__viewer)

    def history(self, *topics: Topic, since: int | None = None, limit: int | None = None) -> list[Event]:
        return self.__controller.history(self.__viewer, *topics, since=since, limit=limit)

    # -- change ------------------------------------------------------------------
    def check(self, command: GameCommand) -> IllegalCommand | None:
        return self.__controller.check(command, self.__viewer)

    def game_ending(self, command: GameCommand) -> GameEnding | None:
        """For a warning: whether `command` ends the game (or may), from what everyone can
        see (a drawn or hidden outcome is never worked out ahead)."""
        return self.__controller.game_ending(command, self.__viewer)

    def execute(self, command: GameCommand, *, tap: int | None = None) -> Step:
        """Run `command` as this page's viewer; `tap`: the number of the page's tap that sent
        it (ui.busy), if a tap did. The same draw sent again within SAME_DRAW_WINDOW by the
        next tap (or when the taps are not known) is refused, and the page says so: a double
        tap draws once."""
        drawn = draws_by_chance(command)
        now = self.__clock()
        if drawn and self.__last_draw is not None:
            last, at, last_tap = self.__last_draw
            next_tap = tap is None or last_tap is None or tap == last_tap + 1
            if last == command and now - at < SAME_DRAW_WINDOW and next_tap:
                raise IllegalCommand("error.same_draw_twice")
        step = self.__controller.execute(command, self.__viewer)
        if drawn:
            self.__last_draw = (command, now, tap)
        return step

    def others_after(self, later: Callable[[Callable[[], None]], None] | None = None) -> ContextManager[None]:
        """While this page answers a tap: the other viewers' pages hear of its changes when
        the block ends, or when `later` calls the release it is handed
        (TableController.others_after)."""
        return self.__controller.others_after(self.__viewer, later)

    def undo(self) -> None:
        self.__controller.undo(self.__viewer)

    def redo(self) -> None:
        self.__controller.redo(self.__viewer)

    # -- games (the table's) -------------------------------------------------------
    def list_games(self) -> list["GameSummary"]:
        self._require_table()
        return self.__controller.list_games()

    def new_game(self, setup: NewGame, title: str) -> str:
        return self.__controller.new_game(setup, title, self.__viewer)

    def open(self, game_id: str) -> None:
        self.__controller.open(game_id, self.__viewer)

    def close(self) -> None:
        self.__controller.close(self.__viewer)

    def delete(self, game_id: str) -> None:
        self.__controller.delete(game_id, self.__viewer)

    # -- the shared device -----------------------------------------------------------
    def may_hand_over(self, seat: int) -> bool:
        """Whether this (table) page may be handed to `seat`'s player: only while no phone
        holds that seat."""
        return self.__viewer.is_table and seat not in self.__phones()

    def hand_over(self, seat: int) -> "PageSession":
        """The session of `seat`'s player on this shared device, for their private steps;
        refused for a seat a phone holds (its secrets go there) and from any page but the
        table."""
        if not self.__viewer.is_table:
            raise IllegalCommand("error.table_only")
        if seat in self.__phones():
            raise IllegalCommand("error.seat_has_phone", seat=seat)
        return PageSession(self.__controller, seat_viewer(seat), phones=self.__phones, clock=self.__clock)

    def _require_table(self) -> None:
        if not self.__viewer.is_table:
            raise IllegalCommand("error.table_only")
