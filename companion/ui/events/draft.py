"""What one page has chosen on the Event Phase, attack and injury screens but not sent
yet, kept across re-renders (language switch, resize, another tab's change)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from companion.engine.bag_model import MINIATURE_KINDS, Place

from ..context import UiContext
from ..routes import ATTACK, BAG, DECKS, INJURY, RUNNER, TABLE
from .met import Meeting

SCREENS = (RUNNER, ATTACK, INJURY, DECKS)
# Where `events-back` leads, and what it says.
BACK_KEYS = {TABLE: "ui.events.back", RUNNER: "ui.events.back_runner", BAG: "ui.events.back_bag"}

INJURIES_MAX = 12


@dataclass
class EventsDraft:
    # Where `events-back` leads from the attack, injury and deck screens.
    back_to: str = TABLE
    # The attack form (a Surprise Attack from the bag screen fills it in before opening).
    attacker: str = "adult"
    seat: int | None = None
    place: Place = Place.S01
    target: str = "standard"
    ignore_darkness: bool = False  # a Flashlight, a Light Stick…
    # Results on show: those of commands from this sequence number on (set when the
    # screen opens, so an old result is not mistaken for the new one; undo removes it).
    attack_since: int = 0
    # The injury-check form.
    injured: str = "adult"
    injuries: int = 1
    in_nest: bool = True
    injury_since: int = 0
    # Step 7: the attack chosen among the intruders met since the last attacks, not resolved yet.
    armed: Meeting | None = None
    # Step 9, Lurking: how many of each kind go back into the bag.
    lurking: dict[str, int] = field(default_factory=lambda: {kind: 0 for kind in MINIATURE_KINDS})
    # Step 9, Hatching: the seats whose Characters a Larva infests (none chosen at first).
    hatching: tuple[int, ...] = ()
    # Step 9, Egg Protection in Darkness: the seats that gain a Contamination card.
    egg_protection: tuple[int, ...] = ()


def draft_of(ctx: UiContext) -> EventsDraft:
    return ctx.kept("events_draft", EventsDraft)


def is_events_screen(screen: str) -> bool:
    return screen in SCREENS


def draft_picker(ctx: UiContext) -> Callable[..., None]:
    """`pick(name=value, ...)`: set fields of this page's draft, then render again."""
    draft = draft_of(ctx)

    def pick(**changes: Any) -> None:
        for name, value in changes.items():
            setattr(draft, name, value)
        ctx.rerender()

    return pick


def open_screen(ctx: UiContext, screen: str, *, back_to: str = TABLE) -> None:
    """Go to one of this feature's screens; the attack, injury and deck screens lead back
    to `back_to` (the table, the runner or the bag screen)."""
    draft = draft_of(ctx)
    if ctx.in_game:
        if screen == ATTACK:
            draft.attack_since = ctx.game.commands_applied
        elif screen == INJURY:
            draft.injury_since = ctx.game.commands_applied
    if screen in (ATTACK, INJURY, DECKS):
        draft.back_to = back_to if back_to in BACK_KEYS else TABLE
    ctx.navigate(screen)
