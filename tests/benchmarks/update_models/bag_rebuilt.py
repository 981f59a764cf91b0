"""The Intruder bag screen as it was before it was kept: rebuilt from the view on every
render, kit.memo keeping the panels whose data did not change, kit.graft keeping the
controls that did not change. Model A of bench_models, and the reference the kept screen
(companion/ui/bag/screen.py) is held to, identifier for identifier and string for string
(tests/test_update_models.py)."""
from __future__ import annotations

import flet as ft

from companion.engine.bag.model import MINIATURE_KINDS, TOKEN_KINDS
from companion.engine.commands import (AddToBag, IntruderToTechnicalCorridor, KillIntruder, PlaceIntruder, RemoveEgg,
                                       RemoveIntruder, ReturnIntrudersToBag, SetShowOdds)
from companion.ui import ids, theme
from companion.ui.bag.draft import draft_of
from companion.ui.bag.encounter import development_action, is_development_step
from companion.ui.bag.panels import history_entries, open_return_dialog
from companion.ui.bag.reveal import BAG_SCREEN
from companion.ui.context import UiContext
from companion.ui.kit.gate import CommandGate
from companion.ui.kit.kept import ActionButton, Changes, OfferButton
from tests.support.screens import shown_part
from companion.ui.kit.kinds import DARK_ICON, KIND_COLOURS, LIGHT_ICON, kind_badge, kind_name
from tests.benchmarks.update_models.memo import kept_items, kept_panel, offered
from companion.ui.kit.numbers import percent
from tests.benchmarks.update_models.rebuilt_log import log_lines
from companion.ui.rules_screen import help_button

from .rebuilt_bag_parts import LiveDraw, build_encounter_form, build_reveal
from companion.ui.bag import ids as bag_ids

TABLE, BAG = "table", BAG_SCREEN


def _offer_button(gate: CommandGate, command, fixed: dict, *, label: str, icon, identifier: str,
                  compact: bool = False, tone: str = "normal", on_tap=None, picked: dict | None = None) -> ft.Control:
    """The live kit's button for the feed's action of `command`, built anew for this render."""
    ctx = gate.ctx
    button = OfferButton(Changes(), identifier, icon=icon, gate_of=ctx.gate, page_of=lambda: ctx.page, tone=tone,
                         compact=compact, on_tap=on_tap)
    button.show_action(offered(ctx, command, **fixed), label, picked=picked)
    return button.root


def _header(ctx: UiContext) -> ft.Control:
    t = ctx.texts.t
    back_button = ActionButton(Changes(), bag_ids.BAG_BACK, icon=ft.Icons.ARROW_BACK, page_of=lambda: ctx.page,
                               on_tap=lambda: ctx.navigate(TABLE))
    back_button.show(t("ui.bag.back"), refused=None)
    back = back_button.root
    mode = ids.tag(bag_ids.BAG_MODE, theme.pill(
        t("ui.bag.mode_physical") if ctx.game.bag.physical_bag else t("ui.bag.mode_digital"),
        bgcolor=theme.SURFACE_HIGH))
    title = ft.Row([ft.Icon(ft.Icons.SHOPPING_BAG, color=theme.YELLOW, size=28),
                    ft.Text(t("ui.bag.title"), size=24, weight=ft.FontWeight.BOLD)], spacing=8, tight=True)
    return ft.Row([back, title, mode], wrap=True, spacing=12, run_spacing=8,
                  vertical_alignment=ft.CrossAxisAlignment.CENTER)


def build_bag_screen(ctx: UiContext) -> ft.Control:
    gate = ctx.gate()
    width = ctx.width - 2 * theme.PAGE_PADDING
    reveal = build_reveal(ctx, large=not ctx.is_phone)
    running = not ctx.game.is_over
    encounter = [build_encounter_form(gate)] if running else []
    development = [build_development(gate)] if running else []
    # Panels are kept while what they show is unchanged (kit.memo): a draw rebuilds only
    # what it changed.
    game = ctx.game
    bag = game.bag
    odds = kept_panel(ctx, "bag-odds", (bag.odds, bag.show_odds, draft_of(ctx).hand), lambda: build_odds(gate))
    contents = kept_panel(ctx, "bag-contents", bag.in_bag, lambda: build_contents(gate))
    supply = kept_panel(ctx, "bag-supply", (bag.aside, game.addable_kinds), lambda: build_supply(gate))
    board = kept_panel(ctx, "bag-board", (bag.on_board, bag.carcasses), lambda: build_board(gate))
    eggs = kept_panel(ctx, "bag-eggs", (bag.eggs, bag.nest_destroyed), lambda: build_eggs(gate))
    version = ctx.feed.version if ctx.feed is not None else None
    if ctx.is_phone:
        # The draw button, then its result right below it: no scrolling back up after a draw.
        return ft.Column(
            [_header(ctx), *encounter, reveal, *development, odds, contents, supply, board, eggs,
             kept_panel(ctx, "bag-history", version, lambda: build_history(gate))],
            spacing=theme.GAP, width=width, horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
        )

    def column(controls: list[ft.Control], flex: int) -> ft.Control:
        return ft.Container(ft.Column(controls, spacing=theme.GAP, horizontal_alignment=ft.CrossAxisAlignment.STRETCH),
                            expand=flex)

    if ctx.is_wide:
        history = kept_panel(ctx, "bag-history", version,
                             lambda: build_history(gate, height=max(240.0, (ctx.page.height or 800) - 560)))
        columns = [column([*encounter, *development, history], 4), column([reveal, odds], 5),
                   column([contents, supply, board, eggs], 4)]
    else:
        columns = [column([*encounter, reveal, *development, odds], 1),
                   column([contents, supply, board, eggs,
                           kept_panel(ctx, "bag-history", version, lambda: build_history(gate))], 1)]
    return ft.Column(
        [_header(ctx), ft.Row(columns, vertical_alignment=ft.CrossAxisAlignment.START, spacing=theme.GAP)],
        spacing=theme.GAP, width=width, horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
    )


def _odds_card(rows: list[ft.Control], title: str) -> ft.Control:
    return ids.tag(bag_ids.BAG_ODDS, theme.card(ft.Column(rows, spacing=8), title=title))


def build_odds(gate: CommandGate) -> ft.Control:
    ctx = gate.ctx
    texts = ctx.texts
    t = texts.t
    bag = ctx.game.bag
    show = bag.show_odds
    switch = offered(ctx, SetShowOdds, show=not show)
    refused = switch is None or not switch.allowed
    toggle = ids.tag(bag_ids.ODDS_TOGGLE, ft.Switch(
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
                       lambda shown: _count_row(texts, shown[0], shown[1], bag_ids.bag_count("bag", shown[0])))
    return ids.tag(bag_ids.BAG_CONTENTS, theme.card(ft.Column(rows, spacing=6), title=texts.t("ui.bag.contents.title"),
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
            add = _offer_button(gate, AddToBag, {"kind": kind}, label=texts.t("ui.bag.supply.add"),
                                icon=ft.Icons.MOVE_DOWN, identifier=bag_ids.bag_action("add", kind), compact=True)
        return _count_row(texts, kind, count, bag_ids.bag_count("supply", kind), add)

    rows += kept_items(gate.ctx, "bag-supply", ((f"supply-{kind}", (kind, counts.get(kind, 0), kind in game.addable_kinds))
                                               for kind in TOKEN_KINDS), row)
    return ids.tag(bag_ids.BAG_SUPPLY, theme.card(ft.Column(rows, spacing=6), title=texts.t("ui.bag.supply.title")))



def _board_row(gate: CommandGate, kind: str) -> ft.Control:
    t = gate.ctx.texts.t
    count = gate.ctx.game.bag.on_board[kind]
    maximum = gate.ctx.session.rules.intruders.miniatures[kind]
    buttons = [
        _offer_button(gate, PlaceIntruder, {"kind": kind}, label=t("ui.bag.board.place"), icon=ft.Icons.ADD,
                      identifier=bag_ids.bag_action("place", kind), compact=True),
        _offer_button(gate, KillIntruder, {"kind": kind}, label=t("ui.bag.board.kill"), icon=ft.Icons.CLOSE,
                      identifier=bag_ids.bag_action("kill", kind), compact=True, tone="danger"),
        _offer_button(gate, IntruderToTechnicalCorridor, {"kind": kind}, label=t("ui.bag.board.corridor"),
                      icon=ft.Icons.SUBDIRECTORY_ARROW_LEFT, identifier=bag_ids.bag_action("corridor", kind),
                      compact=True),
        _offer_button(gate, RemoveIntruder, {"kind": kind}, label=t("ui.bag.board.remove"), icon=ft.Icons.REMOVE,
                      identifier=bag_ids.bag_action("remove", kind), compact=True),
    ]
    head = ft.Row(
        [kind_badge(kind, 30), ft.Text(kind_name(gate.ctx.texts, kind), size=16, weight=ft.FontWeight.BOLD,
                                       expand=True),
         ft.Text(f"{count}/{maximum}", size=20, weight=ft.FontWeight.BOLD,
                 color=theme.TEXT if count else theme.TEXT_MUTED)],
        spacing=10, vertical_alignment=ft.CrossAxisAlignment.CENTER,
    )
    grid = ft.ResponsiveRow([ft.Container(button, col=6) for button in buttons], spacing=6, run_spacing=6)
    return ids.tag(bag_ids.board(kind), ft.Container(
        content=ft.Column([head, grid], spacing=6, tight=True),
        bgcolor=theme.SURFACE_HIGH, border_radius=theme.RADIUS, padding=10,
    ))



def build_board(gate: CommandGate) -> ft.Control:
    t = gate.ctx.texts.t
    bag = gate.ctx.game.bag
    any_on_board = next((kind for kind in MINIATURE_KINDS if bag.on_board[kind]), None)
    # A row per kind, kept while its count and its buttons' answers are unchanged.
    rows: list[ft.Control] = kept_items(gate.ctx, "bag-board", ((f"board-{kind}", (kind, bag.on_board[kind]))
                                                                for kind in MINIATURE_KINDS),
                                        lambda shown: _board_row(gate, shown[0]))
    rows.append(ft.Row(
        [ft.Icon(ft.Icons.DANGEROUS, color=theme.TEXT_MUTED),
         ft.Text(t("ui.bag.board.carcasses", count=bag.carcasses), size=15)],
        spacing=8,
    ))
    rows.append(_offer_button(gate, ReturnIntrudersToBag, {}, label=t("ui.bag.board.return"), icon=ft.Icons.UNDO,
                              identifier=bag_ids.RETURN_INTRUDERS, on_tap=lambda: open_return_dialog(gate),
                              picked={"counts": {any_on_board: 1} if any_on_board else {}}))
    return ids.tag(bag_ids.BAG_BOARD, theme.card(ft.Column(rows, spacing=8), title=t("ui.bag.board.title")))


# --------------------------------------------------------------------- the Nest
def build_eggs(gate: CommandGate) -> ft.Control:
    t = gate.ctx.texts.t
    rules = gate.ctx.session.rules
    bag = gate.ctx.game.bag
    count: list[ft.Control] = [ft.Icon(ft.Icons.EGG, color=theme.TEXT),
                               ft.Text(t("ui.bag.eggs.count", count=bag.eggs), size=18, weight=ft.FontWeight.BOLD)]
    if rules.intruders.is_unconfirmed("nest_eggs"):
        count.append(ft.Container(theme.unconfirmed_badge(14), tooltip=t("common.unconfirmed_hint")))
    status = ids.tag(bag_ids.NEST_STATUS, theme.pill(
        t("ui.bag.eggs.nest_destroyed") if bag.nest_destroyed else t("ui.bag.eggs.nest_intact"),
        bgcolor=theme.RED_DARK if bag.nest_destroyed else theme.SURFACE_HIGH,
    ))
    rows: list[ft.Control] = [
        ft.Row([ft.Row(count, spacing=8, tight=True), status], wrap=True, spacing=12, run_spacing=6,
               vertical_alignment=ft.CrossAxisAlignment.CENTER),
        ft.Row(
            [_offer_button(gate, RemoveEgg, {"how": "taken"}, label=t("ui.bag.eggs.taken"), icon=ft.Icons.BACK_HAND,
                           identifier=ids.EGG_TAKEN, compact=True),
             _offer_button(gate, RemoveEgg, {"how": "destroyed"}, label=t("ui.bag.eggs.destroyed"),
                           icon=ft.Icons.LOCAL_FIRE_DEPARTMENT, identifier=bag_ids.EGG_DESTROYED, compact=True,
                           tone="danger")],
            wrap=True, spacing=8, run_spacing=8,
        ),
    ]
    return ids.tag(ids.EGGS, theme.card(ft.Column(rows, spacing=8), title=t("ui.bag.eggs.title")))



def build_history(gate: CommandGate, *, height: float | None = None) -> ft.Control:
    texts = gate.ctx.texts
    entries = history_entries(gate.ctx)
    lines: list[ft.Control] = log_lines(gate.ctx, "bag-history", entries)
    if not lines:
        lines = [theme.muted(texts.t("ui.bag.history.empty"), size=14)]
    body: ft.Control = ft.ListView(lines, spacing=0, height=height) if height else ft.Column(lines, spacing=0)
    return ids.tag(bag_ids.BAG_HISTORY, theme.card(body, title=texts.t("ui.bag.history.title")))

def build_development(gate: CommandGate) -> ft.Control:
    ctx = gate.ctx
    t = ctx.texts.t
    rows: list[ft.Control] = []
    step = is_development_step(ctx.game)
    if step:
        rows.append(ft.Container(
            content=ft.Row([ft.Icon(ft.Icons.NOTIFICATIONS_ACTIVE, color="#1a1a1a"),
                            ft.Text(t("ui.bag.develop.now"), color="#1a1a1a", weight=ft.FontWeight.BOLD,
                                    expand=True)], spacing=8),
            bgcolor=theme.YELLOW, border_radius=8, padding=8,
        ))
    button = shown_part(ctx, lambda screen: LiveDraw(screen, bag_ids.BAG_DEVELOPMENT, ft.Icons.AUTORENEW,
                                                     "warning" if step else "normal", development_action(ctx),
                                                     t("ui.bag.develop.button")))
    rows += [theme.muted(t("ui.bag.develop.help"), size=14), button]
    return theme.card(ft.Column(rows, spacing=8), title=t("ui.bag.develop.title"),
                      help=help_button(gate.ctx, "bag_development"))
