"""How a game ends, and each character's fate so far."""
from __future__ import annotations

from ..context import Turn
from ..state import CharacterFate, GameEnd, GameState
from ...vocab import S_SLOT, DestructionCause, EndReason, Fate, Whereabouts

_FATE_OF = {
    Whereabouts.FACILITY: Fate.IN_FACILITY,
    Whereabouts.ISOLATION: Fate.LOCKED_IN,
    Whereabouts.BUNKER: Fate.IN_BUNKER,
    # Characters in a CSS pod are untouched by game effects: they have left.
    Whereabouts.POD: Fate.ESCAPED_POD,
    Whereabouts.DEAD: Fate.DIED,
}


def fates_so_far(state: GameState) -> list[CharacterFate]:
    if state.end is not None:
        return list(state.end.fates)
    return [
        CharacterFate(seat=m.seat, character=m.character, fate=_FATE_OF[m.whereabouts], pod=m.pod)
        for m in state.crew
    ]


def _killed_by(turn: Turn, reason: EndReason) -> list[Whereabouts]:
    """Where the way the game ended kills, in the rules data's order (a table can correct it)."""
    rules = turn.rules.end_of_game
    kills = {
        EndReason.TIME_RAN_OUT: rules.time_ran_out_kills,
        EndReason.FACILITY_DESTROYED: rules.facility_destroyed_kills,
        EndReason.ALERT_PROCEDURE: rules.alert_kills,
    }[reason]
    return [place for place in dict.fromkeys(Whereabouts(p) for p in kills) if place is not Whereabouts.DEAD]


def end_game(
    turn: Turn,
    reason: EndReason,
    *,
    nobody_left: bool = False,
    cause: DestructionCause | None = None,
) -> None:
    state = turn.state
    doomed = _killed_by(turn, reason)
    fates = []
    for member in state.crew:
        where = member.whereabouts
        fate = _FATE_OF[where]
        if member.whereabouts in doomed:
            fate = Fate.KILLED_AT_END
            member.whereabouts = Whereabouts.DEAD
        fates.append(CharacterFate(seat=member.seat, character=member.character, fate=fate, pod=member.pod,
                                   at_end=where))
    state.end = GameEnd(
        reason=reason,
        nobody_left=nobody_left,
        destruction_cause=cause,
        time_slot=state.time,
        fates=fates,
    )
    turn.announce(f"announce.end.{reason.value}", slot=state.time)
    for place in doomed:  # who dies is the rules data's: the table reads it from there
        turn.announce(f"announce.end.dies.{place.value}")
    for fate in fates:
        turn.log(f"log.fate.{fate.fate.value}", seat=fate.seat, character=fate.character)


def destroy_facility(turn: Turn, cause: DestructionCause, *, nobody_left: bool = False) -> None:
    turn.announce(f"announce.destroyed.{cause.value}")
    end_game(turn, EndReason.FACILITY_DESTROYED, nobody_left=nobody_left, cause=cause)


def end_if_nobody_left(turn: Turn) -> None:
    """When the last active Character leaves or dies, Time jumps to its end.

    Time moves right slot by slot, resolving the tokens exactly as advancing
    would: whichever of the self-destruct token, the Alert token or S it reaches
    first ends the game (a yellow self-destruct token turns red and moves on
    when Time passes it, as in Event step 5).
    """
    state = turn.state
    if state.is_over or state.anyone_in_facility():
        return
    turn.announce("announce.nobody_left")
    red_move = turn.rules.time_track.self_destruct_red_move
    while True:
        token = state.self_destruct
        if state.time == S_SLOT:
            if token is not None and token.red and token.slot == S_SLOT:
                destroy_facility(turn, DestructionCause.SELF_DESTRUCT, nobody_left=True)
            else:
                end_game(turn, EndReason.TIME_RAN_OUT, nobody_left=True)
            return
        if token is not None and token.slot == state.time:
            if token.red:
                destroy_facility(turn, DestructionCause.SELF_DESTRUCT, nobody_left=True)
                return
            token.slot = max(S_SLOT, token.slot - red_move)
            token.red = True
            turn.announce("announce.self_destruct_red", slot=token.slot)
        if state.alert_slot is not None and state.alert_slot == state.time:
            end_game(turn, EndReason.ALERT_PROCEDURE, nobody_left=True)
            return
        state.time -= 1
