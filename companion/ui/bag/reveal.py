"""The last token out of the bag, large: its kind, both numbers with the applied one
highlighted and why, and the verdict (a Surprise Attack banner, or what to do now); a
Surprise Attack leads to the attack screen in one tap."""
from __future__ import annotations

import flet as ft

from companion.engine.bag_model import BagDraw, DrawPurpose, DrawResult
from companion.engine.views import PublicView

from .. import ids, theme
from ..context import UiContext
from ..i18n_view import Texts
from ..kit.chips import player_label
from ..kit.gate import styled_button
from ..rules_screen import help_button
from .tokens import token_face

ENCOUNTERS = (DrawPurpose.ENCOUNTER, DrawPurpose.QUEEN_IN_NEST)
SURPRISE_BG = "#b3151b"
NO_SURPRISE_BG = "#1f4d2b"
# The bag screen's name, where the attack screen's back button returns.
BAG_SCREEN = "bag"


def numbers_unconfirmed(ctx: UiContext) -> bool:
    """The printed rules do not confirm every token's numbers: the reveal says so."""
    return any(spec.is_unconfirmed("light") or spec.is_unconfirmed("dark")
               for spec in ctx.session.rules.intruders.tokens)


def _player(texts: Texts, game: PublicView, draw: BagDraw) -> str:
    if draw.seat is None or all(member.seat != draw.seat for member in game.crew):
        return ""
    return player_label(texts, game, draw.seat)


def _heading(texts: Texts, game: PublicView, draw: BagDraw) -> str:
    if draw.purpose is DrawPurpose.DEVELOPMENT:
        return texts.t("ui.bag.reveal.development")
    if draw.purpose is DrawPurpose.QUEEN_IN_NEST:
        return texts.t("ui.bag.reveal.queen_in_nest", player=_player(texts, game, draw))
    return texts.t("ui.bag.reveal.encounter", player=_player(texts, game, draw))


def result_text(texts: Texts, draw: BagDraw) -> str | None:
    """What the table does now, for every outcome but a placed intruder (the banner says it)."""
    result = draw.result
    if result is DrawResult.BLANK:
        key = "blank_encounter" if draw.purpose is DrawPurpose.ENCOUNTER else "blank_development"
        return texts.t(f"ui.bag.result.{key}")
    if result is DrawResult.PLACED:
        return None
    return texts.t(f"ui.bag.result.{result.value}", kind=draw.kind)


def open_surprise_attack(ctx: UiContext, draw: BagDraw, back_to: str = BAG_SCREEN) -> None:
    """The attack screen, filled in with the intruder that came out, whom it attacks and
    where; its way back leads to `back_to` (the bag screen, or the Event Phase runner)."""
    # Imported here: the Event Phase screens import this module (step 10 shows the reveal).
    from ..events.draft import ATTACK, draft_of, open_screen

    attack = draft_of(ctx)
    attack.attacker, attack.seat, attack.place, attack.target = draw.kind, draw.seat, draw.place, "surprise"
    open_screen(ctx, ATTACK, back_to=back_to)


def surprise_banner(ctx: UiContext, draw: BagDraw, back_to: str = BAG_SCREEN) -> ft.Control:
    """The verdict of an encounter, impossible to miss: Surprise Attack or not."""
    texts = ctx.texts
    game = ctx.game
    player = _player(texts, game, draw)
    surprise = bool(draw.surprise_attack)
    if surprise:
        title = texts.upper(texts.t("ui.bag.surprise.yes"))
        detail = texts.t("ui.bag.surprise.yes_detail", player=player, hand=draw.hand, applied=draw.applied)
    else:
        title = texts.t("ui.bag.surprise.no")
        if draw.result is DrawResult.PLACED:
            detail = texts.t("ui.bag.surprise.no_detail", player=player, hand=draw.hand, applied=draw.applied)
        else:
            detail = result_text(texts, draw) or ""
    rows: list[ft.Control] = [
        ft.Row([ft.Icon(ft.Icons.WARNING if surprise else ft.Icons.SHIELD, color=theme.TEXT, size=34),
                ft.Text(title, size=28 if surprise else 22, weight=ft.FontWeight.BOLD, color=theme.TEXT,
                        expand=True)],
               spacing=10),
        ft.Text(detail, size=15, color=theme.TEXT),
    ]
    if surprise and draw.seat is not None and draw.place is not None and not game.is_over:
        rows.append(ids.tag(ids.SURPRISE_ATTACK_RESOLVE, styled_button(
            texts.t("ui.bag.surprise.resolve"), icon=ft.Icons.PEST_CONTROL, tone="warning",
            on_click=lambda _e: open_surprise_attack(ctx, draw, back_to))))
    return ids.tag(ids.SURPRISE_ATTACK, ft.Container(
        content=ft.Column(rows, spacing=8, tight=True, horizontal_alignment=ft.CrossAxisAlignment.STRETCH),
        bgcolor=SURPRISE_BG if surprise else NO_SURPRISE_BG,
        border=ft.Border.all(3, theme.YELLOW if surprise else theme.GREEN),
        border_radius=12,
        padding=14,
    ))


def build_reveal(ctx: UiContext, *, large: bool = True, back_to: str = BAG_SCREEN) -> ft.Control:
    texts = ctx.texts
    game = ctx.game
    draw = game.bag.last_draw
    title = texts.t("ui.bag.reveal.title")
    if draw is None:
        body: ft.Control = theme.muted(texts.t("ui.bag.reveal.none"), size=15)
        return ids.tag(ids.TOKEN_REVEAL, theme.card(body, title=title, help=help_button(ctx, "encounter")))
    rows: list[ft.Control] = [ft.Text(_heading(texts, game, draw), size=17, weight=ft.FontWeight.BOLD)]
    dark_applies = draw.lighting.is_dark if draw.lighting is not None and draw.applied is not None else None
    face = token_face(texts, draw.kind, draw.light, draw.dark, dark_applies=dark_applies,
                      scale=1.25 if large else 1.0)
    rows.append(ft.Row([face], alignment=ft.MainAxisAlignment.CENTER))
    marks: list[ft.Control] = []
    if draw.reported:
        marks.append(theme.pill(texts.t("ui.bag.reveal.reported"), bgcolor=theme.SURFACE_HIGH))
    if draw.light is not None and numbers_unconfirmed(ctx):
        marks.append(ft.Container(
            ft.Row([theme.unconfirmed_badge(16), theme.muted(texts.t("common.unconfirmed"))], spacing=4, tight=True),
            tooltip=texts.t("ui.bag.unconfirmed_numbers"),
        ))
    if marks:
        rows.append(ft.Row(marks, wrap=True, spacing=8, alignment=ft.MainAxisAlignment.CENTER))
    if draw.lighting is not None and draw.applied is not None:
        section = draw.place.value if draw.place is not None else None
        rows.append(ft.Text(texts.t(f"ui.bag.reveal.why_{draw.lighting.value}", section=section,
                                    applied=draw.applied), size=15, text_align=ft.TextAlign.CENTER))
    if draw.purpose in ENCOUNTERS and draw.result is not DrawResult.ADULTS_RETREAT:
        rows.append(surprise_banner(ctx, draw, back_to))
    else:
        text = result_text(texts, draw)
        if text:
            rows.append(ids.tag(ids.DRAW_RESULT, ft.Container(
                content=ft.Text(text, size=16, weight=ft.FontWeight.W_600),
                bgcolor=theme.SURFACE_HIGH, border=ft.Border.only(left=ft.BorderSide(6, theme.YELLOW)),
                border_radius=6, padding=10,
            )))
    return ids.tag(ids.TOKEN_REVEAL, theme.card(
        ft.Column(rows, spacing=10, horizontal_alignment=ft.CrossAxisAlignment.STRETCH), title=title,
        help=help_button(ctx, "surprise_attack")))
