"""The table screen's way into the Event Phase (start or resume), attacks, injury checks
and the decks. Kept (kit.kept)."""
from __future__ import annotations

import flet as ft

from companion.engine.commands import StartEventPhase

from .. import theme
from ..dialogs import show_message
from ..events.draft import ATTACK, DECKS, INJURY, RUNNER, open_screen
from ..kit.kept import ActionButton, Card, KeptScreen, OfferButton
from companion.ui.events import ids as events_ids


class EventsPanel:
    def __init__(self, screen: KeptScreen) -> None:
        self.screen = screen
        changes, page = screen.changes, screen.page
        go = lambda name: lambda: open_screen(screen.ctx, name)  # noqa: E731
        self.status = theme.muted("", size=14)
        # Start and resume carry the same identifier: one of them is on the page at a time.
        self.start = OfferButton(changes, events_ids.EVENT_PHASE, icon=ft.Icons.PLAY_ARROW, gate_of=screen.gate,
                                   page_of=page, tone="primary", on_tap=self._start)
        self.resume = ActionButton(changes, events_ids.EVENT_PHASE, icon=ft.Icons.PLAY_ARROW, tone="warning", page_of=page,
                                   on_tap=go(RUNNER))
        self.attack = ActionButton(changes, events_ids.ATTACK, icon=ft.Icons.PEST_CONTROL, tone="danger", page_of=page,
                                   on_tap=go(ATTACK))
        self.injury = ActionButton(changes, events_ids.INJURY_CHECK, icon=ft.Icons.HEALING, page_of=page, on_tap=go(INJURY))
        self.decks = ActionButton(changes, events_ids.DECKS, icon=ft.Icons.LAYERS, page_of=page, on_tap=go(DECKS))
        buttons = [self.start.root, self.resume.root, self.attack.root, self.injury.root, self.decks.root]
        self.row = ft.Row(buttons, wrap=True, spacing=8, run_spacing=8)
        self.card = Card(changes, ft.Column([self.status, self.row], spacing=8))
        self.root = self.card.root

    def _start(self) -> None:
        ctx = self.screen.ctx
        action = ctx.action(StartEventPhase)
        if action is None:
            show_message(ctx.page, ctx.texts.t("error.action_gone"))
        elif self.screen.gate().execute(action.command()):
            open_screen(ctx, RUNNER)

    def inputs(self) -> tuple:
        """What `show` reads besides the actions it looks up (KeptScreen.show_part)."""
        game = self.screen.ctx.game
        return game.event_phase, game.is_over

    def show(self) -> None:
        ctx, put = self.screen.ctx, self.screen.changes.put
        t, game = ctx.texts.t, ctx.game
        self.card.show(t("ui.events.panel.title"))
        phase = game.event_phase
        running = not game.is_over
        if not running:
            status = t("ui.events.over")
        elif phase is None:
            status = t("ui.events.panel.idle")
        else:
            status = t("ui.events.panel.in_progress", step=int(phase.step), name=t(phase.step.key))
        put(self.status, value=status)
        self.start.show_action(ctx.action(StartEventPhase), t("ui.events.panel.start"),
                               visible=running and phase is None)
        self.resume.show(label=t("ui.events.panel.resume", step=int(phase.step), name=t(phase.step.key))
                         if phase is not None else "", refused=None, visible=running and phase is not None)
        self.attack.show(t("ui.events.panel.attack"), refused=None, visible=running)
        self.injury.show(t("ui.events.panel.injury"), refused=None, visible=running)
        self.decks.show(t("ui.events.panel.decks"), refused=None)
