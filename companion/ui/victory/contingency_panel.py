"""The Contingency tokens the app deals, for one player (their phone, or the shared device
handed to them): their own tokens, what they have seen, and the three ways of looking.
The table's panel is companion/ui/table/tokens_panel.py."""
from __future__ import annotations

from dataclasses import dataclass

import flet as ft

from companion.engine.commands import PeekContingency
from companion.engine.views import GameView
from companion.rules import Rules

from .. import ids, theme
from ..context import UiContext
from ..i18n_view import Texts
from ..kit.chips import chips, choice_chip, label
from ..kit.gate import command_button
from ..kit.reveal import reveal_of, reveal_toggle, show
from .names import player_name, token_card

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


def build_own_tokens(ctx: UiContext, view: GameView) -> list[ft.Control]:
    """A player's own tokens and looks (their seat's view); nothing without the app's tokens."""
    if view.private is None or view.private.contingency is None or view.public.contingency is None:
        return []
    t = ctx.texts.t
    game = view.public
    seat = view.private.seat
    own = view.private.contingency
    rows: list[ft.Control] = [theme.muted(t("ui.contingency.own_help"), size=14)]
    # The tokens stay hidden until their owner asks, and hide again (kit.reveal); a look
    # the player just made is shown at once.
    reveal = reveal_of(ctx, ("tokens", seat))
    looks_known = ctx.extras.get(("tokens-looks", seat))
    ctx.extras[("tokens-looks", seat)] = len(own.seen)
    if looks_known is not None and len(own.seen) > looks_known and not reveal.shown:
        show(ctx, reveal)
    if reveal.shown:
        rows += [token_card(ctx.texts, token) for token in own.own] or [theme.muted(t("ui.contingency.none_held"))]
        if own.seen:
            rows.append(label(t("ui.contingency.seen")))
            for seen in own.seen:
                where = t("ui.contingency.in_pool") if seen.holder is None else \
                    t("ui.contingency.held_by", name=player_name(game, seen.holder))
                rows.append(ft.Column([theme.muted(where, size=13), token_card(ctx.texts, seen.token, detail=False)],
                                      spacing=2, tight=True))
    rows.append(reveal_toggle(ctx, reveal, show_label=t("ui.private.show"), hide_label=t("ui.private.hide"),
                              identifier=ids.CONTINGENCY_SHOW))
    if not game.is_over and game.member(seat).is_in_facility:
        rows.append(_looks(ctx, view, seat))
    return [ids.tag(ids.CONTINGENCY_OWN, theme.card(ft.Column(rows, spacing=8), title=t("ui.contingency.own_title")))]


def _looks(ctx: UiContext, view: GameView, seat: int) -> ft.Control:
    t = ctx.texts.t
    game = view.public
    draft = _draft(ctx, seat)
    held = game.contingency.held if game.contingency is not None else {}

    def pick_via(via: str) -> None:
        draft.via, draft.target = via, None
        ctx.rerender()

    def pick_target(target: int | None) -> None:
        draft.target = target
        ctx.rerender()

    rows: list[ft.Control] = [label(t("ui.contingency.look")), chips([
        choice_chip(t(f"ui.contingency.via.{via}"), selected=draft.via == via, on_click=lambda _e, v=via: pick_via(v),
                    identifier=ids.contingency_look(via))
        for via in VIAS
    ])]
    if draft.via is None:
        return ft.Column(rows, spacing=8)
    archive = ctx.session.rules.contingency_deal.archive
    rows.append(theme.muted(via_help(ctx.texts, draft.via, ctx.session.rules), size=13))
    others = [m for m in game.crew if m.seat != seat and held.get(m.seat)]
    targets: list[int | None] = []
    if draft.via == "archive" and archive == "any_non_active":
        targets = [None] + [m.seat for m in others]
    elif draft.via == "computer":
        targets = [m.seat for m in others if m.is_in_facility]
    if targets:
        rows.append(chips([
            choice_chip(t("ui.contingency.pool") if target is None else player_name(game, target),
                        selected=draft.target == target, on_click=lambda _e, x=target: pick_target(x),
                        identifier=ids.contingency_target(target))
            for target in targets
        ]))
    ready = not targets or draft.target is not None or (draft.via == "archive" and draft.target is None)
    if ready:
        command = PeekContingency(seat=seat, via=draft.via, target=draft.target)  # type: ignore[arg-type]
        rows.append(command_button(ctx.gate(), command, label=t("ui.contingency.look_go"), icon=ft.Icons.VISIBILITY,
                                   tone="primary", identifier=ids.CONTINGENCY_LOOK_GO, confirm_key="contingency_look"))
    return ft.Column(rows, spacing=8)
