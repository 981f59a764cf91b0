"""Handing the shared device to one player for their private steps (their Scanner, their
Contingency tokens, their Victory Check steps) when no phone holds their seat.

The table's own view never holds a player's secrets: while the player holds the device,
their part is drawn from their own session (UiContext.handed_to), which the table gets only
for a seat without a phone; handing it back forgets everything that was shown."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Hashable, Protocol

import flet as ft

from companion.engine.views import IllegalCommand

from .. import ids, theme
from ..context import UiContext
from .kept import ActionButton, Changes, KeptScreen
from .parts import LinkButton, bring_into_view

KEPT = "handoff"
# Page-local drafts, films and reveals of a player's private steps, forgotten on hand-back.
PRIVATE_KEYS = ("victory_draft", "victory_cards", "contingency_draft", "scanner_draft", "scanner_film", "reveals",
                "tokens-looks")


@dataclass(frozen=True)
class Purpose:
    """What the device is handed over for: its texts (locale keys) and identifiers."""

    name: str
    give: str
    give_help: str
    take: str
    holding: str
    done: str
    take_id: str
    done_id: str


SCANNER = Purpose("scanner", "ui.handover.give", "ui.handover.give_help", "ui.handover.take", "ui.handover.holding",
                  "ui.handover.done", ids.HANDOVER_TAKE, ids.HANDOVER_DONE)
_PRIVATE_STEPS = dict(give="ui.victory.handoff.give", give_help="ui.victory.handoff.give_help",
                      take="ui.victory.handoff.take", holding="ui.victory.handoff.holding",
                      done="ui.victory.handoff.done", take_id=ids.VICTORY_HANDOFF_TAKE, done_id=ids.VICTORY_HANDOFF_DONE)
CONTINGENCY = Purpose("contingency", **_PRIVATE_STEPS)
VICTORY = Purpose("victory", **_PRIVATE_STEPS)


@dataclass
class Handoff:
    seat: int | None = None
    purpose: str = ""
    # The player holds the device: their private part is on screen.
    holding: bool = False
    # Where the device goes back to once handed back (None: this screen).
    back_to: str | None = None
    # The player's progress when they took the device (Purpose's `progress`): "done"
    # shows once it moved, not before the player has done anything.
    started: Any = None


def handoff_of(ctx: UiContext) -> Handoff:
    return ctx.kept(KEPT, Handoff)


def may_hand_to(ctx: UiContext, seat: int) -> bool:
    """Whether this page may be handed to `seat`'s player: the table, for a seat no phone holds."""
    return ctx.session.may_hand_over(seat)


def hand_to(ctx: UiContext, seat: int, purpose: Purpose, *, curtain: bool = True, back_to: str | None = None) -> None:
    """Hand the device to `seat`'s player (first a curtain: "hand the device to …")."""
    if not may_hand_to(ctx, seat):
        return
    handoff = handoff_of(ctx)
    handoff.seat, handoff.purpose, handoff.holding, handoff.back_to = seat, purpose.name, not curtain, back_to
    handoff.started = None
    ctx.rerender()


def forget_private(ctx: UiContext) -> None:
    for key in list(ctx.extras):
        name = key[0] if isinstance(key, tuple) else key
        if name in PRIVATE_KEYS:
            del ctx.extras[key]


def hand_back(ctx: UiContext) -> None:
    """Back to the table: nothing of the player's stays on screen or in memory."""
    handoff = handoff_of(ctx)
    back_to = handoff.back_to
    handoff.seat, handoff.purpose, handoff.holding, handoff.back_to, handoff.started = None, "", False, None, None
    forget_private(ctx)
    if back_to is not None:
        ctx.navigate(back_to)
    else:
        ctx.rerender()


def handed_seat(ctx: UiContext, purpose: Purpose) -> int | None:
    handoff = handoff_of(ctx)
    return handoff.seat if handoff.purpose == purpose.name else None


def handoff_body(ctx: UiContext, purpose: Purpose, private: Callable[[UiContext], list[ft.Control]], *,
                 progress: Callable[[UiContext], Hashable] | None = None) -> list[ft.Control] | None:
    """The curtain ("hand the device to …") or the player's private part, drawn by
    `private` from the player's own context; None when the device is not handed over for
    `purpose`. With `progress`, "done" shows only once the player's progress moved since
    they took the device (before that, a plain way back)."""
    t = ctx.texts.t
    handoff = handoff_of(ctx)
    if handoff.seat is None or handoff.purpose != purpose.name:
        return None
    try:
        member = ctx.game.member(handoff.seat)
        held = ctx.handed_to(handoff.seat)
    except (KeyError, IllegalCommand):
        # The seat left the game, or a phone took it meanwhile: its secrets go there.
        handoff.seat, handoff.holding = None, False
        forget_private(ctx)
        return None
    # Kept buttons drawn once here: this body is built anew on every render.
    drawn = Changes()

    def button(identifier: str, label: str, icon, tone: str, on_tap: Callable[[], None]) -> ft.Control:
        made = ActionButton(drawn, identifier, icon=icon, tone=tone, page_of=lambda: ctx.page, on_tap=on_tap)
        made.show(label, refused=None)
        return made.root

    def link(label: str, icon=None) -> ft.Control:
        made = LinkButton(drawn, None, icon=icon, on_tap=lambda: hand_back(ctx))
        made.show(label)
        return made.root

    if not handoff.holding:
        def take() -> None:
            handoff.holding = True
            ctx.rerender()

        return [theme.card(ft.Column([
            ft.Icon(ft.Icons.SEND_TO_MOBILE, size=56, color=theme.YELLOW),
            ft.Text(t(purpose.give, name=member.name), size=22, weight=ft.FontWeight.BOLD,
                    text_align=ft.TextAlign.CENTER),
            ft.Text(t(purpose.give_help), size=15, text_align=ft.TextAlign.CENTER),
            button(purpose.take_id, t(purpose.take, name=member.name), ft.Icons.LOCK_OPEN, "primary", take),
            link(t("ui.common.cancel")),
        ], spacing=14, horizontal_alignment=ft.CrossAxisAlignment.CENTER))]
    if progress is not None and handoff.started is None:
        handoff.started = (progress(held),)
    if progress is None or handoff.started != (progress(held),):
        back = button(purpose.done_id, t(purpose.done), ft.Icons.VISIBILITY_OFF, "warning", lambda: hand_back(ctx))
    else:
        back = link(t("ui.common.cancel"), ft.Icons.ARROW_BACK)
    return [ft.Text(t(purpose.holding, name=member.name), size=18, weight=ft.FontWeight.BOLD),
            *private(held), back]


class PrivatePart(Protocol):
    """A player's private part on the shared device (kit.kept): built once, shown from the
    view of the player holding the device; `show` says whether it has anything."""

    root: ft.Control

    def show(self, view: Any) -> Any: ...


class HandoffPart:
    """handoff_body, kept: the curtain ("hand the device to …"), then, while the player
    holds the device, their name, their private part (`make(changes, ctx_of)`, shown from
    their own session) and the way back: "done" once the player's `progress` moved since
    they took the device, before that a plain "cancel"."""

    def __init__(self, screen: KeptScreen, purpose: Purpose,
                 make: Callable[[Changes, Callable[[], UiContext]], PrivatePart], *,
                 progress: Callable[[UiContext], Hashable]) -> None:
        self.screen = screen
        self.purpose = purpose
        self.progress = progress
        changes = screen.changes
        self.held: UiContext | None = None
        # The curtain.
        self.give = ft.Text("", size=22, weight=ft.FontWeight.BOLD, text_align=ft.TextAlign.CENTER)
        self.give_help = ft.Text("", size=15, text_align=ft.TextAlign.CENTER)
        self.take = ActionButton(changes, purpose.take_id, icon=ft.Icons.LOCK_OPEN, tone="primary",
                                 page_of=screen.page, on_tap=self._take)
        self.not_now = LinkButton(changes, None, on_tap=self._back)
        self.curtain = theme.card(ft.Column([ft.Icon(ft.Icons.SEND_TO_MOBILE, size=56, color=theme.YELLOW),
                                             self.give, self.give_help, self.take.root, self.not_now.root],
                                            spacing=14, horizontal_alignment=ft.CrossAxisAlignment.CENTER))
        # The player's own part.
        self.holding = ft.Text("", size=18, weight=ft.FontWeight.BOLD)
        self.private = make(changes, self._held)
        self.done = ActionButton(changes, purpose.done_id, icon=ft.Icons.VISIBILITY_OFF, tone="warning",
                                 page_of=screen.page, on_tap=self._back)
        self.cancel = LinkButton(changes, None, icon=ft.Icons.ARROW_BACK, on_tap=self._back)
        # "Done" is brought into view when it appears: the player's next tap.
        self.done_key = f"handoff-done-{purpose.name}"
        self.done_frame = ft.Container(self.done.root, key=ft.ScrollKey(self.done_key))
        self.moved = False
        self.held_part = ft.Column([self.holding, self.private.root, self.done_frame, self.cancel.root],
                                   spacing=theme.GAP, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
        self.root = ft.Column([self.curtain, self.held_part], spacing=theme.GAP,
                              horizontal_alignment=ft.CrossAxisAlignment.STRETCH)

    def _held(self) -> UiContext:
        return self.held if self.held is not None else self.screen.ctx

    def _take(self) -> None:
        handoff_of(self.screen.ctx).holding = True
        self.screen.ctx.rerender()

    def _back(self) -> None:
        self.held = None
        hand_back(self.screen.ctx)

    def show(self) -> bool:
        """Whether the device is handed over for this purpose (the part shows)."""
        ctx, put = self.screen.ctx, self.screen.changes.put
        t = ctx.texts.t
        handoff = handoff_of(ctx)
        seat = handoff.seat if handoff.purpose == self.purpose.name else None
        held = member = None
        if seat is not None:
            try:
                member = ctx.game.member(seat)
                held = ctx.handed_to(seat)
            except (KeyError, IllegalCommand):
                # The seat left the game, or a phone took it meanwhile: its secrets go there.
                handoff.seat, handoff.holding = None, False
                forget_private(ctx)
        self.held = held
        put(self.root, visible=held is not None)
        if held is None or member is None or not handoff.holding:
            self.moved = False
        if held is None or member is None:
            return False
        put(self.curtain, visible=not handoff.holding)
        put(self.held_part, visible=handoff.holding)
        if not handoff.holding:
            put(self.give, value=t(self.purpose.give, name=member.name))
            put(self.give_help, value=t(self.purpose.give_help))
            self.take.show(t(self.purpose.take, name=member.name), refused=None)
            self.not_now.show(t("ui.common.cancel"))
            return True
        if handoff.started is None:
            handoff.started = (self.progress(held),)
        moved = handoff.started != (self.progress(held),)
        put(self.holding, value=t(self.purpose.holding, name=member.name))
        self.private.show(held.view)
        self.done.show(t(self.purpose.done), refused=None, visible=moved)
        self.cancel.show(t("ui.common.cancel"), visible=not moved)
        if moved and not self.moved:
            bring_into_view(ctx.page, self.done_frame, self.done_key)
        self.moved = moved
        return True
