"""The open Event Phase as every viewer sees it."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..contamination.handlers import shell_scans_missing
from .model import EventEffect, EventStep
from ..view_base import View as _View
from ...vocab import Section

if TYPE_CHECKING:
    from ..state import GameState


class EventPhaseView(_View):
    round: int
    step: EventStep
    noise_sections: tuple[Section, ...]
    attacks: int
    attacks_by: tuple[tuple[str, int], ...] = ()
    nest_fire: bool | None
    event_card: str | None
    pending_effects: tuple[EventEffect, ...]
    done_effects: tuple[EventEffect, ...]
    # Leaving the Shell: the seats that made its scan (public: that a scan was made).
    shell_scans: tuple[int, ...]
    developed: bool
    # Answers the board already gives, so the table is not asked: step 8's question
    # (no Fire marker on the board: no Fire in the Nest; None: ask), and the pending
    # effects that would change nothing now (continuing applies them).
    known_nest_fire: bool | None
    settled_effects: tuple[EventEffect, ...]


def phase_view(state: GameState) -> EventPhaseView | None:
    phase = state.event_phase
    if phase is None:
        return None
    return EventPhaseView(
        round=phase.round, step=phase.step, noise_sections=tuple(phase.noise_sections), attacks=phase.attacks,
        attacks_by=tuple(phase.attacks_by),
        nest_fire=phase.nest_fire, event_card=phase.event_card, pending_effects=tuple(phase.pending_effects),
        done_effects=tuple(phase.done_effects), shell_scans=tuple(phase.shell_scans), developed=phase.developed,
        known_nest_fire=False if state.fire == 0 else None,
        settled_effects=tuple(effect for effect in phase.pending_effects if _changes_nothing(state, effect)),
    )


def _changes_nothing(state: GameState, effect: EventEffect) -> bool:
    """Power Surge with the Time token already inactive, Kickstopper with the Elevator
    already without power: the effect's tap would only say so."""
    if effect is EventEffect.POWER_SURGE:
        return not state.time_active
    if effect is EventEffect.KICKSTOPPER:
        return not state.is_powered(Section.ELEVATOR)
    if effect is EventEffect.LEAVING_THE_SHELL:
        # With the app's deck: nobody it can touch is left to scan.
        return state.contamination is not None and not shell_scans_missing(state)
    return False
