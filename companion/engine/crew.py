"""The crew: where each Character is, what it knows, and how it leaves."""
from __future__ import annotations

from .commands import (
    ActivateKnowledgeToken,
    CssLaunch,
    EnterPod,
    EscapeToBunker,
    LockIn,
    RecordDeath,
    SendSignal,
    SetKnowledge,
)
from .context import Turn
from .ending import end_if_nobody_left
from .state import CrewMember
from .timetrack import is_on_css_space, open_main_gate
from .vocab import CssFace, Whereabouts


def _member(turn: Turn, seat: int) -> CrewMember:
    try:
        return turn.state.member(seat)
    except KeyError:
        raise turn.refuse("error.unknown_seat", seat=seat) from None


def _living_member(turn: Turn, seat: int) -> CrewMember:
    member = _member(turn, seat)
    turn.require(member.whereabouts is not Whereabouts.DEAD, "error.character_dead", seat=seat, character=member.character)
    return member


def active_member(turn: Turn, seat: int) -> CrewMember:
    """The Character at `seat`; refused unless it is still in the Facility."""
    member = _member(turn, seat)
    turn.require(member.is_in_facility, "error.not_in_facility", seat=seat, character=member.character)
    return member


def record_death(turn: Turn, command: RecordDeath) -> None:
    turn.require_running()
    member = _member(turn, command.seat)
    turn.require(
        member.whereabouts in (Whereabouts.FACILITY, Whereabouts.ISOLATION),
        "error.cannot_die_there",
        seat=member.seat,
        character=member.character,
    )
    member.whereabouts = Whereabouts.DEAD
    turn.log("log.death", seat=member.seat, character=member.character)
    if not turn.state.first_death_done:
        turn.state.first_death_done = True
        turn.announce("announce.first_death", seat=member.seat, character=member.character)
        open_main_gate(turn)
    end_if_nobody_left(turn)


def record_first_encounter(turn: Turn, command: object) -> None:
    turn.require_running()
    turn.require(not turn.state.first_encounter_done, "error.first_encounter_done")
    turn.state.first_encounter_done = True
    turn.announce("announce.first_encounter")


def lock_in(turn: Turn, command: LockIn) -> None:
    turn.require_running()
    member = active_member(turn, command.seat)
    turn.require(turn.state.isolation_open, "error.isolation_closed")
    member.whereabouts = Whereabouts.ISOLATION
    turn.log("log.locked_in", seat=member.seat, character=member.character)
    end_if_nobody_left(turn)


def escape_to_bunker(turn: Turn, command: EscapeToBunker) -> None:
    turn.require_running()
    member = active_member(turn, command.seat)
    turn.require(turn.state.main_gate_open, "error.main_gate_closed")
    turn.require(
        not any(m.whereabouts is Whereabouts.BUNKER for m in turn.state.crew), "error.bunker_full"
    )
    member.whereabouts = Whereabouts.BUNKER
    turn.log("log.bunker", seat=member.seat, character=member.character)
    end_if_nobody_left(turn)


def enter_pod(turn: Turn, command: EnterPod) -> None:
    turn.require_running()
    member = active_member(turn, command.seat)
    turn.require(is_on_css_space(turn), "error.no_css_token_under_time")
    # The CSS token under Time was already revealed: this slot's launch is over.
    turn.require(turn.state.css_launched_at != turn.state.time, "error.css_already_launched")
    occupied = any(m.whereabouts is Whereabouts.POD and m.pod is command.pod for m in turn.state.crew)
    turn.require(not occupied, "error.pod_taken", pod=command.pod.value)
    member.whereabouts = Whereabouts.POD
    member.pod = command.pod
    turn.log("log.entered_pod", seat=member.seat, character=member.character, pod=command.pod.value)
    end_if_nobody_left(turn)


def css_launch(turn: Turn, command: CssLaunch) -> None:
    """Event step 4: the table reveals the CSS token under the Time token."""
    turn.require_running()
    state = turn.state
    turn.require(is_on_css_space(turn), "error.no_css_token_under_time")
    turn.require(state.css_launched_at != state.time, "error.css_already_launched")
    state.css_launched_at = state.time
    turn.log(f"log.css_face.{command.face.value.lower()}")
    for member in state.crew:
        # Pods launched at an earlier slot are gone; only those waiting now are resolved.
        if not member.is_waiting_in_pod or member.pod is None:
            continue
        escapes = command.face is CssFace.ALL or command.face.value == member.pod.value
        if escapes:
            member.launched = True
            turn.announce("announce.pod_escaped", seat=member.seat, character=member.character, pod=member.pod.value)
        else:
            member.whereabouts = Whereabouts.FACILITY
            pod = member.pod.value
            member.pod = None
            turn.announce("announce.pod_returned", seat=member.seat, character=member.character, pod=pod)
    end_if_nobody_left(turn)


def set_knowledge(turn: Turn, command: SetKnowledge) -> None:
    turn.require_running()
    member = _living_member(turn, command.seat)
    maximum = turn.rules.knowledge.maximum
    turn.require(0 <= command.value <= maximum, "error.knowledge_range", maximum=maximum)
    before = member.knowledge
    member.knowledge = command.value
    turn.log("log.knowledge", seat=member.seat, character=member.character, value=command.value)
    for level in turn.rules.knowledge.weakness_levels:
        if before < level <= command.value:
            turn.announce("announce.weakness_unlocked", character=member.character, level=level)


def activate_knowledge_token(turn: Turn, command: ActivateKnowledgeToken) -> None:
    turn.require_running()
    member = _living_member(turn, command.seat)
    turn.require(not member.knowledge_token_active, "error.knowledge_token_active")
    member.knowledge_token_active = True
    turn.log("log.knowledge_token", seat=member.seat, character=member.character)


def send_signal(turn: Turn, command: SendSignal) -> None:
    turn.require_running()
    member = _living_member(turn, command.seat)
    turn.require(not member.signal_sent, "error.signal_already_sent")
    member.signal_sent = True
    turn.log("log.signal", seat=member.seat, character=member.character)


def open_main_gate_command(turn: Turn, command: object) -> None:
    turn.require_running()
    turn.require(not turn.state.main_gate_open, "error.main_gate_already_open")
    open_main_gate(turn)
