"""Semantics identifiers of the table screen and the Players join screen.

Tests and assistive tools find controls by them, whatever the language."""
from __future__ import annotations


ADVANCE_TIME = "advance-time"
START_SELF_DESTRUCT = "start-self-destruct"
STOP_SELF_DESTRUCT = "stop-self-destruct"
TRIGGER_ALERT = "trigger-alert"
RESTORE_POWER = "restore-power"
SWAP_POWER = "swap-power"
POWER_SURGE = "power-surge"
CSS_LAUNCH = "css-launch"
FIRST_ENCOUNTER = "first-encounter"
OPEN_MAIN_GATE = "open-main-gate"
TIME_TRACK = "time-track"
FIRE_COUNT = "fire-count"
FIRE_PLACE = "fire-place"
FIRE_REMOVE = "fire-remove"
MALFUNCTION_COUNT = "malfunction-count"
MALFUNCTION_PLACE = "malfunction-place"
MALFUNCTION_REMOVE = "malfunction-remove"
MAIN_GATE = "main-gate"
ISOLATION_ROOM = "isolation-room"
GAME_END = "game-end"


def power(section: str) -> str:
    return f"power-{section}"


def power_flip(section: str) -> str:
    return f"power-flip-{section}"


def crew_member(seat: int) -> str:
    return f"crew-{seat}"


def crew_action(action: str, seat: int) -> str:
    return f"crew-{action}-{seat}"


PLAYERS_JOIN = "players-join"
PLAYERS_SCREEN = "players-screen"
PLAYERS_SERVING = "players-serving"
PLAYERS_ADDRESS = "players-address"
PLAYERS_QR = "players-qr"
PLAYERS_CODE = "players-code"
PLAYERS_REISSUE = "players-reissue"
PLAYERS_BACK = "players-back"
# No phone can open the table (no local network, or served to this computer only): why.
PLAYERS_NO_QR = "players-no-qr"
# Who typed wrong codes lately (a network address each), with a way to let them in now.
PLAYERS_LOCKOUTS = "players-lockouts"


def players_seat(seat: int) -> str:
    return f"players-seat-{seat}"


def players_address(index: int) -> str:
    """The machine's local network addresses, the likely one first (from 1)."""
    return f"players-address-{index}"


def players_unlock(address: str) -> str:
    return f"players-unlock-{address}"


def players_phone(seat: int) -> str:
    """A seat's phone status on the join screen (has a phone or not)."""
    return f"players-phone-{seat}"


def crew_knowledge(seat: int) -> str:
    """A Character's Knowledge on the table's crew panel."""
    return f"crew-knowledge-{seat}"


def crew_phone(seat: int) -> str:
    """A seat's phone status on the table's crew panel."""
    return f"crew-phone-{seat}"


def restore_power_section(section: str) -> str:
    return f"restore-power-{section}"


def crew_status(seat: int) -> str:
    """A Character board at a glance: Larva, Slime, wounds, Contamination cards."""
    return f"crew-status-{seat}"
