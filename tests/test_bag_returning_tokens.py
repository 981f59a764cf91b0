"""The token that leaves is the token that returns: an intruder going back into the bag
takes the token drawn for it, not another token of its kind from beside the board."""
from __future__ import annotations

import pytest

from tests.conftest import LAYOUT_1234, do
from tests.support.bag_helpers import full_bag, new_keys, session_with_bag


@pytest.mark.parametrize("token", ["adult_1", "adult_7", "adult_12", "creeper_2"])
def test_the_technical_corridor_returns_the_token_drawn_for_the_intruder(rules, token):
    # Every other token of the kind waits beside the board too.
    game = session_with_bag(rules, [token, "blank"], layout=LAYOUT_1234)
    do(game, "resolve_encounter", seat=1, place="S-01", hand=5, outcome={"token": token})
    kind = token.split("_")[0]
    aside_before = list(game.state.bag.aside)
    state = do(game, "intruder_to_technical_corridor", kind=kind)
    assert token in state.bag.bag and token not in state.bag.aside
    assert state.bag.aside == [t for t in aside_before if t != token]
    assert state.bag.on_board_tokens == []


def test_lurking_with_two_different_tokens_returns_one_of_them_and_says_so(rules):
    game = full_bag(rules, layout=LAYOUT_1234)
    do(game, "resolve_encounter", seat=1, place="S-01", hand=5, outcome={"token": "adult_1"})
    do(game, "resolve_encounter", seat=2, place="S-01", hand=5, outcome={"token": "adult_12"})
    state = do(game, "return_intruders_to_bag", counts={"adult": 1})
    returned = {"adult_1", "adult_12"} & set(state.bag.bag)
    assert len(returned) == 1
    assert state.bag.on_board_tokens == sorted({"adult_1", "adult_12"} - returned)
    assert "log.bag.returned_token_unsure" in new_keys(state)


def test_same_numbers_on_the_board_need_no_warning(rules):
    game = full_bag(rules, layout=LAYOUT_1234)
    do(game, "resolve_encounter", seat=1, place="S-01", hand=5, outcome={"token": "adult_1"})
    do(game, "resolve_encounter", seat=2, place="S-01", hand=5, outcome={"token": "adult_2"})
    state = do(game, "return_intruders_to_bag", counts={"adult": 2})
    assert {"adult_1", "adult_2"} <= set(state.bag.bag)
    assert "log.bag.returned_token_unsure" not in new_keys(state)


def test_a_killed_intruder_keeps_its_token_beside_the_board(rules):
    game = full_bag(rules, layout=LAYOUT_1234)
    do(game, "resolve_encounter", seat=1, place="S-01", hand=5, outcome={"token": "adult_12"})
    state = do(game, "kill_intruder", kind="adult")
    assert "adult_12" in state.bag.aside and state.bag.on_board_tokens == []
    # A card places an Adult with no token: when it leaves, a token of the supply returns.
    do(game, "place_intruder", kind="adult")
    state = do(game, "intruder_to_technical_corridor", kind="adult")
    assert "adult_12" in state.bag.bag and not [t for t in state.bag.aside if t.startswith("adult")]
