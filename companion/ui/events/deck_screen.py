"""The deck screen, kept (kit.kept): for the Event and the Attack deck, how many cards are
left to draw (their order stays hidden), the discard pile (tap a card to read it), the
cards on show and those removed from the game; the decks' history; the Attack deck's odds."""
from __future__ import annotations

from typing import Any, Iterator

import flet as ft

from companion.engine.views import ATTACK_DECK, EVENT_DECK, attack_card, event_card
from companion.engine.views import Event, Topic
from companion.engine.views import DeckView

from .. import ids, theme
from ..busy import in_turn, page_of_event
from ..context import UiContext
from ..dialogs import Dialog
from ..kit.kept import PHONE, Card, Changes, KeptScreen, KeyedItems
from ..kit.numbers import percent
from ..log_view import LogLine, line_keys
from .draft import BACK_KEYS, draft_of
from .parts import AttackCardFace, EventCardFace, Header
from companion.ui.events import ids as events_ids

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
    """The card, large, in a dialog (built when it opens, as every dialog)."""
    texts = ctx.texts
    phone = ctx.is_phone
    # On a phone the card takes the whole width: the default dialog margins would squeeze its name.
    dialog = Dialog(ctx.page, texts, scrollable=True, bgcolor=theme.SURFACE,
                    inset_padding=ft.Padding.symmetric(horizontal=8 if phone else 40, vertical=24),
                    content_padding=ft.Padding.all(10 if phone else 20))
    rules = ctx.session.rules
    face: EventCardFace | AttackCardFace
    if deck == EVENT_DECK:
        face = EventCardFace(Changes(), identifier=events_ids.DECK_CARD, large=not phone)
        face.show(texts, rules, card)
        name = f"event_card.name.{event_card(rules, card).card}"
    else:
        face = AttackCardFace(Changes(), identifier=events_ids.DECK_CARD, large=not phone)
        face.show(texts, rules, card, dark=None)
        name = f"attack_card.name.{attack_card(rules, card).kind}"
    dialog.show(title=None, body=ft.Container(face.root, width=min(560, ctx.width - (36 if phone else 120))),
                actions=[dialog.button("ui.common.dismiss", ids.CONFIRM_OK, primary=True)], label=texts.t(name))


class PileCard:
    """One card of a pile: its name; a tap shows it large."""

    def __init__(self, screen: KeptScreen, deck: str, card: str) -> None:
        self.screen = screen
        self.read = lambda: show_card(screen.ctx, deck, card)
        self.text = ft.Text("", size=15, expand=True)
        self.root = ids.tag(events_ids.deck_card(deck, card), ft.Container(
            content=ft.Row([ft.Icon(ft.Icons.STYLE, size=18, color=theme.TEXT_MUTED), self.text,
                            ft.Icon(ft.Icons.CHEVRON_RIGHT, size=18, color=theme.TEXT_MUTED)], spacing=8),
            padding=ft.Padding.symmetric(horizontal=8, vertical=8),
            border=ft.Border.only(bottom=ft.BorderSide(1, theme.OUTLINE)),
            on_click=self._tapped, ink=True))

    def _tapped(self, event) -> Iterator[None]:
        yield from in_turn(page_of_event(event), self.read)

    def show(self, text: str) -> None:
        self.screen.changes.put(self.text, value=text)


class Pile:
    """A browsable pile, newest first (a sentence when it is empty)."""

    def __init__(self, screen: KeptScreen, deck: str, identifier: str) -> None:
        self.screen = screen
        self.deck = deck
        self.heading = ft.Text("", size=15, weight=ft.FontWeight.BOLD)
        self.holder = ft.Column([], spacing=0)
        self.cards: KeyedItems[PileCard] = KeyedItems(screen.changes, self.holder,
                                                      lambda card: PileCard(screen, deck, str(card)))
        self.empty = theme.muted("", size=14)
        self.root = ids.tag(identifier, ft.Column([self.heading, self.holder, self.empty], spacing=4))

    def show(self, cards: list[str], title: str, empty: str, *, visible: bool = True) -> None:
        ctx, put = self.screen.ctx, self.screen.changes.put
        put(self.root, visible=visible)
        if not visible:
            return
        put(self.heading, value=ctx.texts.t(title, count=len(cards)))
        self.cards.show(((card, card) for card in reversed(cards)),
                        lambda item, card: item.show(card_name(ctx, self.deck, card)))
        put(self.empty, visible=not cards)
        if not cards:
            put(self.empty, value=ctx.texts.t(empty))


class DeckCard:
    """One deck: the draw pile's count, reshuffles, the cards on show, the discard pile and
    the cards removed from the game."""

    def __init__(self, screen: KeptScreen, deck: str) -> None:
        self.screen = screen
        self.deck = deck
        event = deck == EVENT_DECK
        self.count = ft.Text("", size=32, weight=ft.FontWeight.BOLD)
        self.count_label = theme.muted("", size=13)
        self.reshuffles = theme.muted("", size=13)
        self.shown = Pile(screen, deck, events_ids.DECK_EVENT_SHOWN if event else events_ids.DECK_ATTACK_SHOWN)
        self.discard = Pile(screen, deck, events_ids.DECK_EVENT_DISCARD if event else events_ids.DECK_ATTACK_DISCARD)
        self.removed = Pile(screen, deck, events_ids.DECK_EVENT_REMOVED if event else events_ids.DECK_ATTACK_REMOVED)
        count = ids.tag(events_ids.DECK_EVENT_DRAW if event else events_ids.DECK_ATTACK_DRAW, ft.Row(
            [ft.Icon(ft.Icons.LAYERS, size=34, color=theme.YELLOW),
             ft.Column([self.count, self.count_label], spacing=0, tight=True)], spacing=10))
        self.card = Card(screen.changes, ft.Column([count, self.reshuffles, self.shown.root, self.discard.root,
                                                    self.removed.root], spacing=12), help_of=screen.help)
        self.root = self.card.root

    def show(self, view: DeckView) -> None:
        ctx, put = self.screen.ctx, self.screen.changes.put
        t = ctx.texts.t
        event = self.deck == EVENT_DECK
        self.card.show(t("ui.events.decks.event_deck") if event else t("ui.events.decks.attack_deck"),
                       topic="event_cards" if event else "attack_cards", help_tip=t("ui.rules.help"))
        put(self.count, value=str(view.draw_count))
        put(self.count_label, value=t("ui.events.decks.draw_pile"))
        put(self.reshuffles, visible=bool(view.reshuffles))
        if view.reshuffles:
            put(self.reshuffles, value=t("ui.events.decks.reshuffles", count=view.reshuffles))
        # An Attack card stays on show only until the next draw discards it.
        self.shown.show(list(view.shown), "ui.events.decks.shown" if event else "ui.events.decks.shown_attack",
                        "ui.events.decks.empty", visible=bool(view.shown))
        self.discard.show(list(view.discard), "ui.events.decks.discard", "ui.events.decks.empty")
        self.removed.show(list(view.removed), "ui.events.decks.removed", "ui.events.decks.none_removed")


def history_entries(ctx: UiContext) -> list[Event]:
    """The decks' lines this page's viewer may read, newest first."""
    return ctx.session.history(*HISTORY_TOPICS, limit=HISTORY_MAX)


class History:
    """The decks' history, newest first; read once per feed and language."""

    def __init__(self, screen: KeptScreen) -> None:
        self.screen = screen
        self.holder = ft.Column([], spacing=0)
        self.lines: KeyedItems[LogLine] = KeyedItems(screen.changes, self.holder,
                                                     lambda _key: LogLine(screen.changes))
        self.empty = theme.muted("", size=14)
        self.card = Card(screen.changes, ft.Column([self.holder, self.empty], spacing=0, tight=True),
                         identifier=events_ids.DECK_HISTORY)
        self.root = self.card.root
        self.read: tuple | None = None

    def show(self) -> None:
        ctx, put = self.screen.ctx, self.screen.changes.put
        texts = ctx.texts
        self.card.show(texts.t("ui.events.decks.history"))
        read = (ctx.feed.version if ctx.feed is not None else None, texts.lang)
        if read == self.read:
            return
        self.read = read
        entries = history_entries(ctx)
        self.lines.show(zip(line_keys(entries), entries), lambda line, entry: line.show(texts, entry))
        put(self.empty, visible=not entries)
        if not entries:
            put(self.empty, value=texts.t("ui.events.decks.no_history"))


class Odds:
    """Hit chance by attacker, and kill chance by injuries, from the cards still in the deck."""

    def __init__(self, screen: KeptScreen) -> None:
        self.screen = screen
        # The hit column gets twice the room of an injury column (its heading is a word).
        name_width = 74 if screen.layout == PHONE else 96
        self.help = theme.muted("", size=13)
        self.hit_heading = ft.Text("", size=12, weight=ft.FontWeight.BOLD, color=theme.TEXT_MUTED, expand=2,
                                   text_align=ft.TextAlign.CENTER)
        header = ft.Row([ft.Text("", width=name_width), self.hit_heading] + [
            ft.Text(str(n), size=12, weight=ft.FontWeight.BOLD, color=theme.TEXT_MUTED, expand=1,
                    text_align=ft.TextAlign.CENTER) for n in ODDS_INJURIES], spacing=4)
        self.names = {kind: ft.Text("", size=13, width=name_width, weight=ft.FontWeight.BOLD) for kind in ODDS_KINDS}
        self.cells = {kind: [ft.Text("", size=13, expand=2 if index == 0 else 1, text_align=ft.TextAlign.CENTER,
                                     color=theme.YELLOW if index == 0 else theme.TEXT)
                             for index in range(1 + len(ODDS_INJURIES))] for kind in ODDS_KINDS}
        self.table = ft.Column([self.help, header, *(ft.Row([self.names[kind], *self.cells[kind]], spacing=4)
                                                     for kind in ODDS_KINDS)], spacing=6)
        self.unavailable = theme.muted("")
        self.card = Card(screen.changes, ft.Column([self.table, self.unavailable], spacing=0, tight=True),
                         identifier=events_ids.DECK_ODDS)
        self.root = self.card.root

    def show(self) -> None:
        ctx, put = self.screen.ctx, self.screen.changes.put
        texts = ctx.texts
        t = texts.t
        self.card.show(t("ui.events.decks.odds"))
        chances = ctx.game.decks.odds
        available = all(chances.hit.get(kind) is not None and chances.injury.get(kind) is not None
                        for kind in ODDS_KINDS)
        rows = {kind: [percent(texts, chances.hit[kind])]  # type: ignore[arg-type]
                + [percent(texts, chances.injury_odds(kind, n).kill) for n in ODDS_INJURIES]  # type: ignore[union-attr]
                for kind in ODDS_KINDS} if available else None
        put(self.table, visible=rows is not None)
        put(self.unavailable, visible=rows is None)
        if rows is None:
            put(self.unavailable, value=t("ui.events.odds.unavailable"))
            return
        put(self.help, value=t("ui.events.decks.odds_help"))
        put(self.hit_heading, value=t("ui.events.decks.odds_hit"))
        for kind, values in rows.items():
            put(self.names[kind], value=t(f"intruder.{kind}"))
            for cell, value in zip(self.cells[kind], values):
                put(cell, value=value)


class DeckScreen(KeptScreen):
    def __init__(self, ctx: UiContext, shell: Any = None) -> None:
        super().__init__(ctx, shell)
        phone = self.layout == PHONE
        self.header = Header(self, lambda: self.ctx.navigate(draft_of(self.ctx).back_to))
        self.event = DeckCard(self, EVENT_DECK)
        self.attack = DeckCard(self, ATTACK_DECK)
        self.odds = Odds(self)
        self.history = History(self)
        stretch = ft.CrossAxisAlignment.STRETCH
        if phone:
            body: list[ft.Control] = [self.header.root, self.event.root, self.attack.root, self.odds.root,
                                      self.history.root]
        else:
            decks = ft.Row([ft.Container(self.event.root, expand=True), ft.Container(self.attack.root, expand=True)],
                           spacing=theme.GAP, vertical_alignment=ft.CrossAxisAlignment.START)
            main = ft.Container(ft.Column([decks, self.odds.root], spacing=theme.GAP, horizontal_alignment=stretch),
                                expand=3)
            side = ft.Container(ft.Column([self.history.root], spacing=theme.GAP, horizontal_alignment=stretch),
                                expand=2)
            body = [self.header.root, ft.Row([main, side], spacing=theme.GAP,
                                             vertical_alignment=ft.CrossAxisAlignment.START)]
        self.root = ft.Column(body, spacing=theme.GAP, horizontal_alignment=stretch)

    def put_view(self) -> None:
        ctx = self.ctx
        t = ctx.texts.t
        self.changes.put(self.root, width=ctx.width - 2 * theme.PAGE_PADDING)
        self.header.show(t("ui.events.decks.title"), t("ui.events.decks.subtitle"),
                         t(BACK_KEYS[draft_of(ctx).back_to]))
        decks = ctx.game.decks
        self.event.show(decks.event)
        self.attack.show(decks.attack)
        self.odds.show()
        self.history.show()
