"""Power tokens: Restore Power, the Power Generator (flip), swaps and Power Surge."""
from __future__ import annotations

import pytest

from companion.engine import Section
from tests.conftest import LAYOUT_1234, do, new_keys, refused
from tests.support.journal import events_of

S01, S02, S03, ELEV = Section.S01, Section.S02, Section.S03, Section.ELEVATOR
REARRANGED = {"S-01": 4, "S-02": 3, "S-03": 2, "ELEVATOR": 1}


def _tokens(state) -> dict[str, tuple[int, bool]]:
    return {section.value: (t.number, t.active) for section, t in state.power.items()}


def test_restore_power_with_one_active_token(make_game):
    game = make_game(layout=LAYOUT_1234)
    do(game, "flip_power", section="S-01")
    do(game, "flip_power", section="S-02")
    state = do(game, "flip_power", section="S-03")
    assert [t.number for t in state.active_power_tokens()] == [3]
    assert not state.time_active
    state = do(game, "restore_power", layout=REARRANGED)
    assert _tokens(state) == {"S-01": (4, False), "S-02": (3, False), "S-03": (2, True), "ELEVATOR": (1, True)}
    assert state.time_active
    assert {"log.restore_power_reset", "log.power_rearranged", "announce.backup_power_on"} <= set(new_keys(state))
    rearranged = next(e for e in events_of(state) if e.key == "log.power_rearranged")
    assert rearranged.params == {"s01": 4, "s02": 3, "s03": 2, "elevator": 1}


def test_restore_power_with_three_active_tokens_keeps_sides(make_game):
    game = make_game(layout=LAYOUT_1234)
    state = do(game, "flip_power", section="S-03")  # 1, 2, 3 active
    state = do(game, "flip_power", section="S-01")  # 2, 3 active ...
    state = do(game, "flip_power", section="ELEVATOR")  # ... 2, 3, 4 active
    assert sorted(t.number for t in state.active_power_tokens()) == [2, 3, 4]
    state = do(game, "restore_power", layout=REARRANGED)
    # Not reset to "1 and 2": every token keeps its side, only positions change.
    assert _tokens(state) == {"S-01": (4, True), "S-02": (3, True), "S-03": (2, True), "ELEVATOR": (1, False)}
    assert state.time_active
    assert "log.restore_power_kept" in new_keys(state)


def test_restore_power_with_two_active_tokens_resets(make_game):
    game = make_game(layout=LAYOUT_1234)
    do(game, "flip_power", section="S-01")
    state = do(game, "flip_power", section="ELEVATOR")  # 2 and 4 active
    state = do(game, "restore_power")
    assert _tokens(state) == {"S-01": (1, True), "S-02": (2, True), "S-03": (3, False), "ELEVATOR": (4, False)}


def test_restore_power_keeps_an_active_time_token_active(make_game):
    game = make_game(layout=LAYOUT_1234)
    do(game, "restore_power")
    state = do(game, "restore_power")
    assert state.time_active and "announce.backup_power_on" not in new_keys(state)


@pytest.mark.parametrize(
    "layout",
    [
        {"S-01": 1, "S-02": 1, "S-03": 3, "ELEVATOR": 4},  # a token twice
        {"S-01": 1, "S-02": 2, "S-03": 3},  # a Section missing
        {"S-01": 1, "S-02": 2, "S-03": 3, "ELEVATOR": 5},  # no such token
    ],
)
def test_restore_power_refuses_an_invalid_layout(make_game, layout):
    game = make_game(layout=LAYOUT_1234)
    refused(game, "error.power_layout_invalid", "restore_power", layout=layout)


def test_flip_power(make_game):
    game = make_game(layout=LAYOUT_1234)
    state = do(game, "flip_power", section="S-02")
    assert _tokens(state)["S-02"] == (2, False) and "log.power_off" in new_keys(state)
    state = do(game, "flip_power", section="S-02")
    assert _tokens(state)["S-02"] == (2, True) and "log.power_on" in new_keys(state)
    state = do(game, "flip_power", section="ELEVATOR")
    assert _tokens(state) == {"S-01": (1, True), "S-02": (2, True), "S-03": (3, False), "ELEVATOR": (4, True)}


def test_swap_power(make_game):
    game = make_game(layout=LAYOUT_1234)
    state = do(game, "swap_power", first="S-01", second="ELEVATOR")
    assert _tokens(state) == {"S-01": (4, False), "S-02": (2, True), "S-03": (3, False), "ELEVATOR": (1, True)}
    assert state.is_powered(S02) and not state.is_powered(S01) and state.is_powered(ELEV)
    refused(game, "error.swap_same_section", "swap_power", first="S-02", second="S-02")


def test_power_surge(make_game):
    game = make_game(layout=LAYOUT_1234)
    state = do(game, "power_surge")
    assert not state.time_active and "log.power_surge_no_effect" in new_keys(state)
    do(game, "restore_power")
    state = do(game, "power_surge")
    assert not state.time_active and "announce.power_surge" in new_keys(state)
    assert _tokens(state) == {"S-01": (1, True), "S-02": (2, True), "S-03": (3, False), "ELEVATOR": (4, False)}


def test_red_thresholds_fire_again_after_power_surge(make_game):
    game = make_game(layout=LAYOUT_1234)
    do(game, "restore_power")
    state = do(game, "advance_time")  # 14 red, Time active: ignored
    assert len(state.active_power_tokens()) == 2
    do(game, "power_surge")
    state = do(game, "advance_time")  # 13 red, Time inactive: token 2 off
    assert [t.number for t in state.active_power_tokens()] == [1]
