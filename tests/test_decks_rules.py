"""The Event and Attack decks' rules, one scenario each: "Remove" cards, reshuffles,
attacks (hit, miss, Darkness, Larva) and injury checks."""
from __future__ import annotations

import pytest

from companion.engine import IllegalCommand
from companion.engine.decks.cards import Deck, draw, remove_shown_card
from companion.engine.phase.model import EventStep
from companion.engine.rng import RngState
from tests.conftest import LAYOUT_1234, do, new_keys, refused
from tests.support.journal import events_of
from tests.support.deck_helpers import (
    EFFECT_COMMANDS,
    check_conservation,
    drive_to,
    with_decks,
    with_on_board,
)

REMOVED = ["blue_screen", "coolant_leak", "kickstopper", "sanitary_network_failure", "short_circuit",
           "thats_hot"]
# Printed facts (rules-facts.md), independent of the rules data: which cards leave the game.
REMOVED_NUMBERS = {3, 6, 11, 19, 21, 22}


def _entries(state):
    return list(events_of(state))


def _params(state, key):
    return next(e.params for e in _entries(state) if e.key == key)


# --------------------------------------------------------------------- setup
def test_new_game_shuffles_both_decks(make_game, rules):
    state = make_game().state
    check_conservation(state, rules)
    assert state.decks.event.discard == state.decks.event.removed == state.decks.event.shown == []
    assert [c for c in state.decks.event.draw_pile] != [s.id for s in rules.event_cards]
    assert make_game(seed=2).state.decks.attack.draw_pile != state.decks.attack.draw_pile


# --------------------------------------------------------------------- "Remove" cards
def test_the_rules_data_marks_the_printed_remove_cards(rules):
    assert {spec.number for spec in rules.event_cards if spec.removed_after_use} == REMOVED_NUMBERS
    assert sorted(spec.id for spec in rules.event_cards if spec.removed_after_use) == sorted(REMOVED)


@pytest.mark.parametrize("card", REMOVED)
def test_every_remove_card_leaves_the_game_and_the_deck_is_reshuffled(make_game, rules, card):
    game = make_game()
    drive_to(game, rules, EventStep.EVENT_CARD)
    # Some discards first, so the reshuffle has something to take back.
    state = game.state.model_copy(deep=True)
    deck = state.decks.event
    moved = [c for c in deck.draw_pile if c != card and c not in REMOVED][:4]
    deck.draw_pile = [c for c in deck.draw_pile if c not in moved]
    deck.discard = moved
    game = with_decks(rules, game, event={"draw_pile": deck.draw_pile, "discard": deck.discard})
    state = do(game, "draw_event_card", card=card)
    assert state.decks.event.shown == [card]
    for effect in list(state.event_phase.pending_effects):
        type_, fields = EFFECT_COMMANDS[effect]
        do(game, type_, **fields)
    state = do(game, "continue_event_phase")
    event = state.decks.event
    assert event.removed == [card] and event.shown == [] and event.discard == []
    assert sorted(event.draw_pile) == sorted(c for c in (s.id for s in rules.event_cards) if c != card)
    assert _params(state, "log.event.removed") == {"event_card": card, "card": card, "count": 21}
    check_conservation(state, rules)


def test_a_card_that_is_not_removed_goes_to_the_discard(make_game, rules):
    game = make_game()
    drive_to(game, rules, EventStep.EVENT_CARD)
    do(game, "draw_event_card", card="blood_trace_2")
    state = do(game, "continue_event_phase")
    assert state.decks.event.discard == ["blood_trace_2"] and state.decks.event.removed == []


def test_removed_cards_stay_out_across_reshuffles():
    deck = Deck(draw_pile=["a", "b"], discard=["c"], shown=[])
    rng = RngState(seed=5)
    card, _ = draw(deck, rng, "a")
    remove_shown_card(deck, card, rng)
    assert deck.removed == ["a"] and sorted(deck.draw_pile) == ["b", "c"] and deck.discard == []
    for _ in range(2):
        card, _ = draw(deck, rng)
        deck.shown.remove(card)
        deck.discard.append(card)
    card, reshuffled = draw(deck, rng)
    assert reshuffled and card in ("b", "c") and "a" not in deck.draw_pile + deck.discard + deck.shown


# --------------------------------------------------------------------- empty deck
def test_an_empty_attack_deck_reshuffles_its_discards(make_game, rules):
    game = make_game()
    ids = [spec.id for spec in rules.attack_cards]
    game = with_decks(rules, game, attack={"draw_pile": [], "discard": ids[:-1], "shown": ids[-1:]})
    state = do(game, "resolve_attack", attacker="adult", seat=1, dark=False)
    assert "log.deck.attack_reshuffled" in new_keys(state)
    assert _params(state, "log.deck.attack_reshuffled")["count"] == 20  # the shown card was discarded first
    assert len(state.decks.attack.draw_pile) == 19 and state.decks.attack.discard == []
    check_conservation(state, rules)


def test_nothing_to_draw_is_refused():
    deck = Deck(draw_pile=[], discard=[], removed=["x"], shown=["y"])
    with pytest.raises(IllegalCommand) as info:
        draw(deck, RngState(seed=1))
    assert info.value.key == "error.deck_empty"


def test_a_reported_card_must_be_in_the_draw_pile(make_game, rules):
    game = make_game()
    card = game.state.decks.attack.draw_pile[0]
    do(game, "resolve_attack", attacker="queen", seat=1, dark=False, card=card)
    refused(game, "error.deck_card_not_in_draw_pile", "resolve_attack", attacker="queen", seat=1, dark=False,
            card=card)
    refused(game, "error.deck_unknown_card", "resolve_attack", attacker="queen", seat=1, dark=False, card="nope")


# --------------------------------------------------------------------- attacks
# Printed facts (rules-facts.md): how many of the 20 Attack cards show each symbol.
HITS = {"creeper": 11, "adult": 13, "breeder": 15, "queen": 18}


@pytest.mark.parametrize("attacker", sorted(HITS))
def test_hit_and_miss_for_each_attacker_against_every_card(make_game, rules, attacker):
    game = make_game()
    hits = 0
    for spec in rules.attack_cards:
        state = do(game, "resolve_attack", attacker=attacker, seat=2, dark=False, card=spec.id)
        keys = new_keys(state)
        if attacker in spec.symbols:
            hits += 1
            assert keys[0] == "log.attack.hit" and f"attack_card.effect.{spec.kind}" in keys
        else:
            assert keys == ["log.attack.miss"]
        params = _entries(state)[0].params
        assert params["card"] == spec.id and params["attack_card"] == spec.kind and params["kind"] == attacker
        assert state.decks.attack.shown == [spec.id]
        check_conservation(state, rules)
        game.undo()
    assert hits == HITS[attacker]


def test_darkness_adds_the_extra_effect(make_game, rules):
    game = make_game(layout=LAYOUT_1234)  # S-01 powered, S-03 dark
    state = do(game, "resolve_attack", attacker="adult", seat=1, place="S-03", card="cut_2")
    # The card's text, then its wounds on the board: a Light Wound, and one more in Darkness.
    assert new_keys(state) == ["log.attack.hit_dark", "attack_card.effect.cut", "attack_card.dark.cut",
                               "log.body.light_wound", "log.body.light_wound"]
    state = do(game, "resolve_attack", attacker="adult", seat=1, place="S-01", card="cut_3")
    assert new_keys(state) == ["log.attack.hit", "attack_card.effect.cut", "log.body.light_became_serious"]
    state = do(game, "resolve_attack", attacker="adult", seat=1, place="STAIRS", card="cut_4")
    assert new_keys(state)[0] == "log.attack.hit_dark"
    # Blood Chase has no Darkness extra.
    state = do(game, "resolve_attack", attacker="adult", seat=1, dark=True, card="blood_chase_2")
    assert new_keys(state)[:2] == ["log.attack.hit_dark", "attack_card.effect.blood_chase"]
    assert state.decks.attack.discard == ["cut_2", "cut_3", "cut_4"]  # shown cards go when the next is drawn
    refused(game, "error.attack_darkness_conflict", "resolve_attack", attacker="adult", seat=1, place="S-01",
            dark=True)
    refused(game, "error.attack_light_unknown", "resolve_attack", attacker="adult", seat=1)


def test_larva_infests_without_a_card(make_game, rules):
    game = make_game()
    game = with_on_board(rules, game, larva=1)
    before = game.state
    state = do(game, "resolve_attack", attacker="larva", seat=2, dark=True, target="surprise")
    assert new_keys(state)[0] == "log.attack.infest"
    assert _entries(state)[0].params == {"seat": 2, "character": "janitor", "kind": "larva", "target": "surprise"}
    assert state.decks == before.decks  # no Attack card drawn
    assert state.bag.on_board["larva"] == before.bag.on_board["larva"] - 1  # off the board, no Carcass
    assert state.bag.carcasses == before.bag.carcasses
    refused(game, "error.attack_larva_draws_no_card", "resolve_attack", attacker="larva", seat=2, dark=True,
            card="cut_2")


def test_attacks_target_a_character_in_the_facility(make_game):
    game = make_game()
    do(game, "record_death", seat=3)
    refused(game, "error.not_in_facility", "resolve_attack", attacker="adult", seat=3, dark=False)
    refused(game, "error.unknown_seat", "resolve_attack", attacker="adult", seat=9, dark=False)


def test_evolve_replaces_the_creeper_with_a_breeder(make_game, rules):
    game = make_game()
    game = with_on_board(rules, game, creeper=1)
    before = game.state.bag.on_board
    state = do(game, "resolve_attack", attacker="creeper", seat=1, dark=True, card="evolve_4")
    assert state.bag.on_board["creeper"] == before["creeper"] - 1
    assert state.bag.on_board["breeder"] == before["breeder"] + 1
    assert "attack_card.dark.evolve" in new_keys(state)


def test_attacks_in_step_7_are_counted(make_game, rules):
    game = make_game()
    drive_to(game, rules, EventStep.ATTACKS)
    do(game, "resolve_attack", attacker="adult", seat=1, dark=False)
    state = do(game, "resolve_attack", attacker="larva", seat=2, dark=False)
    assert state.event_phase.attacks == 2


# --------------------------------------------------------------------- injury checks
def test_larva_dies_at_one_injury_without_a_card(make_game, rules):
    game = make_game()
    game = with_on_board(rules, game, larva=1)
    before = game.state
    state = do(game, "injury_check", intruder="larva", injuries=1)
    assert new_keys(state)[0] == "log.injury.killed"
    assert state.decks == before.decks
    assert state.bag.on_board["larva"] == before.bag.on_board["larva"] - 1
    refused(game, "error.injury_no_cards", "injury_check", intruder="larva", injuries=1, cards=["cut_2"])


def test_egg_dies_at_one_injury_and_leaves_the_nest(make_game):
    game = make_game()
    eggs = game.state.bag.eggs
    state = do(game, "injury_check", intruder="egg", injuries=1)
    assert state.bag.eggs == eggs - 1 and "log.injury.egg_destroyed" in new_keys(state)
    state = do(game, "injury_check", intruder="egg", injuries=1, in_nest=False)
    assert state.bag.eggs == eggs - 1


@pytest.mark.parametrize("kind", ["creeper", "adult"])
def test_one_card_injury_checks(make_game, rules, kind):
    game = make_game()
    game = with_on_board(rules, game, **{kind: 1})
    on_board = game.state.bag.on_board[kind]
    # blood 3 against 2 injuries: alive; against 3: dead.
    state = do(game, "injury_check", intruder=kind, injuries=2, cards=["cut_3"])
    assert new_keys(state) == ["log.injury.card", "log.injury.survives"]
    assert state.bag.on_board[kind] == on_board
    game.undo()
    state = do(game, "injury_check", intruder=kind, injuries=3, cards=["cut_3"])
    assert new_keys(state)[:2] == ["log.injury.card", "log.injury.killed"]
    assert _params(state, "log.injury.killed") == {"kind": kind, "injuries": 3, "total": 3}
    assert state.bag.on_board[kind] == on_board - 1 and state.bag.carcasses == 1
    game.undo()
    refused(game, "error.attack_card_count", "injury_check", intruder=kind, injuries=1, cards=["cut_2", "cut_3"])


@pytest.mark.parametrize("kind", ["creeper", "adult"])
def test_a_retreat_arrow_makes_it_retreat_and_draws_an_event_card_only_for_the_corridor(make_game, rules, kind):
    game = make_game()
    event_before = game.state.decks.event
    top = event_before.draw_pile[0]
    state = do(game, "injury_check", intruder=kind, injuries=9, cards=["cut_r"])
    keys = new_keys(state)
    assert keys[0] == "log.injury.card_retreat" and keys[1] in ("log.injury.retreat", "log.injury.retreat_two")
    retreat = _entries(state)[1].params
    spec = next(s for s in rules.event_cards if s.id == top)
    assert (retreat["card"], retreat["corridor"], retreat["number"]) == (top, spec.corridors[0], spec.number)
    # Drawn and discarded unresolved: not removed even when it is a "Remove" card, no effect text.
    assert state.decks.event.discard == [top] and state.decks.event.removed == [] and state.decks.event.shown == []
    assert not any(k.startswith("event_card.") for k in keys)
    assert state.event_phase is None
    check_conservation(state, rules)


@pytest.mark.parametrize("kind", ["breeder", "queen"])
@pytest.mark.parametrize(
    "cards, injuries, result",
    [
        (["cut_2", "cut_3"], 5, "log.injury.killed"),
        (["cut_2", "cut_3"], 4, "log.injury.survives"),
        (["cut_r", "cut_5"], 9, "retreat"),  # Retreat arrow on the first card
        (["cut_5", "cut_r"], 9, "retreat"),  # Retreat arrow on the second card
        (["evolve_r", "perched_in_the_dark_r"], 1, "retreat"),
    ],
)
def test_two_card_injury_checks(make_game, rules, kind, cards, injuries, result):
    game = make_game()
    game = with_on_board(rules, game, **{kind: 1})
    on_board, event_deck = game.state.bag.on_board[kind], game.state.decks.event
    state = do(game, "injury_check", intruder=kind, injuries=injuries, cards=cards)
    keys = new_keys(state)
    assert state.decks.attack.shown == cards  # both cards are always drawn
    assert keys[:2] == [("log.injury.card_retreat" if c.endswith("_r") else "log.injury.card") for c in cards]
    if result == "retreat":
        assert keys[2] in ("log.injury.retreat", "log.injury.retreat_two")
        assert len(state.decks.event.discard) == 1
        assert state.bag.on_board[kind] == on_board
    else:
        assert keys[2] == result
        assert _params(state, result)["total"] == 5
        assert state.bag.on_board[kind] == on_board - (1 if result == "log.injury.killed" else 0)
        assert state.decks.event == event_deck  # no Event card without a Retreat
    check_conservation(state, rules)


def test_a_dead_intruder_not_on_the_app_board_is_noted(make_game):
    game = make_game()
    assert game.state.bag.on_board["adult"] == 0
    state = do(game, "injury_check", intruder="adult", injuries=5, cards=["cut_2"])
    assert new_keys(state)[-1] == "log.board_untracked"


def test_a_reported_retreat_card_is_checked(make_game, rules):
    game = make_game()
    refused(game, "error.injury_retreat_card_unused", "injury_check", intruder="adult", injuries=1,
            cards=["cut_2"], retreat_card="panic")
    state = do(game, "injury_check", intruder="adult", injuries=1, cards=["cut_r"], retreat_card="panic")
    assert state.decks.event.discard == ["panic"]
