"""The journal: typed events beside the state, their visibility and topics, and the
session's history (newest first, undone steps left out, redo bringing them back)."""
from __future__ import annotations

import statistics
import time

import pytest
from pydantic import ValidationError

from companion.engine import GameSession, run
from companion.engine.context import Turn
from companion.engine.journal import (
    ENGINE_ONLY,
    Audience,
    Event,
    Topic,
    Visibility,
    for_engine,
    for_seat,
    for_table,
    of_topics,
    topic_entry,
    topic_of,
)
from companion.i18n.catalog import load_catalog
from companion.i18n.coverage import engine_keys
from tests.conftest import cmd, do
from tests.support.bag_helpers import start, with_bag
from tests.support.deck_helpers import with_state
from tests.support.long_game import long_game


# --------------------------------------------------------------------- events and visibility
def test_the_state_holds_no_log(make_game):
    game = make_game()
    do(game, "advance_time")
    assert "log" not in game.state.model_dump()
    assert [e.key for e in game.events_at(1)][0] == "log.time_advanced"


def test_run_returns_the_state_and_the_events_of_its_step(make_game, rules):
    game = make_game()
    state, events = run(game.state, cmd("place_fire"), rules)
    assert state.fire == 1 and game.state.fire == 0
    assert [(e.seq, e.key, e.params) for e in events] == [(1, "log.fire_placed", {"count": 1, "pool": 12})]


def test_setup_lines_are_events_of_step_zero(rules):
    game = start(rules, physical=True)
    assert {e.seq for e in game.events_at(0)} == {0}
    assert game.events_at(0)[0].key == "log.new_game"


def test_a_line_for_one_seat_reaches_that_seat_only(make_game, rules):
    turn = Turn(state=make_game().state, rules=rules, seq=4)
    turn.log_for_seat(2, "log.signal", seat=2, character="janitor")
    turn.log("log.death", seat=1, character="hacker")
    turn.announce("announce.first_death", visibility=ENGINE_ONLY, seat=1, character="hacker")
    private, public, hidden = turn.events
    assert private.params == {"seat": 2, "character": "janitor"}  # a `seat` parameter is a parameter
    assert private.visibility == Visibility.for_seat(2) and private.seq == 4
    assert (private.reaches_table, private.reaches_seat(2), private.reaches_seat(1)) == (False, True, False)
    assert (public.reaches_table, public.reaches_seat(1), public.reaches_seat(3)) == (True, True, True)
    assert hidden.announce and not hidden.reaches_table and not any(hidden.reaches_seat(s) for s in (1, 2, 3))


def test_a_seat_visibility_names_its_seat():
    with pytest.raises(ValidationError):
        Visibility(audience=Audience.SEAT)
    with pytest.raises(ValidationError):
        Visibility(audience=Audience.EVERYONE, seat=1)


def test_history_gives_each_viewer_its_own_lines(make_game, rules):
    game = make_game()
    do(game, "place_fire")
    mine = Event.of(1, "log.signal", {"seat": 2, "character": "janitor"}, visibility=Visibility.for_seat(2))
    hidden = Event.of(1, "log.bag.token_added", {"kind": "adult", "token": "adult_3", "light": 2, "dark": 3},
                      visibility=ENGINE_ONLY)
    events = {0: game.events_at(0), 1: game.events_at(1) + (mine, hidden)}
    session = GameSession(rules, game.commands, 1, {1: game.state}, events=events)
    keys = lambda viewer: [e.key for e in session.history(viewer)]  # noqa: E731
    assert keys(for_table) == ["log.fire_placed", "log.new_game"]
    assert keys(for_seat(2)) == ["log.fire_placed", "log.signal", "log.new_game"]
    assert keys(for_seat(1)) == keys(for_table)
    assert keys(for_engine) == ["log.fire_placed", "log.signal", "log.bag.token_added", "log.new_game"]


def test_a_digital_bag_keeps_the_numbers_going_in_from_every_screen(rules):
    larvae = [spec.id for spec in rules.intruders.tokens if spec.kind == "larva"][:4]
    game = with_state(rules, start(rules), with_bag(start(rules).state, rules, larvae))
    for _ in range(4):
        do(game, "develop_bag")  # each Larva leaves the bag and an Adult goes in
    hidden = [e for e in game.history(for_engine) if e.visibility.audience is Audience.ENGINE]
    # The token going in, and the development line naming the drawn token's numbers.
    assert hidden and "log.bag.token_added" in {e.key for e in hidden}
    assert {e.key for e in hidden} <= {"log.bag.token_added", "log.bag.developed_larva",
                                       "log.bag.developed_creeper", "announce.bag.developed_noise"}
    assert all({"light", "dark", "token"} <= set(e.params) for e in hidden)
    for viewer in (for_table, for_seat(1), for_seat(2), for_seat(3)):
        seen = game.history(viewer)
        assert not [e for e in seen if e.visibility.audience is not Audience.EVERYONE]
        # The table still learns the kind, once for each hidden line.
        for key in {e.key for e in hidden}:
            assert sum(e.key == f"{key}_unseen" for e in seen) == sum(e.key == key for e in hidden)


def test_a_physical_bag_names_the_token_to_put_in(rules):
    game = start(rules, physical=True)
    do(game, "place_intruder", kind="adult")
    do(game, "return_intruders_to_bag", counts={"adult": 1})
    added = [e for e in game.events_at(2) if e.key == "log.bag.token_added"]
    assert len(added) == 1 and added[0].reaches_table and "light" in added[0].params


# --------------------------------------------------------------------- topics
def test_every_line_the_engine_writes_is_filed_under_a_topic():
    lines = {key for key in engine_keys() if not key.startswith("error.")}
    assert len(lines) > 100
    assert sorted(key for key in lines if topic_entry(key) is None) == []


def test_printed_card_text_is_filed_as_card_text():
    catalog = load_catalog()["pt-BR"]
    card_text = [key for key in catalog if key.startswith(("event_card.effect.", "event_card.dark.",
                                                           "attack_card.effect.", "attack_card.dark."))]
    assert card_text and {topic_of(key) for key in card_text} == {Topic.CARD_TEXT}
    assert topic_of("log.event.drawn") is Topic.DECKS and topic_of("log.event.moves") is Topic.EVENT_CARD
    assert topic_of("log.event_phase.started") is Topic.PHASE and topic_of("log.attack.evolved") is Topic.BAG


def test_a_history_panel_picks_its_topics(make_game):
    game = make_game()
    do(game, "place_fire")
    do(game, "place_intruder", kind="creeper")
    do(game, "advance_time")
    assert [e.key for e in game.history(of_topics(for_table, Topic.BAG))] == ["log.bag.intruder_placed"]
    assert [e.topic for e in game.history(of_topics(for_table, Topic.MARKERS, Topic.TIME))] == [
        Topic.TIME, Topic.MARKERS]


# --------------------------------------------------------------------- history, undo and redo
def test_history_is_newest_step_first_with_each_steps_lines_in_order(make_game):
    game = make_game()
    for _ in range(3):
        do(game, "advance_time")  # slot 14: the time line, the power it cost, the new round's First Player
    history = game.history()
    assert history == [*game.events_at(3), *game.events_at(2), *game.events_at(1), *game.events_at(0)]
    assert [e.key for e in game.events_at(1)] == ["log.time_advanced", "announce.power_lost", "log.first_player.passed"]
    assert game.history(since=2) == list(game.events_at(3)) + list(game.events_at(2))
    assert game.history(limit=1) == [game.events_at(3)[0]]


def test_undone_steps_leave_the_history_and_redo_brings_them_back(make_game):
    game = make_game()
    do(game, "place_fire")
    do(game, "place_malfunction")
    full = game.history()
    game.undo()
    assert "log.malfunction_placed" not in [e.key for e in game.history()]
    assert game.history() == full[1:]
    game.redo()
    assert game.history() == full
    game.undo()
    do(game, "remove_fire")  # a new command drops the redo tail and its events
    assert [e.key for e in game.history()][:2] == ["log.fire_removed", "log.fire_placed"]
    assert "log.malfunction_placed" not in [e.key for e in game.history(for_engine)]


def test_events_of_a_session_without_them_are_replayed(make_game, rules):
    game = make_game()
    do(game, "advance_time")
    do(game, "place_fire")
    bare = GameSession(rules, game.commands, game.cursor, {game.cursor: game.state})
    assert bare.history(for_engine) == game.history(for_engine)


# --------------------------------------------------------------------- cost
def test_apply_cost_does_not_grow_with_the_game(rules):
    """The last 50 of 300 commands cost no more than the first 50 (within one run)."""
    game = long_game(rules, 300)
    first, last = range(1, 51), range(250, 300)
    best = {index: float("inf") for index in (*first, *last)}
    for _ in range(5):  # interleaved, best of five: a busy machine slows both windows alike
        for pair in zip(first, last):
            for index in pair:
                before = game.state_at(index - 1)
                started = time.perf_counter()
                run(before, game.commands[index], rules)
                best[index] = min(best[index], time.perf_counter() - started)
    ratio = statistics.median(best[i] for i in last) / statistics.median(best[i] for i in first)
    assert ratio <= 1.3, f"the last 50 commands cost {ratio:.2f}x the first 50"
