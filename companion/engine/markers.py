"""Fire and Malfunction markers: a limited pool; one too many destroys the Facility."""
from __future__ import annotations

from dataclasses import dataclass

from .context import Turn
from .ending import destroy_facility
from .vocab import DestructionCause


@dataclass(frozen=True)
class _Marker:
    count_field: str
    pool_field: str
    cause: DestructionCause
    placed_key: str
    removed_key: str
    none_left_key: str


_FIRE = _Marker("fire", "fire_pool", DestructionCause.FIRE,
                "log.fire_placed", "log.fire_removed", "error.no_fire_to_remove")
_MALFUNCTION = _Marker("malfunction", "malfunction_pool", DestructionCause.MALFUNCTION,
                       "log.malfunction_placed", "log.malfunction_removed", "error.no_malfunction_to_remove")


def _place(turn: Turn, marker: _Marker) -> None:
    turn.require_running()
    state = turn.state
    count, pool = getattr(state, marker.count_field), getattr(state, marker.pool_field)
    if count >= pool:
        destroy_facility(turn, marker.cause)
        return
    setattr(state, marker.count_field, count + 1)
    turn.log(marker.placed_key, count=count + 1, pool=pool)


def _remove(turn: Turn, marker: _Marker) -> None:
    turn.require_running()
    state = turn.state
    count = getattr(state, marker.count_field)
    turn.require(count > 0, marker.none_left_key)
    setattr(state, marker.count_field, count - 1)
    turn.log(marker.removed_key, count=count - 1, pool=getattr(state, marker.pool_field))


def place_fire(turn: Turn, command: object) -> None:
    _place(turn, _FIRE)


def remove_fire(turn: Turn, command: object) -> None:
    _remove(turn, _FIRE)


def place_malfunction(turn: Turn, command: object) -> None:
    _place(turn, _MALFUNCTION)


def remove_malfunction(turn: Turn, command: object) -> None:
    _remove(turn, _MALFUNCTION)
