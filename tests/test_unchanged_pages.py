"""A page whose view a change leaves as it was, and which may read none of the change's
events, is sent nothing: the controller compares each viewer's new view with the one it
last sent. A page that has not joined is shown nothing of the game, so the table's and
the players' changes cost it nothing."""
from __future__ import annotations

import pytest

from companion.engine import commands as c
from companion.engine.views import NOBODY, TABLE, seat_viewer
from companion.seats.controller import TableController
from companion.store import GameStore
from tests.support.contamination_helpers import RULES, digital_setup


@pytest.fixture
def controller(tmp_path):
    with GameStore(tmp_path, rules=RULES) as store:
        controller = TableController(store, RULES)
        controller.new_game(digital_setup(players=2), "t")
        yield controller


def _listening(controller):
    heard = {"table": [], "seat-1": [], "nobody": []}
    controller.subscribe(TABLE, heard["table"].append)
    controller.subscribe(seat_viewer(1), heard["seat-1"].append)
    controller.subscribe(NOBODY, heard["nobody"].append)
    return heard


def test_a_page_whose_view_did_not_change_is_sent_nothing(controller):
    heard = _listening(controller)
    for command in (c.PlaceFire(), c.ChangeKnowledge(seat=2, by=1), c.AdvanceTime()):
        controller.execute(command)
    assert len(heard["table"]) == 3 and len(heard["seat-1"]) == 3
    assert heard["nobody"] == []
    # Nothing changed for anyone: a view compared equal is not sent again either.
    last = heard["seat-1"][-1]
    controller._notify([], "execute")
    assert heard["seat-1"][-1] is last and len(heard["table"]) == 3


def test_undo_redo_and_opening_a_game_always_go_out(controller):
    heard = _listening(controller)
    controller.execute(c.PlaceFire())
    controller.undo()
    controller.redo()
    assert [feed.change for feed in heard["nobody"]] == ["undo", "redo"]
    assert [feed.change for feed in heard["table"]] == ["execute", "undo", "redo"]


def test_a_page_that_joins_later_gets_the_next_change(controller):
    heard = _listening(controller)
    controller.execute(c.PlaceFire())
    late: list = []
    controller.subscribe(seat_viewer(1), late.append)
    controller.execute(c.RemoveFire())
    assert len(late) == 1 and late[0].view.public.fire == 0


def test_a_new_game_goes_out_to_every_page(controller):
    """Even to a page shown nothing of the game: the seating hears of a new game that way."""
    heard = _listening(controller)
    controller.new_game(digital_setup(players=3), "another")
    assert [len(heard[name]) for name in ("table", "seat-1", "nobody")] == [1, 1, 1]


def test_while_a_page_answers_a_tap_the_other_viewers_hear_of_it_after(controller):
    """The tapping page's answer waits for no other viewer's view: its viewer's pages hear
    of each change at once, the others when the answer is drawn, in the order made."""
    heard = _listening(controller)
    with controller.others_after(TABLE):
        controller.execute(c.PlaceFire())
        controller.execute(c.ChangeKnowledge(seat=1, by=1))
        assert len(heard["table"]) == 2 and heard["seat-1"] == []
    assert len(heard["seat-1"]) == 2
    first, second = heard["seat-1"]
    assert first.version < second.version == heard["table"][-1].version
    assert heard["nobody"] == []


def test_a_change_from_elsewhere_sends_what_was_held_first(controller):
    import threading

    heard = _listening(controller)
    with controller.others_after(seat_viewer(1)):
        controller.execute(c.ChangeKnowledge(seat=1, by=1), seat_viewer(1))
        assert len(heard["seat-1"]) == 1 and heard["table"] == []
        # Another page's change (its own thread): the held news goes out before its own.
        worker = threading.Thread(target=controller.execute, args=(c.PlaceFire(),))
        worker.start()
        worker.join()
        assert [feed.version for feed in heard["table"]] == sorted(feed.version for feed in heard["table"])
        assert len(heard["table"]) == 2
    assert len(heard["table"]) == 2  # nothing held twice


def test_news_held_for_later_goes_out_when_released_or_before_the_next_change(controller):
    """With `later`, the block hands over the release of what it held: the others hear of
    it when the release is called, or before any later change reaches them, in order."""
    heard = _listening(controller)
    releases: list = []
    with controller.others_after(TABLE, later=releases.append):
        controller.execute(c.ChangeKnowledge(seat=1, by=1))
    assert len(releases) == 1 and heard["seat-1"] == []
    releases[0]()
    assert len(heard["seat-1"]) == 1
    releases[0]()  # a second call finds nothing left
    assert len(heard["seat-1"]) == 1

    with controller.others_after(TABLE, later=releases.append):
        controller.execute(c.ChangeKnowledge(seat=1, by=1))
    controller.execute(c.ChangeKnowledge(seat=1, by=-1))  # before the release was called
    versions = [feed.version for feed in heard["seat-1"]]
    assert len(versions) == 3 and versions == sorted(versions)

    with controller.others_after(TABLE, later=releases.append):
        controller.execute(c.ChangeKnowledge(seat=1, by=1))
    with controller.others_after(seat_viewer(1)):  # the next tap's block: the held news first
        assert len(heard["seat-1"]) == 4


def test_a_block_that_held_nothing_asks_for_no_release(controller):
    releases: list = []
    with controller.others_after(TABLE, later=releases.append):
        pass
    assert releases == []
