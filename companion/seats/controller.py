"""The table's single point of change: applies commands, saves them, then tells the screens.

Every page is fed from its viewer's side of the game only: a `Feed` holds that
viewer's view, the new step's events it may read and, for the table, the undo state.
Commands arrive with the viewer that sent them, and the controller refuses what that
viewer may not do before the engine sees it.
"""
from __future__ import annotations

import threading
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import Callable, Iterator

from companion.engine import GameCommand, GameSession, GameState, IllegalCommand, NewGame, Step, check
from companion.engine.apply import GameEnding, game_ending
from companion.engine.authority import may_undo, refusal_for
from companion.engine.journal import Event, EventFilter, Topic, for_seat, for_table, of_topics
from companion.engine.views import TABLE, GameView, SharedParts, Viewer, shared_parts, view_for
from companion.rules import Rules
from companion.store import GameStore, GameSummary, SaveFileError, StoreError
from companion.store.errors import SAVE_FORKED

from .shared_ahead import SharedAhead


@dataclass(frozen=True)
class UndoInfo:
    """The table's undo and redo buttons (seats never undo)."""

    can_undo: bool
    can_redo: bool


@dataclass(frozen=True)
class Feed:
    """What one page is sent after a change."""

    viewer: Viewer
    view: GameView | None
    # The events of the step just executed that this viewer may read (after an undo, what
    # it said aloud; none after redo or opening a game).
    events: tuple[Event, ...]
    undo: UndoInfo | None
    # What the change was: "execute", "undo", "redo", "open", "close".
    change: str = "open"
    # The controller's change counter: a page keeps the newest feed it was given.
    version: int = 0


FeedListener = Callable[[Feed], None]
# A tapping page's viewer, its thread, and the changes held from the other viewers.
_Held = tuple[Viewer, int, list[tuple[tuple[Event, ...], str, int]]]


def event_filter(viewer: Viewer) -> EventFilter:
    """The events a viewer may read: a seat its own and everyone's; the table everyone's;
    a page that has not joined none (it shows the join screen, nothing of the game)."""
    if viewer.kind == "nobody":
        return _no_event
    return for_seat(viewer.seat) if viewer.kind == "seat" else for_table  # type: ignore[arg-type]


def _no_event(_event: Event) -> bool:
    return False


class TableController:
    """One per process: every screen (host and phones) shares it, so they never disagree."""

    def __init__(self, store: GameStore, rules: Rules) -> None:
        self.store = store
        self.rules = rules
        self.session: GameSession | None = None
        self.game_id: str | None = None
        self._listeners: list[tuple[Viewer, FeedListener]] = []
        self._lock = threading.RLock()
        # Views of the current state per viewer: many pages share one viewer.
        self._views: dict[Viewer, GameView] = {}
        # The feed each viewer's pages were last sent (a change that shows them nothing new
        # is not sent).
        self._sent: dict[Viewer, tuple[Feed, str | None]] = {}
        # What every viewer's view of the current state shares (its public part, the judged
        # offers), worked out once per change.
        self._shared: SharedParts | None = None
        self.version = 0
        # While a page answers a tap (`others_after`): that page's viewer, the thread, and
        # the other viewers' news held until the page's answer is out.
        self._holding: _Held | None = None
        # News held by blocks that ended, waiting for the turn their pages asked for.
        self._waiting: list[_Held] = []

    # -- games -------------------------------------------------------------
    def list_games(self) -> list[GameSummary]:
        return self.store.list_games()

    def new_game(self, setup: NewGame, title: str, actor: Viewer = TABLE) -> str:
        _require_table(actor)
        with self._lock:
            session = GameSession.start(setup, self.rules)
            game_id = self.store.create(session, title)
            self.session, self.game_id = session, game_id
            self._forget_views()
        self._notify(list(session.events_at(0)), "execute")
        return game_id

    def open(self, game_id: str, actor: Viewer = TABLE) -> None:
        _require_table(actor)
        with self._lock:
            session = self.store.load(game_id)
            self.session, self.game_id = session, game_id
        self._notify([], "open")

    def resume_latest(self, failed: list[StoreError] | None = None) -> str | None:
        """Reopen the most recent unfinished game, so a restart lands where the table was.
        `failed`: where each game that could not be reopened is noted (a disk full at
        start refuses an intact game), for the start-up's banner."""
        for summary in self.list_games():
            if summary.error_key is None and not summary.is_over:
                try:
                    self.open(summary.game_id)
                except (StoreError, OSError) as exc:
                    if failed is not None and isinstance(exc, StoreError):
                        failed.append(exc)
                    continue  # the next one, so the table still starts
                return summary.game_id
        return None

    def close(self, actor: Viewer = TABLE) -> None:
        _require_table(actor)
        with self._lock:
            self.session, self.game_id = None, None
        self._notify([], "close")

    def delete(self, game_id: str, actor: Viewer = TABLE) -> None:
        _require_table(actor)
        with self._lock:
            self.store.delete(game_id)
            if game_id == self.game_id:
                self.session, self.game_id = None, None
        self._notify([], "close")

    @property
    def state(self) -> GameState | None:
        """The whole state: for the engine's callers (tests, replay, the store), never for a screen."""
        return self.session.state if self.session is not None else None

    @property
    def in_game(self) -> bool:
        return self.session is not None

    # -- what a viewer may see ---------------------------------------------------
    def _forget_views(self) -> None:
        self._views.clear()
        self._shared = None

    def view(self, viewer: Viewer) -> GameView | None:
        """`viewer`'s view of the current game (None without a game, for a seat not in it,
        and for a page that has not joined: it shows the join screen and nothing of the game)."""
        with self._lock:
            if self.session is None or viewer.kind == "nobody":
                return None
            cached = self._views.get(viewer)
            if cached is None:
                if self._shared is None:
                    self._shared = shared_parts(self.session.state, self.rules)
                try:
                    cached = view_for(self.session.state, viewer, self.rules, self._shared)
                except KeyError:
                    return None
                self._views[viewer] = cached
            return cached

    def feed(self, viewer: Viewer, events: tuple[Event, ...] = (), change: str = "open") -> Feed:
        with self._lock:
            undo = None
            if viewer.is_table and self.session is not None:
                undo = UndoInfo(self.session.can_undo, self.session.can_redo)
            visible = event_filter(viewer)
            return Feed(viewer=viewer, view=self.view(viewer), events=tuple(e for e in events if visible(e)),
                        undo=undo, change=change, version=self.version)

    def history(self, viewer: Viewer, *topics: Topic, since: int | None = None,
                limit: int | None = None) -> list[Event]:
        """The journal as `viewer` may read it (only `topics`, if given), newest first;
        empty without a game. A damaged row found on the way moves the game to a new file
        (see `_fork_damaged`) and the history is read from there."""
        visible = event_filter(viewer)
        if topics:
            visible = of_topics(visible, *topics)
        with self._lock:
            if self.session is None:
                return []
            try:
                return self.session.history(visible, since=since, limit=limit)
            except StoreError:
                if not self._damaged():
                    raise
                self._fork_damaged()
                return self.session.history(visible, since=since, limit=limit)

    # -- change ------------------------------------------------------------
    def check(self, command: GameCommand, actor: Viewer = TABLE) -> IllegalCommand | None:
        """Why `actor` may not send `command` now (None: it may). Copies nothing, draws nothing."""
        with self._lock:
            state = self.session.state if self.session is not None else None
            refusal = refusal_for(actor, command, state)
            if refusal is not None:
                return refusal
            if self.session is None:
                return IllegalCommand("error.no_game")
            return check(self.session.state, command, self.rules)

    def game_ending(self, command: GameCommand, actor: Viewer = TABLE) -> GameEnding | None:
        """Whether `command` ends the game now (or may), for a warning before it is sent: a
        command whose outcome is drawn or hidden answers from what everyone can see, and is
        never run ahead (engine.apply.game_ending)."""
        if self.check(command, actor) is not None:
            return None
        with self._lock:
            return game_ending(self.session.state, command, self.rules)  # type: ignore[union-attr]

    def execute(self, command: GameCommand, actor: Viewer = TABLE) -> Step:
        """Apply, make durable, and only then show: a crash never loses an acknowledged command."""
        with self._lock:
            refusal = refusal_for(actor, command, self.session.state if self.session is not None else None)
            if refusal is not None:
                raise refusal
            session, game_id = self._require_game()
            step = session.prepare(command, from_phone=actor.seat if actor.kind == "seat" else None)
            ahead = SharedAhead(step.state, self.rules, actor)
            with self._forking_on_damage():
                self.store.append(game_id, step, meanwhile=ahead.start)
            session.commit(step)
            self._forget_views()
            self._shared = ahead.result()
        self._notify(list(step.events), "execute")
        return step

    @property
    def can_undo(self) -> bool:
        return self.session is not None and self.session.can_undo

    @property
    def can_redo(self) -> bool:
        return self.session is not None and self.session.can_redo

    def undo(self, actor: Viewer = TABLE) -> None:
        self._move_cursor(-1, actor)

    def redo(self, actor: Viewer = TABLE) -> None:
        self._move_cursor(+1, actor)

    def _move_cursor(self, delta: int, actor: Viewer) -> None:
        if not may_undo(actor):
            raise IllegalCommand("error.table_only")
        with self._lock:
            session, game_id = self._require_game()
            if not (session.can_undo if delta < 0 else session.can_redo):
                raise IllegalCommand("error.nothing_to_undo" if delta < 0 else "error.nothing_to_redo")
            # An undone draw of the app is said aloud: a line of the step gone back to,
            # saved with the cursor, and announced on every screen.
            notice, said = (), None
            with self._forking_on_damage():
                session.state_at(session.cursor + delta)  # a state that cannot be read leaves the game where it is
                notice = session.undo_notice() if delta < 0 else ()
                if notice:
                    said = notice + session.events_at(session.cursor - 1)
                    self.store.set_cursor(game_id, session.cursor - 1, events=said)
                else:
                    self.store.set_cursor(game_id, session.cursor + delta)
            if delta < 0:
                session.undo(said or ())
            else:
                session.redo()
            self._forget_views()
        self._notify(list(notice), "undo" if delta < 0 else "redo")

    # -- a file damaged by another program while its game is open ----------------
    def _damaged(self) -> bool:
        return self.game_id is not None and self.store.is_damaged(self.game_id)

    @contextmanager
    def _forking_on_damage(self) -> Iterator[None]:
        """A damaged row found while saving or reading: the game goes on in a new file and
        the table is told (the change it asked for was not made: it taps again)."""
        try:
            yield
        except StoreError:
            if not self._damaged():
                raise
            damaged = self.store.path_of(self.game_id)  # type: ignore[arg-type]
            self._fork_damaged()
            raise SaveFileError(SAVE_FORKED, damaged) from None

    def _fork_damaged(self) -> None:
        """The open game's file was damaged by another program: it would not reopen, so
        nothing more is written to it. Every step played is in memory (the commands; the
        engine is deterministic, so each state and its events are rebuilt from them) and
        goes into a new file under the same title; the damaged file stays as it is, listed
        with its reason. Lock held."""
        old, old_id = self.session, self.game_id
        assert old is not None and old_id is not None
        fresh = GameSession(self.rules, list(old.commands), old.cursor)
        for index in range(len(fresh.commands)):
            fresh.state_at(index)  # rebuilt in order, each from the one before
        self.game_id = self.store.create(fresh, self.store.title_of(old_id))
        self.session = fresh
        self.store.close(old_id)
        self._forget_views()
        self._notify([], "open")

    def _require_game(self) -> tuple[GameSession, str]:
        if self.session is None or self.game_id is None:
            raise IllegalCommand("error.no_game")
        return self.session, self.game_id

    # -- listeners ---------------------------------------------------------
    def subscribe(self, viewer: Viewer, listener: FeedListener) -> Callable[[], None]:
        """`listener` gets `viewer`'s feed after every change, from the changing thread."""
        entry = (viewer, listener)
        with self._lock:
            self._listeners.append(entry)
            # The new page draws what is current: the next change is compared with that.
            self._sent[viewer] = (self.feed(viewer), self.game_id)

        def unsubscribe() -> None:
            with self._lock:
                if entry in self._listeners:
                    self._listeners.remove(entry)

        return unsubscribe

    @contextmanager
    def others_after(self, viewer: Viewer,
                     later: Callable[[Callable[[], None]], None] | None = None) -> Iterator[None]:
        """While a page of `viewer` works out a tap and draws its answer: the changes reach
        that viewer's pages at once and the other viewers' pages after, in the order they
        were made. The tapping page's answer then waits for nobody else's view (one loop
        serves every page). The others hear of it when the block ends, or, with `later`,
        when the release `later` is handed is called (the page's loop's next turn: after
        its answer went out). A change from another thread, or the next block, sends what
        was held first."""
        with self._lock:
            self._release_waiting()
            outer = self._holding is None
            if outer:
                self._holding = (viewer, threading.get_ident(), [])
        try:
            yield
        finally:
            if outer:
                with self._lock:
                    holding, self._holding = self._holding, None
                    if holding is not None and holding[2]:
                        self._waiting.append(holding)
                    waiting = bool(self._waiting)
                if later is None:
                    self._release_later()
                elif waiting:
                    later(self._release_later)

    def _release_later(self) -> None:
        with self._lock:
            self._release_waiting()

    def _release_waiting(self) -> None:
        """The news held by ended blocks, to the viewers it was held from (lock held)."""
        waiting, self._waiting = self._waiting, []
        for holding in waiting:
            self._release(holding)

    def _release_held(self) -> None:
        """What the open block holds so far, to the viewers it was held from (lock held)."""
        holding, self._holding = self._holding, None
        self._release_waiting()
        if holding is not None:
            self._release(holding)

    def _release(self, holding: _Held) -> None:
        acting, _thread, held = holding
        others = [(viewer, listener) for viewer, listener in self._listeners if viewer != acting]
        for events, change, version in held:
            self._send(others, events, change, version)

    def _notify(self, events: list[Event], change: str) -> None:
        """Feeds go out under the lock, so every page receives the changes in the order they
        were made (listeners only hand the feed to their page's loop: they never block)."""
        with self._lock:
            self._release_waiting()
            if self._holding is not None and self._holding[1] != threading.get_ident():
                self._release_held()
            self.version += 1
            if change in ("open", "close"):
                self._forget_views()
            listeners = list(self._listeners)
            if self._holding is not None:
                acting = self._holding[0]
                self._holding[2].append((tuple(events), change, self.version))
                listeners = [(viewer, listener) for viewer, listener in listeners if viewer == acting]
            self._send(listeners, tuple(events), change, self.version)

    def _send(self, listeners: list[tuple[Viewer, FeedListener]], events: tuple[Event, ...], change: str,
              version: int) -> None:
        feeds: dict[Viewer, Feed | None] = {}
        for viewer, listener in listeners:
            if viewer not in feeds:
                feed = self.feed(viewer, events, change)
                if feed.version != version:
                    feed = replace(feed, version=version)
                feeds[viewer] = self._news_for(viewer, feed)
            news = feeds[viewer]
            if news is not None:
                listener(news)

    def _news_for(self, viewer: Viewer, feed: Feed) -> Feed | None:
        """`feed`, or None when it shows its pages nothing new: a command of the same game
        that wrote nothing this viewer may read and left its view as last sent. Such a page
        is sent nothing and does no work (a new game, undo, redo and opening a game always
        go out)."""
        last, last_game = self._sent.get(viewer, (None, None))
        if (feed.change == "execute" and last is not None and last_game == self.game_id and not feed.events
                and feed.undo == last.undo and feed.view == last.view):
            return None
        self._sent[viewer] = (feed, self.game_id)
        return feed


def _require_table(actor: Viewer) -> None:
    if not actor.is_table:
        raise IllegalCommand("error.table_only")
