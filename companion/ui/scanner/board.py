"""A Character board at a glance (Larva, Slime, wounds, Contamination cards) and the
changes it can take (BoardChanges: what the page's feed offers for that Character, two a
row), which the table's board dialog shows and a player's phone shows for its own board."""
from __future__ import annotations

from typing import Any, Callable

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
from ..context import UiContext
from ..dialogs import Dialog
from ..i18n_view import Texts
from ..kit.gate import CommandGate
from ..kit.kept import Changes, OfferButton
from ..kit.parts import Pill
from companion.ui.scanner import ids as scanner_ids

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


# Each change a board can take (its identifier's action) and its tone, the most frequent
# first (a phone shows the first ones without scrolling).
ROWS: tuple[tuple[str, str], ...] = (
    ("gain", "warning"), ("light", "danger"), ("serious", "danger"), ("infest", "warning"), ("slime", "normal"),
    ("larva", "normal"), ("dress_one", "normal"), ("dress_all", "normal"), ("heal_dressed", "normal"),
    ("heal_light", "normal"), ("heal_all_light", "normal"),
)


def _board_rows(member: CrewView) -> list[tuple[str, str, type[GameCommand], dict[str, Any]]]:
    """(identifier action, label key, command, its fixed arguments) of each row of ROWS."""
    seat = member.seat
    body = member.body
    treat = {name: (f"ui.body.{name}", TreatWounds, {"seat": seat, "treatment": name})
             for name in ("dress_one", "dress_all", "heal_dressed", "heal_light", "heal_all_light")}
    rows: dict[str, tuple[str, type[GameCommand], dict[str, Any]]] = {
        "gain": ("ui.body.gain", GainContamination, {"seat": seat}),
        "light": ("ui.body.add_light", SufferWound, {"seat": seat}),
        "serious": ("ui.body.add_serious", SufferWound, {"seat": seat, "serious": True}),
        "infest": ("ui.body.infest", InfestCharacter, {"seat": seat}),
        "slime": ("ui.body.remove_slime" if body.slime else "ui.body.add_slime", SetSlime,
                  {"seat": seat, "slime": not body.slime}),
        "larva": ("ui.body.remove_larva" if body.larva else "ui.body.add_larva", SetLarva,
                  {"seat": seat, "larva": not body.larva}),
        **treat,
    }
    return [(name, *rows[name]) for name, _tone in ROWS]


class BoardButton(OfferButton):
    """One change of a board (kit.kept.OfferButton), as tall as its words need: a long label
    takes two lines instead of the whole row. A tap that reaches it after the feed stopped
    offering its action (the page had not drawn that yet: a phone's own board as the Event
    Phase starts) sends what the player saw, and the game answers: done if it is possible
    now, else its reason. `before_send`: what a tap does first (the table's dialog closes)."""

    def __init__(self, changes: Changes, identifier: str, *, tone: str, gate_of: Callable[[], CommandGate],
                 page_of: Callable[[], ft.Page], before_send: Callable[[], None] | None = None) -> None:
        super().__init__(changes, identifier, gate_of=gate_of, page_of=page_of, tone=tone, compact=True)
        self.button.height = None
        self.label.max_lines = 3
        self.before_send = before_send

    def _judged_now(self) -> str | None:
        if self.action is not None and self._gate_of().ctx.actions.get(self.action.key) is None:
            return None  # not offered now: the game itself says why
        return super()._judged_now()

    def _bound(self) -> Callable[[], None]:
        send = super()._bound()

        def tap() -> None:
            if self.before_send is not None:
                self.before_send()
            send()

        return tap


class BoardChanges:
    """Every change to one Character board the page's feed offers, two buttons a row, each
    enabled only when the engine accepts it (else disabled with the engine's reason): the
    table's board dialog and a player's phone show this one part (the table is offered
    every row for every Character, a player's phone its own board's). A kept part
    (kit.kept): built once, shown again from every view; `show` says whether the feed
    offers any row now."""

    def __init__(self, changes: Changes, *, gate_of: Callable[[], CommandGate], page_of: Callable[[], ft.Page],
                 before_send: Callable[[], None] | None = None) -> None:
        self.changes = changes
        self.buttons = {name: BoardButton(changes, scanner_ids.body_action(name), tone=tone, gate_of=gate_of,
                                          page_of=page_of, before_send=before_send) for name, tone in ROWS}
        # A row the feed does not offer takes its cell with it, so the rows shown stay two a row.
        self.cells = {name: ft.Container(button.root, col=6) for name, button in self.buttons.items()}
        self.root = ft.ResponsiveRow(list(self.cells.values()), spacing=8, run_spacing=8)

    def show(self, ctx: UiContext, member: CrewView) -> bool:
        t = ctx.texts.t
        offered = False
        for name, key, command, fixed in _board_rows(member):
            action = ctx.action(command, **fixed)
            self.changes.put(self.cells[name], visible=action is not None)
            self.buttons[name].show_action(action, t(key))
            offered = offered or action is not None
        return offered


def open_board_dialog(gate: CommandGate, member: CrewView) -> ft.AlertDialog:
    """Every change to one Character board the page's feed offers (BoardChanges), each
    enabled only when the engine accepts it; a tap closes the dialog and sends it."""
    ctx = gate.ctx
    texts = ctx.texts
    dialog = Dialog(ctx.page, texts, inset_padding=ft.Padding.symmetric(horizontal=12, vertical=16),
                    content_padding=ft.Padding.only(left=16, top=12, right=16))
    # Two buttons a row, their words wrapping inside them: all eleven fit a 360×640 phone.
    # A tap sends even on a closing dialog: a bounce is the engine's to refuse, and said.
    rows = BoardChanges(Changes(), gate_of=ctx.gate, page_of=lambda: ctx.page, before_send=dialog.close)
    rows.show(ctx, member)
    width = min(420.0, (ctx.page.width or 420) - 56)
    dialog.show(title=ft.Text(texts.t("ui.body.title", name=member.name, character=texts.character(member.character)),
                              size=18, weight=ft.FontWeight.BOLD),
                body=ft.Column([ft.Row(status_pills(texts, member), wrap=True, spacing=6, run_spacing=6),
                                theme.muted(texts.t("ui.body.help"), size=12), rows.root],
                               tight=True, spacing=8, scroll=ft.ScrollMode.AUTO, width=width),
                actions=[dialog.button("ui.common.dismiss", ids.CONFIRM_CANCEL)])
    return dialog.control
