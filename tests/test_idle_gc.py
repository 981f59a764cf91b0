"""Full garbage collections wait for a still game: none in the middle of a change, one
once the game has been still for a while, and the interpreter's own full collections are
held back meanwhile (the quick young ones go on)."""
from __future__ import annotations

import gc

import pytest

from companion.hosting.idle_gc import FULL_AFTER, NEVER, IdleCollector


@pytest.fixture
def kept_threshold():
    threshold = gc.get_threshold()
    yield
    gc.set_threshold(*threshold)


class Game:
    def __init__(self) -> None:
        self.version = 0
        self.now = 0.0


def _due(monkeypatch, due: bool) -> None:
    monkeypatch.setattr(gc, "get_count", lambda: (0, 0, FULL_AFTER if due else FULL_AFTER - 1))


def test_a_full_collection_runs_only_once_the_game_is_still(monkeypatch, kept_threshold):
    game = Game()
    ran: list[int] = []
    monkeypatch.setattr(gc, "collect", lambda *args: ran.append(game.version) or 0)
    collector = IdleCollector(lambda: game.version, quiet=2.0, clock=lambda: game.now)
    _due(monkeypatch, True)
    game.now = 1.0
    assert not collector.tick() and ran == []  # still for one second only
    game.version, game.now = 1, 2.5  # a change: the quiet starts again
    assert not collector.tick()
    game.now = 4.0
    assert not collector.tick() and ran == []
    game.now = 4.6
    assert collector.tick() and ran == [1]
    _due(monkeypatch, False)  # nothing due: nothing runs, however still
    game.now = 60.0
    assert not collector.tick() and ran == [1]


def test_the_interpreter_holds_its_full_collections_while_it_runs(kept_threshold):
    young, middle, full = gc.get_threshold()
    collector = IdleCollector(lambda: 0, every=60.0).start()
    try:
        assert gc.get_threshold() == (young, middle, NEVER)
    finally:
        collector.stop()
    assert gc.get_threshold() == (young, middle, full)


def test_the_server_watches_its_controller_for_stillness(tmp_path):
    from companion.app.startup import choose_language, prepare
    from companion.engine import NewGame, PlayerSetup

    startup = prepare(choice=choose_language("pt-BR"), data_dir=tmp_path)
    before = startup.changes()
    players = (PlayerSetup(name="Ana", character="hacker"), PlayerSetup(name="Bora", character="janitor"))
    startup.seating.controller.new_game(NewGame(players=players, seed=1), "t")
    assert startup.changes() > before
    startup.seating.controller.store.close()
