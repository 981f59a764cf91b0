"""The Contamination check's draw of 4 (Victory Check, step 2 B): over many seeds, how
many Contamination cards come out follows the exact hypergeometric law (chi-square at
p = 0.001); a seed always draws the same cards, through the command too."""
from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest

from companion.engine import GameSession
from companion.engine import commands as c
from companion.engine.rng import RngState
from companion.engine.victory.draw import contamination_drawn_chance, death_chance, dies_of, draw_kinds
from companion.engine.victory.model import CardKind
from companion.vocab import EndReason, Whereabouts
from companion.rules import load_rules
from tests.conftest import setup_command

RULES = load_rules()
SEEDS = 8000
# Upper 0.1% points of the chi-square distribution by degrees of freedom.
CRITICAL_P001 = {1: 10.828, 2: 13.816, 3: 16.266, 4: 18.467}


def chi_square(observed: Counter, expected: dict[int, Fraction], total: int) -> float:
    return sum((observed[k] - float(p) * total) ** 2 / (float(p) * total) for k, p in expected.items() if p > 0)


def contamination_counts(action: int, contamination: int) -> Counter:
    counts: Counter = Counter()
    for seed in range(SEEDS):
        drawn = draw_kinds(RngState(seed=seed), action, contamination)
        counts[drawn.count(CardKind.CONTAMINATION)] += 1
    return counts


@pytest.mark.parametrize("action,contamination", [(10, 2), (8, 5), (12, 1), (3, 3)])
def test_the_number_of_contamination_cards_drawn_is_hypergeometric(action, contamination):
    counts = contamination_counts(action, contamination)
    law = {k: contamination_drawn_chance(action, contamination, k) for k in range(0, 5)}
    assert sum(law.values()) == 1
    assert set(counts) <= {k for k, p in law.items() if p > 0}
    degrees = sum(1 for p in law.values() if p > 0) - 1
    assert chi_square(counts, law, SEEDS) < CRITICAL_P001[degrees], (counts, law)


def test_the_rulebook_example_and_the_death_rate():
    # 10 Action + 2 Contamination cards: P(death) = 1 - C(10,4)/C(12,4) = 19/33 (p.12 example).
    assert death_chance(10, 2) == Fraction(19, 33)
    deaths = sum(dies_of(draw_kinds(RngState(seed=seed), 10, 2)) for seed in range(SEEDS))
    expected = float(Fraction(19, 33)) * SEEDS
    spread = (SEEDS * float(Fraction(19, 33)) * float(Fraction(14, 33))) ** 0.5
    assert abs(deaths - expected) < 4 * spread


def test_small_decks_and_certainties():
    assert death_chance(6, 0) == 0
    assert death_chance(0, 1) == 1
    assert death_chance(2, 1) == 1  # 3 cards, 4 drawn: all of them
    assert draw_kinds(RngState(seed=1), 2, 1) and len(draw_kinds(RngState(seed=1), 2, 1)) == 3
    assert draw_kinds(RngState(seed=1), 0, 0) == []


def test_the_statistic_catches_a_biased_draw():
    """The check can fail: a draw that never shows the second Contamination card is rejected."""
    law = {k: contamination_drawn_chance(10, 2, k) for k in range(0, 3)}
    biased = Counter({0: SEEDS // 2, 1: SEEDS - SEEDS // 2})
    assert chi_square(biased, law, SEEDS) > CRITICAL_P001[2]


def _at_the_draw(seed: int) -> GameSession:
    game = GameSession.start(setup_command(players=2, seed=seed), RULES)
    game.execute(c.StartVictoryCheck(reason=EndReason.TIME_RAN_OUT))
    game.execute(c.CorrectRoster(seat=1, whereabouts=Whereabouts.BUNKER))
    game.execute(c.ConfirmRoster())
    game.execute(c.EnterActiveContingency(token="green"))
    game.execute(c.StartContaminationChecks())
    game.execute(c.AnswerScan(seat=1, larva=False, infected=True))
    return game


def test_a_seed_always_draws_the_same_cards_and_undo_cannot_redraw():
    first = _at_the_draw(77)
    step = first.execute(c.DrawContamination(seat=1, action_cards=10, contamination_cards=2))
    again = _at_the_draw(77)
    again.execute(c.DrawContamination(seat=1, action_cards=10, contamination_cards=2))
    drawn = step.state.victory.contamination_of(1).drawn
    assert drawn == again.state.victory.contamination_of(1).drawn and len(drawn) == 4
    assert step.state.victory.contamination_of(1).dies == dies_of(drawn)
    # A draw shows hidden cards: it cannot be undone to draw again.
    assert not first.can_undo
    # Different seeds do not all draw alike.
    draws = {tuple(_draw(seed)) for seed in range(20)}
    assert len(draws) > 1


def _draw(seed: int) -> list[CardKind]:
    game = _at_the_draw(seed)
    game.execute(c.DrawContamination(seat=1, action_cards=10, contamination_cards=2))
    return game.state.victory.contamination_of(1).drawn
