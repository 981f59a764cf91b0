"""What every view of one page needs: the page, its session (the game as this page's own
viewer sees it: ui never holds the controller), the feed it was last sent, the language,
the layout."""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, Callable, NamedTuple, TypeVar

import flet as ft

from companion.engine.views import IllegalCommand
from companion.engine.commands import GameCommand
from companion.engine.views import Action, Actions, GameView, PublicView, Viewer
from companion.seats.page_session import Feed, PageSession

from . import theme
from .busy import tap_under_way
from .dialogs import show_message
from .i18n_view import Texts
from .kit.gate import CommandGate

T = TypeVar("T")


class Lookup(NamedTuple):
    """An action a part looked up while it was shown (`command` None: all of them), and what it found."""

    command: type[GameCommand] | None
    fixed: dict[str, Any]
    found: Any


@dataclass
class UiContext:
    page: ft.Page
    # The game as this page's viewer sees it; the only way to the game a screen has.
    session: PageSession
    texts: Texts
    # Screen-local navigation (a screen name; the shell keeps the page's route in step).
    navigate: Callable[[str], None]
    rerender: Callable[[], None]
    width: float = 1280
    extras: dict[str, Any] = field(default_factory=dict)
    # The newest feed the controller sent this page.
    feed: Feed | None = None
    # The actions looked up by the parts being shown now (KeptScreen.show_part), innermost last.
    lookups: list[list[Lookup]] = field(default_factory=list, init=False, repr=False, compare=False)

    @property
    def viewer(self) -> Viewer:
        return self.session.viewer

    @property
    def view(self) -> GameView | None:
        return self.feed.view if self.feed is not None else None

    @property
    def in_game(self) -> bool:
        return self.view is not None

    @property
    def game(self) -> PublicView:
        """The public side of the game this page shows (screens render from it only)."""
        view = self.view
        if view is None:
            raise RuntimeError("no game on this page")
        return view.public

    @property
    def actions(self) -> Actions:
        """What this page's viewer may do now, from its newest feed (nothing without a game)."""
        actions = self._actions_now()
        for recording in self.lookups:  # a part that reads them all is shown again on every feed
            recording.append(Lookup(None, {}, actions))
        return actions

    def action(self, command: type[GameCommand], **fixed: Any) -> Action | None:
        """The action of `command` with these fixed arguments, if the feed offers it."""
        found = self._actions_now().find(command, **fixed)
        for recording in self.lookups:
            recording.append(Lookup(command, fixed, found))
        return found

    def _actions_now(self) -> Actions:
        view = self.view
        return view.actions if view is not None else Actions()

    def finds_as_before(self, lookups: tuple[Lookup, ...]) -> bool:
        """Whether each of these lookups finds now what it found then."""
        actions = self._actions_now()
        return all(actions is lookup.found if lookup.command is None
                   else actions.find(lookup.command, **lookup.fixed) == lookup.found for lookup in lookups)

    def shown_context(self) -> tuple:
        """What every part of a screen reads besides its own inputs: a change here shows
        every part again."""
        return (self.texts.lang, self.width, getattr(self.page, "height", None), self.viewer,
                id(self.session.rules))

    def take(self, feed: Feed) -> bool:
        """Keep `feed` if it is newer than the one held; True when it was kept."""
        if self.feed is not None and feed.version < self.feed.version:
            return False
        self.feed = feed
        if feed.view is not None:
            self.texts.players = {member.seat: member.name for member in feed.view.public.crew}
        return True

    def follow(self) -> Callable[[], None]:
        """Take this page's feed now and after every change (synchronously: for tests and
        tools; a live page takes feeds on its own loop)."""
        self.take(self.session.feed())
        return self.session.subscribe(self.take)

    def gate(self) -> "CommandGate":
        """How this page sends what its viewer tapped (confirmations first)."""
        return CommandGate(self)

    def handed_to(self, seat: int) -> "UiContext":
        """This page handed to `seat`'s player for their private steps: the same page,
        language and drafts, with that player's session and feed. Refused (IllegalCommand)
        for a seat a phone holds, and from any page but the table."""
        session = self.session.hand_over(seat)
        return dataclasses.replace(self, session=session, feed=session.feed())

    @property
    def is_phone(self) -> bool:
        return self.width < theme.PHONE_MAX_WIDTH

    @property
    def is_wide(self) -> bool:
        return self.width >= theme.WIDE_MIN_WIDTH

    def kept(self, key: str, make: Callable[[], T]) -> T:
        """A per-page object kept in `extras` across re-renders, made on first use."""
        value = self.extras.get(key)
        if value is None:
            value = self.extras[key] = make()
        return value

    def send(self, command: GameCommand) -> bool:
        """Run `command` for the tap whose work runs now; a refusal becomes a message."""
        return self.attempt(lambda: self.session.execute(command, tap=tap_under_way(self.page)))

    def attempt(self, action: Callable[[], Any]) -> bool:
        """Run a call to the game; a refusal becomes a localised message, never a crash."""
        try:
            action()
        except IllegalCommand as exc:
            show_message(self.page, self.texts.error(exc))
            return False
        except ValueError as exc:  # SaveFileError and friends carry a locale key too
            if isinstance(getattr(exc, "key", None), str):
                show_message(self.page, self.texts.error(exc))
                return False
            raise
        return True
