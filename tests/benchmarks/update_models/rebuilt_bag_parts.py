"""The bag screen's encounter form and token reveal as the app built them before the bag
screen was kept: the rebuilt bodies of the update-model prototypes (bag_rebuilt: today's
model A; bag_components: model C). They follow the kept form's answers (companion/ui/bag/
form.py: nothing chosen before the table chooses it), so every model shows the same
screen (tests/test_update_models.py)."""
from __future__ import annotations

import flet as ft

from companion.engine.bag.model import BagDraw, DrawResult, Lighting, Place
from companion.engine.views import PublicView
from companion.ui import ids, theme
from companion.ui.bag.draft import HAND_MAX, draft_of
from companion.ui.bag.encounter import lighting_text
from companion.ui.bag.form import DrawButton, encounter_action, encounter_picks
from companion.ui.bag.reveal import (BAG_SCREEN, ENCOUNTERS, NO_SURPRISE_BG, SURPRISE_BG, _heading, _player,
                                     numbers_unconfirmed, open_surprise_attack, result_text)
from companion.ui.context import UiContext
from companion.ui.i18n_view import Texts
from companion.ui.kit.chips import (LIGHTING_COLOURS, LIGHTING_ICONS, active_seats, choice_chip, label, number_row,
                                    place_chips, seat_chips, shown_lighting)
from companion.ui.kit.gate import CommandGate
from companion.ui.kit.kept import ActionButton, Changes, KeptScreen
from tests.support.screens import shown_part
from companion.ui.kit.kinds import DARK_ICON, KIND_COLOURS, KIND_ICONS, LIGHT_ICON, kind_name
from companion.ui.rules_screen import help_button
from companion.ui.bag import ids as bag_ids


class LiveDraw:
    """The kept screen's draw button (bag.form.DrawButton), built alone into a rebuilt panel."""

    def __init__(self, screen: KeptScreen, identifier: str, icon, tone: str, action, label: str, *,
                 picked: dict | None = None, missing: str | None = None, after=None) -> None:
        self.action, self.label, self.picked, self.missing = action, label, picked, missing
        self.button = DrawButton(screen.changes, identifier, icon=icon, tone=tone, gate_of=screen.gate,
                                 page_of=screen.page, after=after,
                                 outcome_title=lambda: screen.ctx.texts.t("ui.bag.outcome.title"))
        self.root = self.button.root

    def show(self) -> None:
        self.button.show_draw(self.action, self.label, picked=self.picked, missing=self.missing)


def _lighting_row(texts: Texts, game: PublicView, place: Place | None, ignore_darkness: bool) -> ft.Control:
    if place is None:
        icon, colour = ft.Icons.HELP_OUTLINE, theme.TEXT_MUTED
        text, lit = texts.t("ui.events_screen.encounter.where_unknown"), True
    else:
        lighting = shown_lighting(game, place, ignore_darkness)
        icon, colour = LIGHTING_ICONS[lighting], LIGHTING_COLOURS[lighting]
        text, lit = lighting_text(texts, game, place, ignore_darkness), lighting is Lighting.POWERED
    return ids.tag(bag_ids.ENCOUNTER_LIGHTING, ft.Container(
        content=ft.Row([ft.Icon(icon, color=colour, size=26),
                        ft.Text(text, size=15, weight=ft.FontWeight.BOLD, expand=True)], spacing=8),
        bgcolor=theme.SURFACE_HIGH if lit else "#0b0d10",
        border=ft.Border.all(1, theme.YELLOW if lit and place is not None else theme.OUTLINE),
        border_radius=10, padding=10,
    ))


def build_encounter_form(gate: CommandGate) -> ft.Control:
    ctx = gate.ctx
    texts = ctx.texts
    t = texts.t
    game = ctx.game
    draft = draft_of(ctx)
    draft.notice(game)
    seats = active_seats(game)
    if draft.seat not in seats:
        draft.pick_seat(None)

    def set_seat(seat: int) -> None:
        draft.pick_seat(seat)
        ctx.rerender()

    def set_place(place: Place) -> None:
        draft.pick_place(place)
        ctx.rerender()

    def set_hand(hand: int) -> None:
        draft.hand = hand
        ctx.rerender()

    def toggle_ignore_darkness(_e) -> None:
        draft.ignore_darkness = not draft.ignore_darkness
        ctx.rerender()

    def drawn() -> None:
        draft.new_encounter()
        ctx.rerender()

    rows: list[ft.Control] = [
        label(t("ui.bag.encounter.who")),
        seat_chips(texts, game, draft.seat, set_seat, bag_ids.encounter_seat, nobody=t("ui.bag.encounter.nobody")),
        label(t("ui.bag.encounter.where")),
        place_chips(texts, game, draft.place, set_place, bag_ids.encounter_place),
        label(t("ui.bag.encounter.hand")),
        ids.tag(bag_ids.ENCOUNTER_HAND, number_row(draft.hand, on_pick=set_hand, identifier=bag_ids.encounter_hand,
                                               high=HAND_MAX)),
        theme.muted(t("ui.bag.encounter.hand_help"), size=13),
        _lighting_row(texts, game, draft.place, draft.ignore_darkness),
        choice_chip(t("ui.events_screen.ignore_darkness"), sublabel=t("ui.events_screen.ignore_darkness_items"),
                    selected=draft.ignore_darkness, on_click=toggle_ignore_darkness,
                    identifier=bag_ids.ENCOUNTER_IGNORE_DARKNESS, icon=ft.Icons.FLASHLIGHT_ON, icon_colour=theme.YELLOW),
    ]
    if seats:
        physical = game.bag.physical_bag
        button_label = t("ui.bag.encounter.report") if physical else t("ui.bag.encounter.draw")
        missing = (t("ui.events_screen.encounter.needs_seat") if draft.seat is None
                   else t("ui.events_screen.encounter.needs_place") if draft.place is None
                   else t("ui.bag.encounter.hand_needed") if draft.hand is None else None)
        action, picked = encounter_action(ctx, draft.seat), encounter_picks(draft)
        rows.append(shown_part(ctx, lambda screen: LiveDraw(screen, bag_ids.DRAW_ENCOUNTER, ft.Icons.CASINO, "primary",
                                                            action, button_label, picked=picked, missing=missing,
                                                            after=drawn)))
    return theme.card(ft.Column(rows, spacing=8), title=t("ui.bag.encounter.title"),
                      help=help_button(ctx, "encounter"))
def _number_box(texts: Texts, *, label_key: str, icon, number: int, applied: bool | None,
                scale: float) -> ft.Control:
    """One of the two numbers; the applied one is bright and framed, the other dimmed."""
    bright = applied is not False
    caption = [ft.Icon(icon, size=16 * scale, color=theme.TEXT if bright else theme.TEXT_MUTED),
               ft.Text(texts.t(label_key), size=12 * scale, color=theme.TEXT if bright else theme.TEXT_MUTED)]
    column: list[ft.Control] = [
        ft.Row(caption, spacing=4, tight=True, alignment=ft.MainAxisAlignment.CENTER),
        ft.Text(str(number), size=40 * scale, weight=ft.FontWeight.BOLD,
                color="#1a1d21" if applied else (theme.TEXT if bright else theme.TEXT_MUTED)),
    ]
    if applied:
        column.append(ft.Text(texts.t("ui.bag.reveal.applied"), size=12 * scale, weight=ft.FontWeight.BOLD,
                              color="#1a1d21"))
    return ft.Container(
        content=ft.Column(column, spacing=0, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER),
        bgcolor=theme.YELLOW if applied else "#00000033",
        border=ft.Border.all(3, theme.TEXT) if applied else None,
        border_radius=12,
        padding=ft.Padding.symmetric(horizontal=10 * scale, vertical=6 * scale),
        width=96 * scale,
        opacity=1.0 if bright else 0.55,
    )


def token_face(texts: Texts, kind: str, light: int | None, dark: int | None, *, dark_applies: bool | None = None,
               scale: float = 1.0) -> ft.Control:
    """A token as players see it: colour, icon, kind, and its light / Darkness numbers.

    `dark_applies` None shows both numbers alike (no encounter), True/False highlights one.
    """
    rows: list[ft.Control] = [
        ft.Row([ft.Icon(KIND_ICONS[kind], color=theme.TEXT, size=30 * scale),
                ft.Text(kind_name(texts, kind), size=24 * scale, weight=ft.FontWeight.BOLD, color=theme.TEXT)],
               spacing=8, tight=True, alignment=ft.MainAxisAlignment.CENTER),
    ]
    if light is not None and dark is not None:
        light_applied = None if dark_applies is None else not dark_applies
        dark_applied = None if dark_applies is None else dark_applies
        rows.append(ft.Row(
            [_number_box(texts, label_key="ui.bag.reveal.light", icon=LIGHT_ICON, number=light,
                         applied=light_applied, scale=scale),
             _number_box(texts, label_key="ui.bag.reveal.dark", icon=DARK_ICON, number=dark,
                         applied=dark_applied, scale=scale)],
            spacing=10 * scale, tight=True, alignment=ft.MainAxisAlignment.CENTER,
        ))
    return ft.Container(
        content=ft.Column(rows, spacing=10 * scale, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER),
        bgcolor=KIND_COLOURS[kind],
        border_radius=28 * scale,
        border=ft.Border.all(3, "#ffffff55"),
        padding=ft.Padding.symmetric(horizontal=18 * scale, vertical=14 * scale),
        alignment=ft.Alignment.CENTER,
    )


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
        resolve = ActionButton(Changes(), bag_ids.SURPRISE_ATTACK_RESOLVE, icon=ft.Icons.PEST_CONTROL, tone="warning",
                               page_of=lambda: ctx.page, on_tap=lambda: open_surprise_attack(ctx, draw, back_to))
        resolve.show(texts.t("ui.bag.surprise.resolve"), refused=None)
        rows.append(resolve.root)
    return ids.tag(bag_ids.SURPRISE_ATTACK, ft.Container(
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
        return ids.tag(bag_ids.TOKEN_REVEAL, theme.card(body, title=title, help=help_button(ctx, "encounter")))
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
            rows.append(ids.tag(bag_ids.DRAW_RESULT, ft.Container(
                content=ft.Text(text, size=16, weight=ft.FontWeight.W_600),
                bgcolor=theme.SURFACE_HIGH, border=ft.Border.only(left=ft.BorderSide(6, theme.YELLOW)),
                border_radius=6, padding=10,
            )))
    return ids.tag(bag_ids.TOKEN_REVEAL, theme.card(
        ft.Column(rows, spacing=10, horizontal_alignment=ft.CrossAxisAlignment.STRETCH), title=title,
        help=help_button(ctx, "surprise_attack")))
