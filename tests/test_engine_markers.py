"""Fire and Malfunction markers: the pool limit destroys the Facility."""
from __future__ import annotations

import pytest

from companion.engine import EndReason, Fate
from companion.vocab import DestructionCause
from tests.conftest import advance_to, do, new_keys, refused

MARKERS = [("fire", 12, DestructionCause.FIRE), ("malfunction", 10, DestructionCause.MALFUNCTION)]


def _crew_everywhere(make_game):
    """Seat 1 locked in, 2 in the Bunker, 3 in pod A, 4 in the Facility (Time on 08)."""
    game = make_game(players=4)
    advance_to(game, 8)
    do(game, "lock_in", seat=1)
    do(game, "open_main_gate")
    do(game, "escape_to_bunker", seat=2)
    do(game, "enter_pod", seat=3, pod="A")
    return game


@pytest.mark.parametrize("marker,pool,cause", MARKERS)
def test_pool_plus_one_destroys_the_facility(make_game, marker, pool, cause):
    game = _crew_everywhere(make_game)
    assert getattr(game.state, f"{marker}_pool") == pool
    for count in range(1, pool + 1):
        state = do(game, f"place_{marker}")
        assert getattr(state, marker) == count and not state.is_over
        assert f"log.{marker}_placed" in new_keys(state)
    state = do(game, f"place_{marker}")
    assert getattr(state, marker) == pool
    assert state.end.reason is EndReason.FACILITY_DESTROYED
    assert state.end.destruction_cause is cause
    assert state.end.time_slot == 8
    assert f"announce.destroyed.{cause.value}" in new_keys(state)
    fates = {f.seat: f.fate for f in state.end.fates}
    assert fates == {1: Fate.KILLED_AT_END, 2: Fate.IN_BUNKER, 3: Fate.ESCAPED_POD, 4: Fate.KILLED_AT_END}
    refused(game, "error.game_over", f"place_{marker}")
    refused(game, "error.game_over", f"remove_{marker}")


@pytest.mark.parametrize("marker,pool,cause", MARKERS)
def test_remove_marker(make_game, marker, pool, cause):
    game = make_game()
    refused(game, f"error.no_{marker}_to_remove", f"remove_{marker}")
    do(game, f"place_{marker}")
    do(game, f"place_{marker}")
    state = do(game, f"remove_{marker}")
    assert getattr(state, marker) == 1
    assert f"log.{marker}_removed" in new_keys(state)
    # Removing frees the pool: pool more markers fit again before destruction.
    for _ in range(pool - 1):
        do(game, f"place_{marker}")
    assert not game.state.is_over
