"""Rule points around the First Player token (p.13): when its holder leaves the game
mid-round, where it goes is rules data (unconfirmed: p.13 does not say) and no view keeps
naming the Character who left; the pass itself is told once, at the Player Phase's step 2;
and Leaving the Shell's scans go in turn order, from the First Player clockwise."""
from __future__ import annotations

import pytest

from companion.engine import GameSession, check, run
from companion.engine import commands as c
from companion.engine.phase.model import EventStep
from companion.engine.views import TABLE, view_for
from companion.rules import Rules, load_rules
from companion.seats.controller import TableController
from companion.store import GameStore
from tests.support.screens import build_status_strip
from tests.conftest import setup_command
from tests.support.contamination_helpers import clean_cards, digital_game, session_from, with_held
from tests.support.deck_helpers import drive_to, next_runner_command
from tests.ui_tree import make_context, strings
from companion.ui.events import ids as events_ids

RULES = load_rules()


def _leaving(value: str) -> Rules:
    return RULES.model_copy(update={"time_track": RULES.time_track.model_copy(update={"first_player_leaving": value})})


def _finish_round(game: GameSession) -> list:
    events = list(game.execute(c.StartEventPhase()).events)
    while game.state.event_phase is not None:
        events += game.execute(next_runner_command(game.state, game.rules)).events
    return events


# --------------------------------------------------------------------- 5. the holder leaves mid-round
@pytest.mark.parametrize("leave", [c.RecordDeath(seat=1), c.EscapeToBunker(seat=1)], ids=["dies", "escapes"])
def test_the_token_of_a_first_player_who_leaves_passes_left_at_once_by_default(leave):
    """p.13 (step 2: the token passes to the player on the left; whoever does anything in
    order starts with the First Player): it does not say what happens when the holder
    leaves mid-round. The rules data's default passes it at once to the next player on the
    left who still plays, and says so; step 2 then passes it on as usual."""
    game = GameSession.start(setup_command(players=3), RULES)
    if isinstance(leave, c.EscapeToBunker):
        game.execute(c.OpenMainGate())
    step = game.execute(leave)
    assert game.state.first_player == 2
    told = [e for e in step.events if e.key == "announce.first_player.left"]
    assert len(told) == 1 and told[0].params == {
        "seat": 1, "character": game.state.member(1).character, "other_seat": 2,
        "other_character": game.state.member(2).character}
    view = view_for(game.state, TABLE, RULES).public
    assert (view.first_player, view.next_first_player, view.turn_order) == (2, 3, (2, 3, 1))
    _finish_round(game)
    assert game.state.first_player == 3


def test_read_the_other_way_the_token_waits_for_step_two_and_nobody_is_named_as_holding_it():
    """p.13 and the rules data's other reading: the token stays out of play until step 2,
    where it goes to the left of the Character who left; meanwhile the view names nobody
    as holding it (only who takes it next)."""
    rules = _leaving("at_step_2")
    game = GameSession.start(setup_command(players=3), rules)
    step = game.execute(c.RecordDeath(seat=1))
    assert "announce.first_player.left" not in [e.key for e in step.events]
    view = view_for(game.state, TABLE, rules).public
    assert view.first_player is None and view.next_first_player == 2
    _finish_round(game)
    assert game.state.first_player == 2
    assert view_for(game.state, TABLE, rules).public.first_player == 2


@pytest.mark.parametrize("lang", ["pt-BR", "tr"])
@pytest.mark.parametrize("leaving", ["at_once", "at_step_2"])
def test_the_status_strip_never_names_a_character_who_left_as_first_player(tmp_path, lang, leaving):
    """p.13: the strip names the holder; once the holder has left it names the Character
    who holds the token now, or who takes it at step 2 (the reading says so, unconfirmed)."""
    rules = _leaving(leaving)
    controller = TableController(GameStore(tmp_path), rules)
    setup = setup_command(players=3).model_copy(update={"players": (
        c.PlayerSetup(name="Ana", character="hacker"), c.PlayerSetup(name="Bruno", character="janitor"),
        c.PlayerSetup(name="Carla", character="lab_rat"))})
    controller.new_game(setup, "g")
    controller.execute(c.RecordDeath(seat=1))
    ctx = make_context(controller, lang)
    text = " ".join(strings(build_status_strip(ctx)))
    t = ctx.texts
    ana = t.t("ui.common.player_character", name="Ana", character=t.character("hacker"))
    bruno = t.t("ui.common.player_character", name="Bruno", character=t.character("janitor"))
    assert ana not in text
    if leaving == "at_once":
        assert t.t("ui.table_screen.first_player", who=bruno) in text
    else:
        assert t.t("ui.table_screen.first_player_waits", who=bruno) in text
        assert t.t("ui.table_screen.first_player_waits_help") in text


def test_the_pass_is_told_once_at_step_two_not_at_the_end_of_the_event_phase():
    """p.13: the token passes at step 2 of the Player Phase; the Event Phase's steps 10-11
    do not tell it as well."""
    game = GameSession.start(setup_command(players=3), RULES)
    events = _finish_round(game)
    told = [e.key for e in events if "first_player" in e.key]
    assert told == ["log.first_player.passed"]


# --------------------------------------------------------------------- 6. Leaving the Shell in turn order
def _shell(first_player: int):
    start = digital_game(players=3).state
    clean = clean_cards(start)
    state = with_held(start, {1: clean[:1], 2: clean[1:2], 3: clean[2:3]})
    state.first_player = first_player
    game = session_from(state, players=3)
    drive_to(game, RULES, EventStep.EVENT_CARD)
    game.execute(c.DrawEventCard(card="leaving_the_shell_1"))
    return game


def test_leaving_the_shell_scans_follow_the_first_players_order():
    """p.13 (step 2: each time players must do something in order, start with the First
    Player, then clockwise) and Leaving the Shell's card: every Character draws from the
    same deck, so the scans go in turn order and one out of turn is refused, naming whose
    turn it is."""
    game = _shell(first_player=2)
    assert view_for(game.state, TABLE, RULES).public.turn_order == (2, 3, 1)
    refusal = check(game.state, c.ScanContamination(seat=1, procedure="leaving_the_shell", in_hand=1), RULES)
    assert refusal.key == "error.contamination.shell_scan_order"
    assert refusal.params == {"seat": 2, "character": game.state.member(2).character}
    for seat in (2, 3, 1):
        game.execute(c.ScanContamination(seat=seat, procedure="leaving_the_shell", in_hand=1))
    assert game.state.event_phase.shell_scans == [2, 3, 1]
    assert "leaving_the_shell" in game.state.event_phase.done_effects


@pytest.mark.parametrize("lang", ["pt-BR", "tr"])
def test_the_runner_lists_the_scans_in_turn_order(tmp_path, lang):
    """p.13: the runner lists the Characters from the First Player, clockwise."""
    import flet as ft

    from companion.ui.events import RUNNER
    from tests.support.screens import build_events_screen
    from tests.ui_tree import walk

    game = _shell(first_player=3)
    controller = TableController(GameStore(tmp_path), RULES)
    controller.session = game
    controller.game_id = "g"
    rows = {events_ids.event_effect("leaving_the_shell", seat): seat for seat in (1, 2, 3)}
    screen = build_events_screen(make_context(controller, lang), RUNNER)
    holder = next(item for item in walk(screen) if isinstance(item, ft.Column) and item.controls
                  and all(getattr(row, "identifier", None) in rows for row in item.controls))
    assert [rows[row.identifier] for row in holder.controls] == [3, 1, 2]
