"""The Scanner on the shared device, for a player without a phone: the table hands the
device over, the player opens their own Scanner, and when they hand it back their
results are hidden again. The table's own screens never show them."""
from __future__ import annotations

from dataclasses import dataclass

import flet as ft

from companion.engine import Whereabouts
from companion.engine.views import seat_viewer

from .. import ids, theme
from ..context import UiContext
from ..routes import SCANNER, TABLE
from ..kit.chips import chips, choice_chip
from ..kit.gate import styled_button
from .panel import build_scanner_parts

KEPT = "scanner_handover"


@dataclass
class Handover:
    seat: int | None = None
    # The player holds the device: their Scanner is on screen.
    holding: bool = False


def handover_of(ctx: UiContext) -> Handover:
    return ctx.kept(KEPT, Handover)


def open_scanner_for(ctx: UiContext, seat: int) -> None:
    """From the table: hand the device to `seat`'s player."""
    handover = handover_of(ctx)
    handover.seat, handover.holding = seat, False
    ctx.navigate(SCANNER)


def _hide(ctx: UiContext) -> None:
    """Hand the device back: nothing of the player's stays on screen or in memory."""
    handover = handover_of(ctx)
    handover.seat, handover.holding = None, False
    for key in ("scanner_film", "scanner_draft"):
        ctx.extras.pop(key, None)


def build_handover_screen(ctx: UiContext) -> ft.Control:
    t = ctx.texts.t
    game = ctx.game
    handover = handover_of(ctx)
    seats = [member.seat for member in game.crew if member.whereabouts is not Whereabouts.DEAD]
    if handover.seat not in seats:
        handover.seat, handover.holding = None, False

    def leave(_e) -> None:
        _hide(ctx)
        ctx.navigate(TABLE)

    def pick(seat: int) -> None:
        handover.seat, handover.holding = seat, False
        ctx.rerender()

    def take(_e) -> None:
        handover.holding = True
        ctx.rerender()

    back = ids.tag(ids.HANDOVER_BACK, ft.TextButton(content=t("ui.common.back"), icon=ft.Icons.ARROW_BACK,
                                                    on_click=leave))
    body: list[ft.Control]
    if handover.seat is None:
        options = [choice_chip(member.name, sublabel=ctx.texts.character(member.character), selected=False,
                               on_click=lambda _e, seat=member.seat: pick(seat),
                               identifier=ids.handover_seat(member.seat), icon=ft.Icons.PERSON)
                   for member in game.crew if member.seat in seats]
        body = [theme.card(ft.Column([theme.muted(t("ui.handover.pick_help"), size=15), chips(options)], spacing=10),
                           title=t("ui.handover.pick"))]
    elif not handover.holding:
        member = game.member(handover.seat)
        body = [theme.card(ft.Column([
            ft.Icon(ft.Icons.SEND_TO_MOBILE, size=64, color=theme.YELLOW),
            ft.Text(t("ui.handover.give", name=member.name), size=24, weight=ft.FontWeight.BOLD,
                    text_align=ft.TextAlign.CENTER),
            ft.Text(t("ui.handover.give_help"), size=16, text_align=ft.TextAlign.CENTER),
            ids.tag(ids.HANDOVER_TAKE, styled_button(t("ui.handover.take", name=member.name), icon=ft.Icons.LOCK_OPEN,
                                                     on_click=take, tone="primary")),
        ], spacing=16, horizontal_alignment=ft.CrossAxisAlignment.CENTER))]
    else:
        member = game.member(handover.seat)
        view = ctx.controller.view(seat_viewer(handover.seat))
        done = ids.tag(ids.HANDOVER_DONE, styled_button(t("ui.handover.done"), icon=ft.Icons.VISIBILITY_OFF,
                                                        on_click=leave, tone="warning"))
        body = [ft.Text(t("ui.handover.holding", name=member.name), size=20, weight=ft.FontWeight.BOLD),
                *build_scanner_parts(ctx, view), done]
    return ids.tag(ids.HANDOVER_SCREEN, ft.Column(
        [back, *body], spacing=theme.GAP, horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
        width=min(ctx.width - 2 * theme.PAGE_PADDING, theme.FORM_MAX_WIDTH)))
