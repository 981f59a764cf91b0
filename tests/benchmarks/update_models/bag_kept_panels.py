"""Model B's bag screen, its panels: odds, the bag's contents and supply, the board, the
Nest and the history, each built once per page and shown from every new view (kept.py)."""
from __future__ import annotations

from fractions import Fraction

import flet as ft

from companion.engine.bag_model import MINIATURE_KINDS, TOKEN_KINDS
from companion.engine.commands import (AddToBag, IntruderToTechnicalCorridor, KillIntruder, PlaceIntruder, RemoveEgg,
                                       RemoveIntruder, ReturnIntrudersToBag, SetShowOdds)
from companion.engine.journal import Event
from companion.ui import ids, theme
from companion.ui.bag.draft import draft_of
from companion.ui.bag.panels import history_entries, open_return_dialog
from companion.ui.kit.kinds import DARK_ICON, KIND_COLOURS, LIGHT_ICON, kind_badge, kind_name
from companion.ui.kit.numbers import percent
from companion.ui.log_view import _line_keys

from .bag_kept_form import Screen
from .kept import Card, Changes, CommandButton, KeyedItems


class OddsRow:
    def __init__(self, changes: Changes, kind: str) -> None:
        self.changes = changes
        self.name = ft.Text("", size=15, width=110)
        self.bar = ft.ProgressBar(value=0.0, color=KIND_COLOURS[kind], bgcolor=theme.SURFACE_HIGH, bar_height=10,
                                  border_radius=5)
        self.percent = ft.Text("", size=15, weight=ft.FontWeight.BOLD, width=64, text_align=ft.TextAlign.RIGHT)
        self.fraction = ft.Text("", size=12, color=theme.TEXT_MUTED, width=40)
        self.root = ft.Row([kind_badge(kind, 26), self.name, ft.Container(self.bar, expand=True), self.percent,
                            self.fraction], spacing=8, vertical_alignment=ft.CrossAxisAlignment.CENTER)

    def show(self, texts, kind: str, chance: Fraction) -> None:
        put = self.changes.put
        put(self.root, visible=bool(chance))
        if chance:
            put(self.name, value=kind_name(texts, kind))
            put(self.bar, value=float(chance))
            put(self.percent, value=percent(texts, chance))
            put(self.fraction, value=f"{chance.numerator}/{chance.denominator}")


class SurpriseBox:
    def __init__(self, changes: Changes, icon, colour: str) -> None:
        self.changes = changes
        self.label = ft.Text("", size=14)
        self.value = ft.Text("", size=24, weight=ft.FontWeight.BOLD)
        self.root = ft.Container(
            ft.Column([ft.Row([ft.Icon(icon, color=colour, size=18), self.label], spacing=6, tight=True), self.value],
                      spacing=2, tight=True),
            bgcolor=theme.SURFACE_HIGH, border_radius=10, padding=10, expand=True)

    def show(self, texts, label: str, value: Fraction) -> None:
        self.changes.put(self.label, value=label)
        self.changes.put(self.value, value=percent(texts, value), color=theme.RED if value and value >= 0.5 else theme.TEXT)


class Odds:
    def __init__(self, screen: Screen) -> None:
        self.screen = screen
        self.toggle = ft.Switch(label="", value=False, on_change=self._toggled)
        self.note = theme.muted("", size=14)
        changes = screen.changes
        self.rows = {kind: OddsRow(changes, kind) for kind in TOKEN_KINDS}
        self.surprise_title = ft.Text("", size=15, weight=ft.FontWeight.BOLD)
        self.light = SurpriseBox(changes, LIGHT_ICON, theme.YELLOW)
        self.dark = SurpriseBox(changes, DARK_ICON, theme.TEXT_MUTED)
        self.surprise = ft.Row([self.light.root, self.dark.root], spacing=8)
        self.hand_needed = theme.muted("", size=14)
        body = ft.Column([ids.tag(ids.ODDS_TOGGLE, self.toggle), self.note, *(row.root for row in self.rows.values()),
                          self.hand_needed, self.surprise_title, self.surprise], spacing=8)
        self.card = Card(changes, body, identifier=ids.BAG_ODDS)
        self.root = self.card.root

    def _toggled(self, e) -> None:
        self.screen.gate().execute(SetShowOdds(show=bool(e.control.value)))

    def show(self) -> None:
        ctx, gate, put = self.screen.ctx, self.screen.gate(), self.screen.changes.put
        texts, bag = ctx.texts, ctx.game.bag
        t = texts.t
        self.card.show(t("ui.bag.odds.title"))
        put(self.toggle, label=t("ui.bag.odds.toggle"), value=bag.show_odds,
            disabled=gate.refusal(SetShowOdds(show=not bag.show_odds)) is not None)
        odds = bag.odds
        counted = odds is not None and odds.total > 0
        hand = draft_of(ctx).hand
        if odds is None:
            put(self.note, value=t("ui.bag.odds.hidden"))
        elif odds.total == 0:
            put(self.note, value=t("ui.bag.odds.empty"))
        else:
            put(self.note, value=t("ui.bag.odds.total", count=odds.total))
        for kind, row in self.rows.items():
            row.show(texts, kind, odds.kind(kind) if counted else Fraction(0))
        put(self.hand_needed, visible=counted and hand is None, value=t("ui.bag.odds.hand_needed"))
        with_hand = counted and hand is not None
        put(self.surprise_title, visible=with_hand)
        put(self.surprise, visible=with_hand)
        if with_hand:
            row = odds.for_hand(hand)
            put(self.surprise_title, value=t("ui.bag.odds.surprise", hand=hand))
            self.light.show(texts, t("ui.bag.odds.light"), row.surprise_light)
            self.dark.show(texts, t("ui.bag.odds.dark"), row.surprise_dark)


class CountRow:
    """A kind, its name and how many; `extra` beside them (the supply's add button)."""

    def __init__(self, changes: Changes, kind: str, identifier: str, extra: ft.Control | None = None) -> None:
        self.changes = changes
        self.name = ft.Text("", size=15, expand=True)
        self.count = ft.Text("", size=20, weight=ft.FontWeight.BOLD)
        parts = [kind_badge(kind, 28), self.name, ids.tag(identifier, self.count)]
        if extra is not None:
            parts.append(extra)
        self.root = ft.Row(parts, spacing=10, vertical_alignment=ft.CrossAxisAlignment.CENTER)

    def show(self, texts, kind: str, count: int) -> None:
        colour = theme.TEXT if count else theme.TEXT_MUTED
        self.changes.put(self.name, value=kind_name(texts, kind), color=colour)
        self.changes.put(self.count, value=str(count), color=colour)


class Contents:
    def __init__(self, screen: Screen) -> None:
        self.screen = screen
        self.help_text = theme.muted("")
        self.rows = {kind: CountRow(screen.changes, kind, ids.bag_count("bag", kind)) for kind in TOKEN_KINDS}
        self.card = Card(screen.changes, ft.Column([self.help_text, *(row.root for row in self.rows.values())], spacing=6),
                         help_of=screen.help, identifier=ids.BAG_CONTENTS)
        self.root = self.card.root

    def show(self) -> None:
        texts = self.screen.ctx.texts
        self.card.show(texts.t("ui.bag.contents.title"), topic="intruder_bag", help_tip=texts.t("ui.rules.help"))
        self.screen.changes.put(self.help_text, value=texts.t("ui.bag.contents.help"))
        counts = self.screen.ctx.game.bag.in_bag
        for kind, row in self.rows.items():
            row.show(texts, kind, counts.get(kind, 0))


class Supply:
    def __init__(self, screen: Screen) -> None:
        self.screen = screen
        self.help_text = theme.muted("")
        changes = screen.changes
        self.adds = {kind: CommandButton(changes, ids.bag_action("add", kind), icon=ft.Icons.MOVE_DOWN,
                                         gate_of=screen.gate, compact=True, page_of=screen.page) for kind in TOKEN_KINDS}
        self.rows = {kind: CountRow(changes, kind, ids.bag_count("supply", kind), self.adds[kind].root)
                     for kind in TOKEN_KINDS}
        self.card = Card(changes, ft.Column([self.help_text, *(row.root for row in self.rows.values())], spacing=6),
                         identifier=ids.BAG_SUPPLY)
        self.root = self.card.root

    def show(self) -> None:
        texts, game = self.screen.ctx.texts, self.screen.ctx.game
        self.card.show(texts.t("ui.bag.supply.title"))
        self.screen.changes.put(self.help_text, value=texts.t("ui.bag.supply.help"))
        label = texts.t("ui.bag.supply.add")
        for kind, row in self.rows.items():
            row.show(texts, kind, game.bag.aside.get(kind, 0))
            # Offered only where a token would really go in (the engine says which kinds).
            if kind in game.addable_kinds:
                self.adds[kind].show_command(AddToBag(kind=kind), label)
            else:
                self.screen.changes.put(self.adds[kind].root, visible=False)


class BoardRow:
    ACTIONS = (("place", PlaceIntruder, ft.Icons.ADD, "normal"), ("kill", KillIntruder, ft.Icons.CLOSE, "danger"),
               ("corridor", IntruderToTechnicalCorridor, ft.Icons.SUBDIRECTORY_ARROW_LEFT, "normal"),
               ("remove", RemoveIntruder, ft.Icons.REMOVE, "normal"))

    def __init__(self, screen: Screen, kind: str) -> None:
        self.kind = kind
        self.name = ft.Text("", size=16, weight=ft.FontWeight.BOLD, expand=True)
        self.count = ft.Text("", size=20, weight=ft.FontWeight.BOLD)
        self.changes = screen.changes
        self.buttons = [(action, command(kind=kind), CommandButton(screen.changes, ids.bag_action(action, kind),
                                                                   icon=icon, gate_of=screen.gate, tone=tone,
                                                                   compact=True, page_of=screen.page))
                        for action, command, icon, tone in self.ACTIONS]
        head = ft.Row([kind_badge(kind, 30), self.name, self.count], spacing=10,
                      vertical_alignment=ft.CrossAxisAlignment.CENTER)
        grid = ft.ResponsiveRow([ft.Container(button.root, col=6) for _, _, button in self.buttons], spacing=6,
                                run_spacing=6)
        self.root = ids.tag(ids.board(kind), ft.Container(content=ft.Column([head, grid], spacing=6, tight=True),
                                                          bgcolor=theme.SURFACE_HIGH, border_radius=theme.RADIUS,
                                                          padding=10))

    def show(self, texts, count: int, maximum: int) -> None:
        self.changes.put(self.name, value=kind_name(texts, self.kind))
        self.changes.put(self.count, value=f"{count}/{maximum}", color=theme.TEXT if count else theme.TEXT_MUTED)
        for action, command, button in self.buttons:
            button.show_command(command, texts.t(f"ui.bag.board.{action}"))


class Board:
    def __init__(self, screen: Screen) -> None:
        self.screen = screen
        self.rows = {kind: BoardRow(screen, kind) for kind in MINIATURE_KINDS}
        self.carcasses = ft.Text("", size=15)
        self.back = CommandButton(screen.changes, ids.RETURN_INTRUDERS, icon=ft.Icons.UNDO, gate_of=screen.gate,
                                  page_of=screen.page, on_tap=lambda: open_return_dialog(screen.gate()))
        body = ft.Column([*(row.root for row in self.rows.values()),
                          ft.Row([ft.Icon(ft.Icons.DANGEROUS, color=theme.TEXT_MUTED), self.carcasses], spacing=8),
                          self.back.root], spacing=8)
        self.card = Card(screen.changes, body, identifier=ids.BAG_BOARD)
        self.root = self.card.root

    def show(self) -> None:
        ctx = self.screen.ctx
        texts, bag = ctx.texts, ctx.game.bag
        self.card.show(texts.t("ui.bag.board.title"))
        maximums = ctx.controller.rules.intruders.miniatures
        for kind, row in self.rows.items():
            row.show(texts, bag.on_board[kind], maximums[kind])
        self.screen.changes.put(self.carcasses, value=texts.t("ui.bag.board.carcasses", count=bag.carcasses))
        any_on_board = next((kind for kind in MINIATURE_KINDS if bag.on_board[kind]), "adult")
        self.back.show_command(ReturnIntrudersToBag(counts={any_on_board: 1}), texts.t("ui.bag.board.return"))


class Eggs:
    def __init__(self, screen: Screen) -> None:
        self.screen = screen
        self.count = ft.Text("", size=18, weight=ft.FontWeight.BOLD)
        self.unconfirmed = ft.Container(theme.unconfirmed_badge(14))
        self.status_text = ft.Text("", size=13, color=theme.TEXT, weight=ft.FontWeight.BOLD)
        self.status = ft.Container(content=self.status_text, border_radius=20,
                                   padding=ft.Padding.symmetric(horizontal=10, vertical=3))
        self.taken = CommandButton(screen.changes, ids.EGG_TAKEN, icon=ft.Icons.BACK_HAND, gate_of=screen.gate,
                                   compact=True, page_of=screen.page)
        self.destroyed = CommandButton(screen.changes, ids.EGG_DESTROYED, icon=ft.Icons.LOCAL_FIRE_DEPARTMENT,
                                       gate_of=screen.gate, compact=True, tone="danger", page_of=screen.page)
        body = ft.Column([
            ft.Row([ft.Row([ft.Icon(ft.Icons.EGG, color=theme.TEXT), self.count, self.unconfirmed], spacing=8,
                           tight=True), ids.tag(ids.NEST_STATUS, self.status)],
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
        put(self.unconfirmed, visible=ctx.controller.rules.intruders.is_unconfirmed("nest_eggs"),
            tooltip=t("common.unconfirmed_hint"))
        put(self.status_text, value=t("ui.bag.eggs.nest_destroyed") if bag.nest_destroyed else t("ui.bag.eggs.nest_intact"))
        put(self.status, bgcolor=theme.RED_DARK if bag.nest_destroyed else theme.SURFACE_HIGH)
        self.taken.show_command(RemoveEgg(how="taken"), t("ui.bag.eggs.taken"))
        self.destroyed.show_command(RemoveEgg(how="destroyed"), t("ui.bag.eggs.destroyed"))


class LogLine:
    """log_view._line, kept: a line's entry never changes; its text follows the language."""

    def __init__(self, changes: Changes) -> None:
        self.changes = changes
        self.seq = ft.Text("", size=12, color=theme.TEXT_MUTED, width=34)
        self.text = ft.Text("", size=14, expand=True)
        self.root = ft.Container(content=ft.Row([self.seq, self.text], vertical_alignment=ft.CrossAxisAlignment.START,
                                                spacing=6),
                                 padding=ft.Padding.symmetric(vertical=4, horizontal=4),
                                 border=ft.Border.only(bottom=ft.BorderSide(1, theme.OUTLINE)))

    def show(self, texts, entry: Event) -> None:
        self.changes.put(self.seq, value=texts.t("ui.log.seq", seq=entry.seq))
        self.changes.put(self.text, value=texts.entry(entry),
                         weight=ft.FontWeight.BOLD if entry.announce else ft.FontWeight.NORMAL,
                         color=theme.YELLOW if entry.announce else theme.TEXT)


class History:
    def __init__(self, screen: Screen, *, height: float | None = None) -> None:
        self.screen = screen
        self.empty = theme.muted("", size=14)
        self.lines_holder: ft.Column | ft.ListView = (ft.ListView([], spacing=0, height=height) if height
                                                      else ft.Column([], spacing=0))
        self.lines = KeyedItems(screen.changes, self.lines_holder, lambda _key: LogLine(screen.changes))
        self.card = Card(screen.changes, ft.Column([self.empty, self.lines_holder], spacing=0, tight=True), identifier=ids.BAG_HISTORY)
        self.root = self.card.root
        self.version: int | None = None

    def show(self) -> None:
        ctx = self.screen.ctx
        texts = ctx.texts
        self.card.show(texts.t("ui.bag.history.title"))
        self.screen.changes.put(self.empty, value=texts.t("ui.bag.history.empty"))
        # The journal is read once per feed (a form tap does not change it).
        seen = (ctx.feed.version if ctx.feed is not None else None, texts.lang)
        if seen == self.version:
            return
        self.version = seen
        entries = history_entries(ctx)
        self.lines.show(zip(_line_keys(entries), entries), lambda line, entry: line.show(texts, entry))
        self.screen.changes.put(self.empty, visible=not entries)

