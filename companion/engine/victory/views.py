"""What the screens may know of the Contingency tokens and the Victory Check.

Everyone sees how many tokens each player holds, how many are in the Neutral Pool, who
looked where, and (once revealed) the Active token. Only a player's own view
(views.SeatPrivate) names their tokens and what they looked at. During the Victory
Check a survivor's Contamination result and objective stay in their own view until the
step that reveals them (objectives are public from the start in co-operative play).
"""
from __future__ import annotations

from collections import Counter
from datetime import datetime
from fractions import Fraction
from typing import TYPE_CHECKING

from pydantic import BaseModel, ConfigDict

from .draw import DRAWN, death_chance
from .objectives import judge, needs_answer
from .handlers import alive_after_end, may_choose_objective, objective_facts, objective_seats
from .model import ObjectiveChoice, ObjectiveKind, ObjectiveResult, SurvivorContamination, Verdict, VictoryStep
from ...vocab import EndReason, Mode, Pod, Whereabouts

if TYPE_CHECKING:
    from companion.rules import Rules

    from ..state import GameState


class _View(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


# --------------------------------------------------------------------- Contingency tokens
class ContingencyTokenView(_View):
    """A token's face: its effect is its label, its colour secondary; `unconfirmed` when
    the data marks the effect or its threshold as not printed fact."""

    id: str
    colour: str
    effect: str
    knowledge_threshold: int | None
    unconfirmed: bool


class LookView(_View):
    """A look everyone saw happen (never what it showed): `seat` looked at `tokens` of
    `holder`'s tokens (None: the Neutral Pool) at step `step`."""

    seat: int
    holder: int | None
    step: int
    # An Archive look shows one of the holder's tokens, a Computer action all of them.
    tokens: int = 1


class ContingencyView(_View):
    held: dict[int, int]
    pool: int
    # Fully co-operative play: the tokens revealed to everyone.
    public: tuple[ContingencyTokenView, ...]
    active: ContingencyTokenView | None
    looks: tuple[LookView, ...]


class SeenView(_View):
    token: ContingencyTokenView
    holder: int | None
    step: int


class SeatContingencyView(_View):
    own: tuple[ContingencyTokenView, ...]
    seen: tuple[SeenView, ...]


def token_view(rules: "Rules", token_id: str) -> ContingencyTokenView:
    spec = rules.contingency_token(token_id)
    unconfirmed = spec.is_unconfirmed("effect") or (spec.knowledge_threshold is not None
                                                    and spec.is_unconfirmed("knowledge_threshold"))
    return ContingencyTokenView(id=spec.id, colour=spec.colour, effect=spec.effect,
                                knowledge_threshold=spec.knowledge_threshold, unconfirmed=unconfirmed)


def contingency_view(state: "GameState", rules: "Rules") -> ContingencyView | None:
    tokens = state.contingency
    if tokens is None:
        return None
    seen = Counter((sighting.seat, sighting.holder, sighting.step) for sighting in tokens.sightings)
    looks = [LookView(seat=seat, holder=holder, step=step, tokens=count)
             for (seat, holder, step), count in seen.items()]
    return ContingencyView(
        held={seat: len(held) for seat, held in sorted(tokens.held.items())},
        pool=len(tokens.pool),
        public=tuple(token_view(rules, token) for token in tokens.public),
        active=token_view(rules, tokens.active) if tokens.active_revealed else None,
        looks=tuple(looks),
    )


def seat_contingency(state: "GameState", seat: int, rules: "Rules") -> SeatContingencyView | None:
    tokens = state.contingency
    if tokens is None:
        return None
    return SeatContingencyView(
        own=tuple(token_view(rules, token) for token in tokens.tokens_of(seat)),
        seen=tuple(SeenView(token=token_view(rules, s.token), holder=s.holder, step=s.step)
                   for s in tokens.sightings if s.seat == seat),
    )


# --------------------------------------------------------------------- the Victory Check
class RosterView(_View):
    seat: int
    whereabouts: Whereabouts
    pod: Pod | None
    corrected: bool
    # Still alive once the way the game ended took its toll.
    survives_the_end: bool


class ContaminationStatusView(_View):
    seat: int
    settled: bool
    # Only once the step is revealed.
    dies: bool | None
    # Settled by the app from public facts (no Contamination card, no Larva): survives.
    certain: bool = False


class ObjectiveStatusView(_View):
    seat: int
    entered: bool
    # Only once revealed (from the start in co-operative play).
    objective: ObjectiveChoice | None


class VictoryView(_View):
    step: VictoryStep
    reason: EndReason
    roster: tuple[RosterView, ...]
    # The table keeps the physical tokens and enters the Active one.
    physical_tokens: bool
    active: ContingencyTokenView | None
    contingency_deaths: tuple[int, ...]
    # Step 2 scans the player's real cards with the app's Contamination deck.
    digital_deck: bool
    contamination: tuple[ContaminationStatusView, ...]
    contamination_revealed: bool
    # Who enters an objective at step 3, and the kinds the app cannot decide (asked).
    objective_seats: tuple[int, ...]
    asked_objectives: tuple[ObjectiveKind, ...]
    objectives: tuple[ObjectiveStatusView, ...]
    verdicts: tuple[Verdict, ...]
    team_wins: bool | None
    # The game's length: rounds, where Time stood, and the clock when known.
    rounds: int
    time_slot: int
    started_at: datetime | None
    finished_at: datetime | None

    def roster_entry(self, seat: int) -> RosterView:
        for entry in self.roster:
            if entry.seat == seat:
                return entry
        raise KeyError(seat)

    def status_of(self, seat: int) -> ContaminationStatusView | None:
        for status in self.contamination:
            if status.seat == seat:
                return status
        return None

    def objective_status(self, seat: int) -> ObjectiveStatusView | None:
        for status in self.objectives:
            if status.seat == seat:
                return status
        return None

    def verdict(self, seat: int) -> Verdict | None:
        for verdict in self.verdicts:
            if verdict.seat == seat:
                return verdict
        return None

    @property
    def pending_checks(self) -> tuple[int, ...]:
        return tuple(status.seat for status in self.contamination if not status.settled)

    @property
    def pending_objectives(self) -> tuple[int, ...]:
        entered = {status.seat for status in self.objectives if status.entered}
        return tuple(seat for seat in self.objective_seats if seat not in entered)


class OwnContaminationView(SurvivorContamination):
    """A survivor's own Contamination check, as that player sees it."""

    model_config = ConfigDict(frozen=True, extra="forbid")


class SeatVictoryView(_View):
    """A player's own Victory Check: their Contamination check and their objective, and
    how the app would judge that objective now."""

    contamination: OwnContaminationView | None
    objective: ObjectiveChoice | None
    objective_result: ObjectiveResult | None
    must_enter_objective: bool
    # How many cards the check's draw takes (rules data).
    check_draws: int = DRAWN

    def death_chance(self, action_cards: int, contamination_cards: int) -> Fraction:
        """The chance the draw kills, over the counts the player gives (never the draw itself)."""
        return death_chance(action_cards, contamination_cards, self.check_draws)


def victory_view(state: "GameState", rules: "Rules") -> VictoryView | None:
    check = state.victory
    if check is None:
        return None
    after_end = set(alive_after_end(state, check, rules))
    public_objectives = state.mode is Mode.COOP or check.step is VictoryStep.RESULT
    at_objectives = check.step >= VictoryStep.OBJECTIVES
    seats = objective_seats(state, check, rules) if at_objectives else []
    # Objectives may be entered from step 2 on (victory.may_choose_objective); which kinds
    # the app must ask about depends on how the game ended, never on who is alive.
    facts = objective_facts(state, check, rules) if check.step >= VictoryStep.CONTAMINATION else None
    asked = tuple(kind for kind in ObjectiveKind if needs_answer(kind, facts, rules)) if facts is not None else ()
    return VictoryView(
        step=check.step,
        reason=check.reason,
        roster=tuple(RosterView(seat=e.seat, whereabouts=e.whereabouts, pod=e.pod, corrected=e.corrected,
                                survives_the_end=e.seat in after_end) for e in check.roster),
        physical_tokens=state.contingency is None,
        active=_active(state, rules),
        contingency_deaths=tuple(check.contingency_deaths),
        digital_deck=state.contamination is not None,
        contamination=tuple(ContaminationStatusView(seat=e.seat, settled=e.settled,
                                                    dies=e.dies if check.contamination_revealed or e.certain else None,
                                                    certain=e.certain)
                            for e in check.contamination),
        contamination_revealed=check.contamination_revealed,
        objective_seats=tuple(seats),
        asked_objectives=asked,
        objectives=tuple(
            ObjectiveStatusView(seat=seat, entered=seat in check.objectives,
                                objective=check.objectives.get(seat) if public_objectives else None)
            for seat in seats),
        verdicts=tuple(check.verdicts),
        team_wins=check.team_wins,
        rounds=state.round,
        time_slot=state.end.time_slot if state.end is not None else state.time,
        started_at=state.started_at,
        finished_at=check.finished_at,
    )


def _active(state: "GameState", rules: "Rules") -> ContingencyTokenView | None:
    check = state.victory
    if check is None or check.active_token is None:
        return None
    return token_view(rules, check.active_token)


def seat_victory(state: "GameState", seat: int, rules: "Rules") -> SeatVictoryView | None:
    check = state.victory
    if check is None:
        return None
    entry = check.contamination_of(seat)
    choice = check.objectives.get(seat)
    at_objectives = check.step >= VictoryStep.OBJECTIVES
    result = None
    if choice is not None and at_objectives:
        result = judge(choice, seat, objective_facts(state, check, rules), rules)
    return SeatVictoryView(
        contamination=OwnContaminationView.model_validate(entry.model_dump()) if entry is not None else None,
        objective=choice,
        objective_result=result,
        must_enter_objective=may_choose_objective(state, check, seat, rules),
        check_draws=rules.contamination.victory_check_draws,
    )
