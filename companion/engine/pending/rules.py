"""Open, resolve and close the game's pending items (model.py).

A pending attack is opened by the step whose result owes it (an encounter's Surprise
Attack, Evolve's Breeder) and consumed by the one `resolve_attack` that resolves it: a
second resolution is refused, undo brings the item back with the state. An item the
table left open closes, told to everyone, once its moment has passed (the bag is drawn
from again, the Event Phase starts or moves on, the Victory Check starts) or once it can
no longer be resolved (its Character left the Facility, the game ended): a Surprise
Attack happens at once (p.18), so it is never carried into a later moment.
"""
from __future__ import annotations

from ..bag.model import Place
from ..commands import (
    ContinueEventPhase,
    DevelopBag,
    EventDevelopBag,
    GameCommand,
    ResolveAttack,
    ResolveEncounter,
    StartEventPhase,
    StartVictoryCheck,
)
from ..context import Turn
from ..errors import require
from ..state import GameState
from ...vocab import IntruderKind
from .model import PendingAttack, PendingKind

# Commands after which an attack left open can no longer happen when it should have.
MOMENT_PASSED: frozenset[type] = frozenset({
    ResolveEncounter, DevelopBag, EventDevelopBag, StartEventPhase, ContinueEventPhase, StartVictoryCheck,
})


def open_attack(turn: Turn, kind: PendingKind, attacker: IntruderKind | str, seat: int | None = None,
                place: Place | None = None) -> PendingAttack:
    """The attack the current step owes, with the step as its id."""
    assert all(item.id != turn.seq for item in turn.state.pending), "a step opens one pending item at most"
    item = PendingAttack(id=turn.seq, kind=kind, attacker=IntruderKind(attacker), seat=seat, place=place)
    turn.state.pending.append(item)
    return item


def find(state: GameState, item_id: int) -> PendingAttack | None:
    return next((item for item in state.pending if item.id == item_id), None)


def _matches(item: PendingAttack, command: ResolveAttack) -> bool:
    if item.attacker != command.attacker:
        return False
    if item.kind is PendingKind.SURPRISE_ATTACK:
        return item.seat == command.seat
    return True  # the Breeder attacks whom the table says


def resolved_by(state: GameState, command: ResolveAttack) -> PendingAttack | None:
    """The pending attack `command` resolves: the one it names (refused when that one is no
    longer open, or is another attack), else an open one it is plainly the same as (an
    attack entered by hand on the attack screen)."""
    if command.resolves is not None:
        item = find(state, command.resolves)
        require(item is not None, "error.pending.gone")
        require(_matches(item, command), "error.pending.other_attack")  # type: ignore[arg-type]
        return item
    by_hand = [item for item in state.pending if _matches(item, command)
               and (item.kind is not PendingKind.SURPRISE_ATTACK or command.target == "surprise")]
    return by_hand[0] if by_hand else None


def consume(turn: Turn, item: PendingAttack) -> None:
    turn.state.pending.remove(item)
    _close_on_the_draw(turn, item, "resolved")


def _close_on_the_draw(turn: Turn, item: PendingAttack, how: str) -> None:
    """The bag's last draw says its Surprise Attack is past, so no screen offers it again."""
    draw = turn.state.bag.last_draw
    if item.kind is PendingKind.SURPRISE_ATTACK and draw is not None and draw.surprise_attack:
        draw.surprise_closed = how  # type: ignore[assignment]


def _still_resolvable(state: GameState, item: PendingAttack) -> bool:
    if state.is_over:
        return False
    if item.seat is None:
        return state.anyone_in_facility()
    return state.member(item.seat).is_in_facility


def settle(turn: Turn, command: GameCommand) -> None:
    """After every command: close, told aloud, each item left open whose moment this
    command passed or that can no longer be resolved (the one it opened stays)."""
    state = turn.state
    for item in list(state.pending):
        passed = type(command) in MOMENT_PASSED and item.id != turn.seq
        if not passed and _still_resolvable(state, item):
            continue
        state.pending.remove(item)
        _close_on_the_draw(turn, item, "lapsed")
        params = {"kind": item.attacker.value}
        if item.seat is not None:
            member = state.member(item.seat)
            params.update(seat=member.seat, character=member.character)
        turn.announce(f"announce.pending.lapsed.{item.kind.value}", **params)
