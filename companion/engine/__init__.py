"""Pure game state and rules for Nemesis: Lockdown: no UI, no I/O."""
from .apply import apply
from .commands import GameCommand, NewGame, PlayerSetup, command_to_json, parse_command
from .ending import fates_so_far
from .errors import IllegalCommand
from .session import GameSession, Step
from .state import GameState
from .vocab import CssFace, EndReason, Fate, Mode, Pod, Section, Whereabouts

__all__ = [
    "apply",
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
    "Mode",
    "Pod",
    "Section",
    "Whereabouts",
]
