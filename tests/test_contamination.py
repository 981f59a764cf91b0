"""The digital Contamination deck: setup, dealing, every scan procedure, what follows an
INFECTED card, the Victory Check's step, and who reads what."""
from __future__ import annotations

import pytest

from companion.engine import GameSession, IllegalCommand, Whereabouts, apply, check, run
from companion.engine import commands as c
from companion.engine.authority import refusal_for
from companion.engine.contamination.handlers import check_result
from companion.engine.contamination.model import INFECTED, word_of
from companion.engine.journal import for_seat, for_table
from companion.engine.views import seat_viewer
from tests.conftest import setup_command
from tests.support.contamination_helpers import (
    CARDS,
    RULES,
    clean_cards,
    digital_game,
    digital_setup,
    infected_cards,
    session_from,
    with_held,
)


def scan(session: GameSession, seat: int = 1, procedure: str = "hand", **fields):
    return session.execute(c.ScanContamination(seat=seat, procedure=procedure, **fields))


def keys(step) -> list[str]:
    return [event.key for event in step.events]


def game_with(held: dict[int, list[str]], players: int = 2, **body) -> GameSession:
    start = digital_game(players=players).state
    return session_from(with_held(start, held, **body), players)


def record(session: GameSession, seat: int = 1):
    return session.state.contamination.scans[seat]


# --------------------------------------------------------------------- setup
def test_the_deck_starts_full_with_the_rules_infected_count():
    state = digital_game().state
    deck = state.contamination
    assert sorted(deck.pool) == sorted(CARDS) and len(CARDS) == RULES.contamination.cards == 27
    assert deck.infected_count == RULES.contamination.infected_count
    assert deck.held == {1: [], 2: []} and deck.bottom == []
    assert sum(word_of(card, deck.infected_count) == INFECTED for card in CARDS) == deck.infected_count


def test_the_table_sets_the_infected_count_and_a_wrong_one_is_refused():
    assert digital_game(infected=3).state.contamination.infected_count == 3
    too_many = digital_setup(infected=28)
    refusal = check(None, too_many, RULES)
    assert refusal is not None and refusal.key == "error.contamination.infected_count"
    with pytest.raises(IllegalCommand):
        apply(None, too_many, RULES)


def test_without_the_digital_deck_there_is_no_deck_and_its_commands_are_refused():
    game = GameSession.start(setup_command(players=2), RULES)
    assert game.state.contamination is None
    for command in (c.GainContamination(seat=1), c.ScanContamination(seat=1, procedure="all")):
        assert check(game.state, command, RULES).key == "error.contamination.off"


def test_an_old_new_game_without_the_fields_still_loads():
    legacy = c.parse_command({"type": "new_game", "players": [{"name": "A", "character": "hacker"},
                                                              {"name": "B", "character": "janitor"}]})
    assert legacy.digital_contamination is False and legacy.infected_count is None


# --------------------------------------------------------------------- dealing
def test_a_gained_card_is_dealt_privately_from_the_deck():
    game = digital_game()
    step = game.execute(c.GainContamination(seat=1, count=2))
    deck = game.state.contamination
    assert len(deck.held[1]) == 2 and deck.deck_size == 25
    line = next(event for event in step.events if event.key == "log.contamination.gained")
    assert line.params["count"] == 2 and line.reaches_table
    assert not any("contamination_" in str(event.params) for event in step.events)


def test_a_removed_card_goes_under_the_deck_and_comes_back_only_after_the_rest():
    infected = infected_cards(digital_game().state)
    game = game_with({1: [infected[0]]})
    scan(game, procedure="decontamination", in_hand=1)
    deck = game.state.contamination
    assert deck.bottom == [infected[0]] and deck.held[1] == []
    game.execute(c.GainContamination(seat=2, count=5))
    game.execute(c.GainContamination(seat=2, count=5))
    assert infected[0] not in deck.held[2]
    state = game.state.model_copy(deep=True)
    state.contamination.held[2] += state.contamination.pool
    state.contamination.pool = []
    after = apply(state, c.GainContamination(seat=1), RULES)
    assert after.contamination.held[1] == [infected[0]] and after.contamination.bottom == []


def test_gaining_more_cards_than_the_deck_holds_is_refused():
    state = digital_game().state.model_copy(deep=True)
    deck = state.contamination
    deck.held[2], deck.pool = deck.pool[2:], deck.pool[:2]
    refusal = check(state, c.GainContamination(seat=1, count=3), RULES)
    assert refusal.key == "error.contamination.deck_short" and refusal.params == {"remaining": 2}
    assert check(state, c.GainContamination(seat=1, count=2), RULES) is None


# --------------------------------------------------------------------- INFECTED and the Larva
def test_infected_without_a_larva_places_one_and_the_card_stays():
    state = digital_game().state
    game = game_with({1: [infected_cards(state)[0]]})
    step = scan(game, in_hand=1)
    member = game.state.member(1)
    assert member.body.larva and member.whereabouts is Whereabouts.FACILITY
    assert game.state.contamination.held[1] == [infected_cards(state)[0]]
    assert "announce.contamination.larva_placed" in keys(step)
    assert record(game).larva_placed and not record(game).died


def test_infected_with_a_larva_kills_and_a_creeper_appears():
    state = digital_game().state
    infected = infected_cards(state)[0]
    game = game_with({1: [infected]}, body={1: {"larva": True}})
    creepers = game.state.bag.on_board["creeper"]
    step = scan(game, in_hand=1)
    after = game.state
    assert after.member(1).whereabouts is Whereabouts.DEAD and record(game).died
    assert after.bag.on_board["creeper"] == creepers + 1
    # The tracker's death path: the first death opens the Main Gate.
    assert after.first_death_done and after.main_gate_open
    assert {"announce.contamination.died_infected", "log.death", "announce.first_death"} <= set(keys(step))
    # The dead Character's cards stay with it, out of play.
    assert after.contamination.held[1] == [infected]


def test_a_clean_scan_changes_nothing_on_the_board():
    state = digital_game().state
    game = game_with({1: clean_cards(state)[:3]})
    scan(game, procedure="all")
    assert not game.state.member(1).body.larva
    assert [card.word for card in record(game).cards] == [word_of(card, state.contamination.infected_count)
                                                         for card in clean_cards(state)[:3]]


def test_two_infected_in_one_scan_count_once_unless_the_rules_data_says_otherwise():
    state = digital_game().state
    held = {1: infected_cards(state)[:2]}
    once = game_with(held)
    scan(once, procedure="all")
    assert once.state.member(1).body.larva and once.state.member(1).whereabouts is Whereabouts.FACILITY
    per_card = RULES.model_copy(update={"contamination": RULES.contamination.model_copy(
        update={"infected_once_per_scan": False})})
    after = apply(with_held(state, held), c.ScanContamination(seat=1, procedure="all"), per_card)
    assert after.member(1).whereabouts is Whereabouts.DEAD


def test_the_cards_in_hand_are_the_number_the_player_gives():
    state = digital_game().state
    game = game_with({1: clean_cards(state)[:5]})
    scan(game, in_hand=2)
    assert len(record(game).cards) == 2
    # The two scanned cards are marked now: three are not.
    for refused, key in ((None, "error.contamination.how_many"), (4, "error.contamination.more_than_unmarked")):
        assert check(game.state, c.ScanContamination(seat=1, procedure="hand", in_hand=refused), RULES).key == key
    assert check(game.state, c.ScanContamination(seat=1, procedure="hand", in_hand=0),
                 RULES).key == "error.contamination.nothing_to_scan"
    assert check(game.state, c.ScanContamination(seat=1, procedure="all", in_hand=2),
                 RULES).key == "error.contamination.no_count_needed"


def test_a_scan_that_may_place_a_creeper_waits_for_the_bag_question():
    state = with_held(digital_game().state, {1: clean_cards(digital_game().state)[:2]}, body={1: {"larva": True}})
    for _ in range(RULES.intruders.miniatures["adult"] + 1):
        state = apply(state, c.PlaceIntruder(kind="adult"), RULES)
    assert check(state, c.ScanContamination(seat=1, procedure="all"), RULES).key == "error.bag_adults_retreat_open"
    # Without a Larva nothing can kill: the scan goes ahead.
    state.member(1).body.larva = False
    assert check(state, c.ScanContamination(seat=1, procedure="all"), RULES) is None


# --------------------------------------------------------------------- the rooms
def test_decontamination_removes_the_infected_cards_the_larva_and_the_slime():
    state = digital_game().state
    infected, clean = infected_cards(state)[0], clean_cards(state)[0]
    game = game_with({1: [infected, clean]}, body={1: {"larva": True, "slime": True}})
    step = scan(game, procedure="decontamination", in_hand=2)
    after = game.state
    assert after.contamination.held[1] == [clean] and after.contamination.bottom == [infected]
    body = after.member(1).body
    assert not body.larva and not body.slime and after.member(1).whereabouts is Whereabouts.FACILITY
    assert record(game).larva_removed and record(game).slime_removed
    assert [card.removed for card in record(game).cards if card.word == INFECTED] == [True]
    assert {"log.contamination.removed", "log.body.larva_removed", "log.body.slime_removed"} <= set(keys(step))


def test_a_cleaning_room_kills_a_larva_carrier_only_when_the_rules_data_says_so():
    state = with_held(digital_game().state, {1: infected_cards(digital_game().state)[:1]}, body={1: {"larva": True}})
    command = c.ScanContamination(seat=1, procedure="decontamination", in_hand=1)
    assert apply(state, command, RULES).member(1).whereabouts is Whereabouts.FACILITY
    killing = RULES.model_copy(update={"contamination": RULES.contamination.model_copy(
        update={"cleaning_scan_kills": True})})
    assert apply(state, command, killing).member(1).whereabouts is Whereabouts.DEAD


def test_surgery_scans_everything_removes_takes_a_light_wound_and_passes():
    state = digital_game().state
    infected, clean = infected_cards(state)[:2], clean_cards(state)[:2]
    game = game_with({1: [*infected, *clean]}, body={1: {"larva": True}})
    step = scan(game, procedure="surgery")
    after = game.state
    assert len(record(game).cards) == 4
    assert sorted(after.contamination.held[1]) == sorted(clean)
    assert after.contamination.bottom == [card for card in [*infected, *clean] if card in infected]
    assert not after.member(1).body.larva and after.member(1).body.light_wounds == 1
    assert record(game).light_wound and not record(game).died
    assert {"log.body.light_wound", "log.contamination.surgery_pass"} <= set(keys(step))


def test_surgery_kills_a_character_who_already_has_three_serious_wounds():
    game = game_with({1: clean_cards(digital_game().state)[:1]}, body={1: {"serious_wounds": 3}})
    step = scan(game, procedure="surgery")
    assert game.state.member(1).whereabouts is Whereabouts.DEAD and record(game).died
    assert "announce.body.died_of_wounds" in keys(step) and "log.contamination.surgery_pass" not in keys(step)


# --------------------------------------------------------------------- Leaving the Shell
def _deck_topped_with(state, card):
    """The deck holding only `card` above its other cards, so the next draw is `card`."""
    changed = state.model_copy(deep=True)
    deck = changed.contamination
    deck.bottom = [other for other in deck.pool if other != card]
    deck.pool = [card]
    return changed


def test_leaving_the_shell_with_a_larva_draws_one_card_and_infected_kills():
    start = digital_game().state
    state = _deck_topped_with(with_held(start, {}, body={1: {"larva": True}}), infected_cards(start)[0])
    outcome = run(state, c.ScanContamination(seat=1, procedure="leaving_the_shell"), RULES)
    after = outcome.state
    assert after.member(1).whereabouts is Whereabouts.DEAD
    assert after.bag.on_board["creeper"] == start.bag.on_board["creeper"] + 1
    assert after.contamination.scans[1].drawn and after.contamination.held[1] == [infected_cards(start)[0]]


def test_leaving_the_shell_with_a_larva_and_a_clean_card_keeps_the_card():
    start = digital_game().state
    clean = clean_cards(start)[0]
    state = _deck_topped_with(with_held(start, {}, body={1: {"larva": True}}), clean)
    after = apply(state, c.ScanContamination(seat=1, procedure="leaving_the_shell"), RULES)
    assert after.member(1).whereabouts is Whereabouts.FACILITY and after.contamination.held[1] == [clean]
    # It asks for no count: the card comes from the deck.
    refusal = check(state, c.ScanContamination(seat=1, procedure="leaving_the_shell", in_hand=1), RULES)
    assert refusal.key == "error.contamination.no_count_needed"


def test_leaving_the_shell_without_a_larva_scans_the_cards_among_the_four_drawn():
    state = digital_game().state
    held = [*infected_cards(state)[:1], *clean_cards(state)[:5]]
    game = game_with({1: held})
    refusal = check(game.state, c.ScanContamination(seat=1, procedure="leaving_the_shell", in_hand=5), RULES)
    assert refusal.key == "error.contamination.more_than_held" and refusal.params == {"held": 4}
    scan(game, procedure="leaving_the_shell", in_hand=4)
    scanned = record(game)
    assert len(scanned.cards) == 4 and not scanned.drawn
    assert game.state.member(1).body.larva == (scanned.infected > 0)
    assert game.state.member(1).whereabouts is Whereabouts.FACILITY


# --------------------------------------------------------------------- an item or Action card's scan
def test_a_card_scan_does_what_the_table_reads_from_the_card():
    state = digital_game().state
    infected, clean = infected_cards(state)[0], clean_cards(state)[0]
    game = game_with({1: [infected, clean]}, body={1: {"slime": True}})
    scan(game, procedure="card", scope="all", remove_infected=True, remove_slime=True)
    after = game.state
    assert after.contamination.held[1] == [clean] and not after.member(1).body.slime
    # It places a Larva for the INFECTED card (nothing removes it).
    assert after.member(1).body.larva
    refusal = check(after, c.ScanContamination(seat=1, procedure="hand", in_hand=1, remove_infected=True), RULES)
    assert refusal.key == "error.contamination.options_card_only"


# --------------------------------------------------------------------- attacks feed it
def _attack(state, attacker: str, card: str | None = None, dark: bool = False):
    return run(state, c.ResolveAttack(attacker=attacker, seat=1, dark=dark, card=card), RULES)


@pytest.mark.parametrize("kind,cards", [("cut", 1), ("piercing_the_heart", 1), ("blood_chase", 0)])
def test_attack_cards_that_say_so_deal_a_contamination_card(kind, cards):
    state = digital_game().state
    card = next(spec for spec in RULES.attack_cards if spec.kind == kind)
    attacker = "queen"
    assert attacker in card.symbols
    after = _attack(state, attacker, card.id).state
    assert len(after.contamination.held[1]) == cards


def test_a_larva_infests_a_larva_and_a_card_and_without_the_deck_only_the_larva():
    state = digital_game().state
    outcome = _attack(state, "larva")
    assert outcome.state.member(1).body.larva and len(outcome.state.contamination.held[1]) == 1
    printed = GameSession.start(setup_command(players=2), RULES).state
    after = _attack(printed, "larva")
    assert after.state.member(1).body.larva and after.state.contamination is None
    assert "log.contamination.gained" not in [event.key for event in after.events]


def test_infecting_the_host_infests_only_in_darkness():
    state = digital_game().state
    card = next(spec for spec in RULES.attack_cards if spec.kind == "infecting_the_host")
    attacker = card.symbols[0]
    lit = _attack(state, attacker, card.id, dark=False).state
    dark = _attack(state, attacker, card.id, dark=True).state
    assert not lit.member(1).body.larva and lit.contamination.held[1] == []
    assert dark.member(1).body.larva and len(dark.contamination.held[1]) == 1


def test_infest_by_hand_places_a_larva_only_once():
    game = digital_game()
    game.execute(c.InfestCharacter(seat=1))
    game.execute(c.InfestCharacter(seat=1))
    assert game.state.member(1).body.larva and len(game.state.contamination.held[1]) == 2


# --------------------------------------------------------------------- dead players
def test_a_dead_players_cards_leave_play_with_the_character():
    state = digital_game().state
    held = [*infected_cards(state)[:1], *clean_cards(state)[:2]]
    game = game_with({1: held})
    game.execute(c.RecordDeath(seat=1))
    deck = game.state.contamination
    assert deck.held[1] == held and len(deck.all_cards()) == 27
    for command in (c.GainContamination(seat=1), c.ScanContamination(seat=1, procedure="all"),
                    c.InfestCharacter(seat=1)):
        assert check(game.state, command, RULES).key == "error.not_in_facility"
    # Dealing goes on from the deck without them.
    game.execute(c.GainContamination(seat=2, count=5))
    assert not set(deck.held[2]) & set(held)


# --------------------------------------------------------------------- the Victory Check
def _ended(held: list[str], **body) -> GameSession:
    start = with_held(digital_game().state, {1: held}, **body)
    state = start
    for _ in range(7):
        state = apply(state, c.AdvanceTime(), RULES)
    state = apply(state, c.LockIn(seat=1), RULES)
    while not state.is_over:
        state = apply(state, c.AdvanceTime(), RULES)
    return session_from(state)


def test_the_contamination_check_waits_for_the_end_and_a_survivor():
    game = game_with({1: clean_cards(digital_game().state)[:1]})
    assert check(game.state, c.ContaminationCheck(seat=1, action_cards=10), RULES).key == \
        "error.contamination.check_before_end"
    ended = _ended(clean_cards(digital_game().state)[:1])
    assert check(ended.state, c.ContaminationCheck(seat=1, action_cards=10), RULES) is None
    # Seat 2 was killed at the end: not a survivor.
    assert check(ended.state, c.ContaminationCheck(seat=2, action_cards=10), RULES).key == \
        "error.contamination.not_a_survivor"


def test_a_clean_survivor_passes_without_a_draw():
    game = _ended(clean_cards(digital_game().state)[:2])
    game.execute(c.ContaminationCheck(seat=1, action_cards=10))
    result = check_result(game.state, 1)
    assert not result.infected and result.drawn == [] and not result.died and len(result.cards) == 2
    assert check(game.state, c.ContaminationCheck(seat=1, action_cards=10), RULES).key == \
        "error.contamination.already_checked"


def test_an_infected_survivor_draws_four_and_any_contamination_card_kills():
    infected = infected_cards(digital_game().state)[:1]
    dying = _ended(infected)
    dying.execute(c.ContaminationCheck(seat=1, action_cards=0))
    result = check_result(dying.state, 1)
    assert result.infected and result.drawn == [True] and result.died
    surviving = _ended(infected)
    # 40 Action cards and one Contamination card: the seeded draw is reproducible.
    surviving.execute(c.ContaminationCheck(seat=1, action_cards=40))
    first = check_result(surviving.state, 1)
    again = _ended(infected)
    again.execute(c.ContaminationCheck(seat=1, action_cards=40))
    assert len(first.drawn) == 4 and first.drawn == check_result(again.state, 1).drawn
    assert first.died == any(first.drawn)


def test_a_larva_skips_the_scan_and_goes_to_the_draw():
    game = _ended(clean_cards(digital_game().state)[:1], body={1: {"larva": True}})
    game.execute(c.ContaminationCheck(seat=1, action_cards=3))
    result = check_result(game.state, 1)
    assert result.larva and result.cards == [] and result.action_cards == 3 and len(result.drawn) == 4


# --------------------------------------------------------------------- who reads what, who may send what
def test_the_results_reach_only_the_player_who_scanned():
    state = digital_game().state
    game = game_with({1: [infected_cards(state)[0], clean_cards(state)[0]]})
    step = scan(game, procedure="all")
    private = [event for event in step.events if event.key == "log.contamination.scan_result"]
    assert len(private) == 1 and private[0].params == {"count": 2, "infected": 1}
    assert for_seat(1)(private[0]) and not for_seat(2)(private[0]) and not for_table(private[0])
    public = [event for event in step.events if for_table(event)]
    assert public and not any("infected" in event.params or "word" in event.params for event in public)


def test_a_player_scans_only_their_own_cards_and_undo_stops_at_a_scan():
    command = c.ScanContamination(seat=1, procedure="all")
    assert refusal_for(seat_viewer(1), command) is None
    assert refusal_for(seat_viewer(2), command).key == "error.not_your_seat"
    assert refusal_for(seat_viewer(1), c.SetLarva(seat=1, larva=True)).key == "error.table_only"
    game = game_with({1: clean_cards(digital_game().state)[:1]})
    scan(game, procedure="all")
    assert c.ScanContamination.reveals_hidden and not game.can_undo



def test_a_card_that_takes_the_larva_off_never_kills_but_one_that_only_removes_cards_can():
    state = digital_game().state
    held = with_held(state, {1: infected_cards(state)[:1]}, body={1: {"larva": True}})
    curing = apply(held, c.ScanContamination(seat=1, procedure="card", scope="all", remove_infected=True,
                                             remove_larva=True), RULES)
    assert curing.member(1).whereabouts is Whereabouts.FACILITY and not curing.member(1).body.larva
    removing = apply(held, c.ScanContamination(seat=1, procedure="card", scope="all", remove_infected=True), RULES)
    assert removing.member(1).whereabouts is Whereabouts.DEAD
