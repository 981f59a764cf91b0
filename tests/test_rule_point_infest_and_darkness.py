"""Rule points where an infection meets another rule: Leaving the Shell counts INFECTED
cards as every scan does; Hatching's "nobody infested" and its Darkness extra; a Larva
onto a Character board when every Larva miniature is in use; an Attack card that deals a
Contamination card and kills in Darkness. Where the printed rules leave the order open,
the rules data decides, and each switch is turned both ways here."""
from __future__ import annotations

import pytest

from companion.engine import GameSession, Whereabouts, apply, check, run
from companion.engine import commands as c
from companion.engine.bag.handlers import miniatures_out
from companion.engine.phase.model import EventStep
from companion.rules import Rules
from tests.support.contamination_helpers import (
    RULES,
    clean_cards,
    digital_game,
    infected_cards,
    session_from,
    with_held,
)
from tests.support.deck_helpers import drive_to


def _with(section: str, **fields) -> Rules:
    part = getattr(RULES, section).model_copy(update=fields)
    return RULES.model_copy(update={section: part})


def _keys(step) -> list[str]:
    return [event.key for event in step.events]


def _at_the_card(card: str, state, players: int = 3):
    game = session_from(state, players=players)
    drive_to(game, RULES, EventStep.EVENT_CARD)
    game.execute(c.DrawEventCard(card=card))
    return game.state


# --------------------------------------------------------------------- 1. Leaving the Shell counts as every scan
@pytest.mark.parametrize("once", [True, False])
def test_leaving_the_shell_counts_two_infected_cards_as_the_rules_data_says(once):
    """p.22 (Escanear): INFECTED puts a Larva on the board, and INFECTED with a Larva
    already there kills (a Creeper comes out). Whether two INFECTED cards in one scan count
    once is not printed; Leaving the Shell (its card: any INFECTED drawn puts a Larva on the
    board) follows the same switch as every other scan, "once" by default."""
    start = digital_game(players=3).state
    state = _at_the_card("leaving_the_shell_1", with_held(start, {1: infected_cards(start)[:2]}))
    rules = _with("contamination", infected_once_per_scan=once)
    step = run(state, c.ScanContamination(seat=1, procedure="leaving_the_shell", in_hand=2), rules)
    record = step.state.contamination.scans[1]
    assert record.infected == 2 and record.larva_placed
    assert (step.state.member(1).whereabouts is Whereabouts.DEAD) is not once
    assert ("announce.contamination.died_infected" in _keys(step)) is not once
    assert (step.state.bag.on_board["creeper"] == 1) is not once


def test_leaving_the_shell_may_kill_without_a_larva_only_when_each_card_counts():
    """p.22: with each INFECTED card counted, two cards drawn can kill a Character without a
    Larva, so the scan must wait for the bag's open question (a Creeper may be placed)."""
    from companion.engine.contamination.handlers import may_kill

    start = digital_game(players=3).state
    state = _at_the_card("leaving_the_shell_1", with_held(start, {1: clean_cards(start)[:2]}))
    scan = c.ScanContamination(seat=1, procedure="leaving_the_shell", in_hand=2)
    member = state.member(1)
    assert not may_kill(state.contamination, scan, member, _with("contamination", infected_once_per_scan=True))
    assert may_kill(state.contamination, scan, member, _with("contamination", infected_once_per_scan=False))
