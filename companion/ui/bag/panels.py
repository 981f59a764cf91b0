"""The bag screen's panels, kept (kit.kept): odds, what is in the bag and beside it,
intruders on the board, the Nest's Eggs and the bag's history; and the dialog that sends
intruders back to the bag."""
from __future__ import annotations

from fractions import Fraction
from typing import Iterator

import flet as ft

from companion.engine.views import MINIATURE_KINDS, TOKEN_KINDS
from companion.engine.commands import (
    AddToBag,
    IntruderToTechnicalCorridor,
    KillIntruder,
    PlaceIntruder,
    RemoveEgg,
    RemoveIntruder,
    ReturnIntrudersToBag,
    SetShowOdds,
)
from companion.engine.views import Event, Topic

from .. import ids, theme
from ..busy import in_turn
from ..context import UiContext
from ..dialogs import Dialog, show_message
from ..i18n_view import Texts
from ..kit.chips import stepper
from ..kit.gate import CommandGate
from ..kit.kept import Card, Changes, KeptScreen, KeyedItems, OfferButton
from ..kit.kinds import DARK_ICON, KIND_COLOURS, LIGHT_ICON, kind_badge, kind_name
from ..kit.numbers import percent
from ..log_view import LogLine, line_keys
from .draft import draft_of
from companion.ui.bag import ids as bag_ids

HISTORY_MAX = 20


# --------------------------------------------------------------------- odds
class OddsRow:
    """A kind's chance to come out next: shown only while it is not nil."""

    def __init__(self, changes: Changes, kind: str) -> None:
        self.changes = changes
        self.name = ft.Text("", size=15, width=110)
        self.bar = ft.ProgressBar(value=0.0, color=KIND_COLOURS[kind], bgcolor=theme.SURFACE_HIGH, bar_height=10,
                                  border_radius=5)
        self.percent = ft.Text("", size=15, weight=ft.FontWeight.BOLD, width=64, text_align=ft.TextAlign.RIGHT)
        self.fraction = ft.Text("", size=12, color=theme.TEXT_MUTED, width=40)
        self.root = ft.Row([kind_badge(kind, 26), self.name, ft.Container(self.bar, expand=True), self.percent,
                            self.fraction], spacing=8, vertical_alignment=ft.CrossAxisAlignment.CENTER)

    def show(self, texts: Texts, kind: str, chance: Fraction) -> None:
        put = self.changes.put
        put(self.root, visible=bool(chance))
        if chance:
            put(self.name, value=kind_name(texts, kind))
            put(self.bar, value=float(chance))
            put(self.percent, value=percent(texts, chance))
            put(self.fraction, value=f"{chance.numerator}/{chance.denominator}")


class SurpriseBox:
    """The chance of a Surprise Attack for the hand chosen, in the light or in Darkness."""

    def __init__(self, changes: Changes, icon, colour: str) -> None:
        self.changes = changes
        self.label = ft.Text("", size=14)
        self.value = ft.Text("", size=24, weight=ft.FontWeight.BOLD)
        self.root = ft.Container(
            ft.Column([ft.Row([ft.Icon(icon, color=colour, size=18), self.label], spacing=6, tight=True), self.value],
                      spacing=2, tight=True),
            bgcolor=theme.SURFACE_HIGH, border_radius=10, padding=10, expand=True)

    def show(self, texts: Texts, label: str, value: Fraction) -> None:
        self.changes.put(self.label, value=label)
        self.changes.put(self.value, value=percent(texts, value),
                         color=theme.RED if value and value >= 0.5 else theme.TEXT)


class Odds:
    """The bag's odds, as the table may know them (or hidden, when the table chose so)."""

    def __init__(self, screen: KeptScreen) -> None:
        self.screen = screen
        changes = screen.changes
        self.toggle = ft.Switch(label="", value=False, on_change=self._toggled)
        self.note = theme.muted("", size=14)
        self.rows = {kind: OddsRow(changes, kind) for kind in TOKEN_KINDS}
        self.hand_needed = theme.muted("", size=14)
        self.surprise_title = ft.Text("", size=15, weight=ft.FontWeight.BOLD)
        self.light = SurpriseBox(changes, LIGHT_ICON, theme.YELLOW)
        self.dark = SurpriseBox(changes, DARK_ICON, theme.TEXT_MUTED)
        self.surprise = ft.Row([self.light.root, self.dark.root], spacing=8)
        body = ft.Column([ids.tag(bag_ids.ODDS_TOGGLE, self.toggle), self.note, *(row.root for row in self.rows.values()),
                          self.hand_needed, self.surprise_title, self.surprise], spacing=8)
        self.card = Card(changes, body, identifier=bag_ids.BAG_ODDS)
        self.root = self.card.root

    def _toggled(self, e) -> Iterator[None]:
        show = bool(e.control.value)  # what the switch was turned to, read at the tap
        yield from in_turn(self.screen.page(), lambda: self._send(show))

    def _send(self, show: bool) -> None:
        ctx = self.screen.ctx
        action = ctx.action(SetShowOdds, show=show)
        if action is None:
            show_message(ctx.page, ctx.texts.t("error.action_gone"))
            return
        self.screen.gate().execute(action.command())  # a refused one: the engine says why

    def show(self) -> None:
        ctx, put = self.screen.ctx, self.screen.changes.put
        texts, bag = ctx.texts, ctx.game.bag
        t = texts.t
        self.card.show(t("ui.bag.odds.title"))
        switch = ctx.action(SetShowOdds, show=not bag.show_odds)
        put(self.toggle, label=t("ui.bag.odds.toggle"), value=bag.show_odds,
            disabled=switch is None or not switch.allowed)
        odds = bag.odds
        counted = odds is not None and odds.total > 0
        if odds is None:
            put(self.note, value=t("ui.bag.odds.hidden"))
        elif odds.total == 0:
            put(self.note, value=t("ui.bag.odds.empty"))
        else:
            put(self.note, value=t("ui.bag.odds.total", count=odds.total))
        for kind, row in self.rows.items():
            row.show(texts, kind, odds.kind(kind) if counted else Fraction(0))
        hand = draft_of(ctx).hand
        put(self.hand_needed, visible=counted and hand is None)
        if counted and hand is None:
            put(self.hand_needed, value=t("ui.bag.odds.hand_needed"))
        with_hand = counted and hand is not None
        put(self.surprise_title, visible=with_hand)
        put(self.surprise, visible=with_hand)
        if with_hand:
            row = odds.for_hand(hand)
            put(self.surprise_title, value=t("ui.bag.odds.surprise", hand=hand))
            self.light.show(texts, t("ui.bag.odds.light"), row.surprise_light)
            self.dark.show(texts, t("ui.bag.odds.dark"), row.surprise_dark)


# --------------------------------------------------------------------- contents and supply
class CountRow:
    """A kind: its badge, its name and how many; `extra` beside them (the supply's button)."""

    def __init__(self, changes: Changes, kind: str, identifier: str, extra: ft.Control | None = None) -> None:
        self.changes = changes
        self.name = ft.Text("", size=15, expand=True)
        self.count = ft.Text("", size=20, weight=ft.FontWeight.BOLD)
        parts = [kind_badge(kind, 28), self.name, ids.tag(identifier, self.count)]
        if extra is not None:
            parts.append(extra)
        self.root = ft.Row(parts, spacing=10, vertical_alignment=ft.CrossAxisAlignment.CENTER)

    def show(self, texts: Texts, kind: str, count: int) -> None:
        colour = theme.TEXT if count else theme.TEXT_MUTED
        self.changes.put(self.name, value=kind_name(texts, kind), color=colour)
        self.changes.put(self.count, value=str(count), color=colour)


class Contents:
    """How many tokens of each kind are in the bag (never which: the bag is face-down)."""

    def __init__(self, screen: KeptScreen) -> None:
        self.screen = screen
        self.help_text = theme.muted("")
        self.rows = {kind: CountRow(screen.changes, kind, bag_ids.bag_count("bag", kind)) for kind in TOKEN_KINDS}
        self.card = Card(screen.changes, ft.Column([self.help_text, *(row.root for row in self.rows.values())],
                                                   spacing=6), help_of=screen.help, identifier=bag_ids.BAG_CONTENTS)
        self.root = self.card.root

    def show(self) -> None:
        texts = self.screen.ctx.texts
        self.card.show(texts.t("ui.bag.contents.title"), topic="intruder_bag", help_tip=texts.t("ui.rules.help"))
        self.screen.changes.put(self.help_text, value=texts.t("ui.bag.contents.help"))
        counts = self.screen.ctx.game.bag.in_bag
        for kind, row in self.rows.items():
            row.show(texts, kind, counts.get(kind, 0))


class Supply:
    """The tokens beside the bag; one goes in only where the engine says it can."""

    def __init__(self, screen: KeptScreen) -> None:
        self.screen = screen
        changes = screen.changes
        self.help_text = theme.muted("")
        self.adds = {kind: OfferButton(changes, bag_ids.bag_action("add", kind), icon=ft.Icons.MOVE_DOWN,
                                       gate_of=screen.gate, compact=True, page_of=screen.page) for kind in TOKEN_KINDS}
        self.rows = {kind: CountRow(changes, kind, bag_ids.bag_count("supply", kind), self.adds[kind].root)
                     for kind in TOKEN_KINDS}
        self.card = Card(changes, ft.Column([self.help_text, *(row.root for row in self.rows.values())], spacing=6),
                         identifier=bag_ids.BAG_SUPPLY)
        self.root = self.card.root

    def show(self) -> None:
        ctx = self.screen.ctx
        texts, game = ctx.texts, ctx.game
        self.card.show(texts.t("ui.bag.supply.title"))
        self.screen.changes.put(self.help_text, value=texts.t("ui.bag.supply.help"))
        for kind, row in self.rows.items():
            row.show(texts, kind, game.bag.aside.get(kind, 0))
            # Offered only where a token would really go in (the engine says which kinds).
            self.adds[kind].show_action(ctx.action(AddToBag, kind=kind), texts.t("ui.bag.supply.add"))


# --------------------------------------------------------------------- the board
class BoardRow:
    """A kind's miniatures on the board (how many of how many) and what can happen to one."""

    def __init__(self, screen: KeptScreen, kind: str) -> None:
        self.kind = kind
        self.changes = screen.changes

        def button(action: str, icon, tone: str = "normal") -> OfferButton:
            return OfferButton(screen.changes, bag_ids.bag_action(action, kind), icon=icon, gate_of=screen.gate,
                               tone=tone, compact=True, page_of=screen.page)

        self.name = ft.Text("", size=16, weight=ft.FontWeight.BOLD, expand=True)
        self.count = ft.Text("", size=20, weight=ft.FontWeight.BOLD)
        self.place, self.kill = button("place", ft.Icons.ADD), button("kill", ft.Icons.CLOSE, "danger")
        self.corridor = button("corridor", ft.Icons.SUBDIRECTORY_ARROW_LEFT)
        self.remove = button("remove", ft.Icons.REMOVE)
        head = ft.Row([kind_badge(kind, 30), self.name, self.count], spacing=10,
                      vertical_alignment=ft.CrossAxisAlignment.CENTER)
        grid = ft.ResponsiveRow([ft.Container(b.root, col=6) for b in (self.place, self.kill, self.corridor,
                                                                      self.remove)], spacing=6, run_spacing=6)
        self.root = ids.tag(bag_ids.board(kind), ft.Container(content=ft.Column([head, grid], spacing=6, tight=True),
                                                          bgcolor=theme.SURFACE_HIGH, border_radius=theme.RADIUS,
                                                          padding=10))

    def show(self, ctx: UiContext, count: int, maximum: int) -> None:
        kind, texts = self.kind, ctx.texts
        t = texts.t
        self.changes.put(self.name, value=kind_name(texts, kind))
        self.changes.put(self.count, value=f"{count}/{maximum}", color=theme.TEXT if count else theme.TEXT_MUTED)
        self.place.show_action(ctx.action(PlaceIntruder, kind=kind), t("ui.bag.board.place"))
        self.kill.show_action(ctx.action(KillIntruder, kind=kind), t("ui.bag.board.kill"))
        self.corridor.show_action(ctx.action(IntruderToTechnicalCorridor, kind=kind), t("ui.bag.board.corridor"))
        self.remove.show_action(ctx.action(RemoveIntruder, kind=kind), t("ui.bag.board.remove"))


class Board:
    """Intruders on the board, their carcasses, and sending them back to the bag."""

    def __init__(self, screen: KeptScreen) -> None:
        self.screen = screen
        self.rows = {kind: BoardRow(screen, kind) for kind in MINIATURE_KINDS}
        self.carcasses = ft.Text("", size=15)
        self.back = OfferButton(screen.changes, bag_ids.RETURN_INTRUDERS, icon=ft.Icons.UNDO, gate_of=screen.gate,
                                page_of=screen.page, on_tap=lambda: open_return_dialog(screen.gate()))
        body = ft.Column([*(row.root for row in self.rows.values()),
                          ft.Row([ft.Icon(ft.Icons.DANGEROUS, color=theme.TEXT_MUTED), self.carcasses], spacing=8),
                          self.back.root], spacing=8)
        self.card = Card(screen.changes, body, identifier=bag_ids.BAG_BOARD)
        self.root = self.card.root

    def show(self) -> None:
        ctx = self.screen.ctx
        texts, bag = ctx.texts, ctx.game.bag
        self.card.show(texts.t("ui.bag.board.title"))
        maximums = ctx.session.rules.intruders.miniatures
        for kind, row in self.rows.items():
            row.show(ctx, bag.on_board[kind], maximums[kind])
        self.screen.changes.put(self.carcasses, value=texts.t("ui.bag.board.carcasses", count=bag.carcasses))
        # Enabled when any kind could go back: judged for one of a kind on the board (the
        # dialog asks how many of which).
        any_on_board = next((kind for kind in MINIATURE_KINDS if bag.on_board[kind]), None)
        self.back.show_action(ctx.action(ReturnIntrudersToBag), texts.t("ui.bag.board.return"),
                              picked={"counts": {any_on_board: 1} if any_on_board else {}})


def open_return_dialog(gate: CommandGate) -> None:
    """Intruders not in Combat go back to the bag: how many of each kind."""
    ctx = gate.ctx
    texts = ctx.texts
    t = texts.t
    on_board_now = ctx.game.bag.on_board
    draft = draft_of(ctx)
    draft.returning = {kind: 0 for kind in MINIATURE_KINDS}
    dialog = Dialog(ctx.page, texts, scrollable=True)

    def content() -> ft.Control:
        rows: list[ft.Control] = [ft.Text(t("ui.bag.board.return_help"), size=15)]
        for kind in MINIATURE_KINDS:
            on_board = on_board_now[kind]
            if not on_board:
                continue

            def change(value: int, kind: str = kind) -> None:
                draft.returning[kind] = value
                dialog.control.content = content()
                dialog.refresh()

            rows.append(ft.Row(
                [kind_badge(kind, 28), ft.Text(kind_name(texts, kind), size=15, expand=True),
                 stepper(draft.returning[kind], on_change=change, identifier=bag_ids.return_count(kind, "count"),
                         down_id=bag_ids.return_count(kind, "down"), up_id=bag_ids.return_count(kind, "up"),
                         down_tip="−", up_tip="+", high=on_board)],
                spacing=8, vertical_alignment=ft.CrossAxisAlignment.CENTER,
            ))
        return ft.Column(rows, tight=True, spacing=8, width=min(440, ctx.width - 80))

    def send() -> None:
        action = ctx.action(ReturnIntrudersToBag)
        counts = {k: n for k, n in draft.returning.items() if n}
        if action is None or not action.allows(counts=counts):
            show_message(ctx.page, t("error.action_gone"))
            return
        gate.execute(action.command(counts=counts))  # none at all: the engine says why

    dialog.show(title=t("ui.bag.board.return_title"), body=content(),
                actions=[dialog.button("ui.common.cancel", ids.CONFIRM_CANCEL),
                         dialog.button("ui.common.confirm", ids.CONFIRM_OK, send, primary=True)])


# --------------------------------------------------------------------- the Nest
class Eggs:
    """The Nest's Eggs (the count marked unconfirmed where the rules data says so)."""

    def __init__(self, screen: KeptScreen) -> None:
        self.screen = screen
        self.count = ft.Text("", size=18, weight=ft.FontWeight.BOLD)
        self.unconfirmed = ft.Container(theme.unconfirmed_badge(14))
        self.status_text = ft.Text("", size=13, color=theme.TEXT, weight=ft.FontWeight.BOLD)
        self.status = ft.Container(content=self.status_text, border_radius=20,
                                   padding=ft.Padding.symmetric(horizontal=10, vertical=3))
        self.taken = OfferButton(screen.changes, ids.EGG_TAKEN, icon=ft.Icons.BACK_HAND, gate_of=screen.gate,
                                 compact=True, page_of=screen.page)
        self.destroyed = OfferButton(screen.changes, bag_ids.EGG_DESTROYED, icon=ft.Icons.LOCAL_FIRE_DEPARTMENT,
                                     gate_of=screen.gate, compact=True, tone="danger", page_of=screen.page)
        body = ft.Column([
            ft.Row([ft.Row([ft.Icon(ft.Icons.EGG, color=theme.TEXT), self.count, self.unconfirmed], spacing=8,
                           tight=True), ids.tag(bag_ids.NEST_STATUS, self.status)],
                   wrap=True, spacing=12, run_spacing=6, vertical_alignment=ft.CrossAxisAlignment.CENTER),
            ft.Row([self.taken.root, self.destroyed.root], wrap=True, spacing=8, run_spacing=8),
        ], spacing=8)
        self.card = Card(screen.changes, body, identifier=ids.EGGS)
        self.root = self.card.root

    def show(self) -> None:
        ctx, put = self.screen.ctx, self.screen.changes.put
        t, bag = ctx.texts.t, ctx.game.bag
        self.card.show(t("ui.bag.eggs.title"))
        put(self.count, value=t("ui.bag.eggs.count", count=bag.eggs))
        unconfirmed = ctx.session.rules.intruders.is_unconfirmed("nest_eggs")
        put(self.unconfirmed, visible=unconfirmed)
        if unconfirmed:
            put(self.unconfirmed, tooltip=t("common.unconfirmed_hint"))
        put(self.status_text,
            value=t("ui.bag.eggs.nest_destroyed") if bag.nest_destroyed else t("ui.bag.eggs.nest_intact"))
        put(self.status, bgcolor=theme.RED_DARK if bag.nest_destroyed else theme.SURFACE_HIGH)
        self.taken.show_action(ctx.action(RemoveEgg, how="taken"), t("ui.bag.eggs.taken"))
        self.destroyed.show_action(ctx.action(RemoveEgg, how="destroyed"), t("ui.bag.eggs.destroyed"))


# --------------------------------------------------------------------- history
def history_entries(ctx: UiContext) -> list[Event]:
    """The bag's lines this page's viewer may read, newest first."""
    return ctx.session.history(Topic.BAG, limit=HISTORY_MAX)


class History:
    """The bag's journal lines, newest first; read once per feed (a form tap leaves it)."""

    def __init__(self, screen: KeptScreen, *, scrolls: bool = False) -> None:
        """`scrolls`: the lines scroll in a box of their own, as tall as the page allows."""
        self.screen = screen
        self.scrolls = scrolls
        self.empty = theme.muted("", size=14)
        self.lines_holder: ft.Column | ft.ListView = ft.ListView([], spacing=0) if scrolls else ft.Column([], spacing=0)
        self.lines: KeyedItems[LogLine] = KeyedItems(screen.changes, self.lines_holder,
                                                     lambda _key: LogLine(screen.changes))
        self.card = Card(screen.changes, ft.Column([self.empty, self.lines_holder], spacing=0, tight=True),
                         identifier=bag_ids.BAG_HISTORY)
        self.root = self.card.root
        self.read: tuple | None = None

    def show(self) -> None:
        ctx, put = self.screen.ctx, self.screen.changes.put
        texts = ctx.texts
        self.card.show(texts.t("ui.bag.history.title"))
        if self.scrolls:
            put(self.lines_holder, height=max(240.0, (ctx.page.height or 800) - 560))
        read = (ctx.feed.version if ctx.feed is not None else None, texts.lang)
        if read == self.read:
            return
        self.read = read
        entries = history_entries(ctx)
        self.lines.show(zip(line_keys(entries), entries), lambda line, entry: line.show(texts, entry))
        put(self.empty, visible=not entries)
        if not entries:
            put(self.empty, value=texts.t("ui.bag.history.empty"))
