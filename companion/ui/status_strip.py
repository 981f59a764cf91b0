"""The glance: round, Time, Self-destruct, Alert and each Section's Power in one compact
strip at the top of every game screen, so a phone never scrolls to see them. Kept
(kit.kept): built once per page, its chips' texts and colours set from every new view."""
from __future__ import annotations

import flet as ft

from companion.engine.vocab import Section

from . import ids, theme
from .context import UiContext
from .kit.kept import Changes

SHORT_SECTION = {Section.S01: "S-01", Section.S02: "S-02", Section.S03: "S-03"}


class _Chip:
    def __init__(self, changes: Changes, identifier: str, icon=None) -> None:
        self.changes = changes
        self.icon = ft.Icon(icon, size=14, color=theme.TEXT) if icon is not None else None
        self.text = ft.Text("", size=13, weight=ft.FontWeight.BOLD, color=theme.TEXT, no_wrap=True)
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
        put(self.frame, bgcolor=bgcolor, tooltip=tooltip)
        if icon is not None and self.icon is not None:
            put(self.icon, icon=icon)


class StatusStrip:
    """The strip as a kept part: `root` once, `show()` from the page's current view."""

    def __init__(self, ctx: UiContext, changes: Changes) -> None:
        self.ctx = ctx
        self.changes = changes
        self.round = _Chip(changes, ids.STATUS_ROUND)
        self.time = _Chip(changes, ids.STATUS_TIME, ft.Icons.HOURGLASS_BOTTOM)
        self.power = {section: _Chip(changes, ids.status_power(section.value), ft.Icons.BOLT) for section in Section}
        self.self_destruct = _Chip(changes, ids.STATUS_SELF_DESTRUCT, ft.Icons.DANGEROUS)
        self.alert = _Chip(changes, ids.STATUS_ALERT, ft.Icons.NOTIFICATIONS_ACTIVE)
        chips = [self.round, self.time, *self.power.values(), self.self_destruct, self.alert]
        self.root = ids.tag(ids.STATUS_STRIP, ft.Container(
            content=ft.Row([chip.root for chip in chips], wrap=True, spacing=4, run_spacing=4),
            padding=ft.Padding.symmetric(horizontal=4, vertical=2),
        ))

    def show(self) -> None:
        ctx = self.ctx
        game, texts = ctx.game, ctx.texts
        t = texts.t
        self.round.show(t("ui.status.round", round=game.shown_round), bgcolor=theme.SURFACE_HIGH)
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


def build_status_strip(ctx: UiContext) -> ft.Control:
    """The strip shown from `ctx`'s current view (for tests and tools; a page keeps one)."""
    strip = StatusStrip(ctx, Changes())
    strip.show()
    return strip.root
