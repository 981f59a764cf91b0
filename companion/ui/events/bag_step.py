"""Step 10 of the runner: bag development offered directly (`event_develop_bag`), then
what came out of the bag.

The Intruder bag screen's components do the rest: its outcome picker (a physical bag),
its large token view, and its question prompter, which the shell opens on every screen
while the bag waits for an answer (the Queen in the Nest, the Adults retreating). So the
runner never sends the table elsewhere and nothing is asked twice.
"""
from __future__ import annotations

import flet as ft

from companion.engine.commands import EventDevelopBag

from .. import ids, theme
from ..bag.encounter import open_outcome_dialog, probe_outcome
from ..bag.reveal import build_reveal
from ..context import UiContext
from ..table.commands import CommandGate, command_button
from .widgets import note


def numbers_unconfirmed(ctx: UiContext) -> bool:
    return any(spec.is_unconfirmed("light") or spec.is_unconfirmed("dark")
               for spec in ctx.controller.rules.intruders.tokens)


def build_development_step(ctx: UiContext, gate: CommandGate) -> list[ft.Control]:
    """Step 10's body: the development button, then the token that came out and any question."""
    t = ctx.texts.t
    state = ctx.controller.state
    phase = state.event_phase
    if phase is not None and not phase.developed:
        physical = state.bag.physical_bag
        on_click = None
        if physical:
            def on_click(_e) -> None:
                open_outcome_dialog(gate, t("ui.events.bag.report_title"),
                                    lambda outcome: EventDevelopBag(outcome=outcome))
        return [
            theme.muted(t("ui.events.bag.physical_help" if physical else "ui.events.bag.digital_help"), size=14),
            command_button(gate, EventDevelopBag(outcome=probe_outcome(state)),
                           label=t("ui.events.bag.report" if physical else "ui.events.bag.develop"),
                           icon=ft.Icons.AUTORENEW, identifier=ids.EVENT_DEVELOP_BAG, tone="warning",
                           on_click=on_click),
        ]
    rows: list[ft.Control] = [build_reveal(ctx.texts, state, numbers_unconfirmed=numbers_unconfirmed(ctx),
                                           large=not ctx.is_phone)]
    if state.bag.awaiting is not None:
        rows.append(note(t("ui.events.bag.question_open"), icon=ft.Icons.HELP_OUTLINE))
    return rows
