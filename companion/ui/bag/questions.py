"""The bag's open questions as dialogs: is a Character in the Nest (the Queen came out
of bag development)? how many Adults are not in Combat (all 8 were out)?

One prompter per page. It opens the dialog for the view's `bag.awaiting` once no
announcement is in the way (the announcement says why first), keeps it open across
re-renders and closes it when the question is gone (answered on another screen, undone).
The dialog's controls are built when it opens (kit.kept parts) and shown again on every
tap; the Queen question opens with no Character, place or hand size chosen.
"""
from __future__ import annotations

from typing import Any, Callable

import flet as ft

from companion.engine.views import Awaiting, Place
from companion.engine.commands import AnswerAdultsRetreat, AnswerQueenInNest

from .. import ids, theme
from ..announcements import Announcer
from ..context import UiContext
from ..dialogs import Dialog, show_message
from ..kit.chips import LIGHTING_COLOURS, LIGHTING_ICONS, place_label
from ..kit.kept import ActionButton, Changes, Chip
from .draft import HAND_MAX, draft_of
from companion.ui.bag import ids as bag_ids


def _label() -> ft.Text:
    return ft.Text("", size=14, color=theme.TEXT_MUTED)


def _wrap(controls: list[ft.Control]) -> ft.Row:
    return ft.Row(controls, wrap=True, spacing=8, run_spacing=8)


class QueenQuestion:
    """Is a Character in the Nest? No, in one tap; yes, with who, where and how many cards
    in hand, each chosen by the table (nothing is chosen before)."""

    def __init__(self, ctx: UiContext, changes: Changes, send: Callable[..., None],
                 redraw: Callable[[], None]) -> None:
        self.ctx = ctx
        self.changes = changes
        self._send = send
        self._redraw = redraw
        page_of = lambda: ctx.page  # noqa: E731
        self.question = ft.Text("", size=18, weight=ft.FontWeight.BOLD)
        self.no = ActionButton(changes, bag_ids.QUEEN_IN_NEST_NO, icon=ft.Icons.UNDO, page_of=page_of,
                               on_tap=lambda: self._send(AnswerQueenInNest, {"character_in_nest": False}))
        self.who, self.where, self.hand_label = _label(), _label(), _label()
        self.seats_row = _wrap([])
        self.seat_chips: dict[int, Chip] = {}
        self.nobody = theme.muted("", size=14)
        self.places = {place: Chip(changes, bag_ids.queen_place(place.value), lambda place=place: self._pick(place=place))
                       for place in Place}
        self.hands = {n: Chip(changes, bag_ids.queen_hand(n), lambda n=n: self._pick(hand=n)) for n in range(HAND_MAX + 1)}
        self.hand_help = ft.Text("", size=13, color=theme.TEXT_MUTED)
        self.yes = ActionButton(changes, bag_ids.QUEEN_IN_NEST_YES, icon=ft.Icons.WARNING, tone="danger", page_of=page_of,
                                on_tap=self._yes)
        self.root = ft.Column([self.question, self.no.root, ft.Divider(color=theme.OUTLINE), self.who, self.seats_row,
                               self.nobody, self.where, _wrap([chip.root for chip in self.places.values()]),
                               self.hand_label, _wrap([chip.root for chip in self.hands.values()]), self.hand_help,
                               self.yes.root],
                              spacing=10, tight=True, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)

    def _pick(self, *, seat: int | None = None, place: Place | None = None, hand: int | None = None) -> None:
        draft = draft_of(self.ctx)
        if seat is not None:
            draft.pick_queen_seat(seat)
        if place is not None:
            draft.queen_place = place
        if hand is not None:
            draft.queen_hand = hand
        self._redraw()

    def _missing(self) -> str | None:
        draft, t = draft_of(self.ctx), self.ctx.texts.t
        if draft.queen_seat is None:
            return t("ui.events_screen.queen.needs_seat")
        if draft.queen_place is None:
            return t("ui.events_screen.queen.needs_place")
        if draft.queen_hand is None:
            return t("ui.bag.encounter.hand_needed")
        return None

    def _yes(self) -> None:
        draft = draft_of(self.ctx)
        if self._missing() is None:
            self._send(AnswerQueenInNest, {"character_in_nest": True},
                       {"seat": draft.queen_seat, "place": draft.queen_place, "hand": draft.queen_hand})

    def show(self) -> None:
        ctx, put = self.ctx, self.changes.put
        texts, game, draft = ctx.texts, ctx.game, draft_of(ctx)
        t = texts.t
        put(self.question, value=t("ui.bag.queen.question"))
        self.no.show(t("ui.bag.queen.no"), refused=None)
        put(self.who, value=t("ui.bag.queen.who"))
        seats = [member for member in game.crew if member.is_in_facility]
        if draft.queen_seat not in {member.seat for member in seats}:
            draft.pick_queen_seat(None)
        chips = []
        for member in seats:
            chip = self.seat_chips.get(member.seat)
            if chip is None:
                chip = self.seat_chips[member.seat] = Chip(self.changes, bag_ids.queen_seat(member.seat),
                                                           lambda seat=member.seat: self._pick(seat=seat))
            chip.show(member.name, sublabel=texts.character(member.character), selected=member.seat == draft.queen_seat,
                      icon=ft.Icons.PERSON)
            chips.append(chip.root)
        if len(chips) != len(self.seats_row.controls) or any(a is not b for a, b in zip(chips, self.seats_row.controls)):
            self.seats_row.controls = chips
        put(self.nobody, visible=not seats)
        if not seats:
            put(self.nobody, value=t("ui.bag.encounter.nobody"))
        put(self.where, value=t("ui.bag.queen.where"))
        for place, lighting in game.lighting.items():
            self.places[place].show(place_label(texts, place), selected=place == draft.queen_place,
                                    icon=LIGHTING_ICONS[lighting], icon_colour=LIGHTING_COLOURS[lighting])
        put(self.hand_label, value=t("ui.bag.encounter.hand"))
        for n, chip in self.hands.items():
            chip.show(str(n), selected=n == draft.queen_hand)
        put(self.hand_help, value=t("ui.bag.encounter.hand_help"))
        self.yes.show(t("ui.bag.queen.yes"), refused=self._missing())


class AdultsQuestion:
    """How many Adults are not in Combat: one button per count."""

    def __init__(self, ctx: UiContext, changes: Changes, send: Callable[..., None]) -> None:
        self.ctx = ctx
        self.changes = changes
        maximum = ctx.session.rules.intruders.miniatures["adult"]
        self.question = ft.Text("", size=18, weight=ft.FontWeight.BOLD)
        self.help = ft.Text("", size=15, color=theme.TEXT_MUTED)
        self.counts = {n: ActionButton(changes, bag_ids.adults_retreat(n), tone="primary" if n else "normal",
                                       page_of=lambda: ctx.page,
                                       on_tap=lambda n=n: send(AnswerAdultsRetreat, {"not_in_combat": n}))
                       for n in range(maximum + 1)}
        self.root = ft.Column([self.question, self.help, _wrap([button.root for button in self.counts.values()])],
                              spacing=10, tight=True)

    def show(self) -> None:
        t = self.ctx.texts.t
        maximum = len(self.counts) - 1
        self.changes.put(self.question, value=t("ui.bag.retreat.question", maximum=maximum))
        self.changes.put(self.help, value=t("ui.bag.retreat.help"))
        for n, button in self.counts.items():
            button.show(str(n), refused=None)


class QuestionPrompter:
    def __init__(self, ctx: UiContext, announcer: Announcer) -> None:
        self.ctx = ctx
        self.announcer = announcer
        self.dialog: Dialog | None = None
        self.asking: Awaiting | None = None
        self.body: QueenQuestion | AdultsQuestion | None = None
        self.changes = Changes()  # the open dialog's; it is updated whole (it is small)
        self.title = ft.Text("", size=22, weight=ft.FontWeight.BOLD, expand=True)
        self.undo_label = ft.Text("")
        self.parts: tuple[ft.Control, ft.Control, list[ft.Control]] = (self.title, ft.Container(), [])  # the dialog's

    @property
    def is_open(self) -> bool:
        return self.dialog is not None and self.dialog.is_open

    def sync(self) -> None:
        game = self.ctx.game if self.ctx.in_game else None
        awaiting = game.bag.awaiting if game is not None and not game.is_over else None
        if awaiting is None or (self.is_open and self.asking is not awaiting):
            self._close()
        if awaiting is None:
            return
        if self.is_open:
            self._fill()  # language switch, another tab's change: same question, fresh text
            return
        if self.announcer.is_open:
            return  # asked once the announcement is dismissed
        self.asking = awaiting
        draft_of(self.ctx).new_queen_answer()  # asked afresh for each question
        self._build(awaiting)
        self._fill()

    def _build(self, awaiting: Awaiting) -> None:
        changes = self.changes = Changes()
        queen = awaiting is Awaiting.QUEEN_IN_NEST
        self.body = QueenQuestion(self.ctx, changes, self._send, self._redraw) if queen \
            else AdultsQuestion(self.ctx, changes, self._send)
        icon = ft.Icons.AUTO_AWESOME if queen else ft.Icons.BUG_REPORT
        undo = ids.tag(bag_ids.QUESTION_UNDO, ft.TextButton(content=self.undo_label, icon=ft.Icons.UNDO,
                                                        on_click=self._undo))
        self.dialog = Dialog(self.ctx.page, self.ctx.texts, scrollable=True, bgcolor=theme.SURFACE_HIGH)
        self.parts = (ft.Row([ft.Icon(icon, color=theme.YELLOW, size=30), self.title], spacing=10),
                      ft.Container(self.body.root, width=min(560, self.ctx.width - 64)), [undo])

    def _fill(self) -> None:
        """Opens the dialog, or shows the open one afresh (its title follows a language switch)."""
        dialog, body = self.dialog, self.body
        assert dialog is not None and body is not None
        t = self.ctx.texts.t
        self.title.value = t("ui.bag.queen.title") if self.asking is Awaiting.QUEEN_IN_NEST \
            else t("ui.bag.retreat.title")
        self.undo_label.value = t("ui.common.undo")
        body.show()
        self.changes.take()
        title, content, actions = self.parts
        dialog.show(title=title, body=content, actions=actions)

    def _redraw(self) -> None:
        if self.dialog is not None:
            self._fill()

    def _close(self) -> None:
        if self.dialog is not None:
            self.dialog.close()
        self.dialog = None
        self.asking = None
        self.body = None

    def _send(self, command: type, fixed: dict[str, Any], picked: dict[str, Any] | None = None) -> None:
        """The answer as the newest feed offers it: refused, the reason is told; gone, so said."""
        ctx, picked = self.ctx, picked or {}
        action = ctx.action(command, **fixed)
        if action is not None and action.refusal is not None:
            show_message(ctx.page, ctx.texts.error(action.refusal))
            return
        if action is None or not action.allows(**picked):
            show_message(ctx.page, ctx.texts.t("error.action_gone"))
            return
        self._close()
        ctx.gate().execute(action.command(**picked))

    def _undo(self, _e=None) -> None:
        self._close()
        self.ctx.attempt(self.ctx.session.undo)
