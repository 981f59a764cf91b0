"""The shuffles are fair: over many seeds, every card is equally likely to be drawn
first (chi-square goodness of fit, computed here, at p = 0.001)."""
from __future__ import annotations

from collections import Counter

import pytest

from companion.engine.decks.cards import build_decks, draw, remove_shown_card
from companion.engine.rng import RngState

SEEDS = 6000
# Upper 0.1% points of the chi-square distribution (degrees of freedom = cards - 1).
CRITICAL_P001 = {19: 43.820, 21: 46.797}


def chi_square(counts: Counter, categories: list[str]) -> float:
    total = sum(counts[c] for c in categories)
    expected = total / len(categories)
    return sum((counts[c] - expected) ** 2 / expected for c in categories)


def _first_draws(rules, deck_name: str) -> Counter:
    counts: Counter = Counter()
    for seed in range(SEEDS):
        rng = RngState(seed=seed)
        decks = build_decks(rules, rng)
        card, _ = draw(getattr(decks, deck_name), rng)
        counts[card] += 1
    return counts


@pytest.mark.parametrize("deck_name", ["event", "attack"])
def test_first_draw_is_uniform(rules, deck_name):
    ids = [spec.id for spec in (rules.event_cards if deck_name == "event" else rules.attack_cards)]
    counts = _first_draws(rules, deck_name)
    assert set(counts) == set(ids)
    statistic = chi_square(counts, ids)
    assert statistic < CRITICAL_P001[len(ids) - 1], (deck_name, statistic, counts)


def test_the_reshuffle_after_a_remove_card_is_uniform(rules):
    """After a "Remove" card the deck is reshuffled: the next card is uniform over the other 21."""
    counts: Counter = Counter()
    for seed in range(SEEDS):
        rng = RngState(seed=seed)
        deck = build_decks(rules, rng).event
        draw(deck, rng, "thats_hot")
        remove_shown_card(deck, "thats_hot", rng)
        card, _ = draw(deck, rng)
        counts[card] += 1
    others = [spec.id for spec in rules.event_cards if spec.id != "thats_hot"]
    assert set(counts) == set(others)
    assert chi_square(counts, others) < CRITICAL_P001[21]


def test_the_statistic_catches_a_biased_deck(rules):
    """The check can fail: a shuffle that favours one card is rejected."""
    ids = [spec.id for spec in rules.attack_cards]
    counts = Counter({card: SEEDS // len(ids) for card in ids})
    counts[ids[0]] += 150
    counts[ids[1]] -= 150
    assert chi_square(counts, ids) > CRITICAL_P001[19]
