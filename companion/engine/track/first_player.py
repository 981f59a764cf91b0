"""The First Player token (p.13): seat 1 (the first player entered at setup) holds it at
the start; in the Player Phase's step 2 of every round but the first it passes to the
player on the left, the next seat in the order of entry.

The rulebook does not say what happens to a player whose Character is dead or has left
the Facility; the rules data's `first_player_skips` (marked unconfirmed) says whom the
token passes over. It passes when a round's Event Phase ends (or when the tracker moves
Time outside the runner, which starts a new round too).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..context import Turn
from ..state import GameState

if TYPE_CHECKING:
    from companion.rules import Rules


def _order_from(state: GameState, seat: int) -> list[int]:
    """Every seat to the left of `seat`, in turn, ending with `seat` itself."""
    seats = [member.seat for member in state.crew]
    start = seats.index(seat) if seat in seats else -1
    return seats[start + 1:] + seats[: start + 1]


def skipped(state: GameState, rules: "Rules", seat: int) -> bool:
    return state.member(seat).whereabouts in rules.time_track.first_player_skips


def next_first_player(state: GameState, rules: "Rules") -> int | None:
    """Who takes the token when it next passes; None when nobody can (nobody is left to play)."""
    for seat in _order_from(state, state.first_player):
        if not skipped(state, rules, seat):
            return seat
    return None


def passed_over(state: GameState, rules: "Rules") -> list[int]:
    """The seats the token skips on its way to the next First Player."""
    over = []
    for seat in _order_from(state, state.first_player):
        if not skipped(state, rules, seat):
            break
        over.append(seat)
    return over


def pass_first_player(turn: Turn) -> None:
    """Step 2 of the next Player Phase: the token goes to the left, past the skipped seats."""
    state = turn.state
    if state.is_over:
        return
    receiver = next_first_player(state, turn.rules)
    if receiver is None:
        return
    stays = receiver == state.first_player
    if not stays:  # kept: its line says nobody else can take it
        for seat in passed_over(state, turn.rules):
            member = state.member(seat)
            turn.log("log.first_player.skipped", seat=seat, character=member.character,
                     whereabouts=member.whereabouts.value)
    state.first_player = receiver
    member = state.member(receiver)
    turn.log("log.first_player.stays" if stays else "log.first_player.passed", seat=receiver,
             character=member.character, round=state.round)
