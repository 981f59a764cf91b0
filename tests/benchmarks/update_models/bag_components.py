"""Model C's bag screen: Flet 1.0's declarative components (`@ft.component`, `ft.memo`,
an observable the page bumps on every change).

Each panel is a memoised component whose arguments are exactly what it shows (a slice of
the view, the page's language and the gate's answers for its buttons): when they are
equal to last time Flet reuses the panel's controls as they were; otherwise the panel
renders anew and Flet compares the new controls with the old ones (its frozen diff).
The panels' bodies are the rebuilt screen's builders (bag_rebuilt.py), without kit.memo:
lists are keyed rows of their own components."""
from __future__ import annotations

from dataclasses import dataclass

import flet as ft
from flet.components.component import Renderer

from companion.engine.bag.model import MINIATURE_KINDS, TOKEN_KINDS
from companion.engine.commands import (AddToBag, IntruderToTechnicalCorridor, KillIntruder, PlaceIntruder, RemoveEgg,
                                       RemoveIntruder, ReturnIntrudersToBag, SetShowOdds)
from companion.ui import ids, theme
from companion.ui.bag.draft import draft_of
from companion.ui.bag.encounter import development_action, is_development_step
from companion.ui.bag.form import encounter_action
from companion.ui.bag.panels import history_entries, open_return_dialog
from companion.ui.context import UiContext
from companion.ui.kit.chips import active_seats
from companion.ui.log_view import line_keys
from tests.benchmarks.update_models.rebuilt_log import line as _line
from companion.ui.rules_screen import help_button

from .rebuilt_bag_parts import build_encounter_form, build_reveal

from .bag_rebuilt import _board_row, _count_row, _header, _offer_button, build_development, build_eggs, build_odds
from companion.ui.bag import ids as bag_ids


@ft.observable
@dataclass
class Shown:
    """What the page shows: bumped by the page on every new feed or form change."""

    version: int = 0


def _answers(ctx: UiContext, command, *fixed: dict) -> tuple:
    """What the feed says of `command` with each of `fixed` (None: not offered)."""
    return tuple(ctx.action(command, **each) for each in fixed)


# --------------------------------------------------------------------- panels
@ft.component
def Header(ctx: UiContext, lang: str, physical: bool):
    return _header(ctx)


@ft.component
def Encounter(ctx: UiContext, lang: str, crew: tuple, lighting: tuple, draft: tuple, physical: bool, answer):
    return build_encounter_form(ctx.gate())


@ft.component
def Reveal(ctx: UiContext, lang: str, draw, large: bool, over: bool):
    return build_reveal(ctx, large=large)


@ft.component
def Development(ctx: UiContext, lang: str, step: bool, answer):
    return build_development(ctx.gate())


@ft.component
def Odds(ctx: UiContext, lang: str, odds, show: bool, hand, answer):
    return build_odds(ctx.gate())


@ft.component
def CountRow(ctx: UiContext, lang: str, kind: str, count: int, identifier: str, addable: bool, answer):
    extra = None
    if addable:
        extra = _offer_button(ctx.gate(), AddToBag, {"kind": kind}, label=ctx.texts.t("ui.bag.supply.add"),
                              icon=ft.Icons.MOVE_DOWN, identifier=bag_ids.bag_action("add", kind), compact=True)
    return _count_row(ctx.texts, kind, count, identifier, extra)


def _card(rows: list, title: str, identifier: str, help: ft.Control | None = None) -> ft.Control:
    return ids.tag(identifier, theme.card(ft.Column(rows, spacing=6), title=title, help=help))


@ft.component
def Contents(ctx: UiContext, lang: str, in_bag: dict):
    t = ctx.texts.t
    rows = [theme.muted(t("ui.bag.contents.help"))]
    rows += [ft.memo(CountRow)(ctx, lang, kind, in_bag.get(kind, 0), bag_ids.bag_count("bag", kind), False, None,
                               key=f"contents-{kind}") for kind in TOKEN_KINDS]
    return _card(rows, t("ui.bag.contents.title"), bag_ids.BAG_CONTENTS, help_button(ctx, "intruder_bag"))


@ft.component
def Supply(ctx: UiContext, lang: str, aside: dict, addable: tuple, answers: tuple):
    t = ctx.texts.t
    rows = [theme.muted(t("ui.bag.supply.help"))]
    rows += [ft.memo(CountRow)(ctx, lang, kind, aside.get(kind, 0), bag_ids.bag_count("supply", kind), kind in addable,
                               answer, key=f"supply-{kind}") for kind, answer in zip(TOKEN_KINDS, answers)]
    return _card(rows, t("ui.bag.supply.title"), bag_ids.BAG_SUPPLY)


@ft.component
def BoardRow(ctx: UiContext, lang: str, kind: str, count: int, answers: tuple):
    return _board_row(ctx.gate(), kind)


@ft.component
def Board(ctx: UiContext, lang: str, on_board: dict, carcasses: int, answers: tuple):
    gate = ctx.gate()
    t = ctx.texts.t
    rows = [ft.memo(BoardRow)(ctx, lang, kind, on_board[kind], answers[kind], key=f"board-{kind}")
            for kind in MINIATURE_KINDS]
    any_on_board = next((kind for kind in MINIATURE_KINDS if on_board[kind]), None)
    rows.append(ft.Row([ft.Icon(ft.Icons.DANGEROUS, color=theme.TEXT_MUTED),
                        ft.Text(t("ui.bag.board.carcasses", count=carcasses), size=15)], spacing=8))
    rows.append(_offer_button(gate, ReturnIntrudersToBag, {}, label=t("ui.bag.board.return"), icon=ft.Icons.UNDO,
                              identifier=bag_ids.RETURN_INTRUDERS, on_tap=lambda: open_return_dialog(ctx.gate()),
                              picked={"counts": {any_on_board: 1} if any_on_board else {}}))
    return ids.tag(bag_ids.BAG_BOARD, theme.card(ft.Column(rows, spacing=8), title=t("ui.bag.board.title")))


@ft.component
def Eggs(ctx: UiContext, lang: str, eggs: int, destroyed: bool, answers: tuple):
    return build_eggs(ctx.gate())


@ft.component
def LogLine(ctx: UiContext, lang: str, entry):
    return _line(ctx.texts, entry)


@ft.component
def History(ctx: UiContext, lang: str, entries: tuple):
    t = ctx.texts.t
    lines = [ft.memo(LogLine)(ctx, lang, entry, key=key) for key, entry in zip(line_keys(entries), entries)]
    if not lines:
        lines = [theme.muted(t("ui.bag.history.empty"), size=14)]
    return ids.tag(bag_ids.BAG_HISTORY, theme.card(ft.Column(lines, spacing=0), title=t("ui.bag.history.title")))


# --------------------------------------------------------------------- the screen (phone layout)
BOARD_ACTIONS = (PlaceIntruder, KillIntruder, IntruderToTechnicalCorridor, RemoveIntruder)


@ft.component
def BagScreen(shown: Shown, ctx: UiContext):
    """Rendered again whenever `shown` changes; each panel only when its arguments do."""
    game, texts = ctx.game, ctx.texts
    bag, lang = game.bag, texts.lang
    draft = draft_of(ctx)
    draft.notice(game)
    if draft.seat not in active_seats(game):
        draft.pick_seat(None)
    running = not game.is_over
    panels: list[ft.Control] = [ft.memo(Header)(ctx, lang, bag.physical_bag)]
    if running:
        crew = tuple((m.seat, m.name, m.character, m.is_in_facility) for m in game.crew)
        panels.append(ft.memo(Encounter)(
            ctx, lang, crew, tuple(sorted(game.lighting.items())),
            (draft.seat, draft.place, draft.hand, draft.ignore_darkness), bag.physical_bag,
            encounter_action(ctx, draft.seat)))
    panels.append(ft.memo(Reveal)(ctx, lang, bag.last_draw, not ctx.is_phone, game.is_over))
    if running:
        panels.append(ft.memo(Development)(ctx, lang, is_development_step(game), development_action(ctx)))
    panels += [
        ft.memo(Odds)(ctx, lang, bag.odds, bag.show_odds, draft.hand, _answers(ctx, SetShowOdds, {"show": not bag.show_odds})),
        ft.memo(Contents)(ctx, lang, bag.in_bag),
        ft.memo(Supply)(ctx, lang, bag.aside, game.addable_kinds,
                        tuple(_answers(ctx, AddToBag, {"kind": kind})[0] if kind in game.addable_kinds else None
                              for kind in TOKEN_KINDS)),
        ft.memo(Board)(ctx, lang, bag.on_board, bag.carcasses,
                       {kind: sum((_answers(ctx, action, {"kind": kind}) for action in BOARD_ACTIONS), ())
                        for kind in MINIATURE_KINDS}),
        ft.memo(Eggs)(ctx, lang, bag.eggs, bag.nest_destroyed,
                      _answers(ctx, RemoveEgg, {"how": "taken"}, {"how": "destroyed"})),
        ft.memo(History)(ctx, lang, tuple(_history(ctx))),
    ]
    return ft.Column(panels, spacing=theme.GAP, width=ctx.width - 2 * theme.PAGE_PADDING,
                     horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


def _history(ctx: UiContext):
    """The journal is read once per feed (a form tap does not change it)."""
    version = ctx.feed.version if ctx.feed is not None else None
    kept = ctx.extras.get("c-history")
    if kept is None or kept[0] != version:
        kept = ctx.extras["c-history"] = (version, history_entries(ctx))
    return kept[1]


def make_screen(shown: Shown, ctx: UiContext) -> ft.Control:
    """The screen's component, to be put on a page built the imperative way (page.render
    would take the whole page)."""
    return Renderer().render(lambda: BagScreen(shown, ctx))
