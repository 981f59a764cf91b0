"""The injury-check screen: intruder type and injuries on it, the chances from the
cards still in the Attack deck, then the cards drawn (blood values or a Retreat arrow)
and a KILLED / RETREATS / SURVIVES banner. A Retreat draws an Event card for its
corridor number only (the engine does; the banner names the corridor)."""
from __future__ import annotations

import flet as ft

from companion.engine.attacks import INJURY_CARDS, other_corridor, retreat_corridor, retreat_corridor_unconfirmed
from companion.engine.commands import InjuryCheck
from companion.engine.deck_odds import injury_check_odds
from companion.engine.decks import Deck, event_card
from companion.engine.results import InjuryOutcome
from companion.rules import EventCardSpec, Rules

from .. import ids, theme
from ..context import UiContext
from ..i18n_view import Texts
from ..kit.chips import chips, choice_chip, label, stepper
from ..kit.gate import CommandGate, command_button
from ..kit.kinds import KIND_COLOURS
from ..kit.numbers import percent
from ..rules_screen import help_button
from .attack import attack_deck_count, draw_screen, other_lines, side_effects
from .draft import INJURIES_MAX, draft_of, draft_picker
from .widgets import HIT_BG, MISS_BG, RETREAT_BG, attack_card_view, note, verdict

INJURED_KINDS = tuple(INJURY_CARDS)
# How far the chance table goes (injuries 1..N).
TABLE_INJURIES = 6


def injury_command(ctx: UiContext) -> InjuryCheck:
    draft = draft_of(ctx)
    return InjuryCheck(intruder=draft.injured, injuries=draft.injuries, in_nest=draft.in_nest)


def _odds_line(ctx: UiContext, deck: Deck, kind: str, injuries: int) -> str:
    texts = ctx.texts
    try:
        odds = injury_check_odds(deck, ctx.session.rules, kind, injuries)
    except ValueError:
        return texts.t("ui.events.odds.unavailable")
    return texts.t("ui.events.odds.injury", kill=percent(texts, odds.kill), retreat=percent(texts, odds.retreat),
                   survive=percent(texts, odds.survive))


def _odds_table(ctx: UiContext) -> ft.Control:
    """Kill chance for the chosen intruder with 1..6 injuries."""
    texts = ctx.texts
    t = texts.t
    draft = draft_of(ctx)
    kind = draft.injured
    rows: list[ft.Control] = [ft.Text(t("ui.events.odds.injury_for", kind=kind), size=15, weight=ft.FontWeight.BOLD)]
    deck = ctx.game.decks.attack.as_deck()
    for injuries in range(1, TABLE_INJURIES + 1):
        try:
            odds = injury_check_odds(deck, ctx.session.rules, kind, injuries)
        except ValueError:
            rows.append(theme.muted(t("ui.events.odds.unavailable")))
            break
        rows.append(ft.Row(
            [ft.Text(t("ui.events.odds.injuries", count=injuries), size=14, width=120),
             ft.Text(t("ui.events.odds.kill_short", percent=percent(texts, odds.kill)), size=14, expand=True,
                     weight=ft.FontWeight.BOLD if injuries == draft.injuries else None,
                     color=theme.YELLOW if injuries == draft.injuries else theme.TEXT)],
            spacing=8,
        ))
    rows.append(attack_deck_count(ctx))
    return ids.tag(ids.INJURY_ODDS, theme.card(ft.Column(rows, spacing=4), title=t("ui.events.odds.injury_title")))


def injury_form_rows(ctx: UiContext, gate: CommandGate) -> list[ft.Control]:
    """Intruder, injuries, the rule, the chance and the button (also step 8's own form)."""
    texts = ctx.texts
    t = texts.t
    draft = draft_of(ctx)
    pick = draft_picker(ctx)

    kinds = chips([
        choice_chip(t(f"intruder.{kind}") if kind != "egg" else t("ui.events.injury.egg"),
                    selected=draft.injured == kind, colour=KIND_COLOURS[kind],
                    on_click=lambda _e, kind=kind: pick(injured=kind), identifier=ids.injury_intruder(kind))
        for kind in INJURED_KINDS
    ])
    cards = INJURY_CARDS[draft.injured]
    rows: list[ft.Control] = [
        label(t("ui.events.injury.intruder")), kinds,
        label(t("ui.events.injury.injuries")),
        stepper(draft.injuries, on_change=lambda value: pick(injuries=value), identifier=ids.INJURY_COUNT,
                down_id=ids.INJURY_COUNT_DOWN, up_id=ids.INJURY_COUNT_UP, down_tip=t("ui.events.injury.less"),
                up_tip=t("ui.events.injury.more"), low=1, high=INJURIES_MAX),
        note(t(f"ui.events.injury.rule_{cards}"), icon=ft.Icons.RULE),
    ]
    if draft.injured == "egg":
        rows.append(choice_chip(t("ui.events.injury.in_nest"), selected=draft.in_nest,
                                on_click=lambda _e: pick(in_nest=not draft.in_nest), identifier=ids.INJURY_IN_NEST,
                                icon=ft.Icons.CHECK_BOX if draft.in_nest else ft.Icons.CHECK_BOX_OUTLINE_BLANK))
    rows.append(ft.Text(_odds_line(ctx, ctx.game.decks.attack.as_deck(), draft.injured, draft.injuries), size=16,
                        weight=ft.FontWeight.BOLD))
    rows.append(command_button(gate, injury_command(ctx), label=t("ui.events.injury.resolve"), icon=ft.Icons.STYLE,
                               identifier=ids.INJURY_RESOLVE, tone="danger"))
    return rows


def _form(ctx: UiContext, gate: CommandGate) -> ft.Control:
    return theme.card(ft.Column(injury_form_rows(ctx, gate), spacing=8), title=ctx.texts.t("ui.events.injury.form"),
                      help=help_button(ctx, "injury_check"))


def retreat_detail(texts: Texts, rules: Rules, spec: EventCardSpec) -> str:
    """Where a retreating intruder goes; on a card with two corridor numbers, which one
    the engine takes (the rules data's reading) and that it is a reading."""
    corridor = retreat_corridor(spec, rules)
    if not retreat_corridor_unconfirmed(spec):
        return texts.t("ui.events.injury.retreat_detail", corridors=corridor, number=spec.number)
    return texts.t(f"ui.events.injury.retreat_detail_{rules.intruders.retreat_corridor}", corridor=corridor,
                   other=other_corridor(spec, rules), number=spec.number)


def build_injury_result(ctx: UiContext, since: int) -> ft.Control | None:
    texts = ctx.texts
    t = texts.t
    result = ctx.game.latest.injury
    if result is None or result.seq < since:
        return None
    kind = result.intruder
    counts = {"kind": kind, "injuries": result.injuries, "total": result.total}
    unconfirmed = False  # a Retreat on a card with two corridor numbers (the app takes the first)
    if result.outcome is InjuryOutcome.KILLED:
        banner = verdict(ids.INJURY_VERDICT, texts.upper(t("ui.events.injury.killed", kind=kind)),
                         t("log.injury.killed", **counts), bgcolor=MISS_BG, icon=ft.Icons.CHECK_CIRCLE,
                         border=theme.GREEN)
    elif result.outcome is InjuryOutcome.SURVIVES:
        banner = verdict(ids.INJURY_VERDICT, texts.upper(t("ui.events.injury.survives", kind=kind)),
                         t("log.injury.survives", **counts), bgcolor=HIT_BG, icon=ft.Icons.WARNING)
    elif result.outcome is InjuryOutcome.EGG_DESTROYED:
        banner = verdict(ids.INJURY_VERDICT, texts.upper(t("ui.events.injury.egg_killed")), None,
                         bgcolor=MISS_BG, icon=ft.Icons.CHECK_CIRCLE, border=theme.GREEN)
    else:
        spec = event_card(ctx.session.rules, result.retreat_card)
        unconfirmed = retreat_corridor_unconfirmed(spec)
        detail = retreat_detail(ctx.texts, ctx.session.rules, spec)
        banner = verdict(ids.INJURY_VERDICT, texts.upper(t("ui.events.injury.retreats", kind=kind)), detail,
                         bgcolor=RETREAT_BG, icon=ft.Icons.U_TURN_LEFT)
    rows: list[ft.Control] = [banner]
    if unconfirmed:
        rows.append(ft.Row([theme.unconfirmed_badge(14), theme.muted(t("common.unconfirmed"), size=13)], spacing=6))
    faces = [attack_card_view(texts, ctx.session.rules, card, dark=None, show_effect=False,
                              identifier=ids.injury_card(index + 1), large=False)
             for index, card in enumerate(result.cards)]
    if faces:
        rows.append(label(t("ui.events.injury.cards")))
        if ctx.is_phone:
            rows += faces
        else:
            rows.append(ft.Row([ft.Container(face, expand=True) for face in faces], spacing=10,
                               vertical_alignment=ft.CrossAxisAlignment.START))
    rows += other_lines(texts, side_effects(ctx, result.seq))
    return theme.card(ft.Column(rows, spacing=10), title=t("ui.events.injury.result"))


def build_injury_screen(ctx: UiContext) -> ft.Control:
    t = ctx.texts.t
    return draw_screen(ctx, t("ui.events.injury.title"), t("ui.events.injury.subtitle"),
                       build_injury_result(ctx, draft_of(ctx).injury_since), _form, _odds_table)
