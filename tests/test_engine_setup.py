"""Creating a game: player counts per mode, characters, the Power layout, the start."""
from __future__ import annotations

import pytest

from companion.engine import GameSession, IllegalCommand, Mode, NewGame, PlayerSetup, Section, apply, run
from tests.conftest import CHARACTERS, LAYOUT_1234, cmd, setup_command

ALLOWED = {"standard": range(2, 6), "coop": range(2, 6), "solo": range(1, 2)}
LIMITS = {"standard": (2, 5), "coop": (2, 5), "solo": (1, 1)}


@pytest.mark.parametrize("mode", ["standard", "solo", "coop"])
@pytest.mark.parametrize("players", [1, 2, 3, 4, 5, 6])
def test_player_count_per_mode(rules, mode, players):
    setup = setup_command(players=players, mode=mode)
    if players in ALLOWED[mode]:
        state = apply(None, setup, rules)
        assert len(state.crew) == players and state.mode is Mode(mode)
        assert [m.seat for m in state.crew] == list(range(1, players + 1))
    else:
        with pytest.raises(IllegalCommand) as info:
            apply(None, setup, rules)
        assert info.value.key == "error.player_count"
        low, high = LIMITS[mode]
        assert info.value.params == {"low": low, "high": high, "mode": mode}


def _players(*characters: str, names=None) -> tuple[PlayerSetup, ...]:
    names = names or [f"P{i}" for i in range(len(characters))]
    return tuple(PlayerSetup(name=n, character=c) for n, c in zip(names, characters))


def test_no_character_twice(rules):
    with pytest.raises(IllegalCommand) as info:
        apply(None, NewGame(players=_players("hacker", "sentry", "hacker")), rules)
    assert info.value.key == "error.character_twice"


def test_unknown_character_and_blank_name(rules):
    with pytest.raises(IllegalCommand) as info:
        apply(None, NewGame(players=_players("hacker", "ripley")), rules)
    assert (info.value.key, info.value.params) == ("error.unknown_character", {"character": "ripley"})
    with pytest.raises(IllegalCommand) as info:
        apply(None, NewGame(players=_players("hacker", "sentry", names=["Ana", "   "])), rules)
    assert info.value.key == "error.player_name_empty"


def test_start_state(rules):
    setup = NewGame(players=_players("survivor", "hacker", names=["  Ana ", "Bora"]), seed=3)
    state, events = run(None, setup, rules)
    assert (state.time, state.time_active, state.round) == (15, False, 1)
    assert (state.fire, state.fire_pool, state.malfunction, state.malfunction_pool) == (0, 12, 0, 10)
    assert not (state.main_gate_open or state.isolation_open or state.first_death_done)
    assert state.self_destruct is None and state.alert_slot is None and state.end is None
    assert [(m.name, m.character, m.knowledge) for m in state.crew] == [("Ana", "survivor", 3), ("Bora", "hacker", 1)]
    assert state.commands_applied == 1
    assert [(e.key, e.params, e.seq) for e in events] == [("log.new_game", {"players": 2, "mode": "standard"}, 0)]


def _layout(state) -> dict[Section, int]:
    return {section: token.number for section, token in state.power.items()}


@pytest.mark.parametrize("seed", range(12))
def test_shuffled_layout_starts_tokens_1_and_2_active(rules, seed):
    state = apply(None, setup_command(seed=seed), rules)
    assert set(state.power) == set(Section)
    assert sorted(_layout(state).values()) == [1, 2, 3, 4]
    assert {t.number for t in state.power.values() if t.active} == {1, 2}


def test_shuffled_layout_depends_on_the_seed(rules):
    layouts = [tuple(_layout(apply(None, setup_command(seed=seed), rules)).values()) for seed in range(20)]
    assert len(set(layouts)) > 3
    again = [tuple(_layout(apply(None, setup_command(seed=seed), rules)).values()) for seed in range(20)]
    assert again == layouts  # deterministic per seed


@pytest.mark.parametrize(
    "layout",
    [LAYOUT_1234, {Section.S01: 3, Section.S02: 1, Section.S03: 4, Section.ELEVATOR: 2}],
)
def test_entered_layout_is_used_as_is(rules, layout):
    for seed in range(5):
        state = apply(None, setup_command(seed=seed, layout=layout), rules)
        assert _layout(state) == layout
        assert {s for s, t in state.power.items() if t.active} == {s for s, n in layout.items() if n in (1, 2)}


@pytest.mark.parametrize(
    "layout",
    [
        {"S-01": 1, "S-02": 2, "S-03": 2, "ELEVATOR": 4},
        {"S-01": 1, "S-02": 2, "S-03": 3},
        {"S-01": 0, "S-02": 2, "S-03": 3, "ELEVATOR": 4},
    ],
)
def test_entered_layout_must_be_a_permutation(rules, layout):
    with pytest.raises(IllegalCommand) as info:
        apply(None, setup_command(layout=layout), rules)
    assert info.value.key == "error.power_layout_invalid"


def test_new_game_only_once_and_nothing_before_it(rules, make_game):
    with pytest.raises(IllegalCommand) as info:
        apply(None, cmd("advance_time"), rules)
    assert info.value.key == "error.no_game"
    game = make_game()
    with pytest.raises(IllegalCommand) as info:
        game.execute(setup_command())
    assert info.value.key == "error.game_already_started"
    with pytest.raises(ValueError):
        GameSession(rules, [cmd("advance_time")], 0)


def test_all_characters_can_play_together_in_five(rules):
    for skip in CHARACTERS:
        chosen = [c for c in CHARACTERS if c != skip]
        state = apply(None, NewGame(players=_players(*chosen)), rules)
        assert [m.character for m in state.crew] == chosen
