"""Fire and Malfunction counters, Main Gate and Isolation Room, the first encounter."""
from __future__ import annotations

import flet as ft

from companion.engine.commands import (
    OpenMainGate,
    PlaceFire,
    PlaceMalfunction,
    RecordFirstEncounter,
    RemoveFire,
    RemoveMalfunction,
)
from companion.engine.vocab import Mode

from .. import ids, theme
from ..kit.gate import CommandGate, command_button
from ..rules_screen import help_button

# Solo and Fully Co-operative Objectives work differently at the first encounter.
FIRST_ENCOUNTER_CONFIRM = {Mode.SOLO: "first_encounter_solo", Mode.COOP: "first_encounter_coop"}


def _counter(gate: CommandGate, *, label: str, count: int, pool: int, identifier: str, colour: str,
             place, remove, place_id: str, remove_id: str) -> ft.Control:
    t = gate.ctx.texts.t
    value = ids.tag(identifier, ft.Text(t("ui.markers.count", count=count, pool=pool), size=24,
                                        weight=ft.FontWeight.BOLD, color=colour))
    return ft.Container(
        content=ft.Column(
            [
                ft.Text(label, size=15, weight=ft.FontWeight.BOLD),
                ft.Row(
                    [
                        command_button(gate, remove, label="−", identifier=remove_id, compact=True),
                        ft.Container(value, expand=True, alignment=ft.Alignment.CENTER),
                        command_button(gate, place, label="+", identifier=place_id, compact=True,
                                       tone="warning"),
                    ],
                    spacing=6,
                ),
                ft.ProgressBar(value=count / pool if pool else 0, color=colour, bgcolor=theme.SURFACE_HIGH),
            ],
            spacing=6,
            tight=True,
        ),
        bgcolor=theme.SURFACE_HIGH,
        border_radius=theme.RADIUS,
        padding=10,
    )


def _door(label: str, is_open: bool, open_text: str, closed_text: str, identifier: str) -> ft.Control:
    return ids.tag(identifier, ft.Row(
        [ft.Icon(ft.Icons.DOOR_FRONT_DOOR if is_open else ft.Icons.LOCK, color=theme.GREEN if is_open else
                 theme.TEXT_MUTED),
         ft.Text(label, size=15, expand=True),
         theme.pill(open_text if is_open else closed_text, bgcolor=theme.GREEN if is_open else theme.OUTLINE)],
        spacing=8,
    ))


def build_markers_panel(gate: CommandGate) -> ft.Control:
    t = gate.ctx.texts.t
    state = gate.ctx.game
    counters = ft.ResponsiveRow(
        [
            ft.Container(_counter(gate, label=t("ui.markers.fire"), count=state.fire, pool=state.fire_pool,
                                  identifier=ids.FIRE_COUNT, colour=theme.ORANGE, place=PlaceFire(),
                                  remove=RemoveFire(), place_id=ids.FIRE_PLACE, remove_id=ids.FIRE_REMOVE),
                         col={"xs": 12, "sm": 6}),
            ft.Container(_counter(gate, label=t("ui.markers.malfunction"), count=state.malfunction,
                                  pool=state.malfunction_pool, identifier=ids.MALFUNCTION_COUNT,
                                  colour=theme.YELLOW, place=PlaceMalfunction(), remove=RemoveMalfunction(),
                                  place_id=ids.MALFUNCTION_PLACE, remove_id=ids.MALFUNCTION_REMOVE),
                         col={"xs": 12, "sm": 6}),
        ],
        spacing=8,
        run_spacing=8,
    )
    doors = ft.Column(
        [
            _door(t("ui.markers.main_gate"), state.main_gate_open, t("ui.markers.open"), t("ui.markers.closed"),
                  ids.MAIN_GATE),
            _door(t("ui.markers.isolation_room"), state.isolation_open, t("ui.markers.isolation_open"),
                  t("ui.markers.isolation_closed"), ids.ISOLATION_ROOM),
        ],
        spacing=6,
    )
    encounter_done = state.first_encounter_done
    actions = ft.Row(
        [
            command_button(gate, OpenMainGate(), label=t("ui.markers.open_main_gate"),
                           icon=ft.Icons.MEETING_ROOM, identifier=ids.OPEN_MAIN_GATE,
                           confirm_key="open_main_gate"),
            command_button(gate, RecordFirstEncounter(),
                           label=t("ui.markers.first_encounter_done") if encounter_done
                           else t("ui.markers.first_encounter"),
                           icon=ft.Icons.PEST_CONTROL, identifier=ids.FIRST_ENCOUNTER,
                           confirm_key=FIRST_ENCOUNTER_CONFIRM.get(state.mode, "first_encounter")),
        ],
        wrap=True,
        spacing=8,
        run_spacing=8,
    )
    return theme.card(ft.Column([counters, doors, actions], spacing=10), title=t("ui.markers.title"),
                      help=help_button(gate.ctx, "critical_moments"))
