"""The Victory Check on the table: a stepper (0 to 4), the current step, and a way back
(undo, which stops at a reveal). Everything is read from the table's view, so a
restarted app shows the same step; a player's private steps go to their phone, or to
the shared device handed to them.

Kept (kit.kept): each step is built the first time it is reached and kept. Each step
puts its main action first, right under the stepper, so a small phone shows it without
scrolling; what it acts on follows. It is one piece because the stepper and its
steps move together on one view; each step is a short part of it."""
from __future__ import annotations

from datetime import datetime, timezone
from typing import Any, Callable

import flet as ft

from companion.engine.commands import (
    ConfirmRoster,
    CorrectEndReason,
    CorrectRoster,
    EnterActiveContingency,
    RevealActiveContingency,
    RevealContamination,
    RevealObjectives,
    StartContaminationChecks,
    StartVictoryCheck,
)
from companion.engine.commands import GameCommand
from companion.engine.views import VictoryStep
from companion.engine.views import VictoryView
from companion.vocab import EndReason, Mode, Pod, Whereabouts
from companion.hosting.qr import qr_png

from .. import ids, theme
from ..context import UiContext
from ..kit.chips import label
from ..kit.handoff import VICTORY as HANDED_FOR_VICTORY
from ..kit.handoff import HandoffPart, hand_to, may_hand_to
from ..dialogs import show_message
from ..kit.kept import PHONE, ActionButton, Card, Changes, Chip, KeptScreen, KeyedItems, OfferButton
from ..kit.parts import Later, LinkButton, Pill
from ..routes import TABLE, VICTORY
from .names import TokenFace, place_text
from .private import PrivateVictory, private_work_left
from .summary import game_length, summary_text, verdict_lines
from companion.ui.victory import ids as victory_ids

TABLE_SCREEN = TABLE
VICTORY_SCREEN = VICTORY
STEP_ICONS = {
    VictoryStep.ROSTER: ft.Icons.GROUPS,
    VictoryStep.CONTINGENCY: ft.Icons.GPP_MAYBE,
    VictoryStep.CONTAMINATION: ft.Icons.BIOTECH,
    VictoryStep.OBJECTIVES: ft.Icons.FLAG,
    VictoryStep.RESULT: ft.Icons.EMOJI_EVENTS,
}
# The places a Character can have been in at the end, as the table may correct them.
PLACES = [(Whereabouts.FACILITY, None), (Whereabouts.ISOLATION, None), (Whereabouts.BUNKER, None),
          (Whereabouts.POD, Pod.A), (Whereabouts.POD, Pod.B), (Whereabouts.POD, Pod.C), (Whereabouts.DEAD, None)]
FIXING = "victory_fixing"
REASON = "victory_reason"


def _row(controls) -> ft.Row:
    return ft.Row(list(controls), wrap=True, spacing=8, run_spacing=8)


def _send_offered(ctx: UiContext, command: type[GameCommand], **fixed) -> None:
    """A chip's tap: the newest feed's action, sent (asking its confirmation first)."""
    action = ctx.action(command, **fixed)
    if action is None:
        show_message(ctx.page, ctx.texts.t("error.action_gone"))
        return
    ctx.gate().run_action(action, {})


# --------------------------------------------------------------------- the way in
class VictoryEntry:
    """The end panel's way in: starts the walkthrough if needed, then opens it; nothing
    when everyone lost (p.12: there is nothing to check)."""

    def __init__(self, changes: Changes, ctx_of: Callable[[], UiContext]) -> None:
        self.changes = changes
        self.ctx_of = ctx_of
        self.lost = ft.Text("", size=17, weight=ft.FontWeight.BOLD, color=theme.RED)
        self.lost_tag = ids.tag(victory_ids.VICTORY_EVERYONE_LOST, self.lost)
        self.start = OfferButton(changes, victory_ids.VICTORY_ENTRY, icon=ft.Icons.EMOJI_EVENTS, tone="primary",
                                 gate_of=lambda: ctx_of().gate(), page_of=lambda: ctx_of().page, on_tap=self._start)
        self.resume = ActionButton(changes, victory_ids.VICTORY_ENTRY, icon=ft.Icons.EMOJI_EVENTS, tone="warning",
                                   page_of=lambda: ctx_of().page, on_tap=lambda: ctx_of().navigate(VICTORY_SCREEN))
        self.root = ft.Column([self.lost_tag, self.start.root, self.resume.root], spacing=0, tight=True)

    def _start(self) -> None:
        ctx = self.ctx_of()
        action = ctx.action(StartVictoryCheck)
        if action is None:
            show_message(ctx.page, ctx.texts.t("error.action_gone"))
            return
        if ctx.gate().execute(action.command()):
            ctx.navigate(VICTORY_SCREEN)

    def show(self) -> None:
        ctx, put = self.ctx_of(), self.changes.put
        t = ctx.texts.t
        victory = ctx.game.victory
        lost = victory is None and ctx.game.everyone_lost
        put(self.lost_tag, visible=lost)
        if lost:
            put(self.lost, value=t("ui.victory.everyone_lost"))
        self.start.show_action(ctx.action(StartVictoryCheck), t("ui.victory.start"),
                               visible=victory is None and not lost)
        self.resume.show(t("ui.victory.resume", step=int(victory.step)) if victory is not None else "", refused=None,
                         visible=victory is not None)


# --------------------------------------------------------------------- frame
class Stepper:
    """Steps 0 to 4: done, current, to come."""

    def __init__(self, screen: "VictoryScreen") -> None:
        self.screen = screen
        self.items = {step: _StepMark(screen.changes, step) for step in VictoryStep}
        self.root = ids.tag(victory_ids.VICTORY_STEPPER, _row(mark.root for mark in self.items.values()))

    def show(self, victory: VictoryView) -> None:
        ctx = self.screen.ctx
        for step, mark in self.items.items():
            mark.show(ctx, step, current=step is victory.step, done=step < victory.step,
                      short=self.screen.layout == PHONE)


class _StepMark:
    def __init__(self, changes: Changes, step: VictoryStep) -> None:
        self.changes = changes
        self.icon = ft.Icon(STEP_ICONS[step], size=16)
        self.text = ft.Text("", size=13)
        self.frame = ft.Container(content=ft.Row([self.icon, self.text], spacing=4, tight=True), border_radius=16,
                                  padding=ft.Padding.symmetric(horizontal=10, vertical=6))
        self.root = ft.Semantics(identifier=victory_ids.victory_step(int(step)), selected=False, label="", content=self.frame)

    def show(self, ctx: UiContext, step: VictoryStep, *, current: bool, done: bool, short: bool) -> None:
        t, put = ctx.texts.t, self.changes.put
        colour = theme.YELLOW if current else (theme.GREEN if done else theme.OUTLINE)
        name = t(f"ui.victory.step.{step.name.lower()}")
        put(self.root, selected=current, label=t("ui.victory.step_label", step=int(step), name=name))
        put(self.icon, icon=ft.Icons.CHECK if done else STEP_ICONS[step], color=colour)
        put(self.text, value=f"{int(step)}" if short else f"{int(step)} · {name}",
            weight=ft.FontWeight.BOLD if current else ft.FontWeight.NORMAL)
        put(self.frame, border=ft.Border.all(3 if current else 1, colour),
            bgcolor=theme.SURFACE_HIGH if done else theme.SURFACE)


class StepBack:
    """Undo, as a step back; it stops at a reveal (the Active token, a draw)."""

    def __init__(self, screen: "VictoryScreen") -> None:
        self.screen = screen
        self.button = ActionButton(screen.changes, victory_ids.VICTORY_STEP_BACK, icon=ft.Icons.UNDO, compact=True,
                                   page_of=screen.page, on_tap=self._undo)
        self.none = theme.muted("", size=13)
        self.root = ft.Row([self.button.root, self.none], wrap=True, spacing=8)

    def _undo(self) -> None:
        ctx = self.screen.ctx
        ctx.attempt(lambda: ctx.session.undo())

    def show(self) -> None:
        ctx, put = self.screen.ctx, self.screen.changes.put
        t = ctx.texts.t
        undo = ctx.feed.undo if ctx.feed is not None else None
        can = undo is not None and undo.can_undo
        self.button.show(t("ui.victory.step_back"), refused=None if can else t("ui.victory.no_step_back"))
        put(self.none, visible=not can)
        if not can:
            put(self.none, value=t("ui.victory.no_step_back"))


class _Who:
    """A player and their marks: one row on a wide screen, the marks under the name on a
    phone (a wrapping row cannot hold the name's expanding column)."""

    def __init__(self, changes: Changes, marks: list[ft.Control], *, phone: bool) -> None:
        self.changes = changes
        self.name = ft.Text("", size=16, weight=ft.FontWeight.BOLD)
        self.character = theme.muted("", size=13)
        self.marks = ft.Row(marks, wrap=True, spacing=8, run_spacing=8)
        if phone:
            self.root: ft.Control = ft.Column([ft.Column([self.name, self.character], spacing=0, tight=True),
                                               self.marks], spacing=6, tight=True)
        else:
            self.root = ft.Row([ft.Column([self.name, self.character], spacing=0, tight=True, expand=True),
                                self.marks], spacing=8, vertical_alignment=ft.CrossAxisAlignment.CENTER)

    def show(self, ctx: UiContext, seat: int) -> None:
        member = ctx.game.member(seat)
        self.changes.put(self.name, value=member.name)
        self.changes.put(self.character, value=ctx.texts.character(member.character))


# --------------------------------------------------------------------- by hand
class StartByHand:
    """Started by hand: the tracker has not ended the game, the table says why it ended."""

    def __init__(self, screen: "VictoryScreen") -> None:
        self.screen = screen
        changes = screen.changes
        self.entry = VictoryEntry(changes, lambda: screen.ctx)
        self.entry_card = theme.card(self.entry.root)
        self.by_hand = ft.Text("", size=15)
        self.reason_label = label("")
        self.reasons = {reason: Chip(changes, victory_ids.victory_reason(reason.value), lambda r=reason: self._pick(r))
                        for reason in EndReason}
        self.start = OfferButton(changes, victory_ids.VICTORY_START, icon=ft.Icons.EMOJI_EVENTS, tone="danger",
                                 gate_of=screen.gate, page_of=screen.page)
        self.form = theme.card(ft.Column([self.by_hand, self.reason_label,
                                          _row(chip.root for chip in self.reasons.values()), self.start.root],
                                         spacing=10))
        self.root = ft.Column([self.entry_card, self.form], spacing=theme.GAP)

    def _pick(self, reason: EndReason) -> None:
        self.screen.ctx.extras[REASON] = reason
        self.screen.ctx.rerender()

    def show(self) -> None:
        ctx, put = self.screen.ctx, self.screen.changes.put
        t = ctx.texts.t
        over = ctx.game.is_over
        put(self.entry_card, visible=over)
        put(self.form, visible=not over)
        if over:
            self.entry.show()
            return
        chosen = ctx.extras.get(REASON)
        put(self.by_hand, value=t("ui.victory.by_hand"))
        put(self.reason_label, value=t("ui.victory.reason"))
        for reason, chip in self.reasons.items():
            chip.show(t(f"end_reason.{reason.value}"), selected=reason is chosen)
        self.start.show_action(ctx.action(StartVictoryCheck, reason=chosen) if chosen is not None else None,
                               t("ui.victory.start"))


# --------------------------------------------------------------------- step 0
class RosterStep:
    """Who was where at the end, and why the game ended: confirmed in one tap, corrected
    where the table says otherwise."""

    def __init__(self, screen: "VictoryScreen") -> None:
        self.screen = screen
        changes = screen.changes
        self.help = theme.muted("", size=14)
        self.confirm = OfferButton(changes, victory_ids.VICTORY_CONFIRM_ROSTER, icon=ft.Icons.CHECK, tone="primary",
                                   gate_of=screen.gate, page_of=screen.page)
        self.reason_label = label("")
        self.reasons = {reason: Chip(changes, victory_ids.victory_reason(reason.value),
                                     lambda r=reason: _send_offered(screen.ctx, CorrectEndReason, reason=r))
                        for reason in EndReason}
        self.cause = theme.muted("")
        self.reason_card = Card(changes, ft.Column([self.reason_label, _row(chip.root for chip in self.reasons.values()),
                                                    self.cause], spacing=8))
        self.rows_column = ft.Column([], spacing=12)
        self.rows: KeyedItems[_RosterRow] = KeyedItems(changes, self.rows_column,
                                                       lambda seat: _RosterRow(screen, int(seat)))
        self.who = Card(changes, self.rows_column)
        self.root = ft.Column([ft.Column([self.help, self.confirm.root], spacing=8), self.who.root,
                               self.reason_card.root], spacing=theme.GAP,
                              horizontal_alignment=ft.CrossAxisAlignment.STRETCH)

    def show(self, victory: VictoryView) -> None:
        ctx, put = self.screen.ctx, self.screen.changes.put
        t = ctx.texts.t
        end = ctx.game.end
        put(self.help, value=t("ui.victory.roster.help"))
        self.confirm.show_action(ctx.action(ConfirmRoster), t("ui.victory.roster.confirm"))
        self.reason_card.show(t("ui.victory.step.roster"))
        put(self.reason_label, value=t("ui.victory.reason"))
        for reason, chip in self.reasons.items():
            chip.show(t(f"end_reason.{reason.value}"), selected=reason is victory.reason)
        cause = end is not None and end.destruction_cause is not None and \
            victory.reason is EndReason.FACILITY_DESTROYED
        put(self.cause, visible=cause)
        if cause:
            put(self.cause, value=t("ui.end.cause", cause=t(f"destruction_cause.{end.destruction_cause.value}")))
        self.who.show(t("ui.victory.roster.who"))
        fixing = ctx.extras.get(FIXING)
        self.rows.show(((entry.seat, entry) for entry in victory.roster),
                       lambda row, entry: row.show(entry, fixing=fixing == entry.seat))


class _RosterRow:
    def __init__(self, screen: "VictoryScreen", seat: int) -> None:
        self.screen = screen
        changes = screen.changes
        self.seat = seat
        self.place = Pill(changes)
        self.fate = Pill(changes)
        self.fix = ft.IconButton(icon=ft.Icons.EDIT, on_click=lambda _e: self._toggle())
        self.who = _Who(changes, [self.place.root, self.fate.root, ids.tag(victory_ids.victory_fix(seat), self.fix)],
                        phone=screen.layout == PHONE)
        self.corrected = theme.muted("", size=12)
        self.places = {(where, pod): Chip(changes, victory_ids.victory_place(seat, f"{where.value}-{pod.value}" if pod
                                                                     else where.value),
                                          lambda w=where, p=pod: _send_offered(
                                              screen.ctx, CorrectRoster, seat=seat, whereabouts=w, pod=p))
                       for where, pod in PLACES}
        self.places_row = _row(chip.root for chip in self.places.values())
        self.root = ids.tag(victory_ids.victory_roster(seat), ft.Column([self.who.root, self.corrected, self.places_row],
                                                                spacing=6))

    def _toggle(self) -> None:
        ctx = self.screen.ctx
        ctx.extras[FIXING] = None if ctx.extras.get(FIXING) == self.seat else self.seat
        ctx.rerender()

    def show(self, entry, *, fixing: bool) -> None:
        ctx, put = self.screen.ctx, self.screen.changes.put
        t = ctx.texts.t
        alive = entry.survives_the_end
        self.who.show(ctx, entry.seat)
        self.place.show(place_text(ctx.texts, entry.whereabouts, entry.pod), bgcolor=theme.SURFACE_HIGH)
        self.fate.show(t("ui.victory.roster.survives" if alive else "ui.victory.roster.dies"),
                       bgcolor=theme.GREEN if alive else theme.RED_DARK)
        put(self.fix, tooltip=t("ui.victory.roster.fix"))
        put(self.corrected, visible=entry.corrected)
        if entry.corrected:
            put(self.corrected, value=t("ui.victory.roster.corrected"))
        put(self.places_row, visible=fixing)
        if fixing:
            for (where, pod), chip in self.places.items():
                chip.show(place_text(ctx.texts, where, pod), selected=(where, pod) == (entry.whereabouts, entry.pod))


# --------------------------------------------------------------------- step 1
class ContingencyStep:
    """The Active token: revealed by the app (its tokens) or entered from the table's;
    then who it kills."""

    def __init__(self, screen: "VictoryScreen") -> None:
        self.screen = screen
        changes = screen.changes
        self.reveal_help = ft.Text("", size=15)
        self.reveal = OfferButton(changes, victory_ids.VICTORY_REVEAL_ACTIVE, icon=ft.Icons.VISIBILITY, tone="primary",
                                  gate_of=screen.gate, page_of=screen.page)
        self.enter_help = ft.Text("", size=15)
        self.effects: dict[str, str] = {}
        for token in screen.ctx.session.rules.contingency:
            self.effects.setdefault(token.effect, token.id)
        self.tokens = {effect: Chip(changes, victory_ids.victory_token(effect),
                                    lambda token_id=token_id: _send_offered(screen.ctx, EnterActiveContingency,
                                                                            token=token_id))
                       for effect, token_id in self.effects.items()}
        self.enter_row = _row(chip.root for chip in self.tokens.values())
        self.ask = Card(changes, ft.Column([self.reveal_help, self.reveal.root, self.enter_help, self.enter_row],
                                           spacing=10))
        self.next = OfferButton(changes, victory_ids.VICTORY_TO_CONTAMINATION, icon=ft.Icons.ARROW_FORWARD, tone="primary",
                                gate_of=screen.gate, page_of=screen.page)
        self.face = TokenFace(changes)
        self.unconfirmed = theme.muted("", size=13)
        self.lines_column = ft.Column([], spacing=10)
        self.lines: KeyedItems[_FateLine] = KeyedItems(changes, self.lines_column,
                                                       lambda _seat: _FateLine(changes, phone=screen.layout == PHONE))
        self.nobody = theme.muted("", size=14)
        self.active = Card(changes, ft.Column([ids.tag(victory_ids.VICTORY_ACTIVE, self.face.root), self.unconfirmed,
                                               self.lines_column, self.nobody], spacing=10))
        self.root = ft.Column([self.ask.root, self.next.root, self.active.root], spacing=theme.GAP,
                              horizontal_alignment=ft.CrossAxisAlignment.STRETCH)

    def show(self, victory: VictoryView) -> None:
        ctx, put = self.screen.ctx, self.screen.changes.put
        t = ctx.texts.t
        revealed = victory.active is not None
        put(self.ask.root, visible=not revealed)
        put(self.next.root, visible=revealed)
        put(self.active.root, visible=revealed)
        if not revealed:
            self.ask.show(t("ui.victory.step.contingency"))
            digital = not victory.physical_tokens
            put(self.reveal_help, visible=digital)
            put(self.enter_help, visible=not digital)
            put(self.enter_row, visible=not digital)
            if digital:
                put(self.reveal_help, value=t("ui.victory.contingency.reveal_help"))
            self.reveal.show_action(ctx.action(RevealActiveContingency), t("ui.victory.contingency.reveal"),
                                    visible=digital)
            if not digital:
                put(self.enter_help, value=t("ui.victory.contingency.enter_help"))
                rules = ctx.session.rules
                for effect, chip in self.tokens.items():
                    chip.show(t(f"contingency.{effect}"), selected=False,
                              sublabel=t(f"contingency_colour.{rules.contingency_token(self.effects[effect]).colour}"))
            return
        self.next.show_action(ctx.action(StartContaminationChecks), t("ui.victory.contingency.next"))
        self.active.show(t("ui.victory.contingency.active"))
        self.face.show(ctx.texts, victory.active)  # type: ignore[arg-type]
        put(self.unconfirmed, visible=victory.active.unconfirmed)  # type: ignore[union-attr]
        if victory.active.unconfirmed:  # type: ignore[union-attr]
            put(self.unconfirmed, value=t("ui.victory.contingency.unconfirmed"))
        survivors = [entry for entry in victory.roster if entry.survives_the_end]
        self.lines.show(((entry.seat, entry) for entry in survivors), lambda line, entry: line.show(
            ctx, entry.seat, _fact(ctx, victory, entry), entry.seat in victory.contingency_deaths))
        put(self.nobody, visible=not survivors)
        if not survivors:
            put(self.nobody, value=t("ui.victory.nobody_left"))


class _FateLine:
    def __init__(self, changes: Changes, *, phone: bool) -> None:
        self.changes = changes
        self.fact = Pill(changes)
        self.fate = Pill(changes)
        self.who = _Who(changes, [self.fact.root, self.fate.root], phone=phone)
        self.root = self.who.root

    def show(self, ctx: UiContext, seat: int, fact: str, dies: bool) -> None:
        t = ctx.texts.t
        self.who.show(ctx, seat)
        self.fact.show(fact, bgcolor=theme.SURFACE_HIGH)
        self.fate.show(t("ui.victory.contingency.dies" if dies else "ui.victory.contingency.lives"),
                       bgcolor=theme.RED_DARK if dies else theme.GREEN)


def _fact(ctx: UiContext, victory: VictoryView, entry) -> str:
    """What the Active token read of this Character: its Knowledge, its Signal, or where it is."""
    t = ctx.texts.t
    member = ctx.game.member(entry.seat)
    effect = victory.active.effect if victory.active is not None else ""
    if effect.startswith("knowledge_"):
        return t("ui.victory.contingency.knowledge", value=member.knowledge)
    if effect == "no_signal_dies":
        return t("ui.victory.contingency.signal_sent" if member.signal_sent else "ui.victory.contingency.no_signal")
    return place_text(ctx.texts, entry.whereabouts, entry.pod)


# --------------------------------------------------------------------- steps 2 and 3: each player's private part
class _PrivateRow:
    """A survivor's private step as the table sees it: waiting, done, settled by the app,
    on their phone, or the device to hand them (never once they are done)."""

    def __init__(self, screen: "VictoryScreen", seat: int) -> None:
        self.screen = screen
        changes = screen.changes
        self.seat = seat
        self.status = Pill(changes, identifier=victory_ids.victory_status(seat))
        self.on_phone = Pill(changes)
        self.hand = ActionButton(changes, victory_ids.victory_handoff(seat), icon=ft.Icons.SEND_TO_MOBILE, tone="primary",
                                 compact=True, page_of=screen.page, on_tap=self._hand)
        self.curtain = True
        self.who = _Who(changes, [self.status.root, self.on_phone.root, self.hand.root], phone=screen.layout == PHONE)
        self.root = self.who.root

    def _hand(self) -> None:
        hand_to(self.screen.ctx, self.seat, HANDED_FOR_VICTORY, curtain=self.curtain)

    def show(self, *, finished: bool, certain: bool, purpose_key: str, curtain: bool) -> None:
        ctx = self.screen.ctx
        t = ctx.texts.t
        self.curtain = curtain
        self.who.show(ctx, self.seat)
        status = "ui.victory.contamination.certain" if certain else \
            "ui.victory.done" if finished else "ui.victory.waiting"
        self.status.show(t(status), bgcolor=theme.GREEN if finished else theme.SURFACE_HIGH)
        on_phone = not certain and not may_hand_to(ctx, self.seat)
        # Their private steps are on their phone: this device is never handed to them.
        self.on_phone.show(t("ui.victory.on_phone"), bgcolor=theme.BLUE_DARK, visible=on_phone)
        offered = not (certain or on_phone or finished)
        self.hand.show(t(purpose_key, name=ctx.game.member(self.seat).name), refused=None, visible=offered)


class _PrivateRows:
    def __init__(self, screen: "VictoryScreen") -> None:
        self.screen = screen
        self.root = ft.Column([], spacing=10)
        self.rows: KeyedItems[_PrivateRow] = KeyedItems(screen.changes, self.root,
                                                        lambda seat: _PrivateRow(screen, int(seat)))

    def show(self, seats: list[int], done: set[int], purpose_key: str, *, curtain: bool = True,
             certain: frozenset[int] = frozenset()) -> None:
        self.rows.show(((seat, seat) for seat in seats), lambda row, seat: row.show(
            finished=seat in done, certain=seat in certain, purpose_key=purpose_key, curtain=curtain))


class ContaminationStep:
    def __init__(self, screen: "VictoryScreen") -> None:
        self.screen = screen
        changes = screen.changes
        self.reveal = OfferButton(changes, victory_ids.VICTORY_REVEAL_CONTAMINATION, icon=ft.Icons.ARROW_FORWARD,
                                  tone="primary", gate_of=screen.gate, page_of=screen.page)
        self.rows = _PrivateRows(screen)
        self.nobody = theme.muted("", size=14)
        self.help = theme.muted("", size=14)
        self.card = Card(changes, ft.Column([self.rows.root, self.nobody, self.help], spacing=10))
        self.root = ft.Column([self.reveal.root, self.card.root], spacing=theme.GAP,
                              horizontal_alignment=ft.CrossAxisAlignment.STRETCH)

    def show(self, victory: VictoryView) -> None:
        t, put = self.screen.ctx.texts.t, self.screen.changes.put
        seats = [status.seat for status in victory.contamination]
        done = {status.seat for status in victory.contamination if status.settled}
        certain = frozenset(status.seat for status in victory.contamination if status.certain)
        self.reveal.show_action(self.screen.ctx.action(RevealContamination), t("ui.victory.contamination.reveal"))
        self.card.show(t("ui.victory.step.contamination"))
        self.rows.show(seats, done, "ui.victory.contamination.hand", certain=certain)
        put(self.nobody, visible=not seats)
        if not seats:
            put(self.nobody, value=t("ui.victory.nobody_left"))
        put(self.help, value=t("ui.victory.contamination.help"))


class ObjectivesStep:
    def __init__(self, screen: "VictoryScreen") -> None:
        self.screen = screen
        changes = screen.changes
        # The time it finished is the tap's: the command is made when it is sent.
        self.reveal = OfferButton(changes, victory_ids.VICTORY_REVEAL_OBJECTIVES, icon=ft.Icons.EMOJI_EVENTS,
                                  tone="primary", gate_of=screen.gate, page_of=screen.page, on_tap=self._reveal)
        self.deaths_column = ft.Column([], spacing=10)
        self.deaths: KeyedItems[_DeathLine] = KeyedItems(changes, self.deaths_column,
                                                         lambda _seat: _DeathLine(changes, phone=screen.layout == PHONE))
        self.rows = _PrivateRows(screen)
        self.nobody = theme.muted("", size=14)
        self.help = theme.muted("", size=14)
        self.card = Card(changes, ft.Column([self.deaths_column, self.rows.root, self.nobody, self.help], spacing=10))
        self.root = ft.Column([self.reveal.root, self.card.root], spacing=theme.GAP,
                              horizontal_alignment=ft.CrossAxisAlignment.STRETCH)

    def _reveal(self) -> None:
        ctx = self.screen.ctx
        action = ctx.action(RevealObjectives)
        if action is None:
            show_message(ctx.page, ctx.texts.t("error.action_gone"))
            return
        # The offered reveal, stamped with the tap's time (the game's length, not a choice).
        finished = datetime.now(timezone.utc).replace(microsecond=0)
        self.screen.gate().run(action.command().model_copy(update={"finished_at": finished}), confirm=action.confirm,
                               title=self.reveal.title)

    def show(self, victory: VictoryView) -> None:
        ctx, put = self.screen.ctx, self.screen.changes.put
        t = ctx.texts.t
        self.reveal.show_action(ctx.action(RevealObjectives), t("ui.victory.objectives.reveal"))
        self.card.show(t("ui.victory.step.objectives"))
        deaths = [status for status in victory.contamination if status.dies]
        self.deaths.show(((status.seat, status) for status in deaths), lambda line, status: line.show(ctx, status.seat))
        coop = ctx.game.mode is Mode.COOP
        done = {status.seat for status in victory.objectives if status.entered}
        self.rows.show(list(victory.objective_seats), done, "ui.victory.objectives.hand", curtain=not coop)
        put(self.nobody, visible=not victory.objective_seats)
        if not victory.objective_seats:
            put(self.nobody, value=t("ui.victory.nobody_left"))
        put(self.help, value=t("ui.victory.objectives.help_coop" if coop else "ui.victory.objectives.help"))


class _DeathLine:
    def __init__(self, changes: Changes, *, phone: bool) -> None:
        self.pill = Pill(changes)
        self.who = _Who(changes, [self.pill.root], phone=phone)
        self.root = self.who.root

    def show(self, ctx: UiContext, seat: int) -> None:
        self.who.show(ctx, seat)
        self.pill.show(ctx.texts.t("death_cause.contamination"), bgcolor=theme.RED_DARK)


# --------------------------------------------------------------------- step 4
class ResultStep:
    def __init__(self, screen: "VictoryScreen") -> None:
        self.screen = screen
        changes = screen.changes
        self.team = ft.Text("", size=18, weight=ft.FontWeight.BOLD)
        self.nobody = ft.Text("", size=18, weight=ft.FontWeight.BOLD)
        self.verdicts_column = ft.Column([], spacing=10)
        self.verdicts: KeyedItems[_Verdict] = KeyedItems(changes, self.verdicts_column,
                                                         lambda seat: _Verdict(changes, int(seat)))
        self.length = theme.muted("", size=14)
        self.result = Card(changes, ft.Column([self.team, self.nobody, self.verdicts_column, self.length], spacing=10),
                           identifier=victory_ids.VICTORY_RESULT)
        self.share_label = label("")
        self.summary = ft.Text("", size=13, selectable=True)
        self.qr = ft.Image(src=b"", filter_quality=ft.FilterQuality.NONE)
        self.qr_help = theme.muted("", size=13)
        self.shared = ""
        self.share = theme.card(ft.Column([self.share_label, ids.tag(victory_ids.VICTORY_SUMMARY, self.summary),
                                           ids.tag(victory_ids.VICTORY_QR, self.qr), self.qr_help], spacing=10,
                                          horizontal_alignment=ft.CrossAxisAlignment.CENTER))
        self.root = ft.Column([self.result.root, self.share], spacing=theme.GAP,
                              horizontal_alignment=ft.CrossAxisAlignment.STRETCH)

    def show(self, victory: VictoryView) -> None:
        ctx, put = self.screen.ctx, self.screen.changes.put
        t = ctx.texts.t
        game = ctx.game
        self.result.show(t("ui.victory.step.result"))
        put(self.team, visible=victory.team_wins is not None)
        if victory.team_wins is not None:
            put(self.team, value=t("ui.victory.result.team_won" if victory.team_wins else "ui.victory.result.team_lost"),
                color=theme.GREEN if victory.team_wins else theme.RED)
        nobody = not any(v.wins for v in victory.verdicts) and victory.team_wins is None
        put(self.nobody, visible=nobody)
        if nobody:
            put(self.nobody, value=t("ui.victory.result.nobody"))
        self.verdicts.show(((verdict.seat, verdict) for verdict in victory.verdicts),
                           lambda row, verdict: row.show(ctx, verdict.wins))
        put(self.length, value=game_length(ctx.texts, victory))
        text = summary_text(ctx.texts, game)
        put(self.share_label, value=t("ui.victory.summary.share"))
        put(self.summary, value=text)
        if text != self.shared:
            self.shared = text
            put(self.qr, src=qr_png(text))
        size = min(320.0, ctx.width - 80)
        put(self.qr, width=size, height=size)
        put(self.qr_help, value=t("ui.victory.summary.qr_help"))


class _Verdict:
    def __init__(self, changes: Changes, seat: int) -> None:
        self.changes = changes
        self.seat = seat
        self.icon = ft.Icon(ft.Icons.CLOSE)
        self.head = ft.Text("", size=16, weight=ft.FontWeight.BOLD, expand=True)
        self.details = ft.Text("", size=14)
        self.frame = ft.Container(content=ft.Column([ft.Row([self.icon, self.head], spacing=8), self.details],
                                                    spacing=4, tight=True),
                                  bgcolor=theme.SURFACE_HIGH, border_radius=theme.RADIUS, padding=10)
        self.root = ids.tag(victory_ids.victory_verdict(seat), self.frame)

    def show(self, ctx: UiContext, wins: bool) -> None:
        put = self.changes.put
        head, details = verdict_lines(ctx.texts, ctx.game, self.seat)
        put(self.icon, icon=ft.Icons.EMOJI_EVENTS if wins else ft.Icons.CLOSE,
            color=theme.YELLOW if wins else theme.TEXT_MUTED)
        put(self.head, value=head)
        put(self.details, value=details)
        put(self.frame, border=ft.Border.all(2, theme.YELLOW if wins else theme.OUTLINE))


# --------------------------------------------------------------------- the screen
class VictoryScreen(KeptScreen):
    def __init__(self, ctx: UiContext, shell: Any = None) -> None:
        super().__init__(ctx, shell)
        changes = self.changes
        self.to_table = LinkButton(changes, victory_ids.VICTORY_TO_TABLE, icon=ft.Icons.ARROW_BACK,
                                   on_tap=lambda: self.ctx.navigate(TABLE_SCREEN))
        self.title = ft.Text("", size=22 if self.layout == PHONE else 24, weight=ft.FontWeight.BOLD, expand=True)
        self.stepper = Stepper(self)
        self.start = Later(changes, lambda: StartByHand(self))
        self.handoff = HandoffPart(self, HANDED_FOR_VICTORY, lambda changes, ctx_of: PrivateVictory(changes, ctx_of),
                                   progress=lambda held: private_work_left(held, held.view))
        self.steps: dict[VictoryStep, Later] = {
            VictoryStep.ROSTER: Later(changes, lambda: RosterStep(self)),
            VictoryStep.CONTINGENCY: Later(changes, lambda: ContingencyStep(self)),
            VictoryStep.CONTAMINATION: Later(changes, lambda: ContaminationStep(self)),
            VictoryStep.OBJECTIVES: Later(changes, lambda: ObjectivesStep(self)),
            VictoryStep.RESULT: Later(changes, lambda: ResultStep(self)),
        }
        self.step_back = StepBack(self)
        self.column = ft.Column([ft.Row([self.to_table.root, self.title]), self.stepper.root, self.start.root,
                                 self.handoff.root, *(later.root for later in self.steps.values()), self.step_back.root],
                                spacing=theme.GAP, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
        self.root = ids.tag(victory_ids.VICTORY_SCREEN, self.column)

    def put_view(self) -> None:
        ctx, put = self.ctx, self.changes.put
        t = ctx.texts.t
        victory = ctx.game.victory
        put(self.column, width=min(ctx.width - 2 * theme.PAGE_PADDING, theme.FORM_MAX_WIDTH))
        self.to_table.show(t("ui.victory.to_table"))
        put(self.title, value=t("ui.victory.title"))
        put(self.stepper.root, visible=victory is not None)
        put(self.step_back.root, visible=victory is not None)
        self.start.show(victory is None, lambda part: part.show())
        handed = victory is not None and self.handoff.show()
        if victory is None:
            put(self.handoff.root, visible=False)
        for step, later in self.steps.items():
            later.show(victory is not None and not handed and victory.step is step,
                       lambda part: part.show(victory))
        if victory is not None:
            self.stepper.show(victory)
            self.step_back.show()
