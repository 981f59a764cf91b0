"""What a render sends to the page, measured on a real Flet session (tests/flet_session.py).

Kept screens (the bag screen, kit.kept): a tap builds no control and sends exactly the
properties its view changed; a screen change builds nothing the second time and sends the
holders' visibility. Screens still rebuilt (the table): a panel that did not change is not
sent again, a changed panel is patched in place, and a new log line is one line, not the
whole log rewritten."""
from __future__ import annotations

import flet as ft
import pytest

from companion.engine import NewGame, PlayerSetup
from companion.engine.commands import AdvanceTime, PlaceFire
from companion.ui.shell import PageApp

from .flet_session import controls_built, counting, live_page, patch_operations, table_page, tap
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


# --------------------------------------------------------------------- kept screens
@pytest.fixture
def bag(tmp_path, monkeypatch):
    """The bag screen of the game bench_web serves, on a live page; yields (controller,
    app, wire, noted): `noted` collects, for each take of a screen's changes, how many
    properties were set and how many buttons are under the controls to update."""
    from companion.rules import load_rules
    from companion.ui.kit.kept import Changes
    from companion.ui.live_index import controls_on
    from tests.benchmarks import web_game

    seed, advances = web_game.find_quiet_start(load_rules())
    noted: list[tuple[int, int]] = []
    take = Changes.take

    def noting(changes):
        properties = changes.properties
        roots = take(changes)
        # The buttons under the controls updated: Flet sends each one's style again.
        buttons = sum(isinstance(control, (ft.Button, ft.IconButton)) for root in roots for control in controls_on(root))
        noted.append((properties, buttons))
        return roots

    monkeypatch.setattr(Changes, "take", noting)
    with table_page(tmp_path, web_game.new_game(seed)) as (controller, app, wire):
        for command in web_game._opening(advances):
            controller.execute(command)
        app.navigate("bag")
        # Who and where first, as a table taps them (nothing is chosen before): the picks
        # measured below change an answer already given.
        tap(app.page, f"encounter-seat-{web_game.ENCOUNTER_SEAT}")
        tap(app.page, f"encounter-place-{web_game.ENCOUNTER_PLACE.value}")
        wire.take()
        del wire.bodies[:]
        yield controller, app, wire, noted


def _tapped(page, wire, noted, identifier: str):
    """Tap `identifier`: the controls built, what was sent, its patch operations beyond
    what was set, and the properties set. Flet 1.0.5 sends a button's whole style again
    whenever an update walks over the button (it builds the style anew before every
    update): one operation more for each button under a control that changed, allowed,
    and for none else (an update of a whole screen would send every button's)."""
    del noted[:], wire.bodies[:]
    built = controls_built(lambda: tap(page, identifier))
    sent = wire.take()
    styles = patch_operations(wire.bodies, only="style")
    buttons = sum(changed for _properties, changed in noted)
    assert styles <= buttons, f"{styles} button styles sent, {buttons} buttons under what changed"
    return built, sent, patch_operations(wire.bodies) - styles, sum(properties for properties, _ in noted)


@pytest.mark.parametrize("identifier", ["encounter-seat-2", "encounter-place-S-02", "encounter-hand-3",
                                        "encounter-ignore-darkness"])
def test_a_pick_on_a_kept_screen_builds_nothing_and_sends_what_it_changed(bag, identifier):
    _controller, app, wire, noted = bag
    built, sent, operations, properties = _tapped(app.page, wire, noted, identifier)
    assert built == 0 and sent.added == 0
    # One operation per property the view changed, and nothing else.
    assert 0 < properties == operations and sent.bytes < 100 * operations


def test_a_pick_of_another_character_sends_eight_values_in_one_message(bag):
    _controller, app, wire, noted = bag
    built, sent, operations, _properties = _tapped(app.page, wire, noted, "encounter-seat-2")
    # Two chips change: each its selection, its colour, its frame and its second line's colour.
    assert (built, sent.messages, operations) == (0, 1, 8)


def test_a_tap_that_changes_nothing_sends_nothing(bag):
    _controller, app, wire, noted = bag
    _tapped(app.page, wire, noted, "encounter-seat-2")
    built, sent, operations, properties = _tapped(app.page, wire, noted, "encounter-seat-2")
    # Without marking the event's update done, Flet would update the whole screen after it.
    assert (built, sent.bytes, operations, properties) == (0, 0, 0, 0)


def test_a_draw_builds_only_its_new_log_lines(bag):
    from tests.benchmarks import web_game

    controller, app, wire, noted = bag
    for identifier in (f"encounter-seat-{web_game.ENCOUNTER_SEAT}", f"encounter-place-{web_game.ENCOUNTER_PLACE.value}",
                       f"encounter-hand-{web_game.ENCOUNTER_HAND}"):
        _tapped(app.page, wire, noted, identifier)
    lines = len(controller.history(app.ctx.viewer, limit=50))
    built, sent, operations, properties = _tapped(app.page, wire, noted, "draw-encounter")
    new_lines = len(controller.history(app.ctx.viewer, limit=50)) - lines
    assert controller.state.bag.last_draw is not None and new_lines > 0
    # A log line is four controls (its frame, its row, two texts); the bag's history shows
    # the bag's lines only, the table's log (hidden) is not drawn.
    assert 0 < built <= 4 * new_lines and sent.added == built
    assert operations <= properties + built and sent.bytes < 8000


def test_a_screen_change_builds_nothing_the_second_time_and_sends_under_a_kilobyte(bag):
    _controller, app, wire, noted = bag
    to_table = _tapped(app.page, wire, noted, "bag-back")
    to_bag = _tapped(app.page, wire, noted, "open-bag")
    again = _tapped(app.page, wire, noted, "bag-back")
    built, sent, _operations, _properties = to_bag
    assert built == 0 and sent.added == 0 and sent.bytes < 1000
    # The table is still rebuilt (kit.graft keeps what did not change): nothing new reaches
    # the page but its screen's root, and the two holders' visibility.
    for _built, sent, _operations, _properties in (to_table, again):
        assert sent.added <= 1 and sent.bytes < 1000


def test_a_kept_screen_keeps_flets_index_whole(bag):
    from companion.ui.live_index import controls_on

    _controller, app, wire, noted = bag
    for identifier in ("encounter-seat-2", "encounter-hand-3", "draw-encounter", "bag-back", "open-bag"):
        _tapped(app.page, wire, noted, identifier)
    index = app.page.session.index
    shown = list(controls_on(app.shown_screen()))
    assert len(shown) > 400 and [c for c in shown if index.get(c._i) is not c] == []
