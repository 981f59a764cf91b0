"""The attack screen, kept (kit.kept): attacker, whom, why that target, where (light or
Darkness, as the engine says), the chance to hit from the cards still in the Attack deck,
then the card drawn, large, with a HIT / MISS banner (a Larva infests without a card).

The form opens empty but for what the event that opened it fixes (events.draft), and
empties again once its attack went through; its Resolve stays at the window's bottom edge
(kit.pinned), the result above the form on a phone."""
from __future__ import annotations

from typing import Any, Callable

import flet as ft

from companion.engine.views import MINIATURE_KINDS, Place
from companion.engine.commands import ResolveAttack
from companion.engine.views import attack_card
from companion.engine.views import Event, Topic
from companion.engine.views import PendingAttack, PendingKind
from companion.engine.views import AttackOutcome
from companion.engine.views import AttackView

from .. import theme
from ..context import UiContext
from ..kit.chips import LIGHTING_COLOURS, LIGHTING_ICONS, active_seats, place_label, player_label
from ..kit.kept import PHONE, ActionButton, Card, Chip, KeptScreen, OfferButton
from ..kit.kinds import KIND_COLOURS
from ..kit.numbers import percent
from ..kit.parts import bring_into_view
from ..kit.pinned import Pinned
from .draft import BACK_KEYS, AttackFill, draft_of
from .parts import (HIT_BG, INFEST_BG, MISS_BG, AttackCardFace, Header, LightingRow, Note, SeatChips, Verdict,
                    keyed_lines, label_text, lighting_text, show_lines, wrap_row)
from companion.ui.events import ids as events_ids

__all__ = ["AttackScreen", "AttackResult", "attack_picks", "hit_chance_text", "lighting_text", "side_effects"]

TARGETS = ("standard", "surprise", "escape")
# What a result card shows itself: the outcome (banner, card faces) and the card's text.
SHOWN_TOPICS = (Topic.COMBAT, Topic.CARD_TEXT)
ATTACKING_KINDS = tuple(MINIATURE_KINDS)


# --------------------------------------------------------------------- shared with the injury screen
def side_effects(ctx: UiContext, seq: int) -> list[Event]:
    """What else step `seq` did (a reshuffle, a miniature off the board…), as this page's
    viewer reads it: its lines a result card does not show already."""
    return [e for e in ctx.session.history(since=seq) if e.seq == seq and e.topic not in SHOWN_TOPICS]


def side_lines(ctx: UiContext, seq: int) -> list[tuple[str, str]]:
    """`side_effects` as (key, text) pairs for a kept list."""
    return [(f"{e.seq}-{n}", ctx.texts.entry(e)) for n, e in enumerate(side_effects(ctx, seq))]


def attack_deck_count_text(ctx: UiContext) -> str:
    """How many cards the odds come from: the draw pile, and the cards out of it."""
    deck = ctx.game.decks.attack
    return ctx.texts.t("ui.events.odds.from_deck", draw=deck.draw_count, discard=len(deck.discard) + len(deck.shown))


def hit_chance_text(ctx: UiContext, kind: str) -> str:
    if kind == "larva":
        return ctx.texts.t("ui.events.odds.larva")
    chance = ctx.game.decks.odds.hit.get(kind)
    if chance is None:
        return ctx.texts.t("ui.events.odds.unavailable")
    return ctx.texts.t("ui.events.odds.hit", kind=kind, percent=percent(ctx.texts, chance))


# --------------------------------------------------------------------- the form's command
def missing_answer(ctx: UiContext) -> str | None:
    """What the attack form still needs, in words (None: it is complete)."""
    draft = draft_of(ctx)
    t = ctx.texts.t
    if not active_seats(ctx.game):
        return t("ui.events.attack.nobody")
    if draft.attacker is None:
        return t("ui.events_screen.attack.needs_attacker")
    if draft.seat not in active_seats(ctx.game):
        return t("ui.events_screen.attack.needs_seat")
    if draft.target is None:
        return t("ui.events_screen.attack.needs_target")
    if draft.place is None:
        return t("ui.events_screen.attack.needs_place")
    return None


def attack_picks(ctx: UiContext) -> dict[str, Any] | None:
    """The attack as the form holds it, as the picks of its attacker's action; None until
    every answer is given."""
    draft = draft_of(ctx)
    if missing_answer(ctx) is not None:
        return None
    return {"seat": draft.seat, "place": draft.place, "target": draft.target, "ignore_darkness": draft.ignore_darkness}


def ignore_darkness_chip(ctx: UiContext, chip: Chip, selected: bool) -> None:
    """The Character ignores Darkness: short, the items that allow it on a second line."""
    t = ctx.texts.t
    chip.show(t("ui.events_screen.ignore_darkness"), sublabel=t("ui.events_screen.ignore_darkness_items"),
              selected=selected, icon=ft.Icons.FLASHLIGHT_ON, icon_colour=theme.YELLOW)


def attack_sentence(ctx: UiContext, result: AttackView) -> str:
    """The attack told in one line, naming the player and the Character."""
    t = ctx.texts.t
    params: dict[str, Any] = {"kind": result.attacker, "who": player_label(ctx.texts, ctx.game, result.seat)}
    if result.outcome is AttackOutcome.INFESTED:
        return t("ui.events.attack.detail.infest", **params)
    params["attack_card"] = attack_card(ctx.session.rules, result.card).kind
    if result.outcome is AttackOutcome.MISS:
        return t("ui.events.attack.detail.miss", **params)
    return t("ui.events.attack.detail.hit_dark" if result.dark else "ui.events.attack.detail.hit", **params)


# --------------------------------------------------------------------- the result
class AttackResult:
    """The latest attack, once one was resolved from step `since()` on: its verdict, the
    card drawn, what else it did and, after Evolve in Darkness, the Breeder's attack."""

    def __init__(self, screen: KeptScreen, *, since: Callable[[], int], large: bool = True) -> None:
        self.screen = screen
        self.since = since
        changes = screen.changes
        self.result: AttackView | None = None
        self.owed: PendingAttack | None = None
        self.verdict = Verdict(changes, events_ids.ATTACK_VERDICT)
        self.face = AttackCardFace(changes, large=large)
        self.lines_holder = ft.Column([], spacing=4)
        self.lines = keyed_lines(changes, self.lines_holder)
        self.breeder = ActionButton(changes, events_ids.ATTACK_BREEDER_FOLLOW_UP, icon=ft.Icons.REPLAY, tone="warning",
                                    page_of=screen.page, on_tap=self._breeder_follows)
        self.card = Card(changes, ft.Column([self.verdict.root, self.face.root, self.lines_holder, self.breeder.root],
                                            spacing=10))
        self.root = self.card.root

    def current(self) -> AttackView | None:
        result = self.screen.ctx.game.latest.attack
        return result if result is not None and result.seq >= self.since() else None

    def show(self) -> None:
        ctx, put = self.screen.ctx, self.screen.changes.put
        texts = ctx.texts
        t = texts.t
        result = self.result = self.current()
        put(self.root, visible=result is not None)
        if result is None:
            return
        self.card.show(t("ui.events.attack.result"))
        detail = attack_sentence(ctx, result)
        if result.outcome is AttackOutcome.INFESTED:
            self.verdict.show(texts.upper(t("ui.events.attack.infested")), detail, bgcolor=INFEST_BG,
                              icon=ft.Icons.GESTURE)
        elif result.outcome is AttackOutcome.MISS:
            self.verdict.show(texts.upper(t("ui.events.attack.miss")), detail, bgcolor=MISS_BG, icon=ft.Icons.SHIELD,
                              border=theme.GREEN)
        else:
            self.verdict.show(texts.upper(t("ui.events.attack.hit")), detail, bgcolor=HIT_BG, icon=ft.Icons.WARNING)
        put(self.face.root, visible=result.card is not None)
        if result.card is not None:
            hit = result.outcome is not AttackOutcome.MISS
            self.face.show(texts, ctx.session.rules, result.card, dark=result.dark if hit else None, show_effect=hit)
        show_lines(self.lines, side_lines(ctx, result.seq))
        self.owed = ctx.game.pending_attack(PendingKind.BREEDER_ATTACK)
        self.breeder.show(t("ui.events_screen.attack.breeder_follows"), refused=None, visible=self.owed is not None)

    def _breeder_follows(self) -> None:
        """Evolve in Darkness: the Breeder placed attacks, once (the game owes it). Its
        attacker and place are the card's; whom it attacks is the table's call, so no
        Character is chosen."""
        ctx = self.screen.ctx
        owed = self.owed
        if owed is None:
            return
        draft = draft_of(ctx)
        draft.fill_attack(AttackFill(attacker=owed.attacker, target="standard", place=owed.place, resolves=owed.id))
        draft.attack_since = ctx.game.commands_applied
        ctx.rerender()


# --------------------------------------------------------------------- the form
class AttackForm:
    """Attacker, whom, why, where; the light there; the chance to hit. Each pick changes the
    page's draft (events.draft) and shows the page again."""

    def __init__(self, screen: KeptScreen) -> None:
        self.screen = screen
        changes = screen.changes
        self.attacker_label, self.target_label, self.why_label, self.where_label = (label_text() for _ in range(4))
        self.attackers = {kind: Chip(changes, events_ids.attack_attacker(kind), lambda kind=kind: self._pick(attacker=kind))
                          for kind in ATTACKING_KINDS}
        self.seats = SeatChips(changes, events_ids.attack_seat, lambda seat: self._pick(seat=seat))
        self.targets = {target: Chip(changes, events_ids.attack_target(target), lambda target=target: self._pick(target=target))
                        for target in TARGETS}
        self.rule = Note(changes, events_ids.ATTACK_TARGET_RULE)
        self.places = {place: Chip(changes, events_ids.attack_place(place.value), lambda place=place: self._pick_place(place))
                       for place in Place}
        self.lighting = LightingRow(changes)
        self.ignore = Chip(changes, events_ids.ATTACK_IGNORE_DARKNESS, self._toggle_ignore)
        self.larva = Note(changes)
        self.odds = ft.Text("", size=17, weight=ft.FontWeight.BOLD)
        self.card = Card(changes, ft.Column([
            self.attacker_label, wrap_row([chip.root for chip in self.attackers.values()]),
            self.target_label, self.seats.root,
            self.why_label, wrap_row([chip.root for chip in self.targets.values()]), self.rule.root,
            self.where_label, wrap_row([chip.root for chip in self.places.values()]), self.lighting.root,
            self.ignore.root, self.larva.root, self.odds,
        ], spacing=8), help_of=screen.help)
        self.root = self.card.root

    def _pick(self, **answers: Any) -> None:
        draft = draft_of(self.screen.ctx)
        for name, value in answers.items():
            setattr(draft, name, value)
        self.screen.ctx.rerender()

    def _pick_place(self, place: Place) -> None:
        draft_of(self.screen.ctx).pick_place(place)
        self.screen.ctx.rerender()

    def _toggle_ignore(self) -> None:
        draft = draft_of(self.screen.ctx)
        draft.ignore_darkness = not draft.ignore_darkness
        self.screen.ctx.rerender()

    def show(self) -> None:
        ctx, put = self.screen.ctx, self.screen.changes.put
        texts, game, draft = ctx.texts, ctx.game, draft_of(ctx)
        t = texts.t
        self.card.show(t("ui.events.attack.form"), topic="intruder_attack", help_tip=t("ui.rules.help"))
        put(self.attacker_label, value=t("ui.events.attack.attacker"))
        for kind, chip in self.attackers.items():
            chip.show(t(f"intruder.{kind}"), selected=draft.attacker == kind, colour=KIND_COLOURS[kind])
        put(self.target_label, value=t("ui.events.attack.target_label"))
        self.seats.show(texts, game, lambda seat: seat == draft.seat, nobody=t("ui.events.attack.nobody"))
        put(self.why_label, value=t("ui.events.attack.why"))
        for target, chip in self.targets.items():
            chip.show(t(f"ui.events.attack.target.{target}"), selected=draft.target == target)
        self.rule.show(t(f"reminder.attack_target.{draft.target}") if draft.target else "", icon=ft.Icons.GPS_FIXED,
                       visible=draft.target is not None)
        put(self.where_label, value=t("ui.events.attack.where"))
        for place, lighting in game.lighting.items():
            self.places[place].show(place_label(texts, place), selected=place == draft.place,
                                    icon=LIGHTING_ICONS[lighting], icon_colour=LIGHTING_COLOURS[lighting])
        self.lighting.show(texts, game, draft.place, draft.ignore_darkness,
                           unknown=t("ui.events_screen.attack.where_unknown"))
        ignore_darkness_chip(ctx, self.ignore, draft.ignore_darkness)
        self.larva.show(t("ui.events.attack.larva_rule"), colour=KIND_COLOURS["larva"], icon=ft.Icons.GESTURE,
                        visible=draft.attacker == "larva")
        put(self.odds, visible=draft.attacker is not None)
        if draft.attacker is not None:
            put(self.odds, value=hit_chance_text(ctx, draft.attacker))


class AttackOdds:
    """The chance to hit, by attacker, from the cards still in the Attack deck."""

    def __init__(self, screen: KeptScreen) -> None:
        self.screen = screen
        self.lines = {kind: ft.Text("", size=15) for kind in ATTACKING_KINDS if kind != "larva"}
        self.count = theme.muted("", size=13)
        self.card = Card(screen.changes, ft.Column([*self.lines.values(), self.count], spacing=6),
                         identifier=events_ids.ATTACK_ODDS)
        self.root = self.card.root

    def show(self) -> None:
        ctx, put = self.screen.ctx, self.screen.changes.put
        self.card.show(ctx.texts.t("ui.events.odds.attack_title"))
        for kind, line in self.lines.items():
            put(line, value=hit_chance_text(ctx, kind))
        put(self.count, value=attack_deck_count_text(ctx))


class AttackScreen(KeptScreen):
    def __init__(self, ctx: UiContext, shell: Any = None) -> None:
        super().__init__(ctx, shell)
        phone = self.layout == PHONE
        self.header = Header(self, self._back)
        self.result = AttackResult(self, since=lambda: draft_of(self.ctx).attack_since)
        self.form = AttackForm(self)
        self.odds = AttackOdds(self)
        self.resolve = OfferButton(self.changes, events_ids.ATTACK_RESOLVE, icon=ft.Icons.STYLE, tone="danger",
                                   gate_of=self.gate, page_of=self.page)
        if phone:
            self.pinned = Pinned(self.changes, body=[self.header.root, self.result.root, self.form.root,
                                                     self.odds.root],
                                 footer=[self.resolve.root], phone=True)
        else:
            self.pinned = Pinned(self.changes, head=[self.header.root], body=[self.form.root],
                                 footer=[self.resolve.root], side=[self.result.root, self.odds.root], phone=False)
        self.root = self.pinned.root
        self.shown_result: int | None = None

    def _back(self) -> None:
        self.ctx.navigate(draft_of(self.ctx).back_to)

    def put_view(self) -> None:
        ctx = self.ctx
        t = ctx.texts.t
        draft = draft_of(ctx)
        self.pinned.fill(ctx, ctx.width - 2 * theme.PAGE_PADDING)
        self.header.show(t("ui.events.attack.title"), t("ui.events.attack.subtitle"), t(BACK_KEYS[draft.back_to]))
        self.result.show()
        result = self.result.result
        if result is not None and result.seq != draft.attack_done:
            # The attack went through: the form empties for the next one.
            draft.attack_done = result.seq
            draft.fill_attack()
        if result is not None and result.seq != self.shown_result:
            self.shown_result = result.seq
            bring_into_view(ctx.page, self.pinned.body)  # its verdict comes into view
        self.form.show()
        self.odds.show()
        picked = attack_picks(ctx)
        label = t("ui.events.attack.resolve")
        action = ctx.action(ResolveAttack, attacker=draft.attacker, resolves=draft.resolves) if picked else None
        if action is None:
            # Not complete yet, or the attack it resolves is no longer owed.
            self.resolve.action = None
            self.resolve.show(label, refused=missing_answer(ctx) if picked is None else t("error.action_gone"))
        else:
            self.resolve.show_action(action, label, picked=picked)
