"""The light an encounter is drawn in, the physical bag's "what came out?" picker, and
whether the Event Phase waits for the bag's development."""
from __future__ import annotations

from typing import Any, Callable, Iterator

import flet as ft

from companion.engine.commands import DevelopBag, EventDevelopBag
from companion.engine.views import Action, Place, PublicView

from .. import ids, theme
from ..busy import in_turn
from ..context import UiContext
from ..dialogs import close, dialog_button, show_dialog, show_message
from ..i18n_view import Texts
from ..kit.chips import shown_lighting
from ..kit.gate import CommandGate
from .tokens import token_chip

# The argument of a draw a physical bag's table picks: the token that came out.
OUTCOME = "outcome"


def lighting_text(texts: Texts, game: PublicView, place: Place, ignore_darkness: bool = False) -> str:
    """Which number of a token applies at `place`, as the engine says."""
    lighting = shown_lighting(game, place, ignore_darkness)
    return texts.t(f"ui.bag.encounter.{lighting.value}", section=place.value)


# --------------------------------------------------------------------- physical bag
def open_outcome_dialog(gate: CommandGate, title: str, action: Action, picked: dict[str, Any],
                        *, after: Callable[[], None] | None = None) -> None:
    """Ask the table which token came out (only what can still be in the bag, as `action`
    offers it), then send the newest feed's `action` with `picked` and that outcome;
    `after` runs once it was accepted."""
    ctx = gate.ctx
    texts = ctx.texts
    dialog = ft.AlertDialog(modal=True, scrollable=True)

    def report(outcome: dict[str, Any]) -> None:
        newest = ctx.actions.get(action.key)
        chosen = {**picked, OUTCOME: outcome}
        if newest is None or not newest.allows(**chosen):
            show_message(ctx.page, texts.t("error.action_gone"))
            return
        if gate.execute(newest.command(**chosen)) and after is not None:
            after()

    def picked_outcome(outcome: dict[str, Any]) -> Callable:
        def handler(_e) -> Iterator[None]:
            close(ctx.page, dialog)
            yield from in_turn(ctx.page, lambda: report(outcome))

        return handler

    options = [
        ids.tag(ids.outcome(outcome["kind"], outcome["light"], outcome["dark"]), ft.Container(
            content=token_chip(texts, outcome["kind"], outcome["light"], outcome["dark"]),
            bgcolor=theme.SURFACE_HIGH, border=ft.Border.all(1, theme.OUTLINE), border_radius=10,
            padding=ft.Padding.symmetric(horizontal=12, vertical=8), on_click=picked_outcome(outcome), ink=True,
        ))
        for outcome in action.choices.get(OUTCOME, ())
    ]
    dialog.title = ft.Text(title, size=20, weight=ft.FontWeight.BOLD)
    dialog.content = ft.Column([theme.muted(texts.t("ui.bag.outcome.help"), size=14), *options], tight=True,
                               spacing=8, width=min(420, ctx.width - 80))
    dialog.actions = [dialog_button(texts, "ui.common.cancel", ids.CONFIRM_CANCEL, lambda _e: close(ctx.page, dialog))]
    show_dialog(ctx.page, dialog)


# --------------------------------------------------------------------- bag development
def is_development_step(game: PublicView) -> bool:
    """An Event Phase waits at step 10 for the bag development (the engine's command says so)."""
    phase = game.event_phase
    return game.development_command == "event_develop_bag" and phase is not None and not phase.developed


def development_action(ctx: UiContext) -> Action | None:
    """The feed's bag development: the runner's at step 10 of an Event Phase, else the plain one."""
    command = EventDevelopBag if ctx.game.development_command == "event_develop_bag" else DevelopBag
    return ctx.action(command)
