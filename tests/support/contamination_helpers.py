"""Games with the app's Contamination deck, and hand-set scenarios to play from."""
from __future__ import annotations

from typing import Iterator

from companion.engine import GameSession, GameState, apply
from companion.engine import commands as c
from companion.engine.contamination.model import card_ids
from companion.rules import load_rules
from tests.conftest import setup_command

RULES = load_rules()
CARDS = card_ids(RULES.contamination.cards)


def digital_setup(players: int = 2, seed: int = 7, infected: int | None = None, physical: bool = False) -> c.NewGame:
    return setup_command(players=players, seed=seed).model_copy(
        update={"digital_contamination": True, "infected_count": infected, "physical_bag": physical})


def digital_game(players: int = 2, seed: int = 7, infected: int | None = None) -> GameSession:
    return GameSession.start(digital_setup(players, seed, infected), RULES)


def infected_cards(state: GameState) -> list[str]:
    assert state.contamination is not None
    return CARDS[: state.contamination.infected_count]


def clean_cards(state: GameState) -> list[str]:
    assert state.contamination is not None
    return CARDS[state.contamination.infected_count:]


def with_held(state: GameState, held: dict[int, list[str]], **body: dict) -> GameState:
    """The same game with exactly `held` cards in those players' hands (taken out of the
    deck) and, per seat, Character-board fields set (`body={1: {"larva": True}}`)."""
    changed = state.model_copy(deep=True)
    deck = changed.contamination
    assert deck is not None
    for seat, cards in held.items():
        for card in cards:
            for pile in (deck.pool, deck.bottom, *deck.held.values()):
                if card in pile:
                    pile.remove(card)
            deck.held.setdefault(seat, []).append(card)
    for seat, fields in body.get("body", {}).items():
        for name, value in fields.items():
            setattr(changed.member(seat).body, name, value)
    return changed


def session_from(state: GameState, players: int = 2) -> GameSession:
    """A session that starts from a hand-set state."""
    return GameSession(RULES, [digital_setup(players)], 0, {0: state})


def contamination_states(physical: bool) -> Iterator[tuple[str, GameState]]:
    """Named states every check walk should see: cards held, a Larva, the bag waiting for
    an answer while a scan could place a Creeper, wounds at the limit, a deck nearly
    empty, a game over with a survivor holding cards."""
    start = apply(None, digital_setup(players=3, seed=11, physical=physical), RULES)
    infected, clean = infected_cards(start), clean_cards(start)
    yield "cards-held", with_held(start, {1: [infected[0], clean[0], clean[1]], 2: [clean[2]]})
    larva = with_held(start, {1: [infected[1], clean[3]]}, body={1: {"larva": True}})
    yield "larva-and-cards", larva
    waiting = larva
    for _ in range(RULES.intruders.miniatures["adult"] + 1):
        waiting = apply(waiting, c.PlaceIntruder(kind="adult"), RULES)
    yield "larva-bag-waiting", waiting
    yield "wounds-at-limit", with_held(start, {}, body={1: {"serious_wounds": 3, "dressed_wounds": 1,
                                                           "light_wounds": 2, "slime": True}})
    nearly_empty = start.model_copy(deep=True)
    assert nearly_empty.contamination is not None
    nearly_empty.contamination.held[2] = nearly_empty.contamination.pool[1:]
    nearly_empty.contamination.pool = nearly_empty.contamination.pool[:1]
    yield "deck-nearly-empty", nearly_empty
    over = apply(with_held(start, {1: [infected[2], clean[4]]}), c.AdvanceTime(), RULES)
    for _ in range(7):
        over = apply(over, c.AdvanceTime(), RULES)
    over = apply(over, c.LockIn(seat=1), RULES)
    while not over.is_over:
        over = apply(over, c.AdvanceTime(), RULES)
    yield "over-with-survivor", over
