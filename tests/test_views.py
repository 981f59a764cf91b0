"""No viewer's view holds what it may not know: not the RNG or its seed, not the order of
the bag or the decks, not the bag's token numbers, not another seat's private part; and
a seat cannot act for another seat or do what only the table may."""
from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from companion.engine import GameState
from companion.engine import commands as c
from companion.engine.authority import SEAT_COMMANDS, refusal_for
from companion.engine.views import NOBODY, TABLE, Viewer, seat_viewer, view_for
from tests.conftest import cmd
from tests.support.random_games import MOVES, RULES, SETUPS, STEPS, play

# Ids that say more than the kind ("adult_3"); a kind with one token is named by its kind.
TOKEN_IDS = {spec.id for spec in RULES.intruders.tokens} - {spec.kind for spec in RULES.intruders.tokens}


def viewers_of(state: GameState) -> list[Viewer]:
    return [TABLE, NOBODY] + [seat_viewer(m.seat) for m in state.crew]


def scrambled(state: GameState, rng: random.Random) -> GameState:
    """The same game as far as anyone at the table can know: the bag and the draw piles
    in another order, another seed, another number of draws."""
    data = state.model_dump(mode="json")
    rng.shuffle(data["bag"]["bag"])
    rng.shuffle(data["bag"]["aside"])
    rng.shuffle(data["decks"]["event"]["draw_pile"])
    rng.shuffle(data["decks"]["attack"]["draw_pile"])
    data["rng"] = {"seed": rng.randrange(10**12), "draws": rng.randrange(10**6)}
    return GameState.model_validate(data)


def hidden_leaks(state: GameState, text: str) -> list[str]:
    """Hidden values that appear in a view's JSON."""
    leaks = []
    document = json.loads(text)
    keys = set()

    def walk(node) -> None:
        if isinstance(node, dict):
            keys.update(node)
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(document)
    for forbidden in ("rng", "seed", "draws"):
        if forbidden in keys:
            leaks.append(f"key {forbidden!r}")
    if str(state.rng.seed) in text:
        leaks.append("the seed's value")
    # Token ids tell which numbers a token shows; only a token drawn face up may be named.
    shown = {state.bag.last_draw.token} if state.bag.last_draw is not None else set()
    for token in TOKEN_IDS - shown:
        if f'"{token}"' in text:
            leaks.append(f"token id {token}")
    return leaks


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setup=SETUPS, steps=STEPS, moves=st.lists(MOVES, min_size=1, max_size=8), scramble_seed=st.integers())
def test_no_view_holds_hidden_information(setup, steps, moves, scramble_seed):
    rng = random.Random(scramble_seed)
    for game in play(setup, steps, moves):
        state = game.state
        twin = scrambled(state, rng)
        for viewer in viewers_of(state):
            view = view_for(state, viewer, RULES)
            text = view.model_dump_json()
            assert hidden_leaks(state, text) == [], viewer
            # What a viewer sees depends on nothing hidden: the twin looks the same.
            assert view_for(twin, viewer, RULES).model_dump_json() == text, viewer
            if viewer.kind == "seat":
                assert view.private is not None and view.private.seat == viewer.seat
                assert view.table is None
            elif viewer.is_table:
                assert view.private is None and view.table is not None
            else:
                assert view.private is None and view.table is None


def test_the_scramble_would_be_seen_if_a_view_held_the_order(session_factory=None):
    """Guard for the test above: the full state does change when scrambled."""
    from tests.conftest import setup_command
    from companion.engine import GameSession

    state = GameSession.start(setup_command(players=3, seed=123456789), RULES).state
    twin = scrambled(state, random.Random(1))
    assert twin.model_dump_json() != state.model_dump_json()
    assert hidden_leaks(state, state.model_dump_json())


def test_views_are_immutable():
    from tests.conftest import setup_command
    from companion.engine import GameSession

    state = GameSession.start(setup_command(players=2, seed=5), RULES).state
    view = view_for(state, TABLE, RULES)
    with pytest.raises(ValidationError):
        view.public.round = 9  # type: ignore[misc]
    with pytest.raises(ValidationError):
        view.public.crew[0].knowledge = 9  # type: ignore[misc]


def test_a_seat_not_in_the_game_has_no_view():
    from tests.conftest import setup_command
    from companion.engine import GameSession

    state = GameSession.start(setup_command(players=2, seed=5), RULES).state
    with pytest.raises(KeyError):
        view_for(state, seat_viewer(4), RULES)


def test_the_physical_bag_offers_only_what_can_still_come_out():
    from tests.conftest import setup_command
    from companion.engine import GameSession

    setup = setup_command(players=2, seed=5).model_copy(update={"physical_bag": True})
    state = GameSession.start(setup, RULES).state
    specs = {spec.id: spec for spec in RULES.intruders.tokens}
    expected = {(specs[t].kind, specs[t].light, specs[t].dark) for t in state.bag.bag}
    offered = view_for(state, TABLE, RULES).table.possible_outcomes
    assert set(offered) == expected and len(offered) == len(expected)
    assert view_for(state, seat_viewer(1), RULES).table is None


# --------------------------------------------------------------------- who may act
SEATED = [
    cmd("set_knowledge", seat=1, value=2),
    cmd("activate_knowledge_token", seat=1),
    cmd("send_signal", seat=1),
    cmd("lock_in", seat=1),
    cmd("escape_to_bunker", seat=1),
    cmd("enter_pod", seat=1, pod="A"),
    cmd("resolve_encounter", seat=1, place="S-01", hand=3),
]


@pytest.mark.parametrize("command", SEATED, ids=lambda command: command.type)
def test_a_seat_acts_for_itself_only(command):
    assert type(command) in SEAT_COMMANDS
    assert refusal_for(seat_viewer(1), command) is None
    assert refusal_for(seat_viewer(2), command).key == "error.not_your_seat"
    assert refusal_for(TABLE, command) is None
    assert refusal_for(NOBODY, command).key == "error.not_joined"


@pytest.mark.parametrize("command", [
    c.AdvanceTime(), c.StartEventPhase(), c.RecordDeath(seat=1), cmd("resolve_attack", attacker="adult", seat=1),
    c.SetShowOdds(show=False), c.DrawEventCard(),
], ids=lambda command: command.type)
def test_table_only_commands_are_refused_to_a_seat(command):
    assert refusal_for(seat_viewer(1), command).key == "error.table_only"
    assert refusal_for(TABLE, command) is None


# --------------------------------------------------------------------- what pages are sent
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.function_scoped_fixture])
@given(setup=SETUPS, steps=STEPS, moves=st.lists(MOVES, min_size=1, max_size=8))
def test_every_feed_a_page_is_sent_holds_only_its_viewers_part(tmp_path_factory, setup, steps, moves):
    """Through the controller, as pages receive it: the view and the events of each change."""
    from companion.controller import TableController
    from companion.engine import IllegalCommand
    from companion.engine.journal import Audience
    from companion.store import GameStore

    store = GameStore(tmp_path_factory.mktemp("feed"), rules=RULES)
    controller = TableController(store, RULES)
    players = len(setup.players)
    viewers = [TABLE, NOBODY] + [seat_viewer(n) for n in range(1, players + 1)]
    sent: list = []
    for viewer in viewers:
        controller.subscribe(viewer, sent.append)
    controller.new_game(setup, "t")
    for index, (factory, n) in enumerate(steps):
        try:
            controller.execute(factory(n))
        except IllegalCommand:
            continue
        move = moves[index % len(moves)]
        if move and controller.can_undo:
            controller.undo()
            if move == 2:
                controller.redo()
    assert sent
    state_now = controller.state
    for feed in sent:
        viewer = feed.viewer
        if feed.view is not None:
            text = feed.view.model_dump_json()
            assert not [leak for leak in ("rng", "seed") if f'"{leak}"' in text]
            assert str(state_now.rng.seed) not in text
        for event in feed.events:
            audience = event.visibility.audience
            assert audience is not Audience.ENGINE, (viewer, event.key)
            if audience is Audience.SEAT:
                assert viewer.kind == "seat" and viewer.seat == event.visibility.seat, (viewer, event.key)
        assert (feed.undo is not None) == (viewer.is_table and feed.view is not None)
        if viewer.kind == "seat" and feed.view is not None:
            assert feed.view.private.seat == viewer.seat and feed.view.table is None
