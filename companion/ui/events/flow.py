"""What one tap on the runner sends: the answers the board already gives, the step's
own command, then what the table would only tap through on the steps that follow.

A step with nothing for the table to enter goes on in the same tap as the step before
(Noise; Fire damage with no Fire marker on the board; Round end, whose reminders step 10
shows already), and entering the Event card or the bag development step draws at once
(the table draws anyway; a physical bag still asks what came out). Every one of these is
its own named command, so undo walks back through them one at a time. Each is one of the
actions the newest view offers, sent only while the engine allows it; nothing here
decides a rule.
"""
from __future__ import annotations

from typing import Any, Callable

from companion.engine.actions import Action
from companion.engine.commands import (
    ContinueEventPhase,
    DrawEventCard,
    EventDevelopBag,
    EventFireDamage,
    EventKickstopper,
    EventLeavingTheShell,
    EventPowerSurge,
    GameCommand,
)
from companion.engine.views import EventEffect, EventStep
from companion.engine.views import EventPhaseView, GameView

from ..context import UiContext
from ..dialogs import show_message

# One-tap Event card effects; an effect that would change nothing is sent by continuing.
ONE_TAP = {EventEffect.POWER_SURGE: EventPowerSurge, EventEffect.KICKSTOPPER: EventKickstopper}
# What records an effect that would change nothing now (continuing sends it).
SETTLING = {**ONE_TAP, EventEffect.LEAVING_THE_SHELL: EventLeavingTheShell}
# A draw is something to read: the sequence stops after it.
READ_AFTER = (DrawEventCard, EventDevelopBag)
# Enough for the longest run (Fire answer, continue, draw); a guard against loops.
MOST_FOLLOW_UPS = 6

# An action of the feed, named by its command and fixed arguments: looked up in the
# newest view when its turn to be sent comes.
Offered = tuple[type[GameCommand], dict[str, Any]]


def answers_first(phase: EventPhaseView) -> list[Offered]:
    """What continuing sends before it moves on: the answers the board already gives."""
    if phase.step is EventStep.FIRE and phase.nest_fire is None and phase.known_nest_fire is not None:
        return [(EventFireDamage, {"nest_fire": phase.known_nest_fire})]
    if (phase.step is EventStep.EVENT_CARD and phase.pending_effects
            and set(phase.pending_effects) <= set(phase.settled_effects)):
        return [(SETTLING[effect], {}) for effect in phase.pending_effects]
    return []


def continuing(phase: EventPhaseView) -> Offered:
    """The step's own way on."""
    return ContinueEventPhase, {"at": int(phase.step)}


def nothing_burns(phase: EventPhaseView) -> bool:
    """Step 8 with no Fire marker on the board: no intruder burns and the Nest has no Fire."""
    return phase.known_nest_fire is False


def arrival(view: GameView) -> Action | None:
    """What the table would only tap through on the step the phase stands at now."""
    game, actions = view.public, view.actions
    phase = game.event_phase
    if phase is None:
        return None
    step = phase.step
    way_on, at = continuing(phase)
    if step is EventStep.NOISE or step is EventStep.ROUND_END:
        return actions.find(way_on, **at)
    if step is EventStep.FIRE and nothing_burns(phase):
        if phase.nest_fire is None:
            return actions.find(EventFireDamage, nest_fire=False)
        return actions.find(way_on, **at)
    if step is EventStep.EVENT_CARD and phase.event_card is None:
        return actions.find(DrawEventCard)
    if step is EventStep.DEVELOPMENT and not phase.developed and not game.bag.physical_bag:
        return actions.find(EventDevelopBag)
    return None


def follow_up(ctx: UiContext, on_closed: Callable[[], None] | None = None) -> None:
    """Send the arrival actions of the steps reached, each once the engine allows it."""
    for _ in range(MOST_FOLLOW_UPS):
        view = ctx.session.view()
        if view is None:
            return
        game = view.public
        if game.event_phase is None:
            if on_closed is not None and not game.is_over:
                on_closed()
            return
        action = arrival(view)
        if action is None or not action.allowed or action.choices:
            return
        command = action.command()
        if not ctx.send(command) or isinstance(command, READ_AFTER):
            return


def go_on(ctx: UiContext, offered: list[Offered], on_closed: Callable[[], None] | None = None) -> bool:
    """Send the `offered` actions in order, each as the newest view offers it (stopping at a
    refusal), then the follow-ups."""
    for command, fixed in offered:
        view = ctx.session.view()
        action = view.actions.find(command, **fixed) if view is not None else None
        if action is None:
            show_message(ctx.page, ctx.texts.t("error.action_gone"))
            return False
        if not ctx.send(action.command()):
            return False
    follow_up(ctx, on_closed)
    return True
