"""The game's facts as validated, immutable data (``rules_data/*.json``).

Pure Python + pydantic; no UI imports.  Start with :func:`load_rules`.
"""
from __future__ import annotations

from .loader import SCHEMA_VERSION, RulesDataError, load_rules
from .models import (
    AttackCardSpec,
    CharacterSpec,
    ComputerActions,
    Confidence,
    ContaminationRules,
    ContingencyColour,
    ContingencyDeal,
    ContingencyEffect,
    ContingencySpec,
    EndOfGameRules,
    EventCardSpec,
    FrozenMap,
    IntruderKind,
    IntruderRules,
    IntruderTokenSpec,
    KnowledgeRules,
    MovingIntruder,
    ObjectiveSpec,
    Pools,
    PowerRules,
    PowerTokenSpec,
    Rules,
    RulesEntry,
    Threshold,
    TimeSlot,
    TimeTrack,
    VictoryRules,
    Whereabouts,
)


def summarise(rules: Rules) -> str:
    """One line for logs and the ``--check-rules`` style commands."""
    return (
        f"rules OK: {len(rules.time_track.slots)} time slots, {len(rules.power.tokens)} power tokens, "
        f"{len(rules.characters)} characters, {len(rules.intruders.tokens)} intruder tokens, "
        f"{len(rules.event_cards)} event cards, {len(rules.attack_cards)} attack cards, "
        f"{len(rules.contingency)} contingency tokens ({rules.unconfirmed_count()} values unconfirmed)"
    )


__all__ = [
    "SCHEMA_VERSION",
    "AttackCardSpec",
    "CharacterSpec",
    "ComputerActions",
    "Confidence",
    "ContaminationRules",
    "ContingencyColour",
    "ContingencyDeal",
    "ContingencyEffect",
    "ContingencySpec",
    "EndOfGameRules",
    "EventCardSpec",
    "FrozenMap",
    "IntruderKind",
    "IntruderRules",
    "IntruderTokenSpec",
    "KnowledgeRules",
    "MovingIntruder",
    "ObjectiveSpec",
    "Pools",
    "PowerRules",
    "PowerTokenSpec",
    "Rules",
    "RulesDataError",
    "RulesEntry",
    "Threshold",
    "TimeSlot",
    "TimeTrack",
    "VictoryRules",
    "Whereabouts",
    "load_rules",
    "summarise",
]
