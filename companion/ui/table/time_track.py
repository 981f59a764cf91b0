"""The Time track drawn like the board: 15…01 then S, marks under the slots, tokens on them.
Kept (kit.kept): every slot is built once with the three tokens that can stand on it;
moving a token only changes which of them is shown.

Everything comes from rules data (white slots, thresholds, CSS spaces, and whether each
value is confirmed), so a table that corrects rules_data/ sees its correction here. On a
phone the legend waits one tap away, so the first screen is the glance itself.
"""
from __future__ import annotations

import flet as ft

from companion.engine.views import PublicView
from companion.rules import TimeSlot

from .. import ids, theme
from ..kit.kept import PHONE, Card, Changes, KeptScreen, KeyedItems
from .bits import Later, LinkButton, Pill
from companion.ui.table import ids as table_ids

THRESHOLD_COLOURS = {"red": theme.RED, "blue": theme.BLUE}
# Whether this page shows the legend on a phone (it is always shown on wider screens).
LEGEND_SHOWN = "track-legend-shown"
GAP = 4


def _token(colour: str, icon, size: float, border: str = theme.TEXT) -> ft.Control:
    return ft.Container(
        content=ft.Icon(icon, size=size * 0.62, color="#ffffff" if colour != theme.YELLOW else "#1a1a1a"),
        bgcolor=colour, width=size, height=size, border_radius=size / 2, border=ft.Border.all(2, border),
        alignment=ft.Alignment.CENTER,
    )


def time_token(active: bool, size: float) -> ft.Control:
    return _token(theme.BLUE if active else theme.RED, ft.Icons.HOURGLASS_BOTTOM, size)


def self_destruct_token(red: bool, size: float) -> ft.Control:
    return _token(theme.RED if red else theme.YELLOW, ft.Icons.DANGEROUS, size, border="#000000")


def alert_token(size: float) -> ft.Control:
    return _token(theme.ORANGE, ft.Icons.NOTIFICATIONS_ACTIVE, size, border="#000000")


class _Token:
    """A token standing on a slot (built when it arrives there, dropped when it leaves)."""

    def __init__(self, changes: Changes, kind: str) -> None:
        self.changes = changes
        self.icon = ft.Icon(TOKEN_ICONS[kind])
        self.root = ft.Container(content=self.icon, border=ft.Border.all(2, theme.TEXT if kind == "time" else "#000000"),
                                 alignment=ft.Alignment.CENTER)

    def show(self, colour: str, size: float) -> None:
        put = self.changes.put
        put(self.root, bgcolor=colour, width=size, height=size, border_radius=size / 2)
        put(self.icon, size=size * 0.62, color="#ffffff" if colour != theme.YELLOW else "#1a1a1a")


TOKEN_ICONS = {"time": ft.Icons.HOURGLASS_BOTTOM, "self_destruct": ft.Icons.DANGEROUS,
               "alert": ft.Icons.NOTIFICATIONS_ACTIVE}


def _tokens_on(slot: TimeSlot, state: PublicView) -> list[tuple[str, str]]:
    """What stands on a slot, with its colour: the Time token, Self-destruct, Alert."""
    tokens = []
    if state.time == slot.number:
        tokens.append(("time", theme.BLUE if state.time_active else theme.RED))
    sd = state.self_destruct
    if sd is not None and sd.slot == slot.number:
        tokens.append(("self_destruct", theme.RED if sd.red else theme.YELLOW))
    if state.alert_slot == slot.number:
        tokens.append(("alert", theme.ORANGE))
    return tokens


class _Slot:
    """A slot of the track: its tokens above, its number, its threshold and CSS marks below."""

    def __init__(self, changes: Changes, slot: TimeSlot) -> None:
        self.changes = changes
        self.slot = slot
        self.tokens_column = ft.Column([], spacing=2, horizontal_alignment=ft.CrossAxisAlignment.CENTER, tight=True)
        self.tokens: KeyedItems[_Token] = KeyedItems(changes, self.tokens_column,
                                                     lambda kind: _Token(changes, str(kind)))
        self.stack = ft.Container(self.tokens_column, alignment=ft.Alignment.BOTTOM_CENTER)
        if slot.is_end:
            bg, fg = theme.SLOT_END, theme.TEXT
        elif slot.white:
            bg, fg = theme.SLOT_WHITE, theme.ON_SLOT_WHITE
        else:
            bg, fg = theme.SLOT_DARK, theme.ON_SLOT_DARK
        self.number = ft.Text(slot.label, weight=ft.FontWeight.BOLD, color=fg)
        self.box = ft.Container(self.number, bgcolor=bg, alignment=ft.Alignment.CENTER, border_radius=6)
        # A coloured bar for a threshold (whether its place is printed fact is said once,
        # in the legend, not on every slot).
        self.threshold = ft.Container(bgcolor=THRESHOLD_COLOURS[slot.threshold], height=7, border_radius=3) \
            if slot.threshold is not None else None
        self.css_text = ft.Text("", color=theme.TEXT, weight=ft.FontWeight.BOLD)
        self.css = ft.Container(self.css_text, border=ft.Border.all(1, theme.TEXT_MUTED), height=16,
                                alignment=ft.Alignment.CENTER, border_radius=3) if slot.css_space else None
        self.root = ft.Column([self.stack, self.box,
                               ft.Container(self.threshold, height=14, alignment=ft.Alignment.TOP_CENTER),
                               ft.Container(self.css, height=18, alignment=ft.Alignment.TOP_CENTER)],
                              spacing=3, horizontal_alignment=ft.CrossAxisAlignment.CENTER)

    def show(self, state: PublicView, css_mark: str, width: float, stack: int) -> None:
        put = self.changes.put
        size = min(28, width * 0.55)
        tokens = _tokens_on(self.slot, state)
        self.tokens.show(tokens, lambda token, colour: token.show(colour, size))
        here = state.time == self.slot.number
        put(self.root, width=width)
        put(self.stack, height=(size + 2) * stack)
        put(self.number, size=min(20, width * 0.42))
        put(self.box, width=width, height=width * 0.9,
            border=ft.Border.all(3 if here else 1, theme.YELLOW if here else theme.OUTLINE))
        if self.threshold is not None:
            put(self.threshold, width=width * 0.7)
        if self.css is not None:
            put(self.css, width=width * 0.75)
            put(self.css_text, value=css_mark, size=min(10, width * 0.2))


class _Legend:
    """What the track's tokens and marks mean (built once; its words follow the language)."""

    def __init__(self, screen: KeptScreen) -> None:
        self.screen = screen
        self.changes = changes = screen.changes
        slots = screen.ctx.session.rules.time_track.slots
        # Not printed in the rulebook: said here once, beside the mark it concerns.
        unsure = {"threshold": any(s.threshold is not None and s.is_unconfirmed("threshold") for s in slots),
                  "css_space": any(s.css_space and s.is_unconfirmed("css_space") for s in slots)}
        bar = lambda colour: ft.Container(bgcolor=colour, width=18, height=7, border_radius=3)  # noqa: E731
        self.css_mark = ft.Text("", size=10, weight=ft.FontWeight.BOLD)
        marks = [("time_side.inactive", time_token(False, 16), False),
                 ("time_side.active", time_token(True, 16), False),
                 ("self_destruct_side.yellow", self_destruct_token(False, 16), False),
                 ("self_destruct_side.red", self_destruct_token(True, 16), False),
                 ("ui.track.alert", alert_token(16), False),
                 ("ui.track.threshold_red", bar(theme.RED), unsure["threshold"]),
                 ("ui.track.threshold_blue", bar(theme.BLUE), unsure["threshold"]),
                 ("ui.track.css_space", self.css_mark, unsure["css_space"])]
        self.labels: list[tuple[str, ft.Text]] = []
        self.unconfirmed: list[tuple[ft.Container, ft.Text]] = []
        items = []
        for key, mark, unconfirmed in marks:
            label = ft.Text("", size=12, color=theme.TEXT_MUTED)
            self.labels.append((key, label))
            parts: list[ft.Control] = [mark, label]
            if unconfirmed:
                badge, said = ft.Container(theme.unconfirmed_badge(14)), ft.Text("", size=12, color=theme.UNCONFIRMED)
                self.unconfirmed.append((badge, said))
                parts += [badge, said]
            items.append(ft.Row(parts, spacing=4, tight=True))
        self.root = ids.tag(ids.TRACK_LEGEND, ft.Row(items, wrap=True, spacing=14, run_spacing=6))

    def show(self) -> None:
        put, t = self.changes.put, self.screen.ctx.texts.t
        put(self.css_mark, value=t("ui.track.css_mark"))
        for key, label in self.labels:
            put(label, value=t(key))
        for badge, said in self.unconfirmed:
            put(badge, tooltip=t("common.unconfirmed"))
            put(said, value=t("common.unconfirmed"))


class TimeTrack:
    """The track's card: where Time and the countdowns stand, the slots, and the legend."""

    def __init__(self, screen: KeptScreen) -> None:
        self.screen = screen
        changes = screen.changes
        rules = screen.ctx.session.rules
        self.time = Pill(changes, size=14, identifier=ids.TRACK_TIME)
        self.backup = Pill(changes, size=14)
        self.self_destruct = Pill(changes, size=14)
        self.alert = Pill(changes, size=14)
        self.status = ft.Row([self.time.root, self.backup.root, self.self_destruct.root, self.alert.root], wrap=True,
                             spacing=6, run_spacing=6)
        self.slots = [_Slot(changes, slot) for slot in rules.time_track.slots]
        # One wrapping row as wide as the slots that fit a line: a phone gets two lines
        # (15…08, 07…S) so the numbers stay readable.
        self.row = ft.Row([slot.root for slot in self.slots], wrap=True, spacing=GAP, run_spacing=6,
                          alignment=ft.MainAxisAlignment.CENTER, vertical_alignment=ft.CrossAxisAlignment.END)
        # Built the first time it is shown (a phone shows it on request).
        self.legend = Later(changes, lambda: _Legend(screen))
        self.legend_toggle = LinkButton(changes, ids.TRACK_LEGEND_TOGGLE, icon=ft.Icons.INFO_OUTLINE,
                                        on_tap=self._toggle_legend)
        self.card = Card(changes, ft.Column([self.status, ft.Container(self.row, alignment=ft.Alignment.CENTER),
                                             self.legend_toggle.root, self.legend.root],
                                            spacing=6, horizontal_alignment=ft.CrossAxisAlignment.STRETCH),
                         help_of=screen.help)
        self.root = ids.tag(table_ids.TIME_TRACK, self.card.root)

    def _toggle_legend(self) -> None:
        extras = self.screen.ctx.extras
        extras[LEGEND_SHOWN] = not extras.get(LEGEND_SHOWN, False)
        self.screen.ctx.rerender()

    def inputs(self) -> tuple:
        """What `show` reads besides the actions it looks up (KeptScreen.show_part)."""
        state = self.screen.ctx.game
        return (state.time, state.time_active, state.self_destruct, state.alert_slot,
                bool(self.screen.ctx.extras.get(LEGEND_SHOWN)))

    def show(self) -> None:
        ctx, put = self.screen.ctx, self.screen.changes.put
        texts, state = ctx.texts, ctx.game
        t = texts.t
        self.card.show(t("ui.track.title"), topic="time_track", help_tip=t("ui.rules.help"))
        self.time.show(t("ui.track.time", slot=state.time), bgcolor=theme.SURFACE_HIGH)
        self.backup.show(t("ui.track.backup_on") if state.time_active else t("ui.track.backup_off"),
                         bgcolor=theme.BLUE_DARK if state.time_active else theme.RED_DARK)
        sd = state.self_destruct
        self.self_destruct.show(t("ui.track.self_destruct_at_red" if sd is not None and sd.red
                                  else "ui.track.self_destruct_at", slot=sd.slot if sd is not None else 0),
                                bgcolor=theme.RED_DARK if sd is not None and sd.red else "#6b5300",
                                visible=sd is not None)
        self.alert.show(t("ui.track.alert_at", slot=state.alert_slot), bgcolor="#7a4300",
                        visible=state.alert_slot is not None)
        available = ctx.width - 2 * theme.PAGE_PADDING - 2 * theme.GAP - 4
        count = len(self.slots)
        per_row = count if available >= 900 else (count + 1) // 2
        width = max(30.0, min(64.0, (available - GAP * (per_row - 1)) / per_row))
        # One pixel to spare, so rounding never pushes a slot to the next line.
        put(self.row, width=per_row * width + GAP * (per_row - 1) + 1)
        stack = max(1, max(len(_tokens_on(s.slot, state)) for s in self.slots))
        css_mark = t("ui.track.css_mark")
        for slot in self.slots:
            slot.show(state, css_mark, width, stack)
        phone = self.screen.layout == PHONE
        shown = not phone or bool(ctx.extras.get(LEGEND_SHOWN))
        self.legend_toggle.show(t("ui.table_screen.legend_hide") if shown else t("ui.table_screen.legend_show"),
                                icon=ft.Icons.EXPAND_LESS if shown else ft.Icons.INFO_OUTLINE, visible=phone)
        self.legend.show(shown)
