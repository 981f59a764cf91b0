"""A Character board at a glance (Larva, Slime, wounds, Contamination cards) and the
dialog that changes it: it draws what the page's feed offers for that Character."""
from __future__ import annotations

from typing import Any, Callable, Iterator

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
from companion.engine.views import Action, CrewView

from .. import ids, theme
from ..busy import in_turn
from ..context import UiContext
from ..dialogs import close, dialog_button, show_dialog, show_message
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


def _board_rows(member: CrewView) -> list[tuple[str, str, type[GameCommand], dict[str, Any], str]]:
    """(identifier action, label key, command, its fixed arguments, tone) of each change a
    board can take, the most frequent first (a phone shows the first ones without scrolling)."""
    seat = member.seat
    body = member.body
    return [
        ("gain", "ui.body.gain", GainContamination, {"seat": seat}, "warning"),
        ("light", "ui.body.add_light", SufferWound, {"seat": seat}, "danger"),
        ("serious", "ui.body.add_serious", SufferWound, {"seat": seat, "serious": True}, "danger"),
        ("infest", "ui.body.infest", InfestCharacter, {"seat": seat}, "warning"),
        ("slime", "ui.body.remove_slime" if body.slime else "ui.body.add_slime", SetSlime,
         {"seat": seat, "slime": not body.slime}, "normal"),
        ("larva", "ui.body.remove_larva" if body.larva else "ui.body.add_larva", SetLarva,
         {"seat": seat, "larva": not body.larva}, "normal"),
        ("dress_one", "ui.body.dress_one", TreatWounds, {"seat": seat, "treatment": "dress_one"}, "normal"),
        ("dress_all", "ui.body.dress_all", TreatWounds, {"seat": seat, "treatment": "dress_all"}, "normal"),
        ("heal_dressed", "ui.body.heal_dressed", TreatWounds, {"seat": seat, "treatment": "heal_dressed"}, "normal"),
        ("heal_light", "ui.body.heal_light", TreatWounds, {"seat": seat, "treatment": "heal_light"}, "normal"),
        ("heal_all_light", "ui.body.heal_all_light", TreatWounds, {"seat": seat, "treatment": "heal_all_light"},
         "normal"),
    ]


def open_board_dialog(gate: CommandGate, member: CrewView) -> ft.AlertDialog:
    """Every change to one Character board the page's feed offers, each enabled only when
    the engine accepts it (the table is offered them all, a player's phone its own)."""
    ctx = gate.ctx
    texts = ctx.texts
    dialog = ft.AlertDialog(modal=True)

    def sender(key: str):
        def send(_e) -> Iterator[None]:
            close(ctx.page, dialog)
            yield from in_turn(ctx.page, lambda: _send_newest(gate, key))

        return send

    # Two buttons a row, their words wrapping inside them: all eleven fit a 360×640 phone.
    offered = [(row, action) for row in _board_rows(member) if (action := ctx.action(row[2], **row[3])) is not None]
    buttons = [
        ft.Container(_board_button(ctx, action, texts.t(key), ids.body_action(name), tone, sender(action.key)), col=6)
        for (name, key, _command, _fixed, tone), action in offered
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


def _send_newest(gate: CommandGate, key: str) -> None:
    """The action tapped, as the newest feed offers it (gone: the page says so)."""
    action = gate.ctx.actions.get(key)
    if action is None:
        show_message(gate.ctx.page, gate.ctx.texts.t("error.action_gone"))
        return
    gate.run_action(action, {})


def _board_button(ctx: UiContext, action: Action, label: str, identifier: str, tone: str,
                  on_click: Callable[[Any], Iterator[None]]) -> ft.Control:
    """An action's button as kit.kept draws it (refused: disabled, a tap says why), but as
    tall as its words need: a long label takes two lines instead of the whole row."""
    refused = ctx.texts.error(action.refusal) if action.refusal is not None else None

    def tapped_disabled(event) -> Iterator[None]:
        # Judged again by the newest feed: sent if allowed now, else its reason told.
        newest = ctx.actions.get(action.key)
        if newest is not None and newest.allowed:
            yield from on_click(event)
        else:
            show_message(ctx.page, ctx.texts.error(newest.refusal) if newest is not None and newest.refusal
                         else ctx.texts.t("error.action_gone"))

    button = ft.Button(content=ft.Text(label, size=13, text_align=ft.TextAlign.CENTER), on_click=on_click,
                       disabled=refused is not None, style=button_style(tone, compact=True))
    frame = ft.Container(content=button, on_click=tapped_disabled, border_radius=8, tooltip=refused)
    return ids.tag(identifier, frame)
