"""The Scanner on the shared device, for a player without a phone: the table hands the
device over (kit.handoff), the player opens their own Scanner, and when they hand it back
their results are hidden again. The table's own screens never show them, and a player
whose phone holds their seat scans there only."""
from __future__ import annotations

from typing import Any, Callable, Hashable

import flet as ft

from companion.vocab import Whereabouts

from .. import ids, theme
from ..context import UiContext
from ..kit.handoff import SCANNER, HandoffPart, hand_back, hand_to, handoff_of, may_hand_to
from ..kit.kept import Card, Changes, Chip, KeptScreen, KeyedItems
from ..kit.parts import LinkButton
from ..routes import RUNNER, SCANNER as SCANNER_SCREEN, TABLE
from .panel import ScannerParts, draft_of
from companion.ui.scanner import ids as scanner_ids


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


def scan_progress(held: UiContext) -> Hashable:
    """What moves when the player holding the device scans: their latest scan."""
    view = held.view
    contamination = view.private.contamination if view is not None and view.private is not None else None
    scan = contamination.scan if contamination is not None else None
    return scan.seq if scan is not None else None


class _HeldScanner:
    """The Scanner parts as the shared device's private part."""

    def __init__(self, screen: "HandoverScreen", changes: Changes, ctx_of: Callable[[], UiContext]) -> None:
        self.parts = ScannerParts(changes, ctx_of, screen.help)
        self.root = ft.Column(self.parts.roots, spacing=theme.GAP, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)

    def show(self, view) -> bool:
        return self.parts.show(view)


class HandoverScreen(KeptScreen):
    """The Scanner on the shared device: whom to hand it to, the curtain, then the player's
    own Scanner until they hand it back."""

    def __init__(self, ctx: UiContext, shell: Any = None) -> None:
        super().__init__(ctx, shell)
        changes = self.changes
        self.back = LinkButton(changes, scanner_ids.HANDOVER_BACK, icon=ft.Icons.ARROW_BACK, on_tap=self._leave)
        self.handoff = HandoffPart(self, SCANNER, lambda changes, ctx_of: _HeldScanner(self, changes, ctx_of),
                                   progress=scan_progress)
        self.pick_help = theme.muted("", size=15)
        self.seats_row = ft.Row([], wrap=True, spacing=8, run_spacing=8)
        self.seats: KeyedItems[Chip] = KeyedItems(changes, self.seats_row, lambda seat: Chip(
            changes, scanner_ids.handover_seat(int(seat)), lambda: hand_to(self.ctx, int(seat), SCANNER, back_to=TABLE)))
        self.pick = Card(changes, ft.Column([self.pick_help, self.seats_row], spacing=10))
        self.column = ft.Column([self.back.root, self.handoff.root, self.pick.root], spacing=theme.GAP,
                                horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
        self.root = ids.tag(scanner_ids.HANDOVER_SCREEN, self.column)

    def _leave(self) -> None:
        handoff = handoff_of(self.ctx)
        handoff.back_to = handoff.back_to or TABLE
        hand_back(self.ctx)

    def put_view(self) -> None:
        ctx, put = self.ctx, self.changes.put
        t = ctx.texts.t
        handoff = handoff_of(ctx)
        offered = _offered(ctx)
        if handoff.purpose != SCANNER.name or handoff.seat not in offered:
            handoff.seat, handoff.purpose, handoff.holding = None, "", False
        put(self.column, width=min(ctx.width - 2 * theme.PAGE_PADDING, theme.FORM_MAX_WIDTH))
        self.back.show(t("ui.common.back"))
        handed = self.handoff.show()
        put(self.pick.root, visible=not handed)
        if handed:
            return
        self.pick.show(t("ui.handover.pick"))
        put(self.pick_help, value=t("ui.handover.pick_help" if offered else "ui.handover.nobody"))
        put(self.seats_row, visible=bool(offered))
        members = {member.seat: member for member in ctx.game.crew}
        self.seats.show(((seat, members[seat]) for seat in offered), lambda chip, member: chip.show(
            member.name, sublabel=ctx.texts.character(member.character), selected=False, icon=ft.Icons.PERSON))
