"""Who is still alive at each stage of the Victory Check: after the way the game ended,
then after the Active Contingency token. Pure functions over plain facts, so a table of
cases can test every token against every fate."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Iterable

from ...vocab import EndReason, Fate, Whereabouts

if TYPE_CHECKING:
    from companion.rules import ContingencySpec, Rules

    from ..state import CharacterFate, GameState

# Where a Character has left the Facility to: only these can survive the end.
LEFT_THE_FACILITY = frozenset({Whereabouts.ISOLATION, Whereabouts.BUNKER, Whereabouts.POD})
# Where a Character was at the end, for fates saved before the game recorded it.
_WHERE_OF_FATE = {
    Fate.IN_FACILITY: Whereabouts.FACILITY,
    Fate.LOCKED_IN: Whereabouts.ISOLATION,
    Fate.IN_BUNKER: Whereabouts.BUNKER,
    Fate.ESCAPED_POD: Whereabouts.POD,
    Fate.DIED: Whereabouts.DEAD,
    Fate.KILLED_AT_END: Whereabouts.FACILITY,
}


@dataclass(frozen=True)
class Standing:
    """A Character as the Victory Check sees it: where it was when the game ended, and
    the facts a Contingency token reads."""

    seat: int
    whereabouts: Whereabouts
    knowledge: int = 0
    signal_sent: bool = False


def end_kills(reason: EndReason, rules: "Rules") -> frozenset[Whereabouts]:
    """Where the way the game ended kills (rules data: a table can correct it)."""
    data = rules.end_of_game
    places = {
        EndReason.TIME_RAN_OUT: data.time_ran_out_kills,
        EndReason.FACILITY_DESTROYED: data.facility_destroyed_kills,
        EndReason.ALERT_PROCEDURE: data.alert_kills,
    }[reason]
    return frozenset(Whereabouts(place) for place in places)


def survives_the_end(standing: Standing, reason: EndReason, rules: "Rules") -> bool:
    """Alive after the end: it left the Facility (Characters still inside are never
    survivors, even when the end does not say they die) and the end did not kill there."""
    return standing.whereabouts in LEFT_THE_FACILITY and standing.whereabouts not in end_kills(reason, rules)


def contingency_kills(token: "ContingencySpec", standing: Standing) -> bool:
    """Whether the Active token kills this (living) Character."""
    effect = token.effect
    if effect == "everyone_saved":
        return False
    if effect == "knowledge_at_most_dies":
        return standing.knowledge <= token.knowledge_threshold  # type: ignore[operator]
    if effect == "knowledge_at_least_dies":
        return standing.knowledge >= token.knowledge_threshold  # type: ignore[operator]
    if effect == "no_signal_dies":
        return not standing.signal_sent
    if effect == "css_escapees_die":
        return standing.whereabouts is Whereabouts.POD
    if effect == "isolation_dies":
        return standing.whereabouts is Whereabouts.ISOLATION
    raise ValueError(f"unknown contingency effect {effect!r}")


def alive_after_end(standings: Iterable[Standing], reason: EndReason, rules: "Rules") -> list[int]:
    return [s.seat for s in standings if survives_the_end(s, reason, rules)]


def contingency_victims(standings: Iterable[Standing], reason: EndReason, token: "ContingencySpec",
                        rules: "Rules") -> list[int]:
    """The seats the Active token kills among those alive after the end."""
    return [s.seat for s in standings if survives_the_end(s, reason, rules) and contingency_kills(token, s)]


def where_at_end(fate: "CharacterFate") -> Whereabouts:
    return fate.at_end or _WHERE_OF_FATE[fate.fate]


def survivors_at_end(state: "GameState", reason: EndReason, rules: "Rules") -> list[int]:
    """The seats whose Character is alive when the game ends for `reason` (the tracker's
    word): with none there is no Victory Check, and everyone has lost (p.12)."""
    if state.end is not None:
        places = [(fate.seat, where_at_end(fate)) for fate in state.end.fates]
    else:
        places = [(member.seat, member.whereabouts) for member in state.crew]
    return [seat for seat, where in places if where in LEFT_THE_FACILITY and where not in end_kills(reason, rules)]


def everyone_lost(state: "GameState", rules: "Rules") -> bool:
    """The game is over and no Character is alive: nothing is left to check."""
    return state.end is not None and not survivors_at_end(state, state.end.reason, rules)
