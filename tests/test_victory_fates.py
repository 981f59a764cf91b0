"""Every Contingency effect against every fate and every way the game can end, through
the Victory Check's commands: the table sets where a Character was (step 0), enters the
Active token (step 1), and the walkthrough says who is still alive and why."""
from __future__ import annotations

import pytest

from companion.engine import GameSession
from companion.engine import commands as c
from companion.engine.victory.handlers import alive_after_end
from companion.engine.victory.fates import Standing, contingency_kills
from companion.engine.victory.model import DeathCause, VictoryStep
from companion.vocab import EndReason, Pod, Whereabouts
from companion.rules import load_rules
from tests.conftest import setup_command

RULES = load_rules()

# Where the Character stood when the game ended (a pod letter for the CSS pods).
FATES = {
    "isolation": (Whereabouts.ISOLATION, None),
    "bunker": (Whereabouts.BUNKER, None),
    "pod_a": (Whereabouts.POD, Pod.A),
    "pod_b": (Whereabouts.POD, Pod.B),
    "pod_c": (Whereabouts.POD, Pod.C),
    "dead": (Whereabouts.DEAD, None),
    "facility": (Whereabouts.FACILITY, None),
}

# Who is alive once the game has ended, before any token (the shipped end-of-game data):
# the Facility's destruction kills those in the Isolation Room too; time running out and
# the Alert Procedure leave only those who left the Facility.
ALIVE_AFTER_END = {
    EndReason.TIME_RAN_OUT: {"isolation", "bunker", "pod_a", "pod_b", "pod_c"},
    EndReason.FACILITY_DESTROYED: {"bunker", "pod_a", "pod_b", "pod_c"},
    EndReason.ALERT_PROCEDURE: {"isolation", "bunker", "pod_a", "pod_b", "pod_c"},
}

# The tokens, by effect (one token of each effect), and whom each kills among the living,
# as a function of the fate, the Character's Knowledge and whether it sent the Signal.
TOKENS = {token.effect: token.id for token in RULES.contingency}
EFFECT_KILLS = {
    "everyone_saved": lambda fate, knowledge, signal: False,
    "knowledge_at_most_dies": lambda fate, knowledge, signal: knowledge <= 4,
    "no_signal_dies": lambda fate, knowledge, signal: not signal,
    "css_escapees_die": lambda fate, knowledge, signal: fate.startswith("pod"),
    "isolation_dies": lambda fate, knowledge, signal: fate == "isolation",
}
# Knowledge 1 (a Facility Worker's start) or 6, Signal sent or not.
FACTS = [(1, False), (6, True)]


def _walkthrough(reason: EndReason, fate: str, knowledge: int, signal: bool, effect: str) -> GameSession:
    game = GameSession.start(setup_command(players=2, seed=3), RULES)
    game.execute(c.SetKnowledge(seat=1, value=knowledge))
    if signal:
        game.execute(c.SendSignal(seat=1))
    game.execute(c.StartVictoryCheck(reason=reason))
    whereabouts, pod = FATES[fate]
    for seat, (where, in_pod) in ((1, (whereabouts, pod)), (2, (Whereabouts.DEAD, None))):
        entry = game.state.victory.entry(seat)
        if (entry.whereabouts, entry.pod) != (where, in_pod):
            game.execute(c.CorrectRoster(seat=seat, whereabouts=where, pod=in_pod))
    game.execute(c.ConfirmRoster())
    game.execute(c.EnterActiveContingency(token=TOKENS[effect]))
    return game


CASES = [(effect, reason, fate, knowledge, signal)
         for effect in EFFECT_KILLS for reason in EndReason for fate in FATES for knowledge, signal in FACTS]


@pytest.mark.parametrize("effect,reason,fate,knowledge,signal", CASES,
                         ids=[f"{e}-{r.value}-{f}-k{k}-{'signal' if s else 'silent'}" for e, r, f, k, s in CASES])
def test_every_token_against_every_fate_and_end(effect, reason, fate, knowledge, signal):
    game = _walkthrough(reason, fate, knowledge, signal, effect)
    check = game.state.victory
    assert check.step is VictoryStep.CONTINGENCY and check.reason is reason
    alive_after_end = fate in ALIVE_AFTER_END[reason]
    killed_by_token = alive_after_end and EFFECT_KILLS[effect](fate, knowledge, signal)
    assert check.contingency_deaths == ([1] if killed_by_token else [])
    # On to the end with nobody contaminated and no objective: the verdict says why.
    game.execute(c.StartContaminationChecks())
    for entry in list(game.state.victory.contamination):
        game.execute(c.AnswerScan(seat=entry.seat, larva=False, infected=False))
    game.execute(c.RevealContamination())
    if alive_after_end and not killed_by_token:
        game.execute(c.ChooseObjective(seat=1, objective={"kind": "knowledge_token"}))
    game.execute(c.RevealObjectives())
    verdict = next(v for v in game.state.victory.verdicts if v.seat == 1)
    if fate == "dead":
        expected = DeathCause.DIED
    elif not alive_after_end:
        expected = DeathCause.KILLED_AT_END
    elif killed_by_token:
        expected = DeathCause.CONTINGENCY
    else:
        expected = None
    assert verdict.death == expected
    assert verdict.alive == (expected is None)


def test_the_yellow_reading_can_be_turned_around_in_the_data():
    """Knowledge at least: the other reading of the yellow token, a data correction away."""
    yellow = next(token for token in RULES.contingency if token.effect == "knowledge_at_most_dies")
    turned = yellow.model_copy(update={"effect": "knowledge_at_least_dies"})
    for knowledge, dies in ((3, False), (4, True), (9, True)):
        standing = Standing(seat=1, whereabouts=Whereabouts.BUNKER, knowledge=knowledge)
        assert contingency_kills(turned, standing) is dies
    assert contingency_kills(yellow, Standing(seat=1, whereabouts=Whereabouts.BUNKER, knowledge=4))
    assert not contingency_kills(yellow, Standing(seat=1, whereabouts=Whereabouts.BUNKER, knowledge=5))


def test_the_facility_destroyed_reading_of_the_data_decides_the_isolation_room():
    """The end's deaths come from rules data: with the Isolation Room left out of the
    destruction, a locked-in Character survives it."""
    eog = RULES.end_of_game.model_copy(update={"facility_destroyed_kills": ("facility",)})
    rules = RULES.model_copy(update={"end_of_game": eog})
    game = GameSession.start(setup_command(players=2, seed=3), rules)
    game.execute(c.StartVictoryCheck(reason=EndReason.FACILITY_DESTROYED))
    game.execute(c.CorrectRoster(seat=1, whereabouts=Whereabouts.ISOLATION))
    assert 1 in alive_after_end(game.state, game.state.victory, rules)
    assert 1 not in alive_after_end(game.state, game.state.victory, RULES)
