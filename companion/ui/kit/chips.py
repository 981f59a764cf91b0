"""Form pieces: labels, option chips, steppers, number rows, and the seat and place pickers."""
from __future__ import annotations

from typing import Callable, Iterator, Sequence

import flet as ft

from companion.engine.views import Lighting, Place
from companion.engine.views import PublicView

from .. import ids, theme
from ..busy import in_turn, page_of_event
from ..i18n_view import Texts
from .kinds import DARK_ICON, LIGHT_ICON

LIGHTING_ICONS = {Lighting.POWERED: LIGHT_ICON, Lighting.UNPOWERED: DARK_ICON, Lighting.STAIRS: ft.Icons.STAIRS,
                  Lighting.DARKNESS_IGNORED: ft.Icons.FLASHLIGHT_ON}
LIGHTING_COLOURS = {Lighting.POWERED: theme.YELLOW, Lighting.UNPOWERED: theme.TEXT_MUTED,
                    Lighting.STAIRS: theme.TEXT_MUTED, Lighting.DARKNESS_IGNORED: theme.YELLOW}


def shown_lighting(game: PublicView, place: Place, ignore_darkness: bool) -> Lighting:
    """The view's lighting at `place`, for a Character who may ignore Darkness: the light
    number then applies where the dark one would (the engine's rule)."""
    lighting = game.lighting[place]
    return Lighting.DARKNESS_IGNORED if ignore_darkness and lighting.is_dark else lighting


def ignore_darkness_chip(text: str, selected: bool, on_toggle: Callable[[bool], None], identifier: str) -> ft.Control:
    return choice_chip(text, selected=selected, on_click=lambda _e: on_toggle(not selected),
                       identifier=identifier, icon=ft.Icons.FLASHLIGHT_ON, icon_colour=theme.YELLOW)


def label(text: str) -> ft.Text:
    return ft.Text(text, size=14, weight=ft.FontWeight.W_600, color=theme.TEXT_MUTED)


def chips(controls: Sequence[ft.Control]) -> ft.Row:
    return ft.Row(list(controls), wrap=True, spacing=8, run_spacing=8)


def chip_content(text: str, *, selected: bool, sublabel: str | None = None, icon=None,
                 icon_colour: str | None = None) -> ft.Column:
    """What an option chip shows: an optional icon, the text and an optional second line."""
    head: list[ft.Control] = []
    if icon is not None:
        head.append(ft.Icon(icon, size=18, color=icon_colour or theme.TEXT))
    head.append(ft.Text(text, size=15, weight=ft.FontWeight.BOLD, color=theme.TEXT))
    lines: list[ft.Control] = [ft.Row(head, spacing=6, tight=True)]
    if sublabel:
        lines.append(ft.Text(sublabel, size=12, color=theme.TEXT if selected else theme.TEXT_MUTED))
    return ft.Column(lines, spacing=0, tight=True)


def choice_chip(text: str, *, selected: bool, on_click, identifier: str | None = None,
                sublabel: str | None = None, icon=None, icon_colour: str | None = None,
                colour: str | None = None) -> ft.Control:
    """A big tappable option; the selected one is filled and framed."""
    def tapped(event) -> Iterator[None]:
        yield from in_turn(page_of_event(event), lambda: on_click(event))

    chip = ft.Container(
        content=chip_content(text, selected=selected, sublabel=sublabel, icon=icon, icon_colour=icon_colour),
        bgcolor=(colour or theme.BLUE_DARK) if selected else theme.SURFACE_HIGH,
        border=ft.Border.all(3 if selected else 1, theme.YELLOW if selected else theme.OUTLINE),
        border_radius=10,
        padding=ft.Padding.symmetric(horizontal=12, vertical=8),
        on_click=tapped if on_click is not None else None,
        ink=True,
    )
    if identifier is None:
        return chip
    return ft.Semantics(identifier=identifier, selected=selected, button=True, content=chip)


def stepper(value: int, *, on_change: Callable[[int], None], identifier: str, down_id: str, up_id: str,
            down_tip: str, up_tip: str, low: int = 0, high: int) -> ft.Control:
    """− value +: one tap per unit, no keyboard at the table. Taps that arrive before the
    redraw count from each other, not each from the value drawn: two quick taps are two."""
    held = [value]

    def step(delta: int) -> None:
        wanted = min(high, max(low, held[0] + delta))
        if wanted != held[0]:
            held[0] = wanted
            on_change(wanted)

    def button(icon, delta: int, ident: str, tip: str, enabled: bool) -> ft.Control:
        def tapped(event) -> Iterator[None]:
            yield from in_turn(page_of_event(event), lambda: step(delta))

        return ids.tag(ident, ft.IconButton(
            icon=icon, icon_size=26, tooltip=tip, disabled=not enabled, on_click=tapped,
            style=ft.ButtonStyle(bgcolor={ft.ControlState.DISABLED: theme.BUTTON_DISABLED,
                                          ft.ControlState.DEFAULT: theme.BUTTON},
                                 shape=ft.RoundedRectangleBorder(radius=8)),
        ))

    shown = ids.tag(identifier, ft.Container(
        content=ft.Text(str(value), size=28, weight=ft.FontWeight.BOLD),
        width=64, alignment=ft.Alignment.CENTER,
    ))
    return ft.Row([button(ft.Icons.REMOVE, -1, down_id, down_tip, value > low), shown,
                   button(ft.Icons.ADD, +1, up_id, up_tip, value < high)],
                  spacing=6, tight=True, vertical_alignment=ft.CrossAxisAlignment.CENTER)


def number_row(selected: int | None, *, on_pick: Callable[[int], None], identifier: Callable[[int], str],
               low: int = 0, high: int) -> ft.Control:
    """One button per number: a single tap answers "how many?" (nothing chosen: none selected)."""
    return chips([
        choice_chip(str(number), selected=number == selected, on_click=lambda _e, n=number: on_pick(n),
                    identifier=identifier(number))
        for number in range(low, high + 1)
    ])


# --------------------------------------------------------------------- who and where
def active_seats(game: PublicView) -> list[int]:
    """Seats whose Character can meet or be attacked by an intruder: still in the Facility."""
    return [member.seat for member in game.crew if member.is_in_facility]


def chosen_seat(current: int | None, game: PublicView) -> int | None:
    """The seat picked if it is still active, else the first active one (None: nobody left)."""
    seats = active_seats(game)
    if current in seats:
        return current
    return seats[0] if seats else None


def player_label(texts: Texts, game: PublicView, seat: int) -> str:
    """"Bruno (Zelador)": results name the player and the character."""
    member = game.member(seat)
    return texts.t("ui.common.player_character", name=member.name, character=texts.character(member.character))


def seat_chips(texts: Texts, game: PublicView, selected: int | None, on_pick: Callable[[int], None],
               identifier: Callable[[int], str], *, nobody: str) -> ft.Control:
    """One chip per Character still in the Facility (`nobody` when there is none)."""
    options = [
        choice_chip(member.name, sublabel=texts.character(member.character), selected=member.seat == selected,
                    on_click=lambda _e, seat=member.seat: on_pick(seat), identifier=identifier(member.seat),
                    icon=ft.Icons.PERSON)
        for member in game.crew if member.is_in_facility
    ]
    if not options:
        return theme.muted(nobody, size=14)
    return chips(options)


def place_label(texts: Texts, place: Place) -> str:
    return texts.t("ui.common.place_stairs") if place is Place.STAIRS else texts.section(place.value)


def place_chips(texts: Texts, game: PublicView, selected: Place | None, on_pick: Callable[[Place], None],
                identifier: Callable[[str], str]) -> ft.Control:
    """Each place with its light: the icon says which number of a token applies there."""
    options = []
    for place, lighting in game.lighting.items():
        options.append(choice_chip(place_label(texts, place), selected=place is selected,
                                   on_click=lambda _e, place=place: on_pick(place),
                                   identifier=identifier(place.value), icon=LIGHTING_ICONS[lighting],
                                   icon_colour=LIGHTING_COLOURS[lighting]))
    return chips(options)
