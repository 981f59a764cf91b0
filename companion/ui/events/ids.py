"""Semantics identifiers of the Event Phase runner, the attack and injury forms and the decks.

Tests and assistive tools find controls by them, whatever the language."""
from __future__ import annotations


# The table screen's entry points (also used inside the runner).
EVENT_PHASE = "event-phase"
ATTACK = "attack"
INJURY_CHECK = "injury-check"
DECKS = "decks"
BACK = "events-back"
# The runner.
EVENT_STEPPER = "event-stepper"
EVENT_STATUS = "event-status"
EVENT_STEP_PANEL = "event-step-panel"
EVENT_CONTINUE = "event-continue"
EVENT_BLOCKED = "event-blocked"
EVENT_START = "event-start"
EVENT_NO_PHASE = "event-no-phase"
EVENT_PHASE_LOG = "event-phase-log"
EVENT_NEST_FIRE_YES = "event-nest-fire-yes"
EVENT_NEST_FIRE_NO = "event-nest-fire-no"
# Step 8 with no Fire marker on the board: nothing to ask, continuing answers for the table.
EVENT_NOTHING_BURNS = "event-nothing-burns"
EVENT_NOISE_SECTIONS = "event-noise-sections"
EVENT_ROUND_END = "event-round-end"
EVENT_FIRST_PLAYER = "event-first-player"
ATTACK_BREEDER_FOLLOW_UP = "attack-breeder-follow-up"
DRAW_EVENT = "draw-event"
EVENT_CARD = "event-card"
EVENT_DEVELOP_BAG = "event-develop-bag"
# Steps folded into the tap before them (Noise at step 7, a Fire step with nothing burning at step 9).
EVENT_NOISE_DONE = "event-noise-done"
EVENT_FIRE_DONE = "event-fire-done"
# Step 7: an attack by an intruder met since the last attacks, chosen by its chip and resolved in place.
EVENT_ATTACK_RESOLVE = "event-attack-resolve"
# Step 10: what step 11 will remind, shown once the bag has developed.
EVENT_ROUND_END_AHEAD = "event-round-end-ahead"
# Attacks.
ATTACK_RESOLVE = "attack-resolve"
ATTACK_CARD = "attack-card"
ATTACK_VERDICT = "attack-verdict"
ATTACK_ODDS = "attack-odds"
ATTACK_TARGET_RULE = "attack-target-rule"
ATTACK_LIGHTING = "attack-lighting"
ATTACK_IGNORE_DARKNESS = "attack-ignore-darkness"
# Injury checks.
INJURY_COUNT = "injury-count"
INJURY_COUNT_DOWN = "injury-count-down"
INJURY_COUNT_UP = "injury-count-up"
INJURY_IN_NEST = "injury-in-nest"
INJURY_RESOLVE = "injury-resolve"
INJURY_VERDICT = "injury-verdict"
INJURY_ODDS = "injury-odds"
# Decks.
DECK_EVENT_DRAW = "deck-event-draw"
DECK_EVENT_DISCARD = "deck-event-discard"
DECK_EVENT_REMOVED = "deck-event-removed"
DECK_ATTACK_DRAW = "deck-attack-draw"
DECK_ATTACK_DISCARD = "deck-attack-discard"
DECK_ATTACK_REMOVED = "deck-attack-removed"
DECK_EVENT_SHOWN = "deck-event-shown"
DECK_ATTACK_SHOWN = "deck-attack-shown"
DECK_HISTORY = "deck-history"
DECK_ODDS = "deck-odds"
DECK_CARD = "deck-card"


def event_step(number: int) -> str:
    return f"event-step-{number}"


def event_attack_pick(kind: str, seat: int) -> str:
    """Step 7's chip for the intruder of `kind` met by seat `seat` since the last attacks."""
    return f"event-attack-pick-{kind}-{seat}"


def css_face(face: str) -> str:
    """`face` is A, B, C, ALL or NONE."""
    return f"event-css-face-{face}"


def event_effect(name: str, answer: str | int | None = None) -> str:
    """The one-tap follow-up of an Event card: event-effect-power_surge, or for a
    question event-effect-coolant_leak-yes / -no; lurking's counters are
    event-effect-lurking-{kind}-up/-down and event-effect-lurking applies them;
    hatching's Characters are event-effect-hatching-{seat} (then -yes infests them, -no
    is nobody); leaving_the_shell's rows are event-effect-leaving_the_shell-{seat}."""
    return f"event-effect-{name}" if answer is None else f"event-effect-{name}-{answer}"


def attack_attacker(kind: str) -> str:
    return f"attack-attacker-{kind}"


def attack_seat(seat: int) -> str:
    return f"attack-seat-{seat}"


def attack_place(place: str) -> str:
    """`place` is S-01, S-02, S-03, ELEVATOR or STAIRS (always dark)."""
    return f"attack-place-{place}"


def attack_target(target: str) -> str:
    """standard, surprise or escape."""
    return f"attack-target-{target}"


def injury_intruder(kind: str) -> str:
    return f"injury-intruder-{kind}"


def injury_card(index: int) -> str:
    return f"injury-card-{index}"


def deck_card(deck: str, card: str) -> str:
    """A card of a browsable pile (tap: the card, large)."""
    return f"deck-card-{deck}-{card}"
