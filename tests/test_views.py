"""No viewer's view holds what it may not know: not the RNG or its seed, not the order of
the bag or the decks, not the bag's token numbers, not another seat's private part; and
a seat cannot act for another seat or do what only the table may."""
from __future__ import annotations

import json
import random
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from companion.engine import GameState
from companion.engine import commands as c
from companion.engine.authority import PRIVATE_COMMANDS, SEAT_COMMANDS, refusal_for
from companion.engine.views import NOBODY, TABLE, Viewer, seat_viewer, view_for
from tests.conftest import cmd
from tests.support.random_games import MOVES, RULES, SETUPS, STEPS, play
from tests.support.victory_helpers import ended_game, private_twin, walk_to_result

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
            # Nor on the Contingency tokens it has not seen, nor on the other players'
            # Contamination results and objectives before they are revealed.
            assert view_for(private_twin(state, viewer, rng), viewer, RULES).model_dump_json() == text, viewer
            if viewer.kind == "seat":
                assert view.private is not None and view.private.seat == viewer.seat
                assert view.table is None
            elif viewer.is_table:
                assert view.private is None and view.table is not None
            else:
                assert view.private is None and view.table is None


def test_the_private_twin_would_be_seen_if_a_view_held_another_players_secrets():
    """Guard for the check above: the twin does change what only others know, and a view
    holding the whole state would tell the difference."""
    game = ended_game(app_tokens=True)
    changed = 0
    for _name, state in walk_to_result(game):
        for viewer in viewers_of(state):
            twin = private_twin(state, viewer, random.Random(3))
            if twin.model_dump_json() != state.model_dump_json():
                changed += 1
    assert changed > 10


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
    # Nothing has been seen yet: any token of a kind that is in the bag may come out.
    kinds = {specs[t].kind for t in state.bag.bag}
    expected = {(spec.kind, spec.light, spec.dark) for spec in RULES.intruders.tokens if spec.kind in kinds}
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
    cmd("peek_contingency", seat=1, via="computer", target=2),
    cmd("answer_scan", seat=1, larva=False, infected=True),
    cmd("draw_contamination", seat=1, action_cards=10, contamination_cards=1),
    cmd("report_contamination", seat=1, dies=False),
    cmd("choose_objective", seat=1, objective={"kind": "knowledge_token"}),
]


@pytest.mark.parametrize("command", SEATED, ids=lambda command: command.type)
def test_a_seat_acts_for_itself_only(command):
    assert type(command) in SEAT_COMMANDS
    assert refusal_for(seat_viewer(1), command) is None
    assert refusal_for(seat_viewer(2), command).key == "error.not_your_seat"
    # A player's private step is theirs alone: the table may send the others for them.
    if type(command) in PRIVATE_COMMANDS:
        assert refusal_for(TABLE, command).key == "error.seat_only"
    else:
        assert refusal_for(TABLE, command) is None
    assert refusal_for(NOBODY, command).key == "error.not_joined"


@pytest.mark.parametrize("command", [
    c.AdvanceTime(), c.StartEventPhase(), c.RecordDeath(seat=1), cmd("resolve_attack", attacker="adult", seat=1),
    c.SetShowOdds(show=False), c.DrawEventCard(), c.StartVictoryCheck(), c.RevealActiveContingency(),
    c.RevealObjectives(),
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
    from companion.seats.controller import TableController
    from companion.engine import IllegalCommand
    from companion.engine.authority import sender_for
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
            command = factory(n)
            controller.execute(command, sender_for(command))
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


# --------------------------------------------------------------------- Contamination cards and scan results
def _contamination_factories():
    procedures = ("hand", "all", "card", "decontamination", "surgery", "leaving_the_shell", "rest")
    return [
        lambda n: cmd("gain_contamination", seat=1 + n % 3, count=1 + n % 3),
        lambda n: cmd("gain_contamination", seat=1 + n % 3),
        lambda n: cmd("infest_character", seat=1 + n % 3),
        lambda n: cmd("scan_contamination", seat=1 + n % 3, procedure=procedures[n % 7],
                      in_hand=(n // 7) % 4 if n % 7 in (0, 3, 5) else (1 if n % 7 == 6 else None)),
        lambda n: cmd("scan_contamination", seat=1 + n % 3, procedure="hand", marked=["A", "B", "C"][: n % 3 + 1],
                      in_hand=n % 2),
        lambda n: cmd("scan_contamination", seat=1 + n % 3, procedure="card", in_hand=1 + n % 2,
                      remove_infected=bool(n % 2), remove_larva=bool(n % 3), remove_slime=bool(n % 5)),
        lambda n: cmd("suffer_wound", seat=1 + n % 3, serious=bool(n % 2)),
        lambda n: cmd("set_larva", seat=1 + n % 3, larva=bool(n % 2)),
        lambda n: cmd("record_death", seat=1 + n % 3),
    ]


CONTAMINATION_SETUPS = st.builds(
    lambda players, seed, infected: cmd("new_game", seed=seed, digital_contamination=True, infected_count=infected,
                                        players=[{"name": f"P{i}", "character": c} for i, c in
                                                 enumerate(("hacker", "janitor", "sentry", "survivor"), 1)][:players]),
    st.integers(2, 4), st.integers(0, 10**6), st.integers(0, 27),
)
CONTAMINATION_STEPS = st.lists(st.tuples(st.sampled_from(_contamination_factories() * 3 + [
    lambda n: cmd("advance_time"), lambda n: cmd("lock_in", seat=1 + n % 3)]), st.integers(0, 10**6)),
    min_size=5, max_size=40)
CARD_ID = re.compile(r"contamination_\d\d")
WORD_VALUES = ('"infected"', *(f'"decoy_{n}"' for n in range(1, 6)))


def cards_moved(state: GameState, rng: random.Random) -> GameState:
    """The same game as far as anyone can know: every card nobody has marked takes the
    place of another such card (so which unmarked held cards are INFECTED changes), the
    marked cards (their holders know their words), the counts and the recorded results kept."""
    twin = state.model_copy(deep=True)
    deck = twin.contamination
    cards = sorted(card for card in deck.all_cards() if card not in deck.labels)
    swap = {**dict(zip(cards, rng.sample(cards, len(cards)))), **{card: card for card in deck.labels}}
    deck.pool = sorted(swap[card] for card in deck.pool)
    deck.bottom = [swap[card] for card in deck.bottom]
    deck.held = {seat: [swap[card] for card in held] for seat, held in deck.held.items()}
    deck.draws = rng.randrange(10**6)
    return twin


def others_results_changed(state: GameState, viewer: Viewer, rng: random.Random) -> GameState:
    """The same game as far as `viewer` can know: every other player's scan and check
    results made up anew (their words, what followed), the cards and counts kept."""
    twin = state.model_copy(deep=True)
    deck = twin.contamination
    words = ["infected", *(f"decoy_{n}" for n in range(1, 6))]
    own = viewer.seat if viewer.kind == "seat" else None
    for record in [r for seat, r in deck.scans.items() if seat != own] + \
                  [r for seat, r in deck.checks.items() if seat != own]:
        for card in record.cards:
            card.word = rng.choice(words)
        record.died = not record.died
        record.seq += 1
    return twin


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setup=CONTAMINATION_SETUPS, steps=CONTAMINATION_STEPS, moves=st.lists(MOVES, min_size=1, max_size=6),
       seed=st.integers())
def test_no_view_holds_a_card_or_another_players_scan(setup, steps, moves, seed):
    rng = random.Random(seed)
    for game in play(setup, steps, moves):
        state = game.state
        moved = cards_moved(state, rng)
        for viewer in viewers_of(state):
            view = view_for(state, viewer, RULES)
            text = view.model_dump_json()
            assert not CARD_ID.search(text), viewer
            # Which cards are where (and so which held cards are INFECTED) shows nowhere.
            assert view_for(moved, viewer, RULES).model_dump_json() == text, viewer
            # Nor what the other players' scans showed (the table: nobody's).
            assert view_for(others_results_changed(state, viewer, rng), viewer, RULES).model_dump_json() == text
            # Scan results are words; none reaches the shared part of any view.
            public = view.public.model_dump_json()
            assert not [word for word in WORD_VALUES if word in public], viewer
            if viewer.kind != "seat":
                assert view.private is None


def test_the_contamination_twins_would_be_seen_by_a_view_holding_the_cards_or_results():
    """Guard for the test above: the twins do differ from the game where it matters."""
    from companion.engine.contamination.views import seat_contamination
    from tests.support.contamination_helpers import digital_game

    game = digital_game(players=2, seed=3, infected=20)
    for seat in (1, 2):
        game.execute(cmd("gain_contamination", seat=seat, count=3))
        game.execute(cmd("scan_contamination", seat=seat, procedure="hand", in_hand=2))
    state = game.state
    moved = cards_moved(state, random.Random(1))
    assert moved.contamination.held != state.contamination.held
    changed = others_results_changed(state, seat_viewer(1), random.Random(1))
    assert seat_contamination(changed, 2, RULES) != seat_contamination(state, 2, RULES)
    assert seat_contamination(changed, 1, RULES) == seat_contamination(state, 1, RULES)
    own = view_for(state, seat_viewer(2), RULES).model_dump_json()
    assert view_for(changed, seat_viewer(2), RULES).model_dump_json() != own
