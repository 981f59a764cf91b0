"""The attack screen: attacker, target, where (light or Darkness, as the engine says),
the targeting rule, the chance to hit from the cards still in the Attack deck, then the
card drawn, large, with a HIT / MISS banner (a Larva infests without a card)."""
from __future__ import annotations

from typing import Callable

import flet as ft

from companion.engine.bag_model import MINIATURE_KINDS, Lighting, Place
from companion.engine.commands import ResolveAttack
from companion.engine.deck_odds import attack_hit_chance
from companion.engine.decks import Deck, attack_card
from companion.engine.journal import Event, Topic
from companion.engine.results import AttackOutcome
from companion.engine.views import AttackView, PublicView

from .. import ids, theme
from ..context import UiContext
from ..i18n_view import Texts
from ..kit.chips import (
    LIGHTING_COLOURS,
    LIGHTING_ICONS,
    chips,
    choice_chip,
    chosen_seat,
    ignore_darkness_chip,
    label,
    place_chips,
    player_label,
    seat_chips,
    shown_lighting,
)
from ..kit.gate import CommandGate, command_button, styled_button
from ..kit.kinds import KIND_COLOURS
from ..kit.numbers import percent
from ..rules_screen import help_button
from .draft import BACK_KEYS, draft_of, draft_picker
from .widgets import HIT_BG, INFEST_BG, MISS_BG, attack_card_view, note, page, screen_header, verdict

TARGETS = ("standard", "surprise", "escape")
# What a result card shows itself: the outcome (banner, card faces) and the card's text.
SHOWN_TOPICS = (Topic.COMBAT, Topic.CARD_TEXT)
ATTACKING_KINDS = tuple(MINIATURE_KINDS)


# --------------------------------------------------------------------- shared with the injury screen
def side_effects(ctx: UiContext, seq: int) -> list[Event]:
    """What else step `seq` did (a reshuffle, a miniature off the board…), as this page's
    viewer reads it: its lines a result card does not show already."""
    return [e for e in ctx.session.history(since=seq) if e.seq == seq and e.topic not in SHOWN_TOPICS]


def other_lines(texts: Texts, entries: list[Event]) -> list[ft.Control]:
    return [ft.Text(texts.entry(e), size=14, color=theme.TEXT_MUTED) for e in entries]


def attack_deck_count(ctx: UiContext) -> ft.Control:
    """How many cards the odds come from: the draw pile, and the cards out of it."""
    deck = ctx.game.decks.attack
    return theme.muted(ctx.texts.t("ui.events.odds.from_deck", draw=deck.draw_count,
                                   discard=len(deck.discard) + len(deck.shown)), size=13)


def draw_screen(ctx: UiContext, title: str, subtitle: str, result: ft.Control | None,
                form: Callable[[UiContext, CommandGate], ft.Control],
                odds: Callable[[UiContext], ft.Control]) -> ft.Control:
    """The attack or injury-check screen: the way back, the form and the odds, and the
    result once drawn (under the form on phones, above the odds otherwise)."""
    back = draft_of(ctx).back_to
    head = [screen_header(ctx, title, subtitle, back_key=BACK_KEYS[back], on_back=lambda: ctx.navigate(back))]
    main: list[ft.Control] = [form(ctx, ctx.gate())]
    side: list[ft.Control] = [odds(ctx)]
    if result is not None:
        if ctx.is_phone:
            main.append(result)
        else:
            side.insert(0, result)
    return page(ctx, head, main, side)


# --------------------------------------------------------------------- the form
def lighting_text(texts: Texts, game: PublicView, place: Place, ignore_darkness: bool = False) -> str:
    """Whether the card's Darkness extra applies where the attack happens, as the engine says."""
    lighting = shown_lighting(game, place, ignore_darkness)
    key = {Lighting.STAIRS: "stairs", Lighting.UNPOWERED: "dark", Lighting.DARKNESS_IGNORED: "ignored"}.get(
        lighting, "light")
    return texts.t(f"ui.events.lighting.{key}", section=place.value)


def attack_command(ctx: UiContext) -> ResolveAttack | None:
    draft = draft_of(ctx)
    seat = chosen_seat(draft.seat, ctx.game)
    if seat is None:
        return None
    return ResolveAttack(attacker=draft.attacker, seat=seat, place=draft.place, target=draft.target,
                         ignore_darkness=draft.ignore_darkness)


def hit_chance_text(ctx: UiContext, deck: Deck, kind: str) -> str:
    if kind == "larva":
        return ctx.texts.t("ui.events.odds.larva")
    try:
        chance = attack_hit_chance(deck, ctx.session.rules, kind)
    except ValueError:
        return ctx.texts.t("ui.events.odds.unavailable")
    return ctx.texts.t("ui.events.odds.hit", kind=kind, percent=percent(ctx.texts, chance))


def lighting_row(texts: Texts, game: PublicView, place: Place, ignore_darkness: bool = False) -> ft.Control:
    lighting = shown_lighting(game, place, ignore_darkness)
    dark = lighting.is_dark
    return ids.tag(ids.ATTACK_LIGHTING, ft.Container(
        content=ft.Row([ft.Icon(LIGHTING_ICONS[lighting], color=LIGHTING_COLOURS[lighting], size=24),
                        ft.Text(lighting_text(texts, game, place, ignore_darkness), size=15,
                                weight=ft.FontWeight.BOLD,
                                expand=True)], spacing=8),
        bgcolor="#0b0d10" if dark else theme.SURFACE_HIGH,
        border=ft.Border.all(1, theme.OUTLINE if dark else theme.YELLOW), border_radius=10, padding=10,
    ))


def _form(ctx: UiContext, gate: CommandGate) -> ft.Control:
    texts = ctx.texts
    t = texts.t
    game = ctx.game
    draft = draft_of(ctx)
    draft.seat = chosen_seat(draft.seat, game)
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
    rows: list[ft.Control] = [
        label(t("ui.events.attack.attacker")), attackers,
        label(t("ui.events.attack.target_label")),
        seat_chips(texts, game, draft.seat, lambda seat: pick(seat=seat), ids.attack_seat,
                   nobody=t("ui.events.attack.nobody")),
        label(t("ui.events.attack.why")), targets,
        ids.tag(ids.ATTACK_TARGET_RULE, note(t(f"reminder.attack_target.{draft.target}"), icon=ft.Icons.GPS_FIXED)),
        label(t("ui.events.attack.where")),
        place_chips(texts, game, draft.place, lambda place: pick(place=place), ids.attack_place),
        lighting_row(texts, game, draft.place, draft.ignore_darkness),
        ignore_darkness_chip(t("ui.events.attack.ignore_darkness"), draft.ignore_darkness,
                             lambda ignore: pick(ignore_darkness=ignore), ids.ATTACK_IGNORE_DARKNESS),
    ]
    if draft.attacker == "larva":
        rows.append(note(t("ui.events.attack.larva_rule"), colour=KIND_COLOURS["larva"], icon=ft.Icons.GESTURE))
    rows.append(ft.Text(hit_chance_text(ctx, game.decks.attack.as_deck(), draft.attacker), size=17,
                        weight=ft.FontWeight.BOLD))
    command = attack_command(ctx)
    if command is None:
        rows.append(ids.tag(ids.ATTACK_RESOLVE, styled_button(t("ui.events.attack.resolve"), disabled=True)))
    else:
        rows.append(command_button(gate, command, label=t("ui.events.attack.resolve"), icon=ft.Icons.STYLE,
                                   identifier=ids.ATTACK_RESOLVE, tone="danger"))
    return theme.card(ft.Column(rows, spacing=8), title=t("ui.events.attack.form"),
                      help=help_button(ctx, "intruder_attack"))


# --------------------------------------------------------------------- the result
def attack_sentence(ctx: UiContext, result: AttackView) -> str:
    """The attack told in one line, naming the player and the Character."""
    t = ctx.texts.t
    params: dict = {"kind": result.attacker, "who": player_label(ctx.texts, ctx.game, result.seat)}
    if result.outcome is AttackOutcome.INFESTED:
        return t("ui.events.attack.detail.infest", **params)
    params["attack_card"] = attack_card(ctx.session.rules, result.card).kind
    if result.outcome is AttackOutcome.MISS:
        return t("ui.events.attack.detail.miss", **params)
    return t("ui.events.attack.detail.hit_dark" if result.dark else "ui.events.attack.detail.hit", **params)


def build_attack_result(ctx: UiContext, since: int) -> ft.Control | None:
    """The latest attack, once one was resolved from step `since` on."""
    texts = ctx.texts
    t = texts.t
    rules = ctx.session.rules
    result = ctx.game.latest.attack
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
        rows.append(attack_card_view(texts, rules, result.card, dark=None, show_effect=False))
    else:
        rows.append(verdict(ids.ATTACK_VERDICT, texts.upper(t("ui.events.attack.hit")), detail,
                            bgcolor=HIT_BG, icon=ft.Icons.WARNING))
        rows.append(attack_card_view(texts, rules, result.card, dark=result.dark))
    rows += other_lines(texts, side_effects(ctx, result.seq))
    if result.breeder_attacks:
        rows.append(_breeder_follow_up(ctx, result))
    return theme.card(ft.Column(rows, spacing=10), title=t("ui.events.attack.result"))


def _breeder_follow_up(ctx: UiContext, result: AttackView) -> ft.Control:
    """Evolve in Darkness: the Breeder placed attacks. Its attacker and place are the card's;
    whom it attacks is the table's call, so no Character is chosen."""
    def prepare(_e) -> None:
        draft = draft_of(ctx)
        draft.attacker, draft.target, draft.seat = "breeder", "standard", None
        if result.place is not None:
            draft.place = Place(result.place)
        draft.attack_since = ctx.game.commands_applied
        ctx.rerender()

    return ids.tag(ids.ATTACK_BREEDER_FOLLOW_UP, styled_button(
        ctx.texts.t("ui.events.attack.breeder_follow_up"), icon=ft.Icons.REPLAY, tone="warning", on_click=prepare))


def _odds_table(ctx: UiContext) -> ft.Control:
    t = ctx.texts.t
    deck = ctx.game.decks.attack.as_deck()
    lines: list[ft.Control] = [ft.Text(hit_chance_text(ctx, deck, kind), size=15)
                               for kind in ATTACKING_KINDS if kind != "larva"]
    lines.append(attack_deck_count(ctx))
    return ids.tag(ids.ATTACK_ODDS, theme.card(ft.Column(lines, spacing=6), title=t("ui.events.odds.attack_title")))


def build_attack_screen(ctx: UiContext) -> ft.Control:
    t = ctx.texts.t
    return draw_screen(ctx, t("ui.events.attack.title"), t("ui.events.attack.subtitle"),
                       build_attack_result(ctx, draft_of(ctx).attack_since), _form, _odds_table)
