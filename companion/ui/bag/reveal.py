"""The last token out of the bag, large: its kind, both numbers with the applied one
highlighted and why, and the verdict (a Surprise Attack banner, or what to do now)."""
from __future__ import annotations

import flet as ft

from companion.engine.bag_model import BagDraw, DrawPurpose, DrawResult
from companion.engine.state import GameState

from .. import ids, theme
from ..i18n_view import Texts
from .tokens import token_face

ENCOUNTERS = (DrawPurpose.ENCOUNTER, DrawPurpose.QUEEN_IN_NEST)
SURPRISE_BG = "#b3151b"
NO_SURPRISE_BG = "#1f4d2b"


def _who(texts: Texts, state: GameState, draw: BagDraw) -> dict:
    member = next((m for m in state.crew if m.seat == draw.seat), None)
    if member is None:
        return {"name": "", "character": ""}
    return {"name": member.name, "character": member.character}


def _heading(texts: Texts, state: GameState, draw: BagDraw) -> str:
    if draw.purpose is DrawPurpose.DEVELOPMENT:
        return texts.t("ui.bag.reveal.development")
    if draw.purpose is DrawPurpose.QUEEN_IN_NEST:
        return texts.t("ui.bag.reveal.queen_in_nest", **_who(texts, state, draw))
    return texts.t("ui.bag.reveal.encounter", **_who(texts, state, draw))


def _result_text(texts: Texts, draw: BagDraw) -> str | None:
    """What the table does now, for every outcome but a placed intruder (the banner says it)."""
    result = draw.result
    if result is DrawResult.BLANK:
        key = "blank_encounter" if draw.purpose is DrawPurpose.ENCOUNTER else "blank_development"
        return texts.t(f"ui.bag.result.{key}")
    if result is DrawResult.PLACED:
        return None
    return texts.t(f"ui.bag.result.{result.value}", kind=draw.kind)


def surprise_banner(texts: Texts, state: GameState, draw: BagDraw) -> ft.Control:
    """The verdict of an encounter, impossible to miss: Surprise Attack or not."""
    who = _who(texts, state, draw)
    surprise = bool(draw.surprise_attack)
    if surprise:
        title = texts.upper(texts.t("ui.bag.surprise.yes"))
        detail = texts.t("ui.bag.surprise.yes_detail", character=who["character"], hand=draw.hand,
                         applied=draw.applied)
    else:
        title = texts.t("ui.bag.surprise.no")
        if draw.result is DrawResult.PLACED:
            detail = texts.t("ui.bag.surprise.no_detail", character=who["character"], hand=draw.hand,
                             applied=draw.applied)
        else:
            detail = _result_text(texts, draw) or ""
    return ids.tag(ids.SURPRISE_ATTACK, ft.Container(
        content=ft.Column(
            [ft.Row([ft.Icon(ft.Icons.WARNING if surprise else ft.Icons.SHIELD, color=theme.TEXT, size=34),
                     ft.Text(title, size=28 if surprise else 22, weight=ft.FontWeight.BOLD, color=theme.TEXT,
                             expand=True)],
                    spacing=10),
             ft.Text(detail, size=15, color=theme.TEXT)],
            spacing=4, tight=True,
        ),
        bgcolor=SURPRISE_BG if surprise else NO_SURPRISE_BG,
        border=ft.Border.all(3, theme.YELLOW if surprise else theme.GREEN),
        border_radius=12,
        padding=14,
    ))


def build_reveal(texts: Texts, state: GameState, *, numbers_unconfirmed: bool, large: bool = True) -> ft.Control:
    draw = state.bag.last_draw
    title = texts.t("ui.bag.reveal.title")
    if draw is None:
        body: ft.Control = theme.muted(texts.t("ui.bag.reveal.none"), size=15)
        return ids.tag(ids.TOKEN_REVEAL, theme.card(body, title=title))
    rows: list[ft.Control] = [ft.Text(_heading(texts, state, draw), size=17, weight=ft.FontWeight.BOLD)]
    dark_applies = draw.lighting.is_dark if draw.lighting is not None and draw.applied is not None else None
    face = token_face(texts, draw.kind, draw.light, draw.dark, dark_applies=dark_applies,
                      scale=1.25 if large else 1.0)
    rows.append(ft.Row([face], alignment=ft.MainAxisAlignment.CENTER))
    marks: list[ft.Control] = []
    if draw.reported:
        marks.append(theme.pill(texts.t("ui.bag.reveal.reported"), bgcolor=theme.SURFACE_HIGH))
    if numbers_unconfirmed and draw.light is not None:
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
        rows.append(surprise_banner(texts, state, draw))
    else:
        text = _result_text(texts, draw)
        if text:
            rows.append(ids.tag(ids.DRAW_RESULT, ft.Container(
                content=ft.Text(text, size=16, weight=ft.FontWeight.W_600),
                bgcolor=theme.SURFACE_HIGH, border=ft.Border.only(left=ft.BorderSide(6, theme.YELLOW)),
                border_radius=6, padding=10,
            )))
    return ids.tag(ids.TOKEN_REVEAL, theme.card(
        ft.Column(rows, spacing=10, horizontal_alignment=ft.CrossAxisAlignment.STRETCH), title=title))
