"""Power tokens, thresholds and backup power."""
from __future__ import annotations

from itertools import permutations
from typing import TYPE_CHECKING, Iterable, Mapping

from ..commands import FlipPower, PowerSurge, RestorePower, SwapPower
from ..context import Turn
from ..errors import IllegalCommand
from ..guards import check_running, require, require_running
from ..registry import Open, always, handles
from ..state import GameState, PowerToken
from ...vocab import Section

if TYPE_CHECKING:
    from companion.rules import Rules


def check_layout(layout: Mapping[Section, int], numbers: Iterable[int]) -> None:
    """A layout puts each Power token on exactly one Section."""
    require(
        set(layout) == set(Section) and sorted(layout.values()) == sorted(numbers),
        "error.power_layout_invalid",
    )


def rearrange(turn: Turn, layout: Mapping[Section, int]) -> None:
    """Move tokens between Sections without flipping them (the layout was checked)."""
    by_number = {token.number: token for token in turn.state.power.values()}
    turn.state.power = {section: by_number[layout[section]].model_copy() for section in Section}


def apply_threshold(turn: Turn, colour: str) -> None:
    """A fired threshold flips the active Power token with the highest number."""
    state = turn.state
    active = state.active_power_tokens()
    if not active:
        turn.announce("announce.threshold_no_power", colour=colour)
        return
    token = max(active, key=lambda t: t.number)
    token.active = False
    section = state.section_of_token(token.number)
    # An unpowered Section is in Darkness; the Elevator is only when the rules data reads it so.
    if section is not Section.ELEVATOR:
        key = "announce.power_lost"
    elif turn.rules.power.elevator_token_darkens:
        key = "announce.power_lost_elevator"
    else:
        key = "announce.power_lost_elevator_stops"
    turn.announce(
        key,
        colour=colour,
        token=token.number,
        section=section.value,
    )


def check_restore_power(state: GameState, command: RestorePower, rules: "Rules") -> None:
    require_running(state)
    if command.layout is not None:
        check_layout(command.layout, (token.number for token in state.power.values()))


def _refusal_while_stopped(state: GameState) -> IllegalCommand | None:
    try:
        require_running(state)
    except IllegalCommand as error:
        return error
    return None


def offer_restore_power(state: GameState, rules: "Rules") -> list[Open]:
    """Backup Power, keeping the tokens where they are (None) or in any layout of them."""
    numbers = [token.number for token in state.power.values()]
    layouts = ({section.value: number for section, number in zip(Section, order)}
               for order in permutations(numbers))
    return [Open(RestorePower, fixed={}, choices={"layout": (None, *layouts)},
                 refusal=_refusal_while_stopped(state))]


@handles(RestorePower, check=check_restore_power, offers=offer_restore_power)
def restore_power(turn: Turn, command: RestorePower) -> None:
    state = turn.state
    rules = turn.rules.power
    if len(state.active_power_tokens()) < rules.restore_skip_if_active_at_least:
        for token in state.power.values():
            token.active = token.number in rules.restore_active_tokens
        turn.log("log.restore_power_reset")
    else:
        turn.log("log.restore_power_kept")
    if command.layout is not None:
        rearrange(turn, command.layout)
        turn.log("log.power_rearranged", **_layout_params(turn))
    if not state.time_active:
        state.time_active = True
        turn.announce("announce.backup_power_on")


def _layout_params(turn: Turn) -> dict[str, int]:
    return {section.name.lower(): token.number for section, token in turn.state.power.items()}


@handles(FlipPower, check=check_running, offers=always(*(FlipPower(section=section) for section in Section)))
def flip_power(turn: Turn, command: FlipPower) -> None:
    token: PowerToken = turn.state.power[command.section]
    token.active = not token.active
    key = "log.power_on" if token.active else "log.power_off"
    turn.log(key, section=command.section.value, token=token.number)


def check_swap_power(state: GameState, command: SwapPower, rules: "Rules") -> None:
    require_running(state)
    require(command.first != command.second, "error.swap_same_section")


def offer_swap_power(state: GameState, rules: "Rules") -> list[Open]:
    """Any two Sections; the same one twice is refused when sent."""
    sections = tuple(section.value for section in Section)
    return [Open(SwapPower, fixed={}, choices={"first": sections, "second": sections},
                 refusal=_refusal_while_stopped(state))]


@handles(SwapPower, check=check_swap_power, offers=offer_swap_power)
def swap_power(turn: Turn, command: SwapPower) -> None:
    power = turn.state.power
    power[command.first], power[command.second] = power[command.second], power[command.first]
    turn.log("log.power_swapped", first=command.first.value, second=command.second.value)


@handles(PowerSurge, check=check_running, offers=always(PowerSurge()))
def power_surge(turn: Turn, command: object) -> None:
    if turn.state.time_active:
        turn.state.time_active = False
        turn.announce("announce.power_surge")
    else:
        turn.log("log.power_surge_no_effect")
