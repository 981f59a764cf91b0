"""Cards are never created or lost: draw pile + discard + removed + shown always hold
the 22 Event and the 20 Attack card ids, each once, through any play and any reshuffle."""
from __future__ import annotations

from functools import lru_cache

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.engine import GameSession, IllegalCommand
from companion.engine.decks.cards import Deck, clear_shown, discard_shown_card, draw, remove_shown_card
from companion.engine.rng import RngState
from companion.rules import Rules, load_rules
from tests.conftest import cmd, setup_command
from tests.support.deck_helpers import check_conservation, next_runner_command


@lru_cache(maxsize=1)
def _rules() -> Rules:
    return load_rules()


ATTACKERS = ("larva", "creeper", "adult", "breeder", "queen")
INJURED = ("larva", "egg", "creeper", "adult", "breeder", "queen")
PLACES = ("S-01", "S-02", "S-03", "ELEVATOR", "STAIRS")

# Each factory turns a drawn integer into a command.
FACTORIES = (
    [lambda n, state: next_runner_command(state, _rules())] * 6
    + [
        lambda n, state: cmd("resolve_attack", attacker=ATTACKERS[n % 5], seat=1 + n % 2, place=PLACES[n // 5 % 5]),
        lambda n, state: cmd("resolve_attack", attacker=ATTACKERS[n % 5], seat=1, dark=bool(n % 2)),
        lambda n, state: cmd("injury_check", intruder=INJURED[n % 6], injuries=1 + n // 6 % 8),
        lambda n, state: cmd("injury_check", intruder=INJURED[2 + n % 4], injuries=1 + n // 6 % 8),
        lambda n, state: cmd("advance_time"),
    ]
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10**6),
    steps=st.lists(st.tuples(st.sampled_from(FACTORIES), st.integers(0, 10**6)), min_size=20, max_size=150),
)
def test_play_never_creates_or_loses_cards(seed, steps):
    rules = _rules()
    game = GameSession.start(setup_command(players=2, seed=seed), rules)
    check_conservation(game.state, rules)
    for factory, n in steps:
        before = game.state
        try:
            state = game.execute(factory(n, before)).state
        except IllegalCommand:
            assert game.state is before
            continue
        check_conservation(state, rules)
        # Undo restores the piles exactly; redo gives the same cards (no re-roll).
        assert game.undo().decks == before.decks
        assert game.redo().decks == state.decks


@settings(max_examples=300, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    size=st.integers(1, 25),
    ops=st.lists(st.integers(0, 3), max_size=200),
)
def test_deck_moves_conserve_cards(seed, size, ops):
    """Draw, discard, clear and remove in any order, with reshuffles whenever the pile runs out."""
    cards = [f"c{i}" for i in range(size)]
    rng = RngState(seed=seed)
    deck = Deck(draw_pile=rng.shuffled(cards))
    for op in ops:
        if op == 0:
            try:
                draw(deck, rng)
            except IllegalCommand as exc:
                assert exc.key == "error.deck_empty"
                assert not deck.draw_pile and not deck.discard
        elif op == 1 and deck.shown:
            discard_shown_card(deck, deck.shown[0])
        elif op == 2:
            clear_shown(deck)
        elif op == 3 and deck.shown:
            remove_shown_card(deck, deck.shown[-1], rng)
        everything = deck.draw_pile + deck.discard + deck.removed + deck.shown
        assert sorted(everything) == sorted(cards)
        assert deck.size == size
