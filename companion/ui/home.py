"""The first screen: saved games (resume, delete) and "new game"."""
from __future__ import annotations

import flet as ft

from companion.i18n.translator import format_slot

from . import ids, theme
from .context import UiContext
from .dialogs import confirm


def build_home(ctx: UiContext) -> ft.Control:
    t = ctx.texts.t
    games = ctx.session.list_games()
    new_game = ids.tag(
        ids.NEW_GAME,
        ft.Button(
            content=t("ui.home.new_game"),
            icon=ft.Icons.ADD,
            on_click=lambda _e: ctx.navigate("setup"),
            height=52,
            style=ft.ButtonStyle(bgcolor=theme.BLUE, color=theme.TEXT),
        ),
    )
    rows: list[ft.Control] = [_game_card(ctx, game) for game in games]
    if not rows:
        rows = [theme.muted(t("ui.home.no_games"), size=15)]
    return ft.Column(
        [
            ft.Text(t("ui.app.title"), size=28, weight=ft.FontWeight.BOLD),
            theme.muted(t("ui.home.subtitle"), size=15),
            new_game,
            theme.heading(t("ui.home.saved_games")),
            *rows,
        ],
        spacing=theme.GAP,
        width=theme.form_width(ctx.width),
    )


def _game_card(ctx: UiContext, game) -> ft.Control:
    t = ctx.texts.t
    date = game.updated_at.astimezone().strftime(t("ui.home.date_format"))
    lines: list[ft.Control] = [
        ft.Text(_title(ctx, game), size=18, weight=ft.FontWeight.BOLD),
        theme.muted(t("ui.home.updated", date=date)),
    ]
    if game.error_key is not None:
        # Unreadable saves are listed with why; the file itself is never touched.
        lines.append(ft.Row([ft.Icon(ft.Icons.WARNING_AMBER, color=theme.ORANGE),
                             ft.Text(t(game.error_key, **game.problem), color=theme.ORANGE, expand=True)]))
    else:
        crew = ", ".join(f"{name} ({ctx.texts.character(character)})" for name, character in game.players)
        lines.append(ft.Text(crew, size=14))
        status = t("ui.home.finished") if game.is_over else t("ui.home.in_progress")
        lines.append(
            ft.Row(
                [
                    theme.pill(t("ui.home.time", slot=format_slot(game.time or 0)), bgcolor=theme.SURFACE_HIGH),
                    theme.pill(t("ui.home.round", round=game.round or 1), bgcolor=theme.SURFACE_HIGH),
                    theme.pill(status, bgcolor=theme.GREEN if not game.is_over else theme.OUTLINE),
                ],
                wrap=True,
                spacing=6,
                run_spacing=6,
            )
        )
    resume = ids.tag(
        ids.saved_game(game.game_id, "resume"),
        ft.Button(
            content=t("ui.home.resume"),
            icon=ft.Icons.PLAY_ARROW,
            disabled=game.error_key is not None,
            on_click=lambda _e: ctx.attempt(lambda: ctx.session.open(game.game_id)),
        ),
    )
    delete = ids.tag(
        ids.saved_game(game.game_id, "delete"),
        ft.TextButton(
            content=t("ui.home.delete"),
            icon=ft.Icons.DELETE_OUTLINE,
            on_click=lambda _e: _confirm_delete(ctx, game),
        ),
    )
    lines.append(ft.Row([resume, delete], wrap=True, spacing=8))
    return theme.card(ft.Column(lines, spacing=6, tight=True))


def _confirm_delete(ctx: UiContext, game) -> None:
    t = ctx.texts.t
    confirm(
        ctx.page,
        ctx.texts,
        title=t("ui.home.delete_title"),
        body=t("ui.home.delete_body", title=_title(ctx, game)),
        ok_key="ui.home.delete",
        on_confirm=lambda: ctx.attempt(lambda: ctx.session.delete(game.game_id)),
    )


def _title(ctx: UiContext, game) -> str:
    # An unreadable save has no title we can trust: its file name tells the table which one it is.
    if game.title:
        return game.title
    return game.path.name if game.error_key else ctx.texts.t("ui.home.untitled")
