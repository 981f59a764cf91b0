"""The bag screen's panels: odds, what is in the bag and beside it, intruders on the
board, the Nest's Eggs and the bag's history."""
from __future__ import annotations

import flet as ft

from companion.engine.bag_model import MINIATURE_KINDS, TOKEN_KINDS
from companion.engine.commands import (
    AddToBag,
    IntruderToTechnicalCorridor,
    KillIntruder,
    PlaceIntruder,
    RemoveEgg,
    RemoveIntruder,
    ReturnIntrudersToBag,
    SetShowOdds,
)
from companion.engine.journal import Event, Topic

from .. import ids, theme
from ..context import UiContext
from ..dialogs import close, dialog_button, show_dialog
from ..kit.chips import stepper
from ..kit.gate import CommandGate, command_button
from ..kit.kinds import DARK_ICON, KIND_COLOURS, LIGHT_ICON, kind_badge, kind_name
from ..kit.memo import kept_items
from ..kit.numbers import percent
from ..log_view import log_lines
from ..rules_screen import help_button
from .draft import draft_of

HISTORY_MAX = 20


def _refresh(control: ft.Control) -> None:
    """Update a control shown in a dialog (a detached one, as in tests, needs nothing)."""
    try:
        control.update()
    except RuntimeError:
        pass


# --------------------------------------------------------------------- odds
def _odds_card(rows: list[ft.Control], title: str) -> ft.Control:
    return ids.tag(ids.BAG_ODDS, theme.card(ft.Column(rows, spacing=8), title=title))


def build_odds(gate: CommandGate) -> ft.Control:
    ctx = gate.ctx
    texts = ctx.texts
    t = texts.t
    bag = ctx.game.bag
    show = bag.show_odds
    refused = gate.refusal(SetShowOdds(show=not show)) is not None
    toggle = ids.tag(ids.ODDS_TOGGLE, ft.Switch(
        label=t("ui.bag.odds.toggle"), value=show, disabled=refused,
        on_change=lambda e: gate.execute(SetShowOdds(show=bool(e.control.value))),
    ))
    rows: list[ft.Control] = [toggle]
    odds = bag.odds
    if odds is None:
        rows.append(theme.muted(t("ui.bag.odds.hidden"), size=14))
        return _odds_card(rows, t("ui.bag.odds.title"))
    if odds.total == 0:
        rows.append(theme.muted(t("ui.bag.odds.empty"), size=14))
        return _odds_card(rows, t("ui.bag.odds.title"))
    rows.append(theme.muted(t("ui.bag.odds.total", count=odds.total), size=14))
    for kind in TOKEN_KINDS:
        chance = odds.kind(kind)
        if not chance:
            continue
        rows.append(ft.Row(
            [kind_badge(kind, 26),
             ft.Text(kind_name(texts, kind), size=15, width=110),
             ft.Container(ft.ProgressBar(value=float(chance), color=KIND_COLOURS[kind], bgcolor=theme.SURFACE_HIGH,
                                         bar_height=10, border_radius=5), expand=True),
             ft.Text(percent(texts, chance), size=15, weight=ft.FontWeight.BOLD, width=64,
                     text_align=ft.TextAlign.RIGHT),
             ft.Text(f"{chance.numerator}/{chance.denominator}", size=12, color=theme.TEXT_MUTED, width=40)],
            spacing=8, vertical_alignment=ft.CrossAxisAlignment.CENTER,
        ))
    hand = draft_of(ctx).hand
    if hand is None:
        rows.append(theme.muted(t("ui.bag.odds.hand_needed"), size=14))
        return _odds_card(rows, t("ui.bag.odds.title"))
    row = odds.for_hand(hand)
    surprise = [
        (LIGHT_ICON, theme.YELLOW, t("ui.bag.odds.light"), row.surprise_light),
        (DARK_ICON, theme.TEXT_MUTED, t("ui.bag.odds.dark"), row.surprise_dark),
    ]
    rows.append(ft.Text(t("ui.bag.odds.surprise", hand=hand), size=15, weight=ft.FontWeight.BOLD))
    rows.append(ft.Row(
        [ft.Container(
            ft.Column([ft.Row([ft.Icon(icon, color=colour, size=18), ft.Text(label, size=14)], spacing=6, tight=True),
                       ft.Text(percent(texts, value), size=24, weight=ft.FontWeight.BOLD,
                               color=theme.RED if value and value >= 0.5 else theme.TEXT)],
                      spacing=2, tight=True),
            bgcolor=theme.SURFACE_HIGH, border_radius=10, padding=10, expand=True)
         for icon, colour, label, value in surprise],
        spacing=8,
    ))
    return _odds_card(rows, t("ui.bag.odds.title"))


# --------------------------------------------------------------------- contents and supply
def _count_row(texts, kind: str, count: int, identifier: str, extra: ft.Control | None = None) -> ft.Control:
    parts: list[ft.Control] = [
        kind_badge(kind, 28),
        ft.Text(kind_name(texts, kind), size=15, expand=True, color=theme.TEXT if count else theme.TEXT_MUTED),
        ids.tag(identifier, ft.Text(str(count), size=20, weight=ft.FontWeight.BOLD,
                                    color=theme.TEXT if count else theme.TEXT_MUTED)),
    ]
    if extra is not None:
        parts.append(extra)
    return ft.Row(parts, spacing=10, vertical_alignment=ft.CrossAxisAlignment.CENTER)


def build_contents(gate: CommandGate) -> ft.Control:
    texts = gate.ctx.texts
    counts = gate.ctx.game.bag.in_bag
    rows: list[ft.Control] = [theme.muted(texts.t("ui.bag.contents.help"))]
    # A row per kind, kept while its count is unchanged: a draw rebuilds one row.
    rows += kept_items(gate.ctx, "bag-contents", ((f"contents-{kind}", (kind, counts.get(kind, 0))) for kind in TOKEN_KINDS),
                       lambda shown: _count_row(texts, shown[0], shown[1], ids.bag_count("bag", shown[0])))
    return ids.tag(ids.BAG_CONTENTS, theme.card(ft.Column(rows, spacing=6), title=texts.t("ui.bag.contents.title"),
                                                help=help_button(gate.ctx, "intruder_bag")))


def build_supply(gate: CommandGate) -> ft.Control:
    texts = gate.ctx.texts
    game = gate.ctx.game
    counts = game.bag.aside
    rows: list[ft.Control] = [theme.muted(texts.t("ui.bag.supply.help"))]

    def row(shown: tuple[str, int, bool]) -> ft.Control:
        kind, count, addable = shown
        add = None
        # Offered only where a token would really go in (the engine says which kinds).
        if addable:
            add = command_button(gate, AddToBag(kind=kind), label=texts.t("ui.bag.supply.add"),
                                 icon=ft.Icons.MOVE_DOWN, identifier=ids.bag_action("add", kind), compact=True)
        return _count_row(texts, kind, count, ids.bag_count("supply", kind), add)

    rows += kept_items(gate.ctx, "bag-supply", ((f"supply-{kind}", (kind, counts.get(kind, 0), kind in game.addable_kinds))
                                               for kind in TOKEN_KINDS), row)
    return ids.tag(ids.BAG_SUPPLY, theme.card(ft.Column(rows, spacing=6), title=texts.t("ui.bag.supply.title")))


# --------------------------------------------------------------------- the board
def _board_row(gate: CommandGate, kind: str) -> ft.Control:
    t = gate.ctx.texts.t
    count = gate.ctx.game.bag.on_board[kind]
    maximum = gate.ctx.session.rules.intruders.miniatures[kind]
    buttons = [
        command_button(gate, PlaceIntruder(kind=kind), label=t("ui.bag.board.place"), icon=ft.Icons.ADD,
                       identifier=ids.bag_action("place", kind), compact=True),
        command_button(gate, KillIntruder(kind=kind), label=t("ui.bag.board.kill"), icon=ft.Icons.CLOSE,
                       identifier=ids.bag_action("kill", kind), compact=True, tone="danger"),
        command_button(gate, IntruderToTechnicalCorridor(kind=kind), label=t("ui.bag.board.corridor"),
                       icon=ft.Icons.SUBDIRECTORY_ARROW_LEFT, identifier=ids.bag_action("corridor", kind),
                       compact=True),
        command_button(gate, RemoveIntruder(kind=kind), label=t("ui.bag.board.remove"), icon=ft.Icons.REMOVE,
                       identifier=ids.bag_action("remove", kind), compact=True),
    ]
    head = ft.Row(
        [kind_badge(kind, 30), ft.Text(kind_name(gate.ctx.texts, kind), size=16, weight=ft.FontWeight.BOLD,
                                       expand=True),
         ft.Text(f"{count}/{maximum}", size=20, weight=ft.FontWeight.BOLD,
                 color=theme.TEXT if count else theme.TEXT_MUTED)],
        spacing=10, vertical_alignment=ft.CrossAxisAlignment.CENTER,
    )
    grid = ft.ResponsiveRow([ft.Container(button, col=6) for button in buttons], spacing=6, run_spacing=6)
    return ids.tag(ids.board(kind), ft.Container(
        content=ft.Column([head, grid], spacing=6, tight=True),
        bgcolor=theme.SURFACE_HIGH, border_radius=theme.RADIUS, padding=10,
    ))


def open_return_dialog(gate: CommandGate) -> None:
    """Intruders not in Combat go back to the bag: how many of each kind."""
    ctx = gate.ctx
    texts = ctx.texts
    t = texts.t
    on_board_now = ctx.game.bag.on_board
    draft = draft_of(ctx)
    draft.returning = {kind: 0 for kind in MINIATURE_KINDS}
    dialog = ft.AlertDialog(modal=True, scrollable=True)

    def content() -> ft.Control:
        rows: list[ft.Control] = [ft.Text(t("ui.bag.board.return_help"), size=15)]
        for kind in MINIATURE_KINDS:
            on_board = on_board_now[kind]
            if not on_board:
                continue

            def change(value: int, kind: str = kind) -> None:
                draft.returning[kind] = value
                dialog.content = content()
                _refresh(dialog)

            rows.append(ft.Row(
                [kind_badge(kind, 28), ft.Text(kind_name(texts, kind), size=15, expand=True),
                 stepper(draft.returning[kind], on_change=change, identifier=ids.return_count(kind, "count"),
                         down_id=ids.return_count(kind, "down"), up_id=ids.return_count(kind, "up"),
                         down_tip="−", up_tip="+", high=on_board)],
                spacing=8, vertical_alignment=ft.CrossAxisAlignment.CENTER,
            ))
        return ft.Column(rows, tight=True, spacing=8, width=min(440, ctx.width - 80))

    def ok(_e) -> None:
        close(ctx.page, dialog)
        gate.execute(ReturnIntrudersToBag(counts={k: n for k, n in draft.returning.items() if n}))

    dialog.title = ft.Text(t("ui.bag.board.return_title"), size=20, weight=ft.FontWeight.BOLD)
    dialog.content = content()
    dialog.actions = [
        dialog_button(texts, "ui.common.cancel", ids.CONFIRM_CANCEL, lambda _e: close(ctx.page, dialog)),
        dialog_button(texts, "ui.common.confirm", ids.CONFIRM_OK, ok, primary=True),
    ]
    show_dialog(ctx.page, dialog)


def build_board(gate: CommandGate) -> ft.Control:
    t = gate.ctx.texts.t
    bag = gate.ctx.game.bag
    any_on_board = next((kind for kind in MINIATURE_KINDS if bag.on_board[kind]), "adult")
    # A row per kind, kept while its count and its buttons' answers are unchanged.
    rows: list[ft.Control] = kept_items(gate.ctx, "bag-board", ((f"board-{kind}", (kind, bag.on_board[kind]))
                                                                for kind in MINIATURE_KINDS),
                                        lambda shown: _board_row(gate, shown[0]))
    rows.append(ft.Row(
        [ft.Icon(ft.Icons.DANGEROUS, color=theme.TEXT_MUTED),
         ft.Text(t("ui.bag.board.carcasses", count=bag.carcasses), size=15)],
        spacing=8,
    ))
    rows.append(command_button(gate, ReturnIntrudersToBag(counts={any_on_board: 1}), label=t("ui.bag.board.return"),
                               icon=ft.Icons.UNDO, identifier=ids.RETURN_INTRUDERS,
                               on_click=lambda _e: open_return_dialog(gate)))
    return ids.tag(ids.BAG_BOARD, theme.card(ft.Column(rows, spacing=8), title=t("ui.bag.board.title")))


# --------------------------------------------------------------------- the Nest
def build_eggs(gate: CommandGate) -> ft.Control:
    t = gate.ctx.texts.t
    rules = gate.ctx.session.rules
    bag = gate.ctx.game.bag
    count: list[ft.Control] = [ft.Icon(ft.Icons.EGG, color=theme.TEXT),
                               ft.Text(t("ui.bag.eggs.count", count=bag.eggs), size=18, weight=ft.FontWeight.BOLD)]
    if rules.intruders.is_unconfirmed("nest_eggs"):
        count.append(ft.Container(theme.unconfirmed_badge(14), tooltip=t("common.unconfirmed_hint")))
    status = ids.tag(ids.NEST_STATUS, theme.pill(
        t("ui.bag.eggs.nest_destroyed") if bag.nest_destroyed else t("ui.bag.eggs.nest_intact"),
        bgcolor=theme.RED_DARK if bag.nest_destroyed else theme.SURFACE_HIGH,
    ))
    rows: list[ft.Control] = [
        ft.Row([ft.Row(count, spacing=8, tight=True), status], wrap=True, spacing=12, run_spacing=6,
               vertical_alignment=ft.CrossAxisAlignment.CENTER),
        ft.Row(
            [command_button(gate, RemoveEgg(how="taken"), label=t("ui.bag.eggs.taken"), icon=ft.Icons.BACK_HAND,
                            identifier=ids.EGG_TAKEN, compact=True),
             command_button(gate, RemoveEgg(how="destroyed"), label=t("ui.bag.eggs.destroyed"),
                            icon=ft.Icons.LOCAL_FIRE_DEPARTMENT, identifier=ids.EGG_DESTROYED, compact=True,
                            tone="danger")],
            wrap=True, spacing=8, run_spacing=8,
        ),
    ]
    return ids.tag(ids.EGGS, theme.card(ft.Column(rows, spacing=8), title=t("ui.bag.eggs.title")))


# --------------------------------------------------------------------- history
def history_entries(ctx: UiContext) -> list[Event]:
    """The bag's lines this page's viewer may read, newest first."""
    return ctx.session.history(Topic.BAG, limit=HISTORY_MAX)


def build_history(gate: CommandGate, *, height: float | None = None) -> ft.Control:
    texts = gate.ctx.texts
    entries = history_entries(gate.ctx)
    lines: list[ft.Control] = log_lines(gate.ctx, "bag-history", entries)
    if not lines:
        lines = [theme.muted(texts.t("ui.bag.history.empty"), size=14)]
    body: ft.Control = ft.ListView(lines, spacing=0, height=height) if height else ft.Column(lines, spacing=0)
    return ids.tag(ids.BAG_HISTORY, theme.card(body, title=texts.t("ui.bag.history.title")))
