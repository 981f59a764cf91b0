"""Contingency tokens dealt by the app: the deal at setup, and the looks a player takes
during the game (Archive, Alert Room, a Computer action).

A look shows a token to the player who looks and to nobody else (in fully co-operative
play, to everyone): it cannot be undone. A dead Character's tokens go back to the
Neutral Pool (crew.py, through `ContingencyState.return_to_pool`).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..commands import ActivateKnowledgeToken, NewGame, PeekContingency, SetKnowledge
from ..context import Turn
from .contingency_model import ContingencyState, Sighting
from ..crew.handlers import active_member, activate_knowledge_token, member_at, set_knowledge
from ..guards import require, require_running
from ..registry import handles
from ..rng import RngState
from ..state import GameState
from ...vocab import Mode

if TYPE_CHECKING:
    from companion.rules import Rules

ARCHIVE_KNOWLEDGE = 2


# --------------------------------------------------------------------- the deal
def deal(command: NewGame, rules: "Rules", rng: RngState) -> ContingencyState:
    """1 token per player (2 each with 2 players), 1 Active, the rest to the Neutral Pool;
    solo: the player draws 2 from the pool; co-operative: nobody holds a token and some
    of the pool is revealed to everyone."""
    spec = rules.contingency_deal
    tokens = rng.shuffled([token.id for token in rules.contingency])
    active, rest = tokens[0], tokens[1:]
    seats = list(range(1, len(command.players) + 1))
    held: dict[int, list[str]] = {}
    public: list[str] = []
    if command.mode is Mode.STANDARD:
        each = spec.per_player_with_two if len(seats) == 2 else spec.per_player
        for seat in seats:
            held[seat], rest = rest[:each], rest[each:]
    elif command.mode is Mode.SOLO:
        held[seats[0]], rest = rest[:spec.solo_draws], rest[spec.solo_draws:]
    else:
        public = rest[:spec.coop_revealed_at_start]
    return ContingencyState(active=active, held=held, pool=sorted(rest), public=public)


def log_deal(turn: Turn) -> None:
    contingency = turn.state.contingency
    if contingency is None:
        return
    turn.log("log.contingency.dealt", pool=len(contingency.pool))
    for seat, tokens in sorted(contingency.held.items()):
        for token in tokens:
            turn.log_for_seat(seat, "log.contingency.yours", contingency=_effect(turn.rules, token))
    for token in contingency.public:
        turn.announce("announce.contingency.revealed", contingency=_effect(turn.rules, token))


def _effect(rules: "Rules", token: str) -> str:
    return rules.contingency_token(token).effect


# --------------------------------------------------------------------- looking at tokens
def _unseen_pool(state: GameState) -> list[str]:
    """Pool tokens a look may still turn up (co-operative: those not yet public)."""
    contingency = state.contingency
    assert contingency is not None
    return [token for token in contingency.pool if token not in contingency.public]


def takes_from_pool(command: PeekContingency, rules: "Rules") -> bool:
    return command.via == "alert_room" or (command.via == "archive" and rules.contingency_deal.archive
                                           == "take_from_pool")


def check_peek(state: GameState, command: PeekContingency, rules: "Rules") -> None:
    require_running(state)
    require(state.contingency is not None, "error.contingency.physical")
    member = active_member(state, command.seat)
    if command.via == "archive":
        require(not member.knowledge_token_active, "error.knowledge_token_active")
    if takes_from_pool(command, rules) or (command.via == "archive" and command.target is None):
        require(command.target is None, "error.contingency.pool_only")
        require(bool(_unseen_pool(state)), "error.contingency.pool_empty")
        return
    if command.via == "computer" and command.target is None:
        # Said apart from "choose whom": there is nobody to choose.
        require(any(other.seat != command.seat and other.is_in_facility and state.contingency.tokens_of(other.seat)
                    for other in state.crew), "error.contingency.nobody_in_reach")  # type: ignore[union-attr]
    require(command.target is not None, "error.contingency.target_needed")
    require(command.target != command.seat, "error.contingency.own_tokens")
    target = member_at(state, command.target)  # type: ignore[arg-type]
    if command.via == "computer":
        # Only a player in the same Section: still in the Facility (the table confirms where).
        require(target.is_in_facility, "error.not_in_facility", seat=target.seat, character=target.character)
    require(bool(state.contingency.tokens_of(target.seat)), "error.contingency.no_tokens",  # type: ignore[union-attr]
            seat=target.seat, character=target.character)


def _peek_offers(state: GameState, rules: "Rules") -> list[PeekContingency]:
    """Each player's looks: at the Neutral Pool, or at another player's tokens (Archive, Computer)."""
    if state.contingency is None:
        return []
    return [PeekContingency(seat=member.seat, via=via, target=target) for member in state.crew
            for via in ("archive", "alert_room", "computer")
            for target in [None, *(() if via == "alert_room" else
                                   (other.seat for other in state.crew if other.seat != member.seat))]]


@handles(PeekContingency, check=check_peek, hidden_outcome=True, offers=_peek_offers, confirm="contingency_look")
def peek(turn: Turn, command: PeekContingency) -> None:
    state = turn.state
    contingency = state.contingency
    assert contingency is not None
    member = state.member(command.seat)
    if command.via == "archive":
        value = min(member.knowledge + ARCHIVE_KNOWLEDGE, turn.rules.knowledge.maximum)
        set_knowledge(turn, SetKnowledge(seat=member.seat, value=value))
        activate_knowledge_token(turn, ActivateKnowledgeToken(seat=member.seat))
    if takes_from_pool(command, turn.rules) or command.target is None:
        unseen = _unseen_pool(state)
        token = unseen[state.rng.choice_index([1] * len(unseen))]
        taken = takes_from_pool(command, turn.rules) and state.mode is not Mode.COOP
        turn.log("log.contingency.took_from_pool" if taken else "log.contingency.looked_in_pool",
                 character=member.character)
        _see(turn, member.seat, token, holder=None)
        if taken:
            contingency.take_from_pool(member.seat, token)
        return
    target = state.member(command.target)  # type: ignore[arg-type]
    tokens = contingency.tokens_of(target.seat)
    if command.via == "archive":
        tokens = [tokens[state.rng.choice_index([1] * len(tokens))]] if len(tokens) > 1 else tokens
        turn.log("log.contingency.looked_at_one", character=member.character, other_character=target.character)
    else:
        turn.log("log.contingency.looked_at_all", character=member.character, other_character=target.character)
    for token in tokens:
        _see(turn, member.seat, token, holder=target.seat)


def _see(turn: Turn, seat: int, token: str, *, holder: int | None) -> None:
    contingency = turn.state.contingency
    assert contingency is not None
    contingency.sightings.append(Sighting(seat=seat, token=token, holder=holder, step=turn.seq))
    effect = _effect(turn.rules, token)
    if turn.state.mode is Mode.COOP:
        # Fully co-operative: what one looks at, everyone sees.
        if token not in contingency.public:
            contingency.public.append(token)
        turn.announce("announce.contingency.revealed", contingency=effect)
        return
    if holder is None:
        turn.log_for_seat(seat, "log.contingency.seen_in_pool", contingency=effect)
    else:
        turn.log_for_seat(seat, "log.contingency.seen_held", contingency=effect,
                          other_character=turn.state.member(holder).character)

