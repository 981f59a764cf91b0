"""The Event Phase runner, attack and injury-check screens, and the deck screen, each kept
(kit.kept): `SCREENS` by route name (companion/ui/screens.py hosts them).

The table screen shows `build_events_panel` (start or resume the phase, attack, injury
check, decks).
"""
from __future__ import annotations

import flet as ft

from companion.engine.commands import StartEventPhase

from .. import ids, theme
from ..context import UiContext
from ..kit.gate import CommandGate, command_button, styled_button
from ..kit.kept import KeptScreen, shown_root
from .attack import AttackScreen
from .deck_screen import DeckScreen
from .draft import ATTACK, DECKS, INJURY, RUNNER, TABLE, is_events_screen, open_screen
from .injury import InjuryScreen
from .runner import RunnerScreen

__all__ = ["SCREENS", "build_events_screen", "build_events_panel", "is_events_screen", "open_screen", "RUNNER",
           "ATTACK", "INJURY", "DECKS", "TABLE"]

SCREENS: dict[str, type[KeptScreen]] = {
    RUNNER: RunnerScreen,
    ATTACK: AttackScreen,
    INJURY: InjuryScreen,
    DECKS: DeckScreen,
}


def build_events_screen(ctx: UiContext, screen: str) -> ft.Control:
    """One of these screens built and shown from `ctx`'s current view (for tests and tools;
    a page keeps one of each and shows it again)."""
    return shown_root(SCREENS[screen](ctx))


def build_events_panel(gate: CommandGate) -> ft.Control:
    """The table screen's entry points: the Event Phase (start or resume), attacks,
    injury checks and the decks."""
    ctx = gate.ctx
    t = ctx.texts.t
    game = ctx.game
    phase = game.event_phase
    buttons: list[ft.Control] = []
    if not game.is_over:
        if phase is None:
            def start(_e) -> None:
                if gate.execute(StartEventPhase()):
                    open_screen(ctx, RUNNER)

            buttons.append(command_button(gate, StartEventPhase(), label=t("ui.events.panel.start"),
                                          icon=ft.Icons.PLAY_ARROW, identifier=ids.EVENT_PHASE, tone="primary",
                                          on_click=start))
            status = t("ui.events.panel.idle")
        else:
            name = t(phase.step.key)
            buttons.append(ids.tag(ids.EVENT_PHASE, styled_button(
                t("ui.events.panel.resume", step=int(phase.step), name=name), icon=ft.Icons.PLAY_ARROW,
                tone="warning", on_click=lambda _e: open_screen(ctx, RUNNER))))
            status = t("ui.events.panel.in_progress", step=int(phase.step), name=name)
        buttons += [
            ids.tag(ids.ATTACK, styled_button(t("ui.events.panel.attack"), icon=ft.Icons.PEST_CONTROL, tone="danger",
                                               on_click=lambda _e: open_screen(ctx, ATTACK))),
            ids.tag(ids.INJURY_CHECK, styled_button(t("ui.events.panel.injury"), icon=ft.Icons.HEALING,
                                                     on_click=lambda _e: open_screen(ctx, INJURY))),
        ]
    else:
        status = t("ui.events.over")
    buttons.append(ids.tag(ids.DECKS, styled_button(t("ui.events.panel.decks"), icon=ft.Icons.LAYERS,
                                                     on_click=lambda _e: open_screen(ctx, DECKS))))
    body = ft.Column([theme.muted(status, size=14), ft.Row(buttons, wrap=True, spacing=8, run_spacing=8)],
                     spacing=8)
    return theme.card(body, title=t("ui.events.panel.title"))
