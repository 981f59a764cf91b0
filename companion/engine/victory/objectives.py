"""Judging Objective cards (Victory Check, step 3) from the facts the tracker holds.

Where the tracker holds the fact (Knowledge, the Knowledge token, the Signal, the Nest,
who survived, the Characters' classes, how the game ended) the app decides; where it
cannot know (all rooms of two Sections explored) it uses the player's answer.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..errors import IllegalCommand
from .model import ObjectiveChoice, ObjectiveKind, ObjectiveResult
from ...vocab import EndReason

if TYPE_CHECKING:
    from companion.rules import Rules

NEMESIS_SURVIVOR = "nemesis_survivor"


@dataclass(frozen=True)
class ObjectiveFacts:
    """What the tracker knows at step 3 (everything about who is alive is settled)."""

    reason: EndReason
    seats: tuple[int, ...]
    # Alive after the whole Victory Check (the end, the Contingency, the Contamination check).
    alive: frozenset[int]
    classes: dict[int, str]
    knowledge: dict[int, int]
    knowledge_token: dict[int, bool]
    signal_senders: frozenset[int]
    nest_destroyed: bool
    coop: bool = False


def _result(met: bool, why: str, **params: str | int) -> ObjectiveResult:
    return ObjectiveResult(met=met, why=why, params=params)


def _answered(choice: ObjectiveChoice) -> ObjectiveResult | None:
    if choice.answer is None:
        return None
    return _result(choice.answer, "objective_why.answered_yes" if choice.answer else "objective_why.answered_no")


def _decide(choice: ObjectiveChoice, owner: int, facts: ObjectiveFacts, rules: "Rules") -> ObjectiveResult | None:
    """The tracker's decision, or None where it cannot know."""
    kind = choice.kind
    alive = facts.alive
    if kind is ObjectiveKind.PLAYER_DIES:
        dead = choice.player not in alive
        return _result(dead, "objective_why.player_dead" if dead else "objective_why.player_alive",
                       player=choice.player)  # type: ignore[arg-type]
    if kind is ObjectiveKind.ONLY_SURVIVOR:
        others = len(alive - {owner})
        if owner not in alive:
            return _result(False, "objective_why.owner_dead")
        return _result(others == 0, "objective_why.alone" if others == 0 else "objective_why.others_alive",
                       count=others)
    if kind is ObjectiveKind.NO_NEMESIS_SURVIVOR:
        survivors = sorted(seat for seat in alive if facts.classes.get(seat) == NEMESIS_SURVIVOR)
        return _result(not survivors, "objective_why.no_nemesis_survivor" if not survivors
                       else "objective_why.nemesis_survivor_alive", count=len(survivors))
    if kind is ObjectiveKind.SIGNAL_SENT:
        by_owner = rules.victory.objective(kind.value).signal_by == "owner"
        sent = owner in facts.signal_senders if by_owner and not facts.coop else bool(facts.signal_senders)
        return _result(sent, "objective_why.signal_sent" if sent else "objective_why.no_signal")
    if kind is ObjectiveKind.NEST_DESTROYED:
        if facts.reason is EndReason.TIME_RAN_OUT:
            return _result(False, "objective_why.intruders_survive")
        return _result(facts.nest_destroyed, "objective_why.nest_destroyed" if facts.nest_destroyed
                       else "objective_why.nest_standing")
    if kind is ObjectiveKind.QUEEN_KILLED:
        if facts.reason is EndReason.TIME_RAN_OUT:
            return _result(False, "objective_why.intruders_survive")
        if facts.reason is EndReason.FACILITY_DESTROYED:
            return _result(True, "objective_why.queen_counts_killed")
        return None
    if kind is ObjectiveKind.KNOWLEDGE_AT_LEAST:
        wanted = choice.knowledge or 0
        if facts.coop:
            # Co-operative: a Character alive after the Victory Check must hold it.
            best = max((facts.knowledge[seat] for seat in alive), default=0)
        else:
            best = facts.knowledge.get(owner, 0)
        return _result(best >= wanted, "objective_why.knowledge", value=best, wanted=wanted)
    if kind is ObjectiveKind.KNOWLEDGE_TOKEN:
        active = any(facts.knowledge_token.values()) if facts.coop else facts.knowledge_token.get(owner, False)
        return _result(active, "objective_why.token_active" if active else "objective_why.token_inactive")
    return None


def judge(choice: ObjectiveChoice, owner: int, facts: ObjectiveFacts, rules: "Rules") -> ObjectiveResult | None:
    """Met or not and why; None while the app needs the player's answer."""
    if rules.victory.objective(choice.kind.value).check == "ask":
        return _answered(choice)
    return _decide(choice, owner, facts, rules) or _answered(choice)


def needs_answer(kind: ObjectiveKind, facts: ObjectiveFacts, rules: "Rules") -> bool:
    """Whether the player must answer for this kind of objective now (the app cannot know)."""
    if rules.victory.objective(kind.value).check == "ask":
        return True
    probe = ObjectiveChoice(kind=kind, player=facts.seats[0] if facts.seats else None, knowledge=0)
    return _decide(probe, facts.seats[0] if facts.seats else 0, facts, rules) is None


def check_choice(choice: ObjectiveChoice, owner: int, facts: ObjectiveFacts, rules: "Rules") -> None:
    """Refuse an objective entered without the values its card prints, or without the
    answer the app needs."""
    spec = rules.victory.objective(choice.kind.value)
    given = {"player": choice.player is not None, "knowledge": choice.knowledge is not None,
             "sections": choice.sections is not None}
    for parameter, present in given.items():
        if present != (spec.parameter == parameter):
            raise IllegalCommand("error.victory.objective_parameter", parameter=parameter)
    if choice.player is not None and (choice.player not in facts.seats or choice.player == owner):
        raise IllegalCommand("error.victory.objective_player")
    if choice.knowledge is not None and not 0 <= choice.knowledge <= rules.knowledge.maximum:
        raise IllegalCommand("error.knowledge_range", maximum=rules.knowledge.maximum)
    if choice.sections is not None and choice.sections[0] == choice.sections[1]:
        raise IllegalCommand("error.victory.objective_sections")
    if choice.answer is None and judge(choice, owner, facts, rules) is None:
        raise IllegalCommand("error.victory.objective_answer")


def coop_signal_shortfall(choices: dict[int, ObjectiveChoice], facts: ObjectiveFacts) -> bool:
    """Co-operative: two Signal objectives need two different Characters to send it."""
    wanted = sum(1 for choice in choices.values() if choice.kind is ObjectiveKind.SIGNAL_SENT)
    return wanted > len(facts.signal_senders)
