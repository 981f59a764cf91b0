"""Handing the shared device to one player for their private steps (their Contingency
tokens, their Contamination check, their objective) when no phone holds their seat.

The table's own view never holds a player's secrets: while the player holds the device,
their part is drawn from their seat's view; handing it back forgets what was shown."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import flet as ft

from companion.engine.views import GameView, seat_viewer

from .. import ids, theme
from ..context import UiContext
from ..kit.gate import styled_button

KEPT = "victory_handoff"
# Page-local drafts and reveals of a player's private steps, forgotten on hand-back.
PRIVATE_KEYS = ("victory_draft", "victory_cards", "contingency_draft")


@dataclass
class Handoff:
    seat: int | None = None
    # "contingency" (tokens during the game) or "victory" (the Victory Check's steps).
    purpose: str = ""
    holding: bool = False


def handoff_of(ctx: UiContext) -> Handoff:
    return ctx.kept(KEPT, Handoff)


def hand_to(ctx: UiContext, seat: int, purpose: str, *, curtain: bool = True) -> None:
    handoff = handoff_of(ctx)
    handoff.seat, handoff.purpose, handoff.holding = seat, purpose, not curtain
    ctx.rerender()


def hand_back(ctx: UiContext) -> None:
    handoff = handoff_of(ctx)
    handoff.seat, handoff.purpose, handoff.holding = None, "", False
    for key in list(ctx.extras):
        if isinstance(key, tuple) and key[0] in PRIVATE_KEYS:
            del ctx.extras[key]
    ctx.rerender()


def phones(ctx: UiContext) -> frozenset[int]:
    """Seats whose private steps go to a phone (none without hosting)."""
    seating = ctx.extras.get("seating")
    return seating.seats_with_phone() if seating is not None else frozenset()


def seat_view(ctx: UiContext, seat: int) -> GameView | None:
    return ctx.controller.view(seat_viewer(seat))


def handoff_body(ctx: UiContext, purpose: str,
                 private: Callable[[GameView], list[ft.Control]]) -> list[ft.Control] | None:
    """The curtain ("hand the device to …") or the player's private part; None when the
    device is not handed over for `purpose`."""
    t = ctx.texts.t
    handoff = handoff_of(ctx)
    if handoff.seat is None or handoff.purpose != purpose:
        return None
    try:
        member = ctx.game.member(handoff.seat)
    except KeyError:
        handoff.seat = None
        return None
    if not handoff.holding:
        def take(_e) -> None:
            handoff.holding = True
            ctx.rerender()

        return [theme.card(ft.Column([
            ft.Icon(ft.Icons.SEND_TO_MOBILE, size=56, color=theme.YELLOW),
            ft.Text(t("ui.victory.handoff.give", name=member.name), size=22, weight=ft.FontWeight.BOLD,
                    text_align=ft.TextAlign.CENTER),
            ft.Text(t("ui.victory.handoff.give_help"), size=15, text_align=ft.TextAlign.CENTER),
            ids.tag(ids.VICTORY_HANDOFF_TAKE, styled_button(t("ui.victory.handoff.take", name=member.name),
                                                            icon=ft.Icons.LOCK_OPEN, tone="primary",
                                                            on_click=take)),
            ft.TextButton(content=t("ui.common.cancel"), on_click=lambda _e: hand_back(ctx)),
        ], spacing=14, horizontal_alignment=ft.CrossAxisAlignment.CENTER))]
    view = seat_view(ctx, handoff.seat)
    parts = private(view) if view is not None else []
    done = ids.tag(ids.VICTORY_HANDOFF_DONE, styled_button(t("ui.victory.handoff.done"), icon=ft.Icons.VISIBILITY_OFF,
                                                           tone="warning", on_click=lambda _e: hand_back(ctx)))
    return [ft.Text(t("ui.victory.handoff.holding", name=member.name), size=18, weight=ft.FontWeight.BOLD),
            *parts, done]
