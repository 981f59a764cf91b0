"""What a page has entered on the bag screen but not sent yet (kept across re-renders)."""
from __future__ import annotations

from dataclasses import dataclass, field

import flet as ft

from companion.engine.bag_model import MINIATURE_KINDS, Place

from .. import ids, theme
from ..context import UiContext
from ..widgets import chip_content

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
    return ctx.kept("bag_draft", BagDraft)


def choice_chip(label: str, *, selected: bool, on_click, identifier: str | None = None,
                sublabel: str | None = None, icon=None, icon_colour: str | None = None) -> ft.Control:
    """A big tappable option; the selected one is filled."""
    chip = ft.Container(
        content=chip_content(label, selected=selected, sublabel=sublabel, icon=icon, icon_colour=icon_colour),
        bgcolor=theme.BLUE_DARK if selected else theme.SURFACE_HIGH,
        border=ft.Border.all(2, theme.BLUE if selected else theme.OUTLINE),
        border_radius=10,
        padding=ft.Padding.symmetric(horizontal=12, vertical=8),
        on_click=on_click,
        ink=True,
    )
    return ids.tag(identifier, chip) if identifier else chip
