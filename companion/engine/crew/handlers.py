"""The crew: where each Character is, what it knows, and how it leaves."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..commands import (
    ActivateKnowledgeToken,
    ChangeKnowledge,
    CssLaunch,
    EnterPod,
    EscapeToBunker,
    LockIn,
    OpenMainGate,
    RecordDeath,
    RecordFirstEncounter,
    SendSignal,
    SetKnowledge,
)
from .members import (  # noqa: F401 - the crew's lookups and death path, used as crew.<name>
    FIRST_ENCOUNTER_ANNOUNCEMENTS,
    active_member,
    check_record_death,
    check_record_first_encounter,
    is_last_in_facility,
    left_the_game,
    living_member,
    member_at,
    record_death,
    record_first_encounter,
)
from .body import suffer_wound
from ..context import Turn
from ..errors import IllegalCommand
from ..guards import require, require_running
from ..registry import always, handles, per_seat
from ..state import CrewMember, GameState
from ..track.timetrack import is_on_css_space, open_main_gate
from ...vocab import CssFace, Mode, Pod, Whereabouts

if TYPE_CHECKING:
    from companion.rules import Rules


# --------------------------------------------------------------------- leaving the Facility
def check_lock_in(state: GameState, command: LockIn, rules: "Rules") -> None:
    require_running(state)
    active_member(state, command.seat)
    require(state.isolation_open, "error.isolation_closed")


@handles(LockIn, check=check_lock_in, offers=per_seat(lambda seat: LockIn(seat=seat)), confirm="lock_in")
def lock_in(turn: Turn, command: LockIn) -> None:
    member = turn.state.member(command.seat)
    member.whereabouts = Whereabouts.ISOLATION
    turn.log("log.locked_in", seat=member.seat, character=member.character)
    left_the_game(turn)


def check_escape_to_bunker(state: GameState, command: EscapeToBunker, rules: "Rules") -> None:
    require_running(state)
    active_member(state, command.seat)
    require(state.main_gate_open, "error.main_gate_closed")
    require(not any(m.whereabouts is Whereabouts.BUNKER for m in state.crew), "error.bunker_full")


@handles(EscapeToBunker, check=check_escape_to_bunker, offers=per_seat(lambda seat: EscapeToBunker(seat=seat)))
def escape_to_bunker(turn: Turn, command: EscapeToBunker) -> None:
    member = turn.state.member(command.seat)
    member.whereabouts = Whereabouts.BUNKER
    turn.log("log.bunker", seat=member.seat, character=member.character)
    left_the_game(turn)


def check_enter_pod(state: GameState, command: EnterPod, rules: "Rules") -> None:
    require_running(state)
    active_member(state, command.seat)
    require(is_on_css_space(state, rules), "error.no_css_token_under_time")
    # The CSS token under Time was already revealed: this slot's launch is over.
    require(state.css_launched_at != state.time, "error.css_already_launched")
    occupied = any(m.whereabouts is Whereabouts.POD and m.pod is command.pod for m in state.crew)
    require(not occupied, "error.pod_taken", pod=command.pod.value)


def offer_pods(state: GameState, rules: "Rules") -> list[EnterPod]:
    """Each Character, each pod: the table picks a free one."""
    return [EnterPod(seat=member.seat, pod=pod) for member in state.crew for pod in Pod]


@handles(EnterPod, check=check_enter_pod, offers=offer_pods)
def enter_pod(turn: Turn, command: EnterPod) -> None:
    member = turn.state.member(command.seat)
    member.whereabouts = Whereabouts.POD
    member.pod = command.pod
    turn.log("log.entered_pod", seat=member.seat, character=member.character, pod=command.pod.value)
    left_the_game(turn)


def check_css_launch(state: GameState, command: object, rules: "Rules") -> None:
    require_running(state)
    require(is_on_css_space(state, rules), "error.no_css_token_under_time")
    require(state.css_launched_at != state.time, "error.css_already_launched")


@handles(CssLaunch, check=check_css_launch, offers=always(*(CssLaunch(face=face) for face in CssFace)),
         confirm="css_launch")
def css_launch(turn: Turn, command: CssLaunch) -> None:
    """Event step 4: the table reveals the CSS token under the Time token."""
    state = turn.state
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
            _suffer_serious_wound(turn, member)
    left_the_game(turn)


def _suffer_serious_wound(turn: Turn, member: CrewMember) -> None:
    """A pod that did not launch returns its Character with 1 Serious Wound (the line above says so)."""
    suffer_wound(turn, member, serious=True, quiet=True)


# --------------------------------------------------------------------- knowledge and signals
def check_set_knowledge(state: GameState, command: SetKnowledge, rules: "Rules") -> None:
    require_running(state)
    living_member(state, command.seat)
    maximum = rules.knowledge.maximum
    require(0 <= command.value <= maximum, "error.knowledge_range", maximum=maximum)


@handles(SetKnowledge, check=check_set_knowledge)
def set_knowledge(turn: Turn, command: SetKnowledge) -> None:
    _knowledge_to(turn, turn.state.member(command.seat), command.value)


def check_change_knowledge(state: GameState, command: ChangeKnowledge, rules: "Rules") -> None:
    require_running(state)
    member = living_member(state, command.seat)
    maximum = rules.knowledge.maximum
    require(0 <= member.knowledge + command.by <= maximum, "error.knowledge_range", maximum=maximum)


def offer_knowledge_steps(state: GameState, rules: "Rules") -> list[ChangeKnowledge]:
    return [ChangeKnowledge(seat=member.seat, by=by) for member in state.crew for by in (-1, 1)]


@handles(ChangeKnowledge, check=check_change_knowledge, offers=offer_knowledge_steps)
def change_knowledge(turn: Turn, command: ChangeKnowledge) -> None:
    member = turn.state.member(command.seat)
    _knowledge_to(turn, member, member.knowledge + command.by)


def _knowledge_to(turn: Turn, member: CrewMember, value: int) -> None:
    before = member.knowledge
    member.knowledge = value
    turn.log("log.knowledge", seat=member.seat, character=member.character, value=value)
    for level in turn.rules.knowledge.weakness_levels:
        if before < level <= value:
            turn.announce("announce.weakness_unlocked", character=member.character, level=level)


def check_activate_knowledge_token(state: GameState, command: ActivateKnowledgeToken, rules: "Rules") -> None:
    require_running(state)
    member = living_member(state, command.seat)
    require(not member.knowledge_token_active, "error.knowledge_token_active")


@handles(ActivateKnowledgeToken, check=check_activate_knowledge_token,
         offers=per_seat(lambda seat: ActivateKnowledgeToken(seat=seat)))
def activate_knowledge_token(turn: Turn, command: ActivateKnowledgeToken) -> None:
    member = turn.state.member(command.seat)
    member.knowledge_token_active = True
    turn.log("log.knowledge_token", seat=member.seat, character=member.character)


def check_send_signal(state: GameState, command: SendSignal, rules: "Rules") -> None:
    require_running(state)
    member = living_member(state, command.seat)
    require(not member.signal_sent, "error.signal_already_sent")


@handles(SendSignal, check=check_send_signal, offers=per_seat(lambda seat: SendSignal(seat=seat)))
def send_signal(turn: Turn, command: SendSignal) -> None:
    member = turn.state.member(command.seat)
    member.signal_sent = True
    turn.log("log.signal", seat=member.seat, character=member.character)


def check_open_main_gate(state: GameState, command: object, rules: "Rules") -> None:
    require_running(state)
    require(not state.main_gate_open, "error.main_gate_already_open")


@handles(OpenMainGate, check=check_open_main_gate, offers=always(OpenMainGate()), confirm="open_main_gate")
def open_main_gate_command(turn: Turn, command: object) -> None:
    open_main_gate(turn)
