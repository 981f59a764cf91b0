"""The Contamination deck over whole games: no card is ever made or lost, the pick of
"the cards in your hand" is uniform, and a seeded game scans the same after an undo."""
from __future__ import annotations

from collections import Counter
from itertools import combinations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.engine import GameSession, Whereabouts, apply
from companion.engine import commands as c
from companion.engine.contamination.model import INFECTED, word_of
from tests.conftest import cmd
from tests.support.contamination_helpers import CARDS, RULES, digital_game, digital_setup, with_held
from tests.support.random_games import MOVES, play

PROCEDURES = ("hand", "all", "card", "decontamination", "surgery", "leaving_the_shell")
FACTORIES = [
    lambda n: cmd("gain_contamination", seat=1 + n % 4, count=1 + n % 5),
    lambda n: cmd("gain_contamination", seat=1 + n % 4),
    lambda n: cmd("infest_character", seat=1 + n % 4),
    lambda n: cmd("scan_contamination", seat=1 + n % 4, procedure=PROCEDURES[n % 6],
                  in_hand=(n // 6) % 5 if n % 6 in (0, 3, 5) else None),
    lambda n: cmd("scan_contamination", seat=1 + n % 4, procedure="card", scope=("hand", "all")[n % 2],
                  in_hand=1 + n % 3 if n % 2 == 0 else None, remove_infected=bool(n % 3), remove_larva=bool(n % 5)),
    lambda n: cmd("suffer_wound", seat=1 + n % 4, serious=bool(n % 2), count=1 + n % 3),
    lambda n: cmd("set_larva", seat=1 + n % 4, larva=bool(n % 2)),
    lambda n: cmd("record_death", seat=1 + n % 4),
    lambda n: cmd("resolve_attack", attacker=("larva", "queen", "adult")[n % 3], seat=1 + n % 4, dark=bool(n % 2)),
]
SETUPS = st.builds(lambda players, seed, infected: digital_setup(players=players, seed=seed, infected=infected),
                   st.integers(2, 4), st.integers(0, 10**6), st.integers(0, 27))
STEPS = st.lists(st.tuples(st.sampled_from(FACTORIES), st.integers(0, 10**6)), min_size=10, max_size=60)


def assert_conserved(game: GameSession, dead_held: dict[int, list[str]]) -> None:
    deck = game.state.contamination
    cards = deck.all_cards()
    assert sorted(cards) == sorted(CARDS), "a card was made or lost"
    assert sum(word_of(card, deck.infected_count) == INFECTED for card in cards) == deck.infected_count
    assert deck.pool == sorted(deck.pool)
    for member in game.state.crew:
        if member.whereabouts is Whereabouts.DEAD:
            # A dead Character's cards stay with it, out of play.
            assert deck.held_by(member.seat) == dead_held.setdefault(member.seat, list(deck.held_by(member.seat)))


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setup=SETUPS, steps=STEPS, moves=st.lists(MOVES, min_size=1, max_size=6))
def test_every_card_is_always_somewhere_and_the_infected_count_holds(setup, steps, moves):
    dead_held: dict[int, list[str]] = {}
    previous_cursor = -1
    for game in play(setup, steps, moves):
        if game.cursor < previous_cursor:
            dead_held.clear()  # an undo may bring a Character back
        previous_cursor = game.cursor
        assert_conserved(game, dead_held)


def test_the_random_games_do_scan_and_kill():
    """Guard: the walks above reach scans, removals and deaths (else they prove little)."""
    seen = Counter()
    for seed in range(30):
        steps = [(FACTORIES[(seed + i) % len(FACTORIES)], seed * 101 + i * 7) for i in range(40)]
        for game in play(digital_setup(players=3, seed=seed, infected=13), steps):
            pass
        deck = game.state.contamination
        seen["scans"] += len(deck.scans)
        seen["removed"] += len(deck.bottom)
        seen["dead"] += sum(member.whereabouts is Whereabouts.DEAD for member in game.state.crew)
    assert seen["scans"] > 10 and seen["removed"] > 0 and seen["dead"] > 0, seen


# --------------------------------------------------------------------- the cards in hand are any of the player's
def test_the_cards_in_hand_are_picked_uniformly():
    """Six held cards showing six different words, two in hand: each of the 15 pairs is
    scanned about as often (chi-square, fixed seed, generous threshold)."""
    start = digital_game(seed=2024, infected=1).state
    held = CARDS[:6]
    words = [word_of(card, 1) for card in held]
    assert len(set(words)) == 6
    state = with_held(start, {1: held})
    trials = 3000
    counts: Counter = Counter()
    for draws in range(trials):
        state.contamination.draws = draws
        after = apply(state, c.ScanContamination(seat=1, procedure="hand", in_hand=2), RULES)
        counts[frozenset(card.word for card in after.contamination.scans[1].cards)] += 1
    pairs = [frozenset(pair) for pair in combinations(words, 2)]
    assert set(counts) == set(pairs)
    expected = trials / len(pairs)
    chi_square = sum((counts[pair] - expected) ** 2 / expected for pair in pairs)
    # 14 degrees of freedom: 36.1 is the 0.1 % point; far above it means a biased pick.
    assert chi_square < 36.1, (chi_square, counts)


def test_the_chi_square_would_catch_a_biased_pick():
    """Guard for the test above: always favouring the first cards fails it."""
    trials, pairs = 3000, 15
    biased = [trials * 0.3] + [trials * 0.7 / (pairs - 1)] * (pairs - 1)
    expected = trials / pairs
    assert sum((n - expected) ** 2 / expected for n in biased) > 36.1


# --------------------------------------------------------------------- the same results after an undo
def _scanned_after(moves) -> list[str]:
    game = digital_game(seed=77, infected=9)
    for move in moves:
        if move == "undo":
            game.undo()
        else:
            game.execute(move)
    game.execute(c.ScanContamination(seat=1, procedure="hand", in_hand=3))
    return [card.word for card in game.state.contamination.scans[1].cards] + sorted(game.state.contamination.held[1])


def test_a_seeded_game_scans_the_same_after_an_undo():
    gains = [c.GainContamination(seat=1, count=3), c.GainContamination(seat=2), c.GainContamination(seat=1, count=2)]
    straight = _scanned_after(gains)
    # The last gain undone and made again, and an unrelated command tried and undone first.
    redone = _scanned_after([*gains, "undo", gains[-1], c.SufferWound(seat=2), "undo"])
    assert redone == straight
    # A different game (another seed) scans differently: the comparison can fail.
    other = digital_game(seed=78, infected=9)
    for gain in gains:
        other.execute(gain)
    other.execute(c.ScanContamination(seat=1, procedure="hand", in_hand=3))
    assert [card.word for card in other.state.contamination.scans[1].cards] + \
        sorted(other.state.contamination.held[1]) != straight


def test_turning_the_deck_on_changes_no_other_draw():
    """The deck draws apart from the bag and the decks: the same seed meets the same tokens."""
    from tests.conftest import setup_command

    commands = [c.ResolveEncounter(seat=1, place="S-01", hand=2), c.DevelopBag(),
                c.ResolveAttack(attacker="adult", seat=1, dark=True), c.GainContamination(seat=1, count=3)]
    printed = GameSession.start(setup_command(players=2, seed=5), RULES)
    digital = GameSession.start(digital_setup(players=2, seed=5), RULES)
    for command in commands[:3]:
        printed.execute(command)
    for command in commands:
        digital.execute(command)
    assert printed.state.bag == digital.state.bag and printed.state.decks == digital.state.decks
