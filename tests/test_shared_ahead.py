"""The parts every viewer's view shares are worked out while the save waits on the disk
(seats/shared_ahead.py): a tap's answer waits for the longer of the two, not for both."""
from __future__ import annotations

import threading

import pytest

from companion.engine import commands as c
from companion.engine.views import TABLE, seat_viewer
from companion.seats import shared_ahead
from companion.seats.controller import TableController
from companion.store import GameStore, WriteError
from tests.support.contamination_helpers import RULES, digital_setup

SLOW_DISK_S = 5  # the most a commit is made to wait for the other thread (it never should)


class SlowDiskStore(GameStore):
    """A store whose commit waits, as on slow flash, until the shared parts are worked out:
    it would wait in vain if they were worked out only after the save."""

    def __init__(self, *args, worked_out: threading.Event, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.worked_out = worked_out
        self.waits: list[bool] = []

    def append(self, game_id, step, *, meanwhile=None) -> None:
        def slow_commit() -> None:
            if meanwhile is not None:
                meanwhile()
            self.waits.append(self.worked_out.wait(SLOW_DISK_S))  # the interpreter is free meanwhile

        super().append(game_id, step, meanwhile=slow_commit)


@pytest.fixture
def counted(monkeypatch):
    """Each time the shared parts are worked out, and on which thread."""
    worked_out = threading.Event()
    threads: list[str] = []
    original = shared_ahead.shared_parts

    def counting(state, rules):
        parts = original(state, rules)
        threads.append(threading.current_thread().name)
        worked_out.set()
        return parts

    monkeypatch.setattr(shared_ahead, "shared_parts", counting)
    return worked_out, threads


def test_the_shared_parts_are_worked_out_while_the_commit_waits_and_only_then(tmp_path, counted):
    worked_out, threads = counted
    with SlowDiskStore(tmp_path, rules=RULES, worked_out=worked_out) as store:
        controller = TableController(store, RULES)
        controller.new_game(digital_setup(players=2), "t")
        heard: list = []
        controller.subscribe(seat_viewer(1), heard.append)
        knowledge = controller.state.member(1).knowledge
        worked_out.clear()
        threads.clear()
        controller.execute(c.ChangeKnowledge(seat=1, by=1))
        assert store.waits == [True]  # done while the commit waited
        assert len(threads) == 1 and threads[0].startswith("shared-parts")
        # The views of the new state use them: nothing is worked out again.
        assert controller.view(TABLE).public.crew[0].knowledge == knowledge + 1
        assert heard[-1].view.public.crew[0].knowledge == knowledge + 1
        assert len(threads) == 1


def test_a_save_that_fails_changes_nothing_and_shows_the_state_as_it_was(tmp_path, counted, monkeypatch):
    worked_out, _threads = counted
    with SlowDiskStore(tmp_path, rules=RULES, worked_out=worked_out) as store:
        controller = TableController(store, RULES)
        controller.new_game(digital_setup(players=2), "t")
        before = controller.view(TABLE)
        knowledge = controller.state.member(1).knowledge

        def full_disk(game_id, step, *, meanwhile=None):
            if meanwhile is not None:
                meanwhile()  # the parts of the state that will not be are worked out, then dropped
            raise WriteError("error.save_failed", store.path_of(game_id), "disk full")

        monkeypatch.setattr(store, "append", full_disk)
        with pytest.raises(WriteError):
            controller.execute(c.ChangeKnowledge(seat=1, by=1))
        assert controller.state.member(1).knowledge == knowledge
        assert controller.view(TABLE) == before
