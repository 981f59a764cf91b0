"""A player's phone: the game at a glance (read-only), their own Character, and the place
where the table hands them private steps; "waiting for the table" while nothing is theirs."""
from __future__ import annotations

from typing import Callable

import flet as ft

from companion.engine import Whereabouts
from companion.engine.commands import ChangeKnowledge
from companion.engine.views import CrewView

from .. import ids, theme
from ..context import UiContext
from ..kit.gate import command_button
from ..scanner.board import status_pills
from ..scanner.panel import build_scanner_parts
from ..victory import build_seat_parts


def _whereabouts(ctx: UiContext, member: CrewView) -> str:
    if member.whereabouts is Whereabouts.POD and member.pod is not None:
        return ctx.texts.pod(member.pod)
    return ctx.texts.t(f"whereabouts.{member.whereabouts.value}")


def _own_card(ctx: UiContext, member: CrewView) -> ft.Control:
    t = ctx.texts.t
    gate = ctx.gate()
    maximum = ctx.session.rules.knowledge.maximum
    rows: list[ft.Control] = [
        ft.Row([ft.Icon(ft.Icons.PERSON, size=32),
                ft.Column([ids.tag(ids.SEAT_NAME, ft.Text(member.name, size=22, weight=ft.FontWeight.BOLD)),
                           theme.muted(ctx.texts.character(member.character), size=15)],
                          spacing=0, tight=True, expand=True),
                theme.pill(_whereabouts(ctx, member), bgcolor=theme.SURFACE_HIGH, size=14)],
               spacing=10),
    ]
    if member.is_in_facility:
        rows.append(ft.Row([
            ids.tag(ids.SEAT_KNOWLEDGE, ft.Text(t("ui.crew.knowledge", value=member.knowledge, maximum=maximum),
                                                size=17, weight=ft.FontWeight.BOLD, expand=True)),
            command_button(gate, ChangeKnowledge(seat=member.seat, by=-1), label="−",
                           identifier=ids.SEAT_KNOWLEDGE_DOWN, compact=True),
            command_button(gate, ChangeKnowledge(seat=member.seat, by=1), label="+",
                           identifier=ids.SEAT_KNOWLEDGE_UP, compact=True),
        ], spacing=8))
    return theme.card(ft.Column(rows, spacing=10), title=t("ui.phone.you"))


def _crew(ctx: UiContext) -> ft.Control:
    game = ctx.game
    rows = [
        ft.Column([
            ft.Row([ft.Text(member.name, size=15, weight=ft.FontWeight.BOLD, expand=True),
                    theme.muted(ctx.texts.character(member.character), size=13),
                    theme.pill(_whereabouts(ctx, member), bgcolor=theme.SURFACE_HIGH, size=12)],
                   spacing=8),
            ids.tag(ids.seat_crew_knowledge(member.seat), theme.muted(
                ctx.texts.t("ui.crew.knowledge", value=member.knowledge,
                            maximum=ctx.session.rules.knowledge.maximum), size=13)),
            ft.Row(status_pills(ctx.texts, member), wrap=True, spacing=6, run_spacing=6),
        ], spacing=4, tight=True)
        for member in game.crew
    ]
    return ids.tag(ids.SEAT_CREW, theme.card(ft.Column(rows, spacing=6), title=ctx.texts.t("ui.phone.crew")))


def _private(ctx: UiContext) -> ft.Control:
    """The seat's private steps; none yet means the table is playing."""
    t = ctx.texts.t
    steps = build_seat_parts(ctx, ctx.view)  # their Contingency tokens and Victory Check steps
    if steps:
        return ft.Column(steps, spacing=theme.GAP, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
    body = ft.Row([ft.ProgressRing(width=18, height=18, stroke_width=2),
                   ft.Text(t("ui.phone.waiting"), size=15, expand=True)], spacing=10)
    return ids.tag(ids.SEAT_WAITING, theme.card(body, title=t("ui.phone.private")))


def build_seat_screen(ctx: UiContext, *, on_leave: Callable[[], None]) -> ft.Control:
    t = ctx.texts.t
    view = ctx.view
    if view is None or view.private is None:
        return build_no_game(ctx)
    member = ctx.game.member(view.private.seat)
    leave = ids.tag(ids.SEAT_LEAVE, ft.TextButton(content=t("ui.phone.leave"), icon=ft.Icons.LOGOUT,
                                                  on_click=lambda _e: on_leave()))
    over = [theme.card(ft.Text(t("ui.phone.game_over"), size=16), title=t("ui.phone.game_over_title"))] if ctx.game.is_over else []
    scanner = build_scanner_parts(ctx, view)  # their Character board, Contamination cards and Scanner
    # A Container gives the screen its own node in the accessibility tree (a bare Column does not).
    return ids.tag(ids.SEAT_SCREEN, ft.Container(ft.Column(
        [*over, _own_card(ctx, member), *scanner, _private(ctx), _crew(ctx), leave],
        spacing=theme.GAP, horizontal_alignment=ft.CrossAxisAlignment.STRETCH),
        width=min(ctx.width - 2 * theme.PAGE_PADDING, theme.FORM_MAX_WIDTH)))


def build_no_game(ctx: UiContext) -> ft.Control:
    return ids.tag(ids.SEAT_SCREEN, theme.card(ft.Text(ctx.texts.t("ui.phone.no_game"), size=16)))
