"""What the controller tells each page: its viewer's view, the new step's events that
viewer may read (none for undo, redo or opening a game), the undo state for the table
only, and the journal through `history`."""
from __future__ import annotations

import pytest

from companion.seats.controller import TableController
from companion.engine import IllegalCommand
from companion.engine.journal import Topic
from companion.engine.views import NOBODY, TABLE, seat_viewer
from companion.store import GameStore
from tests.conftest import cmd, setup_command


@pytest.fixture
def controller(tmp_path, rules):
    with GameStore(tmp_path, rules=rules) as store:
        yield TableController(store, rules)


def test_each_page_gets_its_viewers_feed(controller):
    heard: dict[str, list] = {"table": [], "seat": [], "nobody": []}
    controller.subscribe(TABLE, heard["table"].append)
    controller.subscribe(seat_viewer(1), heard["seat"].append)
    controller.subscribe(NOBODY, heard["nobody"].append)
    game_id = controller.new_game(setup_command(), "t")
    table = heard["table"][-1]
    assert [e.key for e in table.events] == ["log.new_game"]
    assert table.view.public.round == controller.state.round and table.view.table is not None
    assert table.undo is not None and not table.undo.can_undo
    seat = heard["seat"][-1]
    assert seat.view.private.seat == 1 and seat.view.table is None and seat.undo is None
    step = controller.execute(cmd("advance_time"))
    table = heard["table"][-1]
    assert table.events == step.events and {e.seq for e in table.events} == {1}
    assert table.view.public.time == step.state.time and table.undo.can_undo
    for move, change in ((controller.undo, "undo"), (controller.redo, "redo")):
        move()
        assert heard["table"][-1].events == () and heard["table"][-1].change == change
    controller.open(game_id)
    assert heard["table"][-1].events == () and heard["table"][-1].change == "open"
    # A page that has not joined is shown nothing of the game (the join screen), private or
    # not: it is sent no command (nothing new for it); a new game, undo, redo and opening a
    # game go out.
    assert [len(feeds) for feeds in heard.values()] == [5, 5, 4]
    assert [feed.change for feed in heard["nobody"]] == ["execute", "undo", "redo", "open"]
    assert all(feed.view is None and feed.undo is None and not feed.events for feed in heard["nobody"])
    versions = [feed.version for feed in heard["table"]]
    assert versions == sorted(versions) and len(set(versions)) == 5


def test_a_seat_cannot_do_what_only_the_table_may(controller):
    game_id = controller.new_game(setup_command(), "t")
    controller.execute(cmd("place_fire"))
    phone = seat_viewer(2)
    before = controller.state
    for attempt in (lambda: controller.undo(phone), lambda: controller.redo(phone),
                    lambda: controller.delete(game_id, phone), lambda: controller.close(phone),
                    lambda: controller.open(game_id, phone),
                    lambda: controller.new_game(setup_command(), "x", phone),
                    lambda: controller.execute(cmd("advance_time"), phone),
                    lambda: controller.execute(cmd("set_knowledge", seat=1, value=3), phone)):
        with pytest.raises(IllegalCommand):
            attempt()
    assert controller.state is before and controller.game_id == game_id
    step = controller.execute(cmd("set_knowledge", seat=2, value=3), phone)
    assert step.state.member(2).knowledge == 3
    assert controller.check(cmd("set_knowledge", seat=1, value=3), phone).key == "error.not_your_seat"
    assert controller.check(cmd("advance_time"), phone).key == "error.table_only"
    assert controller.check(cmd("advance_time"), TABLE) is None


def test_history_follows_the_cursor(controller):
    assert controller.history(TABLE) == []  # no game yet
    controller.new_game(setup_command(), "t")
    controller.execute(cmd("place_fire"))
    controller.execute(cmd("place_malfunction"))
    assert [e.key for e in controller.history(TABLE)] == ["log.malfunction_placed", "log.fire_placed", "log.new_game"]
    controller.undo()
    assert [e.key for e in controller.history(TABLE, limit=1)] == ["log.fire_placed"]
    assert [e.key for e in controller.history(TABLE, Topic.MARKERS)] == ["log.fire_placed"]
    assert [e.key for e in controller.history(seat_viewer(1), since=1)] == ["log.fire_placed"]
