"""Rule points around the scans and the end: the Larva skips the Victory Check's scan only
when rules data says so (with the app's deck too); Leaving the Shell waits for each
Character's scan and Hatching infests the Characters the table names; with nobody alive
there is no Victory Check."""
from __future__ import annotations

from companion.engine import Whereabouts, apply, check
from companion.engine import commands as c
from companion.engine.contamination.handlers import check_result
from companion.engine.phase.model import EventEffect, EventStep
from companion.engine.views import TABLE, view_for
from tests.support.contamination_helpers import (
    RULES,
    clean_cards,
    digital_game,
    infected_cards,
    session_from,
    with_held,
)
from tests.support.deck_helpers import drive_to


def _rules(**victory):
    return RULES.model_copy(update={"victory": RULES.victory.model_copy(update=victory)})


def _ended(held, **body):
    state = with_held(digital_game().state, {1: held}, **body)
    for _ in range(7):
        state = apply(state, c.AdvanceTime(), RULES)
    state = apply(state, c.LockIn(seat=1), RULES)
    while not state.is_over:
        state = apply(state, c.AdvanceTime(), RULES)
    return state


# --------------------------------------------------------------------- the Larva and the Victory Check's scan
def test_with_the_app_deck_a_larva_skips_the_scan_only_when_the_rules_data_says_so():
    state = _ended(clean_cards(digital_game().state)[:2], body={1: {"larva": True}})
    skipping = apply(state, c.ContaminationCheck(seat=1, action_cards=5), _rules(larva_skips_scan=True))
    record = check_result(skipping, 1)
    assert record.scan_skipped and record.cards == [] and record.action_cards == 5 and len(record.drawn) == 4
    scanning = apply(state, c.ContaminationCheck(seat=1, action_cards=5), _rules(larva_skips_scan=False))
    record = check_result(scanning, 1)
    # The Larva does not skip the scan: two clean cards, no draw, the Character survives.
    assert not record.scan_skipped and len(record.cards) == 2 and not record.infected
    assert record.action_cards is None and record.drawn == [] and not record.died


def test_with_the_app_deck_an_infected_card_still_means_the_draw_when_the_larva_does_not_skip():
    state = _ended([infected_cards(digital_game().state)[0]], body={1: {"larva": True}})
    after = apply(state, c.ContaminationCheck(seat=1, action_cards=5), _rules(larva_skips_scan=False))
    record = check_result(after, 1)
    assert record.infected and record.action_cards == 5 and len(record.drawn) == 4


# --------------------------------------------------------------------- Leaving the Shell
def _at_the_card(card: str, held: dict, **body):
    game = session_from(with_held(digital_game(players=3).state, held, **body), players=3)
    drive_to(game, RULES, EventStep.EVENT_CARD)
    game.execute(c.DrawEventCard(card=card))
    return game


def test_leaving_the_shell_waits_for_each_character_it_can_touch_then_is_done():
    start = digital_game(players=3).state
    clean = clean_cards(start)
    # Seat 1: a Larva (the app draws a card); seat 2: two cards; seat 3: none and no Larva.
    game = _at_the_card("leaving_the_shell_1", {2: clean[:2]}, body={1: {"larva": True}})
    phase = game.state.event_phase
    assert phase.pending_effects == [EventEffect.LEAVING_THE_SHELL]
    assert check(game.state, c.ContinueEventPhase(), RULES).key == "error.event_phase_effects_pending"
    refusal = check(game.state, c.EventLeavingTheShell(), RULES)
    assert refusal.key == "error.event_phase_shell_scans_pending" and refusal.params == {"count": 2}
    game.execute(c.ScanContamination(seat=1, procedure="leaving_the_shell"))
    assert game.state.event_phase.shell_scans == [1]
    assert game.state.event_phase.pending_effects == [EventEffect.LEAVING_THE_SHELL]
    game.execute(c.ScanContamination(seat=2, procedure="leaving_the_shell", in_hand=1))
    phase = game.state.event_phase
    # Seat 3 can be touched by nothing: the effect is done with the last scan it needed.
    assert phase.pending_effects == [] and phase.done_effects == [EventEffect.LEAVING_THE_SHELL]
    assert check(game.state, c.ContinueEventPhase(), RULES) is None
    table = view_for(game.state, TABLE, RULES).public.event_phase
    assert table.shell_scans == (1, 2)


def test_leaving_the_shell_with_nobody_to_touch_is_settled_by_continuing():
    game = _at_the_card("leaving_the_shell_2", {})
    phase = view_for(game.state, TABLE, RULES).public.event_phase
    assert phase.pending_effects == (EventEffect.LEAVING_THE_SHELL,)
    assert phase.settled_effects == (EventEffect.LEAVING_THE_SHELL,)
    game.execute(c.EventLeavingTheShell())
    assert check(game.state, c.ContinueEventPhase(), RULES) is None


def test_leaving_the_shell_with_the_printed_cards_is_done_when_the_table_says_so():
    from tests.conftest import setup_command
    from companion.engine import GameSession

    game = GameSession.start(setup_command(players=2, seed=7), RULES)
    drive_to(game, RULES, EventStep.EVENT_CARD)
    game.execute(c.DrawEventCard(card="leaving_the_shell_1"))
    assert game.state.event_phase.pending_effects == [EventEffect.LEAVING_THE_SHELL]
    game.execute(c.EventLeavingTheShell())
    assert game.state.event_phase.done_effects == [EventEffect.LEAVING_THE_SHELL]


# --------------------------------------------------------------------- Hatching
def test_hatching_infests_the_characters_the_table_names_and_adds_no_larva_token():
    game = _at_the_card("hatching", {})
    in_bag = len(game.state.bag.bag)
    game.execute(c.EventHatching(nobody_infested=False, infested=(1, 3)))
    state = game.state
    assert state.member(1).body.larva and state.member(3).body.larva and not state.member(2).body.larva
    assert [len(state.contamination.held[seat]) for seat in (1, 2, 3)] == [1, 0, 1]
    assert len(state.bag.bag) == in_bag  # no Larva token went into the bag


def test_hatching_with_nobody_infested_puts_a_larva_token_in_the_bag():
    game = _at_the_card("hatching", {})
    in_bag = len(game.state.bag.bag)
    game.execute(c.EventHatching(nobody_infested=True))
    assert len(game.state.bag.bag) == in_bag + 1
    assert not any(member.body.larva for member in game.state.crew)


def test_hatching_refuses_a_character_twice():
    # Nobody in the Nest with Characters the Darkness extra infests: test_rule_point_infest_and_darkness.
    game = _at_the_card("hatching", {})
    command = c.EventHatching(nobody_infested=False, infested=(2, 2))
    assert check(game.state, command, RULES).key == "error.event_phase_hatching_twice"


# --------------------------------------------------------------------- nobody alive
def _everyone_dead():
    state = digital_game().state
    for seat in (1, 2):
        state = apply(state, c.RecordDeath(seat=seat), RULES)
    return state


def test_with_nobody_alive_there_is_no_victory_check_and_everyone_lost():
    state = _everyone_dead()
    assert state.is_over and all(member.whereabouts is Whereabouts.DEAD for member in state.crew)
    assert check(state, c.StartVictoryCheck(), RULES).key == "error.victory.nobody_alive"
    assert view_for(state, TABLE, RULES).public.everyone_lost


def test_with_a_survivor_the_victory_check_opens():
    state = _ended(clean_cards(digital_game().state)[:1])
    assert not view_for(state, TABLE, RULES).public.everyone_lost
    assert check(state, c.StartVictoryCheck(), RULES) is None
