"""Random games over every kind of command (tracker, bag, decks, Event Phase), for
property tests that must hold in any reachable state."""
from __future__ import annotations

from hypothesis import strategies as st

from companion.engine import GameSession, IllegalCommand
from companion.engine.bag.model import MINIATURE_KINDS, Place
from companion.rules import load_rules
from tests.conftest import cmd, setup_command
from tests.test_bag_properties import FACTORIES as BAG_FACTORIES
from tests.test_engine_properties import FACTORIES as TRACKER_FACTORIES
from tests.support.victory_helpers import VICTORY_FACTORIES

RULES = load_rules()
PLACES = [p.value for p in Place]
KINDS = list(MINIATURE_KINDS)
FACES = ("A", "B", "C", "ALL", "NONE")

EVENT_FACTORIES = [
    lambda n: cmd("start_event_phase"),
    lambda n: cmd("continue_event_phase"),
    lambda n: cmd("continue_event_phase"),
    lambda n: cmd("continue_event_phase"),
    lambda n: cmd("event_css_launch", face=FACES[n % 5]),
    lambda n: cmd("event_fire_damage", nest_fire=bool(n % 2)),
    lambda n: cmd("draw_event_card"),
    lambda n: cmd("event_power_surge"),
    lambda n: cmd("event_kickstopper"),
    lambda n: cmd("event_coolant_leak", cooling_malfunction=bool(n % 2)),
    lambda n: cmd("event_hatching", nobody_infested=bool(n % 2)),
    lambda n: cmd("event_lurking", counts={KINDS[n % 5]: n % 3}),
    lambda n: cmd("event_noise_in_corridors", had_noise=bool(n % 2)),
    lambda n: cmd("event_egg_protection", seats=tuple(range(1, 1 + n % 3))),
    lambda n: cmd("event_develop_bag"),
    lambda n: cmd("resolve_attack", attacker=KINDS[n % 5], seat=1 + n % 3, place=PLACES[(n // 5) % 5]),
    lambda n: cmd("injury_check", intruder=(KINDS + ["egg"])[n % 6], injuries=1 + n % 4),
]

FACTORIES = TRACKER_FACTORIES + BAG_FACTORIES + EVENT_FACTORIES * 2 + VICTORY_FACTORIES * 2

SETUPS = st.builds(
    lambda players, seed, physical, tokens: setup_command(players=players, seed=seed).model_copy(
        update={"physical_bag": physical, "contingency_tokens": tokens}),
    st.integers(2, 5), st.integers(10**8, 10**9), st.booleans(), st.booleans(),
)

STEPS = st.lists(st.tuples(st.sampled_from(FACTORIES), st.integers(0, 10**6)), min_size=10, max_size=80)

# Moves between commands: 0 = none, 1 = undo, 2 = undo then redo.
MOVES = st.sampled_from([0, 0, 0, 0, 1, 2])


def play(setup, steps, moves=None):
    """Yield the session after each accepted command (and after each undo/redo)."""
    game = GameSession.start(setup, RULES)
    yield game
    for index, (factory, n) in enumerate(steps):
        try:
            game.execute(factory(n))
        except IllegalCommand:
            continue
        yield game
        move = moves[index % len(moves)] if moves else 0
        if move and game.can_undo:
            game.undo()
            yield game
            if move == 2:
                game.redo()
                yield game
