"""Power tokens, thresholds and backup power."""
from __future__ import annotations

from .commands import FlipPower, PowerSurge, RestorePower, SwapPower
from .context import Turn
from .state import PowerToken
from .vocab import Section


def validate_layout(turn: Turn, layout: dict[Section, int]) -> None:
    numbers = sorted(token.number for token in turn.state.power.values())
    turn.require(
        set(layout) == set(Section) and sorted(layout.values()) == numbers,
        "error.power_layout_invalid",
    )


def rearrange(turn: Turn, layout: dict[Section, int]) -> None:
    """Move tokens between Sections without flipping them."""
    validate_layout(turn, layout)
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
    turn.announce(
        "announce.power_lost",
        colour=colour,
        token=token.number,
        section=state.section_of_token(token.number).value,
    )


def restore_power(turn: Turn, command: RestorePower) -> None:
    turn.require_running()
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


def flip_power(turn: Turn, command: FlipPower) -> None:
    turn.require_running()
    token: PowerToken = turn.state.power[command.section]
    token.active = not token.active
    key = "log.power_on" if token.active else "log.power_off"
    turn.log(key, section=command.section.value, token=token.number)


def swap_power(turn: Turn, command: SwapPower) -> None:
    turn.require_running()
    turn.require(command.first != command.second, "error.swap_same_section")
    power = turn.state.power
    power[command.first], power[command.second] = power[command.second], power[command.first]
    turn.log("log.power_swapped", first=command.first.value, second=command.second.value)


def power_surge(turn: Turn, command: PowerSurge) -> None:
    turn.require_running()
    if turn.state.time_active:
        turn.state.time_active = False
        turn.announce("announce.power_surge")
    else:
        turn.log("log.power_surge_no_effect")
