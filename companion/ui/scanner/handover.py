"""The Scanner on the shared device, for a player without a phone: the table hands the
device over (kit.handoff), the player opens their own Scanner, and when they hand it back
their results are hidden again. The table's own screens never show them, and a player
whose phone holds their seat scans there only."""
from __future__ import annotations

import flet as ft

from companion.engine import Whereabouts

from .. import ids, theme
from ..context import UiContext
from ..kit.chips import chips, choice_chip
from ..kit.handoff import SCANNER, hand_back, hand_to, handoff_body, handoff_of, may_hand_to
from ..routes import RUNNER, SCANNER as SCANNER_SCREEN, TABLE
from .panel import build_scanner_parts, draft_of


def open_scanner_for(ctx: UiContext, seat: int, *, back_to: str = TABLE) -> None:
    """From the table: hand the device to `seat`'s player for their Scanner."""
    hand_to(ctx, seat, SCANNER, back_to=back_to)
    ctx.navigate(SCANNER_SCREEN)


def seats_with_phone(ctx: UiContext) -> frozenset[int]:
    """Seats whose private steps go to a phone."""
    return frozenset(member.seat for member in ctx.game.crew if not may_hand_to(ctx, member.seat))


def scan_on_this_device(ctx: UiContext, seat: int) -> None:
    """Leaving the Shell for a player without a phone: this device, handed to them, with
    the card's scan chosen; back to the Event Phase after."""
    draft_of(ctx, seat).prompted_by_event = False  # the Scanner chooses the event's scan
    open_scanner_for(ctx, seat, back_to=RUNNER)


def _offered(ctx: UiContext) -> list[int]:
    """Living players this device may be handed to (no phone holds their seat)."""
    return [member.seat for member in ctx.game.crew
            if member.whereabouts is not Whereabouts.DEAD and may_hand_to(ctx, member.seat)]


def build_handover_screen(ctx: UiContext) -> ft.Control:
    t = ctx.texts.t
    handoff = handoff_of(ctx)
    if handoff.purpose != SCANNER.name or handoff.seat not in _offered(ctx):
        handoff.seat, handoff.purpose, handoff.holding = None, "", False

    def leave(_e) -> None:
        handoff.back_to = handoff.back_to or TABLE
        hand_back(ctx)

    back = ids.tag(ids.HANDOVER_BACK, ft.TextButton(content=t("ui.common.back"), icon=ft.Icons.ARROW_BACK,
                                                    on_click=leave))
    body = handoff_body(ctx, SCANNER, lambda held: build_scanner_parts(held, held.view))
    if body is None:
        options = [choice_chip(member.name, sublabel=ctx.texts.character(member.character), selected=False,
                               on_click=lambda _e, seat=member.seat: hand_to(ctx, seat, SCANNER, back_to=TABLE),
                               identifier=ids.handover_seat(member.seat), icon=ft.Icons.PERSON)
                   for member in ctx.game.crew if member.seat in _offered(ctx)]
        help_key = "ui.handover.pick_help" if options else "ui.handover.nobody"
        body = [theme.card(ft.Column([theme.muted(t(help_key), size=15), chips(options)], spacing=10),
                           title=t("ui.handover.pick"))]
    return ids.tag(ids.HANDOVER_SCREEN, ft.Column(
        [back, *body], spacing=theme.GAP, horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
        width=min(ctx.width - 2 * theme.PAGE_PADDING, theme.FORM_MAX_WIDTH)))
