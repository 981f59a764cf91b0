"""Pieces shared by the Event Phase, attack, injury-check and deck screens: the large
card faces, verdict banners, notes and the page layout."""
from __future__ import annotations

from typing import Callable, Sequence

import flet as ft

from companion.engine.decks import attack_card, event_card
from companion.rules import Rules

from .. import ids, theme
from ..context import UiContext
from ..i18n_view import Texts
from ..kit.chips import chips, label
from ..kit.gate import styled_button
from ..kit.kinds import DARK_ICON, kind_chip

CARD_BG = "#221a1c"
CARD_BORDER = "#8a5a2b"
DARK_BG = "#0b0d10"
BLOOD = "#a3161b"
HIT_BG = "#b3151b"
MISS_BG = "#1f4d2b"
INFEST_BG = "#4b2a6b"
RETREAT_BG = "#6b5300"


# --------------------------------------------------------------------- small things
def note(text: str, *, colour: str = theme.YELLOW, icon=ft.Icons.INFO_OUTLINE, size: int = 15) -> ft.Control:
    """An instruction or reminder: a bar on the left, easy to spot."""
    return ft.Container(
        content=ft.Row([ft.Icon(icon, color=colour, size=22), ft.Text(text, size=size, expand=True)],
                       spacing=8, vertical_alignment=ft.CrossAxisAlignment.START),
        bgcolor=theme.SURFACE_HIGH,
        border=ft.Border.only(left=ft.BorderSide(5, colour)),
        border_radius=6,
        padding=10,
    )


def verdict(identifier: str, title: str, detail: str | None, *, bgcolor: str, icon, border: str = theme.YELLOW,
            size: int = 30) -> ft.Control:
    """The result of a draw, impossible to miss."""
    lines: list[ft.Control] = [
        ft.Row([ft.Icon(icon, color=theme.TEXT, size=size + 4),
                ft.Text(title, size=size, weight=ft.FontWeight.BOLD, color=theme.TEXT, expand=True)],
               spacing=10),
    ]
    if detail:
        lines.append(ft.Text(detail, size=16, color=theme.TEXT))
    return ids.tag(identifier, ft.Container(
        content=ft.Column(lines, spacing=4, tight=True),
        bgcolor=bgcolor, border=ft.Border.all(3, border), border_radius=12, padding=14,
    ))


# --------------------------------------------------------------------- card faces
def _card_frame(content: ft.Control, identifier: str | None) -> ft.Control:
    frame = ft.Container(
        content=content,
        bgcolor=CARD_BG,
        border=ft.Border.all(3, CARD_BORDER),
        border_radius=16,
        padding=16,
    )
    return ids.tag(identifier, frame) if identifier else frame


def _dark_extra(texts: Texts, text: str, *, applies: bool | None) -> ft.Control:
    """The Darkness extra: bright when it applies, marked "in Darkness only" otherwise."""
    caption = texts.t("ui.events.card.dark_applies") if applies else texts.t("ui.events.card.dark")
    return ft.Container(
        content=ft.Row(
            [ft.Icon(DARK_ICON, color=theme.YELLOW if applies else theme.TEXT_MUTED, size=26),
             ft.Column([ft.Text(caption, size=13, weight=ft.FontWeight.BOLD,
                                color=theme.YELLOW if applies else theme.TEXT_MUTED),
                        ft.Text(text, size=16, color=theme.TEXT)], spacing=2, tight=True, expand=True)],
            spacing=10, vertical_alignment=ft.CrossAxisAlignment.START,
        ),
        bgcolor=DARK_BG,
        border=ft.Border.all(2 if applies else 1, theme.YELLOW if applies else theme.OUTLINE),
        border_radius=10,
        padding=10,
    )


def corridor_text(texts: Texts, corridors: Sequence[int]) -> str:
    if len(corridors) > 1:
        return texts.t("ui.events.card.corridor_two", corridor=corridors[0], then=corridors[1])
    return texts.t("ui.events.card.corridor_one", corridor=corridors[0])


def event_card_view(texts: Texts, rules: Rules, card_id: str, *, identifier: str | None = ids.EVENT_CARD,
                    large: bool = True) -> ft.Control:
    """An Event card as the table reads it: number, name, who moves through which
    corridor(s), the effect and the Darkness extra."""
    spec = event_card(rules, card_id)
    t = texts.t
    name_size = 28 if large else 20
    number = ft.Container(
        content=ft.Text(str(spec.number), size=20, weight=ft.FontWeight.BOLD, color=theme.TEXT),
        width=46, height=46, border_radius=23, bgcolor=theme.RED_DARK, alignment=ft.Alignment.CENTER,
        border=ft.Border.all(2, CARD_BORDER),
    )
    head: list[ft.Control] = [number, ft.Text(t(f"event_card.name.{spec.card}"), size=name_size,
                                               weight=ft.FontWeight.BOLD, expand=True)]
    rows: list[ft.Control] = [ft.Row(head, spacing=12)]
    if spec.removed_after_use:
        rows.append(ft.Row([theme.pill(t("ui.events.card.removed"), bgcolor="#7a4300")]))
    corridor_numbers = " → ".join(str(n) for n in spec.corridors)
    movement = ft.Row(
        [
            ft.Column([label(t("ui.events.card.moves")), chips([kind_chip(texts, k) for k in spec.moves])],
                      spacing=6, tight=True, expand=True),
            ft.Column([label(t("ui.events.card.corridor")),
                       ft.Text(corridor_numbers, size=34 if large else 26, weight=ft.FontWeight.BOLD,
                               color=theme.YELLOW)],
                      spacing=0, tight=True, horizontal_alignment=ft.CrossAxisAlignment.END),
        ],
        vertical_alignment=ft.CrossAxisAlignment.START,
    )
    rows += [
        movement,
        theme.muted(t("ui.events.card.moves_help", corridors=corridor_text(texts, spec.corridors)), size=14),
        ft.Divider(height=1, color=theme.OUTLINE),
        label(t("ui.events.card.effect")),
        ft.Text(t(f"event_card.effect.{spec.card}"), size=18 if large else 16),
    ]
    if spec.has_darkness_extra:
        rows.append(_dark_extra(texts, t(f"event_card.dark.{spec.card}"), applies=None))
    return _card_frame(ft.Column(rows, spacing=10, tight=True), identifier)


def blood_drop(texts: Texts, rules: Rules, card_id: str, *, size: int = 64) -> ft.Control:
    """The card's blood value (a red drop with the number) or its Retreat arrow."""
    spec = attack_card(rules, card_id)
    if spec.retreat:
        face: ft.Control = ft.Icon(ft.Icons.U_TURN_LEFT, color="#1a1a1a", size=size * 0.6)
        bg, caption = theme.YELLOW, texts.t("ui.events.card.retreat")
    else:
        face = ft.Text(str(spec.blood), size=size * 0.5, weight=ft.FontWeight.BOLD, color=theme.TEXT)
        bg, caption = BLOOD, texts.t("ui.events.card.blood")
    badge: list[ft.Control] = [ft.Text(caption, size=12, color=theme.TEXT_MUTED)]
    if spec.is_unconfirmed("blood"):
        badge.append(ft.Container(theme.unconfirmed_badge(14), tooltip=texts.t("common.unconfirmed")))
    return ft.Column(
        [ft.Container(content=face, width=size, height=size, border_radius=size / 2, bgcolor=bg,
                      alignment=ft.Alignment.CENTER, border=ft.Border.all(2, theme.TEXT)),
         ft.Row(badge, spacing=4, tight=True)],
        spacing=4, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER,
    )


def attack_card_view(texts: Texts, rules: Rules, card_id: str, *, dark: bool | None,
                     identifier: str | None = ids.ATTACK_CARD, large: bool = True,
                     show_effect: bool = True) -> ft.Control:
    """An Attack card: name, the intruders whose symbol it shows, blood value or Retreat,
    the effect and (in Darkness, or when browsing) the Darkness extra."""
    spec = attack_card(rules, card_id)
    t = texts.t
    title = ft.Column(
        [ft.Text(t(f"attack_card.name.{spec.kind}"), size=26 if large else 19, weight=ft.FontWeight.BOLD),
         label(t("ui.events.card.symbols")),
         chips([kind_chip(texts, kind, size=13) for kind in spec.symbols])],
        spacing=6, tight=True, expand=True,
    )
    rows: list[ft.Control] = [
        ft.Row([title, blood_drop(texts, rules, card_id, size=72 if large else 52)],
               vertical_alignment=ft.CrossAxisAlignment.START, spacing=12),
    ]
    if show_effect:
        rows += [ft.Divider(height=1, color=theme.OUTLINE), label(t("ui.events.card.effect")),
                 ft.Text(t(f"attack_card.effect.{spec.kind}"), size=18 if large else 15)]
        if spec.has_darkness_extra and dark is not False:
            rows.append(_dark_extra(texts, t(f"attack_card.dark.{spec.kind}"), applies=dark))
    return _card_frame(ft.Column(rows, spacing=10, tight=True), identifier)


# --------------------------------------------------------------------- layout
def body_width(ctx: UiContext) -> float:
    return ctx.width - 2 * theme.PAGE_PADDING


def screen_header(ctx: UiContext, title: str, subtitle: str | None, *, back_key: str,
                  on_back: Callable[[], None]) -> ft.Control:
    back = ids.tag(ids.BACK, styled_button(ctx.texts.t(back_key), icon=ft.Icons.ARROW_BACK,
                                            on_click=lambda _e: on_back(), compact=True))
    words: list[ft.Control] = [ft.Text(title, size=20 if ctx.is_phone else 24, weight=ft.FontWeight.BOLD)]
    if subtitle:
        words.append(theme.muted(subtitle, size=14))
    heading = ft.Column(words, spacing=2, tight=True)
    if ctx.is_phone:
        return ft.Column([ft.Row([back]), heading], spacing=8)
    return ft.Row([back, ft.Container(heading, expand=True)], spacing=14)


def page(ctx: UiContext, head: Sequence[ft.Control], main: Sequence[ft.Control],
         side: Sequence[ft.Control] = ()) -> ft.Control:
    """One scrolling column on phones; a main column and a narrower side column above."""
    width = body_width(ctx)
    stretch = ft.CrossAxisAlignment.STRETCH
    if ctx.is_phone or not side:
        return ft.Column([*head, *main, *side], spacing=theme.GAP, width=width, horizontal_alignment=stretch)
    column = lambda controls, flex: ft.Container(  # noqa: E731
        ft.Column(list(controls), spacing=theme.GAP, horizontal_alignment=stretch), expand=flex)
    row = ft.Row([column(main, 3), column(side, 2)], vertical_alignment=ft.CrossAxisAlignment.START,
                 spacing=theme.GAP)
    return ft.Column([*head, row], spacing=theme.GAP, width=width, horizontal_alignment=stretch)
