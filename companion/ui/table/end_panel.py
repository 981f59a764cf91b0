"""End of game: why it ended, what became of each Character, and the way into the Victory
Check. Kept (kit.kept): there from the start, shown once the game is over.

A name never breaks letter by letter: on a phone a Character's fate sits under the name,
and on wider screens it may take two lines beside it."""
from __future__ import annotations

import flet as ft

from companion.engine.commands import StartVictoryCheck
from companion.engine.views import CharacterFate

from .. import ids, theme
from ..dialogs import show_message
from ..kit.kept import PHONE, ActionButton, KeptScreen, KeyedItems, OfferButton
from ..routes import VICTORY
from .bits import Pill
from companion.ui.table import ids as table_ids
from companion.ui.victory import ids as victory_ids


def _fate_text(texts, fate: CharacterFate) -> str:
    text = texts.t(f"fate.{fate.fate.value}")
    return f"{text} ({texts.pod(fate.pod)})" if fate.pod is not None else text


class _FateRow:
    def __init__(self, screen: KeptScreen) -> None:
        self.screen = screen
        self.icon = ft.Icon(ft.Icons.FAVORITE)
        self.name = ft.Text("", size=16, weight=ft.FontWeight.BOLD)
        self.character = theme.muted("")
        phone = screen.layout == PHONE
        self.fate = Pill(screen.changes, wraps=True)
        who = ft.Column([self.name, self.character], spacing=0, tight=True, expand=True)
        if phone:
            body: ft.Control = ft.Column([ft.Row([self.icon, who], spacing=10), self.fate.root], spacing=6, tight=True)
        else:
            body = ft.Row([self.icon, who, ft.Container(self.fate.root, width=280, alignment=ft.Alignment.CENTER_RIGHT)],
                          spacing=10)
        self.root = ft.Container(content=body, bgcolor=theme.SURFACE_HIGH, border_radius=theme.RADIUS, padding=10)

    def show(self, name: str, fate: CharacterFate) -> None:
        put, texts = self.screen.changes.put, self.screen.ctx.texts
        alive = fate.fate.is_alive
        put(self.icon, icon=ft.Icons.FAVORITE if alive else ft.Icons.HEART_BROKEN,
            color=theme.GREEN if alive else theme.RED)
        put(self.name, value=name)
        put(self.character, value=texts.character(fate.character))
        self.fate.show(_fate_text(texts, fate), bgcolor=theme.GREEN if alive else theme.RED_DARK)


class EndPanel:
    def __init__(self, screen: KeptScreen) -> None:
        self.screen = screen
        changes = screen.changes
        self.reason = ft.Text("", size=20, weight=ft.FontWeight.BOLD, color=theme.YELLOW)
        self.cause = ft.Text("", size=16)
        self.nobody = ft.Text("", size=16)
        self.fates_holder = ft.Column([], spacing=8)
        self.fates: KeyedItems[_FateRow] = KeyedItems(changes, self.fates_holder, lambda _seat: _FateRow(screen))
        self.check = theme.muted("")
        # The way into the Victory Check: start it, go back to it, or say there is none.
        self.everyone_lost = ids.tag(victory_ids.VICTORY_EVERYONE_LOST, ft.Text("", size=17, weight=ft.FontWeight.BOLD,
                                                                       color=theme.RED))
        self.start = OfferButton(changes, victory_ids.VICTORY_ENTRY, icon=ft.Icons.EMOJI_EVENTS, gate_of=screen.gate,
                                 page_of=screen.page, tone="primary", on_tap=self._start)
        self.resume = ActionButton(changes, victory_ids.VICTORY_ENTRY, icon=ft.Icons.EMOJI_EVENTS, tone="warning",
                                   page_of=screen.page, on_tap=lambda: screen.ctx.navigate(VICTORY))
        # The way in right under why the game ended, above the fates: on a 360×640 phone it
        # is in view as the panel opens.
        self.root = ids.tag(table_ids.GAME_END, ft.Container(
            content=ft.Column([self.reason, self.cause, self.nobody, self.check, self.everyone_lost,
                               self.start.root, self.resume.root, self.fates_holder], spacing=8),
            bgcolor=theme.SURFACE, border=ft.Border.all(2, theme.YELLOW), border_radius=theme.RADIUS,
            padding=theme.GAP))

    def _start(self) -> None:
        ctx = self.screen.ctx
        action = ctx.action(StartVictoryCheck)
        if action is None:
            show_message(ctx.page, ctx.texts.t("error.action_gone"))
        elif self.screen.gate().execute(action.command()):
            ctx.navigate(VICTORY)

    def show(self) -> None:
        ctx, put = self.screen.ctx, self.screen.changes.put
        game, t = ctx.game, ctx.texts.t
        end = game.end
        assert end is not None
        put(self.reason, value=t("ui.end.title", reason=t(f"end_reason.{end.reason.value}"), slot=end.time_slot))
        put(self.cause, visible=end.destruction_cause is not None)
        if end.destruction_cause is not None:
            put(self.cause, value=t("ui.end.cause", cause=t(f"destruction_cause.{end.destruction_cause.value}")))
        put(self.nobody, visible=end.nobody_left)
        if end.nobody_left:
            put(self.nobody, value=t("ui.end.nobody_left"))
        names = {member.seat: member.name for member in game.crew}
        self.fates.show(((fate.seat, fate) for fate in end.fates),
                        lambda row, fate: row.show(names.get(fate.seat, ""), fate))
        put(self.check, value=t("ui.end.victory_check"))
        victory = game.victory
        # Nobody is alive: there is nothing to check (p.12), so no button leads there.
        lost = victory is None and game.everyone_lost
        put(self.everyone_lost, visible=lost)
        if lost:
            put(self.everyone_lost.content, value=t("ui.victory.everyone_lost"))
        self.start.show_action(ctx.action(StartVictoryCheck), t("ui.victory.start"),
                               visible=victory is None and not lost)
        self.resume.show(t("ui.victory.resume", step=int(victory.step)) if victory is not None else "",
                         refused=None, visible=victory is not None)
