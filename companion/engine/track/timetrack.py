"""Event Phase step 5 and the tokens that ride the Time track."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..commands import AdvanceTime, StartSelfDestruct, StopSelfDestruct, TriggerAlert
from ..context import Turn
from .ending import destroy_facility, end_game
from .first_player import pass_first_player
from ..guards import require, require_running
from .power import apply_threshold
from ..registry import always, handles
from ..state import GameState, SelfDestructToken
from ...vocab import S_SLOT, DestructionCause, EndReason

if TYPE_CHECKING:
    from companion.rules import Rules


def _ahead(slot: int, steps: int) -> int:
    """The slot `steps` to the right of `slot`, clamped at S."""
    return max(S_SLOT, slot - steps)


def open_isolation_room(turn: Turn) -> None:
    if not turn.state.isolation_open:
        turn.state.isolation_open = True
        turn.announce("announce.isolation_open")


def open_main_gate(turn: Turn) -> None:
    if not turn.state.main_gate_open:
        turn.state.main_gate_open = True
        turn.announce("announce.main_gate_open")


def threshold_fires(colour: str, time_active: bool) -> bool:
    """A blue threshold always flips a Power token; a red one only while the Time token
    is inactive (backup power off)."""
    return colour == "blue" or not time_active


def is_on_css_space(state: GameState, rules: "Rules") -> bool:
    return rules.slot(state.time).css_space


def check_advance_time(state: GameState, command: object, rules: "Rules") -> None:
    require_running(state)
    waiting = any(m.is_waiting_in_pod for m in state.crew)
    require(not waiting or state.css_launched_at == state.time, "error.css_launch_first")


@handles(AdvanceTime, check=check_advance_time, refused_during_event_phase=True, offers=always(AdvanceTime()),
         confirm="advance_time")
def advance_time_command(turn: Turn, command: object) -> None:
    """Time moved by the tracker outside the runner: a new round, so the First Player
    token passes too (the runner passes it when the round's Event Phase ends)."""
    advance_time(turn, command)
    pass_first_player(turn)


def advance_time(turn: Turn, command: object) -> None:
    """Step 5: the Time token moves one slot, resolving what it passes."""
    state = turn.state
    # Tokens on the slot being left act before the Time token moves.
    token = state.self_destruct
    if token is not None and token.slot == state.time:
        if token.red:
            destroy_facility(turn, DestructionCause.SELF_DESTRUCT)
            return
        token.slot = _ahead(token.slot, turn.rules.time_track.self_destruct_red_move)
        token.red = True
        turn.announce("announce.self_destruct_red", slot=token.slot)
        open_main_gate(turn)
    if state.alert_slot is not None and state.alert_slot == state.time:
        end_game(turn, EndReason.ALERT_PROCEDURE)
        return

    state.time -= 1
    state.round += 1
    slot = turn.rules.slot(state.time)
    turn.log("log.time_advanced", slot=state.time)

    if slot.threshold is not None and threshold_fires(slot.threshold, state.time_active):
        apply_threshold(turn, slot.threshold)
    elif slot.threshold is not None:
        turn.log("log.red_threshold_ignored", slot=state.time)
    if state.time == turn.rules.time_track.isolation_opens_at:
        open_isolation_room(turn)
    if slot.css_space:
        turn.log("log.css_space_reached", slot=state.time)
    if state.time == S_SLOT:
        sd = state.self_destruct
        if sd is not None and sd.red and sd.slot == S_SLOT:
            destroy_facility(turn, DestructionCause.SELF_DESTRUCT)
        else:
            end_game(turn, EndReason.TIME_RAN_OUT)


def check_start_self_destruct(state: GameState, command: object, rules: "Rules") -> None:
    require_running(state)
    require(state.self_destruct is None, "error.self_destruct_already_active")
    require(state.time != S_SLOT, "error.game_over")


@handles(StartSelfDestruct, check=check_start_self_destruct, offers=always(StartSelfDestruct()),
         confirm="start_self_destruct")
def start_self_destruct(turn: Turn, command: object) -> None:
    state = turn.state
    slot = _ahead(state.time, turn.rules.time_track.self_destruct_lead)
    state.self_destruct = SelfDestructToken(slot=slot, red=False)
    turn.announce("announce.self_destruct_started", slot=slot)


def check_stop_self_destruct(state: GameState, command: object, rules: "Rules") -> None:
    require_running(state)
    token = state.self_destruct
    require(token is not None, "error.self_destruct_not_active")
    require(token.can_be_stopped, "error.self_destruct_red")  # type: ignore[union-attr]


@handles(StopSelfDestruct, check=check_stop_self_destruct, offers=always(StopSelfDestruct()))
def stop_self_destruct(turn: Turn, command: object) -> None:
    turn.state.self_destruct = None
    turn.announce("announce.self_destruct_stopped")


def check_trigger_alert(state: GameState, command: object, rules: "Rules") -> None:
    require_running(state)
    require(state.alert_slot is None, "error.alert_already_active")


@handles(TriggerAlert, check=check_trigger_alert, offers=always(TriggerAlert()), confirm="trigger_alert")
def trigger_alert(turn: Turn, command: object) -> None:
    state = turn.state
    state.alert_slot = state.time // turn.rules.time_track.alert_divisor
    turn.announce("announce.alert_started", slot=state.alert_slot)
    open_isolation_room(turn)
