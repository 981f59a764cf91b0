"""Event Phase step 5 and the tokens that ride the Time track."""
from __future__ import annotations

from .context import Turn
from .ending import destroy_facility, end_game
from .power import apply_threshold
from .state import SelfDestructToken
from .vocab import S_SLOT, DestructionCause, EndReason


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


def is_on_css_space(turn: Turn) -> bool:
    return turn.rules.slot(turn.state.time).css_space


def advance_time(turn: Turn, command: object) -> None:
    turn.require_running()
    state = turn.state
    waiting = [m for m in state.crew if m.is_waiting_in_pod]
    turn.require(
        not waiting or state.css_launched_at == state.time,
        "error.css_launch_first",
    )
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

    if slot.threshold == "blue" or (slot.threshold == "red" and not state.time_active):
        apply_threshold(turn, slot.threshold)
    elif slot.threshold == "red":
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


def start_self_destruct(turn: Turn, command: object) -> None:
    turn.require_running()
    state = turn.state
    turn.require(state.self_destruct is None, "error.self_destruct_already_active")
    turn.require(state.time != S_SLOT, "error.game_over")
    slot = _ahead(state.time, turn.rules.time_track.self_destruct_lead)
    state.self_destruct = SelfDestructToken(slot=slot, red=False)
    turn.announce("announce.self_destruct_started", slot=slot)


def stop_self_destruct(turn: Turn, command: object) -> None:
    turn.require_running()
    token = turn.state.self_destruct
    turn.require(token is not None, "error.self_destruct_not_active")
    turn.require(token.can_be_stopped, "error.self_destruct_red")
    turn.state.self_destruct = None
    turn.announce("announce.self_destruct_stopped")


def trigger_alert(turn: Turn, command: object) -> None:
    turn.require_running()
    state = turn.state
    turn.require(state.alert_slot is None, "error.alert_already_active")
    state.alert_slot = state.time // turn.rules.time_track.alert_divisor
    turn.announce("announce.alert_started", slot=state.alert_slot)
    open_isolation_room(turn)
