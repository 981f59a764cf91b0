"""Rule point: reviving in the fully co-operative mode (p.30, "Reviver"). A dead Character
whose Corpse another carried into a working Emergency Room comes back there at the start
of the next round: its Light Wounds discarded, its Serious Wounds healed. The app does not
track rooms: the table says it happened (a table command), and from then on the First
Player token, the Victory Check and the crew views count the Character again."""
from __future__ import annotations

import pytest

from companion.engine import GameSession, Whereabouts, check
from companion.engine import commands as c
from companion.engine.authority import refusal_for
from companion.engine.views import TABLE, seat_viewer, view_for
from companion.rules import load_rules
from tests.support.screens import build_crew_panel
from tests.conftest import setup_command
from tests.ui_tree import enabled, identifiers, make_context, make_controller, walk
from companion.ui.table import ids as table_ids

RULES = load_rules()


def _coop(players: int = 2) -> GameSession:
    return GameSession.start(setup_command(players=players, mode="coop"), RULES)


def _dead_and_wounded(game: GameSession, seat: int = 2) -> None:
    game.execute(c.SufferWound(seat=seat, count=2))
    game.execute(c.SufferWound(seat=seat, serious=True, count=2))
    game.execute(c.TreatWounds(seat=seat, treatment="dress_one"))
    game.execute(c.RecordDeath(seat=seat))


def test_a_dead_character_comes_back_at_the_start_of_the_next_round_with_its_wounds_gone():
    """p.30: the Character comes back at the start of the next round (not in the round it
    died), all Light Wounds discarded, all Serious Wounds healed."""
    game = _coop()
    _dead_and_wounded(game)
    revive = c.ReviveCharacter(seat=2)
    assert check(game.state, revive, RULES).key == "error.revive_next_round"
    game.execute(c.AdvanceTime())
    step = game.execute(revive)
    member = game.state.member(2)
    assert member.whereabouts is Whereabouts.FACILITY
    assert (member.body.light_wounds, member.body.serious_wounds, member.body.dressed_wounds) == (0, 0, 0)
    assert [e.key for e in step.events if e.announce] == ["announce.revived"]
    assert step.events[0].params == {"seat": 2, "character": member.character}
    # The Main Gate, opened by the first death, stays open (p.10).
    assert game.state.main_gate_open


def test_the_crew_view_and_the_first_player_token_count_the_revived_character_again():
    """p.13 (the token passes left, past nobody who plays) and p.30: once back, the
    Character plays again, so the token reaches its seat."""
    game = _coop()
    game.execute(c.RecordDeath(seat=2))
    game.execute(c.AdvanceTime())  # round 2: nobody else can take the token
    assert game.state.first_player == 1
    game.execute(c.ReviveCharacter(seat=2))
    view = view_for(game.state, TABLE, RULES).public
    assert view.active_seats() == [1, 2] and view.next_first_player == 2
    game.execute(c.AdvanceTime())
    assert game.state.first_player == 2


def test_the_victory_check_counts_the_revived_character():
    """p.12 and p.30: a revived Character who then survives takes part in the Victory Check."""
    game = _coop()
    game.execute(c.RecordDeath(seat=2))
    for _ in range(7):  # the Isolation Room opens at slot 08
        game.execute(c.AdvanceTime())
    game.execute(c.ReviveCharacter(seat=2))
    game.execute(c.LockIn(seat=2))
    game.execute(c.StartVictoryCheck(reason="time_ran_out"))
    fates = {fate.seat: fate.fate for fate in game.state.end.fates}
    assert fates[2].is_alive and not fates[1].is_alive


@pytest.mark.parametrize(("mode", "key"), [("standard", "error.revive_coop_only"), ("solo", "error.revive_coop_only")])
def test_only_the_fully_cooperative_mode_revives(mode, key):
    """p.30: the AutoDoc is in the Emergency Room only in the fully co-operative mode."""
    players = 1 if mode == "solo" else 2
    game = GameSession.start(setup_command(players=players, mode=mode), RULES)
    if players == 2:
        game.execute(c.RecordDeath(seat=2))
        game.execute(c.AdvanceTime())
    assert check(game.state, c.ReviveCharacter(seat=players), RULES).key == key


def test_only_a_dead_character_and_only_outside_the_event_phase():
    """p.30: a living Character has nothing to revive; the Character comes back at the start
    of a round (the Player Phase), never during the Event Phase."""
    game = _coop(players=3)
    assert check(game.state, c.ReviveCharacter(seat=1), RULES).key == "error.revive_not_dead"
    game.execute(c.RecordDeath(seat=2))
    game.execute(c.AdvanceTime())
    game.execute(c.StartEventPhase())
    assert check(game.state, c.ReviveCharacter(seat=2), RULES).key == "error.revive_at_round_start"


def test_only_the_table_says_a_character_came_back():
    """The table carries the Corpse and says so: a phone's seat cannot send it."""
    assert refusal_for(seat_viewer(2), c.ReviveCharacter(seat=2)).key == "error.table_only"
    assert refusal_for(TABLE, c.ReviveCharacter(seat=2)) is None


@pytest.mark.parametrize("lang", ["pt-BR", "tr"])
@pytest.mark.parametrize("mode", ["coop", "standard"])
def test_the_crew_card_offers_revival_only_for_a_dead_character_in_coop(tmp_path, lang, mode):
    """p.30: the table's crew card of a dead Character offers the revival in the fully
    co-operative mode only; a living Character's card never does."""
    controller = make_controller(tmp_path)
    controller.new_game(setup_command(players=2, mode=mode), "g")
    controller.execute(c.RecordDeath(seat=2))
    controller.execute(c.AdvanceTime())
    ctx = make_context(controller, lang)
    panel = build_crew_panel(ctx.gate())
    found = identifiers(panel)
    assert table_ids.crew_action("revive", 1) not in found
    assert (table_ids.crew_action("revive", 2) in found) is (mode == "coop")
    if mode == "coop":
        tagged = next(item for item in walk(panel) if getattr(item, "identifier", None) == table_ids.crew_action("revive", 2))
        assert enabled(tagged)
