"""The one entry point that changes a game: validate a command, apply it to a copy."""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from . import commands as c
from . import bag, crew, event_phase, markers, power, timetrack
from .context import Turn
from .errors import IllegalCommand
from .setup import new_game
from .state import GameState

if TYPE_CHECKING:
    from companion.rules import Rules

Handler = Callable[[Turn, object], None]

HANDLERS: dict[type, Handler] = {
    c.AdvanceTime: timetrack.advance_time,
    c.StartSelfDestruct: timetrack.start_self_destruct,
    c.StopSelfDestruct: timetrack.stop_self_destruct,
    c.TriggerAlert: timetrack.trigger_alert,
    c.RestorePower: power.restore_power,
    c.FlipPower: power.flip_power,
    c.SwapPower: power.swap_power,
    c.PowerSurge: power.power_surge,
    c.PlaceFire: markers.place_fire,
    c.RemoveFire: markers.remove_fire,
    c.PlaceMalfunction: markers.place_malfunction,
    c.RemoveMalfunction: markers.remove_malfunction,
    c.RecordDeath: crew.record_death,
    c.RecordFirstEncounter: crew.record_first_encounter,
    c.LockIn: crew.lock_in,
    c.EscapeToBunker: crew.escape_to_bunker,
    c.EnterPod: crew.enter_pod,
    c.CssLaunch: crew.css_launch,
    c.SetKnowledge: crew.set_knowledge,
    c.ActivateKnowledgeToken: crew.activate_knowledge_token,
    c.SendSignal: crew.send_signal,
    c.OpenMainGate: crew.open_main_gate_command,
    c.ResolveEncounter: bag.resolve_encounter,
    c.DevelopBag: bag.develop_bag,
    c.AnswerQueenInNest: bag.answer_queen_in_nest,
    c.AnswerAdultsRetreat: bag.answer_adults_retreat,
    c.KillIntruder: bag.kill_intruder,
    c.IntruderToTechnicalCorridor: bag.intruder_to_technical_corridor,
    c.RemoveIntruder: bag.remove_intruder,
    c.PlaceIntruder: bag.place_intruder,
    c.AddToBag: bag.add_to_bag,
    c.ReturnIntrudersToBag: bag.return_intruders_to_bag,
    c.RemoveEgg: bag.remove_egg,
    c.SetShowOdds: bag.set_show_odds,
}
# Decks, attacks and the Event Phase runner (which also guards advance_time and develop_bag).
HANDLERS.update(event_phase.HANDLERS)


def apply(state: GameState | None, command: c.GameCommand, rules: "Rules") -> GameState:
    """Return the state after `command`; the given state is never modified.

    Raises IllegalCommand (with a locale key) when the rules forbid the command.
    """
    if isinstance(command, c.NewGame):
        if state is not None:
            raise IllegalCommand("error.game_already_started")
        return new_game(command, rules)
    if state is None:
        raise IllegalCommand("error.no_game")
    handler = HANDLERS.get(type(command))
    if handler is None:
        raise IllegalCommand("error.unknown_command", command=getattr(command, "type", "?"))
    turn = Turn(state=state.model_copy(deep=True), rules=rules, seq=state.commands_applied)
    handler(turn, command)
    turn.state.commands_applied += 1
    return turn.state
