"""The digital bag is fair (chi-square over thousands of seeded draws) and seeds matter."""
from __future__ import annotations

import random
from collections import Counter

from companion.engine import apply
from companion.engine.commands import DevelopBag, ResolveEncounter
from companion.engine.rng import RngState
from tests.support.bag_helpers import start

DRAWS = 6000
# Chi-square critical values at p = 0.001 (upper tail), by degrees of freedom.
CRITICAL_0_001 = {1: 10.828, 2: 13.816, 3: 16.266, 4: 18.467, 5: 20.515, 6: 22.458, 7: 24.322, 8: 26.124,
                  9: 27.877, 10: 29.588, 11: 31.264, 12: 32.909, 13: 34.528, 14: 36.123, 15: 37.697}


def chi_square(counts: Counter, categories: list[str], draws: int) -> float:
    expected = draws / len(categories)
    return sum((counts.get(c, 0) - expected) ** 2 / expected for c in categories)


def is_fair(counts: Counter, categories: list[str], draws: int) -> bool:
    return chi_square(counts, categories, draws) < CRITICAL_0_001[len(categories) - 1]


def test_the_chi_square_check_can_fail():
    """The statistic rejects a bag that favours one token a little, and a stuck one."""
    categories = [f"t{i}" for i in range(13)]
    picker = random.Random(7)
    biased = Counter(picker.choices(categories, weights=[1.5] + [1] * 12, k=DRAWS))
    assert not is_fair(biased, categories, DRAWS)
    assert not is_fair(Counter({"t0": DRAWS}), categories, DRAWS)
    fair = Counter(picker.choices(categories, k=DRAWS))
    assert is_fair(fair, categories, DRAWS)


def test_development_draws_are_uniform_over_the_tokens_in_the_bag(rules):
    base = start(rules, seed=3).state
    tokens = list(base.bag.bag)
    assert len(tokens) == 13
    counts: Counter = Counter()
    for seed in range(DRAWS):
        state = base.model_copy(update={"rng": RngState(seed=seed)})
        counts[apply(state, DevelopBag(), rules).bag.last_draw.token] += 1
    assert set(counts) == set(tokens)
    statistic = chi_square(counts, tokens, DRAWS)
    assert statistic < CRITICAL_0_001[len(tokens) - 1], (statistic, counts)


def test_encounter_draws_are_uniform_too(rules):
    base = start(rules, seed=4, players=5).state
    tokens = list(base.bag.bag)
    counts: Counter = Counter()
    command = ResolveEncounter(seat=1, place="S-01", hand=3)
    for seed in range(DRAWS):
        state = base.model_copy(update={"rng": RngState(seed=10_000 + seed)})
        counts[apply(state, command, rules).bag.last_draw.token] += 1
    assert is_fair(counts, tokens, DRAWS), (chi_square(counts, tokens, DRAWS), counts)


def test_different_seeds_draw_differently_and_one_seed_always_the_same(rules):
    def sequence(seed: int) -> list[str]:
        state = start(rules, seed=1).state.model_copy(update={"rng": RngState(seed=seed)})
        drawn = []
        for _ in range(12):
            state = apply(state, ResolveEncounter(seat=1, place="S-02", hand=5), rules)
            drawn.append(state.bag.last_draw.token)
        return drawn

    sequences = {tuple(sequence(seed)) for seed in range(20)}
    assert len(sequences) == 20
    assert sequence(5) == sequence(5)
