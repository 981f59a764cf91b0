"""Rendering a screen only reads its viewer's view: it copies no game, runs no command
(not even as a dry run) and draws nothing.

`render_purely(monkeypatch, controller, render)` is the check any screen can use: it
makes every way of copying the game or running a command fail while `render` runs, and
compares the game's RNG and command count before and after."""
from __future__ import annotations

import copy
import importlib
import sys
from contextlib import contextmanager
from typing import Callable, Iterator, TypeVar

import pytest

from companion.engine import NewGame, PlayerSetup, Section
from companion.engine.bag.model import Awaiting, Place, TokenOutcome
from companion.engine.commands import DevelopBag, PlaceFire, PlaceIntruder, RecordDeath, ResolveEncounter, SetShowOdds
from companion.engine.state import GameState
from companion.engine.views import TABLE, seat_viewer
from companion.ui.announcements import Announcer
from companion.ui.bag.draft import draft_of
from companion.ui.bag.questions import QuestionPrompter
from tests.support.screens import build_bag_screen, build_bag_panel

from .ui_tree import fire, identifiers, make_context, make_controller, strings, walk
from companion.ui.bag import ids as bag_ids
from companion.ui.events import ids as events_ids

T = TypeVar("T")
# The module, not the package's `apply` function of the same name.
ENGINE_APPLY = importlib.import_module("companion.engine.apply")


class ImpureRender(AssertionError):
    """A render copied the game or ran a command."""


def _refuse(what: str) -> Callable:
    def refuse(*_args, **_kwargs):
        raise ImpureRender(f"a render called {what}")

    return refuse


@contextmanager
def no_copies_no_runs(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """While inside: copying a GameState, deep-copying anything and running a command raise."""
    with monkeypatch.context() as patch:
        patch.setattr(GameState, "model_copy", _refuse("GameState.model_copy"))
        patch.setattr(copy, "deepcopy", _refuse("copy.deepcopy"))
        run = ENGINE_APPLY.run
        # Every module that imported `run` by name holds its own reference to it.
        for name, module in list(sys.modules.items()):
            if name.startswith("companion") and getattr(module, "run", None) is run:
                patch.setattr(module, "run", _refuse(f"{name}.run"))
        yield


def render_purely(monkeypatch: pytest.MonkeyPatch, controller, render: Callable[[], T]) -> T:
    """`render()`'s result, after checking it copied nothing, ran nothing and drew nothing."""
    state = controller.state
    rng, applied = state.rng.model_dump(), state.commands_applied
    with no_copies_no_runs(monkeypatch):
        result = render()
    assert controller.state.rng.model_dump() == rng, "the render moved the RNG"
    assert controller.state.commands_applied == applied, "the render applied a command"
    return result


# --------------------------------------------------------------------- the check itself
def test_the_check_catches_a_dry_run_and_a_copy(tmp_path, monkeypatch):
    controller = make_controller(tmp_path)
    controller.new_game(_setup(), "t")
    command = ResolveEncounter(seat=1, place=Place.S01, hand=3)
    # A command with nothing hidden is run ahead to word its warning: that is a dry run.
    with pytest.raises(ImpureRender):
        render_purely(monkeypatch, controller, lambda: controller.game_ending(PlaceFire()))
    # A draw never is: its warning comes from what everyone can see.
    assert render_purely(monkeypatch, controller, lambda: controller.game_ending(command)) is None
    with pytest.raises(ImpureRender):
        render_purely(monkeypatch, controller, lambda: controller.state.model_copy(deep=True))
    with pytest.raises(ImpureRender):
        render_purely(monkeypatch, controller, lambda: copy.deepcopy(controller.state.bag))
    # Asking is allowed: a check copies nothing.
    assert render_purely(monkeypatch, controller, lambda: controller.check(command)) is None


# --------------------------------------------------------------------- the Intruder bag screens
LAYOUT = {Section.S01: 1, Section.S02: 2, Section.S03: 3, Section.ELEVATOR: 4}


def _setup(*, physical: bool = False, show_odds: bool = True) -> NewGame:
    characters = ("hacker", "janitor", "sentry")
    return NewGame(players=tuple(PlayerSetup(name=f"P{i + 1}", character=c) for i, c in enumerate(characters)),
                   seed=11, power_layout=LAYOUT, physical_bag=physical, show_odds=show_odds)


def _quiet(page) -> None:
    shown = page.show_dialog

    def show(dialog):
        dialog.update = lambda: None
        shown(dialog)

    page.show_dialog = show


def _choose(ctx, hand: int | None) -> None:
    """The encounter form filled in as by taps: the first Character, Section S-01, then a hand size."""
    draft = draft_of(ctx)
    draft.seat, draft.place, draft.hand, draft.seen_draw = 1, Place.S01, hand, ctx.game.bag.last_draw


def _bag_pages(controller, monkeypatch, *, hand: int | None) -> None:
    """The bag screen at phone and desktop widths, for the table and for a seat, and the
    table's bag panel; with a hand size chosen, the draw button asks about a full encounter."""
    for width in (390, 1280):
        for lang, viewer in (("pt-BR", TABLE), ("tr", seat_viewer(1))):
            ctx = make_context(controller, lang, width, viewer=viewer)
            _quiet(ctx.page)
            _choose(ctx, hand)
            screen = render_purely(monkeypatch, controller, lambda: build_bag_screen(ctx))
            assert bag_ids.BAG_CONTENTS in identifiers(screen)
            waiting = ctx.texts.t("ui.bag.encounter.hand_needed") in strings(screen)
            assert waiting == (hand is None and not controller.state.is_over)
            if viewer.is_table:
                panel = render_purely(monkeypatch, controller, lambda: build_bag_panel(ctx.gate()))
                assert bag_ids.OPEN_BAG in identifiers(panel)


@pytest.mark.parametrize("show_odds", (True, False))
@pytest.mark.parametrize("physical", (False, True))
def test_bag_screens_render_from_the_view_only(tmp_path, monkeypatch, physical, show_odds):
    controller = make_controller(tmp_path)
    controller.new_game(_setup(physical=physical, show_odds=show_odds), "t")
    _bag_pages(controller, monkeypatch, hand=None)
    _bag_pages(controller, monkeypatch, hand=4)
    outcome = TokenOutcome(kind="adult", light=2, dark=4) if physical else None
    controller.execute(ResolveEncounter(seat=2, place=Place.S03, hand=1, outcome=outcome))
    controller.execute(PlaceIntruder(kind="creeper"))
    _bag_pages(controller, monkeypatch, hand=2)
    controller.execute(SetShowOdds(show=not show_odds))
    _bag_pages(controller, monkeypatch, hand=2)
    for seat in (1, 2, 3):
        controller.execute(RecordDeath(seat=seat))
    assert controller.state.is_over
    _bag_pages(controller, monkeypatch, hand=None)


def test_the_physical_outcome_picker_renders_from_the_view_only(tmp_path, monkeypatch):
    controller = make_controller(tmp_path)
    controller.new_game(_setup(physical=True), "t")
    ctx = make_context(controller, "tr", 390)
    _quiet(ctx.page)
    _choose(ctx, 3)
    screen = build_bag_screen(ctx)
    draw = next(item for item in walk(screen) if getattr(item, "identifier", None) == bag_ids.DRAW_ENCOUNTER)
    render_purely(monkeypatch, controller, lambda: fire(draw.content.on_click))
    assert any(bag_ids.outcome("blank") in identifiers(dialog) for dialog in ctx.page.dialogs)


@pytest.mark.parametrize("question", (Awaiting.QUEEN_IN_NEST, Awaiting.ADULTS_RETREAT))
def test_bag_questions_render_from_the_view_only(tmp_path, monkeypatch, question):
    controller = make_controller(tmp_path)
    controller.new_game(_setup(physical=True), "t")
    if question is Awaiting.QUEEN_IN_NEST:
        controller.execute(DevelopBag(outcome=TokenOutcome(kind="queen")))
    else:
        for _ in range(9):
            controller.execute(PlaceIntruder(kind="adult"))
    assert controller.state.bag.awaiting is question
    ctx = make_context(controller, "pt-BR", 390)
    _quiet(ctx.page)
    prompter = QuestionPrompter(ctx, Announcer(ctx.page, ctx.texts))
    render_purely(monkeypatch, controller, prompter.sync)
    assert prompter.is_open
    # The open question filled in (the Queen's: a Character and a hand size chosen).
    draft_of(ctx).queen_hand = 2
    render_purely(monkeypatch, controller, prompter.sync)
    render_purely(monkeypatch, controller, lambda: build_bag_screen(ctx))


# --------------------------------------------------------------------- the Event Phase screens
def _events_pages(controller, monkeypatch) -> None:
    """The runner, attack, injury-check and deck screens and the table's events panel, at
    phone and desktop widths, for the table and for a seat."""
    from companion.ui.events import ATTACK, DECKS, INJURY, RUNNER
    from tests.support.screens import build_events_screen, shown_part
    from companion.ui.table.events_panel import EventsPanel

    for width in (390, 1280):
        for viewer in (None, seat_viewer(2)):
            ctx = make_context(controller, "tr", width) if viewer is None else \
                make_context(controller, "pt-BR", width, viewer=viewer)
            _quiet(ctx.page)
            for screen in (RUNNER, ATTACK, INJURY, DECKS):
                render_purely(monkeypatch, controller, lambda: build_events_screen(ctx, screen))
            render_purely(monkeypatch, controller, lambda: shown_part(ctx, EventsPanel))


def _next_event_command(controller):
    """The runner's next command; a physical bag's development reports a token that asks nothing."""
    from companion.engine.commands import EventDevelopBag
    from companion.engine.views import TABLE
    from tests.support.deck_helpers import next_runner_command

    command = next_runner_command(controller.state, controller.rules)
    if command.type == "event_develop_bag" and controller.state.bag.physical_bag:
        possible = controller.view(TABLE).table.possible_outcomes
        kind, light, dark = next(option for option in possible if option[0] not in ("queen", "adult"))
        command = EventDevelopBag(outcome=TokenOutcome(kind=kind, light=light, dark=dark))
    return command


@pytest.mark.parametrize("physical", (False, True))
def test_events_screens_render_from_the_view_only(tmp_path, monkeypatch, physical):
    from companion.engine.commands import (
        AdvanceTime,
        InjuryCheck,
        PlaceFire,
        ResolveAttack,
        RestorePower,
        StartEventPhase,
    )
    from companion.engine.phase.model import EventStep
    from companion.ui.events import RUNNER
    from tests.support.screens import build_events_screen

    controller = make_controller(tmp_path)
    controller.new_game(_setup(physical=physical), "t")
    for _ in range(5):
        controller.execute(AdvanceTime())  # a CSS space: step 4 asks for the face
    controller.execute(RestorePower())
    controller.execute(PlaceFire())  # step 8 asks about the Nest
    _events_pages(controller, monkeypatch)
    controller.execute(ResolveAttack(attacker="adult", seat=1, place=Place.S03))
    controller.execute(InjuryCheck(intruder="breeder", injuries=3))
    controller.execute(StartEventPhase())
    steps = set()
    while controller.state.event_phase is not None:
        phase = controller.state.event_phase
        steps.add(phase.step)
        _events_pages(controller, monkeypatch)
        if physical and phase.step is EventStep.DEVELOPMENT and not phase.developed:
            # The development button asks what came out, from the view only.
            ctx = make_context(controller, "tr", 390)
            _quiet(ctx.page)
            screen = build_events_screen(ctx, RUNNER)
            button = next(item for item in walk(screen) if getattr(item, "identifier", None) == events_ids.EVENT_DEVELOP_BAG)
            render_purely(monkeypatch, controller, lambda: fire(button.content.on_click))
            assert any(bag_ids.outcome("blank") in identifiers(dialog) for dialog in ctx.page.dialogs)
        controller.execute(_next_event_command(controller))
    assert steps == set(EventStep)
    _events_pages(controller, monkeypatch)


# --------------------------------------------------------------------- table, phones, rules
@pytest.mark.parametrize("width", [390, 1280])
def test_table_phone_and_rules_screens_render_from_the_view_only(tmp_path, monkeypatch, width):
    from companion.seats.phone_access import PhoneAccess
    from companion.seats.seating import Seating
    from tests.support.screens import (build_join_screen, build_seat_screen, build_rules_screen, build_status_strip,
                                       build_players_screen, build_table)

    controller = make_controller(tmp_path)
    controller.new_game(_setup(), "t")
    controller.execute(RecordDeath(seat=2))
    seating = Seating(controller, tmp_path)
    access = PhoneAccess(host="127.0.0.1", port=0)
    table = make_context(controller, "pt-BR", width)
    table.extras.update(seating=seating, phone_access=access)
    phone = make_context(controller, "tr", width, viewer=seat_viewer(1))
    screens = {
        "table": lambda: build_table(table),
        "strip": lambda: build_status_strip(table),
        "players": lambda: build_players_screen(table),
        "seat": lambda: build_seat_screen(phone, on_leave=lambda: None),
        "join": lambda: build_join_screen(phone, on_code=lambda _code: None),
        "rules": lambda: build_rules_screen(phone, on_back=lambda: None),
    }
    for name, render in screens.items():
        built = render_purely(monkeypatch, controller, render)
        assert identifiers(built) or strings(built), name
