"""The glance: round, phase (and the Event Phase's step), Time, Self-destruct, Alert, each
Section's Power and the First Player in one compact strip at the top of every game screen,
so a phone never scrolls to see them. Kept (kit.kept): built once per page, its chips'
texts and colours set from every new view."""
from __future__ import annotations

import flet as ft

from companion.engine.views import PublicView
from companion.vocab import Section

from . import ids, theme
from .context import UiContext
from .kit.kept import Changes

SHORT_SECTION = {Section.S01: "S-01", Section.S02: "S-02", Section.S03: "S-03"}


class _Chip:
    def __init__(self, changes: Changes, identifier: str, icon=None) -> None:
        self.changes = changes
        self.icon = ft.Icon(icon, size=14, color=theme.TEXT) if icon is not None else None
        # One line; wider than a small phone (a long step, a long name) it ends in "…" and
        # its tooltip holds all of it: loosely flexible, so a short chip stays short.
        self.text = ft.Text("", size=13, weight=ft.FontWeight.BOLD, color=theme.TEXT, max_lines=1,
                            overflow=ft.TextOverflow.ELLIPSIS, expand=True, expand_loose=True)
        parts = [self.icon, self.text] if self.icon is not None else [self.text]
        self.frame = ft.Container(content=ft.Row(parts, spacing=3, tight=True), border_radius=12,
                                  padding=ft.Padding.symmetric(horizontal=8, vertical=3))
        self.root = ids.tag(identifier, self.frame)

    def show(self, text: str, *, bgcolor: str, icon=None, tooltip: str | None = None, visible: bool = True) -> None:
        put = self.changes.put
        put(self.root, visible=visible)
        if not visible:
            return
        put(self.text, value=text)
        put(self.frame, bgcolor=bgcolor, tooltip=f"{text}\n{tooltip}" if tooltip else text)
        if icon is not None and self.icon is not None:
            put(self.icon, icon=icon)


class StatusStrip:
    """The strip as a kept part: `root` once, `show()` from the page's current view."""

    def __init__(self, ctx: UiContext, changes: Changes) -> None:
        self.ctx = ctx
        self.changes = changes
        self.round = _Chip(changes, ids.STATUS_ROUND)
        self.phase = _Chip(changes, ids.STATUS_PHASE, ft.Icons.PLAY_ARROW)
        self.time = _Chip(changes, ids.STATUS_TIME, ft.Icons.HOURGLASS_BOTTOM)
        self.power = {section: _Chip(changes, ids.status_power(section.value), ft.Icons.BOLT) for section in Section}
        self.self_destruct = _Chip(changes, ids.STATUS_SELF_DESTRUCT, ft.Icons.DANGEROUS)
        self.alert = _Chip(changes, ids.STATUS_ALERT, ft.Icons.NOTIFICATIONS_ACTIVE)
        self.first_player = _Chip(changes, ids.STATUS_FIRST_PLAYER, ft.Icons.FLAG)
        chips = [self.round, self.phase, self.time, *self.power.values(), self.self_destruct, self.alert,
                 self.first_player]
        self.root = ids.tag(ids.STATUS_STRIP, ft.Container(
            content=ft.Row([chip.root for chip in chips], wrap=True, spacing=4, run_spacing=4),
            padding=ft.Padding.symmetric(horizontal=4, vertical=2),
        ))

    def show(self) -> None:
        ctx = self.ctx
        game, texts = ctx.game, ctx.texts
        t = texts.t
        self.round.show(t("ui.status.round", round=game.shown_round), bgcolor=theme.SURFACE_HIGH)
        self._show_phase(game)
        self.time.show(t("ui.status.time", slot=texts.slot(game.time)),
                       bgcolor=theme.BLUE_DARK if game.time_active else theme.RED_DARK,
                       tooltip=t("ui.track.backup_on") if game.time_active else t("ui.track.backup_off"))
        for section, chip in self.power.items():
            on = game.is_powered(section)
            chip.show(SHORT_SECTION.get(section) or t("ui.status.elevator"),
                      bgcolor=theme.BLUE_DARK if on else theme.RED_DARK, icon=ft.Icons.BOLT if on else ft.Icons.POWER_OFF,
                      tooltip=t("power_state.on") if on else t("power_state.off"))
        sd = game.self_destruct
        self.self_destruct.show(t("ui.status.self_destruct", slot=texts.slot(sd.slot)) if sd is not None else "",
                                bgcolor=theme.RED_DARK if sd is not None and sd.red else "#6b5300",
                                visible=sd is not None)
        alert = game.alert_slot
        self.alert.show(t("ui.status.alert", slot=texts.slot(alert)) if alert is not None else "", bgcolor="#7a4300",
                        visible=alert is not None)
        self._show_first_player(game)

    def _show_phase(self, game: PublicView) -> None:
        t = self.ctx.texts.t
        if game.phase == "event" and game.phase_step is not None:
            step = game.phase_step
            self.phase.show(t("ui.table_screen.phase.event", step=int(step), name=t(step.key)), bgcolor="#5a3d00",
                            icon=ft.Icons.BOLT)
        elif game.phase == "over":
            self.phase.show(t("ui.table_screen.phase.over"), bgcolor=theme.RED_DARK, icon=ft.Icons.FLAG_CIRCLE)
        else:
            self.phase.show(t("ui.table_screen.phase.player"), bgcolor=theme.SURFACE_HIGH, icon=ft.Icons.PLAY_ARROW)

    def _show_first_player(self, game: PublicView) -> None:
        """Who holds the First Player token. A Player Phase after the first opens by naming
        the new one (it passes after everyone has drawn, p.13 step 2); nothing to say alone
        or once the game is over."""
        texts = self.ctx.texts
        t = texts.t
        shown = len(game.crew) > 1 and game.phase != "over"
        if not shown:
            self.first_player.show("", bgcolor=theme.SURFACE_HIGH, visible=False)
            return
        if game.first_player is None:  # its holder left the game: it waits for step 2
            waiting = game.next_first_player
            if waiting is None:
                self.first_player.show("", bgcolor=theme.SURFACE_HIGH, visible=False)
                return
            member = game.member(waiting)
            who = t("ui.common.player_character", name=member.name, character=texts.character(member.character))
            self.first_player.show(t("ui.table_screen.first_player_waits", who=who), bgcolor=theme.SURFACE_HIGH,
                                   tooltip=t("ui.table_screen.first_player_waits_help"))
            return
        member = game.member(game.first_player)
        who = t("ui.common.player_character", name=member.name, character=texts.character(member.character))
        # Whether it passed at the end of the last round: someone else could take it.
        new = game.phase == "player" and game.round > 1 and game.next_first_player != game.first_player
        if new:
            self.first_player.show(t("ui.table_screen.new_first_player", who=who), bgcolor="#7a5c00",
                                   tooltip=t("ui.table_screen.new_first_player_help"))
        else:
            self.first_player.show(t("ui.table_screen.first_player", who=who), bgcolor=theme.SURFACE_HIGH)
