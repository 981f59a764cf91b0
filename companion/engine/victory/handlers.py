"""The Victory Check, step by step, as commands (the walkthrough lives in the state).

0. Roster: who is where and why the game ended, from the tracker; the table confirms or
   corrects. 1. Contingency: the Active token is revealed (or, with physical tokens,
   entered) and applied. 2. Contamination: each survivor's check, privately. 3.
   Objectives: each survivor enters their card privately; all are revealed together.
4. Result: who wins, and why.

Undo steps back, except past a reveal (the Active token, a draw).
It is one piece because the Victory Check is one walkthrough held in the state: each step's
check reads what the steps before it settled.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..commands import (
    AnswerScan,
    ChooseObjective,
    ConfirmRoster,
    CorrectEndReason,
    CorrectRoster,
    DrawContamination,
    EnterActiveContingency,
    ReportContamination,
    RevealActiveContingency,
    RevealContamination,
    RevealObjectives,
    StartContaminationChecks,
    StartVictoryCheck,
)
from ..contamination import handlers as contamination
from ..context import Turn
from ..crew.handlers import member_at
from ..track.ending import end_game
from ..errors import IllegalCommand
from ..guards import require
from ..journal import Visibility
from .objectives import ObjectiveFacts, check_choice, coop_signal_shortfall, judge, needs_answer
from ..registry import Open, always, handles
from ..state import CharacterFate, GameState
from .draw import dies_of, draw_kinds
from .fates import Standing, contingency_victims, everyone_lost, survives_the_end, where_at_end
from .model import (
    CardKind,
    DeathCause,
    ObjectiveKind,
    RosterEntry,
    SurvivorContamination,
    Verdict,
    VictoryCheck,
    VictoryStep,
)
from ...vocab import EndReason, Mode, Pod, Section, Whereabouts

if TYPE_CHECKING:
    from companion.rules import Rules

    from ..registry import Offers


# --------------------------------------------------------------------- who is alive when
def standings(state: GameState, check: VictoryCheck) -> list[Standing]:
    return [Standing(seat=entry.seat, whereabouts=entry.whereabouts, knowledge=state.member(entry.seat).knowledge,
                     signal_sent=state.member(entry.seat).signal_sent) for entry in check.roster]


def alive_after_end(state: GameState, check: VictoryCheck, rules: "Rules") -> list[int]:
    return [s.seat for s in standings(state, check) if survives_the_end(s, check.reason, rules)]


def alive_after_contingency(state: GameState, check: VictoryCheck, rules: "Rules") -> list[int]:
    return [seat for seat in alive_after_end(state, check, rules) if seat not in check.contingency_deaths]


def alive_after_contamination(state: GameState, check: VictoryCheck, rules: "Rules") -> list[int]:
    dead = {entry.seat for entry in check.contamination if entry.dies}
    return [seat for seat in alive_after_contingency(state, check, rules) if seat not in dead]


def objective_seats(state: GameState, check: VictoryCheck, rules: "Rules") -> list[int]:
    """Who enters an objective: every survivor; in co-operative play, every player."""
    if state.mode is Mode.COOP:
        return [entry.seat for entry in check.roster]
    return alive_after_contamination(state, check, rules)


def objective_facts(state: GameState, check: VictoryCheck, rules: "Rules") -> ObjectiveFacts:
    return ObjectiveFacts(
        reason=check.reason,
        seats=tuple(member.seat for member in state.crew),
        alive=frozenset(alive_after_contamination(state, check, rules)),
        classes={m.seat: rules.character(m.character).character_class for m in state.crew},
        knowledge={m.seat: m.knowledge for m in state.crew},
        knowledge_token={m.seat: m.knowledge_token_active for m in state.crew},
        signal_senders=frozenset(m.seat for m in state.crew if m.signal_sent),
        nest_destroyed=state.bag.nest_destroyed,
        coop=state.mode is Mode.COOP,
    )


def must_draw(entry: SurvivorContamination, rules: "Rules") -> bool:
    """After the scan: an INFECTED card, or a Larva (which skips the scan), means the draw."""
    return bool(entry.infected or (entry.larva and rules.victory.larva_skips_scan))


def larva_of(state: GameState, entry: SurvivorContamination) -> bool:
    """A Larva on the survivor's board: as the player answered, else as the app tracks it."""
    return entry.larva if entry.larva is not None else state.member(entry.seat).body.larva


def skips_to_the_draw(state: GameState, entry: SurvivorContamination, rules: "Rules") -> bool:
    """The board shows a Larva and the Larva skips the scan: the draw, with no question."""
    return larva_of(state, entry) and rules.victory.larva_skips_scan


def nothing_to_check(state: GameState, seat: int) -> bool:
    """With the app's deck, a survivor holding no Contamination card and no Larva survives
    step 2 for certain (both are public: the count of cards and the board)."""
    deck = state.contamination
    return deck is not None and not deck.held_by(seat) and not state.member(seat).body.larva


def may_choose_objective(state: GameState, check: VictoryCheck, seat: int, rules: "Rules") -> bool:
    """Whether `seat` may enter its objective now: at step 3 (objective_seats), or already at
    step 2 once its own check is settled and it survives (co-operative play: anyone), so a
    player handed the shared device does both in one turn. Only that player knows it then."""
    if check.step is VictoryStep.OBJECTIVES:
        return seat in objective_seats(state, check, rules)
    if check.step is not VictoryStep.CONTAMINATION:
        return False
    if state.mode is Mode.COOP:
        return any(entry.seat == seat for entry in check.roster)
    entry = check.contamination_of(seat)
    return entry is not None and entry.settled and not entry.dies


# --------------------------------------------------------------------- checks shared by the steps
def walkthrough(state: GameState) -> VictoryCheck:
    if state.victory is None:
        raise IllegalCommand("error.victory.not_started")
    return state.victory


def at_step(state: GameState, step: VictoryStep) -> VictoryCheck:
    check = walkthrough(state)
    require(check.step is step, "error.victory.wrong_step", step=int(check.step))
    return check


def pending_contamination(state: GameState, seat: int) -> SurvivorContamination:
    """The survivor's step-2 check, still open; refused otherwise. (A digital Contamination
    deck records its check through `settle_contamination`.)"""
    check = at_step(state, VictoryStep.CONTAMINATION)
    member = member_at(state, seat)
    entry = check.contamination_of(seat)
    require(entry is not None, "error.victory.not_a_survivor", character=member.character)
    require(not entry.settled, "error.victory.already_checked", character=member.character)  # type: ignore[union-attr]
    return entry  # type: ignore[return-value]


def settle_contamination(turn: Turn, seat: int, *, dies: bool, larva: bool | None = None,
                         infected: bool | None = None, drawn=None) -> None:
    """Record a survivor's Contamination check (the app's draw, the table's report or a
    digital deck's scan and draw): private to that player until the step is revealed."""
    entry = turn.state.victory.contamination_of(seat)  # type: ignore[union-attr]
    assert entry is not None
    if larva is not None:
        entry.larva = larva
    if infected is not None:
        entry.infected = infected
    if drawn is not None:
        entry.drawn = list(drawn)
    entry.dies = dies
    character = turn.state.member(seat).character
    turn.log("log.victory.contamination_checked", character=character)
    turn.log_for_seat(seat, "log.victory.you_die" if dies else "log.victory.you_survive", character=character)


# --------------------------------------------------------------------- what the walkthrough offers
# The places a Character can have been in at the end, as the table may correct them.
PLACES = ((Whereabouts.FACILITY, None), (Whereabouts.ISOLATION, None), (Whereabouts.BUNKER, None),
          (Whereabouts.POD, Pod.A), (Whereabouts.POD, Pod.B), (Whereabouts.POD, Pod.C), (Whereabouts.DEAD, None))
# The most Contamination cards a player may count for the draw (the command's own bound).
MOST_CONTAMINATION_CARDS = 27


def during_walkthrough(*commands) -> "Offers":
    """`offers` for commands of the walkthrough once it started (each step's check says when)."""
    return lambda state, _rules: commands if state.victory is not None else ()


def _roster_offers(state: GameState, rules: "Rules") -> list[CorrectRoster]:
    if state.victory is None or state.victory.step is not VictoryStep.ROSTER:
        return []
    return [CorrectRoster(seat=entry.seat, whereabouts=where, pod=pod)
            for entry in state.victory.roster for where, pod in PLACES]


def _private_offers(make) -> "Offers":
    """`offers` for a survivor's private step: one per Character of the walkthrough's step 2."""
    def offers(state: GameState, rules: "Rules") -> list:
        check = state.victory
        if check is None or check.step is not VictoryStep.CONTAMINATION:
            return []
        return [command for entry in check.contamination for command in make(entry.seat)]
    return offers


def _draw_offers(state: GameState, rules: "Rules") -> list[Open]:
    """The draw over the counts the player gives: with the app's deck, their Action cards only."""
    check = state.victory
    if check is None or check.step is not VictoryStep.CONTAMINATION:
        return []
    digital = state.contamination is not None
    choices = {"action_cards": tuple(range(contamination.MOST_ACTION_CARDS + 1))}
    if not digital:
        choices["contamination_cards"] = tuple(range(MOST_CONTAMINATION_CARDS + 1))
    offers = []
    for entry in check.contamination:
        probe = DrawContamination(seat=entry.seat, action_cards=0, contamination_cards=None if digital else 0)
        refusal = None
        try:
            check_draw(state, probe, rules)
        except IllegalCommand as error:
            refusal = error
        offers.append(Open(DrawContamination, {"seat": entry.seat}, choices, refusal))
    return offers


def objective_choices(seat: int, facts: ObjectiveFacts, rules: "Rules") -> tuple[dict, ...]:
    """Every Objective card `seat` may enter, as the command's JSON holds it: each kind with
    the values its card prints, and the answer where the app cannot know (check_choice
    accepts exactly these)."""
    choices = []
    for kind in ObjectiveKind:
        parameter = rules.victory.objective(kind.value).parameter
        if parameter == "player":
            values = [{"player": other} for other in facts.seats if other != seat]
        elif parameter == "knowledge":
            values = [{"knowledge": value} for value in range(rules.knowledge.maximum + 1)]
        elif parameter == "sections":
            values = [{"sections": [first.value, second.value]} for first in Section for second in Section
                      if first is not second]
        else:
            values = [{}]
        answers = (True, False) if needs_answer(kind, facts, rules) else (None, True, False)
        empty = {"kind": kind.value, "player": None, "knowledge": None, "sections": None}
        choices += [{**empty, **value, "answer": answer} for value in values for answer in answers]
    return tuple(choices)


def _objective_offers(state: GameState, rules: "Rules") -> list[Open]:
    """Each player's Objective card, entered once their check allows (refused: nothing to pick)."""
    check = state.victory
    if check is None or check.step not in (VictoryStep.CONTAMINATION, VictoryStep.OBJECTIVES):
        return []
    facts = objective_facts(state, check, rules)
    offers = []
    for member in state.crew:
        if may_choose_objective(state, check, member.seat, rules):
            offers.append(Open(ChooseObjective, {"seat": member.seat},
                               {"objective": objective_choices(member.seat, facts, rules)}))
        else:
            offers.append(Open(ChooseObjective, {"seat": member.seat}, {"objective": ()},
                               IllegalCommand("error.victory.no_objective", character=member.character)))
    return offers


# --------------------------------------------------------------------- starting, step 0
def check_start(state: GameState, command: StartVictoryCheck, rules: "Rules") -> None:
    require(state.victory is None, "error.victory.already_started")
    if state.is_over:
        require(command.reason is None, "error.victory.game_already_ended")
        # Nobody alive at the end: there is nothing to check, everyone has lost (p.12).
        require(not everyone_lost(state, rules), "error.victory.nobody_alive")
    else:
        # Started by hand, the table may still correct who is where in step 0.
        require(command.reason is not None, "error.victory.reason_needed")


# Started by hand the game ends now: asked first. Once the tracker ended it, nothing to ask.
@handles(StartVictoryCheck, check=check_start, confirm=lambda state: None if state.is_over else "victory_by_hand",
         offers=always(StartVictoryCheck(), *(StartVictoryCheck(reason=reason) for reason in EndReason)))
def start(turn: Turn, command: StartVictoryCheck) -> None:
    state = turn.state
    if state.end is None:
        # Started by hand: the game ends now, as the table says.
        end_game(turn, command.reason)  # type: ignore[arg-type]
    assert state.end is not None
    state.victory = VictoryCheck(reason=state.end.reason, roster=[_entry(fate) for fate in state.end.fates])
    turn.announce("announce.victory.started")


def _entry(fate: CharacterFate) -> RosterEntry:
    where = where_at_end(fate)
    return RosterEntry(seat=fate.seat, whereabouts=where, pod=fate.pod if where is Whereabouts.POD else None)


def check_correct_roster(state: GameState, command: CorrectRoster, rules: "Rules") -> None:
    check = at_step(state, VictoryStep.ROSTER)
    member_at(state, command.seat)
    in_pod = command.whereabouts is Whereabouts.POD
    require((command.pod is not None) == in_pod, "error.victory.pod_needed" if in_pod else "error.victory.no_pod")
    others = [entry for entry in check.roster if entry.seat != command.seat]
    if in_pod:
        require(all(entry.pod is not command.pod for entry in others), "error.pod_taken",
                pod=command.pod.value)  # type: ignore[union-attr]
    if command.whereabouts is Whereabouts.BUNKER:
        require(all(entry.whereabouts is not Whereabouts.BUNKER for entry in others), "error.bunker_full")
    entry = check.entry(command.seat)
    require((entry.whereabouts, entry.pod) != (command.whereabouts, command.pod), "error.victory.no_change")


@handles(CorrectRoster, check=check_correct_roster, offers=_roster_offers)
def correct_roster(turn: Turn, command: CorrectRoster) -> None:
    entry = turn.state.victory.entry(command.seat)  # type: ignore[union-attr]
    entry.whereabouts, entry.pod, entry.corrected = command.whereabouts, command.pod, True
    character = turn.state.member(command.seat).character
    if command.pod is not None:
        turn.log("log.victory.roster_corrected_pod", character=character, pod=command.pod.value)
    else:
        turn.log("log.victory.roster_corrected", character=character, whereabouts=command.whereabouts.value)


def check_correct_reason(state: GameState, command: CorrectEndReason, rules: "Rules") -> None:
    check = at_step(state, VictoryStep.ROSTER)
    require(check.reason is not command.reason, "error.victory.no_change")


@handles(CorrectEndReason, check=check_correct_reason,
         offers=during_walkthrough(*(CorrectEndReason(reason=reason) for reason in EndReason)))
def correct_reason(turn: Turn, command: CorrectEndReason) -> None:
    turn.state.victory.reason = command.reason  # type: ignore[union-attr]
    turn.log("log.victory.reason_corrected", end_reason=command.reason.value)


def check_confirm_roster(state: GameState, command: ConfirmRoster, rules: "Rules") -> None:
    at_step(state, VictoryStep.ROSTER)


@handles(ConfirmRoster, check=check_confirm_roster, offers=during_walkthrough(ConfirmRoster()))
def confirm_roster(turn: Turn, command: ConfirmRoster) -> None:
    check = turn.state.victory
    assert check is not None
    check.step = VictoryStep.CONTINGENCY
    turn.log("log.victory.roster_confirmed", count=len(alive_after_end(turn.state, check, turn.rules)))


# --------------------------------------------------------------------- step 1: the Active token
def check_reveal_active(state: GameState, command: RevealActiveContingency, rules: "Rules") -> None:
    check = at_step(state, VictoryStep.CONTINGENCY)
    require(state.contingency is not None, "error.victory.physical_tokens")
    require(check.active_token is None, "error.victory.active_known")


@handles(RevealActiveContingency, check=check_reveal_active, hidden_outcome=True,
         offers=during_walkthrough(RevealActiveContingency()), confirm="victory_reveal_active")
def reveal_active(turn: Turn, command: RevealActiveContingency) -> None:
    contingency = turn.state.contingency
    assert contingency is not None
    contingency.active_revealed = True
    _apply_active(turn, contingency.active)


def check_enter_active(state: GameState, command: EnterActiveContingency, rules: "Rules") -> None:
    check = at_step(state, VictoryStep.CONTINGENCY)
    require(state.contingency is None, "error.victory.app_tokens")
    require(check.active_token is None, "error.victory.active_known")
    require(any(token.id == command.token for token in rules.contingency), "error.victory.unknown_token")


@handles(EnterActiveContingency, check=check_enter_active,
         offers=lambda state, rules: [EnterActiveContingency(token=token.id) for token in rules.contingency]
         if state.victory is not None else [])
def enter_active(turn: Turn, command: EnterActiveContingency) -> None:
    _apply_active(turn, command.token)


def _apply_active(turn: Turn, token_id: str) -> None:
    state = turn.state
    check = state.victory
    assert check is not None
    token = turn.rules.contingency_token(token_id)
    check.active_token = token_id
    check.contingency_deaths = contingency_victims(standings(state, check), check.reason, token, turn.rules)
    turn.announce("announce.victory.active_revealed", contingency=token.effect)
    for seat in check.contingency_deaths:
        turn.announce("announce.victory.contingency_death", character=state.member(seat).character,
                      contingency=token.effect)
    if not check.contingency_deaths:
        turn.log("log.victory.contingency_spared")


def check_start_contamination(state: GameState, command: StartContaminationChecks, rules: "Rules") -> None:
    check = at_step(state, VictoryStep.CONTINGENCY)
    require(check.active_token is not None, "error.victory.active_first")


@handles(StartContaminationChecks, check=check_start_contamination,
         offers=during_walkthrough(StartContaminationChecks()))
def start_contamination(turn: Turn, command: StartContaminationChecks) -> None:
    check = turn.state.victory
    assert check is not None
    check.step = VictoryStep.CONTAMINATION
    check.contamination = [SurvivorContamination(seat=seat)
                           for seat in alive_after_contingency(turn.state, check, turn.rules)]
    turn.log("log.victory.contamination_started", count=len(check.contamination))
    for entry in check.contamination:
        if nothing_to_check(turn.state, entry.seat):
            entry.larva, entry.infected, entry.dies, entry.certain = False, False, False, True
            turn.log("log.victory.nothing_to_check", character=turn.state.member(entry.seat).character)


# --------------------------------------------------------------------- step 2: each survivor, privately
# With the printed cards the player answers the scan (AnswerScan) and either lets the app
# draw over their counts (DrawContamination) or draws at the table (ReportContamination).
# With the app's Contamination deck (contamination.py) one DrawContamination scans and
# draws the player's real cards.
def check_answer_scan(state: GameState, command: AnswerScan, rules: "Rules") -> None:
    entry = pending_contamination(state, command.seat)
    require(state.contamination is None, "error.victory.app_scans")
    # Answered once: an INFECTED answer leads to the draw, and a second answer would skip it.
    require(entry.infected is None, "error.victory.scan_answered", character=state.member(command.seat).character)


@handles(AnswerScan, check=check_answer_scan,
         offers=_private_offers(lambda seat: [AnswerScan(seat=seat, infected=infected) for infected in (True, False)]))
def answer_scan(turn: Turn, command: AnswerScan) -> None:
    entry = turn.state.victory.contamination_of(command.seat)  # type: ignore[union-attr]
    assert entry is not None
    entry.larva = command.larva if command.larva is not None else turn.state.member(command.seat).body.larva
    entry.infected = command.infected
    if must_draw(entry, turn.rules):
        turn.log_for_seat(command.seat, "log.victory.must_draw", character=turn.state.member(command.seat).character)
    else:
        settle_contamination(turn, command.seat, dies=False)


def check_draw(state: GameState, command: DrawContamination, rules: "Rules") -> None:
    entry = pending_contamination(state, command.seat)
    if state.contamination is not None:
        require(command.contamination_cards is None, "error.victory.app_counts")
        return
    require(command.contamination_cards is not None, "error.victory.count_needed")
    answered = entry.larva is not None and must_draw(entry, rules)
    require(answered or (entry.larva is None and skips_to_the_draw(state, entry, rules)), "error.victory.scan_first")


@handles(DrawContamination, check=check_draw, hidden_outcome=True, offers=_draw_offers, confirm="victory_draw")
def draw(turn: Turn, command: DrawContamination) -> None:
    if turn.state.contamination is not None:
        _check_with_the_deck(turn, command)
        return
    assert command.contamination_cards is not None
    drawn = draw_kinds(turn.state.rng, command.action_cards, command.contamination_cards,
                       turn.rules.contamination.victory_check_draws)
    entry = turn.state.victory.contamination_of(command.seat)  # type: ignore[union-attr]
    assert entry is not None
    entry.larva = larva_of(turn.state, entry)
    entry.action_cards, entry.contamination_cards = command.action_cards, command.contamination_cards
    settle_contamination(turn, command.seat, dies=dies_of(drawn), drawn=drawn)


def _check_with_the_deck(turn: Turn, command: DrawContamination) -> None:
    """The app's deck scans the survivor's real cards and draws (contamination.py); a check
    it already made for this seat is taken as it is."""
    deck = turn.state.contamination
    assert deck is not None
    record = contamination.check_result(turn.state, command.seat)
    if record is None:
        written = len(turn.events)
        record = contamination.contamination_check(turn, turn.state.member(command.seat), command.action_cards)
        _keep_private(turn, command.seat, since=written)
    entry = turn.state.victory.contamination_of(command.seat)  # type: ignore[union-attr]
    assert entry is not None
    entry.action_cards = record.action_cards
    entry.contamination_cards = len(deck.held_by(command.seat)) if record.action_cards is not None else None
    drawn = [CardKind.CONTAMINATION if card else CardKind.ACTION for card in record.drawn] if record.drawn else None
    settle_contamination(turn, command.seat, dies=record.died, larva=record.larva, infected=record.infected,
                         drawn=drawn)


def _keep_private(turn: Turn, seat: int, *, since: int) -> None:
    """The deck's check tells everyone how it went; in the walkthrough the player alone
    learns it until the step is revealed."""
    for index in range(since, len(turn.events)):
        event = turn.events[index]
        if event.reaches_table:
            turn.events[index] = event.model_copy(update={"visibility": Visibility.for_seat(seat),
                                                          "announce": False})


def check_report(state: GameState, command: ReportContamination, rules: "Rules") -> None:
    pending_contamination(state, command.seat)
    require(state.contamination is None, "error.victory.app_scans")


@handles(ReportContamination, check=check_report,
         offers=_private_offers(lambda seat: [ReportContamination(seat=seat, dies=dies) for dies in (False, True)]))
def report(turn: Turn, command: ReportContamination) -> None:
    settle_contamination(turn, command.seat, dies=command.dies)


def check_reveal_contamination(state: GameState, command: RevealContamination, rules: "Rules") -> None:
    check = at_step(state, VictoryStep.CONTAMINATION)
    pending = sum(1 for entry in check.contamination if not entry.settled)
    require(pending == 0, "error.victory.checks_pending", count=pending)


@handles(RevealContamination, check=check_reveal_contamination, offers=during_walkthrough(RevealContamination()))
def reveal_contamination(turn: Turn, command: RevealContamination) -> None:
    state = turn.state
    check = state.victory
    assert check is not None
    check.step = VictoryStep.OBJECTIVES
    check.contamination_revealed = True
    for entry in check.contamination:
        character = state.member(entry.seat).character
        if entry.dies:
            turn.announce("announce.victory.contamination_death", character=character)
        else:
            turn.log("log.victory.contamination_survived", character=character)


# --------------------------------------------------------------------- step 3: objectives
def check_choose(state: GameState, command: ChooseObjective, rules: "Rules") -> None:
    check = walkthrough(state)
    require(check.step in (VictoryStep.CONTAMINATION, VictoryStep.OBJECTIVES), "error.victory.wrong_step",
            step=int(check.step))
    member = member_at(state, command.seat)
    require(may_choose_objective(state, check, command.seat, rules), "error.victory.no_objective",
            character=member.character)
    # Whether it is complete never depends on who is alive (objectives.check_choice).
    check_choice(command.objective, command.seat, objective_facts(state, check, rules), rules)


@handles(ChooseObjective, check=check_choose, offers=_objective_offers)
def choose(turn: Turn, command: ChooseObjective) -> None:
    check = turn.state.victory
    assert check is not None
    check.objectives[command.seat] = command.objective
    character = turn.state.member(command.seat).character
    if check.step is VictoryStep.CONTAMINATION and turn.state.mode is not Mode.COOP:
        # Before the step is revealed, that a survivor entered it would tell the table they survived.
        turn.log_for_seat(command.seat, "log.victory.objective_entered", character=character)
    else:
        turn.log("log.victory.objective_entered", character=character)


def check_reveal_objectives(state: GameState, command: RevealObjectives, rules: "Rules") -> None:
    check = at_step(state, VictoryStep.OBJECTIVES)
    pending = sum(1 for seat in objective_seats(state, check, rules) if seat not in check.objectives)
    require(pending == 0, "error.victory.objectives_pending", count=pending)


@handles(RevealObjectives, check=check_reveal_objectives, offers=during_walkthrough(RevealObjectives()))
def reveal_objectives(turn: Turn, command: RevealObjectives) -> None:
    state = turn.state
    check = state.victory
    assert check is not None
    check.verdicts = verdicts(state, check, turn.rules)
    if state.mode is Mode.COOP:
        check.team_wins = _team_wins(state, check, turn.rules)
        check.verdicts = [verdict.model_copy(update={"wins": check.team_wins}) for verdict in check.verdicts]
    check.step = VictoryStep.RESULT
    check.finished_at = command.finished_at
    winners = [state.member(v.seat).character for v in check.verdicts if v.wins]
    if check.team_wins is not None:
        turn.announce("announce.victory.team_won" if check.team_wins else "announce.victory.team_lost")
    for character in winners:
        turn.announce("announce.victory.winner", character=character)
    if not winners:
        turn.announce("announce.victory.no_winner")


def verdicts(state: GameState, check: VictoryCheck, rules: "Rules") -> list[Verdict]:
    after_end = set(alive_after_end(state, check, rules))
    facts = objective_facts(state, check, rules)
    out = []
    for entry in check.roster:
        seat = entry.seat
        contamination = check.contamination_of(seat)
        if entry.whereabouts is Whereabouts.DEAD:
            death: DeathCause | None = DeathCause.DIED
        elif seat not in after_end:
            death = DeathCause.KILLED_AT_END
        elif seat in check.contingency_deaths:
            death = DeathCause.CONTINGENCY
        elif contamination is not None and contamination.dies:
            death = DeathCause.CONTAMINATION
        else:
            death = None
        choice = check.objectives.get(seat)
        result = judge(choice, seat, facts, rules) if choice is not None else None
        alive = death is None
        out.append(Verdict(seat=seat, alive=alive, death=death, objective=choice, objective_result=result,
                           wins=alive and result is not None and result.met))
    return out


def _team_wins(state: GameState, check: VictoryCheck, rules: "Rules") -> bool:
    """Co-operative: every objective met and at least one survivor."""
    facts = objective_facts(state, check, rules)
    met = all(v.objective_result is not None and v.objective_result.met for v in check.verdicts)
    return met and bool(facts.alive) and not coop_signal_shortfall(check.objectives, facts)
