"""What a page has entered on the bag screen but not sent yet (kept across re-renders)."""
from __future__ import annotations

from dataclasses import dataclass, field

import flet as ft

from companion.engine.bag_model import MINIATURE_KINDS, Place
from companion.engine.state import GameState

from .. import ids, theme
from ..context import UiContext

HAND_MAX = 15
DEFAULT_HAND = 5


@dataclass
class BagDraft:
    seat: int | None = None
    place: Place = Place.S01
    hand: int = DEFAULT_HAND
    # The Queen-in-Nest question's answer while it is being filled in.
    queen_seat: int | None = None
    queen_place: Place = Place.S01
    queen_hand: int = DEFAULT_HAND
    # The return-to-bag dialog's counts.
    returning: dict[str, int] = field(default_factory=lambda: {kind: 0 for kind in MINIATURE_KINDS})


def draft_of(ctx: UiContext) -> BagDraft:
    draft = ctx.extras.get("bag_draft")
    if draft is None:
        draft = ctx.extras["bag_draft"] = BagDraft()
    return draft


def active_seats(state: GameState) -> list[int]:
    """Seats whose Character can meet an intruder: still in the Facility."""
    return [member.seat for member in state.crew if member.is_in_facility]


def chosen_seat(current: int | None, state: GameState) -> int | None:
    seats = active_seats(state)
    if current in seats:
        return current
    return seats[0] if seats else None


def choice_chip(label: str, *, selected: bool, on_click, identifier: str | None = None,
                sublabel: str | None = None, icon=None, icon_colour: str | None = None) -> ft.Control:
    """A big tappable option; the selected one is filled."""
    head: list[ft.Control] = []
    if icon is not None:
        head.append(ft.Icon(icon, size=18, color=icon_colour or theme.TEXT))
    head.append(ft.Text(label, size=15, weight=ft.FontWeight.BOLD, color=theme.TEXT))
    lines: list[ft.Control] = [ft.Row(head, spacing=6, tight=True)]
    if sublabel:
        lines.append(ft.Text(sublabel, size=12, color=theme.TEXT if selected else theme.TEXT_MUTED))
    chip = ft.Container(
        content=ft.Column(lines, spacing=0, tight=True),
        bgcolor=theme.BLUE_DARK if selected else theme.SURFACE_HIGH,
        border=ft.Border.all(2, theme.BLUE if selected else theme.OUTLINE),
        border_radius=10,
        padding=ft.Padding.symmetric(horizontal=12, vertical=8),
        on_click=on_click,
        ink=True,
    )
    return ids.tag(identifier, chip) if identifier else chip


def stepper(value: int, *, on_change, identifier: str, down_id: str, up_id: str, down_tip: str,
            up_tip: str, low: int = 0, high: int = HAND_MAX) -> ft.Control:
    """− value + : one tap per card, no keyboard at the table."""
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
