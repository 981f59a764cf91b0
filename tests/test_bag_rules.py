"""The Intruder bag's rules, one scenario each: setup, encounters, development, the Queen,
intruders on the board, Eggs, the physical bag and the odds setting."""
from __future__ import annotations

import pytest

from pydantic import ValidationError

from companion.engine import GameSession, IllegalCommand, Section, parse_command
from companion.engine.bag.model import Awaiting, DrawResult, Lighting
from tests.conftest import LAYOUT_1234, advance_to, cmd, do, refused, setup_command
from tests.support.bag_helpers import (
    box_ids,
    full_bag,
    ids_of,
    kinds,
    new_entries,
    new_keys,
    run,
    start,
    with_bag,
)

# LAYOUT_1234: S-01 has token 1 and S-02 token 2 (powered); S-03 and the Elevator are dark.


def _params(state, key):
    return next(entry.params for entry in new_entries(state) if entry.key == key)


# --------------------------------------------------------------------- setup
@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_start_composition(rules, players):
    mode = "solo" if players == 1 else "standard"
    state = GameSession.start(setup_command(players=players, mode=mode), rules).state
    bag = state.bag
    assert kinds(bag.bag, rules) == {"blank": 1, "larva": 4, "creeper": 1, "queen": 1, "adult": 3 + players}
    assert sorted(bag.bag + bag.aside) == sorted(box_ids(rules))
    assert bag.on_board == {"larva": 0, "creeper": 0, "adult": 0, "breeder": 0, "queen": 0}
    assert (bag.eggs, bag.carcasses, bag.nest_destroyed) == (5, 0, False)
    assert (bag.physical_bag, bag.show_odds, bag.awaiting, bag.last_draw) == (False, True, None, None)


def test_start_tokens_are_picked_at_random_per_seed(rules):
    bags = {tuple(start(rules, seed=seed).state.bag.bag) for seed in range(30)}
    assert len(bags) > 5  # which Larvae/Adults go in (their numbers) depends on the seed


def test_physical_setup_lists_the_tokens_to_put_in(rules):
    game = start(rules, physical=True)
    lines = [e for e in game.events_at(0) if e.key in ("log.bag.setup_tokens", "log.bag.setup_blank")]
    assert sum(e.params["count"] for e in lines) == len(game.state.bag.bag) == 13
    assert all(e.reaches_table for e in lines)  # the table puts them in the real bag
    # A digital bag adds no setup lines.
    assert [e.key for e in start(rules).events_at(0)] == ["log.new_game"]


# --------------------------------------------------------------------- encounters
def test_encounter_in_a_powered_section_uses_the_light_number(rules):
    game = full_bag(rules, layout=LAYOUT_1234)
    state = do(game, "resolve_encounter", seat=1, place="S-01", hand=1, outcome={"token": "adult_7"})
    draw = state.bag.last_draw
    assert (draw.token, draw.kind, draw.light, draw.dark) == ("adult_7", "adult", 2, 4)
    assert (draw.lighting, draw.applied, draw.hand, draw.surprise_attack) == (Lighting.POWERED, 2, 1, True)
    assert draw.result is DrawResult.PLACED and draw.reported
    assert "adult_7" in state.bag.aside and "adult_7" not in state.bag.bag
    assert state.bag.on_board["adult"] == 1
    assert new_keys(state) == ["log.bag.encounter_light", "announce.first_encounter", "announce.bag.surprise_attack"]
    params = _params(state, "log.bag.encounter_light")
    assert params == {"seat": 1, "character": "hacker", "section": "S-01", "kind": "adult", "token": "adult_7",
                      "light": 2, "dark": 4, "applied": 2, "hand": 1}
    assert state.first_encounter_done


def test_darkness_comes_from_the_power(rules):
    game = full_bag(rules, layout=LAYOUT_1234)
    state = do(game, "resolve_encounter", seat=1, place="S-03", hand=3, outcome={"token": "adult_7"})
    assert state.bag.last_draw.lighting is Lighting.UNPOWERED
    assert state.bag.last_draw.applied == 4 and state.bag.last_draw.surprise_attack
    assert "log.bag.encounter_dark" in new_keys(state)
    # Power back on in S-03: the same kind of token now uses its light number.
    do(game, "flip_power", section="S-03")
    state = do(game, "resolve_encounter", seat=1, place="S-03", hand=3, outcome={"token": "adult_10"})
    assert state.bag.last_draw.lighting is Lighting.POWERED
    assert state.bag.last_draw.applied == 3 and state.bag.last_draw.surprise_attack is False


def test_the_stairs_are_always_dark(rules):
    game = full_bag(rules, layout=LAYOUT_1234)
    assert game.state.is_powered(Section.S01) and game.state.is_powered(Section.S02)
    state = do(game, "resolve_encounter", seat=2, place="STAIRS", hand=3, outcome={"token": "queen"})
    draw = state.bag.last_draw
    assert (draw.lighting, draw.applied, draw.surprise_attack) == (Lighting.STAIRS, 4, True)
    assert "log.bag.encounter_stairs" in new_keys(state)
    assert "section" not in _params(state, "log.bag.encounter_stairs")


@pytest.mark.parametrize("hand,surprise", [(0, True), (1, True), (2, False), (3, False)])
def test_surprise_attack_boundary_equal_is_safe(rules, hand, surprise):
    game = full_bag(rules, layout=LAYOUT_1234)
    # adult_4 shows 2 in the light: 2 cards is enough, 1 is not.
    state = do(game, "resolve_encounter", seat=1, place="S-01", hand=hand,
               outcome={"kind": "adult", "light": 2, "dark": 3})
    assert state.bag.last_draw.applied == 2
    assert state.bag.last_draw.surprise_attack is surprise
    assert ("announce.bag.surprise_attack" in new_keys(state)) is surprise
    assert ("log.bag.no_surprise_attack" in new_keys(state)) is not surprise


def test_the_first_encounter_is_announced_once(rules):
    game = full_bag(rules, layout=LAYOUT_1234)
    first = do(game, "resolve_encounter", seat=1, place="S-01", hand=5, outcome={"kind": "creeper"})
    second = do(game, "resolve_encounter", seat=2, place="S-01", hand=5, outcome={"kind": "queen"})
    assert "announce.first_encounter" in new_keys(first)
    assert "announce.first_encounter" not in new_keys(second)
    refused(game, "error.first_encounter_done", "record_first_encounter")


def test_blank_encounter_not_last(rules):
    game = start(rules, physical=True)
    before = game.state.bag
    state = do(game, "resolve_encounter", seat=1, place="S-01", hand=0, outcome={"kind": "blank"})
    assert state.bag.bag == before.bag and state.bag.aside == before.aside
    assert state.bag.on_board == before.on_board
    assert state.bag.last_draw.result is DrawResult.BLANK and state.bag.last_draw.surprise_attack is None
    assert new_keys(state) == ["log.bag.encounter_blank"]
    assert not state.first_encounter_done  # nothing appeared


def test_blank_encounter_last_token_adds_an_adult(rules):
    state = with_bag(start(rules).state, rules, ["blank"])
    after = run(state, rules, "resolve_encounter", seat=1, place="S-02", hand=0)
    assert after.bag.last_draw.kind == "blank"
    assert kinds(after.bag.bag, rules) == {"blank": 1, "adult": 1}
    # A digital bag: the numbers of the token that goes in are the engine's alone.
    assert new_keys(after) == ["log.bag.encounter_blank", "log.bag.blank_was_last", "log.bag.token_added",
                               "log.bag.token_added_unseen"]
    added, told = new_entries(after)[2:]
    assert not added.reaches_table and not any(added.reaches_seat(seat) for seat in (1, 2, 3))
    assert told.reaches_table and told.params == {"kind": "adult"}
    assert not after.first_encounter_done


def test_no_miniature_left_of_a_kind(rules):
    game = full_bag(rules, layout=LAYOUT_1234)
    for _ in range(3):
        do(game, "place_intruder", kind="creeper")
    state = do(game, "place_intruder", kind="creeper")
    assert state.bag.on_board["creeper"] == 3 and state.bag.awaiting is None
    assert new_keys(state) == ["announce.bag.no_miniature"]
    state = do(game, "resolve_encounter", seat=1, place="S-01", hand=0, outcome={"kind": "creeper"})
    assert state.bag.on_board["creeper"] == 3
    assert state.bag.last_draw.result is DrawResult.NO_MINIATURE
    # No miniature is placed, but the Surprise Attack is checked anyway (hand 0 < its number).
    assert state.bag.last_draw.surprise_attack is True
    assert _params(state, "announce.bag.no_miniature_drawn") == {"kind": "creeper", "maximum": 3}
    assert "announce.bag.surprise_attack" in new_keys(state)


# --------------------------------------------------------------------- the Adults retreat
def _eight_adults(game) -> None:
    for _ in range(8):
        do(game, "place_intruder", kind="adult")
    assert game.state.bag.on_board["adult"] == 8


def test_an_adult_encounter_with_all_adults_out_asks_for_the_retreat(rules):
    game = full_bag(rules, layout=LAYOUT_1234)  # every token in the bag: none beside the board
    _eight_adults(game)
    state = do(game, "resolve_encounter", seat=1, place="S-01", hand=1, outcome={"token": "adult_7"})
    assert state.bag.awaiting is Awaiting.ADULTS_RETREAT
    assert new_keys(state) == ["log.bag.encounter_light", "announce.bag.adults_retreat"]
    assert _params(state, "announce.bag.adults_retreat") == {"kind": "adult", "maximum": 8}
    draw = state.bag.last_draw
    assert (draw.result, draw.surprise_attack, draw.applied, draw.hand) == (DrawResult.ADULTS_RETREAT, None, 2, 1)
    assert state.bag.on_board["adult"] == 8 and "adult_7" in state.bag.aside
    # The bag waits for the answer.
    refused(game, "error.bag_adults_retreat_open", "develop_bag", outcome={"kind": "blank"})
    refused(game, "error.bag_adults_retreat_open", "resolve_encounter", seat=2, place="S-01", hand=2,
            outcome={"kind": "blank"})
    refused(game, "error.bag_adults_retreat_open", "kill_intruder", kind="adult")
    refused(game, "error.bag_no_queen_question", "answer_queen_in_nest", character_in_nest=False)
    # 3 Adults are not in Combat: they leave; only the drawn token is beside the board to go back.
    state = do(game, "answer_adults_retreat", not_in_combat=3)
    assert state.bag.awaiting is None
    assert state.bag.on_board["adult"] == 8 - 3 + 1
    assert "adult_7" in state.bag.bag and not [t for t in state.bag.aside if t.startswith("adult")]
    assert new_keys(state) == ["log.bag.adults_retreated", "log.bag.token_added",
                               "log.bag.adults_retreat_few_tokens", "announce.bag.surprise_attack"]
    assert _params(state, "log.bag.adults_retreated") == {"kind": "adult", "count": 3}
    assert _params(state, "log.bag.adults_retreat_few_tokens") == {"kind": "adult", "count": 1, "wanted": 3}
    draw = state.bag.last_draw
    assert (draw.result, draw.surprise_attack, draw.token, draw.seat) == (DrawResult.PLACED, True, "adult_7", 1)
    refused(game, "error.bag_no_adults_retreat_question", "answer_adults_retreat", not_in_combat=1)


def test_the_retreat_puts_tokens_from_beside_the_board_back(rules):
    game = start(rules, physical=True)  # 3 players: 6 Adult tokens in the bag, 6 beside the board
    _eight_adults(game)
    before = game.state.bag
    state = do(game, "place_intruder", kind="adult")  # a card places an Adult: no draw
    assert state.bag.awaiting is Awaiting.ADULTS_RETREAT and state.bag.last_draw == before.last_draw
    assert new_keys(state) == ["announce.bag.adults_retreat"]
    state = do(game, "answer_adults_retreat", not_in_combat=5)
    assert state.bag.on_board["adult"] == 8 - 5 + 1
    assert kinds(state.bag.bag, rules)["adult"] == kinds(before.bag, rules)["adult"] + 5
    assert new_keys(state) == ["log.bag.adults_retreated"] + ["log.bag.token_added"] * 5 + [
        "log.bag.intruder_placed"]
    assert state.bag.last_draw == before.last_draw


def test_all_adults_in_combat_no_adult_is_placed(rules):
    game = full_bag(rules, layout=LAYOUT_1234)
    _eight_adults(game)
    do(game, "resolve_encounter", seat=1, place="S-03", hand=0, outcome={"token": "adult_1"})
    before = game.state.bag
    state = do(game, "answer_adults_retreat", not_in_combat=0)
    assert state.bag.awaiting is None and state.bag.on_board["adult"] == 8
    assert state.bag.bag == before.bag and state.bag.aside == before.aside
    assert new_keys(state) == ["announce.bag.adults_all_in_combat"]
    assert _params(state, "announce.bag.adults_all_in_combat") == {"kind": "adult", "maximum": 8}
    draw = state.bag.last_draw
    assert (draw.result, draw.surprise_attack) == (DrawResult.NO_MINIATURE, None)


def test_the_retreat_answer_is_checked_and_undone(rules):
    game = start(rules)
    refused(game, "error.bag_no_adults_retreat_question", "answer_adults_retreat", not_in_combat=0)
    with pytest.raises(ValidationError):
        parse_command({"type": "answer_adults_retreat", "not_in_combat": 9})
    with pytest.raises(ValidationError):
        parse_command({"type": "answer_adults_retreat", "not_in_combat": -1})
    _eight_adults(game)
    asked = do(game, "place_intruder", kind="adult")
    do(game, "answer_adults_retreat", not_in_combat=8)
    assert game.state.bag.on_board["adult"] == 1
    assert game.undo() == asked and game.state.bag.awaiting is Awaiting.ADULTS_RETREAT


def test_encounter_needs_an_active_character(rules):
    game = start(rules)
    refused(game, "error.unknown_seat", "resolve_encounter", seat=9, place="S-01", hand=2)
    do(game, "record_death", seat=2)
    refused(game, "error.not_in_facility", "resolve_encounter", seat=2, place="S-01", hand=2)


# --------------------------------------------------------------------- development
def test_larva_develops_into_an_adult(rules):
    game = start(rules, physical=True)
    before = game.state.bag
    larva = next(t for t in before.bag if t.startswith("larva"))
    state = do(game, "develop_bag", outcome={"token": larva})
    assert state.bag.last_draw.token == larva
    assert larva in state.bag.aside and larva not in state.bag.bag
    assert kinds(state.bag.bag, rules)["larva"] == 3
    assert kinds(state.bag.bag, rules)["adult"] == kinds(before.bag, rules)["adult"] + 1
    assert len(state.bag.bag) == len(before.bag)
    assert new_keys(state) == ["log.bag.developed_larva", "log.bag.token_added"]
    assert state.bag.last_draw.result is DrawResult.DEVELOPED
    assert state.bag.on_board == before.on_board


def test_creeper_develops_into_a_breeder(rules):
    game = start(rules, physical=True)
    state = do(game, "develop_bag", outcome={"kind": "creeper"})
    assert kinds(state.bag.bag, rules)["creeper"] == 0
    assert kinds(state.bag.bag, rules)["breeder"] == 1
    assert new_keys(state) == ["log.bag.developed_creeper", "log.bag.token_added"]
    assert _params(state, "log.bag.token_added")["kind"] == "breeder"


@pytest.mark.parametrize("kind", ["adult", "breeder"])
def test_adult_or_breeder_goes_back_with_noise_rolls(rules, kind):
    game = start(rules, physical=True)
    if kind == "breeder":
        do(game, "develop_bag", outcome={"kind": "creeper"})  # now a Breeder is in the bag
    before = game.state.bag
    token = next(t for t in before.bag if t.startswith(kind))
    state = do(game, "develop_bag", outcome={"token": token})
    assert state.bag.last_draw.kind == kind
    assert state.bag.bag == before.bag and state.bag.aside == before.aside
    assert new_keys(state) == ["announce.bag.developed_noise"]
    assert state.bag.last_draw.result is DrawResult.NOISE_ROLL


def test_blank_in_development_adds_an_adult(rules):
    game = start(rules, physical=True)
    before = game.state.bag
    state = do(game, "develop_bag", outcome={"kind": "blank"})
    assert "blank" in state.bag.bag
    assert kinds(state.bag.bag, rules)["adult"] == kinds(before.bag, rules)["adult"] + 1
    assert new_keys(state) == ["log.bag.developed_blank", "log.bag.token_added"]


def test_empty_supply_adds_nothing(rules):
    state = with_bag(start(rules, physical=True).state, rules, ["blank", "larva_1"] + ids_of(rules, "adult"))
    after = run(state, rules, "develop_bag", outcome={"token": "larva_1"})
    assert "larva_1" in after.bag.aside
    assert kinds(after.bag.bag, rules) == {"blank": 1, "adult": 12}
    assert new_keys(after) == ["log.bag.developed_larva", "log.bag.supply_empty"]
    again = run(after, rules, "develop_bag", outcome={"kind": "blank"})
    assert new_keys(again) == ["log.bag.developed_blank", "log.bag.supply_empty"]
    assert again.bag.bag == after.bag.bag


# --------------------------------------------------------------------- the Queen
def test_queen_with_nobody_in_the_nest_adds_an_egg(rules):
    game = start(rules, physical=True)
    state = do(game, "develop_bag", outcome={"kind": "queen"})
    assert state.bag.awaiting is not None and "queen" in state.bag.bag
    assert new_keys(state) == ["announce.bag.developed_queen"]
    refused(game, "error.bag_queen_question_open", "develop_bag", outcome={"kind": "blank"})
    refused(game, "error.bag_queen_question_open", "resolve_encounter", seat=1, place="S-01", hand=2,
            outcome={"kind": "blank"})
    refused(game, "error.bag_queen_question_open", "place_intruder", kind="adult")
    refused(game, "error.bag_queen_nobody_in_nest", "answer_queen_in_nest", character_in_nest=False, seat=1)
    state = do(game, "answer_queen_in_nest", character_in_nest=False)
    assert state.bag.awaiting is None and "queen" in state.bag.bag
    assert state.bag.eggs == 6 and state.bag.on_board["queen"] == 0
    assert new_keys(state) == ["log.bag.queen_back_egg"]
    assert state.bag.last_draw.result is DrawResult.QUEEN_BACK
    assert not state.first_encounter_done
    refused(game, "error.bag_no_queen_question", "answer_queen_in_nest", character_in_nest=False)


def test_queen_with_a_character_in_the_nest(rules):
    game = start(rules, physical=True, layout=LAYOUT_1234)
    do(game, "develop_bag", outcome={"token": "queen"})
    refused(game, "error.bag_queen_needs_encounter", "answer_queen_in_nest", character_in_nest=True, seat=1)
    state = do(game, "answer_queen_in_nest", character_in_nest=True, seat=2, place="S-02", hand=4)
    assert "queen" in state.bag.bag and "queen" not in state.bag.aside  # p.13: back into the bag
    assert state.bag.on_board["queen"] == 1 and state.bag.eggs == 5
    assert new_keys(state) == ["announce.bag.queen_in_nest", "log.bag.encounter_light",
                               "announce.first_encounter", "log.bag.no_surprise_attack"]
    draw = state.bag.last_draw
    assert (draw.seat, draw.applied, draw.hand, draw.surprise_attack) == (2, 4, 4, False)


def test_second_queen_draw_while_she_is_on_the_board_places_no_second_queen(rules):
    game = start(rules, physical=True, layout=LAYOUT_1234)
    do(game, "develop_bag", outcome={"token": "queen"})
    do(game, "answer_queen_in_nest", character_in_nest=True, seat=2, place="S-02", hand=4)
    do(game, "develop_bag", outcome={"token": "queen"})
    state = do(game, "answer_queen_in_nest", character_in_nest=True, seat=1, place="S-02", hand=1)
    assert state.bag.on_board["queen"] == 1 and "queen" in state.bag.bag
    assert new_keys(state) == ["log.bag.queen_already_on_board"]
    assert state.bag.last_draw.result is DrawResult.QUEEN_ON_BOARD
    assert state.bag.last_draw.surprise_attack is None


def test_queen_in_the_nest_in_darkness_surprises_a_short_hand(rules):
    game = start(rules, physical=True, layout=LAYOUT_1234)
    do(game, "develop_bag", outcome={"token": "queen"})
    state = do(game, "answer_queen_in_nest", character_in_nest=True, seat=1, place="ELEVATOR", hand=3)
    assert state.bag.last_draw.lighting is Lighting.UNPOWERED
    assert state.bag.last_draw.surprise_attack is True
    assert "announce.bag.surprise_attack" in new_keys(state)


def test_queen_back_when_the_nest_is_destroyed_adds_an_egg_and_restores_the_nest(rules):
    game = start(rules, physical=True)
    for _ in range(5):
        do(game, "remove_egg", how="destroyed")
    do(game, "develop_bag", outcome={"kind": "queen"})
    state = do(game, "answer_queen_in_nest", character_in_nest=False)
    assert state.bag.eggs == 1 and not state.bag.nest_destroyed
    assert new_keys(state) == ["announce.bag.queen_back_nest_restored"]
    assert state.bag.last_draw.result is DrawResult.QUEEN_BACK_NEST_RESTORED


def test_never_more_than_the_eight_egg_tokens(rules):
    game = start(rules, physical=True)
    do(game, "remove_egg", how="taken")  # carried: still one of the 8 tokens
    for _ in range(4):
        do(game, "develop_bag", outcome={"kind": "queen"})
        do(game, "answer_queen_in_nest", character_in_nest=False)
    assert (game.state.bag.eggs, game.state.bag.eggs_out) == (7, 1)
    assert new_keys(game.state) == ["log.bag.queen_back_no_egg_token"]
    assert _params(game.state, "log.bag.queen_back_no_egg_token") == {"maximum": 8}
    # The carried Egg is destroyed: its token is free for the Queen again.
    do(game, "injury_check", intruder="egg", injuries=1, in_nest=False)
    do(game, "develop_bag", outcome={"kind": "queen"})
    state = do(game, "answer_queen_in_nest", character_in_nest=False)
    assert (state.bag.eggs, state.bag.eggs_out) == (8, 0)


def test_digital_queen_draw_then_answer(rules):
    """Digital bag: develop until the Queen comes out; the question then blocks the bag."""
    game = start(rules)
    for _ in range(300):
        state = do(game, "develop_bag")
        if state.bag.awaiting is not None:
            break
    assert state.bag.last_draw.kind == "queen"
    state = do(game, "answer_queen_in_nest", character_in_nest=False)
    assert state.bag.awaiting is None


# --------------------------------------------------------------------- intruders on the board
def test_kill_leaves_a_carcass_and_keeps_the_token_aside(rules):
    game = full_bag(rules, layout=LAYOUT_1234)
    do(game, "resolve_encounter", seat=1, place="S-01", hand=5, outcome={"kind": "creeper"})
    before = game.state.bag
    state = do(game, "kill_intruder", kind="creeper")
    assert state.bag.on_board["creeper"] == 0 and state.bag.carcasses == 1
    assert state.bag.bag == before.bag and state.bag.aside == before.aside
    assert new_keys(state) == ["log.bag.intruder_killed"]
    refused(game, "error.bag_no_intruder_on_board", "kill_intruder", kind="creeper")


def test_a_killed_larva_leaves_no_carcass_and_the_queen_is_announced(rules):
    game = full_bag(rules)
    do(game, "place_intruder", kind="larva")
    do(game, "resolve_encounter", seat=1, place="S-01", hand=5, outcome={"kind": "queen"})
    state = do(game, "kill_intruder", kind="larva")
    assert state.bag.carcasses == 0 and new_keys(state) == ["log.bag.larva_killed"]
    state = do(game, "kill_intruder", kind="queen")
    assert state.bag.carcasses == 1 and new_keys(state) == ["announce.bag.queen_killed"]


def test_technical_corridor_puts_a_token_back(rules):
    game = full_bag(rules, layout=LAYOUT_1234)
    do(game, "resolve_encounter", seat=1, place="S-01", hand=5, outcome={"token": "adult_12"})
    before = game.state.bag
    state = do(game, "intruder_to_technical_corridor", kind="adult")
    assert state.bag.on_board["adult"] == 0
    assert kinds(state.bag.bag, rules)["adult"] == kinds(before.bag, rules)["adult"] + 1
    assert new_keys(state) == ["log.bag.intruder_to_corridor", "log.bag.token_added"]


def test_technical_corridor_with_no_token_left_aside(rules):
    state = with_bag(start(rules).state, rules, box_ids(rules))  # everything is in the bag
    state = run(state, rules, "place_intruder", kind="adult")  # a card placed it: no token aside
    after = run(state, rules, "intruder_to_technical_corridor", kind="adult")
    assert after.bag.on_board["adult"] == 0
    assert new_keys(after) == ["log.bag.intruder_to_corridor", "log.bag.supply_empty"]


def test_the_one_queen_is_never_both_on_the_board_and_in_the_bag(rules):
    game = full_bag(rules)
    refused(game, "error.bag_queen_token_in_bag", "place_intruder", kind="queen")
    do(game, "resolve_encounter", seat=1, place="S-01", hand=5, outcome={"token": "queen"})
    state = do(game, "add_to_bag", kind="queen")
    assert "queen" in state.bag.aside and new_keys(state) == ["log.bag.supply_empty"]
    state = do(game, "intruder_to_technical_corridor", kind="queen")
    assert "queen" in state.bag.bag and state.bag.on_board["queen"] == 0


def test_remove_and_place_manually(rules):
    game = start(rules)
    state = do(game, "place_intruder", kind="breeder")
    assert state.bag.on_board["breeder"] == 1 and state.first_encounter_done
    assert new_keys(state) == ["announce.first_encounter", "log.bag.intruder_placed"]
    state = do(game, "remove_intruder", kind="breeder")
    assert state.bag.on_board["breeder"] == 0 and state.bag.carcasses == 0
    assert new_keys(state) == ["log.bag.intruder_removed"]


def test_add_to_bag_from_the_supply(rules):
    game = start(rules)
    before = game.state.bag
    state = do(game, "add_to_bag", kind="larva")
    assert kinds(state.bag.bag, rules)["larva"] == 5 and len(state.bag.aside) == len(before.aside) - 1
    state = do(game, "add_to_bag", kind="queen")
    assert new_keys(state) == ["log.bag.supply_empty"]


def test_return_intruders_not_in_combat(rules):
    game = start(rules)
    for kind in ("adult", "adult", "adult", "creeper"):
        do(game, "place_intruder", kind=kind)
    before = game.state.bag
    refused(game, "error.bag_too_many_to_return", "return_intruders_to_bag", counts={"adult": 4})
    refused(game, "error.bag_nothing_to_return", "return_intruders_to_bag", counts={"adult": 0})
    refused(game, "error.bag_no_intruder_on_board", "return_intruders_to_bag", counts={"queen": 1})
    state = do(game, "return_intruders_to_bag", counts={"adult": 2, "creeper": 1})
    assert state.bag.on_board["adult"] == 1 and state.bag.on_board["creeper"] == 0
    assert kinds(state.bag.bag, rules)["adult"] == kinds(before.bag, rules)["adult"] + 2
    assert kinds(state.bag.bag, rules)["creeper"] == kinds(before.bag, rules)["creeper"] + 1
    added = ["log.bag.token_added", "log.bag.token_added_unseen"]  # a digital bag: numbers for the engine only
    assert new_keys(state) == ["log.bag.intruders_returned", *added,  # the Creeper first
                               "log.bag.intruders_returned", *added, *added]


# --------------------------------------------------------------------- Eggs
def test_eggs_and_the_nest(rules):
    game = start(rules)
    state = do(game, "remove_egg", how="taken")
    assert state.bag.eggs == 4 and new_keys(state) == ["log.bag.egg_taken"]
    for _ in range(3):
        state = do(game, "remove_egg", how="destroyed")
    assert not state.bag.nest_destroyed
    state = do(game, "remove_egg", how="destroyed")
    assert state.bag.eggs == 0 and state.bag.nest_destroyed
    assert new_keys(state) == ["log.bag.egg_destroyed", "announce.bag.nest_destroyed"]
    assert not state.first_encounter_done  # Eggs are not intruders
    refused(game, "error.bag_no_eggs", "remove_egg", how="taken")


# --------------------------------------------------------------------- physical bag
def test_physical_bag_needs_and_checks_the_outcome(rules):
    game = start(rules, physical=True)
    refused(game, "error.bag_outcome_needed", "develop_bag")
    refused(game, "error.bag_unknown_token", "develop_bag", outcome={"token": "adult_99"})
    refused(game, "error.bag_token_not_in_bag", "develop_bag", outcome={"kind": "breeder"})
    refused(game, "error.bag_token_not_in_bag", "develop_bag", outcome={"kind": "larva", "light": 3})
    # A token the table saw come out and lie beside the board cannot come out again.
    drawn = next(t for t in game.state.bag.bag if t.startswith("adult"))
    game.execute(cmd("resolve_encounter", seat=1, place="S-01", hand=5, outcome={"token": drawn}))
    refused(game, "error.bag_token_not_in_bag", "develop_bag", outcome={"token": drawn})


def test_a_physical_bag_may_give_any_adult_the_table_has_not_seen(rules):
    """The table put its Adults in face-down: whichever unseen Adult comes out, the app
    takes it (its copy of the bag swaps it in for an unseen one of the kind)."""
    game = start(rules, physical=True)
    bag = game.state.bag.bag
    elsewhere = next(t for t in ids_of(rules, "adult") if t not in bag)
    game.execute(cmd("develop_bag", outcome={"token": elsewhere}))
    state = game.state
    assert state.bag.last_draw.token == elsewhere and elsewhere in state.bag.seen
    assert sorted(state.bag.bag + state.bag.aside) == sorted(spec.id for spec in rules.intruders.tokens)
    assert len(state.bag.bag) == len(bag)  # an Adult goes back: as many tokens as before


def test_physical_outcome_by_kind_and_numbers(rules):
    # Tokens the table saw go into the bag: only they can come out.
    known = ["blank", "adult_1", "adult_2", "adult_12", "queen"]
    state = with_bag(start(rules, physical=True).state, rules, known, seen=known)
    with pytest.raises(IllegalCommand) as info:
        run(state, rules, "develop_bag", outcome={"kind": "adult"})  # 1/3 or 3/4?
    assert (info.value.key, info.value.params) == ("error.bag_outcome_ambiguous", {"kind": "adult"})
    after = run(state, rules, "develop_bag", outcome={"kind": "adult", "light": 3})
    assert after.bag.last_draw.token == "adult_12"
    after = run(state, rules, "develop_bag", outcome={"kind": "adult", "dark": 3})
    assert after.bag.last_draw.token in ("adult_1", "adult_2") and after.bag.last_draw.light == 1
    after = run(state, rules, "develop_bag", outcome={"kind": "queen"})  # one kind of Queen: no numbers needed
    assert after.bag.last_draw.token == "queen"


def test_digital_bag_refuses_an_outcome(rules):
    game = start(rules)
    refused(game, "error.bag_outcome_digital", "develop_bag", outcome={"kind": "blank"})
    refused(game, "error.bag_outcome_digital", "resolve_encounter", seat=1, place="S-01", hand=1,
            outcome={"kind": "blank"})


def test_outcome_must_name_a_token_or_a_kind():
    with pytest.raises(ValidationError):
        parse_command({"type": "develop_bag", "outcome": {}})
    with pytest.raises(ValidationError):
        parse_command({"type": "develop_bag", "outcome": {"token": "adult_1", "kind": "adult"}})
    with pytest.raises(ValidationError):
        parse_command({"type": "resolve_encounter", "seat": 1, "place": "S-04", "hand": 1})
    with pytest.raises(ValidationError):
        parse_command({"type": "resolve_encounter", "seat": 1, "place": "S-01", "hand": -1})


# --------------------------------------------------------------------- settings and the end
def test_show_odds_setting(rules):
    game = GameSession.start(setup_command().model_copy(update={"show_odds": False}), rules)
    assert game.state.bag.show_odds is False
    state = do(game, "set_show_odds", show=True)
    assert state.bag.show_odds is True and new_keys(state) == ["log.bag.odds_shown"]
    state = do(game, "set_show_odds", show=False)
    assert state.bag.show_odds is False and new_keys(state) == ["log.bag.odds_hidden"]
    # A switch tapped on a page that had not shown the change yet asks for nothing new.
    refused(game, "error.bag_odds_already_hidden", "set_show_odds", show=False)
    do(game, "set_show_odds", show=True)
    refused(game, "error.bag_odds_already_shown", "set_show_odds", show=True)


def test_bag_commands_refused_after_the_end(rules):
    game = start(rules)
    advance_to(game, 0)
    for type_, fields in [("develop_bag", {}), ("resolve_encounter", {"seat": 1, "place": "S-01", "hand": 0}),
                          ("remove_egg", {"how": "taken"}), ("place_intruder", {"kind": "adult"})]:
        with pytest.raises(IllegalCommand) as info:
            do(game, type_, **fields)
        assert info.value.key == "error.game_over"
