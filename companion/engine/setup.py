"""Creating a game: crew, Power tokens, pools and the Time track's start."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .bag.handlers import setup_log, start_bag
from .contamination.handlers import check_new_deck, start_deck
from .commands import NewGame
from .context import Turn
from .victory.contingency import deal as deal_contingency, log_deal
from .decks.cards import build_decks
from .errors import IllegalCommand
from .journal import Outcome
from .rng import RngState
from .state import CrewMember, GameState, PowerToken
from ..vocab import Mode, Section

if TYPE_CHECKING:
    from companion.rules import Rules

PLAYER_COUNTS = {Mode.SOLO: (1, 1), Mode.STANDARD: (2, 5), Mode.COOP: (2, 5)}


def _check_players(command: NewGame, rules: "Rules") -> None:
    low, high = PLAYER_COUNTS[command.mode]
    if not low <= len(command.players) <= high:
        raise IllegalCommand("error.player_count", low=low, high=high, mode=command.mode.value)
    characters = [player.character for player in command.players]
    if len(set(characters)) != len(characters):
        raise IllegalCommand("error.character_twice")
    known = {spec.id for spec in rules.characters}
    for character in characters:
        if character not in known:
            raise IllegalCommand("error.unknown_character", character=character)
    names = [player.name.strip() for player in command.players]
    if any(not name for name in names):
        raise IllegalCommand("error.player_name_empty")
    check_new_deck(command, rules)


def _power_layout(command: NewGame, rules: "Rules", rng: RngState) -> dict[Section, PowerToken]:
    starts_active = {spec.number: spec.starts_active for spec in rules.power.tokens}
    numbers = sorted(starts_active)
    if command.power_layout is None:
        layout = dict(zip(Section, rng.shuffled(numbers)))
    else:
        layout = dict(command.power_layout)
        if set(layout) != set(Section) or sorted(layout.values()) != numbers:
            raise IllegalCommand("error.power_layout_invalid")
    return {
        section: PowerToken(number=layout[section], active=starts_active[layout[section]])
        for section in Section
    }


def start_game(command: NewGame, rules: "Rules") -> Outcome:
    """Step 0: the new game's state and its setup lines."""
    _check_players(command, rules)
    rng = RngState(seed=command.seed)
    power = _power_layout(command, rules, rng)
    crew = [
        CrewMember(
            seat=index + 1,
            name=player.name.strip(),
            character=player.character,
            knowledge=rules.character(player.character).knowledge,
        )
        for index, player in enumerate(command.players)
    ]
    track = rules.time_track
    state = GameState(
        mode=command.mode,
        rng=rng,
        time=track.start_slot,
        time_active=track.start_side == "active",
        power=power,
        fire_pool=rules.pools.fire,
        malfunction_pool=rules.pools.malfunction,
        crew=crew,
        bag=start_bag(command, rules, rng),
        decks=build_decks(rules, rng),
        contamination=start_deck(command, rules),
        commands_applied=1,
        started_at=command.started_at,
    )
    if command.contingency_tokens:
        state.contingency = deal_contingency(command, rules, rng)
    turn = Turn(state=state, rules=rules, seq=0)
    turn.log("log.new_game", players=len(crew), mode=command.mode.value)
    for key, params in setup_log(state.bag, rules):
        turn.log(key, **params)
    log_deal(turn)
    return Outcome(state, tuple(turn.events))
