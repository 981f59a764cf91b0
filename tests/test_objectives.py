"""Each kind of Objective is decided from the facts the tracker holds (pass and fail), or
asked when it cannot know; the end decides Queen and Nest objectives; co-operative play
judges the team. Through the walkthrough's commands where the state matters."""
from __future__ import annotations

import pytest

from companion.engine import GameSession, IllegalCommand
from companion.engine import commands as c
from companion.engine.victory.objectives import ObjectiveFacts, check_choice, judge, needs_answer
from companion.engine.victory.model import ObjectiveChoice, ObjectiveKind, VictoryStep
from companion.vocab import EndReason, Mode, Pod, Section, Whereabouts
from companion.rules import load_rules
from tests.conftest import setup_command

RULES = load_rules()
K = ObjectiveKind


def facts(**changes) -> ObjectiveFacts:
    """Four players; 1 and 2 alive; 3 (a Nemesis Survivor) dead; the Facility destroyed."""
    base = dict(
        reason=EndReason.FACILITY_DESTROYED, seats=(1, 2, 3, 4), alive=frozenset({1, 2}),
        classes={1: "facility_worker", 2: "facility_worker", 3: "nemesis_survivor", 4: "facility_worker"},
        knowledge={1: 5, 2: 1, 3: 3, 4: 8}, knowledge_token={1: True, 2: False, 3: False, 4: False},
        signal_senders=frozenset({2}), nest_destroyed=True, coop=False,
    )
    base.update(changes)
    return ObjectiveFacts(**base)


def met(choice: ObjectiveChoice, owner: int = 1, **changes) -> bool | None:
    result = judge(choice, owner, facts(**changes), RULES)
    return None if result is None else result.met


# (objective, facts that meet it, facts that fail it): decided by the app alone.
DECIDED = [
    (ObjectiveChoice(kind=K.PLAYER_DIES, player=3), {}, {"alive": frozenset({1, 3})}),
    (ObjectiveChoice(kind=K.ONLY_SURVIVOR), {"alive": frozenset({1})}, {}),
    (ObjectiveChoice(kind=K.NO_NEMESIS_SURVIVOR), {}, {"alive": frozenset({1, 3})}),
    # Sensing the Signal counts the owner's own Room Action (seat 1 here).
    (ObjectiveChoice(kind=K.SIGNAL_SENT), {"signal_senders": frozenset({1})}, {"signal_senders": frozenset({2})}),
    (ObjectiveChoice(kind=K.NEST_DESTROYED), {}, {"nest_destroyed": False}),
    (ObjectiveChoice(kind=K.QUEEN_KILLED), {}, {"reason": EndReason.TIME_RAN_OUT}),
    (ObjectiveChoice(kind=K.KNOWLEDGE_AT_LEAST, knowledge=5), {}, {"knowledge": {1: 4, 2: 1, 3: 3, 4: 8}}),
    (ObjectiveChoice(kind=K.KNOWLEDGE_TOKEN), {}, {"knowledge_token": {1: False, 2: True, 3: False, 4: False}}),
]


@pytest.mark.parametrize("choice,meeting,failing", DECIDED, ids=[case[0].kind.value for case in DECIDED])
def test_each_decided_objective_passes_and_fails_on_the_facts(choice, meeting, failing):
    assert met(choice, **meeting) is True
    assert met(choice, **failing) is False
    # Deciding does not depend on an answer the player might give.
    assert met(choice.model_copy(update={"answer": False}), **meeting) is True


def test_every_kind_is_either_decided_or_asked():
    decided = {choice.kind for choice, _meet, _fail in DECIDED}
    asked = {K.WEAKNESS_DISCOVERED, K.SECTIONS_EXPLORED}
    assert decided | asked == set(K) and not decided & asked


@pytest.mark.parametrize("choice", [ObjectiveChoice(kind=K.WEAKNESS_DISCOVERED),
                                    ObjectiveChoice(kind=K.SECTIONS_EXPLORED, sections=(Section.S01, Section.S03))],
                         ids=["weakness_discovered", "sections_explored"])
def test_what_the_app_cannot_know_is_asked(choice):
    assert needs_answer(choice.kind, facts(), RULES)
    assert met(choice) is None
    assert met(choice.model_copy(update={"answer": True})) is True
    assert met(choice.model_copy(update={"answer": False})) is False
    with pytest.raises(IllegalCommand, match="error.victory.objective_answer"):
        check_choice(choice, 1, facts(), RULES)


def test_time_running_out_fails_queen_and_nest_objectives_and_the_alert_asks_about_the_queen():
    for kind in (K.NEST_DESTROYED, K.QUEEN_KILLED):
        assert met(ObjectiveChoice(kind=kind), reason=EndReason.TIME_RAN_OUT, nest_destroyed=True) is False
    assert met(ObjectiveChoice(kind=K.QUEEN_KILLED), reason=EndReason.FACILITY_DESTROYED) is True
    assert met(ObjectiveChoice(kind=K.QUEEN_KILLED), reason=EndReason.ALERT_PROCEDURE) is None
    assert needs_answer(K.QUEEN_KILLED, facts(reason=EndReason.ALERT_PROCEDURE), RULES)
    assert not needs_answer(K.QUEEN_KILLED, facts(), RULES)
    assert met(ObjectiveChoice(kind=K.QUEEN_KILLED, answer=True), reason=EndReason.ALERT_PROCEDURE) is True


def test_the_owner_reading_of_the_signal_is_a_data_switch():
    """Sensing the Signal: the owner must perform the Room Action (p.10), the shipped
    reading; "anyone" stays a switch a table can set."""
    anyone = RULES.victory.model_copy(update={"objectives": tuple(
        spec.model_copy(update={"signal_by": "anyone"}) if spec.id == "signal_sent" else spec
        for spec in RULES.victory.objectives)})
    rules = RULES.model_copy(update={"victory": anyone})
    choice = ObjectiveChoice(kind=K.SIGNAL_SENT)
    assert RULES.victory.objective("signal_sent").signal_by == "owner"
    assert not judge(choice, 1, facts(), RULES).met  # only seat 2 sent it
    assert judge(choice, 2, facts(), RULES).met
    assert judge(choice, 1, facts(), rules).met  # anyone's Signal, when the table says so


def test_co_operative_knowledge_is_held_by_a_living_character():
    choice = ObjectiveChoice(kind=K.KNOWLEDGE_AT_LEAST, knowledge=7)
    # Seat 4 knows 8 but is dead: no living Character holds 7.
    assert met(choice, owner=4, coop=True) is False
    assert met(choice, owner=4, coop=True, alive=frozenset({1, 4})) is True


@pytest.mark.parametrize("choice,key", [
    (ObjectiveChoice(kind=K.PLAYER_DIES), "error.victory.objective_parameter"),
    (ObjectiveChoice(kind=K.PLAYER_DIES, player=1), "error.victory.objective_player"),
    (ObjectiveChoice(kind=K.PLAYER_DIES, player=9), "error.victory.objective_player"),
    (ObjectiveChoice(kind=K.ONLY_SURVIVOR, knowledge=3), "error.victory.objective_parameter"),
    (ObjectiveChoice(kind=K.KNOWLEDGE_AT_LEAST, knowledge=99), "error.knowledge_range"),
    (ObjectiveChoice(kind=K.SECTIONS_EXPLORED, sections=(Section.S02, Section.S02), answer=True),
     "error.victory.objective_sections"),
], ids=["no_player", "own_seat", "absent_seat", "stray_value", "knowledge_range", "same_section"])
def test_an_objective_needs_the_values_its_card_prints(choice, key):
    with pytest.raises(IllegalCommand) as refused:
        check_choice(choice, 1, facts(), RULES)
    assert refused.value.key == key


# --------------------------------------------------------------------- through the walkthrough
def _to_objectives(mode: Mode = Mode.STANDARD, players: int = 3) -> GameSession:
    game = GameSession.start(setup_command(players=players, seed=4, mode=mode), RULES)
    game.execute(c.SetKnowledge(seat=1, value=6))
    game.execute(c.SendSignal(seat=2))
    game.execute(c.StartVictoryCheck(reason=EndReason.ALERT_PROCEDURE))
    game.execute(c.CorrectRoster(seat=1, whereabouts=Whereabouts.BUNKER))
    game.execute(c.CorrectRoster(seat=2, whereabouts=Whereabouts.POD, pod=Pod.B))
    game.execute(c.ConfirmRoster())
    game.execute(c.EnterActiveContingency(token="green"))
    game.execute(c.StartContaminationChecks())
    for entry in list(game.state.victory.contamination):
        game.execute(c.ReportContamination(seat=entry.seat, dies=False))
    game.execute(c.RevealContamination())
    assert game.state.victory.step is VictoryStep.OBJECTIVES
    return game


def test_the_result_names_winners_and_losers_with_their_reasons():
    game = _to_objectives()
    # Seat 3 stayed in the Facility (the Alert Procedure): no objective to enter.
    with pytest.raises(IllegalCommand, match="error.victory.no_objective"):
        game.execute(c.ChooseObjective(seat=3, objective=ObjectiveChoice(kind=K.SIGNAL_SENT)))
    with pytest.raises(IllegalCommand, match="error.victory.objectives_pending"):
        game.execute(c.RevealObjectives())
    game.execute(c.ChooseObjective(seat=1, objective=ObjectiveChoice(kind=K.KNOWLEDGE_AT_LEAST, knowledge=6)))
    game.execute(c.ChooseObjective(seat=2, objective=ObjectiveChoice(kind=K.ONLY_SURVIVOR)))
    game.execute(c.RevealObjectives())
    check = game.state.victory
    verdicts = {v.seat: v for v in check.verdicts}
    assert check.step is VictoryStep.RESULT
    assert verdicts[1].wins and verdicts[1].objective_result.why == "objective_why.knowledge"
    assert not verdicts[2].wins and verdicts[2].alive and verdicts[2].objective_result.params == {"count": 1}
    assert not verdicts[3].wins and not verdicts[3].alive and verdicts[3].objective is None


def test_co_operative_play_wins_or_loses_together_and_needs_two_senders_for_two_signals():
    game = _to_objectives(mode=Mode.COOP, players=3)
    # Co-operative: every player's objective counts, the dead one's too.
    for seat in (1, 2, 3):
        game.execute(c.ChooseObjective(seat=seat, objective=ObjectiveChoice(kind=K.SIGNAL_SENT)))
    game.execute(c.RevealObjectives())
    check = game.state.victory
    # Three Signal objectives, one sender: the team loses although each card reads "met".
    assert all(v.objective_result.met for v in check.verdicts)
    assert check.team_wins is False and not any(v.wins for v in check.verdicts)
    game.undo()
    for seat in (2, 3):
        game.execute(c.ChooseObjective(seat=seat, objective=ObjectiveChoice(kind=K.KNOWLEDGE_AT_LEAST, knowledge=6)))
    game.execute(c.RevealObjectives())
    check = game.state.victory
    # One Signal objective for one sender, and seat 1 (alive) knows 6: everyone wins.
    assert check.team_wins is True and all(v.wins for v in check.verdicts)
    assert not next(v for v in check.verdicts if v.seat == 3).alive
