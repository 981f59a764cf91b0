"""A long seeded game that never ends: the same ten commands over and over. Injury checks
draw from the Attack deck (which reshuffles), a Larva attacks (a hitting Attack card would
wound the Character to death in the end), markers and power go back and forth, so every
window of ten commands does the same kind of work."""
from __future__ import annotations

from companion.engine import GameSession
from companion.rules import Rules
from tests.conftest import cmd, setup_command

CYCLE = (
    cmd("place_fire"),
    cmd("resolve_attack", attacker="larva", seat=1, place="S-01"),
    cmd("place_malfunction"),
    cmd("flip_power", section="S-02"),
    cmd("injury_check", intruder="creeper", injuries=2),
    cmd("remove_fire"),
    cmd("set_knowledge", seat=2, value=3),
    cmd("remove_malfunction"),
    cmd("flip_power", section="S-02"),
    cmd("set_knowledge", seat=2, value=1),
)


def long_game(rules: Rules, commands: int = 300, seed: int = 7) -> GameSession:
    """A session of `commands` steps (the NewGame included)."""
    game = GameSession.start(setup_command(seed=seed), rules)
    for index in range(commands - 1):
        game.execute(CYCLE[index % len(CYCLE)])
    return game
