"""Over random games: whatever the game owes is resolved once at most, and nothing owed
outlives the moment it can be resolved in without the table being told."""
from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.engine import GameSession, IllegalCommand
from companion.engine.commands import ResolveAttack
from companion.engine.pending.model import PendingAttack, PendingKind
from companion.engine.pending.rules import MOMENT_PASSED, resolved_by
from tests.conftest import cmd, setup_command
from tests.support.random_games import FACTORIES, RULES, SETUPS

LAPSED = "announce.pending.lapsed."
# Steps that make something owed likely: encounters in the dark with small hands (a
# Surprise Attack), a Creeper attacking in the dark (Evolve's Breeder).
OWING = [
    lambda n: cmd("resolve_encounter", seat=1 + n % 3, place="STAIRS", hand=(n // 3) % 3),
    lambda n: cmd("resolve_encounter", seat=1 + n % 3, place="STAIRS", hand=(n // 3) % 3,
                  outcome={"kind": ("adult", "creeper", "queen", "breeder")[n % 4]}),
    lambda n: cmd("place_intruder", kind="creeper"),
    lambda n: cmd("resolve_attack", attacker="creeper", seat=1 + n % 3, dark=True),
]
GAME_STEPS = FACTORIES + OWING * 6


def _resolution(game: GameSession, item: PendingAttack) -> ResolveAttack:
    """The attack a screen sends for `item`: the item's own fields, a Character for the Breeder."""
    seat = item.seat if item.seat is not None else next(m.seat for m in game.state.crew if m.is_in_facility)
    return ResolveAttack(attacker=item.attacker, seat=seat, place=item.place, dark=None if item.place else True,
                         target="surprise" if item.kind is PendingKind.SURPRISE_ATTACK else "standard",
                         resolves=item.id)


def _settled(game: GameSession, before: list[PendingAttack], command, events) -> tuple[int, int]:
    """Every item gone since `before` was resolved by `command` or closed with an announcement;
    every item still open can still be resolved. Returns (resolved, lapsed)."""
    state = game.state
    after = {item.id for item in state.pending}
    gone = [item for item in before if item.id not in after]
    lapsed = [event for event in events if event.key.startswith(LAPSED)]
    assert all(event.announce for event in lapsed)
    resolved = 1 if isinstance(command, ResolveAttack) and len(gone) == len(lapsed) + 1 else 0
    assert len(gone) == len(lapsed) + resolved, (command, gone, lapsed)
    moved_on = type(command) in MOMENT_PASSED
    for item in state.pending:
        assert not state.is_over, "a finished game owes nothing"
        assert not moved_on or item.id == state.commands_applied - 1, "an item outlived its moment"
        if item.seat is not None:
            assert state.member(item.seat).is_in_facility, "an attack on a Character who left is still open"
    return resolved, len(lapsed)


def play_and_check(setup, steps, resolve_flags) -> dict[str, int]:
    """Play `steps`; after a command that leaves something owed, maybe resolve it (from its
    id, as a screen would) and send the same resolution again, which must be refused."""
    game = GameSession.start(setup, RULES)
    counts = {"opened": 0, "resolved": 0, "lapsed": 0, "refused_twice": 0}
    for index, (factory, n) in enumerate(steps):
        before = list(game.state.pending)
        command = factory(n)
        try:
            step = game.execute(command)
        except IllegalCommand:
            assert game.state.pending == before
            continue
        counts["opened"] += len({item.id for item in game.state.pending} - {item.id for item in before})
        resolved, lapsed = _settled(game, before, command, step.events)
        counts["resolved"] += resolved
        counts["lapsed"] += lapsed
        if not game.state.pending or not resolve_flags[index % len(resolve_flags)]:
            continue
        item = game.state.pending[0]
        attack = _resolution(game, item)
        before = list(game.state.pending)
        assert resolved_by(game.state, attack) == item
        try:
            step = game.execute(attack)
        except IllegalCommand:
            continue  # the rules forbid the attack now (the bag waits for an answer): still owed
        assert item not in game.state.pending
        resolved, lapsed = _settled(game, before, attack, step.events)
        counts["resolved"] += resolved
        counts["lapsed"] += lapsed
        with pytest.raises(IllegalCommand) as second:
            game.execute(attack)
        assert second.value.key == "error.pending.gone"
        counts["refused_twice"] += 1
    return counts


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setup=SETUPS, steps=st.lists(st.tuples(st.sampled_from(GAME_STEPS), st.integers(0, 10**6)), min_size=10,
                                    max_size=80),
       resolve_flags=st.lists(st.booleans(), min_size=1, max_size=8))
def test_nothing_owed_is_resolved_twice_or_left_open_untold(setup, steps, resolve_flags):
    play_and_check(setup, steps, resolve_flags)


def test_the_random_games_reach_every_way_an_item_ends():
    """The property above is worth something only if random games open, resolve and close
    pending items: seeded games, counted."""
    chance = random.Random(28)
    totals = {"opened": 0, "resolved": 0, "lapsed": 0, "refused_twice": 0}
    for _ in range(20):
        setup = setup_command(players=chance.randint(2, 5), seed=chance.randint(10**8, 10**9))
        steps = [(chance.choice(GAME_STEPS), chance.randint(0, 10**6)) for _ in range(120)]
        flags = [chance.random() < 0.5 for _ in range(5)]
        for key, value in play_and_check(setup, steps, flags).items():
            totals[key] += value
    assert all(value > 0 for value in totals.values()), totals
