"""What a player's phone shows of their own Victory Check and Contingency tokens, kept
(kit.kept): their result once the table reveals it, their private steps, their tokens."""
from __future__ import annotations

from typing import Callable

import flet as ft

from companion.engine.views import VictoryStep
from companion.engine.views import GameView

from .. import theme
from ..context import UiContext
from ..kit.kept import Card, Changes
from .contingency_panel import OwnTokens
from .private import PrivateVictory
from .summary import verdict_lines


class OwnResult:
    """The player's own line of the result."""

    def __init__(self, changes: Changes) -> None:
        self.changes = changes
        self.head = ft.Text("", size=18, weight=ft.FontWeight.BOLD)
        self.details = ft.Text("", size=14)
        self.card = Card(changes, ft.Column([self.head, self.details], spacing=6))
        self.root = self.card.root

    def show(self, ctx: UiContext, view: GameView) -> None:
        head, details = verdict_lines(ctx.texts, view.public, view.private.seat)  # type: ignore[union-attr]
        self.card.show(ctx.texts.t("ui.victory.step.result"))
        self.changes.put(self.head, value=head)
        self.changes.put(self.details, value=details)


class SeatVictory:
    """The player's result, their Victory Check steps and their tokens; `roots` go into the
    screen's column (`first`: what the player acts on or looks for at the end, above
    everything else on their phone; `tokens`), `show` says whether any of them is there."""

    def __init__(self, changes: Changes, ctx_of: Callable[[], UiContext]) -> None:
        self.changes = changes
        self.ctx_of = ctx_of
        self.result = OwnResult(changes)
        self.steps = PrivateVictory(changes, ctx_of)
        self.tokens = OwnTokens(changes, ctx_of)
        self.first = [self.result.root, self.steps.root]
        self.roots = [*self.first, self.tokens.root]

    def show(self, view: GameView | None) -> bool:
        private = view.private if view is not None else None
        victory = view.public.victory if view is not None else None
        result = private is not None and victory is not None and victory.step is VictoryStep.RESULT
        self.changes.put(self.result.root, visible=result)
        if result:
            self.result.show(self.ctx_of(), view)  # type: ignore[arg-type]
        steps = self.steps.show(view if private is not None else None)
        tokens = self.tokens.show(view if private is not None else None)
        return result or steps or tokens


def build_seat_parts(ctx: UiContext, view: GameView | None) -> list[ft.Control]:
    """The same, built and shown from `ctx` (for tests and tools)."""
    part = SeatVictory(Changes(), lambda: ctx)
    part.show(view)
    return [ft.Column(part.roots, spacing=theme.GAP)] if any(root.visible is not False for root in part.roots) else []
