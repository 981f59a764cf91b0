"""Fire and Malfunction markers: a limited pool; one too many destroys the Facility."""
from __future__ import annotations

from .context import Turn
from .ending import destroy_facility
from .vocab import DestructionCause


def place_fire(turn: Turn, command: object) -> None:
    turn.require_running()
    state = turn.state
    if state.fire >= state.fire_pool:
        destroy_facility(turn, DestructionCause.FIRE)
        return
    state.fire += 1
    turn.log("log.fire_placed", count=state.fire, pool=state.fire_pool)


def remove_fire(turn: Turn, command: object) -> None:
    turn.require_running()
    turn.require(turn.state.fire > 0, "error.no_fire_to_remove")
    turn.state.fire -= 1
    turn.log("log.fire_removed", count=turn.state.fire, pool=turn.state.fire_pool)


def place_malfunction(turn: Turn, command: object) -> None:
    turn.require_running()
    state = turn.state
    if state.malfunction >= state.malfunction_pool:
        destroy_facility(turn, DestructionCause.MALFUNCTION)
        return
    state.malfunction += 1
    turn.log("log.malfunction_placed", count=state.malfunction, pool=state.malfunction_pool)


def remove_malfunction(turn: Turn, command: object) -> None:
    turn.require_running()
    turn.require(turn.state.malfunction > 0, "error.no_malfunction_to_remove")
    turn.state.malfunction -= 1
    turn.log(
        "log.malfunction_removed", count=turn.state.malfunction, pool=turn.state.malfunction_pool
    )
