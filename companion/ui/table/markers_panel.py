"""Fire and Malfunction counters, Main Gate and Isolation Room, the first encounter. Kept
(kit.kept)."""
from __future__ import annotations

import flet as ft

from companion.engine.commands import (
    GameCommand,
    OpenMainGate,
    PlaceFire,
    PlaceMalfunction,
    RecordFirstEncounter,
    RemoveFire,
    RemoveMalfunction,
)

from .. import ids, theme
from ..kit.kept import Card, KeptScreen, OfferButton
from .bits import Pill
from companion.ui.table import ids as table_ids

# Solo and Fully Co-operative Objectives work differently at the first encounter: the
# question names what happens in this mode (ui.confirm.<confirm>_solo, _coop).
class _Counter:
    """A pool of markers: how many are on the board, − and +, and how full the pool is."""

    def __init__(self, screen: KeptScreen, *, identifier: str, colour: str, place: type[GameCommand],
                 remove: type[GameCommand], place_id: str, remove_id: str) -> None:
        self.screen = screen
        self.place, self.remove = place, remove
        changes = screen.changes
        self.label = ft.Text("", size=15, weight=ft.FontWeight.BOLD)
        self.count = ft.Text("", size=24, weight=ft.FontWeight.BOLD, color=colour)
        self.down = OfferButton(changes, remove_id, gate_of=screen.gate, page_of=screen.page, compact=True)
        self.up = OfferButton(changes, place_id, gate_of=screen.gate, page_of=screen.page, compact=True,
                              tone="warning")
        self.bar = ft.ProgressBar(value=0, color=colour, bgcolor=theme.SURFACE_HIGH)
        self.root = ft.Container(
            content=ft.Column([self.label,
                               ft.Row([self.down.root,
                                       ft.Container(ids.tag(identifier, self.count), expand=True,
                                                    alignment=ft.Alignment.CENTER),
                                       self.up.root], spacing=6),
                               self.bar], spacing=6, tight=True),
            bgcolor=theme.SURFACE_HIGH, border_radius=theme.RADIUS, padding=10, col={"xs": 12, "sm": 6})

    def show(self, label: str, count: int, pool: int) -> None:
        ctx, put = self.screen.ctx, self.screen.changes.put
        put(self.label, value=label)
        put(self.count, value=ctx.texts.t("ui.markers.count", count=count, pool=pool))
        put(self.bar, value=count / pool if pool else 0)
        self.down.show_action(ctx.action(self.remove), "−")
        self.up.show_action(ctx.action(self.place), "+")


class _Door:
    def __init__(self, screen: KeptScreen, identifier: str) -> None:
        self.screen = screen
        self.icon = ft.Icon(ft.Icons.LOCK)
        self.label = ft.Text("", size=15, expand=True)
        self.pill = Pill(screen.changes)
        self.root = ids.tag(identifier, ft.Row([self.icon, self.label, self.pill.root], spacing=8))

    def show(self, label: str, is_open: bool, open_text: str, closed_text: str) -> None:
        put = self.screen.changes.put
        put(self.icon, icon=ft.Icons.DOOR_FRONT_DOOR if is_open else ft.Icons.LOCK,
            color=theme.GREEN if is_open else theme.TEXT_MUTED)
        put(self.label, value=label)
        self.pill.show(open_text if is_open else closed_text, bgcolor=theme.GREEN if is_open else theme.OUTLINE)


class MarkersPanel:
    def __init__(self, screen: KeptScreen) -> None:
        self.screen = screen
        changes, gate, page = screen.changes, screen.gate, screen.page
        self.fire = _Counter(screen, identifier=table_ids.FIRE_COUNT, colour=theme.ORANGE, place=PlaceFire,
                             remove=RemoveFire, place_id=table_ids.FIRE_PLACE, remove_id=table_ids.FIRE_REMOVE)
        self.malfunction = _Counter(screen, identifier=table_ids.MALFUNCTION_COUNT, colour=theme.YELLOW,
                                    place=PlaceMalfunction, remove=RemoveMalfunction,
                                    place_id=table_ids.MALFUNCTION_PLACE, remove_id=table_ids.MALFUNCTION_REMOVE)
        self.main_gate = _Door(screen, table_ids.MAIN_GATE)
        self.isolation = _Door(screen, table_ids.ISOLATION_ROOM)
        self.open_gate = OfferButton(changes, table_ids.OPEN_MAIN_GATE, icon=ft.Icons.MEETING_ROOM, gate_of=gate,
                                     page_of=page)
        self.first_encounter = OfferButton(changes, table_ids.FIRST_ENCOUNTER, icon=ft.Icons.PEST_CONTROL, gate_of=gate,
                                           page_of=page)
        self.card = Card(changes, ft.Column([
            ft.ResponsiveRow([self.fire.root, self.malfunction.root], spacing=8, run_spacing=8),
            ft.Column([self.main_gate.root, self.isolation.root], spacing=6),
            ft.Row([self.open_gate.root, self.first_encounter.root], wrap=True, spacing=8, run_spacing=8),
        ], spacing=10), help_of=screen.help)
        self.root = self.card.root

    def inputs(self) -> tuple:
        """What `show` reads besides the actions it looks up (KeptScreen.show_part)."""
        state = self.screen.ctx.game
        return (state.fire, state.fire_pool, state.malfunction, state.malfunction_pool, state.main_gate_open,
                state.isolation_open, state.first_encounter_done)

    def show(self) -> None:
        ctx = self.screen.ctx
        t, state = ctx.texts.t, ctx.game
        self.card.show(t("ui.markers.title"), topic="critical_moments", help_tip=t("ui.rules.help"))
        self.fire.show(t("ui.markers.fire"), state.fire, state.fire_pool)
        self.malfunction.show(t("ui.markers.malfunction"), state.malfunction, state.malfunction_pool)
        self.main_gate.show(t("ui.markers.main_gate"), state.main_gate_open, t("ui.markers.open"),
                            t("ui.markers.closed"))
        self.isolation.show(t("ui.markers.isolation_room"), state.isolation_open, t("ui.markers.isolation_open"),
                            t("ui.markers.isolation_closed"))
        self.open_gate.show_action(ctx.action(OpenMainGate), t("ui.markers.open_main_gate"))
        done = state.first_encounter_done
        self.first_encounter.show_action(ctx.action(RecordFirstEncounter), t("ui.markers.first_encounter_done") if done
                                         else t("ui.markers.first_encounter"))
