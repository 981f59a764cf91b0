"""Sending commands from a screen: which buttons are enabled, confirmations, refusals.

A button is enabled exactly when the game would accept its command from this page's
viewer now. The answer comes from the engine's pure check (no copy of the game, no draw),
so deciding costs next to nothing and the UI holds no rule.
"""
from __future__ import annotations

import inspect
from contextlib import contextmanager
from typing import Any, Callable, Iterator, Protocol

import flet as ft

from companion.engine.views import GameEnding, IllegalCommand, command_to_json
from companion.engine.commands import GameCommand
from companion.engine.views import Action

from .. import ids, theme
from ..busy import in_turn
from ..dialogs import confirm, show_message


# What a confirmation adds when the command ends the game, or may (a hidden outcome).
ENDING_KEYS = {GameEnding.ENDS: "ui.confirm.ends_game", GameEnding.MAY_END: "ui.confirm.may_end_game"}


class GatedPage(Protocol):
    """What the gate reads from its page (a UiContext)."""

    page: ft.Page
    texts: Any
    feed: Any
    session: Any

    def attempt(self, action: Callable[[], Any]) -> bool: ...

    def send(self, command: GameCommand) -> bool: ...


class CommandGate:
    """One per render: asks the game once per distinct command."""

    def __init__(self, ctx: GatedPage) -> None:
        self.ctx = ctx
        self._cache: dict[str, IllegalCommand | None] = {}
        self._version = ctx.feed.version if ctx.feed is not None else -1
        # While a kept panel is built: every command it asks about, with the answer.
        self._recorders: list[list[tuple[GameCommand, IllegalCommand | None]]] = []

    def refusal(self, command: GameCommand) -> IllegalCommand | None:
        # A kept panel's handler may hold an older gate: its answers follow the newest feed.
        version = self.ctx.feed.version if self.ctx.feed is not None else -1
        if version != self._version:
            self._cache.clear()
            self._version = version
        key = command_to_json(command)
        if key not in self._cache:
            self._cache[key] = self.ctx.session.check(command)
        answer = self._cache[key]
        for recorder in self._recorders:
            recorder.append((command, answer))
        return answer

    @contextmanager
    def recording(self) -> Iterator[list[tuple[GameCommand, IllegalCommand | None]]]:
        asked: list[tuple[GameCommand, IllegalCommand | None]] = []
        self._recorders.append(asked)
        try:
            yield asked
        finally:
            # By identity: a kept panel inside another records too, and two lists of
            # answers may be equal.
            self._recorders[:] = [recorder for recorder in self._recorders if recorder is not asked]

    # -- sending ---------------------------------------------------------------
    def run(self, command: GameCommand, *, confirm_key: str | None = None, title: str = "",
            confirm_params: dict | None = None) -> None:
        """Execute, asking first when it cannot be taken back or may end the game.

        Whether it may end the game is asked here, for the one command tapped; a command
        whose outcome is drawn or hidden is answered from what everyone can see."""
        ending = self.ctx.session.game_ending(command)
        if confirm_key is None and ending is None:
            self.execute(command)
            return
        t = self.ctx.texts.t
        body = [t(f"ui.confirm.{confirm_key}", **(confirm_params or {}))] if confirm_key else []
        if ending is not None:
            body.append(t(ENDING_KEYS[ending]))
        confirm(
            self.ctx.page,
            self.ctx.texts,
            title=title or t("ui.confirm.title"),
            body="\n\n".join(body),
            on_confirm=lambda: self.execute(command),
        )

    def run_action(self, action: "Action", picked: dict, *, title: str = "", confirm_params: dict | None = None) -> None:
        """Send the feed's `action` with the player's picks, asking its confirmation first."""
        self.run(action.command(**picked), confirm_key=action.confirm, title=title, confirm_params=confirm_params)

    def execute(self, command: GameCommand) -> bool:
        return self.ctx.send(command)

    def explain(self, refusal: IllegalCommand) -> Callable:
        return lambda _e: show_message(self.ctx.page, self.ctx.texts.error(refusal))

    def when_disabled(self, command: GameCommand, send: Callable) -> Callable:
        """A tap on `command`'s button while it looked disabled: checked again at the tap."""

        def tapped(event) -> Iterator[None]:
            refusal = self.ctx.session.check(command)
            if refusal is None:
                yield from _handled(send, event)
            else:
                show_message(self.ctx.page, self.ctx.texts.error(refusal))

        return tapped


def _handled(handler: Callable, event) -> Iterator[None]:
    """`handler(event)` as Flet runs it: a generator handler's steps are this one's."""
    result = handler(event)
    if inspect.isgenerator(result):
        yield from result


TONES = {
    "primary": (theme.BLUE, theme.TEXT),
    "danger": (theme.RED, theme.TEXT),
    "warning": (theme.YELLOW, "#1a1a1a"),
    "normal": (theme.BUTTON, theme.TEXT),
}


def button_style(tone: str = "normal", compact: bool = False) -> ft.ButtonStyle:
    """A button's colours in its tone (kept dimmed while disabled), its shape and padding."""
    bg, fg = TONES[tone]
    return ft.ButtonStyle(
        bgcolor={ft.ControlState.DISABLED: theme.BUTTON_DISABLED, ft.ControlState.DEFAULT: bg},
        color={ft.ControlState.DISABLED: theme.TEXT_MUTED, ft.ControlState.DEFAULT: fg},
        icon_color={ft.ControlState.DISABLED: theme.TEXT_MUTED, ft.ControlState.DEFAULT: fg},
        shape=ft.RoundedRectangleBorder(radius=8),
        padding=ft.Padding.symmetric(horizontal=10 if compact else 14),
    )


def styled_button(label: str, *, icon=None, on_click=None, disabled: bool = False, tone: str = "normal",
                  compact: bool = False) -> ft.Button:
    return ft.Button(
        content=ft.Text(label, size=13 if compact else 15, text_align=ft.TextAlign.CENTER),
        icon=icon,
        on_click=on_click,
        disabled=disabled,
        height=40 if compact else 48,
        style=button_style(tone, compact),
    )


def command_button(
    gate: CommandGate,
    command: GameCommand,
    *,
    label: str,
    icon=None,
    identifier: str | None = None,
    confirm_key: str | None = None,
    confirm_params: dict | None = None,
    tone: str = "normal",
    compact: bool = False,
    on_click: Callable | None = None,
    expand: bool | int | None = None,
) -> ft.Control:
    """A button for `command`; refused now -> disabled, and a tap says why.

    `on_click` replaces the direct send for commands that need a dialog first
    (the dialog's own command is then checked again when it is sent).

    The button sits in the same container whether it is enabled or not, so it keeps its
    place (and its id) on the page when that changes: a tap sent by a page that had not
    yet drawn the change still reaches it. A tap on the disabled button lands on the
    container, which checks the command again then: sent if it has become possible in
    the meantime, else the reason is told.
    """
    refusal = gate.refusal(command)
    send = on_click or (lambda _e: gate.run(command, confirm_key=confirm_key, title=label,
                                            confirm_params=confirm_params))

    def handler(event) -> Iterator[None]:
        # The page's busy bar goes out before the work (busy.in_turn).
        yield from in_turn(gate.ctx.page, lambda: send(event))

    button = styled_button(label, icon=icon, on_click=handler, disabled=refusal is not None, tone=tone,
                           compact=compact)
    control: ft.Control = ft.Container(content=button, on_click=gate.when_disabled(command, handler),
                                       tooltip=gate.ctx.texts.error(refusal) if refusal is not None else None,
                                       border_radius=8)
    if identifier:
        control = ids.tag(identifier, control)
    if expand is not None:
        control = ft.Container(content=control, expand=expand)
    return control
