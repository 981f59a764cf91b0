"""Kept parts (kit.kept) shared by the Event Phase screens: notes, verdict banners, the
screens' header, the light where an attack happens, a number stepper, seat chips and the
card faces. Each builds its controls once and `show` sets what the view says."""
from __future__ import annotations

from typing import Callable, Hashable, Iterable, Sequence

import flet as ft

from companion.engine.views import Place
from companion.engine.views import attack_card, event_card
from companion.engine.views import PublicView
from companion.rules import Rules

from .. import ids, theme
from ..i18n_view import Texts
from ..kit.chips import LIGHTING_COLOURS, LIGHTING_ICONS, active_seats, shown_lighting
from ..kit.kept import PHONE, ActionButton, Changes, Chip, KeptScreen, KeyedItems
from ..kit.kinds import DARK_ICON, KIND_COLOURS, kind_name
from companion.ui.events import ids as events_ids

CARD_BG = "#221a1c"
CARD_BORDER = "#8a5a2b"
DARK_BG = "#0b0d10"
BLOOD = "#a3161b"
HIT_BG = "#b3151b"
MISS_BG = "#1f4d2b"
INFEST_BG = "#4b2a6b"
RETREAT_BG = "#6b5300"


# --------------------------------------------------------------------- small things
class Note:
    """An instruction or reminder: a coloured bar on the left, easy to spot."""

    def __init__(self, changes: Changes, identifier: str | None = None) -> None:
        self.changes = changes
        self.icon = ft.Icon(ft.Icons.INFO_OUTLINE, color=theme.YELLOW, size=22)
        self.text = ft.Text("", size=15, expand=True)
        self.frame = ft.Container(content=ft.Row([self.icon, self.text], spacing=8,
                                                 vertical_alignment=ft.CrossAxisAlignment.START),
                                  bgcolor=theme.SURFACE_HIGH, border=ft.Border.only(left=ft.BorderSide(5, theme.YELLOW)),
                                  border_radius=6, padding=10)
        self.root = ids.tag(identifier, self.frame) if identifier else self.frame

    def show(self, text: str, *, colour: str = theme.YELLOW, icon=ft.Icons.INFO_OUTLINE, size: int = 15,
             visible: bool = True) -> None:
        put = self.changes.put
        put(self.root, visible=visible)
        if not visible:
            return
        put(self.text, value=text, size=size)
        put(self.icon, icon=icon, color=colour)
        put(self.frame, border=ft.Border.only(left=ft.BorderSide(5, colour)))


def label_text() -> ft.Text:
    """A form's small heading."""
    return ft.Text("", size=14, weight=ft.FontWeight.W_600, color=theme.TEXT_MUTED)


def wrap_row(controls: Sequence[ft.Control] = ()) -> ft.Row:
    return ft.Row(list(controls), wrap=True, spacing=8, run_spacing=8)


class Verdict:
    """The result of a draw, impossible to miss: an icon, a big word and a sentence."""

    def __init__(self, changes: Changes, identifier: str) -> None:
        self.changes = changes
        self.icon = ft.Icon(ft.Icons.WARNING, color=theme.TEXT, size=34)
        self.title = ft.Text("", size=30, weight=ft.FontWeight.BOLD, color=theme.TEXT, expand=True)
        self.detail = ft.Text("", size=16, color=theme.TEXT)
        self.frame = ft.Container(content=ft.Column([ft.Row([self.icon, self.title], spacing=10), self.detail],
                                                    spacing=4, tight=True),
                                  border_radius=12, padding=14)
        self.root = ids.tag(identifier, self.frame)

    def show(self, title: str, detail: str | None, *, bgcolor: str, icon, border: str = theme.YELLOW,
             size: int = 30) -> None:
        put = self.changes.put
        put(self.icon, icon=icon, size=size + 4)
        put(self.title, value=title, size=size)
        put(self.detail, visible=bool(detail))
        if detail:
            put(self.detail, value=detail)
        put(self.frame, bgcolor=bgcolor, border=ft.Border.all(3, border))


class Header:
    """The way back and the screen's title (and, beside the steps on larger screens, a
    line under it). On a phone both sit on one row: the room goes to the screen."""

    def __init__(self, screen: KeptScreen, on_back: Callable[[], None]) -> None:
        self.screen = screen
        phone = screen.layout == PHONE
        self.back = ActionButton(screen.changes, events_ids.BACK, icon=ft.Icons.ARROW_BACK, compact=True,
                                 page_of=screen.page, on_tap=on_back)
        self.title = ft.Text("", size=19 if phone else 24, weight=ft.FontWeight.BOLD)
        self.subtitle = theme.muted("", size=14)
        heading = ft.Column([self.title, self.subtitle], spacing=2, tight=True)
        self.root = ft.Row([self.back.root, ft.Container(heading, expand=True)], spacing=10 if phone else 14,
                           vertical_alignment=ft.CrossAxisAlignment.CENTER)

    def show(self, title: str, subtitle: str | None, back_label: str) -> None:
        put = self.screen.changes.put
        self.back.show(back_label, refused=None)
        put(self.title, value=title)
        put(self.subtitle, visible=bool(subtitle))
        if subtitle:
            put(self.subtitle, value=subtitle)


# --------------------------------------------------------------------- where an attack happens
def lighting_text(texts: Texts, game: PublicView, place: Place, ignore_darkness: bool = False) -> str:
    """Whether an Attack card's Darkness extra applies where the attack happens, as the engine says."""
    from companion.engine.views import Lighting

    lighting = shown_lighting(game, place, ignore_darkness)
    key = {Lighting.STAIRS: "stairs", Lighting.UNPOWERED: "dark", Lighting.DARKNESS_IGNORED: "ignored"}.get(
        lighting, "light")
    return texts.t(f"ui.events.lighting.{key}", section=place.value)


class LightingRow:
    """Light or Darkness where the attack happens (and so whether a card's Darkness extra
    applies); with no place chosen yet, it says so instead of guessing."""

    def __init__(self, changes: Changes, identifier: str = events_ids.ATTACK_LIGHTING) -> None:
        self.changes = changes
        self.icon = ft.Icon(ft.Icons.HELP_OUTLINE, size=24)
        self.text = ft.Text("", size=15, weight=ft.FontWeight.BOLD, expand=True)
        self.frame = ft.Container(content=ft.Row([self.icon, self.text], spacing=8), border_radius=10, padding=10)
        self.root = ids.tag(identifier, self.frame)

    def show(self, texts: Texts, game: PublicView, place: Place | None, ignore_darkness: bool, *,
             unknown: str) -> None:
        put = self.changes.put
        if place is None:
            put(self.icon, icon=ft.Icons.HELP_OUTLINE, color=theme.TEXT_MUTED)
            put(self.text, value=unknown, weight=ft.FontWeight.NORMAL, color=theme.TEXT_MUTED)
            put(self.frame, bgcolor=theme.SURFACE_HIGH, border=ft.Border.all(1, theme.OUTLINE))
            return
        lighting = shown_lighting(game, place, ignore_darkness)
        dark = lighting.is_dark
        put(self.icon, icon=LIGHTING_ICONS[lighting], color=LIGHTING_COLOURS[lighting])
        put(self.text, value=lighting_text(texts, game, place, ignore_darkness), weight=ft.FontWeight.BOLD,
            color=theme.TEXT)
        put(self.frame, bgcolor=DARK_BG if dark else theme.SURFACE_HIGH,
            border=ft.Border.all(1, theme.OUTLINE if dark else theme.YELLOW))


# --------------------------------------------------------------------- inputs
class NumberStepper:
    """− value +: one tap per unit, no keyboard at the table. `current()` is read at each tap,
    so two quick taps are two, whatever the page showed in between."""

    def __init__(self, changes: Changes, identifier: str, down_id: str, up_id: str, *,
                 current: Callable[[], int | None], change: Callable[[int], None]) -> None:
        self.changes = changes
        self.low, self.high = 0, 0
        self._current = current
        self._change = change
        self.down = self._button(ft.Icons.REMOVE, -1)
        self.up = self._button(ft.Icons.ADD, +1)
        self.value = ft.Text("", size=28, weight=ft.FontWeight.BOLD)
        self.root = ft.Row([ids.tag(down_id, self.down),
                            ids.tag(identifier, ft.Container(content=self.value, width=64, alignment=ft.Alignment.CENTER)),
                            ids.tag(up_id, self.up)],
                           spacing=6, tight=True, vertical_alignment=ft.CrossAxisAlignment.CENTER)

    def _button(self, icon, delta: int) -> ft.IconButton:
        return ft.IconButton(icon=icon, icon_size=26, on_click=lambda _e: self._step(delta),
                             style=ft.ButtonStyle(bgcolor={ft.ControlState.DISABLED: theme.BUTTON_DISABLED,
                                                           ft.ControlState.DEFAULT: theme.BUTTON},
                                                  shape=ft.RoundedRectangleBorder(radius=8)))

    def _step(self, delta: int) -> None:
        current = self._current()
        # Nothing chosen yet (None): the first tap of + gives the lowest value.
        wanted = self.low if current is None else min(self.high, max(self.low, current + delta))
        if wanted != current:
            self._change(wanted)

    def show(self, value: int | None, *, low: int, high: int, down_tip: str, up_tip: str) -> None:
        """`value` None: nothing chosen yet (a dash; only + is possible)."""
        put = self.changes.put
        self.low, self.high = low, high
        put(self.value, value="–" if value is None else str(value))
        put(self.down, disabled=value is None or value <= low, tooltip=down_tip)
        put(self.up, disabled=value is not None and value >= high, tooltip=up_tip)


class SeatChips:
    """One chip per Character still in the Facility (a sentence when there is none);
    `on_pick(seat)` on a tap."""

    def __init__(self, changes: Changes, identifier: Callable[[int], str], on_pick: Callable[[int], None],
                 *, icon=ft.Icons.PERSON) -> None:
        self.changes = changes
        self.icon = icon
        self.row = wrap_row()
        self.items: KeyedItems[Chip] = KeyedItems(changes, self.row, lambda seat: Chip(
            changes, identifier(seat), lambda: on_pick(seat)))  # type: ignore[arg-type]
        self.nobody = theme.muted("", size=14)
        self.root = ft.Column([self.row, self.nobody], spacing=0, tight=True)

    def show(self, texts: Texts, game: PublicView, chosen: Callable[[int], bool], *, nobody: str,
             with_player: bool = False) -> None:
        """`with_player`: each chip reads "Name (Character)" on one line, else the name
        with the Character under it."""
        put = self.changes.put
        seats = active_seats(game)

        def show_chip(chip: Chip, seat: int) -> None:
            member = game.member(seat)
            character = texts.character(member.character)
            if with_player:
                chip.show(texts.t("ui.common.player_character", name=member.name, character=character),
                          selected=chosen(seat), icon=self.icon)
            else:
                chip.show(member.name, sublabel=character, selected=chosen(seat), icon=self.icon)

        self.items.show(((seat, seat) for seat in seats), show_chip)
        put(self.row, visible=bool(seats))
        put(self.nobody, visible=not seats)
        if not seats:
            put(self.nobody, value=nobody)


# --------------------------------------------------------------------- card faces
class KindChips:
    """Intruder kinds, each its name on its colour."""

    def __init__(self, changes: Changes, *, size: int = 14) -> None:
        self.changes = changes
        self.size = size
        self.root = wrap_row()
        self.items: KeyedItems[_KindChip] = KeyedItems(changes, self.root, lambda kind: _KindChip(changes, str(kind),
                                                                                                size))

    def show(self, texts: Texts, kinds: Iterable[str]) -> None:
        self.items.show(((kind, kind) for kind in kinds), lambda chip, kind: chip.show(texts))


class _KindChip:
    def __init__(self, changes: Changes, kind: str, size: int) -> None:
        self.changes = changes
        self.kind = kind
        self.text = ft.Text("", size=size, weight=ft.FontWeight.BOLD, color=theme.TEXT)
        self.root = ft.Container(content=self.text, bgcolor=KIND_COLOURS.get(kind, theme.SURFACE_HIGH), border_radius=14,
                                 padding=ft.Padding.symmetric(horizontal=10, vertical=4))

    def show(self, texts: Texts) -> None:
        self.changes.put(self.text, value=kind_name(texts, self.kind))


class DarkExtra:
    """A card's Darkness extra: bright when it applies, marked "in Darkness only" otherwise."""

    def __init__(self, changes: Changes) -> None:
        self.changes = changes
        self.icon = ft.Icon(DARK_ICON, size=26)
        self.caption = ft.Text("", size=13, weight=ft.FontWeight.BOLD)
        self.text = ft.Text("", size=16, color=theme.TEXT)
        self.root = ft.Container(
            content=ft.Row([self.icon, ft.Column([self.caption, self.text], spacing=2, tight=True, expand=True)],
                           spacing=10, vertical_alignment=ft.CrossAxisAlignment.START),
            bgcolor=DARK_BG, border_radius=10, padding=10)

    def show(self, texts: Texts, text: str, *, applies: bool | None) -> None:
        put = self.changes.put
        colour = theme.YELLOW if applies else theme.TEXT_MUTED
        put(self.icon, color=colour)
        put(self.caption, value=texts.t("ui.events.card.dark_applies") if applies else texts.t("ui.events.card.dark"),
            color=colour)
        put(self.text, value=text)
        put(self.root, border=ft.Border.all(2 if applies else 1, theme.YELLOW if applies else theme.OUTLINE))


def _card_frame(content: ft.Control, identifier: str | None) -> ft.Control:
    frame = ft.Container(content=content, bgcolor=CARD_BG, border=ft.Border.all(3, CARD_BORDER), border_radius=16,
                         padding=16)
    return ids.tag(identifier, frame) if identifier else frame


def corridor_text(texts: Texts, corridors: Sequence[int]) -> str:
    if len(corridors) > 1:
        return texts.t("ui.events.card.corridor_two", corridor=corridors[0], then=corridors[1])
    return texts.t("ui.events.card.corridor_one", corridor=corridors[0])


class EventCardFace:
    """An Event card as the table reads it: number, name, who moves through which
    corridor(s), the effect and the Darkness extra."""

    def __init__(self, changes: Changes, *, identifier: str | None = events_ids.EVENT_CARD, large: bool = True) -> None:
        self.changes = changes
        self.number = ft.Text("", size=20, weight=ft.FontWeight.BOLD, color=theme.TEXT)
        badge = ft.Container(content=self.number, width=46, height=46, border_radius=23, bgcolor=theme.RED_DARK,
                             alignment=ft.Alignment.CENTER, border=ft.Border.all(2, CARD_BORDER))
        self.name = ft.Text("", size=28 if large else 20, weight=ft.FontWeight.BOLD, expand=True)
        self.removed_text = ft.Text("", size=13, color=theme.TEXT, weight=ft.FontWeight.BOLD)
        self.removed = ft.Row([ft.Container(content=self.removed_text, bgcolor="#7a4300", border_radius=20,
                                            padding=ft.Padding.symmetric(horizontal=10, vertical=3))])
        self.moves_label, self.corridor_label, self.effect_label = label_text(), label_text(), label_text()
        self.kinds = KindChips(changes)
        self.corridors = ft.Text("", size=34 if large else 26, weight=ft.FontWeight.BOLD, color=theme.YELLOW)
        self.moves_help = theme.muted("", size=14)
        self.effect = ft.Text("", size=18 if large else 16)
        self.dark = DarkExtra(changes)
        movement = ft.Row([
            ft.Column([self.moves_label, self.kinds.root], spacing=6, tight=True, expand=True),
            ft.Column([self.corridor_label, self.corridors], spacing=0, tight=True,
                      horizontal_alignment=ft.CrossAxisAlignment.END),
        ], vertical_alignment=ft.CrossAxisAlignment.START)
        self.root = _card_frame(ft.Column([
            ft.Row([badge, self.name], spacing=12), self.removed, movement, self.moves_help,
            ft.Divider(height=1, color=theme.OUTLINE), self.effect_label, self.effect, self.dark.root,
        ], spacing=10, tight=True), identifier)

    def show(self, texts: Texts, rules: Rules, card_id: str) -> None:
        put, t = self.changes.put, texts.t
        spec = event_card(rules, card_id)
        put(self.number, value=str(spec.number))
        put(self.name, value=t(f"event_card.name.{spec.card}"))
        put(self.removed, visible=spec.removed_after_use)
        if spec.removed_after_use:
            put(self.removed_text, value=t("ui.events.card.removed"))
        put(self.moves_label, value=t("ui.events.card.moves"))
        self.kinds.show(texts, spec.moves)
        put(self.corridor_label, value=t("ui.events.card.corridor"))
        put(self.corridors, value=" → ".join(str(n) for n in spec.corridors))
        put(self.moves_help, value=t("ui.events.card.moves_help", corridors=corridor_text(texts, spec.corridors)))
        put(self.effect_label, value=t("ui.events.card.effect"))
        put(self.effect, value=t(f"event_card.effect.{spec.card}"))
        put(self.dark.root, visible=spec.has_darkness_extra)
        if spec.has_darkness_extra:
            self.dark.show(texts, t(f"event_card.dark.{spec.card}"), applies=None)


class BloodDrop:
    """An Attack card's blood value (a red drop with the number) or its Retreat arrow."""

    def __init__(self, changes: Changes, size: int) -> None:
        self.changes = changes
        self.number = ft.Text("", size=size * 0.5, weight=ft.FontWeight.BOLD, color=theme.TEXT)
        self.arrow = ft.Icon(ft.Icons.U_TURN_LEFT, color="#1a1a1a", size=size * 0.6)
        self.drop = ft.Container(content=ft.Row([self.number, self.arrow], tight=True,
                                                alignment=ft.MainAxisAlignment.CENTER),
                                 width=size, height=size, border_radius=size / 2, alignment=ft.Alignment.CENTER,
                                 border=ft.Border.all(2, theme.TEXT))
        self.caption = ft.Text("", size=12, color=theme.TEXT_MUTED)
        self.unconfirmed = ft.Container(theme.unconfirmed_badge(14))
        self.root = ft.Column([self.drop, ft.Row([self.caption, self.unconfirmed], spacing=4, tight=True)],
                              spacing=4, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER)

    def show(self, texts: Texts, rules: Rules, card_id: str) -> None:
        put = self.changes.put
        spec = attack_card(rules, card_id)
        put(self.number, visible=not spec.retreat)
        put(self.arrow, visible=spec.retreat)
        if not spec.retreat:
            put(self.number, value=str(spec.blood))
        put(self.drop, bgcolor=theme.YELLOW if spec.retreat else BLOOD)
        put(self.caption, value=texts.t("ui.events.card.retreat") if spec.retreat else texts.t("ui.events.card.blood"))
        unconfirmed = spec.is_unconfirmed("blood")
        put(self.unconfirmed, visible=unconfirmed)
        if unconfirmed:
            put(self.unconfirmed, tooltip=texts.t("common.unconfirmed"))


class AttackCardFace:
    """An Attack card: name, the intruders whose symbol it shows, blood value or Retreat,
    the effect and (in Darkness, or when browsing) the Darkness extra."""

    def __init__(self, changes: Changes, *, identifier: str | None = events_ids.ATTACK_CARD, large: bool = True) -> None:
        self.changes = changes
        self.name = ft.Text("", size=26 if large else 19, weight=ft.FontWeight.BOLD)
        self.symbols_label, self.effect_label = label_text(), label_text()
        self.symbols = KindChips(changes, size=13)
        self.blood = BloodDrop(changes, 72 if large else 52)
        self.effect = ft.Text("", size=18 if large else 15)
        self.dark = DarkExtra(changes)
        self.effect_part = ft.Column([ft.Divider(height=1, color=theme.OUTLINE), self.effect_label, self.effect,
                                      self.dark.root], spacing=10, tight=True)
        self.root = _card_frame(ft.Column([
            ft.Row([ft.Column([self.name, self.symbols_label, self.symbols.root], spacing=6, tight=True, expand=True),
                    self.blood.root], vertical_alignment=ft.CrossAxisAlignment.START, spacing=12),
            self.effect_part,
        ], spacing=10, tight=True), identifier)

    def show(self, texts: Texts, rules: Rules, card_id: str, *, dark: bool | None, show_effect: bool = True) -> None:
        put, t = self.changes.put, texts.t
        spec = attack_card(rules, card_id)
        put(self.name, value=t(f"attack_card.name.{spec.kind}"))
        put(self.symbols_label, value=t("ui.events.card.symbols"))
        self.symbols.show(texts, spec.symbols)
        self.blood.show(texts, rules, card_id)
        put(self.effect_part, visible=show_effect)
        if not show_effect:
            return
        put(self.effect_label, value=t("ui.events.card.effect"))
        put(self.effect, value=t(f"attack_card.effect.{spec.kind}"))
        extra = spec.has_darkness_extra and dark is not False
        put(self.dark.root, visible=extra)
        if extra:
            self.dark.show(texts, t(f"attack_card.dark.{spec.kind}"), applies=dark)


# --------------------------------------------------------------------- lists of lines
class Line:
    """A muted line of text, for lists kept by KeyedItems."""

    def __init__(self, changes: Changes, size: int = 14) -> None:
        self.changes = changes
        self.root = ft.Text("", size=size, color=theme.TEXT_MUTED)

    def show(self, text: str) -> None:
        self.changes.put(self.root, value=text)


def keyed_lines(changes: Changes, holder: ft.Column) -> KeyedItems[Line]:
    return KeyedItems(changes, holder, lambda _key: Line(changes))


def show_lines(items: KeyedItems[Line], lines: Iterable[tuple[Hashable, str]]) -> None:
    items.show(lines, Line.show)
