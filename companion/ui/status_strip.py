"""The glance: round, Time, Self-destruct, Alert and each Section's Power in one compact
strip at the top of every game screen, so a phone never scrolls to see them."""
from __future__ import annotations

import flet as ft

from companion.engine.vocab import Section

from . import ids, theme
from .context import UiContext

SHORT_SECTION = {Section.S01: "S-01", Section.S02: "S-02", Section.S03: "S-03"}


def _chip(identifier: str, text: str, *, bgcolor: str, icon=None, tooltip: str | None = None) -> ft.Control:
    parts: list[ft.Control] = []
    if icon is not None:
        parts.append(ft.Icon(icon, size=14, color=theme.TEXT))
    parts.append(ft.Text(text, size=13, weight=ft.FontWeight.BOLD, color=theme.TEXT, no_wrap=True))
    return ids.tag(identifier, ft.Container(
        content=ft.Row(parts, spacing=3, tight=True),
        bgcolor=bgcolor, border_radius=12, padding=ft.Padding.symmetric(horizontal=8, vertical=3),
        tooltip=tooltip,
    ))


def build_status_strip(ctx: UiContext) -> ft.Control:
    game = ctx.game
    t = ctx.texts.t
    chips: list[ft.Control] = [
        _chip(ids.STATUS_ROUND, t("ui.status.round", round=game.shown_round), bgcolor=theme.SURFACE_HIGH),
        _chip(ids.STATUS_TIME, t("ui.status.time", slot=ctx.texts.slot(game.time)),
              bgcolor=theme.BLUE_DARK if game.time_active else theme.RED_DARK, icon=ft.Icons.HOURGLASS_BOTTOM,
              tooltip=t("ui.track.backup_on") if game.time_active else t("ui.track.backup_off")),
    ]
    for section in Section:
        on = game.is_powered(section)
        name = SHORT_SECTION.get(section) or t("ui.status.elevator")
        chips.append(_chip(ids.status_power(section.value), name, bgcolor=theme.BLUE_DARK if on else theme.RED_DARK,
                           icon=ft.Icons.BOLT if on else ft.Icons.POWER_OFF,
                           tooltip=t("power_state.on") if on else t("power_state.off")))
    sd = game.self_destruct
    if sd is not None:
        chips.append(_chip(ids.STATUS_SELF_DESTRUCT, t("ui.status.self_destruct", slot=ctx.texts.slot(sd.slot)),
                           bgcolor=theme.RED_DARK if sd.red else "#6b5300", icon=ft.Icons.DANGEROUS))
    if game.alert_slot is not None:
        chips.append(_chip(ids.STATUS_ALERT, t("ui.status.alert", slot=ctx.texts.slot(game.alert_slot)),
                           bgcolor="#7a4300", icon=ft.Icons.NOTIFICATIONS_ACTIVE))
    return ids.tag(ids.STATUS_STRIP, ft.Container(
        content=ft.Row(chips, wrap=True, spacing=4, run_spacing=4),
        padding=ft.Padding.symmetric(horizontal=4, vertical=2),
    ))
