"""Fire and Malfunction markers: a limited pool; one too many destroys the Facility."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..commands import PlaceFire, PlaceMalfunction, RemoveFire, RemoveMalfunction
from ..context import Turn
from .ending import destroy_facility
from ..guards import check_running, require, require_running
from ..registry import always, handles
from ..state import GameState
from ...vocab import DestructionCause

if TYPE_CHECKING:
    from companion.rules import Rules


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
    state = turn.state
    count, pool = getattr(state, marker.count_field), getattr(state, marker.pool_field)
    if count >= pool:
        destroy_facility(turn, marker.cause)
        return
    setattr(state, marker.count_field, count + 1)
    turn.log(marker.placed_key, count=count + 1, pool=pool)


def _check_remove(state: GameState, marker: _Marker) -> None:
    require_running(state)
    require(getattr(state, marker.count_field) > 0, marker.none_left_key)


def _remove(turn: Turn, marker: _Marker) -> None:
    state = turn.state
    count = getattr(state, marker.count_field) - 1
    setattr(state, marker.count_field, count)
    turn.log(marker.removed_key, count=count, pool=getattr(state, marker.pool_field))


@handles(PlaceFire, check=check_running, offers=always(PlaceFire()))
def place_fire(turn: Turn, command: object) -> None:
    _place(turn, _FIRE)


def check_remove_fire(state: GameState, command: object, rules: "Rules") -> None:
    _check_remove(state, _FIRE)


@handles(RemoveFire, check=check_remove_fire, offers=always(RemoveFire()))
def remove_fire(turn: Turn, command: object) -> None:
    _remove(turn, _FIRE)


@handles(PlaceMalfunction, check=check_running, offers=always(PlaceMalfunction()))
def place_malfunction(turn: Turn, command: object) -> None:
    _place(turn, _MALFUNCTION)


def check_remove_malfunction(state: GameState, command: object, rules: "Rules") -> None:
    _check_remove(state, _MALFUNCTION)


@handles(RemoveMalfunction, check=check_remove_malfunction, offers=always(RemoveMalfunction()))
def remove_malfunction(turn: Turn, command: object) -> None:
    _remove(turn, _MALFUNCTION)
