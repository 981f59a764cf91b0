"""A round in few taps, without a browser: the runner's taps and the commands each one
sends (every one named, undone one at a time), step 7's attackers met this round, step
10's encounter after a Noise roll, announcements a screen already shows, the status
strip above the scrolling screen, and the notice after an undo."""
from __future__ import annotations

import flet as ft
import pytest

from companion.engine import Event, NewGame, PlayerSetup, Section
from companion.engine.apply import GameEnding
from companion.engine.bag.model import DrawResult, Place
from companion.engine.commands import (
    ContinueEventPhase,
    DrawEventCard,
    EventDevelopBag,
    EventFireDamage,
    FlipPower,
    PlaceFire,
    ResolveEncounter,
    StartEventPhase,
)
from companion.engine.phase.model import EventStep
from companion.ui import ids
from companion.ui.announcements import Announcer
from companion.ui.events import RUNNER
from tests.support.screens import build_events_screen, shown_part
from companion.ui.table.events_panel import EventsPanel
from companion.ui.events.draft import draft_of
from companion.ui.events.fight_steps import phase_start_seq
from companion.ui.events.flow import arrival
from companion.ui.events.met import met_since_the_last_attacks
from companion.ui.i18n_view import Texts
from companion.ui.on_screen import shown_on_screen
from companion.ui.routes import BAG, TABLE
from companion.ui.shell import PageApp
from tests.support.deck_helpers import next_runner_command
from tests.support.round_flow_seed import BRUNO_HAND, BRUNO_PLACE, find_seed, play

from .test_ui_pages import LivePage, _patch_dialog_updates
from .ui_tree import FakePage, fire, identifiers, make_context, make_controller, page_app, strings, walk
from companion.ui.bag import ids as bag_ids
from companion.ui.events import ids as events_ids

PLAYERS = (("Ana", "hacker"), ("Bruno", "janitor"), ("Carla", "xenobiologist"))


def _find(control, identifier: str):
    for item in walk(control):
        if isinstance(item, ft.Semantics) and item.identifier == identifier:
            return item
    raise AssertionError(f"{identifier!r} not on screen")


def _click(control) -> None:
    for item in walk(control):
        if isinstance(item, (ft.Button, ft.IconButton)) and item.on_click is not None and not item.disabled:
            fire(item.on_click)
            return
    for item in walk(control):
        if isinstance(item, ft.Container) and item.on_click is not None:
            fire(item.on_click)
            return
    raise AssertionError("nothing to tap")


class Runner:
    """The runner screen tapped as a player would, counting taps and commands sent."""

    def __init__(self, ctx) -> None:
        self.ctx = ctx
        self.taps = 0
        self.pages: list[str] = []
        ctx.navigate = self.pages.append

    def tap(self, identifier: str, screen=None) -> None:
        _click(_find(screen if screen is not None else build_events_screen(self.ctx, RUNNER), identifier))
        self.taps += 1

    def has(self, identifier: str) -> bool:
        return identifier in identifiers(build_events_screen(self.ctx, RUNNER))


def _new(controller, seed: int = 7) -> None:
    controller.new_game(NewGame(players=tuple(PlayerSetup(name=n, character=c) for n, c in PLAYERS), seed=seed), "t")


@pytest.fixture
def controller(tmp_path):
    return make_controller(tmp_path)


# --------------------------------------------------------------------- the runner's taps
def test_an_event_phase_with_nothing_to_resolve_is_six_taps_each_a_named_command(controller):
    # The scripted game's third Event Phase: a Fire marker on the board, an Event card
    # with nothing to tap, a development that asks nothing.
    game, _draws = play(find_seed(controller.rules), controller.rules)
    commands = game.commands
    last_start = max(i for i, command in enumerate(commands) if isinstance(command, StartEventPhase))
    controller.new_game(commands[0], "t")
    for command in commands[1:last_start]:
        controller.execute(command)
    assert controller.state.fire > 0
    ctx = make_context(controller, "pt-BR", 390)
    runner = Runner(ctx)
    start = controller.state.commands_applied
    runner.tap(events_ids.EVENT_PHASE, shown_part(ctx, EventsPanel))
    assert controller.state.event_phase.step is EventStep.TIME
    runner.tap(events_ids.EVENT_CONTINUE)  # Time moves, Noise goes by
    assert controller.state.event_phase.step is EventStep.ATTACKS
    assert runner.has(events_ids.EVENT_NOISE_DONE)
    runner.tap(events_ids.EVENT_CONTINUE)
    assert controller.state.event_phase.step is EventStep.FIRE
    runner.tap(events_ids.EVENT_NEST_FIRE_NO)  # the answer is the way on; the Event card is drawn
    phase = controller.state.event_phase
    assert phase.step is EventStep.EVENT_CARD and phase.event_card is not None
    runner.tap(events_ids.EVENT_CONTINUE)  # the card discarded, the bag developed
    phase = controller.state.event_phase
    assert phase.step is EventStep.DEVELOPMENT and phase.developed
    assert runner.has(events_ids.EVENT_ROUND_END_AHEAD)
    runner.tap(events_ids.EVENT_CONTINUE)  # steps 10 and 11
    assert controller.state.event_phase is None and runner.pages[-1] == TABLE
    assert runner.taps == 6
    # Every one of those is its own command, each undone on its own.
    sent = [type(command) for command in controller.session.commands[start:]]
    assert sent == [StartEventPhase, ContinueEventPhase, ContinueEventPhase, ContinueEventPhase,
                    EventFireDamage, ContinueEventPhase, DrawEventCard, ContinueEventPhase, EventDevelopBag,
                    ContinueEventPhase, ContinueEventPhase]
    steps = []
    while controller.state.commands_applied > start + 1:
        controller.undo()
        phase = controller.state.event_phase
        steps.append(phase.step if phase is not None else None)
    assert steps == [EventStep.ROUND_END, EventStep.DEVELOPMENT, EventStep.DEVELOPMENT, EventStep.EVENT_CARD,
                     EventStep.EVENT_CARD, EventStep.FIRE, EventStep.FIRE, EventStep.ATTACKS, EventStep.NOISE,
                     EventStep.TIME]


def test_a_physical_bag_is_asked_at_step_10_not_drawn_for(controller):
    controller.new_game(NewGame(players=tuple(PlayerSetup(name=n, character=c) for n, c in PLAYERS[:2]),
                                seed=3, physical_bag=True), "t")
    controller.execute(StartEventPhase())
    for _ in range(20):
        state = controller.state
        if state.event_phase.step is EventStep.EVENT_CARD and state.event_phase.event_card is not None \
                and not state.event_phase.pending_effects:
            break
        controller.execute(next_runner_command(state, controller.rules))
    ctx = make_context(controller, "tr", 390)
    Runner(ctx).tap(events_ids.EVENT_CONTINUE)
    phase = controller.state.event_phase
    assert phase.step is EventStep.DEVELOPMENT and not phase.developed
    assert arrival(ctx.view) is None
    assert events_ids.EVENT_DEVELOP_BAG in identifiers(build_events_screen(ctx, RUNNER))


def test_the_time_step_ending_the_game_asks_first_and_sends_nothing_after(controller):
    _new(controller)
    ctx = make_context(controller, "tr", 390)
    controller.execute(StartEventPhase())
    state = controller.state
    assert state.event_phase.step is EventStep.TIME
    before = state.commands_applied
    controller.game_ending = lambda command, actor=None: GameEnding.ENDS  # as on the last slot
    Runner(ctx).tap(events_ids.EVENT_CONTINUE)
    assert controller.state.commands_applied == before  # a confirmation is open instead
    assert ctx.page.dialogs and ids.CONFIRM_OK in identifiers(ctx.page.dialogs[-1].actions[-1])


# --------------------------------------------------------------------- step 7
def test_step_7_offers_the_intruders_met_this_round_and_resolves_one_in_two_taps(controller):
    _new(controller)
    ctx = make_context(controller, "pt-BR", 390)
    section = next(s for s in Section if s is not Section.ELEVATOR and controller.state.power[s].active)
    controller.execute(FlipPower(section=section))
    controller.execute(ResolveEncounter(seat=2, place=Place(section.value), hand=9))
    met = controller.state.bag.last_draw
    assert met.result is DrawResult.PLACED
    controller.execute(StartEventPhase())
    controller.execute(ContinueEventPhase())
    controller.execute(ContinueEventPhase())
    assert controller.state.event_phase.step is EventStep.ATTACKS
    [meeting] = met_since_the_last_attacks(ctx, ctx.game, phase_start_seq(ctx.game))
    assert (meeting.kind, meeting.seat, meeting.place) == (met.kind, 2, Place(section.value))
    runner = Runner(ctx)
    pick = events_ids.event_attack_pick(str(met.kind), 2)
    assert events_ids.EVENT_ATTACK_RESOLVE not in identifiers(build_events_screen(ctx, RUNNER))
    runner.tap(pick)
    screen = build_events_screen(ctx, RUNNER)
    assert _find(screen, pick).selected
    # Darkness there: the row says so before the draw.
    assert ctx.texts.t("ui.events.lighting.dark", section=section.value) in strings(screen)
    runner.tap(events_ids.EVENT_ATTACK_RESOLVE)
    result = controller.state.latest.attack
    # Where it met the Character: in the Darkness of the Section without power.
    assert (result.attacker, result.seat, result.target, result.dark) == (met.kind, 2, "standard", True)
    screen = build_events_screen(ctx, RUNNER)
    assert events_ids.ATTACK_VERDICT in identifiers(screen) and events_ids.EVENT_ATTACK_RESOLVE not in identifiers(screen)
    assert runner.taps == 2
    # An encounter after this step 7 (a Noise roll at step 10, say) is offered at the next
    # step 7; the ones before it have had their attacks.
    controller.execute(ResolveEncounter(seat=3, place=Place.STAIRS, hand=9))
    later = controller.state.bag.last_draw
    while controller.state.event_phase is not None:
        controller.execute(next_runner_command(controller.state, controller.rules))
    controller.execute(StartEventPhase())
    controller.execute(ContinueEventPhase())
    controller.execute(ContinueEventPhase())
    offered = met_since_the_last_attacks(ctx, ctx.game, phase_start_seq(ctx.game))
    assert [(m.kind, m.seat, m.place) for m in offered] == (
        [(later.kind, 3, Place.STAIRS)] if later.result is DrawResult.PLACED else [])
    assert pick not in identifiers(build_events_screen(ctx, RUNNER))


# --------------------------------------------------------------------- step 10
def test_a_noise_roll_brings_the_encounter_form_and_the_surprise_attack_comes_back_to_the_runner(controller):
    seed = find_seed(controller.rules)
    game, draws = play(seed, controller.rules)
    # Replay the scripted game up to its first development (a Noise roll).
    controller.new_game(game.commands[0], "t")
    ctx = make_context(controller, "pt-BR", 390)
    for command in game.commands[1:]:
        controller.execute(command)
        if isinstance(command, EventDevelopBag):
            break
    assert controller.state.bag.last_draw.result is DrawResult.NOISE_ROLL
    screen = build_events_screen(ctx, RUNNER)
    assert {bag_ids.TOKEN_REVEAL, bag_ids.encounter_seat(2), bag_ids.DRAW_ENCOUNTER} <= identifiers(screen)
    controller.execute(ResolveEncounter(seat=2, place=BRUNO_PLACE, hand=BRUNO_HAND))
    runner = Runner(ctx)
    runner.tap(bag_ids.SURPRISE_ATTACK_RESOLVE)
    draft = draft_of(ctx)
    assert (draft.attacker, draft.seat, draft.place, draft.target, draft.back_to) == (
        draws.surprise_kind, 2, BRUNO_PLACE, "surprise", RUNNER)


# --------------------------------------------------------------------- announcements
def test_a_screen_showing_the_reveal_needs_no_modal_for_it():
    page = FakePage(width=390)
    announcer = Announcer(page, Texts("pt-BR"))
    surprise = Event.of(3, "announce.bag.surprise_attack",
                        {"seat": 1, "character": "hacker", "kind": "adult", "hand": 1, "applied": 3}, announce=True)
    announcer.announce([surprise], shown_on_screen(BAG, object()))  # the bag screen shows it
    assert page.dialogs == []
    announcer.announce([surprise], shown_on_screen(TABLE, object()))
    assert len(page.dialogs) == 1


def test_only_step_10_of_the_runner_shows_the_reveal(controller):
    _new(controller)
    controller.execute(StartEventPhase())
    noise = "announce.bag.developed_noise"
    seen = {}
    while controller.state.event_phase is not None:
        step = controller.state.event_phase.step
        seen[step] = noise in shown_on_screen(RUNNER, controller.view(make_context(controller).viewer))
        controller.execute(next_runner_command(controller.state, controller.rules))
    assert seen.pop(EventStep.DEVELOPMENT) is True
    assert not any(seen.values())


# --------------------------------------------------------------------- the shell
def _live(controller) -> tuple[PageApp, LivePage]:
    page = LivePage(390)
    _patch_dialog_updates(page)
    app = page_app(page, controller, language="pt-BR", startup_errors=[])
    app.start()
    return app, page


def test_the_status_strip_sits_above_the_scrolling_screen(controller):
    app, page = _live(controller)
    assert page.scroll is not None  # home: the page itself scrolls
    _new(controller)
    for screen in (TABLE, BAG, RUNNER):
        app.navigate(screen)
        busy, strip, scroller = page.controls
        assert ids.BUSY in identifiers(busy)  # the thin bar a slow tap shows, above everything
        assert ids.STATUS_STRIP in identifiers(strip) and ids.STATUS_STRIP not in identifiers(scroller)
        # Each screen scrolls in its own holder (one shared scroller would carry a long
        # screen's offset to the next), or fills it and scrolls its own body (kit.pinned);
        # the column around the holders does not scroll.
        assert page.scroll is None and scroller.scroll is None and scroller.expand
        assert all(holder.expand and holder.content.expand and (holder.content.scroll is not None or (
            holder.content.controls[0].expand and not holder.content.controls[0].height)) for holder in scroller.controls)
        # Every screen visited stays in its own holder; the one shown is the only one visible.
        shown = [holder.content.controls[0] for holder in scroller.controls if holder.visible]
        assert shown == [app.shown_screen()] and app.frame.host.shown_name == screen
    assert len(scroller.controls) == 3


def test_undo_says_what_it_took_back_and_offers_to_redo_it(controller):
    app, page = _live(controller)
    _new(controller)
    controller.execute(PlaceFire())
    line = controller.history(app.ctx.viewer, limit=1)[0]
    undo = _find(page.appbar, ids.UNDO)
    _click(undo)
    assert controller.state.fire == 0
    notice = page.dialogs[-1]
    assert isinstance(notice, ft.SnackBar)
    said = " ".join(strings(notice.content))
    assert Texts("pt-BR").t("ui.common.undone", what=Texts("pt-BR").entry(line)) in said
    notice.on_action(None)
    assert controller.state.fire == 1


@pytest.mark.parametrize("screen", (RUNNER, BAG, TABLE, "events-decks"))
def test_a_table_screens_address_opens_that_screen_again(controller, tmp_path, screen):
    """What a reload or a reconnect sends: the screen's address with the host key."""
    from companion.engine.views import NOBODY, TABLE as TABLE_VIEWER
    from companion.seats.phone_access import PhoneAccess
    from companion.seats.seating import Seating

    from .test_phone_pages import PhonePage

    _new(controller)
    seating = Seating(controller, tmp_path / "seating")
    address = f"/{screen}?{seating.credential_query(TABLE_VIEWER)}"
    for route, viewer in ((address, TABLE_VIEWER), (f"/{screen}?k=not-the-key", NOBODY)):
        page = PhonePage(route, "s1")
        app = page_app(page, controller, language="pt-BR", startup_errors=[], seating=seating,
                      phone_access=PhoneAccess(host="127.0.0.1", port=0), trusted=False)
        app.start()
        assert app.ctx.viewer == viewer
        shown = set().union(*(identifiers(control) for control in page.controls))
        assert (ids.STATUS_STRIP in shown) == (viewer == TABLE_VIEWER)
        if viewer == TABLE_VIEWER:
            assert app.screen == screen and app.frame.host.shown_name == screen
