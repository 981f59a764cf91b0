"""The encounter form (who, where, hand size; light or Darkness shown before the draw),
the physical bag's "what came out?" picker and the bag development button."""
from __future__ import annotations

from typing import Callable

import flet as ft

from companion.engine.bag import lighting_at
from companion.engine.bag_model import Lighting, Place, TokenOutcome
from companion.engine.commands import DevelopBag, EventDevelopBag, GameCommand, ResolveEncounter
from companion.engine.phase_state import EventStep
from companion.engine.state import GameState
from companion.rules import Rules

from .. import ids, theme, widgets
from ..dialogs import close, dialog_button
from ..i18n_view import Texts
from ..table.commands import CommandGate, command_button
from ..widgets import chips, chosen_seat, label, stepper
from .draft import HAND_MAX, BagDraft, choice_chip, draft_of
from .tokens import DARK_ICON, LIGHT_ICON, token_chip

LIGHTING_ICONS = {Lighting.POWERED: LIGHT_ICON, Lighting.UNPOWERED: DARK_ICON, Lighting.STAIRS: ft.Icons.STAIRS}
LIGHTING_COLOURS = {Lighting.POWERED: theme.YELLOW, Lighting.UNPOWERED: theme.TEXT_MUTED,
                    Lighting.STAIRS: theme.TEXT_MUTED}


def place_label(texts: Texts, place: Place) -> str:
    if place is Place.STAIRS:
        return texts.t("ui.bag.place.STAIRS")
    return texts.section(place.value)


def lighting_text(texts: Texts, state: GameState, place: Place) -> str:
    lighting = lighting_at(state, place)
    return texts.t(f"ui.bag.encounter.{lighting.value}", section=place.value)


# --------------------------------------------------------------------- physical bag
def probe_outcome(state: GameState) -> TokenOutcome | None:
    """A physical draw is only legal with an outcome: dry runs use any token in the bag."""
    if state.bag.physical_bag and state.bag.bag:
        return TokenOutcome(token=state.bag.bag[0])
    return None


def outcome_options(state: GameState, rules: Rules) -> list[tuple[str, int | None, int | None]]:
    """What can come out now: each kind/numbers combination still in the bag, in box order."""
    in_bag = set(state.bag.bag)
    options: list[tuple[str, int | None, int | None]] = []
    for spec in rules.intruders.tokens:
        option = (spec.kind, spec.light, spec.dark)
        if spec.id in in_bag and option not in options:
            options.append(option)
    return options


def open_outcome_dialog(gate: CommandGate, title: str, make: Callable[[TokenOutcome], GameCommand]) -> None:
    ctx = gate.ctx
    texts = ctx.texts
    state = ctx.controller.state
    dialog = ft.AlertDialog(modal=True, scrollable=True)

    def picked(kind: str, light: int | None, dark: int | None) -> Callable:
        def handler(_e) -> None:
            close(ctx.page, dialog)
            gate.execute(make(TokenOutcome(kind=kind, light=light, dark=dark)))

        return handler

    options = [
        ids.tag(ids.outcome(kind, light, dark), ft.Container(
            content=token_chip(texts, kind, light, dark),
            bgcolor=theme.SURFACE_HIGH, border=ft.Border.all(1, theme.OUTLINE), border_radius=10,
            padding=ft.Padding.symmetric(horizontal=12, vertical=8), on_click=picked(kind, light, dark), ink=True,
        ))
        for kind, light, dark in outcome_options(state, ctx.controller.rules)
    ]
    dialog.title = ft.Text(title, size=20, weight=ft.FontWeight.BOLD)
    dialog.content = ft.Column([theme.muted(texts.t("ui.bag.outcome.help"), size=14), *options], tight=True,
                               spacing=8, width=min(420, ctx.width - 80))
    dialog.actions = [dialog_button(texts, "ui.common.cancel", ids.CONFIRM_CANCEL, lambda _e: close(ctx.page, dialog))]
    ctx.page.show_dialog(dialog)


# --------------------------------------------------------------------- encounter
def encounter_command(draft: BagDraft, state: GameState, outcome: TokenOutcome | None) -> ResolveEncounter | None:
    seat = chosen_seat(draft.seat, state)
    if seat is None:
        return None
    return ResolveEncounter(seat=seat, place=draft.place, hand=draft.hand, outcome=outcome)


def seat_chips(gate: CommandGate, selected: int | None, on_pick: Callable[[int], None],
               identifier: Callable[[int], str]) -> ft.Control:
    texts = gate.ctx.texts
    return widgets.seat_chips(texts, gate.ctx.controller.state, selected, on_pick, identifier, chip=choice_chip,
                              nobody=texts.t("ui.bag.encounter.nobody"))


def place_chips(gate: CommandGate, selected: Place, on_pick: Callable[[Place], None],
                identifier: Callable[[str], str]) -> ft.Control:
    texts = gate.ctx.texts
    state = gate.ctx.controller.state
    options = []
    for place in Place:
        lighting = lighting_at(state, place)
        options.append(choice_chip(place_label(texts, place), selected=place is selected,
                                   on_click=lambda _e, place=place: on_pick(place),
                                   identifier=identifier(place.value), icon=LIGHTING_ICONS[lighting],
                                   icon_colour=LIGHTING_COLOURS[lighting]))
    return chips(options)


def hand_stepper(gate: CommandGate, value: int, on_change: Callable[[int], None], prefix: str) -> ft.Control:
    t = gate.ctx.texts.t
    return stepper(value, on_change=on_change, identifier=f"{prefix}-hand", down_id=f"{prefix}-hand-down",
                   up_id=f"{prefix}-hand-up", down_tip=t("ui.bag.encounter.hand_down"),
                   up_tip=t("ui.bag.encounter.hand_up"), high=HAND_MAX)


def build_encounter_form(gate: CommandGate) -> ft.Control:
    ctx = gate.ctx
    texts = ctx.texts
    t = texts.t
    state = ctx.controller.state
    draft = draft_of(ctx)
    draft.seat = chosen_seat(draft.seat, state)

    def set_seat(seat: int) -> None:
        draft.seat = seat
        ctx.rerender()

    def set_place(place: Place) -> None:
        draft.place = place
        ctx.rerender()

    def set_hand(hand: int) -> None:
        draft.hand = hand
        ctx.rerender()

    lighting = lighting_at(state, draft.place)
    lighting_row = ids.tag(ids.ENCOUNTER_LIGHTING, ft.Container(
        content=ft.Row([ft.Icon(LIGHTING_ICONS[lighting], color=LIGHTING_COLOURS[lighting], size=26),
                        ft.Text(lighting_text(texts, state, draft.place), size=15, weight=ft.FontWeight.BOLD,
                                expand=True)],
                       spacing=8),
        bgcolor=theme.SURFACE_HIGH if lighting is Lighting.POWERED else "#0b0d10",
        border=ft.Border.all(1, theme.YELLOW if lighting is Lighting.POWERED else theme.OUTLINE),
        border_radius=10, padding=10,
    ))
    rows: list[ft.Control] = [
        label(t("ui.bag.encounter.who")),
        seat_chips(gate, draft.seat, set_seat, ids.encounter_seat),
        label(t("ui.bag.encounter.where")),
        place_chips(gate, draft.place, set_place, ids.encounter_place),
        label(t("ui.bag.encounter.hand")),
        ft.Row([hand_stepper(gate, draft.hand, set_hand, "encounter"),
                ft.Text(t("ui.bag.encounter.hand_help"), size=13, color=theme.TEXT_MUTED, expand=True)],
               spacing=12, vertical_alignment=ft.CrossAxisAlignment.CENTER),
        lighting_row,
    ]
    probe = encounter_command(draft, state, probe_outcome(state))
    if probe is not None:
        physical = state.bag.physical_bag
        button_label = t("ui.bag.encounter.report") if physical else t("ui.bag.encounter.draw")
        on_click = None
        if physical:
            def on_click(_e) -> None:
                open_outcome_dialog(gate, t("ui.bag.outcome.title"),
                                    lambda outcome: encounter_command(draft, ctx.controller.state, outcome))
        rows.append(command_button(gate, probe, label=button_label, icon=ft.Icons.CASINO, identifier=ids.DRAW_ENCOUNTER,
                                   tone="primary", on_click=on_click))
    return theme.card(ft.Column(rows, spacing=8), title=t("ui.bag.encounter.title"))


# --------------------------------------------------------------------- bag development
def development_command(state: GameState, outcome: TokenOutcome | None = None) -> GameCommand:
    """Step 10 of a running Event Phase develops through the runner; otherwise the plain command."""
    phase = state.event_phase
    if phase is not None and phase.step is EventStep.DEVELOPMENT:
        return EventDevelopBag(outcome=outcome)
    return DevelopBag(outcome=outcome)


def is_development_step(state: GameState) -> bool:
    phase = state.event_phase
    return phase is not None and phase.step is EventStep.DEVELOPMENT and not phase.developed


def development_button(gate: CommandGate, *, compact: bool = False) -> ft.Control:
    ctx = gate.ctx
    t = ctx.texts.t
    state = ctx.controller.state
    on_click = None
    if state.bag.physical_bag:
        def on_click(_e) -> None:
            open_outcome_dialog(gate, t("ui.bag.outcome.title"),
                                lambda outcome: development_command(ctx.controller.state, outcome))
    return command_button(gate, development_command(state, probe_outcome(state)), label=t("ui.bag.develop.button"),
                          icon=ft.Icons.AUTORENEW, identifier=ids.BAG_DEVELOPMENT,
                          tone="warning" if is_development_step(state) else "normal", compact=compact,
                          on_click=on_click)


def build_development(gate: CommandGate) -> ft.Control:
    t = gate.ctx.texts.t
    state = gate.ctx.controller.state
    rows: list[ft.Control] = []
    if is_development_step(state):
        rows.append(ft.Container(
            content=ft.Row([ft.Icon(ft.Icons.NOTIFICATIONS_ACTIVE, color="#1a1a1a"),
                            ft.Text(t("ui.bag.develop.now"), color="#1a1a1a", weight=ft.FontWeight.BOLD,
                                    expand=True)], spacing=8),
            bgcolor=theme.YELLOW, border_radius=8, padding=8,
        ))
    rows += [theme.muted(t("ui.bag.develop.help"), size=14), development_button(gate)]
    return theme.card(ft.Column(rows, spacing=8), title=t("ui.bag.develop.title"))
