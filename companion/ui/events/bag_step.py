"""Step 10 of the runner: the bag develops on entering the step (a physical bag asks what
came out), then what came out of the bag.

The Intruder bag screen's components do the rest: its draw button, its large token
view, its encounter form (a Noise roll may bring an encounter, drawn right here) and its
question prompter, which the shell opens on every screen while the bag waits for an
answer (the Queen in the Nest, the Adults retreating). So the runner never sends the
table elsewhere and nothing is asked twice.
"""
from __future__ import annotations

import flet as ft

from companion.engine.bag_model import DrawPurpose, DrawResult
from companion.engine.views import PublicView

from .. import ids, theme
from ..bag.encounter import build_encounter_form, draw_button
from ..bag.reveal import build_reveal
from ..context import UiContext
from ..kit.gate import CommandGate
from .draft import RUNNER
from .widgets import note


def encounters_may_follow(game: PublicView) -> bool:
    """The development drew a token that makes the Characters roll for Noise (or such a
    roll already brought an encounter): more encounters may come in this step."""
    draw = game.bag.last_draw
    if draw is None or game.bag.awaiting is not None:
        return False
    if draw.purpose is DrawPurpose.DEVELOPMENT:
        return draw.result is DrawResult.NOISE_ROLL
    return draw.purpose is DrawPurpose.ENCOUNTER


def build_development_step(ctx: UiContext, gate: CommandGate) -> list[ft.Control]:
    """Step 10's body: the development button, then the token that came out and any question."""
    t = ctx.texts.t
    game = ctx.game
    phase = game.event_phase
    if phase is not None and not phase.developed:
        physical = game.bag.physical_bag
        return [
            theme.muted(t("ui.events.bag.physical_help" if physical else "ui.events.bag.digital_help"), size=14),
            # The command is read again when the outcome is picked: the newest view's.
            draw_button(gate, game.develop(), make=lambda outcome: ctx.game.develop(outcome),
                        label=t("ui.events.bag.report" if physical else "ui.events.bag.develop"),
                        icon=ft.Icons.AUTORENEW, identifier=ids.EVENT_DEVELOP_BAG,
                        title=t("ui.events.bag.report_title"), tone="warning"),
        ]
    reveal = build_reveal(ctx, large=not ctx.is_phone, back_to=RUNNER)
    if game.bag.awaiting is not None:
        return [reveal, note(t("ui.events.bag.question_open"), icon=ft.Icons.HELP_OUTLINE)]
    if not encounters_may_follow(game) or game.is_over:
        return [reveal]
    form = [note(t("ui.events.bag.noise_encounter"), icon=ft.Icons.HEARING), build_encounter_form(gate)]
    # An encounter's token goes right under the form that drew it, as on the bag screen.
    return [*form, reveal] if game.bag.last_draw.purpose is DrawPurpose.ENCOUNTER else [reveal, *form]
