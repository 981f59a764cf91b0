"""The First Player token (p.13): seat 1 (the first player entered at setup) holds it at
the start; in the Player Phase's step 2 of every round but the first it passes to the
player on the left, the next seat in the order of entry.

The rulebook does not say what happens to a player whose Character is dead or has left
the Facility; the rules data's `first_player_skips` (marked unconfirmed) says whom the
token passes over. It passes when a round's Event Phase ends (or when the tracker moves
Time outside the runner, which starts a new round too), and that pass alone is announced.
Nor does it say where the token goes when its holder leaves the game mid-round: the rules
data's `first_player_leaving` (unconfirmed) passes it to the left at once, or leaves it
out of play until step 2 (then nobody is named as holding it).
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


def turn_order(state: GameState) -> list[int]:
    """Every seat in the order players do things (p.13): the First Player, then clockwise."""
    order = _order_from(state, state.first_player)
    return order[-1:] + order[:-1]


def holder(state: GameState, rules: "Rules") -> int | None:
    """Who holds the token for the table to see: None while its holder has left the game
    and the token waits for step 2."""
    return None if skipped(state, rules, state.first_player) else state.first_player


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


def after_leaving(turn: Turn) -> None:
    """A Character left the game (died, locked in, escaped): if it held the token and the
    rules data passes it at once, it goes to the left now, past those who no longer play."""
    state = turn.state
    if state.is_over or turn.rules.time_track.first_player_leaving != "at_once":
        return
    if not skipped(state, turn.rules, state.first_player):
        return
    receiver = next_first_player(state, turn.rules)
    if receiver is None or receiver == state.first_player:
        return
    left, taker = state.member(state.first_player), state.member(receiver)
    state.first_player = receiver
    turn.announce("announce.first_player.left", seat=left.seat, character=left.character, other_seat=taker.seat,
                  other_character=taker.character)
