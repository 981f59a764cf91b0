"""How the Victory Check and the Contingency tokens read: token faces, places, objectives,
causes of death. Every sentence comes from the locale files."""
from __future__ import annotations

import flet as ft

from companion.engine.views import DeathCause, ObjectiveChoice, ObjectiveResult
from companion.engine.views import ContingencyTokenView
from companion.engine.views import PublicView
from companion.vocab import Pod, Whereabouts

from .. import theme
from ..i18n_view import Texts

TOKEN_COLOURS = {"green": theme.GREEN, "yellow": theme.YELLOW, "blue": theme.BLUE, "gray": "#8a939c",
                 "red": theme.RED}


def token_label(texts: Texts, token: ContingencyTokenView) -> str:
    """The effect is the token's name; its colour comes second (inferred, not printed)."""
    return texts.t(f"contingency.{token.effect}")


def token_effect(texts: Texts, token: ContingencyTokenView) -> str:
    return texts.t(f"contingency_effect.{token.effect}", threshold=token.knowledge_threshold)


def token_card(texts: Texts, token: ContingencyTokenView, *, detail: bool = True) -> ft.Control:
    """A token's face: its effect in words, its colour as a dot, and a mark when the data
    holding it is not printed fact."""
    colour = TOKEN_COLOURS.get(token.colour, theme.OUTLINE)
    head: list[ft.Control] = [
        ft.Container(width=18, height=18, border_radius=9, bgcolor=colour),
        ft.Text(token_label(texts, token), size=16, weight=ft.FontWeight.BOLD, expand=True),
    ]
    if token.unconfirmed:
        head.append(ft.Row([theme.unconfirmed_badge(16), theme.muted(texts.t("common.unconfirmed"), size=12)],
                           spacing=4, tight=True))
    rows: list[ft.Control] = [ft.Row(head, spacing=8, vertical_alignment=ft.CrossAxisAlignment.CENTER)]
    if detail:
        rows.append(ft.Text(token_effect(texts, token), size=14))
        rows.append(theme.muted(texts.t("ui.contingency.colour", colour=texts.t(f"contingency_colour.{token.colour}")),
                                size=12))
    return ft.Container(content=ft.Column(rows, spacing=4, tight=True), bgcolor=theme.SURFACE_HIGH,
                        border=ft.Border.all(2, colour), border_radius=theme.RADIUS, padding=10)


class TokenFace:
    """token_card, kept: a token's face, its detail lines shown or not."""

    def __init__(self, changes, *, detail: bool = True) -> None:
        self.changes = changes
        self.detail = detail
        self.dot = ft.Container(width=18, height=18, border_radius=9, bgcolor=theme.OUTLINE)
        self.name = ft.Text("", size=16, weight=ft.FontWeight.BOLD, expand=True)
        self.unconfirmed_text = theme.muted("", size=12)
        self.unconfirmed = ft.Row([theme.unconfirmed_badge(16), self.unconfirmed_text], spacing=4, tight=True)
        self.effect = ft.Text("", size=14, visible=detail)
        self.colour = theme.muted("", size=12)
        self.colour.visible = detail
        self.root = ft.Container(content=ft.Column([
            ft.Row([self.dot, self.name, self.unconfirmed], spacing=8, vertical_alignment=ft.CrossAxisAlignment.CENTER),
            self.effect, self.colour], spacing=4, tight=True), bgcolor=theme.SURFACE_HIGH,
            border=ft.Border.all(2, theme.OUTLINE), border_radius=theme.RADIUS, padding=10)

    def show(self, texts: Texts, token: ContingencyTokenView) -> None:
        put = self.changes.put
        colour = TOKEN_COLOURS.get(token.colour, theme.OUTLINE)
        put(self.dot, bgcolor=colour)
        put(self.root, border=ft.Border.all(2, colour))
        put(self.name, value=token_label(texts, token))
        put(self.unconfirmed, visible=token.unconfirmed)
        if token.unconfirmed:
            put(self.unconfirmed_text, value=texts.t("common.unconfirmed"))
        if self.detail:
            put(self.effect, value=token_effect(texts, token))
            put(self.colour, value=texts.t("ui.contingency.colour",
                                           colour=texts.t(f"contingency_colour.{token.colour}")))


def place_text(texts: Texts, whereabouts: Whereabouts, pod: Pod | None) -> str:
    if whereabouts is Whereabouts.POD and pod is not None:
        return texts.pod(pod)
    return texts.t(f"whereabouts.{whereabouts.value}")


def player_name(game: PublicView, seat: int | None) -> str:
    if seat is None:
        return ""
    try:
        return game.member(seat).name
    except KeyError:
        return str(seat)


def objective_text(texts: Texts, game: PublicView, choice: ObjectiveChoice) -> str:
    first, second = choice.sections if choice.sections is not None else (None, None)
    return texts.t(f"objective_text.{choice.kind.value}", player=player_name(game, choice.player),
                   knowledge=choice.knowledge, first=first.value if first else None,
                   second=second.value if second else None)


def why_text(texts: Texts, game: PublicView, result: ObjectiveResult) -> str:
    params = dict(result.params)
    if "player" in params:
        params["player"] = player_name(game, int(params["player"]))
    return texts.t(result.why, **params)


def death_text(texts: Texts, cause: DeathCause) -> str:
    return texts.t(f"death_cause.{cause.value}")
