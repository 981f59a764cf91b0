"""Sending what a player tapped, asking first when the action says so; the buttons' tones.

Whether a button is enabled comes from the feed's actions (the engine's answer, kit.kept.OfferButton),
so the UI holds no rule.
"""
from __future__ import annotations

from typing import Any, Protocol

import flet as ft

from companion.engine.commands import GameCommand
from companion.engine.views import Action, GameEnding

from .. import theme
from ..dialogs import confirm as ask


# What a confirmation adds when the command ends the game, or may (a hidden outcome).
ENDING_KEYS = {GameEnding.ENDS: "ui.confirm.ends_game", GameEnding.MAY_END: "ui.confirm.may_end_game"}


class GatedPage(Protocol):
    """What the gate reads from its page (a UiContext)."""

    page: ft.Page
    texts: Any
    session: Any

    def send(self, command: GameCommand) -> bool: ...


class CommandGate:
    """How a page sends what a player tapped: the action's confirmation first, when it has one."""

    def __init__(self, ctx: GatedPage) -> None:
        self.ctx = ctx

    def run(self, command: GameCommand, *, confirm: str | None = None, title: str = "",
            confirm_params: dict | None = None) -> None:
        """Execute, asking first when the action says so (`confirm`: its confirmation's key)
        or when it may end the game.

        Whether it may end the game is asked here, for the one command tapped; a command
        whose outcome is drawn or hidden is answered from what everyone can see."""
        ending = self.ctx.session.game_ending(command)
        if confirm is None and ending is None:
            self.execute(command)
            return
        t = self.ctx.texts.t
        body = [t(f"ui.confirm.{confirm}", **(confirm_params or {}))] if confirm else []
        if ending is not None:
            body.append(t(ENDING_KEYS[ending]))
        ask(
            self.ctx.page,
            self.ctx.texts,
            title=title or t("ui.confirm.title"),
            body="\n\n".join(body),
            on_confirm=lambda: self.execute(command),
        )

    def run_action(self, action: Action, picked: dict, *, title: str = "", confirm_params: dict | None = None) -> None:
        """Send the feed's `action` with the player's picks, asking its confirmation first."""
        self.run(action.command(**picked), confirm=action.confirm, title=title, confirm_params=confirm_params)

    def execute(self, command: GameCommand) -> bool:
        return self.ctx.send(command)


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
