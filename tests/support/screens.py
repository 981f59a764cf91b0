"""Screens and parts built once and shown from a context's current view, for tests to read
and tap (a page keeps one of each and shows it again; companion/ui/kit/kept.py)."""
from __future__ import annotations

from typing import Any, Callable

import flet as ft

from companion.hosting.code_attempts import CodeAttempt
from companion.ui.bag.screen import BagScreen
from companion.ui.bag.table_panel import BagPanel
from companion.ui.context import UiContext
from companion.ui.events import SCREENS
from companion.ui.home import HomeScreen
from companion.ui.kit.changes import Changes
from companion.ui.kit.gate import CommandGate
from companion.ui.kit.kept import KeptScreen
from companion.ui.phone.join_screen import JoinScreen
from companion.ui.phone.seat_screen import SeatScreen
from companion.ui.rules_screen import RulesScreen
from companion.ui.setup_wizard import SetupScreen, SetupWizard
from companion.ui.scanner.handover import HandoverScreen
from companion.ui.status_strip import StatusStrip
from companion.ui.table.crew_panel import CrewPanel
from companion.ui.table.markers_panel import MarkersPanel
from companion.ui.table.players import PlayersScreen
from companion.ui.table.view import TableScreen
from companion.ui.victory.screen import VictoryScreen


class _OnePart(KeptScreen):
    def __init__(self, ctx: UiContext, make: Callable[[KeptScreen], Any]) -> None:
        super().__init__(ctx)
        self.part = make(self)
        self.root = self.part.root

    def put_view(self) -> None:
        self.part.show()

def shown_root(screen: KeptScreen) -> ft.Control:
    """`screen` shown from its page's current view: its root, for tests to read and tap."""
    screen.show()
    return screen.root


def build_wizard(wizard: SetupWizard) -> ft.Control:
    """The wizard's screen built and shown from its draft."""
    return shown_root(SetupScreen(wizard.ctx, wizard=wizard))


def shown_part(ctx: UiContext, make: Callable[[KeptScreen], Any]) -> ft.Control:
    """One part of a screen (`make(screen)`, a class with `root` and `show`) built alone and
    shown from `ctx`'s current view: its root, for tests and tools."""
    return shown_root(_OnePart(ctx, make))


def build_bag_panel(gate) -> ft.Control:
    """The panel shown from the gate's page (for tests and tools; the table keeps one)."""
    return shown_part(gate.ctx, BagPanel)


def build_bag_screen(ctx: UiContext) -> ft.Control:
    """The bag screen built and shown from `ctx`'s current view (for tests and tools; a
    page keeps one BagScreen and shows it again)."""
    return shown_root(BagScreen(ctx))


def build_home(ctx: UiContext) -> ft.Control:
    """The home screen built and shown from `ctx` (for tests and tools; a page keeps one
    HomeScreen and shows it again)."""
    return shown_root(HomeScreen(ctx))


def build_events_screen(ctx: UiContext, screen: str) -> ft.Control:
    """One of these screens built and shown from `ctx`'s current view (for tests and tools;
    a page keeps one of each and shows it again)."""
    return shown_root(SCREENS[screen](ctx))


def build_victory_screen(ctx: UiContext) -> ft.Control:
    """The Victory Check screen built and shown from `ctx` (for tests and tools; a page
    keeps one VictoryScreen and shows it again)."""
    return shown_root(VictoryScreen(ctx))


def build_rules_screen(ctx: UiContext, *, on_back) -> ft.Control:
    """The rules screen built and shown from `ctx` (for tests and tools; a page keeps one
    RulesScreen and shows it again)."""
    return shown_root(RulesScreen(ctx, on_back=on_back))


def build_status_strip(ctx: UiContext) -> ft.Control:
    """The strip shown from `ctx`'s current view (for tests and tools; a page keeps one)."""
    strip = StatusStrip(ctx, Changes())
    strip.show()
    return strip.root


def build_handover_screen(ctx: UiContext) -> ft.Control:
    """The handover screen built and shown from `ctx` (for tests and tools; a page keeps one
    HandoverScreen and shows it again)."""
    return shown_root(HandoverScreen(ctx))


def build_crew_panel(gate: CommandGate) -> ft.Control:
    """The panel shown from the gate's page (for tests and tools; the table keeps one)."""
    return shown_part(gate.ctx, CrewPanel)


def build_players_screen(ctx: UiContext) -> ft.Control:
    """The screen built and shown from `ctx`'s current view (for tests and tools; a page
    keeps one PlayersScreen and shows it again)."""
    return shown_root(PlayersScreen(ctx))


def build_markers_panel(gate) -> ft.Control:
    """The panel shown from the gate's page (for tests and tools; the table keeps one)."""
    return shown_part(gate.ctx, MarkersPanel)


def build_table(ctx: UiContext) -> ft.Control:
    """The table screen built and shown from `ctx`'s current view (for tests and tools; a
    page keeps one TableScreen and shows it again)."""
    return shown_root(TableScreen(ctx))


def build_seat_screen(ctx: UiContext, *, on_leave: Callable[[], None]) -> ft.Control:
    """The seat screen built and shown from `ctx` (for tests and tools; a page keeps one
    SeatScreen and shows it again)."""
    return shown_root(SeatScreen(ctx, on_leave=on_leave))


class _Hooks:
    """A shell's join hooks, for building the screen outside a page."""

    def __init__(self, on_code: Callable[[str], CodeAttempt | None], message: str | None,
                 on_message: Callable[[str], None]) -> None:
        self.join_with_code = on_code
        self.notice = message
        self.tell = on_message


def build_join_screen(ctx: UiContext, *, on_code: Callable[[str], CodeAttempt | None],
                      message: str | None = None, on_message: Callable[[str], None] = lambda _text: None) -> ft.Control:
    """The join screen built and shown from `ctx` (for tests and tools; a page keeps one
    JoinScreen and shows it again)."""
    return shown_root(JoinScreen(ctx, _Hooks(on_code, message, on_message)))
