"""The Character board: Light and Serious Wounds, the Slime marker and the Larva, and
dying of them (p.19, p.22, p.23).

Light Wounds are suffered one at a time: the marker moves down the three-step track and
on the third step it leaves the track as a Serious Wound. A Character with three
Serious Wounds (dressed ones count) dies of any further wound; the wound that makes the
third does not kill. A death goes down the tracker's one death path (crew.record_death):
the first death opens the Main Gate, and the last Character in the Facility ends the game.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from . import members as crew
from .body_model import Wound, add_wound
from ..commands import RecordDeath, SetLarva, SetSlime, SufferWound, TreatWounds
from ..context import Turn
from ..guards import require, require_running
from ..registry import handles
from ..state import CrewMember, GameState

if TYPE_CHECKING:
    from companion.rules import Rules


def _who(member: CrewMember) -> dict:
    return {"seat": member.seat, "character": member.character}


# --------------------------------------------------------------------- shared steps (other handlers use these)
def die(turn: Turn, member: CrewMember, key: str) -> None:
    """`member` dies (announced with `key`), down the tracker's death path."""
    turn.announce(key, **_who(member))
    crew.record_death(turn, RecordDeath(seat=member.seat))


def suffer_wound(turn: Turn, member: CrewMember, *, serious: bool, quiet: bool = False) -> bool:
    """One wound, resolved at once; True when it killed the Character. `quiet`: the
    caller's line already tells the table about the wound (a death is told anyway)."""
    body = member.body
    wound = add_wound(body, serious=serious)
    if wound is Wound.KILLS:
        die(turn, member, "announce.body.died_of_wounds")
        return True
    if quiet:
        return False
    if wound is Wound.SERIOUS:
        turn.log("log.body.serious_wound", **_who(member), total=body.serious_wounds)
    elif wound is Wound.LIGHT:
        turn.log("log.body.light_wound", **_who(member), step=body.light_wounds)
    else:
        turn.log("log.body.light_became_serious", **_who(member), total=body.serious_wounds)
    return False


def place_larva(member: CrewMember) -> bool:
    """A Larva onto the Character board unless one is there; True when placed."""
    if member.body.larva:
        return False
    member.body.larva = True
    return True


def remove_larva(turn: Turn, member: CrewMember) -> bool:
    if not member.body.larva:
        return False
    member.body.larva = False
    turn.log("log.body.larva_removed", **_who(member))
    return True


def remove_slime(turn: Turn, member: CrewMember) -> bool:
    if not member.body.slime:
        return False
    member.body.slime = False
    turn.log("log.body.slime_removed", **_who(member))
    return True


# --------------------------------------------------------------------- wounds
def check_suffer_wound(state: GameState, command: SufferWound, rules: "Rules") -> None:
    require_running(state)
    crew.active_member(state, command.seat)


def offer_wounds(state: GameState, rules: "Rules") -> list[SufferWound]:
    return [SufferWound(seat=member.seat, serious=serious) for member in state.crew for serious in (False, True)]


@handles(SufferWound, check=check_suffer_wound, offers=offer_wounds)
def suffer_wounds(turn: Turn, command: SufferWound) -> None:
    member = turn.state.member(command.seat)
    for _ in range(command.count):
        if suffer_wound(turn, member, serious=command.serious):
            return


# What each treatment needs: a Serious Wound to dress, a dressed one to heal, a Light Wound.
_TREATMENT_NEEDS = {
    "dress_one": ("undressed", "error.body.no_undressed_wound"),
    "dress_all": ("undressed", "error.body.no_undressed_wound"),
    "heal_dressed": ("dressed", "error.body.no_dressed_wound"),
    "heal_light": ("light", "error.body.no_light_wound"),
    "heal_all_light": ("light", "error.body.no_light_wound"),
}


def check_treat_wounds(state: GameState, command: TreatWounds, rules: "Rules") -> None:
    require_running(state)
    body = crew.active_member(state, command.seat).body
    need, refusal = _TREATMENT_NEEDS[command.treatment]
    has = {"undressed": body.undressed_wounds, "dressed": body.dressed_wounds, "light": body.light_wounds}[need]
    require(has > 0, refusal, seat=command.seat)


def offer_treatments(state: GameState, rules: "Rules") -> list[TreatWounds]:
    return [TreatWounds(seat=member.seat, treatment=treatment)
            for member in state.crew for treatment in _TREATMENT_NEEDS]


@handles(TreatWounds, check=check_treat_wounds, offers=offer_treatments)
def treat_wounds(turn: Turn, command: TreatWounds) -> None:
    member = turn.state.member(command.seat)
    body = member.body
    treatment = command.treatment
    if treatment == "dress_one":
        body.dressed_wounds += 1
    elif treatment == "dress_all":
        body.dressed_wounds = body.serious_wounds
    elif treatment == "heal_dressed":
        body.dressed_wounds -= 1
        body.serious_wounds -= 1
    elif treatment == "heal_light":
        body.light_wounds -= 1
    else:
        body.light_wounds = 0
    turn.log(TREATMENT_LINES[treatment], **_who(member), light=body.light_wounds,
             serious=body.serious_wounds, dressed=body.dressed_wounds)


TREATMENT_LINES = {
    "dress_one": "log.body.dressed_one",
    "dress_all": "log.body.dressed_all",
    "heal_dressed": "log.body.healed_dressed",
    "heal_light": "log.body.healed_light",
    "heal_all_light": "log.body.healed_all_light",
}


# --------------------------------------------------------------------- Slime and Larva by hand
def check_set_slime(state: GameState, command: SetSlime, rules: "Rules") -> None:
    require_running(state)
    body = crew.active_member(state, command.seat).body
    require(body.slime != command.slime, "error.body.slime_already" if command.slime else "error.body.no_slime",
            seat=command.seat)


def offer_slime(state: GameState, rules: "Rules") -> list[SetSlime]:
    """The marker a board lacks is put on, the one it holds taken off."""
    return [SetSlime(seat=member.seat, slime=not member.body.slime) for member in state.crew]


@handles(SetSlime, check=check_set_slime, offers=offer_slime)
def set_slime(turn: Turn, command: SetSlime) -> None:
    member = turn.state.member(command.seat)
    if command.slime:
        member.body.slime = True
        turn.log("log.body.slime_gained", **_who(member))
    else:
        remove_slime(turn, member)


def check_set_larva(state: GameState, command: SetLarva, rules: "Rules") -> None:
    require_running(state)
    body = crew.active_member(state, command.seat).body
    require(body.larva != command.larva, "error.body.larva_already" if command.larva else "error.body.no_larva",
            seat=command.seat)


def offer_larva(state: GameState, rules: "Rules") -> list[SetLarva]:
    return [SetLarva(seat=member.seat, larva=not member.body.larva) for member in state.crew]


@handles(SetLarva, check=check_set_larva, offers=offer_larva)
def set_larva(turn: Turn, command: SetLarva) -> None:
    member = turn.state.member(command.seat)
    if command.larva:
        place_larva(member)
        turn.log("log.body.larva_placed", **_who(member))
    else:
        remove_larva(turn, member)
