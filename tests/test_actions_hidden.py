"""What a viewer may do is worked out from what that viewer may know: two games that
differ only in what nobody has seen (the seed, which unmarked Contamination card is which)
list every viewer the same actions, enabled or refused for the same reasons. A planted
offer that peeks at a hidden card shows the comparison catches it."""
from __future__ import annotations

import dataclasses
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.engine import commands as c
from companion.engine.actions import legal_actions
from companion.engine.contamination.model import INFECTED, word_of
from companion.engine.registry import REGISTRY
from companion.engine.views import NOBODY, TABLE, seat_viewer
from tests.support.contamination_helpers import RULES, clean_cards, digital_game, infected_cards, with_held
from tests.test_hidden_outcomes import _unseen_swapped, played


def _everyone(state):
    return [TABLE, NOBODY] + [seat_viewer(member.seat) for member in state.crew]


def _listed(state):
    return {str(viewer): legal_actions(state, viewer, RULES) for viewer in _everyone(state)}


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), moves=st.lists(st.tuples(st.integers(0, 9), st.integers(1, 3), st.integers(0, 99)),
                                                  min_size=2, max_size=16))
def test_twins_that_differ_only_in_what_nobody_has_seen_are_offered_the_same_actions(seed, moves):
    state = played(seed, moves)
    twin = _unseen_swapped(state, random.Random(seed))
    assert _listed(state) == _listed(twin)


def _deadly_and_harmless():
    """Seat 1 holds one card: INFECTED in one game, clean in the other; nothing else differs
    that anyone could know."""
    start = digital_game(players=2).state
    deadly = with_held(start, {1: [infected_cards(start)[0]], 2: clean_cards(start)[:1]}, body={1: {"larva": True}})
    harmless = with_held(start, {1: [clean_cards(start)[1]], 2: clean_cards(start)[:1]}, body={1: {"larva": True}})
    return deadly, harmless


def test_the_actions_are_the_same_whether_the_held_card_kills_or_not():
    deadly, harmless = _deadly_and_harmless()
    assert _listed(deadly) == _listed(harmless)


def test_an_offer_that_peeks_at_a_hidden_card_is_caught(monkeypatch):
    deadly, harmless = _deadly_and_harmless()
    registration = REGISTRY.get(c.ScanContamination)

    def peeking(state, rules):
        deck = state.contamination
        held = deck.held.get(1, []) if deck is not None else []
        infected = any(word_of(card, deck.infected_count) == INFECTED for card in held)
        return [] if infected else list(registration.offers(state, rules))

    monkeypatch.setitem(REGISTRY._by_type, c.ScanContamination, dataclasses.replace(registration, offers=peeking))
    assert _listed(deadly) != _listed(harmless)
