"""What the game owes is resolved once: a Surprise Attack from a draw, Evolve's Breeder,
and every other question or follow-up the table answers once (rulebook p.18: a Surprise
Attack happens at once; p.16–17: each step of the Event Phase is done once)."""
from __future__ import annotations

import pytest

from companion.engine import GameSession
from companion.engine.bag.model import Place
from companion.engine.pending.model import PendingKind
from companion.engine.phase.model import EventEffect
from companion.engine.views import TABLE, seat_viewer, view_for
from tests.conftest import cmd, do, refused
from tests.support.bag_helpers import full_bag
from tests.support.journal import events_of

# An Adult 2/4 on the emergency stairs (always dark) against a hand of 3: 4 > 3.
SURPRISE = {"seat": 2, "place": "STAIRS", "hand": 3, "outcome": {"kind": "adult", "light": 2, "dark": 4}}


def _surprise(game: GameSession):
    state = do(game, "resolve_encounter", **SURPRISE)
    assert state.bag.last_draw.surprise_attack, "the scenario must make a Surprise Attack"
    return state


def _owed(game: GameSession, kind: PendingKind = PendingKind.SURPRISE_ATTACK):
    return next(item for item in game.state.pending if item.kind is kind)


def _keys(state) -> list[str]:
    return [event.key for event in events_of(state)]


def test_a_surprise_attack_is_pending_with_its_own_id_for_every_viewer(rules):
    game = full_bag(rules)
    state = _surprise(game)
    [item] = state.pending
    assert (item.kind, item.attacker, item.seat, item.place) == (PendingKind.SURPRISE_ATTACK, "adult", 2, Place.STAIRS)
    assert item.id == state.commands_applied - 1  # the step that drew the token
    for viewer in (TABLE, seat_viewer(1), seat_viewer(2)):
        assert view_for(state, viewer, rules).public.pending == (item,)


def test_resolving_the_same_surprise_attack_twice_is_refused(rules):
    game = full_bag(rules)
    _surprise(game)
    owed = _owed(game)
    attack = dict(attacker="adult", seat=2, place="STAIRS", target="surprise", resolves=owed.id)
    state = do(game, "resolve_attack", **attack)
    assert state.pending == []
    assert state.bag.last_draw.surprise_closed == "resolved"
    assert state.latest.attack.seat == 2
    # The second tap on a button still on some screen draws nothing.
    refused(game, "error.pending.gone", "resolve_attack", **attack)


def test_undoing_the_resolution_offers_the_surprise_attack_again(rules):
    game = full_bag(rules)
    _surprise(game)
    owed = _owed(game)
    do(game, "resolve_attack", attacker="adult", seat=2, place="STAIRS", target="surprise", resolves=owed.id)
    game.undo()
    assert game.state.pending == [owed]
    assert game.state.bag.last_draw.surprise_closed is None
    state = do(game, "resolve_attack", attacker="adult", seat=2, place="STAIRS", target="surprise", resolves=owed.id)
    assert state.pending == []


def test_an_attack_entered_by_hand_as_the_surprise_attack_consumes_it(rules):
    game = full_bag(rules)
    _surprise(game)
    state = do(game, "resolve_attack", attacker="adult", seat=2, place="STAIRS", target="surprise")
    assert state.pending == [] and state.bag.last_draw.surprise_closed == "resolved"


def test_another_attack_leaves_the_surprise_attack_open(rules):
    game = full_bag(rules)
    _surprise(game)
    owed = _owed(game)
    # A standard attack by the same kind, or a Surprise Attack on another Character, is not it.
    assert do(game, "resolve_attack", attacker="adult", seat=2, place="S-03").pending == [owed]
    assert do(game, "resolve_attack", attacker="adult", seat=1, place="STAIRS", target="surprise").pending == [owed]


def test_a_resolution_naming_the_item_must_be_that_attack(rules):
    game = full_bag(rules)
    _surprise(game)
    owed = _owed(game)
    refused(game, "error.pending.other_attack", "resolve_attack", attacker="creeper", seat=2, place="S-03",
            target="surprise", resolves=owed.id)
    refused(game, "error.pending.other_attack", "resolve_attack", attacker="adult", seat=1, place="S-03",
            target="surprise", resolves=owed.id)


@pytest.mark.parametrize("moves_on", [
    ("start_event_phase", {}),
    ("resolve_encounter", {"seat": 1, "place": "S-01", "hand": 5, "outcome": {"kind": "blank"}}),
    ("develop_bag", {"outcome": {"kind": "blank"}}),
])
def test_a_surprise_attack_left_open_closes_told_aloud_once_its_moment_passes(rules, moves_on):
    game = full_bag(rules)
    _surprise(game)
    owed = _owed(game)
    type_, fields = moves_on
    state = do(game, type_, **fields)
    assert state.pending == []
    lapsed = [event for event in events_of(state) if event.key == "announce.pending.lapsed.surprise_attack"]
    assert len(lapsed) == 1 and lapsed[0].announce
    assert lapsed[0].params["seat"] == 2 and lapsed[0].params["kind"] == "adult"
    if type_ == "start_event_phase":
        assert state.bag.last_draw.surprise_closed == "lapsed"
    refused(game, "error.pending.gone", "resolve_attack", attacker="adult", seat=2, place="S-03",
            target="surprise", resolves=owed.id)


def test_unrelated_changes_keep_the_surprise_attack_open(rules):
    game = full_bag(rules)
    _surprise(game)
    owed = _owed(game)
    for type_, fields in (("place_fire", {}), ("change_knowledge", {"seat": 1, "by": 1}),
                          ("flip_power", {"section": "S-01"})):
        state = do(game, type_, **fields)
        assert state.pending == [owed], type_
        assert "announce.pending.lapsed.surprise_attack" not in _keys(state)


def test_a_surprise_attack_on_a_character_who_left_the_facility_closes_told_aloud(rules):
    game = full_bag(rules)
    _surprise(game)
    state = do(game, "record_death", seat=2)
    assert state.pending == []
    assert "announce.pending.lapsed.surprise_attack" in _keys(state)


def test_the_queen_in_the_nest_makes_a_surprise_attack_that_continuing_step_10_closes(rules):
    game = _at_step(rules, 10)
    do(game, "event_develop_bag", outcome={"kind": "queen"})
    state = do(game, "answer_queen_in_nest", character_in_nest=True, seat=3, place="ELEVATOR", hand=0)
    owed = _owed(game)
    assert (owed.attacker, owed.seat) == ("queen", 3) and state.bag.last_draw.surprise_attack
    state = do(game, "continue_event_phase")
    assert state.pending == [] and state.bag.last_draw.surprise_closed == "lapsed"
    assert "announce.pending.lapsed.surprise_attack" in _keys(state)


def _plain_event_card(rules) -> str:
    """An Event card with no tracked follow-up, so step 9 goes on at once."""
    from companion.engine.phase.model import EventEffect

    tracked = {effect.value for effect in EventEffect}
    return next(spec.id for spec in rules.event_cards if spec.card not in tracked)


# --------------------------------------------------------------------- Evolve's Breeder
def _breeder_owed(rules) -> GameSession:
    game = full_bag(rules)
    do(game, "place_intruder", kind="creeper")
    state = do(game, "resolve_attack", attacker="creeper", seat=1, dark=True, card="evolve_4")
    assert state.latest.attack.breeder_attacks
    return game


def test_evolve_in_darkness_owes_one_breeder_attack(rules):
    game = _breeder_owed(rules)
    owed = _owed(game, PendingKind.BREEDER_ATTACK)
    assert (owed.attacker, owed.seat) == ("breeder", None)
    attack = dict(attacker="breeder", seat=3, dark=True, resolves=owed.id)
    assert do(game, "resolve_attack", **attack).pending == []
    refused(game, "error.pending.gone", "resolve_attack", **attack)
    game.undo()
    assert game.state.pending == [owed]


def test_a_breeder_attack_left_open_closes_told_aloud_when_the_phase_starts(rules):
    game = _breeder_owed(rules)
    state = do(game, "start_event_phase")
    assert state.pending == []
    assert "announce.pending.lapsed.breeder_attack" in _keys(state)


def test_a_game_that_ends_leaves_nothing_pending(rules):
    game = full_bag(rules)
    _surprise(game)
    for seat in (1, 3):
        do(game, "record_death", seat=seat)
    state = do(game, "record_death", seat=2)
    assert state.is_over and state.pending == []


# --------------------------------------------------------------------- step 7
def test_step_7_records_which_intruder_attacked_whom(rules):
    game = full_bag(rules)
    for type_ in ("start_event_phase", "continue_event_phase", "continue_event_phase"):
        do(game, type_)
    assert game.state.event_phase.step == 7
    state = do(game, "resolve_attack", attacker="adult", seat=1, place="S-01")
    assert state.event_phase.attacks_by == [("adult", 1)]
    assert view_for(state, TABLE, rules).public.event_phase.attacks_by == (("adult", 1),)


# --------------------------------------------------------------------- the other answers given once
def _at_step(rules, step: int) -> GameSession:
    game = full_bag(rules)
    do(game, "start_event_phase")
    while game.state.event_phase.step < step:
        phase = game.state.event_phase
        if phase.step == 8:
            do(game, "event_fire_damage", nest_fire=False)
        if phase.step == 9:
            do(game, "draw_event_card", card=_plain_event_card(rules))
        do(game, "continue_event_phase")
    return game


def test_step_8s_nest_question_is_answered_once(rules):
    game = _at_step(rules, 8)
    do(game, "event_fire_damage", nest_fire=False)
    refused(game, "error.event_phase_already_answered", "event_fire_damage", nest_fire=True)


def test_step_9s_event_card_is_drawn_once_and_each_effect_tapped_once(rules):
    game = _at_step(rules, 9)
    hatching = next(spec.id for spec in rules.event_cards if spec.card == "hatching")
    do(game, "draw_event_card", card=hatching)
    refused(game, "error.event_phase_event_card_drawn", "draw_event_card")
    do(game, "event_hatching", nobody_infested=True)
    refused(game, "error.event_phase_no_such_effect", "event_hatching", nobody_infested=True)


def test_step_10_develops_once_and_the_queen_question_is_answered_once(rules):
    game = _at_step(rules, 10)
    do(game, "event_develop_bag", outcome={"kind": "queen"})
    refused(game, "error.event_phase_already_developed", "event_develop_bag", outcome={"kind": "blank"})
    do(game, "answer_queen_in_nest", character_in_nest=False)
    error = refused(game, refused_key(game), "answer_queen_in_nest", character_in_nest=False)
    assert error.key.startswith("error.")


def refused_key(game: GameSession) -> str:
    """The key the bag gives an answer nobody asked for."""
    from companion.engine import IllegalCommand, apply

    try:
        apply(game.state, cmd("answer_queen_in_nest", character_in_nest=False), game.rules)
    except IllegalCommand as refusal:
        return refusal.key
    raise AssertionError("a second answer to the Queen question was accepted")


def test_leaving_the_shell_takes_one_scan_from_each_character(rules):
    """The Event card asks each Character in the Facility for one scan (p.13): a second
    scan for the same card, sent again from a stale Scanner, is refused."""
    from companion.engine import check
    from companion.engine import commands as c
    from companion.engine.contamination.handlers import shell_scans_missing
    from companion.engine.phase.model import EventStep
    from tests.support.contamination_helpers import clean_cards, digital_game, session_from, with_held
    from tests.support.deck_helpers import drive_to

    start = digital_game(players=3).state
    game = session_from(with_held(start, {1: clean_cards(start)[:2], 2: clean_cards(start)[2:4]}), players=3)
    drive_to(game, rules, EventStep.EVENT_CARD)
    game.execute(c.DrawEventCard(card="leaving_the_shell_1"))
    seat, other = shell_scans_missing(game.state)  # in turn order, from the First Player
    scan = c.ScanContamination(seat=seat, procedure="leaving_the_shell", in_hand=1)
    game.execute(scan)
    refusal = check(game.state, scan, rules)
    assert refusal is not None and refusal.key == "error.contamination.shell_scan_done"
    game.execute(c.ScanContamination(seat=other, procedure="leaving_the_shell", in_hand=1))
    assert EventEffect.LEAVING_THE_SHELL in game.state.event_phase.done_effects
    # Once the card is done, neither may scan for it again.
    for again in (seat, other):
        refusal = check(game.state, c.ScanContamination(seat=again, procedure="leaving_the_shell", in_hand=1), rules)
        assert refusal is not None and refusal.key == "error.contamination.shell_scan_done"


def test_each_stage_of_the_victory_check_is_answered_once():
    """Every command of the walk, sent again right after it went through, is refused:
    a stage, a scan answer, a draw, a reveal happen once."""
    from companion.engine import check
    from tests.support.victory_helpers import ended_game, walk_to_result

    game = ended_game(app_tokens=False)
    sent = 0
    for _name, _state in walk_to_result(game):
        command = game.commands[game.cursor]
        refusal = check(game.state, command, game.rules)
        if command.type == "choose_objective":
            # An Objective entered is the player's to correct until the reveal (entering it
            # shows nothing, and it cannot be undone): entering it again replaces it.
            assert refusal is None
            continue
        assert refusal is not None and refusal.key.startswith("error."), (command, refusal)
        sent += 1
    assert sent >= 7


def test_a_scan_answered_infected_cannot_be_answered_again_to_skip_the_draw():
    from companion.engine import check
    from companion.engine import commands as c
    from tests.support.victory_helpers import ended_game

    game = ended_game(app_tokens=False)
    for command in (c.StartVictoryCheck(), c.ConfirmRoster(), c.EnterActiveContingency(token="green"),
                    c.StartContaminationChecks()):
        game.execute(command)
    seat = game.state.victory.contamination[0].seat
    game.execute(c.AnswerScan(seat=seat, larva=False, infected=True))
    refusal = check(game.state, c.AnswerScan(seat=seat, larva=False, infected=False), game.rules)
    assert refusal is not None and refusal.key == "error.victory.scan_answered"
