"""What a render sends to the page, measured on a real Flet session (tests/flet_session.py):
a panel that did not change is not sent again, a changed panel is patched in place, and a
new log line is one line, not the whole log rewritten."""
from __future__ import annotations

import pytest

from companion.engine import NewGame, PlayerSetup
from companion.engine.commands import AdvanceTime, PlaceFire
from companion.ui.shell import PageApp

from .flet_session import controls_built, counting, live_page, table_page
from .ui_tree import make_controller, page_app

SETUP = NewGame(players=(PlayerSetup(name="A", character="hacker"), PlayerSetup(name="B", character="janitor")),
                seed=1)


@pytest.fixture
def table(tmp_path):
    with table_page(tmp_path, SETUP) as (controller, app, wire):
        wire.take()
        yield controller, app, wire


def _added(wire) -> int:
    return wire.take().added


def test_a_render_with_nothing_changed_sends_nothing_new(table):
    _controller, app, wire = table
    app.render()
    sent = wire.take()
    # Only the screen's two outer controls are new objects (Flet skips a retained subtree
    # only under a new root with the same key), and nothing goes to the page.
    assert sent.added <= 2 and sent.bytes == 0


def test_a_command_sends_only_what_it_changed(table):
    controller, _app, wire = table
    controller.execute(PlaceFire())
    fire = _added(wire)
    # The markers panel's numbers and one log line; before, every changed panel (and the
    # app bar) was sent whole: about 190 controls.
    assert 0 < fire <= 40


def test_moving_the_time_token_rebuilds_two_slots_not_the_track(table):
    controller, _app, wire = table
    controller.execute(AdvanceTime())
    first = _added(wire)
    controller.execute(AdvanceTime())
    second = _added(wire)
    # Before: 225 controls for the Time track alone on every move.
    assert first <= 120 and second <= 120


def test_undo_and_redo_keep_the_app_bar(table):
    controller, app, wire = table
    controller.execute(PlaceFire())
    wire.take()
    bar = app.page.appbar
    controller.undo()
    controller.redo()
    assert app.page.appbar is bar
    assert app.undo_buttons[0].disabled is False


def test_a_new_log_entry_adds_its_own_lines_only(table):
    controller, app, wire = table
    for _ in range(4):
        controller.execute(PlaceFire())
    wire.take()
    log_before = _log_lines(app)
    controller.execute(PlaceFire())
    wire.take()
    log_after = _log_lines(app)
    kept = [line for line in log_after if any(line is old for old in log_before)]
    assert len(log_after) == len(log_before) + 1
    assert len(kept) == len(log_before)


def _log_lines(app):
    from .ui_tree import walk

    for control in walk(app.page.controls[-1]):
        controls = getattr(control, "controls", None)
        if controls and all(isinstance(getattr(c, "key", None), str) and c.key.startswith("log-") for c in controls):
            return list(controls)
    raise AssertionError("no log on the table screen")


@pytest.mark.parametrize("screen", ["bag", "events", "events-decks"])
def test_a_screen_drawn_again_unchanged_adds_nothing(table, screen):
    _controller, app, wire = table
    app.navigate(screen)
    assert app.screen == screen and _added(wire) > 0
    app.render()
    sent = wire.take()
    assert sent.added <= 2 and sent.bytes == 0


def test_the_first_part_of_the_table_is_the_time_track_and_its_actions(tmp_path):
    from companion.ui import ids

    from .ui_tree import identifiers

    controller = make_controller(tmp_path)
    controller.new_game(SETUP, "t")
    page, wire = live_page()
    with counting(wire):
        app = page_app(page, controller, language="pt-BR", startup_errors=[])
        app.first_paint = True
        app.page.run_task = lambda *a, **k: None  # hold the second part back
        app.start()
    first = wire.take()
    shown = identifiers(page.controls[-1])
    assert ids.ADVANCE_TIME in shown and ids.TIME_TRACK in shown and ids.LOG not in shown
    # The whole table is about 500 controls; its first part, under 300 (about 250 now).
    assert 0 < first.added < 300


def test_every_control_on_the_page_stays_in_flets_index(table):
    """Flet drops kept controls from its index under a rebuilt screen: a tap on one would
    walk the page to find it, and what the player types into one would be lost."""
    from companion.ui.live_index import controls_on

    controller, app, _wire = table
    controller.execute(PlaceFire())
    app.render()
    index = app.page.session.index
    shown = list(controls_on(app.page))
    assert len(shown) > 400
    assert [c for c in shown if index.get(c._i) is not c] == []


def test_a_bag_draw_rebuilds_the_rows_it_changed_not_the_bag(table):
    from companion.engine.commands import ResolveEncounter
    from tests.benchmarks import web_game

    controller, app, wire = table
    for _ in range(2):
        controller.execute(AdvanceTime())
    app.navigate("bag")
    wire.take()
    draw = ResolveEncounter(seat=web_game.ENCOUNTER_SEAT, place=web_game.ENCOUNTER_PLACE, hand=web_game.ENCOUNTER_HAND)
    built = controls_built(lambda: controller.execute(draw))
    # Built anew: the form, the token card, the odds, the history and one row each of the
    # bag, the supply and the board (about 350); with every row rebuilt, about 530.
    assert 0 < built < 420
    # Sent as new to the page: what changed (about 145 with the announcement).
    assert 0 < _added(wire) < 200
