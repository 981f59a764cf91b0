"""Form pieces shared by the Intruder bag and Event Phase screens: labels, option chips,
steppers and the choice of a Character still in the Facility."""
from __future__ import annotations

from typing import Callable, Sequence

import flet as ft

from companion.engine.state import GameState

from . import ids, theme
from .i18n_view import Texts


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


def stepper(value: int, *, on_change: Callable[[int], None], identifier: str, down_id: str, up_id: str,
            down_tip: str, up_tip: str, low: int = 0, high: int) -> ft.Control:
    """− value +: one tap per unit, no keyboard at the table."""
    def button(icon, delta: int, ident: str, tip: str, enabled: bool) -> ft.Control:
        return ids.tag(ident, ft.IconButton(
            icon=icon, icon_size=26, tooltip=tip, disabled=not enabled,
            on_click=lambda _e: on_change(value + delta),
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


# --------------------------------------------------------------------- who meets or is attacked
def active_seats(state: GameState) -> list[int]:
    """Seats whose Character can meet or be attacked by an intruder: still in the Facility."""
    return [member.seat for member in state.crew if member.is_in_facility]


def chosen_seat(current: int | None, state: GameState) -> int | None:
    """The seat picked if it is still active, else the first active one (None: nobody left)."""
    seats = active_seats(state)
    if current in seats:
        return current
    return seats[0] if seats else None


def seat_chips(texts: Texts, state: GameState, selected: int | None, on_pick: Callable[[int], None],
               identifier: Callable[[int], str], *, chip: Callable[..., ft.Control], nobody: str) -> ft.Control:
    """One `chip` per Character still in the Facility (`nobody` when there is none)."""
    options = [
        chip(member.name, sublabel=texts.character(member.character), selected=member.seat == selected,
             on_click=lambda _e, seat=member.seat: on_pick(seat), identifier=identifier(member.seat),
             icon=ft.Icons.PERSON)
        for member in state.crew if member.is_in_facility
    ]
    if not options:
        return theme.muted(nobody, size=14)
    return chips(options)
