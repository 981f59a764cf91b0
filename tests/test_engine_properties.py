"""Random command sequences keep every engine invariant."""
from __future__ import annotations

from functools import lru_cache
from itertools import permutations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.engine import GameSession, GameState, IllegalCommand, Section
from companion.rules import Rules, load_rules
from tests.conftest import cmd, setup_command

@lru_cache(maxsize=1)
def _rules() -> Rules:
    # Not the `rules` fixture: hypothesis would print the whole Rules in every failure report.
    return load_rules()


SECTIONS = [s.value for s in Section]
LAYOUTS = [dict(zip(SECTIONS, p)) for p in permutations([1, 2, 3, 4])]
FACES = ("A", "B", "C", "ALL", "NONE")


def seat(n: int) -> int:
    return n % 7  # 0 and 6 are never seated; 2..5 only with that many players


# Each factory turns a drawn integer into a command (seat, Section, pod, face, layout...).
FACTORIES = (
    [lambda n: cmd("advance_time")] * 16
    + [lambda n: cmd("place_fire")] * 2
    + [lambda n: cmd("place_malfunction")] * 2
    + [
        lambda n: cmd("start_self_destruct"),
        lambda n: cmd("stop_self_destruct"),
        lambda n: cmd("trigger_alert"),
        lambda n: cmd("restore_power"),
        lambda n: cmd("restore_power", layout=LAYOUTS[n % len(LAYOUTS)]),
        lambda n: cmd("power_surge"),
        lambda n: cmd("record_first_encounter"),
        lambda n: cmd("open_main_gate"),
        lambda n: cmd("remove_fire"),
        lambda n: cmd("remove_malfunction"),
        lambda n: cmd("flip_power", section=SECTIONS[n % 4]),
        lambda n: cmd("swap_power", first=SECTIONS[n % 4], second=SECTIONS[(n // 4) % 4]),
        lambda n: cmd("record_death", seat=seat(n)),
        lambda n: cmd("lock_in", seat=seat(n)),
        lambda n: cmd("escape_to_bunker", seat=seat(n)),
        lambda n: cmd("enter_pod", seat=seat(n), pod="ABC"[(n // 7) % 3]),
        lambda n: cmd("enter_pod", seat=seat(n), pod="ABC"[(n // 7) % 3]),
        lambda n: cmd("css_launch", face=FACES[n % 5]),
        lambda n: cmd("css_launch", face=FACES[n % 5]),
        lambda n: cmd("set_knowledge", seat=seat(n), value=(n // 7) % 13 - 1),
        lambda n: cmd("activate_knowledge_token", seat=seat(n)),
        lambda n: cmd("send_signal", seat=seat(n)),
    ]
)

SETUPS = st.one_of(
    st.builds(lambda n, seed: setup_command(players=n, seed=seed, mode="standard"), st.integers(2, 5), st.integers(0, 10**6)),
    st.builds(lambda n, seed: setup_command(players=n, seed=seed, mode="coop"), st.integers(2, 5), st.integers(0, 10**6)),
    st.builds(lambda seed: setup_command(players=1, seed=seed, mode="solo"), st.integers(0, 10**6)),
)


def check_invariants(state: GameState) -> None:
    assert set(state.power) == set(Section)
    assert sorted(token.number for token in state.power.values()) == [1, 2, 3, 4]
    assert 0 <= state.fire <= state.fire_pool
    assert 0 <= state.malfunction <= state.malfunction_pool
    assert 0 <= state.time <= 15
    if state.self_destruct is not None:
        assert 0 <= state.self_destruct.slot <= state.time
    text = state.model_dump_json()
    again = GameState.model_validate_json(text)
    assert again == state
    assert again.model_dump_json() == text
    # A running game always has someone in the Facility (else it ends at once).
    if not state.is_over:
        assert state.anyone_in_facility()
    pods = [m.pod for m in state.crew if m.whereabouts.value == "pod"]
    assert len(pods) == len(set(pods))
    assert sum(m.whereabouts.value == "bunker" for m in state.crew) <= 1


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    setup=SETUPS,
    steps=st.lists(st.tuples(st.sampled_from(FACTORIES), st.integers(0, 10**4)), min_size=25, max_size=100),
)
def test_random_command_sequences_keep_the_invariants(setup, steps):
    game = GameSession.start(setup, _rules())
    check_invariants(game.state)
    for factory, n in steps:
        before = game.state
        try:
            step = game.execute(factory(n))
        except IllegalCommand:
            assert game.state is before
            continue
        state = step.state
        check_invariants(state)
        assert state.commands_applied == before.commands_applied + 1
        text = state.model_dump_json()
        assert game.undo().model_dump_json() == before.model_dump_json()
        assert game.redo().model_dump_json() == text
    finish(game)


def finish(game: GameSession) -> None:
    """Liveness: any running game can be played to its end by advancing Time."""
    for _ in range(40):
        if game.state.is_over:
            return
        try:
            game.execute(cmd("advance_time"))
        except IllegalCommand as exc:
            assert exc.key == "error.css_launch_first", exc.key
            assert any(m.is_waiting_in_pod for m in game.state.crew)
            game.execute(cmd("css_launch", face="NONE"))
        check_invariants(game.state)
    assert game.state.is_over
