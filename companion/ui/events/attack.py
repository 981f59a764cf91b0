"""The attack screen: attacker, target, where (light or Darkness), the targeting rule,
the chance to hit from the cards still in the Attack deck, then the card drawn, large,
with a HIT / MISS banner (a Larva infests without a card)."""
from __future__ import annotations

from typing import Callable

import flet as ft

from companion.engine.bag_model import MINIATURE_KINDS, Place
from companion.engine.commands import ResolveAttack
from companion.engine.deck_odds import attack_hit_chance
from companion.engine.decks import attack_card
from companion.engine.journal import Event, Topic
from companion.engine.results import AttackOutcome, AttackResult
from companion.engine.state import GameState

from .. import ids, theme, widgets
from ..context import UiContext
from ..i18n_view import Texts
from ..table.commands import CommandGate, command_button, styled_button
from ..widgets import chosen_seat
from .draft import RUNNER, TABLE, draft_of, draft_picker
from .widgets import (
    HIT_BG,
    INFEST_BG,
    KIND_COLOURS,
    MISS_BG,
    attack_card_view,
    chips,
    choice_chip,
    label,
    note,
    page,
    percent,
    screen_header,
    verdict,
)

TARGETS = ("standard", "surprise", "escape")
# What a result card shows itself: the outcome (banner, card faces) and the card's text.
SHOWN_TOPICS = (Topic.COMBAT, Topic.CARD_TEXT)
ATTACKING_KINDS = tuple(kind for kind in MINIATURE_KINDS)


# --------------------------------------------------------------------- shared with the injury screen
def place_name(texts: Texts, place: Place) -> str:
    return texts.t("ui.events.place.STAIRS") if place is Place.STAIRS else texts.section(place.value)


def is_dark_at(state: GameState, place: Place) -> bool:
    """Darkness where it happens: a Section without power, or the emergency stairs."""
    return place.section is None or not state.is_powered(place.section)


def lighting_text(texts: Texts, state: GameState, place: Place) -> str:
    if place is Place.STAIRS:
        return texts.t("ui.events.lighting.stairs")
    key = "ui.events.lighting.dark" if is_dark_at(state, place) else "ui.events.lighting.light"
    return texts.t(key, section=place.value)


def place_chips(ctx: UiContext, selected: Place, on_pick, identifier) -> ft.Control:
    state = ctx.controller.state
    out = []
    for place in Place:
        dark = is_dark_at(state, place)
        out.append(choice_chip(place_name(ctx.texts, place), selected=place is selected,
                               on_click=lambda _e, place=place: on_pick(place), identifier=identifier(place.value),
                               icon=ft.Icons.DARK_MODE if dark else ft.Icons.LIGHT_MODE,
                               icon_colour=theme.TEXT_MUTED if dark else theme.YELLOW))
    return chips(out)


def seat_chips(ctx: UiContext, selected: int | None, on_pick, identifier) -> ft.Control:
    return widgets.seat_chips(ctx.texts, ctx.controller.state, selected, on_pick, identifier, chip=choice_chip,
                              nobody=ctx.texts.t("ui.events.attack.nobody"))


def side_effects(ctx: UiContext, seq: int) -> list[Event]:
    """What else step `seq` did (a reshuffle, a miniature off the board…), as the table
    reads it: its lines a result card does not show already."""
    return [e for e in ctx.controller.history(since=seq) if e.seq == seq and e.topic not in SHOWN_TOPICS]


def other_lines(texts: Texts, entries: list[Event]) -> list[ft.Control]:
    return [ft.Text(texts.entry(e), size=14, color=theme.TEXT_MUTED) for e in entries]


def attack_deck_count(ctx: UiContext) -> ft.Control:
    """How many cards the odds come from: the draw pile, and the cards out of it."""
    deck = ctx.controller.state.decks.attack
    return theme.muted(ctx.texts.t("ui.events.odds.from_deck", draw=len(deck.draw_pile),
                                   discard=len(deck.discard) + len(deck.shown)), size=13)


def draw_screen(ctx: UiContext, title: str, subtitle: str, result: ft.Control | None,
                form: Callable[[UiContext, CommandGate], ft.Control],
                odds: Callable[[UiContext], ft.Control]) -> ft.Control:
    """The attack or injury-check screen: the way back, the form and the odds, and the
    result once drawn (under the form on phones, above the odds otherwise)."""
    back_runner = draft_of(ctx).back_to == RUNNER
    head = [screen_header(ctx, title, subtitle,
                          back_key="ui.events.back_runner" if back_runner else "ui.events.back",
                          on_back=lambda: ctx.navigate(RUNNER if back_runner else TABLE))]
    main: list[ft.Control] = [form(ctx, CommandGate(ctx))]
    side: list[ft.Control] = [odds(ctx)]
    if result is not None:
        if ctx.is_phone:
            main.append(result)
        else:
            side.insert(0, result)
    return page(ctx, head, main, side)


# --------------------------------------------------------------------- the form
def attack_command(ctx: UiContext) -> ResolveAttack | None:
    draft = draft_of(ctx)
    seat = chosen_seat(draft.seat, ctx.controller.state)
    if seat is None:
        return None
    return ResolveAttack(attacker=draft.attacker, seat=seat, place=draft.place, target=draft.target)


def hit_chance_text(ctx: UiContext, kind: str) -> str:
    state = ctx.controller.state
    try:
        chance = attack_hit_chance(state.decks.attack, ctx.controller.rules, kind)
    except ValueError:
        return ctx.texts.t("ui.events.odds.unavailable")
    if kind == "larva":
        return ctx.texts.t("ui.events.odds.larva")
    return ctx.texts.t("ui.events.odds.hit", kind=kind, percent=percent(ctx.texts, chance))


def _form(ctx: UiContext, gate: CommandGate) -> ft.Control:
    texts = ctx.texts
    t = texts.t
    state = ctx.controller.state
    draft = draft_of(ctx)
    draft.seat = chosen_seat(draft.seat, state)
    pick = draft_picker(ctx)

    attackers = chips([
        choice_chip(t(f"intruder.{kind}"), selected=draft.attacker == kind, colour=KIND_COLOURS[kind],
                    on_click=lambda _e, kind=kind: pick(attacker=kind), identifier=ids.attack_attacker(kind))
        for kind in ATTACKING_KINDS
    ])
    targets = chips([
        choice_chip(t(f"ui.events.attack.target.{target}"), selected=draft.target == target,
                    on_click=lambda _e, target=target: pick(target=target), identifier=ids.attack_target(target))
        for target in TARGETS
    ])
    dark = is_dark_at(state, draft.place)
    lighting = ft.Container(
        content=ft.Row([ft.Icon(ft.Icons.DARK_MODE if dark else ft.Icons.LIGHT_MODE,
                                color=theme.TEXT_MUTED if dark else theme.YELLOW, size=24),
                        ft.Text(lighting_text(texts, state, draft.place), size=15, weight=ft.FontWeight.BOLD,
                                expand=True)], spacing=8),
        bgcolor="#0b0d10" if dark else theme.SURFACE_HIGH,
        border=ft.Border.all(1, theme.OUTLINE if dark else theme.YELLOW), border_radius=10, padding=10,
    )
    rows: list[ft.Control] = [
        label(t("ui.events.attack.attacker")), attackers,
        label(t("ui.events.attack.target_label")),
        seat_chips(ctx, draft.seat, lambda seat: pick(seat=seat), ids.attack_seat),
        label(t("ui.events.attack.why")), targets,
        ids.tag(ids.ATTACK_TARGET_RULE, note(t(f"reminder.attack_target.{draft.target}"), icon=ft.Icons.GPS_FIXED)),
        label(t("ui.events.attack.where")),
        place_chips(ctx, draft.place, lambda place: pick(place=place), ids.attack_place),
        ids.tag(ids.ATTACK_LIGHTING, lighting),
    ]
    if draft.attacker == "larva":
        rows.append(note(t("ui.events.attack.larva_rule"), colour=KIND_COLOURS["larva"], icon=ft.Icons.GESTURE))
    rows.append(ft.Text(hit_chance_text(ctx, draft.attacker), size=17, weight=ft.FontWeight.BOLD))
    command = attack_command(ctx)
    if command is None:
        rows.append(ids.tag(ids.ATTACK_RESOLVE, styled_button(t("ui.events.attack.resolve"), disabled=True)))
    else:
        rows.append(command_button(gate, command, label=t("ui.events.attack.resolve"), icon=ft.Icons.STYLE,
                                   identifier=ids.ATTACK_RESOLVE, tone="danger"))
    return theme.card(ft.Column(rows, spacing=8), title=t("ui.events.attack.form"))


# --------------------------------------------------------------------- the result
def attack_sentence(ctx: UiContext, result: AttackResult) -> str:
    """The attack told in one line, as the log tells it."""
    params: dict = {"seat": result.seat, "character": ctx.controller.state.member(result.seat).character,
                    "kind": result.attacker, "target": result.target}
    if result.outcome is AttackOutcome.INFESTED:
        return ctx.texts.t("log.attack.infest", **params)
    params.update(card=result.card, attack_card=attack_card(ctx.controller.rules, result.card).kind)
    if result.outcome is AttackOutcome.MISS:
        return ctx.texts.t("log.attack.miss", **params)
    return ctx.texts.t("log.attack.hit_dark" if result.dark else "log.attack.hit", **params)


def build_attack_result(ctx: UiContext, since: int) -> ft.Control | None:
    """The latest attack, once one was resolved from step `since` on."""
    texts = ctx.texts
    t = texts.t
    result = ctx.controller.state.latest.attack
    if result is None or result.seq < since:
        return None
    detail = attack_sentence(ctx, result)
    rows: list[ft.Control] = []
    if result.outcome is AttackOutcome.INFESTED:
        rows.append(verdict(ids.ATTACK_VERDICT, texts.upper(t("ui.events.attack.infested")), detail,
                            bgcolor=INFEST_BG, icon=ft.Icons.GESTURE))
    elif result.outcome is AttackOutcome.MISS:
        rows.append(verdict(ids.ATTACK_VERDICT, texts.upper(t("ui.events.attack.miss")), detail,
                            bgcolor=MISS_BG, icon=ft.Icons.SHIELD, border=theme.GREEN))
        rows.append(attack_card_view(texts, ctx.controller.rules, result.card, dark=None, show_effect=False))
    else:
        rows.append(verdict(ids.ATTACK_VERDICT, texts.upper(t("ui.events.attack.hit")), detail,
                            bgcolor=HIT_BG, icon=ft.Icons.WARNING))
        rows.append(attack_card_view(texts, ctx.controller.rules, result.card, dark=result.dark))
    rows += other_lines(texts, side_effects(ctx, result.seq))
    return theme.card(ft.Column(rows, spacing=10), title=t("ui.events.attack.result"))


def _odds_table(ctx: UiContext) -> ft.Control:
    t = ctx.texts.t
    lines = [ft.Text(hit_chance_text(ctx, kind), size=15) for kind in ATTACKING_KINDS if kind != "larva"]
    lines.append(attack_deck_count(ctx))
    return ids.tag(ids.ATTACK_ODDS, theme.card(ft.Column(lines, spacing=6), title=t("ui.events.odds.attack_title")))


def build_attack_screen(ctx: UiContext) -> ft.Control:
    t = ctx.texts.t
    return draw_screen(ctx, t("ui.events.attack.title"), t("ui.events.attack.subtitle"),
                       build_attack_result(ctx, draft_of(ctx).attack_since), _form, _odds_table)
