"""The bag's open questions as dialogs: is a Character in the Nest (the Queen came out
of bag development)? how many Adults are not in Combat (all 8 were out)?

One prompter per page. It opens the dialog for the view's `bag.awaiting` once no
announcement is in the way (the announcement says why first), keeps it open across
re-renders and closes it when the question is gone (answered on another screen, undone).
"""
from __future__ import annotations

import flet as ft

from companion.engine.bag_model import Awaiting, Place
from companion.engine.commands import AnswerAdultsRetreat, AnswerQueenInNest

from .. import ids, theme
from ..announcements import Announcer
from ..context import UiContext
from ..dialogs import close, show_dialog, title_text
from ..kit.chips import chosen_seat, place_chips, seat_chips
from ..kit.gate import styled_button
from .draft import draft_of
from .encounter import hand_row, waiting_button


def _refresh(control: ft.Control) -> None:
    try:
        control.update()
    except RuntimeError:
        pass  # not on a page (tests)


class QuestionPrompter:
    def __init__(self, ctx: UiContext, announcer: Announcer) -> None:
        self.ctx = ctx
        self.announcer = announcer
        self.dialog: ft.AlertDialog | None = None
        self.asking: Awaiting | None = None

    @property
    def is_open(self) -> bool:
        return self.dialog is not None and bool(self.dialog.open)

    def sync(self) -> None:
        game = self.ctx.game if self.ctx.in_game else None
        awaiting = game.bag.awaiting if game is not None and not game.is_over else None
        if awaiting is None or (self.is_open and self.asking is not awaiting):
            self._close()
        if awaiting is None:
            return
        if self.is_open:
            self._fill()  # language switch, another tab's change: same question, fresh text
            _refresh(self.dialog)
            return
        if self.announcer.is_open:
            return  # asked once the announcement is dismissed
        self.asking = awaiting
        draft_of(self.ctx).queen_hand = None  # asked afresh for each question
        self.dialog = ft.AlertDialog(modal=True, scrollable=True, bgcolor=theme.SURFACE_HIGH)
        self._fill()
        show_dialog(self.ctx.page, self.dialog)

    def _close(self) -> None:
        if self.dialog is not None and self.dialog.open:
            try:
                close(self.ctx.page, self.dialog)
            except RuntimeError:
                self.dialog.open = False
        self.dialog = None
        self.asking = None

    def _send(self, command) -> None:
        gate = self.ctx.gate()
        refusal = gate.refusal(command)
        if refusal is not None:
            gate.explain(refusal)(None)
            return
        self._close()
        gate.execute(command)

    def _undo(self, _e=None) -> None:
        self._close()
        self.ctx.attempt(self.ctx.session.undo)

    def _fill(self) -> None:
        dialog = self.dialog
        assert dialog is not None
        t = self.ctx.texts.t
        width = min(560, self.ctx.width - 64)
        undo = ids.tag(ids.QUESTION_UNDO, ft.TextButton(content=t("ui.common.undo"), icon=ft.Icons.UNDO,
                                                        on_click=self._undo))
        if self.asking is Awaiting.QUEEN_IN_NEST:
            dialog.title = ft.Row([ft.Icon(ft.Icons.AUTO_AWESOME, color=theme.YELLOW, size=30),
                                   ft.Text(t("ui.bag.queen.title"), size=22, weight=ft.FontWeight.BOLD, expand=True)],
                                  spacing=10)
            dialog.content = ft.Container(self._queen_body(), width=width)
            dialog.actions = [undo]
        else:
            dialog.title = ft.Row([ft.Icon(ft.Icons.BUG_REPORT, color=theme.YELLOW, size=30),
                                   ft.Text(t("ui.bag.retreat.title"), size=22, weight=ft.FontWeight.BOLD,
                                           expand=True)],
                                  spacing=10)
            dialog.content = ft.Container(self._retreat_body(), width=width)
            dialog.actions = [undo]
        dialog.semantics_label = title_text(dialog.title)  # follows a language switch

    # -- the Queen in the Nest --------------------------------------------------
    def _queen_body(self) -> ft.Control:
        ctx = self.ctx
        texts = ctx.texts
        t = texts.t
        game = ctx.game
        draft = draft_of(ctx)
        draft.pick_queen_seat(chosen_seat(draft.queen_seat, game))

        def redraw() -> None:
            self._fill()
            _refresh(self.dialog)

        def set_seat(seat: int) -> None:
            draft.pick_queen_seat(seat)
            redraw()

        def set_place(place: Place) -> None:
            draft.queen_place = place
            redraw()

        def set_hand(hand: int) -> None:
            draft.queen_hand = hand
            redraw()

        no = ids.tag(ids.QUEEN_IN_NEST_NO, styled_button(
            t("ui.bag.queen.no"), icon=ft.Icons.UNDO,
            on_click=lambda _e: self._send(AnswerQueenInNest(character_in_nest=False))))
        rows: list[ft.Control] = [ft.Text(t("ui.bag.queen.question"), size=18, weight=ft.FontWeight.BOLD), no]
        if draft.queen_seat is not None:
            if draft.queen_hand is None:
                yes = waiting_button(ctx.page, t("ui.bag.queen.yes"), reason=t("ui.bag.encounter.hand_needed"),
                                     icon=ft.Icons.WARNING, identifier=ids.QUEEN_IN_NEST_YES, tone="danger")
            else:
                yes = ids.tag(ids.QUEEN_IN_NEST_YES, styled_button(
                    t("ui.bag.queen.yes"), icon=ft.Icons.WARNING, tone="danger",
                    on_click=lambda _e: self._send(AnswerQueenInNest(
                        character_in_nest=True, seat=draft.queen_seat, place=draft.queen_place,
                        hand=draft.queen_hand))))
            rows += [
                ft.Divider(color=theme.OUTLINE),
                ft.Text(t("ui.bag.queen.who"), size=14, color=theme.TEXT_MUTED),
                seat_chips(texts, game, draft.queen_seat, set_seat, ids.queen_seat,
                           nobody=t("ui.bag.encounter.nobody")),
                ft.Text(t("ui.bag.queen.where"), size=14, color=theme.TEXT_MUTED),
                place_chips(texts, game, draft.queen_place, set_place, ids.queen_place),
                ft.Text(t("ui.bag.encounter.hand"), size=14, color=theme.TEXT_MUTED),
                hand_row(draft.queen_hand, set_hand, ids.queen_hand),
                ft.Text(t("ui.bag.encounter.hand_help"), size=13, color=theme.TEXT_MUTED),
                yes,
            ]
        return ft.Column(rows, spacing=10, tight=True, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)

    # -- the Adults retreat -------------------------------------------------------
    def _retreat_body(self) -> ft.Control:
        t = self.ctx.texts.t
        maximum = self.ctx.session.rules.intruders.miniatures["adult"]
        buttons = [
            ids.tag(ids.adults_retreat(n), styled_button(
                str(n), tone="primary" if n else "normal",
                on_click=lambda _e, n=n: self._send(AnswerAdultsRetreat(not_in_combat=n))))
            for n in range(maximum + 1)
        ]
        return ft.Column(
            [ft.Text(t("ui.bag.retreat.question", maximum=maximum), size=18, weight=ft.FontWeight.BOLD),
             ft.Text(t("ui.bag.retreat.help"), size=15, color=theme.TEXT_MUTED),
             ft.Row(buttons, wrap=True, spacing=8, run_spacing=8)],
            spacing=10, tight=True,
        )
