"""The Time track drawn like the board: 15…01 then S, marks under the slots, tokens on them.

Everything comes from rules data (white slots, thresholds, CSS spaces, and whether each
value is confirmed), so a table that corrects rules_data/ sees its correction here.
"""
from __future__ import annotations

import flet as ft

from companion.engine.views import PublicView
from companion.rules import Rules, TimeSlot

from .. import ids, theme
from ..context import UiContext
from ..i18n_view import Texts
from ..kit.memo import kept_items, kept_panel

THRESHOLD_COLOURS = {"red": theme.RED, "blue": theme.BLUE}


def _token(colour: str, icon, size: float, border: str = theme.TEXT) -> ft.Control:
    return ft.Container(
        content=ft.Icon(icon, size=size * 0.62, color="#ffffff" if colour != theme.YELLOW else "#1a1a1a"),
        bgcolor=colour,
        width=size,
        height=size,
        border_radius=size / 2,
        border=ft.Border.all(2, border),
        alignment=ft.Alignment.CENTER,
    )


def time_token(active: bool, size: float) -> ft.Control:
    return _token(theme.BLUE if active else theme.RED, ft.Icons.HOURGLASS_BOTTOM, size)


def self_destruct_token(red: bool, size: float) -> ft.Control:
    return _token(theme.RED if red else theme.YELLOW, ft.Icons.DANGEROUS, size, border="#000000")


def alert_token(size: float) -> ft.Control:
    return _token(theme.ORANGE, ft.Icons.NOTIFICATIONS_ACTIVE, size, border="#000000")


def _marks_on(slot: TimeSlot, state: PublicView) -> tuple[tuple, ...]:
    """What stands on a slot: ("time", active), ("self_destruct", red), ("alert",)."""
    marks: list[tuple] = []
    if state.time == slot.number:
        marks.append(("time", state.time_active))
    sd = state.self_destruct
    if sd is not None and sd.slot == slot.number:
        marks.append(("self_destruct", sd.red))
    if state.alert_slot == slot.number:
        marks.append(("alert",))
    return tuple(marks)


def _token_of(mark: tuple, size: float) -> ft.Control:
    if mark[0] == "time":
        return time_token(mark[1], size)
    if mark[0] == "self_destruct":
        return self_destruct_token(mark[1], size)
    return alert_token(size)


def _slot(texts: Texts, slot: TimeSlot, marks: tuple[tuple, ...], width: float, stack: int) -> ft.Control:
    """One slot; `stack` is how many tokens the busiest slot holds, so all rows line up."""
    token_size = min(28, width * 0.55)
    tokens = [_token_of(mark, token_size) for mark in marks]

    if slot.is_end:
        bg, fg = theme.SLOT_END, theme.TEXT
    elif slot.white:
        bg, fg = theme.SLOT_WHITE, theme.ON_SLOT_WHITE
    else:
        bg, fg = theme.SLOT_DARK, theme.ON_SLOT_DARK
    current = any(mark[0] == "time" for mark in marks)
    box = ft.Container(
        content=ft.Text(slot.label, size=min(20, width * 0.42), weight=ft.FontWeight.BOLD, color=fg),
        bgcolor=bg,
        width=width,
        height=width * 0.9,
        alignment=ft.Alignment.CENTER,
        border_radius=6,
        border=ft.Border.all(3 if current else 1, theme.YELLOW if current else theme.OUTLINE),
    )
    # Threshold mark: a coloured bar (whether the positions are printed fact is said once,
    # in the legend, not on every slot).
    threshold = None
    if slot.threshold is not None:
        threshold = ft.Container(bgcolor=THRESHOLD_COLOURS[slot.threshold], width=width * 0.7, height=7,
                                 border_radius=3)
    css = None
    if slot.css_space:
        css = ft.Container(
            content=ft.Text(texts.t("ui.track.css_mark"), size=min(10, width * 0.2), color=theme.TEXT, weight=ft.FontWeight.BOLD),
            border=ft.Border.all(1, theme.TEXT_MUTED), width=width * 0.75, height=16,
            alignment=ft.Alignment.CENTER, border_radius=3,
        )
    # As few controls as the drawing needs: the track is most of the table's first screen.
    stacked = ft.Column(tokens, spacing=2, horizontal_alignment=ft.CrossAxisAlignment.CENTER, tight=True) \
        if tokens else None
    return ft.Column(
        [
            ft.Container(stacked, height=(token_size + 2) * stack, alignment=ft.Alignment.BOTTOM_CENTER),
            box,
            ft.Container(threshold, height=14, alignment=ft.Alignment.TOP_CENTER),
            ft.Container(css, height=18, alignment=ft.Alignment.TOP_CENTER),
        ],
        spacing=3,
        width=width,
        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
    )


def _legend(texts: Texts, rules: Rules) -> ft.Control:
    t = texts.t
    slots = rules.time_track.slots
    # Not printed in the rulebook: said here once, beside the mark it concerns.
    unsure = {"threshold": any(s.threshold is not None and s.is_unconfirmed("threshold") for s in slots),
              "css_space": any(s.css_space and s.is_unconfirmed("css_space") for s in slots)}

    def item(mark: ft.Control, label: str, unconfirmed: bool = False) -> ft.Control:
        parts = [mark, ft.Text(label, size=12, color=theme.TEXT_MUTED)]
        if unconfirmed:
            parts.append(ft.Container(theme.unconfirmed_badge(14), tooltip=t("common.unconfirmed")))
            parts.append(ft.Text(t("common.unconfirmed"), size=12, color=theme.UNCONFIRMED))
        return ft.Row(parts, spacing=4, tight=True)

    bar = lambda colour: ft.Container(bgcolor=colour, width=18, height=7, border_radius=3)  # noqa: E731
    return ft.Row(
        [
            item(time_token(False, 16), t("time_side.inactive")),
            item(time_token(True, 16), t("time_side.active")),
            item(self_destruct_token(False, 16), t("self_destruct_side.yellow")),
            item(self_destruct_token(True, 16), t("self_destruct_side.red")),
            item(alert_token(16), t("ui.track.alert")),
            item(bar(theme.RED), t("ui.track.threshold_red"), unsure["threshold"]),
            item(bar(theme.BLUE), t("ui.track.threshold_blue"), unsure["threshold"]),
            item(ft.Text(t("ui.track.css_mark"), size=10, weight=ft.FontWeight.BOLD), t("ui.track.css_space"),
                 unsure["css_space"]),
        ],
        wrap=True,
        spacing=14,
        run_spacing=6,
    )


def status_line(texts: Texts, state: PublicView) -> ft.Control:
    t = texts.t
    # Round and Time stand in the status strip above every game screen; here what the
    # track's tokens mean.
    parts = [
        ids.tag(ids.TRACK_TIME, theme.pill(t("ui.track.time", slot=state.time), bgcolor=theme.SURFACE_HIGH, size=14)),
        theme.pill(t("ui.track.backup_on") if state.time_active else t("ui.track.backup_off"),
                   bgcolor=theme.BLUE_DARK if state.time_active else theme.RED_DARK, size=14),
    ]
    sd = state.self_destruct
    if sd is not None:
        key = "ui.track.self_destruct_at_red" if sd.red else "ui.track.self_destruct_at"
        parts.append(theme.pill(t(key, slot=sd.slot), bgcolor=theme.RED_DARK if sd.red else "#6b5300", size=14))
    if state.alert_slot is not None:
        parts.append(theme.pill(t("ui.track.alert_at", slot=state.alert_slot), bgcolor="#7a4300", size=14))
    return ft.Row(parts, wrap=True, spacing=6, run_spacing=6)


def build_time_track(ctx: UiContext, state: PublicView, available_width: float,
                     help: ft.Control | None = None) -> ft.Control:
    """Each slot is kept while what stands on it is unchanged (kit.memo.kept_items): moving
    the Time token rebuilds two slots, not the track."""
    texts, rules = ctx.texts, ctx.session.rules
    slots = rules.time_track.slots
    # Phones get two rows (15…08, 07…S) so the numbers stay readable.
    per_row = len(slots) if available_width >= 900 else (len(slots) + 1) // 2
    gap = 4
    width = max(30.0, min(64.0, (available_width - gap * (per_row - 1)) / per_row))
    marks = [_marks_on(s, state) for s in slots]
    stack = max(len(m) for m in marks)
    shown = kept_items(ctx, "time-slots", ((f"slot-{i}", (s, m, width, stack)) for i, (s, m) in enumerate(zip(slots, marks))),
                       lambda data: _slot(texts, *data))
    rows = [
        ft.Row(shown[i:i + per_row], spacing=gap,
               alignment=ft.MainAxisAlignment.CENTER, vertical_alignment=ft.CrossAxisAlignment.END)
        for i in range(0, len(slots), per_row)
    ]
    legend = kept_panel(ctx, "time-legend", rules.time_track, lambda: _legend(texts, rules))
    body = ft.Column(
        [status_line(texts, state), *rows, legend],
        spacing=6,
        horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
    )
    return ids.tag(ids.TIME_TRACK, theme.card(body, title=texts.t("ui.track.title"), help=help))
