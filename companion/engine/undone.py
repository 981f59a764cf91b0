"""What undoing a step tells the table: a draw the app made, undone, comes out the same
when it is made again (the random state and the decks' order are part of the state), so
the table now knows what the next draw brings. The undo says so aloud: a public line,
announced, naming what was drawn."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .commands import GameCommand
from .decks.cards import attack_card, event_card
from .journal import Event
from .registry import REGISTRY
from .state import GameState

if TYPE_CHECKING:
    from companion.rules import Rules

# The family of these lines' keys (announce.undo.bag, …).
NOTICE_FAMILY = "announce.undo."


def undone_draws(command: GameCommand, before: GameState, after: GameState, rules: "Rules") -> tuple[Event, ...]:
    """The lines that undoing `command` (which took `before` to `after`) writes to the step
    the cursor goes back to: one per draw of the app whose result the table saw. A draw the
    table made with its own bag or cards (reported) is drawn anew for real: nothing to say."""
    registration = REGISTRY.get(type(command))
    if registration is None or not registration.hidden_outcome:
        return ()
    seq, step = before.commands_applied - 1, after.commands_applied - 1
    lines: list[tuple[str, dict]] = []
    drawn = after.bag.last_draw
    if drawn is not None and drawn != before.bag.last_draw and not drawn.reported:
        lines.append(("announce.undo.bag", {"kind": drawn.kind}))
    phase, earlier = after.event_phase, before.event_phase
    if (phase is not None and phase.event_card is not None and getattr(command, "card", None) is None
            and (earlier is None or earlier.event_card is None)):
        lines.append(("announce.undo.event_card", {"event_card": event_card(rules, phase.event_card).card}))
    attack = after.latest.attack
    if attack is not None and attack.seq == step and attack.card is not None and getattr(command, "card", None) is None:
        lines.append(("announce.undo.attack_card", {"attack_card": attack_card(rules, attack.card).kind,
                                                    "kind": attack.attacker}))
    injury = after.latest.injury
    if injury is not None and injury.seq == step and injury.cards and getattr(command, "cards", None) is None:
        lines.append(("announce.undo.injury", {"kind": injury.intruder, "count": len(injury.cards),
                                               "total": injury.total}))
    return tuple(Event.of(seq, key, params, announce=True) for key, params in lines)

