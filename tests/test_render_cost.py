"""What a render sends to the page, measured on a real Flet session (tests/flet_session.py).

Kept screens (the table, the bag screen, kit.kept): a tap builds no control but what
arrives (a new log line, a token on a new slot) and sends exactly the properties its view
changed; a screen change builds nothing the second time and sends the holders'
visibility. Screens still rebuilt (the Event Phase's): a screen drawn again unchanged
sends nothing."""
from __future__ import annotations

from contextlib import contextmanager

import pytest

from companion.engine import NewGame, PlayerSetup
from companion.engine.commands import PlaceFire

from .flet_session import (controls_built, counting, live_page, noted_changes, patch_operations, table_page, tap,
                           without_busy_bar)
from .ui_tree import make_controller, page_app
from companion.ui.table import ids as table_ids

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
    assert table_ids.ADVANCE_TIME in shown and table_ids.TIME_TRACK in shown and ids.LOG not in shown
    # The whole table is about 500 controls; its first part, under 300 (about 250 now).
    assert 0 < first.added < 300


def test_every_control_on_the_page_stays_in_flets_index(table):
    """Flet drops kept controls from its index under a rebuilt screen: a tap on one would
    walk the page to find it, and what the player types into one would be lost."""
    from tests.support.control_tree import controls_on

    controller, app, _wire = table
    controller.execute(PlaceFire())
    app.render()
    index = app.page.session.index
    shown = list(controls_on(app.page))
    assert len(shown) > 400
    assert [c for c in shown if index.get(c._i) is not c] == []


# --------------------------------------------------------------------- kept screens
@contextmanager
def _seeded(tmp_path, monkeypatch, screen: str):
    """`screen` of the game bench_web serves, on a live page; yields (controller, app, wire,
    noted): `noted` collects, for each take of a screen's changes, how many properties were
    set and how many buttons are under the controls to update."""
    from companion.rules import load_rules
    from tests.benchmarks import web_game

    seed, advances = web_game.find_quiet_start(load_rules())
    noted = noted_changes(monkeypatch)
    with table_page(tmp_path, web_game.new_game(seed)) as (controller, app, wire):
        for command in web_game._opening(advances):
            controller.execute(command)
        app.navigate(screen)
        without_busy_bar(app.page)
        if screen == "bag":
            # Who and where first, as a table taps them (nothing is chosen before): the picks
            # measured below change an answer already given.
            tap(app.page, f"encounter-seat-{web_game.ENCOUNTER_SEAT}")
            tap(app.page, f"encounter-place-{web_game.ENCOUNTER_PLACE.value}")
        wire.take()
        del wire.bodies[:]
        yield controller, app, wire, noted


@pytest.fixture
def bag(tmp_path, monkeypatch):
    with _seeded(tmp_path, monkeypatch, "bag") as seeded:
        yield seeded


@pytest.fixture
def kept_table(tmp_path, monkeypatch):
    with _seeded(tmp_path, monkeypatch, "table") as seeded:
        yield seeded


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


def test_the_busy_bar_costs_a_tap_two_small_messages(tmp_path, monkeypatch):
    """Shown before the work (two values), hidden with the answer (two values); a tap that
    changes nothing else sends only those."""
    import msgpack

    with _seeded(tmp_path, monkeypatch, "bag") as (_controller, app, wire, _noted):
        from companion.ui.busy import _BARS

        _BARS[app.page] = app.busy  # the fixture took it away
        tap(app.page, "encounter-seat-2")
        del wire.bodies[:]
        wire.take()
        tap(app.page, "encounter-seat-2")  # chosen already: nothing else changes
        sent = wire.take()
        targets = [msgpack.unpackb(body, strict_map_key=False)[1]["id"] for body in wire.bodies]
        assert targets == [app.busy.bar._i, app.busy.bar._i] and sent.added == 0
        assert patch_operations(wire.bodies) == 4 and sent.bytes < 200
        assert app.busy.shown is False and app.busy.bar.value == 0


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
    # Both screens are kept: going back and forth builds nothing and sends the two holders'
    # visibility and what changed meanwhile.
    for built, sent, _operations, _properties in (to_table, to_bag, again):
        assert built == 0 and sent.added == 0 and sent.bytes < 1000


def test_a_kept_screen_keeps_flets_index_whole(bag):
    from tests.support.control_tree import controls_on

    _controller, app, wire, noted = bag
    for identifier in ("encounter-seat-2", "encounter-hand-3", "draw-encounter", "bag-back", "open-bag"):
        _tapped(app.page, wire, noted, identifier)
    index = app.page.session.index
    shown = list(controls_on(app.shown_screen()))
    assert len(shown) > 400 and [c for c in shown if index.get(c._i) is not c] == []


# --------------------------------------------------------------------- the table, kept
# A log line is four controls (its frame, its row, two texts); a token on a slot, two.
LINE_CONTROLS, TOKEN_CONTROLS = 4, 2


def _lines(controller, app) -> int:
    return len(controller.history(app.ctx.viewer, limit=500))


# What a tap may send besides its values: a log line's words, a button's style (Flet 1.0.5
# sends it again whenever an update walks over the button), the patch's own frame.
LINE_BYTES, STYLE_BYTES, FRAME_BYTES = 400, 400, 1200


def _table_tap(kept_table, identifier: str):
    """Tap `identifier` on the table: the controls built, what was sent, its operations and
    properties (as `_tapped`), how many log lines it wrote, and the most bytes it may send."""
    controller, app, wire, noted = kept_table
    lines = _lines(controller, app)
    built, sent, operations, properties = _tapped(app.page, wire, noted, identifier)
    new_lines = _lines(controller, app) - lines
    buttons = sum(walked for _properties, walked in noted)
    allowed = FRAME_BYTES + LINE_BYTES * new_lines + STYLE_BYTES * buttons + 40 * properties
    return built, sent, operations, properties, new_lines, allowed


@pytest.mark.parametrize("taps", [("power-flip-S-01",), ("fire-place", "fire-remove"),
                                  ("crew-knowledge-up-1", "crew-knowledge-down-1")])
def test_a_tap_on_the_table_builds_only_its_log_lines_and_sends_what_it_changed(kept_table, taps):
    for identifier in taps:
        built, sent, operations, properties, new_lines, allowed = _table_tap(kept_table, identifier)
        assert new_lines > 0, f"{identifier} sent no command"
        # Nothing of the screen is built again: only the new lines of the log.
        assert built <= LINE_CONTROLS * new_lines and sent.added == built
        # One operation per property the view changed (and the new lines), nothing else:
        # neither the Time track, nor another panel, nor the rest of the log.
        assert 0 < properties and operations <= properties + built
        assert sent.bytes < allowed


def test_advance_time_asks_in_place_then_moves_only_the_token(kept_table):
    controller, app, _wire, _noted = kept_table
    time = controller.state.time
    built, sent, operations, properties, new_lines, allowed = _table_tap(kept_table, "advance-time")
    # The question was there all along, hidden: asking builds nothing and sends its showing.
    assert (built, sent.added, new_lines) == (0, 0, 0) and 0 < properties == operations
    assert sent.bytes < allowed
    built, sent, operations, properties, new_lines, allowed = _table_tap(kept_table, "confirm-ok")
    assert controller.state.time == time - 1 and new_lines > 0
    # The Time token arrives on its new slot (built there) and leaves the old one; the
    # other slots, the legend and the panels are left as they are.
    assert built <= TOKEN_CONTROLS + LINE_CONTROLS * new_lines and sent.added == built
    assert operations <= properties + built and sent.bytes < allowed


def test_a_new_log_entry_adds_its_own_lines_and_keeps_the_others(kept_table):
    controller, app, _wire, _noted = kept_table
    log = app.frame.host.kept_screen("table").log
    before = dict(log.lines.items)
    _built, _sent, _operations, _properties, new_lines, _allowed = _table_tap(kept_table, "fire-place")
    after = log.lines.items
    assert len(after) == min(len(before) + new_lines, log.limit)
    assert all(after[key] is line for key, line in before.items() if key in after)
    assert len([key for key in after if key not in before]) == new_lines


def test_a_tap_that_asks_nothing_of_the_game_sends_nothing_more_the_second_time(kept_table):
    controller, app, wire, noted = kept_table
    _table_tap(kept_table, "track-legend-toggle")  # the legend, built on its first showing
    _table_tap(kept_table, "track-legend-toggle")
    built, sent, operations, properties, _new, _allowed = _table_tap(kept_table, "track-legend-toggle")
    # Shown again: the same controls, only their visibility and the toggle's words.
    assert (built, sent.added) == (0, 0) and 0 < properties == operations <= 4
