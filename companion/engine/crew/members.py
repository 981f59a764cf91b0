"""Who a seat's Character is, and the tracker's one death path: the lookups every crew
check starts with, recording a death, and the first encounter. Kept apart from the crew's
other commands so the body (wounds that kill) can reach the death path without a circle."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..commands import RecordDeath, RecordFirstEncounter, ReviveCharacter
from ..context import Turn
from ..track.ending import end_if_nobody_left
from ..errors import IllegalCommand
from ..guards import require, require_running
from ..registry import always, handles, per_seat
from ..state import CrewMember, GameState
from ..track.timetrack import open_main_gate
from ..track.first_player import after_leaving
from ...vocab import Mode, Whereabouts

if TYPE_CHECKING:
    from companion.rules import Rules


# --------------------------------------------------------------------- who (checks)
def member_at(state: GameState, seat: int) -> CrewMember:
    """The Character at `seat`; refused when nobody sits there."""
    try:
        return state.member(seat)
    except KeyError:
        raise IllegalCommand("error.unknown_seat", seat=seat) from None


def living_member(state: GameState, seat: int) -> CrewMember:
    member = member_at(state, seat)
    require(member.whereabouts is not Whereabouts.DEAD, "error.character_dead", seat=seat,
            character=member.character)
    return member


def active_member(state: GameState, seat: int) -> CrewMember:
    """The Character at `seat`; refused unless it is still in the Facility."""
    member = member_at(state, seat)
    require(member.is_in_facility, "error.not_in_facility", seat=seat, character=member.character)
    return member


def is_last_in_facility(state: GameState, seat: int) -> bool:
    """Whether `seat`'s Character is the only one left in the Facility (its death or
    departure ends the game)."""
    others_inside = any(member.is_in_facility for member in state.crew if member.seat != seat)
    return state.member(seat).is_in_facility and not others_inside


# --------------------------------------------------------------------- deaths and the first encounter
def check_record_death(state: GameState, command: RecordDeath, rules: "Rules") -> None:
    require_running(state)
    member = member_at(state, command.seat)
    require(
        member.whereabouts in (Whereabouts.FACILITY, Whereabouts.ISOLATION),
        "error.cannot_die_there",
        seat=member.seat,
        character=member.character,
    )


@handles(RecordDeath, check=check_record_death, offers=per_seat(lambda seat: RecordDeath(seat=seat)), confirm="death")
def record_death(turn: Turn, command: RecordDeath) -> None:
    member = turn.state.member(command.seat)
    member.whereabouts = Whereabouts.DEAD
    member.died_in_round = turn.state.round
    turn.log("log.death", seat=member.seat, character=member.character)
    # Its Contingency tokens go back to the Neutral Pool.
    if turn.state.contingency is not None and (returned := turn.state.contingency.return_to_pool(member.seat)):
        turn.log("log.contingency.returned", character=member.character, count=returned)
    if not turn.state.first_death_done:
        turn.state.first_death_done = True
        turn.announce("announce.first_death", seat=member.seat, character=member.character)
        open_main_gate(turn)
    left_the_game(turn)


def check_revive_character(state: GameState, command: ReviveCharacter, rules: "Rules") -> None:
    """Only in the fully co-operative mode, for a dead Character, at the start of a round
    after the one it died in (the table says its Corpse reached a working Emergency Room)."""
    require_running(state)
    require(state.mode is Mode.COOP, "error.revive_coop_only")
    member = member_at(state, command.seat)
    require(member.whereabouts is Whereabouts.DEAD, "error.revive_not_dead", seat=member.seat,
            character=member.character)
    require(state.event_phase is None, "error.revive_at_round_start")
    died = member.died_in_round
    require(died is None or died < state.round, "error.revive_next_round", seat=member.seat,
            character=member.character)


@handles(ReviveCharacter, check=check_revive_character, offers=per_seat(lambda seat: ReviveCharacter(seat=seat)),
         confirm="revive")
def revive_character(turn: Turn, command: ReviveCharacter) -> None:
    """Back in the Emergency Room (p.30): Light Wounds discarded, Serious Wounds healed.
    The Larva, the Slime marker and the Contamination cards it kept stay with it (the
    rulebook names only the wounds)."""
    member = turn.state.member(command.seat)
    member.whereabouts = Whereabouts.FACILITY
    member.died_in_round = None
    body = member.body
    body.light_wounds = body.serious_wounds = body.dressed_wounds = 0
    turn.announce("announce.revived", seat=member.seat, character=member.character)


def left_the_game(turn: Turn) -> None:
    """A Character died or left the Facility: the game may end, and the First Player token
    may move on."""
    end_if_nobody_left(turn)
    after_leaving(turn)


def check_record_first_encounter(state: GameState, command: object, rules: "Rules") -> None:
    require_running(state)
    require(not state.first_encounter_done, "error.first_encounter_done")


# Solo keeps one of two Solo/Coop Objectives; in Fully Co-operative play they are public.
FIRST_ENCOUNTER_ANNOUNCEMENTS = {Mode.SOLO: "announce.first_encounter_solo",
                                 Mode.COOP: "announce.first_encounter_coop"}


# Its question names what the mode's Objectives do at the first encounter.
FIRST_ENCOUNTER_QUESTIONS = {Mode.SOLO: "first_encounter_solo", Mode.COOP: "first_encounter_coop"}


@handles(RecordFirstEncounter, check=check_record_first_encounter, offers=always(RecordFirstEncounter()),
         confirm=lambda state: FIRST_ENCOUNTER_QUESTIONS.get(state.mode, "first_encounter"))
def record_first_encounter(turn: Turn, command: object) -> None:
    turn.state.first_encounter_done = True
    turn.announce(FIRST_ENCOUNTER_ANNOUNCEMENTS.get(turn.state.mode, "announce.first_encounter"))
