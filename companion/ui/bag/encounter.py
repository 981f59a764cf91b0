"""The light an encounter is drawn in, the physical bag's "what came out?" picker, and
whether the Event Phase waits for the bag's development."""
from __future__ import annotations

from typing import Any, Callable

import flet as ft

from companion.engine.commands import DevelopBag, EventDevelopBag
from companion.engine.views import Action, Place, PublicView

from .. import ids, theme
from ..context import UiContext
from ..dialogs import Dialog, show_message
from ..i18n_view import Texts
from ..kit.chips import shown_lighting
from ..kit.gate import CommandGate
from .tokens import token_chip
from companion.ui.bag import ids as bag_ids

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
    dialog = Dialog(ctx.page, texts, scrollable=True)

    def report(outcome: dict[str, Any]) -> None:
        newest = ctx.actions.get(action.key)
        chosen = {**picked, OUTCOME: outcome}
        if newest is None or not newest.allows(**chosen):
            show_message(ctx.page, texts.t("error.action_gone"))
            return
        if gate.execute(newest.command(**chosen)) and after is not None:
            after()

    options = [
        ids.tag(bag_ids.outcome(outcome["kind"], outcome["light"], outcome["dark"]), ft.Container(
            content=token_chip(texts, outcome["kind"], outcome["light"], outcome["dark"]),
            bgcolor=theme.SURFACE_HIGH, border=ft.Border.all(1, theme.OUTLINE), border_radius=10,
            padding=ft.Padding.symmetric(horizontal=12, vertical=8), ink=True,
            on_click=dialog.answer(lambda outcome=outcome: report(outcome)),
        ))
        for outcome in action.choices.get(OUTCOME, ())
    ]
    dialog.show(title=title, body=ft.Column([theme.muted(texts.t("ui.bag.outcome.help"), size=14), *options],
                                            tight=True, spacing=8, width=min(420, ctx.width - 80)),
                actions=[dialog.button("ui.common.cancel", ids.CONFIRM_CANCEL)])


# --------------------------------------------------------------------- bag development
def is_development_step(game: PublicView) -> bool:
    """An Event Phase waits at step 10 for the bag development (the engine's command says so)."""
    phase = game.event_phase
    return game.development_command == "event_develop_bag" and phase is not None and not phase.developed


def development_action(ctx: UiContext) -> Action | None:
    """The feed's bag development: the runner's at step 10 of an Event Phase, else the plain one."""
    command = EventDevelopBag if ctx.game.development_command == "event_develop_bag" else DevelopBag
    return ctx.action(command)
