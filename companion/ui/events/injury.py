"""The injury-check screen, kept (kit.kept): intruder type and injuries on it, the chances
from the cards still in the Attack deck, then the cards drawn (blood values or a Retreat
arrow) and a KILLED / RETREATS / SURVIVES banner. A Retreat draws an Event card for its
corridor number only (the engine does; the banner names the corridor).

The form (also step 8's) opens with no intruder chosen and one injury, and starts again
so once a check went through."""
from __future__ import annotations

from typing import Any, Callable

import flet as ft

from companion.engine.commands import InjuryCheck
from companion.engine.views import InjuryOutcome
from companion.engine.views import INJURIES_MAX, InjuryView, RetreatView

from .. import theme
from ..context import UiContext
from ..i18n_view import Texts
from ..kit.kept import PHONE, Card, Chip, KeptScreen, KeyedItems, OfferButton
from ..kit.kinds import KIND_COLOURS
from ..kit.numbers import percent
from ..kit.parts import bring_into_view
from ..kit.pinned import Pinned
from .attack import attack_deck_count_text, side_lines
from .draft import BACK_KEYS, draft_of
from .parts import (HIT_BG, MISS_BG, RETREAT_BG, AttackCardFace, Header, Note, NumberStepper, Verdict, keyed_lines,
                    label_text, show_lines, wrap_row)
from companion.ui.events import ids as events_ids

# How far the chance table goes (injuries 1..N).
TABLE_INJURIES = 6


def odds_line(ctx: UiContext, kind: str, injuries: int) -> str:
    texts = ctx.texts
    odds = ctx.game.decks.odds.injury_odds(kind, injuries)
    if odds is None:
        return texts.t("ui.events.odds.unavailable")
    return texts.t("ui.events.odds.injury", kill=percent(texts, odds.kill), retreat=percent(texts, odds.retreat),
                   survive=percent(texts, odds.survive))


def retreat_detail(texts: Texts, retreat: RetreatView) -> str:
    """Where a retreating intruder goes; on a card with two corridor numbers, which one
    the engine takes (the rules data's reading) and that it is a reading."""
    if retreat.other is None:
        return texts.t("ui.events.injury.retreat_detail", corridors=retreat.corridor, number=retreat.number)
    return texts.t(f"ui.events.injury.retreat_detail_{retreat.reading}", corridor=retreat.corridor,
                   other=retreat.other, number=retreat.number)


# --------------------------------------------------------------------- the form
class InjuryForm:
    """Intruder, injuries, the rule, the chance and (unless it is pinned elsewhere: `resolve`
    is then placed by the screen) the button. `resolve_once_chosen`: the button shows only
    once an intruder is chosen (it shares the runner's footer with the step's way on)."""

    def __init__(self, screen: KeptScreen, *, resolve_apart: bool = False, resolve_once_chosen: bool = False) -> None:
        self.screen = screen
        self.resolve_once_chosen = resolve_once_chosen
        changes = screen.changes
        self.intruder_label, self.injuries_label = label_text(), label_text()
        self.kinds_row = wrap_row()
        self.kinds: KeyedItems[Chip] = KeyedItems(changes, self.kinds_row, lambda kind: Chip(
            changes, events_ids.injury_intruder(str(kind)), lambda: self._pick(injured=kind)))
        self.count = NumberStepper(changes, events_ids.INJURY_COUNT, events_ids.INJURY_COUNT_DOWN, events_ids.INJURY_COUNT_UP,
                                   current=lambda: draft_of(self.screen.ctx).injuries,
                                   change=lambda value: self._pick(injuries=value))
        self.rule = Note(changes)
        self.in_nest = Chip(changes, events_ids.INJURY_IN_NEST, self._toggle_nest)
        self.odds = ft.Text("", size=16, weight=ft.FontWeight.BOLD)
        self.resolve = OfferButton(changes, events_ids.INJURY_RESOLVE, icon=ft.Icons.STYLE, tone="danger",
                                   gate_of=screen.gate, page_of=screen.page)
        rows = [self.intruder_label, self.kinds_row, self.injuries_label,
                self.count.root, self.rule.root, self.in_nest.root, self.odds]
        if not resolve_apart:
            rows.append(self.resolve.root)
        self.rows = ft.Column(rows, spacing=8)
        self.root = self.rows

    def _pick(self, **answers: Any) -> None:
        draft = draft_of(self.screen.ctx)
        for name, value in answers.items():
            setattr(draft, name, value)
        self.screen.ctx.rerender()

    def _toggle_nest(self) -> None:
        draft = draft_of(self.screen.ctx)
        self._pick(in_nest=not draft.in_nest)

    def show(self) -> None:
        ctx, put = self.screen.ctx, self.screen.changes.put
        texts, draft = ctx.texts, draft_of(ctx)
        t = texts.t
        cards = ctx.game.decks.injury_cards
        put(self.intruder_label, value=t("ui.events.injury.intruder"))
        self.kinds.show(((kind, kind) for kind in cards), lambda chip, kind: chip.show(
            t(f"intruder.{kind}") if kind != "egg" else t("ui.events.injury.egg"), selected=draft.injured == kind,
            colour=KIND_COLOURS[kind]))
        put(self.injuries_label, value=t("ui.events.injury.injuries"))
        self.count.show(draft.injuries, low=1, high=INJURIES_MAX, down_tip=t("ui.events.injury.less"),
                        up_tip=t("ui.events.injury.more"))
        chosen = draft.injured is not None
        self.rule.show(t(f"ui.events.injury.rule_{cards[draft.injured]}") if chosen else "", icon=ft.Icons.RULE,
                       visible=chosen)
        egg = draft.injured == "egg"
        put(self.in_nest.root, visible=egg)
        if egg:
            self.in_nest.show(t("ui.events.injury.in_nest"), selected=draft.in_nest,
                              icon=ft.Icons.CHECK_BOX if draft.in_nest else ft.Icons.CHECK_BOX_OUTLINE_BLANK)
        counted = chosen and draft.injuries is not None
        put(self.odds, visible=counted)
        if counted:
            put(self.odds, value=odds_line(ctx, draft.injured, draft.injuries))
        label = t("ui.events.injury.resolve")
        if not counted:
            self.resolve.action = None
            needs = "needs_intruder" if not chosen else "needs_injuries"
            self.resolve.show(label, refused=t(f"ui.events_screen.injury.{needs}"),
                              visible=chosen or not self.resolve_once_chosen)
        else:
            self.resolve.show_action(ctx.action(InjuryCheck, intruder=draft.injured, in_nest=draft.in_nest), label,
                                     picked={"injuries": draft.injuries})


# --------------------------------------------------------------------- the result
class InjuryResult:
    """The latest injury check, once one was made from step `since()` on."""

    def __init__(self, screen: KeptScreen, *, since: Callable[[], int]) -> None:
        self.screen = screen
        self.since = since
        changes = screen.changes
        phone = screen.layout == PHONE
        self.result: InjuryView | None = None
        self.verdict = Verdict(changes, events_ids.INJURY_VERDICT)
        self.unconfirmed_text = theme.muted("", size=13)
        self.unconfirmed = ft.Row([theme.unconfirmed_badge(14), self.unconfirmed_text], spacing=6)
        self.cards_label = label_text()
        self.phone = phone
        # One face per card the largest check draws, built with the screen's first show.
        self.faces: list[_DrawnCard] = []
        self.faces_holder = ft.Column([], spacing=10) if phone else ft.Row(
            [], spacing=10, vertical_alignment=ft.CrossAxisAlignment.START)
        faces = self.faces_holder
        self.lines_holder = ft.Column([], spacing=4)
        self.lines = keyed_lines(changes, self.lines_holder)
        self.card = Card(changes, ft.Column([self.verdict.root, self.unconfirmed, self.cards_label, faces,
                                             self.lines_holder], spacing=10))
        self.root = self.card.root

    def current(self) -> InjuryView | None:
        result = self.screen.ctx.game.latest.injury
        return result if result is not None and result.seq >= self.since() else None

    def show(self) -> None:
        ctx, put = self.screen.ctx, self.screen.changes.put
        texts = ctx.texts
        t = texts.t
        self._enough_faces(max(ctx.game.decks.injury_cards.values()))
        result = self.result = self.current()
        put(self.root, visible=result is not None)
        if result is None:
            return
        self.card.show(t("ui.events.injury.result"))
        kind = result.intruder
        counts = {"kind": kind, "injuries": result.injuries, "total": result.total}
        unconfirmed = False  # a Retreat on a card with two corridor numbers (the app takes the first)
        if result.outcome is InjuryOutcome.KILLED:
            self.verdict.show(texts.upper(t("ui.events.injury.killed", kind=kind)), t("log.injury.killed", **counts),
                              bgcolor=MISS_BG, icon=ft.Icons.CHECK_CIRCLE, border=theme.GREEN)
        elif result.outcome is InjuryOutcome.SURVIVES:
            self.verdict.show(texts.upper(t("ui.events.injury.survives", kind=kind)),
                              t("log.injury.survives", **counts), bgcolor=HIT_BG, icon=ft.Icons.WARNING)
        elif result.outcome is InjuryOutcome.EGG_DESTROYED:
            self.verdict.show(texts.upper(t("ui.events.injury.egg_killed")), None, bgcolor=MISS_BG,
                              icon=ft.Icons.CHECK_CIRCLE, border=theme.GREEN)
        else:
            retreat = ctx.game.decks.retreat
            assert retreat is not None
            unconfirmed = retreat.other is not None
            self.verdict.show(texts.upper(t("ui.events.injury.retreats", kind=kind)),
                              retreat_detail(texts, retreat), bgcolor=RETREAT_BG, icon=ft.Icons.U_TURN_LEFT)
        put(self.unconfirmed, visible=unconfirmed)
        if unconfirmed:
            put(self.unconfirmed_text, value=t("common.unconfirmed"))
        put(self.cards_label, visible=bool(result.cards))
        if result.cards:
            put(self.cards_label, value=t("ui.events.injury.cards"))
        for index, face in enumerate(self.faces):
            drawn = index < len(result.cards)
            put(face.root, visible=drawn)
            if drawn:
                face.show(result.cards[index])
        show_lines(self.lines, side_lines(ctx, result.seq))

    def _enough_faces(self, most: int) -> None:
        if len(self.faces) < most:
            self.faces += [_DrawnCard(self.screen, index, self.phone) for index in range(len(self.faces), most)]
            self.faces_holder.controls = [face.root for face in self.faces]
            self.screen.changes.mark(self.faces_holder)


class _DrawnCard:
    """One Attack card the check drew."""

    def __init__(self, screen: KeptScreen, index: int, phone: bool) -> None:
        self.screen = screen
        self.face = AttackCardFace(screen.changes, identifier=events_ids.injury_card(index + 1), large=False)
        self.root = ft.Container(self.face.root, expand=not phone)

    def show(self, card: str) -> None:
        ctx = self.screen.ctx
        self.face.show(ctx.texts, ctx.session.rules, card, dark=None, show_effect=False)


def forget_checked(ctx: UiContext, result: InjuryView | None) -> None:
    """A check went through: the form starts again for the next one."""
    draft = draft_of(ctx)
    if result is not None and result.seq != draft.injury_done:
        draft.injury_done = result.seq
        draft.new_injury_check()


class InjuryOdds:
    """Kill chance for the chosen intruder with 1..6 injuries."""

    def __init__(self, screen: KeptScreen) -> None:
        self.screen = screen
        self.heading = ft.Text("", size=15, weight=ft.FontWeight.BOLD)
        self.rows = [(ft.Text("", size=14, width=120), ft.Text("", size=14, expand=True))
                     for _ in range(TABLE_INJURIES)]
        self.row_parts = [ft.Row(list(pair), spacing=8) for pair in self.rows]
        self.unavailable = theme.muted("")
        self.count = theme.muted("", size=13)
        self.card = Card(screen.changes, ft.Column([self.heading, *self.row_parts, self.unavailable, self.count],
                                                   spacing=4), identifier=events_ids.INJURY_ODDS)
        self.root = self.card.root

    def show(self) -> None:
        ctx, put = self.screen.ctx, self.screen.changes.put
        texts, draft = ctx.texts, draft_of(ctx)
        t = texts.t
        self.card.show(t("ui.events.odds.injury_title"))
        kind = draft.injured
        put(self.heading, value=t("ui.events.odds.injury_for", kind=kind) if kind is not None
            else t("ui.events_screen.injury.needs_intruder"))
        chances = ctx.game.decks.odds
        failed = kind is not None and chances.injury.get(kind) is None
        for injuries, (row, (count, kill)) in enumerate(zip(self.row_parts, self.rows), start=1):
            odds = chances.injury_odds(kind, injuries) if kind is not None else None
            put(row, visible=odds is not None)
            if odds is None:
                continue
            current = injuries == draft.injuries
            put(count, value=t("ui.events.odds.injuries", count=injuries))
            put(kill, value=t("ui.events.odds.kill_short", percent=percent(texts, odds.kill)),
                weight=ft.FontWeight.BOLD if current else None, color=theme.YELLOW if current else theme.TEXT)
        put(self.unavailable, visible=failed)
        if failed:
            put(self.unavailable, value=t("ui.events.odds.unavailable"))
        put(self.count, value=attack_deck_count_text(ctx))


class InjuryScreen(KeptScreen):
    def __init__(self, ctx: UiContext, shell: Any = None) -> None:
        super().__init__(ctx, shell)
        phone = self.layout == PHONE
        self.header = Header(self, self._back)
        self.result = InjuryResult(self, since=lambda: draft_of(self.ctx).injury_since)
        self.form = InjuryForm(self, resolve_apart=True)
        self.form_card = Card(self.changes, self.form.root, help_of=self.help)
        self.odds = InjuryOdds(self)
        footer = [self.form.resolve.root]
        if phone:
            self.pinned = Pinned(self.changes, body=[self.header.root, self.result.root, self.form_card.root,
                                                     self.odds.root], footer=footer, phone=True)
        else:
            self.pinned = Pinned(self.changes, head=[self.header.root], body=[self.form_card.root], footer=footer,
                                 side=[self.result.root, self.odds.root], phone=False)
        self.root = self.pinned.root
        self.shown_result: int | None = None

    def _back(self) -> None:
        self.ctx.navigate(draft_of(self.ctx).back_to)

    def put_view(self) -> None:
        ctx = self.ctx
        t = ctx.texts.t
        draft = draft_of(ctx)
        self.pinned.fill(ctx, ctx.width - 2 * theme.PAGE_PADDING)
        self.header.show(t("ui.events.injury.title"), t("ui.events.injury.subtitle"), t(BACK_KEYS[draft.back_to]))
        self.result.show()
        result = self.result.result
        forget_checked(ctx, result)
        if result is not None and result.seq != self.shown_result:
            self.shown_result = result.seq
            bring_into_view(ctx.page, self.pinned.body)
        self.form_card.show(t("ui.events.injury.form"), topic="injury_check", help_tip=t("ui.rules.help"))
        self.form.show()
        self.odds.show()
