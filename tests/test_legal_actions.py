"""The engine's legal actions: what each viewer may do now, judged by the commands' own
checks, with the confirmation declared at the registration and the values a form may
pick; a screen sends an action's command and nothing else."""
from __future__ import annotations

import pytest

from companion.engine import NewGame, PlayerSetup, apply, check
from companion.engine import commands as c
from companion.engine.actions import Actions, legal_actions, offered_actions
from companion.engine.authority import refusal_for
from companion.engine.registry import REGISTRY
from companion.engine.views import NOBODY, TABLE, seat_viewer
from companion.rules import load_rules
from companion.vocab import Mode

RULES = load_rules()


def _state(mode: Mode = Mode.STANDARD, players: int = 2):
    names = [("Ana", "hacker"), ("Bruno", "janitor"), ("Cris", "sentry")][:players]
    return apply(None, NewGame(mode=mode, players=tuple(PlayerSetup(name=n, character=ch) for n, ch in names),
                               seed=4), RULES)


def test_every_action_is_judged_by_its_commands_own_check():
    state = _state()
    for action in legal_actions(state, TABLE, RULES):
        if action.choices:
            continue
        refusal = check(state, action.command(), RULES)
        assert (action.refusal is None) == (refusal is None), action.key
        if refusal is not None:
            assert (action.refusal.key, action.refusal.params) == (refusal.key, refusal.params)


def test_each_viewer_gets_what_it_may_send_and_nobody_gets_nothing():
    state = _state()
    table, ana = legal_actions(state, TABLE, RULES), legal_actions(state, seat_viewer(1), RULES)
    assert len(legal_actions(state, NOBODY, RULES)) == 0
    assert table.find(c.AdvanceTime) is not None and ana.find(c.AdvanceTime) is None
    assert ana.find(c.ChangeKnowledge, seat=1, by=1) is not None
    assert ana.find(c.ChangeKnowledge, seat=2, by=1) is None
    for action in ana:
        if not action.choices:
            assert refusal_for(seat_viewer(1), action.command(), state) is None, action.key


def test_the_viewers_lists_are_filters_of_one_judging():
    state = _state()
    offered = offered_actions(state, RULES)
    for viewer in (TABLE, seat_viewer(1), seat_viewer(2)):
        assert legal_actions(state, viewer, RULES, offered) == legal_actions(state, viewer, RULES)


def test_a_refused_action_is_listed_with_the_engines_reason():
    state = _state()
    stop = legal_actions(state, TABLE, RULES).find(c.StopSelfDestruct)
    assert stop is not None and stop.refusal is not None
    assert stop.refusal.key == "error.self_destruct_not_active"


def test_the_confirmation_is_declared_at_the_registration_and_may_follow_the_mode():
    assert legal_actions(_state(), TABLE, RULES).find(c.StartSelfDestruct).confirm == "start_self_destruct"
    assert legal_actions(_state(), TABLE, RULES).find(c.RecordFirstEncounter).confirm == "first_encounter"
    solo = legal_actions(_state(Mode.SOLO, players=1), TABLE, RULES).find(c.RecordFirstEncounter)
    assert solo.confirm == "first_encounter_solo"
    assert legal_actions(_state(), TABLE, RULES).find(c.PlaceFire).confirm is None


def test_a_form_sends_only_the_values_its_action_offers():
    state = _state()
    forms = [action for action in legal_actions(state, TABLE, RULES) if action.choices]
    assert forms, "some action leaves values to the player"
    form = forms[0]
    picked = {name: values[0] for name, values in form.choices.items()}
    command = form.command(**picked)
    assert command.type == form.type
    with pytest.raises(ValueError):
        form.command(**{name: "no such value" for name in form.choices})
    with pytest.raises(ValueError):
        form.command()


def test_actions_are_found_by_what_they_do():
    actions = legal_actions(_state(), TABLE, RULES)
    assert isinstance(actions, Actions)
    fire = actions.find(c.PlaceFire)
    assert actions.get(fire.key) == fire
    assert actions.find(c.EnterPod, seat=1, pod="A") is not None
    assert all(action.type == "enter_pod" for action in actions.of_type(c.EnterPod))


def test_every_command_a_screen_sends_is_offered_somewhere():
    """Every registered command has offers, except those no screen sends."""
    without = {registration.command.__name__ for registration in REGISTRY if registration.offers is None}
    assert without <= {"SetKnowledge"}


def test_a_dict_valued_pick_is_offered_per_key_not_as_every_combination():
    """Sending intruders back to the bag: how many of each kind, up to those on the board."""
    state = _state()
    for kind in ("adult", "adult", "creeper"):
        state = apply(state, c.PlaceIntruder(kind=kind), RULES)
    back = legal_actions(state, TABLE, RULES).find(c.ReturnIntrudersToBag)
    assert back.choices["counts"] == {"creeper": (0, 1), "adult": (0, 1, 2)}
    assert back.allows(counts={"adult": 2}) and back.allows(counts={"adult": 1, "creeper": 1})
    assert not back.allows(counts={"adult": 3}) and not back.allows(counts={"breeder": 1})
    assert back.command(counts={"adult": 2}).counts == {"adult": 2}


def test_what_a_viewer_may_never_send_is_never_judged_for_it():
    """The table never has the players' private steps judged (a scan's fifty forms), nor a
    phone the table's commands: a registration is judged when a viewer that may send its
    command first asks, once for all viewers."""
    state = _state()
    offered = offered_actions(state, RULES)
    legal_actions(state, TABLE, RULES, offered)
    judged = set(offered._judged)
    assert c.PlaceFire in judged and c.ScanContamination not in judged and c.PeekContingency not in judged
    legal_actions(state, seat_viewer(1), RULES, offered)
    assert c.ScanContamination in offered._judged
    scans = offered._judged[c.ScanContamination]
    legal_actions(state, seat_viewer(2), RULES, offered)
    assert offered._judged[c.ScanContamination] is scans  # judged once


@pytest.mark.parametrize("viewer", [TABLE, NOBODY, seat_viewer(1), seat_viewer(2)])
def test_a_command_left_unjudged_is_one_the_viewer_is_refused_for_every_seat(viewer):
    from companion.engine.authority import may_ever_send, refusal_for_kind

    for registration in REGISTRY:
        if not may_ever_send(viewer, registration.command):
            assert all(refusal_for_kind(viewer, registration.command, seat) is not None for seat in (None, 1, 2, 3))
