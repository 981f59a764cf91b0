"""A Character board at a glance (Larva, Slime, wounds, Contamination cards) and the
table's dialog that changes it."""
from __future__ import annotations

from typing import Iterator

import flet as ft

from companion.engine.views import LIGHT_WOUND_STEPS, SERIOUS_WOUND_LIMIT
from companion.engine.commands import (
    GainContamination,
    GameCommand,
    InfestCharacter,
    SetLarva,
    SetSlime,
    SufferWound,
    TreatWounds,
)
from companion.engine.views import CrewView

from .. import ids, theme
from ..busy import in_turn
from ..dialogs import close, dialog_button, show_dialog
from ..i18n_view import Texts
from ..kit.gate import CommandGate, button_style
from ..kit.kept import Changes
from ..kit.parts import Pill

LARVA_COLOUR = "#8e3b8e"
SLIME_COLOUR = "#3f7d3a"
WOUND_COLOUR = "#7a1f23"
CONTAMINATION_COLOUR = "#6b5300"


def status_pills(texts: Texts, member: CrewView) -> list[ft.Control]:
    """One pill per thing on the board, in the order a player reads their board."""
    t = texts.t
    body = member.body
    pills: list[ft.Control] = []
    if body.larva:
        pills.append(theme.pill(t("ui.body.larva"), bgcolor=LARVA_COLOUR))
    if body.slime:
        pills.append(theme.pill(t("ui.body.slime"), bgcolor=SLIME_COLOUR))
    if body.light_wounds:
        pills.append(theme.pill(t("ui.body.light", step=body.light_wounds, steps=LIGHT_WOUND_STEPS),
                                bgcolor=WOUND_COLOUR))
    if body.serious_wounds:
        pills.append(theme.pill(t("ui.body.serious", total=body.serious_wounds, limit=SERIOUS_WOUND_LIMIT,
                                  dressed=body.dressed_wounds), bgcolor=WOUND_COLOUR))
    if member.contamination_cards is not None:
        pills.append(theme.pill(t("ui.body.cards", held=member.contamination_cards),
                                bgcolor=CONTAMINATION_COLOUR if member.contamination_cards else theme.SURFACE))
    if not pills:
        pills.append(theme.muted(t("ui.body.clear"), size=13))
    return pills


class BoardPills:
    """status_pills, kept: one pill for each thing a board can hold, shown while it is there."""

    def __init__(self, changes: Changes) -> None:
        self.changes = changes
        self.larva, self.slime, self.light, self.serious, self.cards = (Pill(changes) for _ in range(5))
        self.clear = theme.muted("", size=13)
        self.root = ft.Row([self.larva.root, self.slime.root, self.light.root, self.serious.root, self.cards.root,
                            self.clear], wrap=True, spacing=6, run_spacing=6)

    def show(self, texts: Texts, member: CrewView) -> None:
        t = texts.t
        body = member.body
        cards = member.contamination_cards
        self.larva.show(t("ui.body.larva"), bgcolor=LARVA_COLOUR, visible=body.larva)
        self.slime.show(t("ui.body.slime"), bgcolor=SLIME_COLOUR, visible=body.slime)
        self.light.show(t("ui.body.light", step=body.light_wounds, steps=LIGHT_WOUND_STEPS), bgcolor=WOUND_COLOUR,
                        visible=bool(body.light_wounds))
        self.serious.show(t("ui.body.serious", total=body.serious_wounds, limit=SERIOUS_WOUND_LIMIT,
                            dressed=body.dressed_wounds), bgcolor=WOUND_COLOUR, visible=bool(body.serious_wounds))
        self.cards.show(t("ui.body.cards", held=cards or 0), bgcolor=CONTAMINATION_COLOUR if cards else theme.SURFACE,
                        visible=cards is not None)
        clear = not (body.larva or body.slime or body.light_wounds or body.serious_wounds or cards is not None)
        self.changes.put(self.clear, visible=clear)
        if clear:
            self.changes.put(self.clear, value=t("ui.body.clear"))


def status_row(texts: Texts, member: CrewView, identifier: str) -> ft.Control:
    return ids.tag(identifier, ft.Row(status_pills(texts, member), wrap=True, spacing=6, run_spacing=6))


def _board_commands(member: CrewView, digital: bool) -> list[tuple[str, str, GameCommand, str]]:
    """(identifier action, label key, command, tone) of each change the table can make,
    the most frequent first (a phone shows the first ones without scrolling)."""
    seat = member.seat
    body = member.body
    rows: list[tuple[str, str, GameCommand, str]] = []
    if digital:
        rows.append(("gain", "ui.body.gain", GainContamination(seat=seat), "warning"))
    rows += [
        ("light", "ui.body.add_light", SufferWound(seat=seat), "danger"),
        ("serious", "ui.body.add_serious", SufferWound(seat=seat, serious=True), "danger"),
        ("infest", "ui.body.infest", InfestCharacter(seat=seat), "warning"),
        ("slime", "ui.body.remove_slime" if body.slime else "ui.body.add_slime",
         SetSlime(seat=seat, slime=not body.slime), "normal"),
        ("larva", "ui.body.remove_larva" if body.larva else "ui.body.add_larva",
         SetLarva(seat=seat, larva=not body.larva), "normal"),
        ("dress_one", "ui.body.dress_one", TreatWounds(seat=seat, treatment="dress_one"), "normal"),
        ("dress_all", "ui.body.dress_all", TreatWounds(seat=seat, treatment="dress_all"), "normal"),
        ("heal_dressed", "ui.body.heal_dressed", TreatWounds(seat=seat, treatment="heal_dressed"), "normal"),
        ("heal_light", "ui.body.heal_light", TreatWounds(seat=seat, treatment="heal_light"), "normal"),
        ("heal_all_light", "ui.body.heal_all_light", TreatWounds(seat=seat, treatment="heal_all_light"), "normal"),
    ]
    return rows


def open_board_dialog(gate: CommandGate, member: CrewView) -> ft.AlertDialog:
    """Every change to one Character board, each enabled only when the engine accepts it."""
    ctx = gate.ctx
    texts = ctx.texts
    dialog = ft.AlertDialog(modal=True)

    def sender(command: GameCommand):
        def send(_e) -> Iterator[None]:
            close(ctx.page, dialog)
            yield from in_turn(ctx.page, lambda: gate.run(command))

        return send

    # Two buttons a row, their words wrapping inside them: all eleven fit a 360×640 phone.
    buttons = [
        ft.Container(_board_button(gate, command, texts.t(key), ids.body_action(action), tone, sender(command)),
                     col=6)
        for action, key, command, tone in _board_commands(member, ctx.game.contamination is not None)
    ]
    width = min(420.0, (ctx.page.width or 420) - 56)
    dialog.inset_padding = ft.Padding.symmetric(horizontal=12, vertical=16)
    dialog.content_padding = ft.Padding.only(left=16, top=12, right=16)
    dialog.title = ft.Text(texts.t("ui.body.title", name=member.name, character=texts.character(member.character)),
                           size=18, weight=ft.FontWeight.BOLD)
    dialog.content = ft.Column([ft.Row(status_pills(texts, member), wrap=True, spacing=6, run_spacing=6),
                                theme.muted(texts.t("ui.body.help"), size=12),
                                ft.ResponsiveRow(buttons, spacing=8, run_spacing=8)],
                               tight=True, spacing=8, scroll=ft.ScrollMode.AUTO, width=width)
    dialog.actions = [dialog_button(texts, "ui.common.dismiss", ids.CONFIRM_CANCEL, lambda _e: close(ctx.page, dialog))]
    show_dialog(ctx.page, dialog)
    return dialog


def _board_button(gate: CommandGate, command: GameCommand, label: str, identifier: str, tone: str,
                  on_click) -> ft.Control:
    """A command button as kit.gate draws it (refused: disabled, a tap says why), but as tall
    as its words need: a long label takes two lines instead of the whole row."""
    refusal = gate.refusal(command)
    button = ft.Button(content=ft.Text(label, size=13, text_align=ft.TextAlign.CENTER), on_click=on_click,
                       disabled=refusal is not None, style=button_style(tone, compact=True))
    frame = ft.Container(content=button, on_click=gate.when_disabled(command, on_click), border_radius=8,
                         tooltip=gate.ctx.texts.error(refusal) if refusal is not None else None)
    return ids.tag(identifier, frame)
