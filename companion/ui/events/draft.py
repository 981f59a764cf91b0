"""What one page has chosen on the Event Phase, attack and injury screens but not sent
yet, kept across re-renders (language switch, resize, another tab's change).

A form holds no answer from an earlier situation: it opens empty unless the event that
opened it fixes an answer (a Surprise Attack's intruder, Character and place; an attack
chosen at step 7), and it empties again once its command went through. A change of place
asks again what depended on it (whether the Character ignores Darkness)."""
from __future__ import annotations

from dataclasses import dataclass, field

from companion.engine.views import MINIATURE_KINDS, Place

from ..context import UiContext
from ..routes import ATTACK, BAG, DECKS, INJURY, RUNNER, TABLE
from .met import Meeting

SCREENS = (RUNNER, ATTACK, INJURY, DECKS)
# Where `events-back` leads, and what it says.
BACK_KEYS = {TABLE: "ui.events.back", RUNNER: "ui.events.back_runner", BAG: "ui.events.back_bag"}


@dataclass(frozen=True)
class AttackFill:
    """What the event that opens the attack form fixes (None: the table chooses)."""

    attacker: str | None = None
    seat: int | None = None
    place: Place | None = None
    target: str | None = None
    # The pending attack (its id) the form resolves: a Surprise Attack, Evolve's Breeder.
    resolves: int | None = None


@dataclass
class EventsDraft:
    # Where `events-back` leads from the attack, injury and deck screens.
    back_to: str = TABLE
    # The attack form: nothing chosen until the table or the opening event chooses.
    attacker: str | None = None
    seat: int | None = None
    place: Place | None = None
    target: str | None = None
    ignore_darkness: bool = False  # a Flashlight, a Light Stick…
    # The pending attack the form resolves (from the event that opened it).
    resolves: int | None = None
    # Results on show: those of commands from this sequence number on (set when the
    # screen opens, so an old result is not mistaken for the new one; undo removes it).
    attack_since: int = 0
    # The last attack whose form was emptied once it went through.
    attack_done: int | None = None
    # The injury-check form.
    injured: str | None = None
    injuries: int | None = None  # none at first: the count decides the check
    in_nest: bool = True
    injury_since: int = 0
    injury_done: int | None = None
    # The Event Phase (its first command's sequence number) step 8's form was last shown for.
    fire_phase: int | None = None
    # Step 7: the attack chosen among the intruders met since the last attacks, not resolved yet.
    armed: Meeting | None = None
    # Step 9, Lurking: how many of each kind go back into the bag.
    lurking: dict[str, int] = field(default_factory=lambda: {kind: 0 for kind in MINIATURE_KINDS})
    # Step 9, Hatching: the seats whose Characters a Larva infests (none chosen at first).
    hatching: tuple[int, ...] = ()
    # Step 9, Egg Protection in Darkness: the seats that gain a Contamination card.
    egg_protection: tuple[int, ...] = ()
    # The Event Phase and card whose choices (Hatching, Egg Protection, Lurking) were last shown.
    effects_card: tuple | None = None

    def fill_attack(self, fill: AttackFill = AttackFill()) -> None:
        """A new attack: what `fill` fixes, nothing else."""
        self.attacker, self.seat, self.place, self.target = fill.attacker, fill.seat, fill.place, fill.target
        self.resolves = fill.resolves
        self.ignore_darkness = False

    def pick_place(self, place: Place) -> None:
        """Another place: whether the Character ignores Darkness there is asked again."""
        if place != self.place:
            self.place, self.ignore_darkness = place, False

    def new_injury_check(self) -> None:
        self.injured, self.injuries, self.in_nest = None, None, True

    def new_effects(self, card: tuple) -> None:
        """Choices for the Event card `card` (its phase and id): none carried over from another."""
        if card != self.effects_card:
            self.effects_card = card
            self.lurking = {kind: 0 for kind in MINIATURE_KINDS}
            self.hatching, self.egg_protection = (), ()


def draft_of(ctx: UiContext) -> EventsDraft:
    return ctx.kept("events_draft", EventsDraft)


def is_events_screen(screen: str) -> bool:
    return screen in SCREENS


def open_screen(ctx: UiContext, screen: str, *, back_to: str = TABLE, attack: AttackFill | None = None) -> None:
    """Go to one of this feature's screens; the attack, injury and deck screens lead back
    to `back_to` (the table, the runner or the bag screen). The attack and injury forms
    open empty, but for what `attack` fixes (the event that opened the attack)."""
    draft = draft_of(ctx)
    if ctx.in_game:
        if screen == ATTACK:
            draft.attack_since = ctx.game.commands_applied
            draft.fill_attack(attack or AttackFill())
        elif screen == INJURY:
            draft.injury_since = ctx.game.commands_applied
            draft.new_injury_check()
    if screen in (ATTACK, INJURY, DECKS):
        draft.back_to = back_to if back_to in BACK_KEYS else TABLE
    ctx.navigate(screen)
