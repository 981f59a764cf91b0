"""The first screen: saved games (resume, delete) and "new game".

Kept (kit.kept): built once per page; a saved game's card is kept while the game is
listed."""
from __future__ import annotations

from typing import Any, Iterator

import flet as ft

from companion.i18n.translator import format_slot

from . import ids, theme
from .busy import in_turn
from .context import UiContext
from .dialogs import confirm
from .kit.kept import Changes, KeptScreen, KeyedItems
from .kit.parts import LinkButton, Pill


class GameCard:
    """One saved game: its title and when it was played, who plays, where it stands; or,
    for a save that cannot be read, why (the file itself is never touched)."""

    def __init__(self, screen: "HomeScreen", game_id: str) -> None:
        self.screen = screen
        changes = screen.changes
        self.game = None
        self.title = ft.Text("", size=18, weight=ft.FontWeight.BOLD)
        self.updated = theme.muted("")
        self.problem = ft.Text("", color=theme.ORANGE, expand=True)
        self.problem_row = ft.Row([ft.Icon(ft.Icons.WARNING_AMBER, color=theme.ORANGE), self.problem])
        self.crew = ft.Text("", size=14)
        self.time, self.round, self.status = Pill(changes), Pill(changes), Pill(changes)
        self.pills = ft.Row([self.time.root, self.round.root, self.status.root], wrap=True, spacing=6, run_spacing=6)
        self.resume_label = ft.Text("")
        self.resume = ft.Button(content=self.resume_label, icon=ft.Icons.PLAY_ARROW, on_click=self._resume_tapped)
        self.delete = LinkButton(changes, ids.saved_game(game_id, "delete"), icon=ft.Icons.DELETE_OUTLINE,
                                 on_tap=self._delete)
        self.root = theme.card(ft.Column([
            self.title, self.updated, self.problem_row, self.crew, self.pills,
            ft.Row([ids.tag(ids.saved_game(game_id, "resume"), self.resume),
                    self.delete.root], wrap=True, spacing=8),
        ], spacing=6, tight=True))

    def _resume_tapped(self, _e) -> Iterator[None]:
        yield from in_turn(self.screen.ctx.page, self._resume)

    def _resume(self) -> None:
        ctx, game = self.screen.ctx, self.game
        if game is not None:
            ctx.attempt(lambda: ctx.session.open(game.game_id))

    def _delete(self) -> None:
        ctx, game = self.screen.ctx, self.game
        if game is None:
            return
        t = ctx.texts.t
        confirm(ctx.page, ctx.texts, title=t("ui.home.delete_title"),
                body=t("ui.home.delete_body", title=_title(ctx, game)), ok_key="ui.home.delete",
                on_confirm=lambda: ctx.attempt(lambda: ctx.session.delete(game.game_id)))

    def show(self, game) -> None:
        ctx, put = self.screen.ctx, self.screen.changes.put
        t = ctx.texts.t
        self.game = game
        put(self.title, value=_title(ctx, game))
        put(self.updated, value=t("ui.home.updated", date=game.updated_at.astimezone().strftime(
            t("ui.home.date_format"))))
        broken = game.error_key is not None
        put(self.problem_row, visible=broken)
        put(self.crew, visible=not broken)
        put(self.pills, visible=not broken)
        if broken:
            put(self.problem, value=t(game.error_key, **game.problem))
        else:
            put(self.crew, value=", ".join(f"{name} ({ctx.texts.character(character)})"
                                           for name, character in game.players))
            self.time.show(t("ui.home.time", slot=format_slot(game.time or 0)), bgcolor=theme.SURFACE_HIGH)
            self.round.show(t("ui.home.round", round=game.round or 1), bgcolor=theme.SURFACE_HIGH)
            self.status.show(t("ui.home.finished") if game.is_over else t("ui.home.in_progress"),
                             bgcolor=theme.GREEN if not game.is_over else theme.OUTLINE)
        put(self.resume, disabled=broken)
        put(self.resume_label, value=t("ui.home.resume"))
        self.delete.show(t("ui.home.delete"))


class HomeScreen(KeptScreen):
    def __init__(self, ctx: UiContext, shell: Any = None) -> None:
        super().__init__(ctx, shell)
        changes: Changes = self.changes
        self.title = ft.Text("", size=28, weight=ft.FontWeight.BOLD)
        self.subtitle = theme.muted("", size=15)
        self.new_label = ft.Text("")
        self.new_game = ft.Button(content=self.new_label, icon=ft.Icons.ADD, height=52,
                                  on_click=self._new_game_tapped,
                                  style=ft.ButtonStyle(bgcolor=theme.BLUE, color=theme.TEXT))
        self.saved = theme.heading("")
        self.none = theme.muted("", size=15)
        self.games_column = ft.Column([], spacing=theme.GAP)
        self.games: KeyedItems[GameCard] = KeyedItems(changes, self.games_column,
                                                      lambda game_id: GameCard(self, str(game_id)))
        self.root = ft.Column([self.title, self.subtitle, ids.tag(ids.NEW_GAME, self.new_game), self.saved,
                               self.none, self.games_column], spacing=theme.GAP)

    def _new_game_tapped(self, _e) -> Iterator[None]:
        yield from in_turn(self.ctx.page, lambda: self.ctx.navigate("setup"))

    def put_view(self) -> None:
        ctx, put = self.ctx, self.changes.put
        t = ctx.texts.t
        games = ctx.session.list_games()
        put(self.root, width=theme.form_width(ctx.width))
        put(self.title, value=t("ui.app.title"))
        put(self.subtitle, value=t("ui.home.subtitle"))
        put(self.new_label, value=t("ui.home.new_game"))
        put(self.saved, value=t("ui.home.saved_games"))
        put(self.none, visible=not games)
        if not games:
            put(self.none, value=t("ui.home.no_games"))
        self.games.show(((game.game_id, game) for game in games), lambda card, game: card.show(game))


def _title(ctx: UiContext, game) -> str:
    # An unreadable save has no title we can trust: its file name tells the table which one it is.
    if game.title:
        return game.title
    return game.path.name if game.error_key else ctx.texts.t("ui.home.untitled")
