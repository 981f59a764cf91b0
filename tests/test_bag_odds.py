"""The odds of the next draw equal exact enumeration over the bag's tokens, and agree with
what the engine does with each of those tokens."""
from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.engine.bag.model import TOKEN_KINDS
from companion.engine.bag.odds import BagOdds, bag_odds, outcomes
from companion.rules import load_rules
from tests.conftest import LAYOUT_1234
from tests.support.bag_helpers import box_ids, run, start, with_bag

RULES = load_rules()
SPECS = {spec.id: spec for spec in RULES.intruders.tokens}


def enumerate_odds(bag: list[str], hand: int) -> dict:
    """Count outcomes by hand: no Fractions from the code under test."""
    n = len(bag)
    kind_counts = Counter(SPECS[t].kind for t in bag)
    light = sum(1 for t in bag if SPECS[t].light is not None and hand < SPECS[t].light)
    dark = sum(1 for t in bag if SPECS[t].dark is not None and hand < SPECS[t].dark)
    return {
        "kinds": {kind: Fraction(kind_counts[kind], n) for kind in TOKEN_KINDS},
        "light": Fraction(light, n),
        "dark": Fraction(dark, n),
    }


def _bags() -> list[list[str]]:
    states = [start(RULES, seed=seed, players=players).state for seed, players in ((1, 2), (2, 3), (3, 5))]
    bags = [list(state.bag.bag) for state in states]
    # after some development
    state = states[0]
    for _ in range(6):
        state = run(state, RULES, "develop_bag")
        if state.bag.awaiting is not None:
            state = run(state, RULES, "answer_queen_in_nest", character_in_nest=False)
    bags.append(list(state.bag.bag))
    bags.append(box_ids(RULES))
    bags.append(["blank"])
    bags.append(["blank", "queen"])
    bags.append(["larva_5", "larva_6", "adult_12", "breeder_1", "blank"])
    return bags


@pytest.mark.parametrize("bag", _bags(), ids=lambda bag: f"{len(bag)}tokens")
@pytest.mark.parametrize("hand", [0, 1, 2, 3, 4, 5, 6])
def test_odds_equal_exact_enumeration(bag, hand):
    odds = bag_odds(bag, RULES, hand=hand)
    expected = enumerate_odds(bag, hand)
    assert odds.total == len(bag)
    assert odds.kinds == expected["kinds"]
    assert sum(odds.kinds.values()) == 1
    assert (odds.surprise_light, odds.surprise_dark) == (expected["light"], expected["dark"])
    assert odds.surprise(dark=False) == odds.surprise_light and odds.surprise(dark=True) == odds.surprise_dark
    assert odds.surprise_light <= odds.surprise_dark  # Darkness never helps


@settings(max_examples=150, deadline=None)
@given(st.sets(st.sampled_from(box_ids(RULES)), min_size=1), st.integers(0, 7))
def test_odds_equal_enumeration_for_any_bag(bag_set, hand):
    bag = sorted(bag_set)
    odds = bag_odds(bag, RULES, hand=hand)
    expected = enumerate_odds(bag, hand)
    assert (odds.kinds, odds.surprise_light, odds.surprise_dark) == (
        expected["kinds"], expected["light"], expected["dark"])


def test_odds_of_a_game_and_without_a_hand():
    state = start(RULES, seed=1, players=3).state
    odds = bag_odds(state, RULES)
    assert isinstance(odds, BagOdds) and odds.total == 13
    assert odds.kind("adult") == Fraction(6, 13) and odds.kind("breeder") == 0
    assert odds.surprise_light is None and odds.surprise_dark is None
    assert bag_odds(state.bag, RULES) == odds
    assert [o.token for o in outcomes(state, RULES)] == state.bag.bag
    assert sum(o.probability for o in outcomes(state, RULES)) == 1
    with pytest.raises(ValueError):
        bag_odds(state, RULES, hand=-1)


def test_known_values_at_the_start():
    """3 players: 4 Larvae, 1 Creeper, 1 Queen, 6 Adults, 1 Blank; with 2 cards in hand."""
    state = with_bag(start(RULES).state, RULES,
                     ["larva_1", "larva_2", "larva_5", "larva_6", "creeper_1", "queen", "blank",
                      "adult_1", "adult_2", "adult_4", "adult_7", "adult_10", "adult_11"])
    odds = bag_odds(state, RULES, hand=2)
    # Light: more than 2 is Queen 4, Adults 3, 3 -> 3 of 13. Dark: Queen, every Adult -> 7 of 13.
    assert odds.surprise_light == Fraction(3, 13)
    assert odds.surprise_dark == Fraction(7, 13)
    assert odds.kind("larva") == Fraction(4, 13)


@pytest.mark.parametrize("place,dark", [("S-01", False), ("S-03", True), ("STAIRS", True)])
@pytest.mark.parametrize("hand", [0, 2, 3, 4])
def test_odds_match_what_the_engine_does_with_each_token(place, dark, hand):
    """Play each possible token through a physical encounter: the share that surprises is the odds."""
    base = start(RULES, physical=True, layout=LAYOUT_1234).state
    bag = list(base.bag.bag)
    surprises = 0
    for token in bag:
        after = run(base, RULES, "resolve_encounter", seat=1, place=place, hand=hand, outcome={"token": token})
        surprises += bool(after.bag.last_draw.surprise_attack)
    assert bag_odds(base, RULES, hand=hand).surprise(dark=dark) == Fraction(surprises, len(bag))
