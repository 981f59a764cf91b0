"""End of game: why it ended and what became of each Character."""
from __future__ import annotations

import flet as ft

from companion.engine.views import PublicView

from .. import ids, theme
from ..i18n_view import Texts


def build_end_panel(texts: Texts, state: PublicView, entry: ft.Control | None = None) -> ft.Control:
    """`entry`: the way into the Victory Check walkthrough."""
    end = state.end
    assert end is not None
    t = texts.t
    names = {member.seat: member.name for member in state.crew}
    reason = t("ui.end.title", reason=t(f"end_reason.{end.reason.value}"), slot=end.time_slot)
    lines: list[ft.Control] = [ft.Text(reason, size=20, weight=ft.FontWeight.BOLD, color=theme.YELLOW)]
    if end.destruction_cause is not None:
        lines.append(ft.Text(t("ui.end.cause", cause=t(f"destruction_cause.{end.destruction_cause.value}")),
                             size=16))
    if end.nobody_left:
        lines.append(ft.Text(t("ui.end.nobody_left"), size=16))
    for fate in end.fates:
        alive = fate.fate.is_alive
        lines.append(ft.Container(
            content=ft.Row(
                [
                    ft.Icon(ft.Icons.FAVORITE if alive else ft.Icons.HEART_BROKEN,
                            color=theme.GREEN if alive else theme.RED),
                    ft.Column([ft.Text(names.get(fate.seat, ""), size=16, weight=ft.FontWeight.BOLD),
                               theme.muted(texts.character(fate.character))], spacing=0, tight=True,
                              expand=True),
                    theme.pill(_fate_text(texts, fate), bgcolor=theme.GREEN if alive else theme.RED_DARK),
                ],
                spacing=10,
            ),
            bgcolor=theme.SURFACE_HIGH, border_radius=theme.RADIUS, padding=10,
        ))
    lines.append(theme.muted(t("ui.end.victory_check")))
    if entry is not None:
        lines.append(entry)
    return ids.tag(ids.GAME_END, ft.Container(
        content=ft.Column(lines, spacing=8),
        bgcolor=theme.SURFACE,
        border=ft.Border.all(2, theme.YELLOW),
        border_radius=theme.RADIUS,
        padding=theme.GAP,
    ))


def _fate_text(texts: Texts, fate) -> str:
    text = texts.t(f"fate.{fate.fate.value}")
    return f"{text} ({texts.pod(fate.pod)})" if fate.pod is not None else text
