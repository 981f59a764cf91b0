"""Who may send which command: the table drives the game; a seat acts only for itself.

The check runs where commands arrive (the controller), so a phone that forges a
command it has no button for is refused just the same.

A player keeps their own Character board, as at a physical table: what their own actions
do to it (a wound from their Melee miss or a room's Fire in their turn, a treatment in the
Emergency Room, Slime from a search or a shower) they record on their phone. What the
game's own steps do to a board (an Intruder's attack, an Event card, Fire at step 8, a
Larva) stays the table's: during the Event Phase a seat's board changes are refused.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import companion.engine.commands as c
from .errors import IllegalCommand
from .viewer import TABLE, Viewer, seat_viewer

if TYPE_CHECKING:
    from .state import GameState

# A player's own moves, sent from their phone for their own seat.
SEAT_COMMANDS: frozenset[type] = frozenset({
    c.SetKnowledge,
    c.ChangeKnowledge,
    c.ActivateKnowledgeToken,
    c.SendSignal,
    c.LockIn,
    c.EscapeToBunker,
    c.EnterPod,
    c.ResolveEncounter,
    # Their own Character board, from their own actions in the Player Phase.
    c.SufferWound,
    c.TreatWounds,
    c.SetSlime,
    # Their own Contamination cards: a Melee Attack's card, the Scanner, the Victory Check.
    c.GainContamination,
    c.ScanContamination,
    c.ContaminationCheck,
    # Looking at Contingency tokens, and a player's private steps of the Victory Check.
    c.PeekContingency,
    c.AnswerScan,
    c.DrawContamination,
    c.ReportContamination,
    c.ChooseObjective,
})


# A seat's board changes that come from the player's own actions: refused to the seat while
# the Event Phase runs (its wounds and Slime come from the game's steps, the table's).
OWN_TURN_COMMANDS: frozenset[type] = frozenset({c.SufferWound, c.TreatWounds, c.SetSlime})


# A player's private steps: what they show is for that player alone, so only their own
# seat sends them (on their phone, or on the table's device handed to them), never the table.
PRIVATE_COMMANDS: frozenset[type] = frozenset({
    c.ScanContamination,
    c.ContaminationCheck,
    c.PeekContingency,
    c.AnswerScan,
    c.DrawContamination,
    c.ReportContamination,
    c.ChooseObjective,
})


def refusal_for(actor: Viewer, command: c.GameCommand, state: "GameState | None" = None) -> IllegalCommand | None:
    """Why `actor` may not send `command` (None when it may); `state`: the game now, for
    the board changes a seat may send only in the Player Phase."""
    return refusal_for_kind(actor, type(command), command.about_seat, state)


def may_ever_send(actor: Viewer, command: type) -> bool:
    """Whether `actor` may send `command` for some seat at some moment: refusal_for_kind
    refuses every other pair, whatever the seat and the moment."""
    if actor.is_table:
        return command not in PRIVATE_COMMANDS
    return actor.kind == "seat" and command in SEAT_COMMANDS


def refusal_for_kind(actor: Viewer, command: type, seat: int | None,
                     state: "GameState | None" = None) -> IllegalCommand | None:
    """Why `actor` may not send a `command` for `seat` (None when it may)."""
    if actor.is_table:
        if command in PRIVATE_COMMANDS:
            return IllegalCommand("error.seat_only", seat=seat or 0)
        return None
    if actor.kind != "seat":
        return IllegalCommand("error.not_joined")
    if command not in SEAT_COMMANDS:
        return IllegalCommand("error.table_only")
    if seat != actor.seat:
        return IllegalCommand("error.not_your_seat")
    return refusal_at_this_moment(actor, command, state)


def refusal_at_this_moment(actor: Viewer, command: type, state: "GameState | None") -> IllegalCommand | None:
    """Why a command `actor` may send cannot be sent by it now (the game's moment, not who
    sends it): a seat's own board change while the Event Phase runs."""
    if (actor.kind == "seat" and command in OWN_TURN_COMMANDS and state is not None
            and state.event_phase is not None):
        return IllegalCommand("error.board_in_event_phase")
    return None


def sender_for(command: c.GameCommand) -> Viewer:
    """Who sends `command` at a table: its player for a private step, else the table."""
    if type(command) in PRIVATE_COMMANDS:
        return seat_viewer(command.seat)  # type: ignore[attr-defined]
    return TABLE


def may_undo(actor: Viewer) -> bool:
    """Undo and redo rewrite everyone's game: only the table may."""
    return actor.is_table
