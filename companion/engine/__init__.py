"""Pure game state and rules for Nemesis: Lockdown: no UI, no I/O."""
from .apply import GameEnding, apply, check, run
from .commands import GameCommand, NewGame, PlayerSetup, command_to_json, parse_command
from .track.ending import fates_so_far
from .errors import IllegalCommand
from .journal import Event, Outcome, Visibility
from .session import GameSession, Step
from .state import GameState
from ..vocab import CssFace, EndReason, Fate, IntruderKind, Mode, Pod, Section, Whereabouts

__all__ = [
    "GameEnding",
    "apply",
    "check",
    "run",
    "Event",
    "Outcome",
    "Visibility",
    "GameCommand",
    "NewGame",
    "PlayerSetup",
    "command_to_json",
    "parse_command",
    "fates_so_far",
    "IllegalCommand",
    "GameSession",
    "Step",
    "GameState",
    "CssFace",
    "EndReason",
    "Fate",
    "IntruderKind",
    "Mode",
    "Pod",
    "Section",
    "Whereabouts",
]
