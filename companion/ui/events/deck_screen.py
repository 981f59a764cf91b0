"""The deck screen: for the Event and the Attack deck, how many cards are left to draw
(their order stays hidden), the discard pile (tap a card to read it), the cards on
show and those removed from the game; the decks' history; the Attack deck's odds."""
from __future__ import annotations

from typing import Callable

import flet as ft

from companion.engine.decks import ATTACK_DECK, EVENT_DECK, attack_card, event_card
from companion.engine.deck_odds import attack_hit_chance, injury_check_odds
from companion.engine.journal import Event, Topic
from companion.engine.views import DeckView

from .. import ids, theme
from ..context import UiContext
from ..dialogs import close, dialog_button, show_dialog
from ..kit.numbers import percent
from ..rules_screen import help_button
from .draft import BACK_KEYS, draft_of
from .widgets import attack_card_view, event_card_view, page, screen_header

# Draws, reshuffles and removals, and the attacks and injury checks that drew from the decks.
HISTORY_TOPICS = (Topic.DECKS, Topic.COMBAT)
HISTORY_MAX = 80
ODDS_KINDS = ("creeper", "adult", "breeder", "queen")
ODDS_INJURIES = (1, 2, 3, 4, 5, 6)


def card_name(ctx: UiContext, deck: str, card: str) -> str:
    rules = ctx.session.rules
    t = ctx.texts.t
    if deck == EVENT_DECK:
        spec = event_card(rules, card)
        return t("ui.events.decks.event_line", number=spec.number, event_card=spec.card)
    spec_a = attack_card(rules, card)
    value = t("ui.events.card.retreat") if spec_a.retreat else str(spec_a.blood)
    return t("ui.events.decks.attack_line", attack_card=spec_a.kind, value=value)


def show_card(ctx: UiContext, deck: str, card: str) -> None:
    """The card, large, in a dialog."""
    texts = ctx.texts
    phone = ctx.is_phone
    # On a phone the card takes the whole width: the default dialog margins would squeeze its name.
    dialog = ft.AlertDialog(modal=True, scrollable=True, bgcolor=theme.SURFACE,
                            inset_padding=ft.Padding.symmetric(horizontal=8 if phone else 40, vertical=24),
                            content_padding=ft.Padding.all(10 if phone else 20))
    if deck == EVENT_DECK:
        face = event_card_view(texts, ctx.session.rules, card, identifier=ids.DECK_CARD, large=not phone)
    else:
        face = attack_card_view(texts, ctx.session.rules, card, dark=None, identifier=ids.DECK_CARD,
                                large=not phone)
    dialog.content = ft.Container(face, width=min(560, ctx.width - (36 if phone else 120)))
    dialog.actions = [dialog_button(texts, "ui.common.dismiss", ids.CONFIRM_OK,
                                    lambda _e: close(ctx.page, dialog), primary=True)]
    rules = ctx.session.rules
    name = (f"event_card.name.{event_card(rules, card).card}" if deck == EVENT_DECK
            else f"attack_card.name.{attack_card(rules, card).kind}")
    show_dialog(ctx.page, dialog, label=texts.t(name))


def _pile(ctx: UiContext, deck: str, cards: list[str], identifier: str, title: str,
          empty_key: str) -> ft.Control:
    """A browsable pile, newest first."""
    t = ctx.texts.t
    if cards:
        tiles: list[ft.Control] = [
            ids.tag(ids.deck_card(deck, card), ft.Container(
                content=ft.Row([ft.Icon(ft.Icons.STYLE, size=18, color=theme.TEXT_MUTED),
                                ft.Text(card_name(ctx, deck, card), size=15, expand=True),
                                ft.Icon(ft.Icons.CHEVRON_RIGHT, size=18, color=theme.TEXT_MUTED)], spacing=8),
                padding=ft.Padding.symmetric(horizontal=8, vertical=8),
                border=ft.Border.only(bottom=ft.BorderSide(1, theme.OUTLINE)),
                on_click=_opener(ctx, deck, card), ink=True,
            ))
            for card in reversed(cards)
        ]
        body: ft.Control = ft.Column(tiles, spacing=0)
    else:
        body = theme.muted(t(empty_key), size=14)
    heading = ft.Text(t(title, count=len(cards)), size=15, weight=ft.FontWeight.BOLD)
    return ids.tag(identifier, ft.Column([heading, body], spacing=4))


def _opener(ctx: UiContext, deck: str, card: str) -> Callable:
    return lambda _e: show_card(ctx, deck, card)


def _deck_card(ctx: UiContext, name: str, deck: DeckView) -> ft.Control:
    t = ctx.texts.t
    event = name == EVENT_DECK
    draw_id = ids.DECK_EVENT_DRAW if event else ids.DECK_ATTACK_DRAW
    count = ids.tag(draw_id, ft.Row(
        [ft.Icon(ft.Icons.LAYERS, size=34, color=theme.YELLOW),
         ft.Column([ft.Text(str(deck.draw_count), size=32, weight=ft.FontWeight.BOLD),
                    theme.muted(t("ui.events.decks.draw_pile"), size=13)], spacing=0, tight=True)],
        spacing=10,
    ))
    rows: list[ft.Control] = [count]
    if deck.reshuffles:
        rows.append(theme.muted(t("ui.events.decks.reshuffles", count=deck.reshuffles), size=13))
    if deck.shown:
        rows.append(_pile(ctx, name, list(deck.shown), ids.DECK_EVENT_SHOWN if event else ids.DECK_ATTACK_SHOWN,
                          # An Attack card stays on show only until the next draw discards it.
                          "ui.events.decks.shown" if event else "ui.events.decks.shown_attack",
                          "ui.events.decks.empty"))
    rows.append(_pile(ctx, name, list(deck.discard),
                      ids.DECK_EVENT_DISCARD if event else ids.DECK_ATTACK_DISCARD,
                      "ui.events.decks.discard", "ui.events.decks.empty"))
    rows.append(_pile(ctx, name, list(deck.removed),
                      ids.DECK_EVENT_REMOVED if event else ids.DECK_ATTACK_REMOVED,
                      "ui.events.decks.removed", "ui.events.decks.none_removed"))
    title = t("ui.events.decks.event_deck") if event else t("ui.events.decks.attack_deck")
    return theme.card(ft.Column(rows, spacing=12), title=title,
                      help=help_button(ctx, "event_cards" if event else "attack_cards"))


def history_entries(ctx: UiContext) -> list[Event]:
    """The decks' lines this page's viewer may read, newest first."""
    return ctx.session.history(*HISTORY_TOPICS, limit=HISTORY_MAX)


def _history(ctx: UiContext) -> ft.Control:
    texts = ctx.texts
    entries = history_entries(ctx)
    if entries:
        lines: list[ft.Control] = [
            ft.Row([ft.Text(texts.t("ui.log.seq", seq=e.seq), size=12, color=theme.TEXT_MUTED, width=34),
                    ft.Text(texts.entry(e), size=14, expand=True)],
                   vertical_alignment=ft.CrossAxisAlignment.START, spacing=6)
            for e in entries
        ]
        body: ft.Control = ft.Column(lines, spacing=6)
    else:
        body = theme.muted(texts.t("ui.events.decks.no_history"), size=14)
    return ids.tag(ids.DECK_HISTORY, theme.card(body, title=texts.t("ui.events.decks.history")))


def _odds(ctx: UiContext) -> ft.Control:
    """Hit chance by attacker, and kill chance by injuries, from the cards still in the deck."""
    texts = ctx.texts
    t = texts.t
    deck = ctx.game.decks.attack.as_deck()
    rules = ctx.session.rules
    # The hit column gets twice the room of an injury column (its heading is a word).
    name_width = 74 if ctx.is_phone else 96
    header = ft.Row([ft.Text("", width=name_width)] + [
        ft.Text(t("ui.events.decks.odds_hit") if col is None else str(col), size=12, weight=ft.FontWeight.BOLD,
                color=theme.TEXT_MUTED, expand=2 if col is None else 1, text_align=ft.TextAlign.CENTER)
        for col in (None, *ODDS_INJURIES)
    ], spacing=4)
    rows: list[ft.Control] = [theme.muted(t("ui.events.decks.odds_help"), size=13), header]
    for kind in ODDS_KINDS:
        try:
            cells = [percent(texts, attack_hit_chance(deck, rules, kind))]
            cells += [percent(texts, injury_check_odds(deck, rules, kind, n).kill) for n in ODDS_INJURIES]
        except ValueError:
            return theme.card(theme.muted(t("ui.events.odds.unavailable")), title=t("ui.events.decks.odds"))
        rows.append(ft.Row(
            [ft.Text(t(f"intruder.{kind}"), size=13, width=name_width, weight=ft.FontWeight.BOLD)]
            + [ft.Text(cell, size=13, expand=2 if index == 0 else 1, text_align=ft.TextAlign.CENTER,
                       color=theme.YELLOW if index == 0 else theme.TEXT) for index, cell in enumerate(cells)],
            spacing=4,
        ))
    return ids.tag(ids.DECK_ODDS, theme.card(ft.Column(rows, spacing=6), title=t("ui.events.decks.odds")))


def build_deck_screen(ctx: UiContext) -> ft.Control:
    t = ctx.texts.t
    decks_view = ctx.game.decks
    back = draft_of(ctx).back_to
    head = [screen_header(ctx, t("ui.events.decks.title"), t("ui.events.decks.subtitle"),
                          back_key=BACK_KEYS[back], on_back=lambda: ctx.navigate(back))]
    decks = [_deck_card(ctx, EVENT_DECK, decks_view.event), _deck_card(ctx, ATTACK_DECK, decks_view.attack)]
    if not ctx.is_phone:
        decks = [ft.Row([ft.Container(d, expand=True) for d in decks], spacing=theme.GAP,
                        vertical_alignment=ft.CrossAxisAlignment.START)]
    return page(ctx, head, [*decks, _odds(ctx)], [_history(ctx)])
