"""The table and two phones send commands at the same moment: each command is applied
exactly once, in one order that the save file keeps, and every page ends on the same
game."""
from __future__ import annotations

import threading

from companion.seats.controller import TableController
from companion.engine import command_to_json
from companion.engine import commands as c
from companion.engine.views import TABLE, seat_viewer
from companion.store import GameStore
from tests.conftest import cmd, setup_command

PER_SENDER = 100
SECTIONS = ["S-01", "S-02", "S-03", "ELEVATOR"]


def _commands(sender: str) -> list[c.GameCommand]:
    if sender == "table":
        return [cmd("flip_power", section=SECTIONS[i % 4]) for i in range(PER_SENDER)]
    seat = int(sender[-1])
    # Knowledge 0..4 and back: always legal, whatever the other senders did.
    return [cmd("set_knowledge", seat=seat, value=i % 5) for i in range(PER_SENDER)]


def test_three_senders_at_once_converge(tmp_path, rules):
    store = GameStore(tmp_path, rules=rules)
    controller = TableController(store, rules)
    game_id = controller.new_game(setup_command(players=3, seed=11), "t")
    viewers = {"table": TABLE, "seat1": seat_viewer(1), "seat2": seat_viewer(2)}
    last: dict[str, object] = {}
    seen_versions: dict[str, list[int]] = {name: [] for name in viewers}

    def listener(name):
        def take(feed) -> None:
            seen_versions[name].append(feed.version)
            last[name] = feed
        return take

    for name, viewer in viewers.items():
        controller.subscribe(viewer, listener(name))
    start = threading.Barrier(len(viewers))
    failures: list[BaseException] = []

    def send(name: str) -> None:
        try:
            start.wait()
            for command in _commands(name):
                controller.execute(command, viewers[name])
        except BaseException as exc:  # noqa: BLE001 - reported below
            failures.append(exc)

    threads = [threading.Thread(target=send, args=(name,)) for name in viewers]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert not failures
    session = controller.session
    applied = [command_to_json(command) for command in session.commands[1:]]
    assert len(applied) == 3 * PER_SENDER
    # Each sender's commands appear once each, in the order that sender sent them.
    for name in viewers:
        mine = [command_to_json(command) for command in _commands(name)]
        assert [a for a in applied if a in set(mine)] == mine
    # The save file holds the same single order.
    reopened = GameStore(tmp_path, rules=rules).load(game_id)
    assert [command_to_json(command) for command in reopened.commands[1:]] == applied
    assert reopened.state.model_dump_json() == controller.state.model_dump_json()
    # Every page got every change, in order, and ends on the controller's view.
    for name, viewer in viewers.items():
        assert seen_versions[name] == sorted(seen_versions[name])
        assert len(seen_versions[name]) == 3 * PER_SENDER
        assert last[name].view == controller.view(viewer)
    assert last["table"].view.public == last["seat1"].view.public == last["seat2"].view.public
