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


# --------------------------------------------------------------------- 2. Hatching: nobody in the Nest, and the Darkness extra
def _hatching(players: int = 3):
    start = digital_game(players=players).state
    return _at_the_card("hatching", start, players=players)


def _larva_tokens(state) -> int:
    return sum(1 for token in state.bag.bag if token.startswith("larva"))


@pytest.mark.parametrize("nobody_first", [True, False])
def test_hatching_takes_nobody_in_the_nest_with_characters_the_darkness_extra_infests(nobody_first):
    """p.13 (step 9: the card's effect, then its Darkness extra in Sections without Power)
    and Hatching's card: "if nobody was infested, put a Larva token in the bag"; in
    Darkness, Characters outside the Nest with no Action cards are infested too. Whether
    "nobody" is judged before the extra is not printed: by default it is, so nobody in the
    Nest and a Character infested in Darkness are both taken (the Larva token goes in)."""
    state = _hatching()
    rules = _with("intruders", hatching_nobody_before_darkness=nobody_first)
    command = c.EventHatching(nobody_infested=True, infested=(2,))
    if not nobody_first:
        assert check(state, command, rules).key == "error.event_phase_hatching_darkness_counts"
        return
    step = run(state, command, rules)
    assert _larva_tokens(step.state) == _larva_tokens(state) + 1
    assert step.state.member(2).body.larva and len(step.state.contamination.held_by(2)) == 1
    assert not step.state.member(1).body.larva
    keys = _keys(step)
    assert keys.index("log.event.hatching_larva") < keys.index("log.event.hatching_darkness_after")
    assert "hatching" in step.state.event_phase.done_effects


@pytest.mark.parametrize("nobody_first", [True, False])
def test_hatching_with_someone_in_the_nest_infested_never_adds_the_larva_token(nobody_first):
    """Hatching's card: a Character infested in the Nest keeps the Larva token out of the
    bag, whichever order the rules data reads."""
    state = _hatching()
    step = run(state, c.EventHatching(nobody_infested=False, infested=(1, 2)),
               _with("intruders", hatching_nobody_before_darkness=nobody_first))
    assert _larva_tokens(step.state) == _larva_tokens(state)
    assert step.state.member(1).body.larva and step.state.member(2).body.larva


# --------------------------------------------------------------------- 3. the 6 Larva miniatures and the Character boards
def _every_larva_in_use(game: GameSession) -> None:
    """Two Larvae on Character boards and the other four on the board."""
    game.execute(c.SetLarva(seat=2, larva=True))
    game.execute(c.SetLarva(seat=3, larva=True))
    for _ in range(RULES.intruders.miniatures["larva"] - 2):
        game.execute(c.PlaceIntruder(kind="larva"))
    assert miniatures_out(game.state, "larva") == RULES.intruders.miniatures["larva"]


@pytest.mark.parametrize("stand_in", [True, False])
def test_an_infest_with_every_larva_miniature_in_use_says_so_and_follows_the_rules_data(stand_in):
    """p.22 (Infestar; Escanear: "coloque um modelo de Larva em seu tabuleiro"): the Larva
    on a Character board is one of the Larva miniatures, so Larvae on boards count toward
    the 6. With all 6 in use the rules do not say what an Infest places: the table is
    told, the Contamination card is dealt, and the rules data says whether the Character
    is still marked infested (a stand-in) or gets no Larva."""
    game = digital_game(players=3)
    _every_larva_in_use(game)
    rules = _with("intruders", larva_board_without_miniature=stand_in)
    step = run(game.state, c.InfestCharacter(seat=1), rules)
    keys = _keys(step)
    assert ("announce.contamination.no_larva_stand_in" in keys) is stand_in
    assert ("announce.contamination.no_larva_none" in keys) is not stand_in
    assert step.state.member(1).body.larva is stand_in
    assert len(step.state.contamination.held_by(1)) == 1
    params = next(e.params for e in step.events if e.key.startswith("announce.contamination.no_larva"))
    assert params == {"seat": 1, "character": step.state.member(1).character,
                      "maximum": RULES.intruders.miniatures["larva"]}


@pytest.mark.parametrize("stand_in", [True, False])
def test_a_scan_finding_infected_with_every_larva_in_use_follows_the_same_reading(stand_in):
    """p.22 (Escanear): INFECTED puts a Larva miniature on the board; with none left the
    same reading decides, and a Character left without one is not killed by it."""
    game = digital_game(players=3)
    _every_larva_in_use(game)
    state = with_held(game.state, {1: infected_cards(game.state)[:1]})
    step = run(state, c.ScanContamination(seat=1, procedure="hand", in_hand=1),
               _with("intruders", larva_board_without_miniature=stand_in))
    record = step.state.contamination.scans[1]
    assert record.infected == 1 and record.larva_placed is stand_in
    assert step.state.member(1).body.larva is stand_in
    assert step.state.member(1).whereabouts is Whereabouts.FACILITY
    assert ("announce.contamination.larva_placed" in _keys(step)) is stand_in


def test_the_attacking_larva_moves_to_the_board_and_needs_no_miniature_from_the_box():
    """p.22 (Infestar): the attacking Larva leaves the board for the Character board, so
    an Infest by a Larva never finds the box empty, even with all 6 in use."""
    game = digital_game(players=3)
    _every_larva_in_use(game)
    step = run(game.state, c.ResolveAttack(attacker="larva", seat=1, place="S-01"), RULES)
    assert not [key for key in _keys(step) if key.startswith("announce.contamination.no_larva")]
    assert step.state.member(1).body.larva
    assert miniatures_out(step.state, "larva") == RULES.intruders.miniatures["larva"]


# --------------------------------------------------------------------- 4. the Darkness extra after the card's effect
def _wounded(serious: int):
    game = digital_game(players=3)
    game.execute(c.SufferWound(seat=1, serious=True, count=serious))
    return game.state


@pytest.mark.parametrize("after", [True, False])
def test_piercing_the_heart_in_darkness_deals_its_card_before_it_kills(after):
    """p.22 (Ataque do Intruso, step 2: resolve the card's effect; some cards have an
    additional effect resolved only in Sections without Power). Piercing the Heart: 1
    Serious Wound and 1 Contamination card; in Darkness, 2 or more Serious Wounds kill.
    By default the Darkness clause comes after the effect: the card is dealt, then the
    Character dies. Read the other way, it kills before the effect (no card, no wound)."""
    state = _wounded(2)
    step = run(state, c.ResolveAttack(attacker="queen", seat=1, dark=True, card="piercing_the_heart_3"),
               _with("intruders", darkness_extra_after_effect=after))
    member = step.state.member(1)
    assert member.whereabouts is Whereabouts.DEAD
    assert len(step.state.contamination.held_by(1)) == (1 if after else 0)
    assert member.body.serious_wounds == (3 if after else 2)
    keys = _keys(step)
    if after:
        assert keys.index("log.contamination.gained") < keys.index("announce.body.died_of_attack")


@pytest.mark.parametrize("after", [True, False])
def test_the_order_of_the_darkness_clause_decides_whether_one_serious_wound_becomes_a_death(after):
    """p.22 and Piercing the Heart: with 1 Serious Wound, the effect's wound makes 2 before
    the Darkness clause reads them (death) or after it (the Character lives with 2 Serious
    Wounds and the card)."""
    state = _wounded(1)
    step = run(state, c.ResolveAttack(attacker="queen", seat=1, dark=True, card="piercing_the_heart_3"),
               _with("intruders", darkness_extra_after_effect=after))
    member = step.state.member(1)
    assert (member.whereabouts is Whereabouts.DEAD) is after
    assert member.body.serious_wounds == 2 and len(step.state.contamination.held_by(1)) == 1


@pytest.mark.parametrize("after", [True, False])
def test_whether_the_last_character_may_die_follows_the_same_order(after):
    """The warning before an attack on the last Character in the Facility reads the same
    switch (from what everyone can see)."""
    from companion.engine.decks.attacks import attack_may_end_game

    state = _wounded(1)
    for seat in (2, 3):  # the others are in the Bunker: seat 1 is the last in the Facility
        state.member(seat).whereabouts = Whereabouts.BUNKER
    command = c.ResolveAttack(attacker="queen", seat=1, dark=True, card="piercing_the_heart_3")
    assert attack_may_end_game(state, command, _with("intruders", darkness_extra_after_effect=after)) is after
