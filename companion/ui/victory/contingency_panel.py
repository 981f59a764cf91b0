"""A player's own Contingency tokens (on their phone, or on the shared device handed to
them): what they hold, what they have seen, and the three ways of looking. The table's
panel of counts and looks is table/tokens_panel."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import flet as ft

from companion.engine.commands import PeekContingency
from companion.engine.views import GameView
from companion.rules import Rules

from .. import theme
from ..context import UiContext
from ..i18n_view import Texts
from ..kit.chips import label
from ..kit.kept import Card, Changes, Chip, KeyedItems, OfferButton
from ..kit.reveal import RevealToggle, hide_later, reveal_of
from .names import TokenFace, player_name
from companion.ui.victory import ids as victory_ids

VIAS = ("archive", "alert_room", "computer")


@dataclass
class LookDraft:
    via: str | None = None
    target: int | None = None


def via_help(texts: Texts, via: str, rules: Rules) -> str:
    """What a way of looking does; the Archive's says what the engine does (the room
    sheet's peek, or p.11's, as the rules data reads it)."""
    if via == "archive":
        return texts.t(f"ui.contingency.via_help.archive_{rules.contingency_deal.archive}")
    return texts.t(f"ui.contingency.via_help.{via}")


def _draft(ctx: UiContext, seat: int) -> LookDraft:
    return ctx.kept(("contingency_draft", seat), LookDraft)


class OwnTokens:
    """A player's own tokens and looks (their seat's view), kept; hidden without the app's
    tokens. The tokens stay hidden until their owner asks, and hide again (kit.reveal); a
    look the player just made is shown at once."""

    def __init__(self, changes: Changes, ctx_of: Callable[[], UiContext]) -> None:
        self.changes = changes
        self.ctx_of = ctx_of
        self.seat = 0
        self.help = theme.muted("", size=14)
        self.tokens_column = ft.Column([], spacing=8)
        self.tokens: KeyedItems[TokenFace] = KeyedItems(changes, self.tokens_column,
                                                        lambda _id: TokenFace(changes))
        self.none_held = theme.muted("")
        self.seen_label = label("")
        self.seen_column = ft.Column([], spacing=8)
        self.seen: KeyedItems[_Seen] = KeyedItems(changes, self.seen_column, lambda _key: _Seen(changes))
        self.shown = ft.Column([self.tokens_column, self.none_held, self.seen_label, self.seen_column], spacing=8)
        self.toggle = RevealToggle(changes, victory_ids.CONTINGENCY_SHOW, ctx_of)
        self.looks = _Looks(self)
        self.card = Card(changes, ft.Column([self.help, self.shown, self.toggle.root, self.looks.root], spacing=8),
                         identifier=victory_ids.CONTINGENCY_OWN)
        self.root = self.card.root

    def show(self, view: GameView | None) -> bool:
        """Whether the player's tokens are there (the part is visible)."""
        put = self.changes.put
        there = view is not None and view.private is not None and view.private.contingency is not None \
            and view.public.contingency is not None
        put(self.root, visible=there)
        if not there:
            return False
        ctx = self.ctx_of()
        t = ctx.texts.t
        game = view.public  # type: ignore[union-attr]
        seat = self.seat = view.private.seat  # type: ignore[union-attr]
        own = view.private.contingency  # type: ignore[union-attr]
        self.card.show(t("ui.contingency.own_title"))
        put(self.help, value=t("ui.contingency.own_help"))
        reveal = reveal_of(ctx, ("tokens", seat))
        looks_known = ctx.extras.get(("tokens-looks", seat))
        ctx.extras[("tokens-looks", seat)] = len(own.seen)
        if looks_known is not None and len(own.seen) > looks_known and not reveal.shown:
            reveal.shown = True
            reveal.showings += 1
            hide_later(ctx, reveal, reveal.showings)
        put(self.shown, visible=reveal.shown)
        if reveal.shown:
            self.tokens.show(((token.id, token) for token in own.own), lambda face, token: face.show(ctx.texts, token))
            put(self.none_held, visible=not own.own)
            if not own.own:
                put(self.none_held, value=t("ui.contingency.none_held"))
            put(self.seen_label, visible=bool(own.seen))
            if own.seen:
                put(self.seen_label, value=t("ui.contingency.seen"))
            self.seen.show(((index, seen) for index, seen in enumerate(own.seen)),
                           lambda row, seen: row.show(ctx, game, seen))
        self.toggle.show(reveal, show_label=t("ui.private.show"), hide_label=t("ui.private.hide"))
        looking = not game.is_over and game.member(seat).is_in_facility
        put(self.looks.root, visible=looking)
        if looking:
            self.looks.show(ctx, game)
        return True


class _Seen:
    def __init__(self, changes: Changes) -> None:
        self.changes = changes
        self.where = theme.muted("", size=13)
        self.face = TokenFace(changes, detail=False)
        self.root = ft.Column([self.where, self.face.root], spacing=2, tight=True)

    def show(self, ctx: UiContext, game, seen) -> None:
        t = ctx.texts.t
        self.changes.put(self.where, value=t("ui.contingency.in_pool") if seen.holder is None else
                         t("ui.contingency.held_by", name=player_name(game, seen.holder)))
        self.face.show(ctx.texts, seen.token)


class _Looks:
    """The three ways of looking: how, at whose, and the look."""

    def __init__(self, owner: OwnTokens) -> None:
        self.owner = owner
        changes = owner.changes
        self.label = label("")
        self.vias = {via: Chip(changes, victory_ids.contingency_look(via), lambda via=via: self._pick_via(via)) for via in VIAS}
        self.help = theme.muted("", size=13)
        self.targets_row = ft.Row([], wrap=True, spacing=8, run_spacing=8)
        self.targets: KeyedItems[Chip] = KeyedItems(changes, self.targets_row, lambda target: Chip(
            changes, victory_ids.contingency_target(target), lambda: self._pick_target(target)))  # type: ignore[arg-type]
        self.go = OfferButton(changes, victory_ids.CONTINGENCY_LOOK_GO, icon=ft.Icons.VISIBILITY, tone="primary",
                              gate_of=lambda: owner.ctx_of().gate(), page_of=lambda: owner.ctx_of().page)
        # Why the look is greyed out, in words: a tooltip never shows on a phone.
        self.why = theme.muted("", size=13)
        self.root = ft.Column([self.label, ft.Row([chip.root for chip in self.vias.values()], wrap=True, spacing=8,
                                                  run_spacing=8),
                               self.help, self.targets_row, self.go.root, self.why], spacing=8)

    def _draft(self) -> LookDraft:
        return _draft(self.owner.ctx_of(), self.owner.seat)

    def _pick_via(self, via: str) -> None:
        draft = self._draft()
        draft.via, draft.target = via, None
        self.owner.ctx_of().rerender()

    def _pick_target(self, target: int | None) -> None:
        self._draft().target = target
        self.owner.ctx_of().rerender()

    def show(self, ctx: UiContext, game) -> None:
        t, put = ctx.texts.t, self.owner.changes.put
        seat = self.owner.seat
        draft = _draft(ctx, seat)
        held = game.contingency.held if game.contingency is not None else {}
        put(self.label, value=t("ui.contingency.look"))
        for via, chip in self.vias.items():
            chip.show(t(f"ui.contingency.via.{via}"), selected=draft.via == via)
        chosen = draft.via is not None
        put(self.help, visible=chosen)
        targets: list[int | None] = []
        if chosen:
            put(self.help, value=via_help(ctx.texts, draft.via, ctx.session.rules))  # type: ignore[arg-type]
            archive = ctx.session.rules.contingency_deal.archive
            others = [m for m in game.crew if m.seat != seat and held.get(m.seat)]
            if draft.via == "archive" and archive == "any_non_active":
                targets = [None] + [m.seat for m in others]
            elif draft.via == "computer":
                targets = [m.seat for m in others if m.is_in_facility]
        put(self.targets_row, visible=bool(targets))
        if targets:
            self.targets.show(((target, target) for target in targets), lambda chip, target: chip.show(
                t("ui.contingency.pool") if target is None else player_name(game, target),
                selected=draft.target == target))
        ready = chosen and (not targets or draft.target is not None or (draft.via == "archive" and draft.target is None))
        look = ctx.action(PeekContingency, seat=seat, via=draft.via, target=draft.target) if ready else None
        self.go.show_action(look, t("ui.contingency.look_go"))
        why = self.go.reason if look is not None else None
        put(self.why, visible=why is not None)
        if why is not None:
            put(self.why, value=why)


def build_own_tokens(ctx: UiContext, view: GameView) -> list[ft.Control]:
    """A player's own tokens and looks, built and shown from `ctx` (the table's tokens panel
    hands the device over with it; a page keeps one OwnTokens and shows it again)."""
    part = OwnTokens(Changes(), lambda: ctx)
    return [part.root] if part.show(view) else []
