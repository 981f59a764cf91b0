"""The encounter's command and the light it is drawn in, the physical bag's "what came
out?" picker, and the table's bag development button (the table's bag panel, still
rebuilt, draws it; the kept screens use bag.form)."""
from __future__ import annotations

from typing import Callable, Iterator

import flet as ft

from companion.engine.views import OUTCOME_NEEDED
from companion.engine.views import Place, TokenOutcome
from companion.engine.commands import GameCommand, ResolveEncounter
from companion.engine.views import PublicView

from .. import ids, theme
from ..busy import in_turn
from ..dialogs import close, dialog_button, show_dialog
from ..i18n_view import Texts
from ..kit.chips import shown_lighting
from ..kit.gate import CommandGate, command_button, styled_button
from .draft import BagDraft
from .tokens import token_chip


def lighting_text(texts: Texts, game: PublicView, place: Place, ignore_darkness: bool = False) -> str:
    """Which number of a token applies at `place`, as the engine says."""
    lighting = shown_lighting(game, place, ignore_darkness)
    return texts.t(f"ui.bag.encounter.{lighting.value}", section=place.value)


# --------------------------------------------------------------------- physical bag
def open_outcome_dialog(gate: CommandGate, title: str, make: Callable[[TokenOutcome], GameCommand],
                        *, after: Callable[[], None] | None = None) -> None:
    """Ask the table which token came out (only what can still be in the bag), then send
    `make(outcome)`; `after` runs once it was accepted."""
    ctx = gate.ctx
    texts = ctx.texts
    extras = ctx.view.table if ctx.view is not None else None
    possible = extras.possible_outcomes if extras is not None else ()
    dialog = ft.AlertDialog(modal=True, scrollable=True)

    def report(outcome: TokenOutcome) -> None:
        if gate.execute(make(outcome)) and after is not None:
            after()

    def picked(kind: str, light: int | None, dark: int | None) -> Callable:
        def handler(_e) -> Iterator[None]:
            close(ctx.page, dialog)
            yield from in_turn(ctx.page, lambda: report(TokenOutcome(kind=kind, light=light, dark=dark)))

        return handler

    options = [
        ids.tag(ids.outcome(kind, light, dark), ft.Container(
            content=token_chip(texts, kind, light, dark),
            bgcolor=theme.SURFACE_HIGH, border=ft.Border.all(1, theme.OUTLINE), border_radius=10,
            padding=ft.Padding.symmetric(horizontal=12, vertical=8), on_click=picked(kind, light, dark), ink=True,
        ))
        for kind, light, dark in possible
    ]
    dialog.title = ft.Text(title, size=20, weight=ft.FontWeight.BOLD)
    dialog.content = ft.Column([theme.muted(texts.t("ui.bag.outcome.help"), size=14), *options], tight=True,
                               spacing=8, width=min(420, ctx.width - 80))
    dialog.actions = [dialog_button(texts, "ui.common.cancel", ids.CONFIRM_CANCEL, lambda _e: close(ctx.page, dialog))]
    show_dialog(ctx.page, dialog)


def draw_button(gate: CommandGate, command: GameCommand, *, make: Callable[[TokenOutcome], GameCommand],
                label: str, icon, identifier: str, title: str, tone: str = "normal", compact: bool = False,
                after: Callable[[], None] | None = None) -> ft.Control:
    """A button that takes a token out of the bag. `command` carries no outcome: a digital
    bag draws it on tap; for a physical bag the engine answers that only the outcome is
    missing, so the tap asks what came out and sends `make(outcome)`."""
    refusal = gate.refusal(command)
    if refusal is not None and refusal.key == OUTCOME_NEEDED:
        return ids.tag(identifier, styled_button(
            label, icon=icon, tone=tone, compact=compact,
            on_click=lambda _e: open_outcome_dialog(gate, title, make, after=after)))
    on_click = None
    if after is not None:
        def on_click(_e) -> None:
            if gate.execute(command):
                after()
    return command_button(gate, command, label=label, icon=icon, identifier=identifier, tone=tone, compact=compact,
                          on_click=on_click)


# --------------------------------------------------------------------- encounter
def encounter_command(draft: BagDraft, outcome: TokenOutcome | None = None) -> ResolveEncounter | None:
    """The encounter as entered (None until a Character, a place and a hand size are chosen)."""
    if draft.seat is None or draft.place is None or draft.hand is None:
        return None
    return ResolveEncounter(seat=draft.seat, place=draft.place, hand=draft.hand, outcome=outcome,
                            ignore_darkness=draft.ignore_darkness)


# --------------------------------------------------------------------- bag development
def is_development_step(game: PublicView) -> bool:
    """An Event Phase waits at step 10 for the bag development (the engine's command says so)."""
    phase = game.event_phase
    return game.development_command == "event_develop_bag" and phase is not None and not phase.developed


def development_button(gate: CommandGate, *, compact: bool = False) -> ft.Control:
    ctx = gate.ctx
    t = ctx.texts.t
    game = ctx.game
    return draw_button(gate, game.develop(), make=lambda outcome: ctx.game.develop(outcome),
                       label=t("ui.bag.develop.button"), icon=ft.Icons.AUTORENEW, identifier=ids.BAG_DEVELOPMENT,
                       title=t("ui.bag.outcome.title"), tone="warning" if is_development_step(game) else "normal",
                       compact=compact)
