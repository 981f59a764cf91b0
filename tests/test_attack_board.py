"""After an Attack card hits, its wounds and Slime go onto the Character board in the same
command (undoable), its printed deaths kill, a follow-up it leaves to the table is offered,
and a warning before the attack says it may end the game only from what everyone can see."""
from __future__ import annotations

import pytest

from companion.engine import GameSession
from companion.engine import commands as c
from companion.engine.apply import GameEnding, game_ending
from companion.engine.crew.body_model import Body
from companion.engine.phase.model import EventStep
from companion.engine.results import AttackOutcome
from companion.vocab import Whereabouts
from companion.rules import load_rules
from tests.conftest import setup_command
from tests.support.deck_helpers import next_runner_command, with_on_board
from companion.ui.events import ids as events_ids

RULES = load_rules()
# S-01 powered (light), S-03 without power (Darkness).
LAYOUT = {"S-01": 1, "S-02": 2, "S-03": 3, "ELEVATOR": 4}


def _game(players: int = 3) -> GameSession:
    return GameSession.start(setup_command(players=players, layout=LAYOUT), RULES)


def _with_body(game: GameSession, seat: int, **board) -> GameSession:
    state = game.state.model_copy(deep=True)
    state.member(seat).body = Body(**board)
    return GameSession(RULES, [game.commands[0]], 0, {0: state})


def _hit(game: GameSession, card: str, *, dark: bool, seat: int = 1, attacker: str = "adult", target: str = "standard"):
    place = "S-03" if dark else "S-01"
    return game.execute(c.ResolveAttack(attacker=attacker, seat=seat, place=place, card=card, target=target))


# card, Darkness, board before, board after (light, serious, slime) or "dies"
CASES = [
    ("blood_chase_2", False, {}, (1, 0, True)),
    ("blood_rage_3", False, {}, (0, 1, False)),
    ("blood_rage_3", False, {"serious_wounds": 1}, (0, 3, False)),  # an undressed one: 2 more
    ("blood_rage_3", False, {"serious_wounds": 1, "dressed_wounds": 1}, (0, 2, False)),
    ("blood_rage_5", True, {"serious_wounds": 2, "dressed_wounds": 2}, "dies"),
    ("cut_2", False, {}, (1, 0, False)),
    ("cut_2", True, {}, (2, 0, False)),
    ("cut_3", True, {"light_wounds": 2}, (1, 1, False)),  # the third step turns serious, then one more
    ("infecting_the_host_4", False, {}, (0, 0, True)),
    ("perched_in_the_dark_2", False, {"serious_wounds": 2}, (0, 3, False)),
    ("perched_in_the_dark_2", True, {"serious_wounds": 2}, "dies"),
    ("perched_in_the_dark_4", True, {"serious_wounds": 1}, (0, 2, False)),
    ("piercing_the_heart_3", False, {"serious_wounds": 1}, (0, 2, False)),
    ("piercing_the_heart_3", True, {"serious_wounds": 1}, "dies"),
    ("piercing_the_heart_3", True, {}, (0, 1, False)),
    ("evolve_4", True, {}, (0, 0, False)),
    ("cut_4", False, {"serious_wounds": 3}, "dies"),  # any wound past the third Serious Wound
]


@pytest.mark.parametrize(("card", "dark", "before", "after"), CASES)
def test_a_hit_puts_its_wounds_and_slime_on_the_board_in_the_same_command(card, dark, before, after):
    game = _with_body(_game(), 1, **before)
    attacker = "creeper" if card.startswith("evolve") else "queen" if card.startswith("piercing") else "adult"
    if card.startswith("infecting") or card.startswith("blood_rage"):
        attacker = "queen"
    step = _hit(game, card, dark=dark, attacker=attacker)
    result = step.state.latest.attack
    assert result.outcome is AttackOutcome.HIT
    member = step.state.member(1)
    if after == "dies":
        assert member.whereabouts is Whereabouts.DEAD and result.killed
    else:
        assert member.whereabouts is Whereabouts.FACILITY and not result.killed
        assert (member.body.light_wounds, member.body.serious_wounds, member.body.slime) == after
    game.undo()
    assert game.state.member(1).body == Body(**before)


def test_a_second_slime_marker_changes_nothing_and_says_nothing():
    game = _with_body(_game(), 1, slime=True)
    step = _hit(game, "blood_chase_2", dark=False)
    assert step.state.member(1).body.slime and "log.body.slime_gained" not in [e.key for e in step.events]


def test_blood_chase_on_an_escape_says_the_intruder_follows_a_character_with_an_undressed_serious_wound():
    game = _with_body(_game(), 1, serious_wounds=1)
    step = _hit(game, "blood_chase_4", dark=False, target="escape")
    follows = [e for e in step.events if e.key == "log.attack.follows"]
    assert follows and follows[0].params["seat"] == 1
    game.undo()
    calm = _hit(game, "blood_chase_4", dark=False, target="standard")
    assert "log.attack.follows" not in [e.key for e in calm.events]


def test_evolve_in_darkness_leaves_the_breeders_attack_to_the_table():
    game = with_on_board(RULES, _game(), creeper=1)
    dark = _hit(game, "evolve_4", dark=True, attacker="creeper").state.latest.attack
    assert dark.breeder_attacks and dark.place == "S-03"
    game.undo()
    light = _hit(game, "evolve_4", dark=False, attacker="creeper").state.latest.attack
    assert not light.breeder_attacks


def test_a_cut_deals_its_contamination_card_after_the_wound_with_the_apps_deck():
    setup = setup_command(players=2, layout=LAYOUT).model_copy(update={"digital_contamination": True})
    game = GameSession.start(setup, RULES)
    step = _hit(game, "cut_2", dark=False)
    keys = [e.key for e in step.events]
    assert keys.index("log.body.light_wound") < keys.index("log.contamination.gained")
    assert len(step.state.contamination.held_by(1)) == 1


def test_an_attack_that_kills_the_last_character_ends_the_game_and_the_event_phase():
    game = _with_body(_game(players=2), 2, serious_wounds=3)
    game.execute(c.RecordDeath(seat=1))
    game.execute(c.StartEventPhase())
    while game.state.event_phase.step is not EventStep.ATTACKS:
        game.execute(next_runner_command(game.state, RULES))
    step = _hit(game, "cut_2", dark=False, seat=2)
    assert step.state.is_over and step.state.event_phase is None


# --------------------------------------------------------------------- the warning before an attack
def _ending(game: GameSession, seat: int, dark: bool = False, card: str | None = None):
    place = "S-03" if dark else "S-01"
    return game_ending(game.state, c.ResolveAttack(attacker="adult", seat=seat, place=place, card=card), RULES)


def test_an_attack_may_end_the_game_only_on_the_last_character_whom_a_card_left_could_kill():
    alone = _with_body(_game(players=2), 2, serious_wounds=3)
    alone.execute(c.RecordDeath(seat=1))
    assert _ending(alone, 2) is GameEnding.MAY_END  # at the wound limit: any hit kills
    unhurt = _game(players=2)
    unhurt.execute(c.RecordDeath(seat=1))
    assert _ending(unhurt, 2) is None  # no card kills an unwounded Character
    assert _ending(unhurt, 2, dark=True) is None
    two = _with_body(_game(players=2), 2, serious_wounds=2, dressed_wounds=2)
    two.execute(c.RecordDeath(seat=1))
    assert _ending(two, 2, dark=True) is GameEnding.MAY_END  # Perched in the Dark would kill
    assert _ending(two, 2, dark=True, card="cut_2") is None  # the table reported a Cut
    others = _with_body(_game(players=2), 2, serious_wounds=3)
    assert _ending(others, 2) is None  # somebody else is still in the Facility


def test_the_warning_reads_which_cards_are_left_never_their_order():
    game = _with_body(_game(players=2), 2, serious_wounds=2, dressed_wounds=2)
    game.execute(c.RecordDeath(seat=1))
    state = game.state.model_copy(deep=True)
    twin = state.model_copy(deep=True)
    twin.decks.attack.draw_pile = list(reversed(state.decks.attack.draw_pile))
    twin.rng.seed = state.rng.seed + 1
    command = c.ResolveAttack(attacker="adult", seat=2, place="S-03")
    assert game_ending(state, command, RULES) == game_ending(twin, command, RULES) == GameEnding.MAY_END


# --------------------------------------------------------------------- the result panel
def test_the_result_panel_offers_the_breeders_attack_in_one_tap_choosing_nobody(tmp_path):
    from companion.seats.controller import TableController
    from companion.store import GameStore
    from companion.ui.events import ATTACK
    from tests.support.screens import build_events_screen
    from companion.ui.events.draft import draft_of
    from tests.ui_tree import fire, make_context, walk

    controller = TableController(GameStore(tmp_path), RULES)
    controller.new_game(setup_command(players=3, layout=LAYOUT), "g")
    state = controller.state.model_copy(deep=True)
    state.bag.on_board["creeper"] = 1
    controller.session = GameSession(RULES, [controller.session.commands[0]], 0, {0: state})
    ctx = make_context(controller, "pt-BR")
    draft = draft_of(ctx)
    draft.seat = 2
    controller.execute(c.ResolveAttack(attacker="creeper", seat=2, place="S-03", card="evolve_4"))
    panel = build_events_screen(ctx, ATTACK)  # results from step 0 on
    button = next(item for item in walk(panel) if getattr(item, "identifier", None) == events_ids.ATTACK_BREEDER_FOLLOW_UP)
    tap = next(item for item in walk(button) if getattr(item, "on_click", None) is not None)
    fire(tap.on_click)
    assert (draft.attacker, draft.place.value, draft.seat) == ("breeder", "S-03", None)
    # Light: nothing to follow.
    controller.undo()
    controller.execute(c.ResolveAttack(attacker="creeper", seat=2, place="S-01", card="evolve_4"))
    draft.attack_since = 0
    assert events_ids.ATTACK_BREEDER_FOLLOW_UP not in [getattr(i, "identifier", None)
                                                for i in walk(build_events_screen(ctx, ATTACK))]


# --------------------------------------------------------------------- Egg Protection in Darkness
def _at_event_card(setup, card: str) -> GameSession:
    from tests.support.deck_helpers import with_decks

    game = GameSession.start(setup, RULES)
    rest = [spec.id for spec in RULES.event_cards if spec.id != card]
    game = with_decks(RULES, game, event={"draw_pile": [card, *rest]})
    game.execute(c.StartEventPhase())
    while game.state.event_phase.step is not EventStep.EVENT_CARD:
        game.execute(next_runner_command(game.state, RULES))
    if game.state.event_phase.event_card is None:
        game.execute(c.DrawEventCard())
    return game


def test_egg_protection_waits_for_who_its_darkness_reaches_and_deals_them_a_card_each():
    from companion.engine.phase.model import EventEffect

    setup = setup_command(players=3).model_copy(update={"digital_contamination": True})
    game = _at_event_card(setup, "egg_protection")
    assert game.state.event_phase.pending_effects == [EventEffect.EGG_PROTECTION]
    refused = game.state
    with pytest.raises(Exception):
        game.execute(c.ContinueEventPhase())
    assert game.state is refused
    step = game.execute(c.EventEggProtection(seats=(1, 3)))
    assert [len(step.state.contamination.held_by(seat)) for seat in (1, 2, 3)] == [1, 0, 1]
    named = [e.params["seat"] for e in step.events if e.key == "log.event.egg_protection_card"]
    assert named == [1, 3] and step.state.event_phase.done_effects == [EventEffect.EGG_PROTECTION]
    game.undo()
    nobody = game.execute(c.EventEggProtection())
    assert "log.event.egg_protection_nobody" in [e.key for e in nobody.events]


def test_egg_protection_with_the_printed_cards_tells_each_to_take_one():
    game = _at_event_card(setup_command(players=2), "egg_protection")
    step = game.execute(c.EventEggProtection(seats=(2,)))
    assert [e.params for e in step.events if e.key == "log.event.egg_protection_card"] == [
        {"seat": 2, "character": step.state.member(2).character}]
