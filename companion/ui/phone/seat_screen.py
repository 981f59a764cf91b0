"""A player's phone: the game at a glance (read-only), their own Character and the changes
they make to its board, and the place where the table hands them private steps; "waiting
for the table" while nothing is theirs.

Kept (kit.kept): built once per page and layout; every change at the table (a phone's
page is shown again on each) only sets what changed."""
from __future__ import annotations

from typing import Any, Callable

import flet as ft

from companion.vocab import Whereabouts
from companion.engine.commands import ChangeKnowledge
from companion.engine.views import CrewView

from .. import ids, theme
from ..context import UiContext
from ..kit.kept import Card, Changes, KeptScreen, KeyedItems, OfferButton
from ..kit.parts import LinkButton, Pill
from ..scanner.board import BoardChanges, BoardPills
from ..scanner.panel import ScannerParts
from ..victory import SeatVictory
from companion.ui.phone import ids as phone_ids
from companion.ui.scanner import ids as scanner_ids


def _whereabouts(ctx: UiContext, member: CrewView) -> str:
    if member.whereabouts is Whereabouts.POD and member.pod is not None:
        return ctx.texts.pod(member.pod)
    return ctx.texts.t(f"whereabouts.{member.whereabouts.value}")


def _who(name: ft.Control, character: ft.Control, pill: ft.Control) -> ft.Row:
    """A name over its Character, the place beside: the name wraps before anything is cut."""
    return ft.Row([ft.Column([name, character], spacing=0, tight=True, expand=True), pill], spacing=8,
                  vertical_alignment=ft.CrossAxisAlignment.CENTER)


class OwnCard:
    """The player's own Character: where it is and its Knowledge, which they change here."""

    def __init__(self, screen: KeptScreen) -> None:
        self.screen = screen
        changes = screen.changes
        self.name = ft.Text("", size=22, weight=ft.FontWeight.BOLD)
        self.character = theme.muted("", size=15)
        self.where = Pill(changes, size=14)
        self.knowledge = ft.Text("", size=17, weight=ft.FontWeight.BOLD, expand=True)
        self.down = OfferButton(changes, phone_ids.SEAT_KNOWLEDGE_DOWN, gate_of=screen.gate, page_of=screen.page,
                                compact=True)
        self.up = OfferButton(changes, phone_ids.SEAT_KNOWLEDGE_UP, gate_of=screen.gate, page_of=screen.page, compact=True)
        self.knowledge_row = ft.Row([ids.tag(phone_ids.SEAT_KNOWLEDGE, self.knowledge), self.down.root, self.up.root],
                                    spacing=8)
        head = ft.Row([ft.Icon(ft.Icons.PERSON, size=32),
                       _who(ids.tag(phone_ids.SEAT_NAME, self.name), self.character, self.where.root)], spacing=10)
        head.controls[1].expand = True
        self.card = Card(changes, ft.Column([head, self.knowledge_row], spacing=10))
        self.root = self.card.root

    def show(self, member: CrewView) -> None:
        ctx, put = self.screen.ctx, self.screen.changes.put
        t = ctx.texts.t
        self.card.show(t("ui.phone.you"))
        put(self.name, value=member.name)
        put(self.character, value=ctx.texts.character(member.character))
        self.where.show(_whereabouts(ctx, member), bgcolor=theme.SURFACE_HIGH)
        put(self.knowledge_row, visible=member.is_in_facility)
        if member.is_in_facility:
            put(self.knowledge, value=t("ui.crew.knowledge", value=member.knowledge,
                                        maximum=ctx.session.rules.knowledge.maximum))
            self.down.show_action(ctx.action(ChangeKnowledge, seat=member.seat, by=-1), "−")
            self.up.show_action(ctx.action(ChangeKnowledge, seat=member.seat, by=1), "+")


class OwnBoard:
    """The changes the player makes to their own Character board, right under the board at a
    glance: the rows of the table's board dialog (scanner.board.BoardChanges, one part),
    drawn from this seat's feed, which offers its own board's changes and nobody else's."""

    def __init__(self, screen: KeptScreen) -> None:
        self.screen = screen
        self.rows = BoardChanges(screen.changes, gate_of=screen.gate, page_of=screen.page)
        self.root = ids.tag(scanner_ids.SEAT_BOARD_CHANGES, ft.Container(self.rows.root))

    def show(self, member: CrewView | None) -> bool:
        """Whether the feed offers any of the board's changes now (the player has something to do)."""
        shown = member is not None and self.rows.show(self.screen.ctx, member)
        self.screen.changes.put(self.root, visible=shown)
        return shown


class CrewRow:
    """One Character of the crew, as everyone sees it."""

    def __init__(self, changes: Changes, seat: int) -> None:
        self.changes = changes
        self.name = ft.Text("", size=15, weight=ft.FontWeight.BOLD)
        self.character = theme.muted("", size=13)
        self.where = Pill(changes, size=12)
        self.knowledge = theme.muted("", size=13)
        self.pills = BoardPills(changes)
        self.root = ft.Column([_who(self.name, self.character, self.where.root),
                               ids.tag(phone_ids.seat_crew_knowledge(seat), self.knowledge), self.pills.root],
                              spacing=4, tight=True)

    def show(self, ctx: UiContext, member: CrewView) -> None:
        put = self.changes.put
        put(self.name, value=member.name)
        put(self.character, value=ctx.texts.character(member.character))
        self.where.show(_whereabouts(ctx, member), bgcolor=theme.SURFACE_HIGH)
        put(self.knowledge, value=ctx.texts.t("ui.crew.knowledge", value=member.knowledge,
                                              maximum=ctx.session.rules.knowledge.maximum))
        self.pills.show(ctx.texts, member)


class SeatScreen(KeptScreen):
    def __init__(self, ctx: UiContext, shell: Any = None, *, on_leave: Callable[[], None] | None = None) -> None:
        super().__init__(ctx, shell)
        changes = self.changes
        self.on_leave = on_leave or (shell.leave_seat if shell is not None else (lambda: None))
        self.no_game_text = ft.Text("", size=16)
        self.no_game = theme.card(self.no_game_text)
        self.over_text = ft.Text("", size=16)
        self.over = Card(changes, self.over_text)
        self.own = OwnCard(self)
        self.scanner = ScannerParts(changes, lambda: self.ctx, self.help)
        self.board = OwnBoard(self)
        self.victory = SeatVictory(changes, lambda: self.ctx)
        self.waiting_text = ft.Text("", size=15, expand=True)
        self.waiting = Card(changes, ft.Row([ft.ProgressRing(width=18, height=18, stroke_width=2), self.waiting_text],
                                            spacing=10), identifier=phone_ids.SEAT_WAITING)
        self.crew_column = ft.Column([], spacing=6)
        self.crew: KeyedItems[CrewRow] = KeyedItems(changes, self.crew_column, lambda seat: CrewRow(changes, int(seat)))
        self.crew_card = Card(changes, self.crew_column, identifier=phone_ids.SEAT_CREW)
        self.leave = LinkButton(changes, phone_ids.SEAT_LEAVE, icon=ft.Icons.LOGOUT, on_tap=lambda: self.on_leave())
        # The Victory Check's steps and result come first: what the player does or looks for now.
        # The board's changes under the board at a glance (the Scanner's first part), before the Scanner.
        board, *scanner = self.scanner.roots
        self.game = ft.Column([self.over.root, *self.victory.first, self.own.root, board, self.board.root, *scanner,
                               self.victory.tokens.root,
                               self.waiting.root, self.crew_card.root,
                               self.leave.root], spacing=theme.GAP, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
        # A Container gives the screen its own node in the accessibility tree (a bare Column does not).
        self.frame = ft.Container(ft.Column([self.no_game, self.game], spacing=0,
                                            horizontal_alignment=ft.CrossAxisAlignment.STRETCH))
        self.root = ids.tag(phone_ids.SEAT_SCREEN, self.frame)

    def put_view(self) -> None:
        ctx, put = self.ctx, self.changes.put
        t = ctx.texts.t
        view = ctx.view
        playing = view is not None and view.private is not None
        put(self.no_game, visible=not playing)
        put(self.game, visible=playing)
        put(self.frame, width=min(ctx.width - 2 * theme.PAGE_PADDING, theme.FORM_MAX_WIDTH))
        if not playing:
            put(self.no_game_text, value=t("ui.phone.no_game"))
            return
        game = view.public  # type: ignore[union-attr]
        put(self.over.root, visible=game.is_over)
        if game.is_over:
            self.over.show(t("ui.phone.game_over_title"))
            put(self.over_text, value=t("ui.phone.game_over"))
        member = game.member(view.private.seat)  # type: ignore[union-attr]
        self.show_part(self.own, (member,), lambda: self.own.show(member))
        mine = None if game.is_over else member
        board = self.show_part(self.board, (mine,), lambda: self.board.show(mine))
        scanner = self.scanner.show(view)  # their Character board, Contamination cards and Scanner
        private = self.victory.show(view)  # their tokens, their Victory Check steps and result
        # Nothing of theirs: the table is playing. The Scanner is theirs to use at any time, the
        # board's changes while the feed offers them.
        waiting = not (scanner or private or board)
        put(self.waiting.root, visible=waiting)
        if waiting:
            self.waiting.show(t("ui.phone.private"))
            put(self.waiting_text, value=t("ui.phone.waiting"))
        self.crew_card.show(t("ui.phone.crew"))
        self.crew.show(((member.seat, member) for member in game.crew),
                       lambda row, member: self.show_part(row, (member,), lambda: row.show(ctx, member)))
        self.leave.show(t("ui.phone.leave"))
