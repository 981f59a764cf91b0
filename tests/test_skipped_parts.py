"""A screen's part whose inputs did not change is not shown again (KeptScreen.show_part):
it costs a comparison, sets nothing and sends nothing. What keeps that honest is the check
the whole suite runs under (CHECK_SKIPS, on in tests/conftest.py): a skipped part is shown
anyway and must set nothing. Here seeded games of random legal commands, undos and redos
put every skipped part of the table (two layouts) and of two phones through that check, so
an input a part reads but does not name fails here, whichever command moves it."""
from __future__ import annotations

import random
from collections import Counter

import pytest

from companion.engine import commands as c
from companion.engine.views import IllegalCommand, seat_viewer
from companion.ui.kit import kept
from companion.ui.kit.kept import KeptScreen, SkippedPartChanged
from companion.ui.phone.seat_screen import SeatScreen
from companion.ui.table.crew_panel import MemberCard
from companion.ui.table.markers_panel import MarkersPanel
from companion.ui.table.power_panel import PowerPanel
from companion.ui.table.time_track import TimeTrack
from companion.ui.table.view import TableScreen
from tests.support.contamination_helpers import digital_setup

from .ui_tree import make_context, make_controller

# Commands that end or restart more than a move (the game's end is reached anyway, then undone).
LEFT_OUT = {"new_game"}
MOVES = 300
ROUND_KINDS = {"advance_time", "start_event_phase", "continue_event_phase"}


@pytest.fixture
def counted(monkeypatch) -> Counter:
    """Parts skipped, and parts shown, by class name."""
    counts: Counter = Counter()
    check, show_part = KeptScreen._check_skip, KeptScreen.show_part

    def checked(self, part, show):
        counts["skipped " + type(part).__name__] += 1
        return check(self, part, show)

    def shown(self, part, inputs, show):
        counts["asked " + type(part).__name__] += 1
        return show_part(self, part, inputs, show)

    monkeypatch.setattr(KeptScreen, "_check_skip", checked)
    monkeypatch.setattr(KeptScreen, "show_part", shown)
    return counts


def _pick(action, rng: random.Random) -> dict | None:
    """Random allowed values for the action's choices (None: a choice this test does not fill)."""
    picked = {}
    for name, allowed in action.choices.items():
        if not isinstance(allowed, tuple) or not allowed:
            return None
        picked[name] = rng.choice(allowed)
    return picked


def _move(contexts, controller, rng: random.Random, last: list) -> None:
    """One random step: a legal command of the table or a phone (often the one before again,
    as a table taps + twice), an undo or a redo."""
    roll = rng.random()
    try:
        if roll < 0.07:
            controller.undo()
            return
        if roll < 0.12:
            controller.redo()
            return
    except IllegalCommand:
        return
    if last and roll < 0.5:
        ctx, command = last
        try:
            ctx.session.execute(command)
            return
        except (IllegalCommand, ValueError):
            last.clear()
    ctx = rng.choice(contexts)
    offered = [action for action in ctx.actions if action.allowed and action.type not in LEFT_OUT]
    if not offered:
        return
    # A kind of command first, then one of its offers: every kind comes up, however many seats
    # it has; the round's own steps more often, so the Event Phase is played through.
    kinds = sorted({action.type for action in offered})
    rounds = [kind for kind in kinds if kind in ROUND_KINDS]
    kind = rng.choice(rounds if rounds and rng.random() < 0.3 else kinds)
    action = rng.choice([action for action in offered if action.type == kind])
    picked = _pick(action, rng)
    if picked is None:
        return
    try:
        command = action.command(**picked)
        ctx.session.execute(command)
        last[:] = [ctx, command]
    except (IllegalCommand, ValueError):
        pass  # a pick the engine refuses: the game is as it was


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5, 6])
def test_every_skipped_part_would_have_set_nothing(tmp_path, counted, seed):
    assert kept.CHECK_SKIPS, "the suite runs with the skip check on (tests/conftest.py)"
    controller = make_controller(tmp_path)
    controller.new_game(digital_setup(players=4, seed=seed), "t")
    table = make_context(controller, "pt-BR", 1280)
    table_phone = make_context(controller, "tr", 390)
    phones = [make_context(controller, "pt-BR", 390, viewer=seat_viewer(seat)) for seat in (1, 2)]
    screens = [TableScreen(table), TableScreen(table_phone), *(SeatScreen(ctx, on_leave=lambda: None) for ctx in phones)]
    rng = random.Random(seed)
    last: list = []
    for _move_number in range(MOVES):
        for screen in screens:
            screen.show()  # a wrong skip raises SkippedPartChanged here
        _move([table, *phones], controller, rng, last)
        if controller.state.is_over and rng.random() < 0.8:
            try:
                controller.undo()  # mostly back into play, where most parts have something to show
            except IllegalCommand:
                pass  # a step that showed a secret is not undone
    # The check ran: parts of each kind were skipped, and shown again when their inputs moved.
    for part in ("MemberCard", "CrewRow", "TimeTrack", "PowerPanel", "MarkersPanel", "EventsPanel", "OwnCard",
                 "OwnBoard"):
        asked, skipped = counted["asked " + part], counted["skipped " + part]
        assert 0 < skipped < asked, f"{part}: asked {asked} times, skipped {skipped}"


def test_a_part_that_leaves_out_an_input_is_caught(tmp_path, monkeypatch):
    """The check fails a part that does not name all it reads: here the Markers panel
    without the Fire count, after two Fire + (the second finds every action as before)."""
    monkeypatch.setattr(MarkersPanel, "inputs", lambda self: (self.screen.ctx.game.malfunction,))
    controller = make_controller(tmp_path)
    controller.new_game(digital_setup(players=2), "t")
    screen = TableScreen(make_context(controller, "pt-BR", 1280))
    screen.show()
    controller.execute(c.PlaceFire())
    screen.show()
    controller.execute(c.PlaceFire())
    with pytest.raises(SkippedPartChanged, match="MarkersPanel"):
        screen.show()


def test_a_tap_elsewhere_shows_no_crew_card_again(tmp_path, counted, monkeypatch):
    """Fire + on the table: the crew's cards, the Time track and the Power panel are not
    shown again (their inputs and actions are as they were); the Markers panel is."""
    monkeypatch.setattr(kept, "CHECK_SKIPS", False)  # counted as the app runs
    controller = make_controller(tmp_path)
    controller.new_game(digital_setup(players=4), "t")
    screen = TableScreen(make_context(controller, "pt-BR", 1280))
    controller.execute(c.PlaceFire())
    screen.show()
    counted.clear()
    shows: Counter = Counter()
    for part_class in (MemberCard, TimeTrack, PowerPanel, MarkersPanel):
        monkeypatch.setattr(part_class, "show", _counting(part_class.show, part_class.__name__, shows))
    controller.execute(c.PlaceFire())
    screen.show()
    assert counted["asked MemberCard"] == 4 and shows["MemberCard"] == 0
    assert shows["TimeTrack"] == 0 and shows["PowerPanel"] == 0 and shows["MarkersPanel"] == 1
    assert screen.markers.fire.count.value.startswith("2")


def _counting(show, name: str, shows: Counter):
    def counted_show(self, *args, **kwargs):
        shows[name] += 1
        return show(self, *args, **kwargs)

    return counted_show


def test_a_new_language_shows_every_part_again(tmp_path, counted):
    controller = make_controller(tmp_path)
    controller.new_game(digital_setup(players=2), "t")
    ctx = make_context(controller, "pt-BR", 1280)
    screen = TableScreen(ctx)
    screen.show()
    before = screen.markers.fire.label.value
    counted.clear()
    from companion.ui.i18n_view import Texts

    ctx.texts = Texts("tr")
    screen.show()
    assert counted["skipped MemberCard"] == 0 and counted["skipped MarkersPanel"] == 0
    assert screen.markers.fire.label.value != before
