"""The table's Contingency panel while the game runs: how many tokens each player holds and
who looked where, each player's own tokens behind a hand-off of the device (for a seat no
phone holds), and the Victory Check by hand. Kept (kit.kept); the player's own part, drawn
from their own session while they hold the device, is drawn anew (kit.handoff)."""
from __future__ import annotations

import flet as ft

from .. import theme
from ..kit.handoff import CONTINGENCY, hand_to, handoff_body, may_hand_to
from ..kit.kept import ActionButton, Card, KeptScreen, KeyedItems
from ..routes import VICTORY
from ..victory.contingency_panel import build_own_tokens
from ..victory.names import player_name, token_card
from .bits import LinkButton, Pill, Rebuilt
from companion.ui.victory import ids as victory_ids


class _Holder:
    """A player's line: how many tokens they hold, and where they look at them."""

    def __init__(self, screen: KeptScreen, seat: int) -> None:
        self.screen = screen
        self.name = ft.Text("", size=15, weight=ft.FontWeight.BOLD, expand=True)
        self.held = Pill(screen.changes, size=12)
        self.on_phone = Pill(screen.changes, size=12)
        self.hand = ActionButton(screen.changes, victory_ids.contingency_handoff(seat), icon=ft.Icons.LOCK_OPEN, compact=True,
                                 page_of=screen.page, on_tap=lambda: hand_to(screen.ctx, seat, CONTINGENCY))
        self.root = ft.Row([self.name, self.held.root, self.on_phone.root, self.hand.root], spacing=8,
                           vertical_alignment=ft.CrossAxisAlignment.CENTER)

    def show(self, name: str, count: int, handed: bool) -> None:
        t = self.screen.ctx.texts.t
        self.screen.changes.put(self.name, value=name)
        self.held.show(t("ui.contingency.held", count=count), bgcolor=theme.SURFACE_HIGH)
        self.on_phone.show(t("ui.victory.on_phone"), bgcolor=theme.GREEN, visible=not handed)
        self.hand.show(t("ui.contingency.open_own"), refused=None, visible=handed)


class TokensPanel:
    def __init__(self, screen: KeptScreen) -> None:
        self.screen = screen
        changes = screen.changes
        self.help = theme.muted("", size=14)
        self.holders_column = ft.Column([], spacing=8)
        self.holders: KeyedItems[_Holder] = KeyedItems(changes, self.holders_column,
                                                       lambda seat: _Holder(screen, seat))  # type: ignore[arg-type]
        self.pool = theme.muted("", size=14)
        # The tokens everyone sees (revealed ones): drawn anew when they or the language change.
        self.public = Rebuilt(changes)
        self.public_drawn: tuple | None = None
        self.last_look = theme.muted("", size=13)
        self.by_hand = LinkButton(changes, victory_ids.VICTORY_BY_HAND, icon=ft.Icons.EMOJI_EVENTS,
                                  on_tap=lambda: screen.ctx.navigate(VICTORY))
        self.private = Rebuilt(changes)
        self.public_part = ft.Column([self.help, self.holders_column, self.pool, self.public.root, self.last_look],
                                     spacing=8)
        self.card = Card(changes, ft.Column([self.private.root, self.public_part, self.by_hand.root], spacing=8))
        self.frame = ft.Container(self.card.root)  # carries the panel's identifier while the app deals tokens
        self.root = ft.Semantics(identifier="", content=self.frame)

    def show(self) -> None:
        ctx, put = self.screen.ctx, self.screen.changes.put
        game, t = ctx.game, ctx.texts.t
        tokens = game.contingency
        self.by_hand.show(t("ui.victory.by_hand_entry"))
        put(self.root, identifier=victory_ids.CONTINGENCY_PANEL if tokens is not None else "")
        title = t("ui.contingency.title") if tokens is not None else ""
        self.card.show(title)
        put(self.card.title, visible=bool(title))
        private = handoff_body(ctx, CONTINGENCY, lambda held: build_own_tokens(held, held.view)) \
            if tokens is not None else None
        self.private.show((lambda: ft.Column(private, spacing=10)) if private is not None else None)
        put(self.public_part, visible=tokens is not None and private is None)
        put(self.by_hand.root, visible=private is None)
        if tokens is None or private is not None:
            return
        put(self.help, value=t("ui.contingency.table_help"))
        self.holders.show(((member.seat, member) for member in game.crew),
                          lambda line, member: line.show(member.name, tokens.held.get(member.seat, 0),
                                                         may_hand_to(ctx, member.seat)))
        put(self.pool, value=t("ui.contingency.pool_count", count=tokens.pool))
        drawn = (tokens.public, ctx.texts.lang)
        if drawn != self.public_drawn:
            self.public_drawn = drawn
            self.public.show((lambda: ft.Column([token_card(ctx.texts, token) for token in tokens.public], spacing=8))
                             if tokens.public else None)
        put(self.last_look, visible=bool(tokens.looks))
        if tokens.looks:
            last = tokens.looks[-1]
            looker = player_name(game, last.seat)
            put(self.last_look, value=t("ui.contingency.last_look_pool", name=looker) if last.holder is None
                else ctx.texts.plural("ui.contingency.last_look", last.tokens, name=looker,
                                      whose=player_name(game, last.holder)))
