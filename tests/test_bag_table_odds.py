"""The bag's odds are the table's: worked out from the tokens it saw go in and, for every
other token, from all the tokens of that kind it has not seen; never from a number nobody
has seen. Over many games they are the true chances (calibrated), and two bags that differ
only in which unseen tokens they hold look the same to everyone."""
from __future__ import annotations

import math
from fractions import Fraction

from companion.engine import GameSession, GameState
from companion.engine.bag.odds import bag_odds, is_surprise, table_knowledge
from companion.engine.views import TABLE, view_for
from companion.rules import load_rules
from tests.conftest import cmd, setup_command
from tests.support.bag_helpers import ids_of, with_bag

RULES = load_rules()
SPECS = {spec.id: spec for spec in RULES.intruders.tokens}


def _start(seed: int, physical: bool = False) -> GameState:
    setup = setup_command(players=3, seed=seed).model_copy(update={"physical_bag": physical})
    return GameSession.start(setup, RULES).state


def _adults_with_different_numbers() -> tuple[str, str]:
    adults = ids_of(RULES, "adult")
    first = adults[0]
    other = next(t for t in adults if (SPECS[t].light, SPECS[t].dark) != (SPECS[first].light, SPECS[first].dark))
    return first, other


def test_bags_that_differ_only_in_unseen_tokens_show_the_same_odds():
    state = _start(3)
    first, other = _adults_with_different_numbers()
    rest = [t for t in state.bag.bag if not t.startswith("adult")]
    one = with_bag(state, RULES, rest + [first])
    two = with_bag(state, RULES, rest + [other])
    # The bags really differ: the true odds of a Surprise Attack are not the same.
    assert any(bag_odds(one.bag.bag, RULES, hand=hand) != bag_odds(two.bag.bag, RULES, hand=hand)
               for hand in range(11))
    assert view_for(one, TABLE, RULES) == view_for(two, TABLE, RULES)


def test_a_token_the_table_saw_go_back_counts_with_its_own_numbers():
    state = _start(3)
    first, _other = _adults_with_different_numbers()
    rest = [t for t in state.bag.bag if not t.startswith("adult")]
    known = with_bag(state, RULES, rest + [first], seen=[first])
    odds = bag_odds(table_knowledge(known.bag, RULES), RULES, hand=2)
    exact = bag_odds(known.bag.bag, RULES, hand=2)
    # Every Adult in it is known and the other kinds are the same: the table's odds are exact
    # for the Adult's share.
    assert odds.kind("adult") == exact.kind("adult") == Fraction(1, len(known.bag.bag))
    unseen = with_bag(state, RULES, rest + [first])
    assert table_knowledge(known.bag, RULES) != table_knowledge(unseen.bag, RULES)


def test_a_drawn_token_is_seen_and_goes_back_seen():
    game = GameSession.start(setup_command(players=3, seed=11), RULES)
    for _ in range(12):
        step = game.execute(cmd("develop_bag"))
        drawn = game.state.bag.last_draw.token
        assert drawn in game.state.bag.seen
        if SPECS[drawn].kind in ("adult", "breeder") and drawn in game.state.bag.bag:
            assert drawn in table_knowledge(game.state.bag, RULES).known
            return
        assert step is not None
    raise AssertionError("no Adult or Breeder went back into the bag in 12 developments")


def test_the_odds_shown_at_the_start_are_the_true_chances_over_many_games():
    """Calibration: the chance of a Surprise Attack the app shows before the first draw is the
    frequency with which the first draw attacks, over many seeded games (4 standard
    deviations), whatever numbers each game's face-down tokens happen to have."""
    hand, games, attacks = 2, 2000, 0
    shown: set[Fraction] = set()
    for seed in range(games):
        state = _start(10_000 + seed)
        shown.add(view_for(state, TABLE, RULES).public.bag.odds.for_hand(hand).surprise_light)
        after = GameSession(RULES, [setup_command(players=3, seed=10_000 + seed)], 0, {0: state})
        after.execute(cmd("develop_bag"))
        token = after.state.bag.last_draw.token
        attacks += is_surprise(SPECS[token].light, hand)
    # Nothing is seen at the start: every game shows the same chance.
    assert len(shown) == 1
    p = float(shown.pop())
    assert abs(attacks - games * p) < 4 * math.sqrt(games * p * (1 - p)), (attacks, games * p)
