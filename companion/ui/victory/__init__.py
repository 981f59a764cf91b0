"""Contingency tokens and the Victory Check: the table's walkthrough (route "victory"),
its entry, and each player's private part for their phone (`build_seat_parts`)."""
from __future__ import annotations

import flet as ft

from companion.engine.victory_model import VictoryStep
from companion.engine.views import GameView

from .. import theme
from ..context import UiContext
from .contingency_panel import build_own_tokens
from .private import build_private_victory
from .screen import VICTORY_SCREEN, build_victory_entry, build_victory_screen
from .setup_part import contingency_picker
from .summary import verdict_lines

__all__ = ["VICTORY_SCREEN", "build_victory_screen", "build_victory_entry", "build_seat_parts", "contingency_picker"]


def build_seat_parts(ctx: UiContext, view: GameView | None) -> list[ft.Control]:
    """What a player's phone shows of their own: their tokens, their Victory Check steps,
    and their result once the table reveals it."""
    if view is None or view.private is None:
        return []
    parts: list[ft.Control] = []
    victory = view.public.victory
    if victory is not None and victory.step is VictoryStep.RESULT:
        head, details = verdict_lines(ctx.texts, view.public, view.private.seat)
        parts.append(theme.card(ft.Column([ft.Text(head, size=18, weight=ft.FontWeight.BOLD),
                                           ft.Text(details, size=14)], spacing=6),
                                title=ctx.texts.t("ui.victory.step.result")))
    return parts + build_private_victory(ctx, view) + build_own_tokens(ctx, view)
