"""The Event Phase runner: steps 4 to 11 of a round as explicit, resumable state.

`start_event_phase` opens the phase at step 4; `continue_event_phase` is the only
command that moves it on, one step per tap, and it refuses while the current step
still needs the table's input:

  4 CSS launch   - a CSS token under the Time token: `event_css_launch(face)` first
                   (skipped at once when there is none, or it was already revealed);
  5 Time         - continuing moves the Time token (timetrack.advance_time);
  6 Noise        - lists the powered Sections (their Noise markers go);
  7 Attacks      - any number of `resolve_attack` (and `injury_check`) commands;
  8 Fire damage  - `event_fire_damage(nest_fire)` first (Fire in the Nest: 1 Egg destroyed);
  9 Event card   - `draw_event_card` first, then each tracked effect's follow-up;
                   continuing discards the card (or removes it and reshuffles the deck);
 10 Development  - `event_develop_bag(outcome)` first (and the Queen question answered);
 11 Round end    - Player Phase reminder; continuing closes the phase.

Everything lives in GameState.event_phase, so a restarted app resumes at the same
step and undo walks back through the steps, one command at a time. While a phase is
open the plain `advance_time` and `develop_bag` commands are refused (no double
advancing or developing): their registrations say so (registry.py).
It is one piece because steps 4 to 11 are one resumable procedure over
GameState.event_phase, and each step's continuation knows the next.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..bag import handlers as bag_rules
from ..contamination import handlers as contamination
from ..crew import handlers as crew
from ..track import markers, power, timetrack
from ..decks.attacks import destroy_nest_egg, refusal_of
from ..bag.model import MINIATURE_KINDS, Awaiting
from ..commands import (
    ContinueEventPhase,
    DrawEventCard,
    EventCoolantLeak,
    EventCssLaunch,
    EventDevelopBag,
    EventEggProtection,
    EventFireDamage,
    EventHatching,
    EventKickstopper,
    EventLeavingTheShell,
    EventLurking,
    EventNoiseInCorridors,
    EventPowerSurge,
    StartEventPhase,
)
from ..context import Turn
from ..decks.cards import EVENT_DECK, check_draws, discard_shown_card, draw, event_card, remove_shown_card
from ..errors import IllegalCommand
from ..track.first_player import next_first_player, pass_first_player
from ..guards import require, require_running
from .model import EventEffect, EventPhase, EventStep
from ..registry import EachKey, Open, always, handles
from ..state import GameState
from ...vocab import CssFace, IntruderKind, Section

if TYPE_CHECKING:
    from companion.rules import Rules


# --------------------------------------------------------------------- queries (for screens too)
def css_launch_pending(state: GameState, rules: "Rules") -> bool:
    """Step 4 needs a face: a CSS token lies under the Time token and is still hidden."""
    return rules.slot(state.time).css_space and state.css_launched_at != state.time


def powered_sections(state: GameState) -> list[Section]:
    """The Sections whose Noise step 6 clears: the Elevator's token counts as a Section
    only for what changes Power (p.16), and the Elevator has no Corridors of its own."""
    return [section for section in Section if section is not Section.ELEVATOR and state.is_powered(section)]


@dataclass(frozen=True)
class RoundEnd:
    """Step 11: what the table does before the Player Phase of the round that starts."""

    next_round: int
    # The First Player token passes on (not before the first round).
    first_player_passes: bool
    # The seat that takes it then (None: nobody is left to take it).
    new_first_player: int | None = None


def round_end(state: GameState, rules: "Rules") -> RoundEnd:
    passes = state.round > 1
    return RoundEnd(next_round=state.round, first_player_passes=passes,
                    new_first_player=next_first_player(state, rules) if passes else None)


def _step_blocker(state: GameState, phase: EventPhase, rules: "Rules") -> str | None:
    """The input the current step still needs from the table, as an error key."""
    if phase.step is EventStep.CSS_LAUNCH and css_launch_pending(state, rules):
        return "error.event_phase_css_face_needed"
    if phase.step is EventStep.FIRE and phase.nest_fire is None:
        return "error.event_phase_nest_fire_needed"
    if phase.step is EventStep.EVENT_CARD:
        if phase.event_card is None:
            return "error.event_phase_draw_event_card"
        if phase.pending_effects:
            return "error.event_phase_effects_pending"
    if phase.step is EventStep.DEVELOPMENT:
        if not phase.developed:
            return "error.event_phase_develop_first"
        if state.bag.awaiting is not None:
            # The bag waits for the table's answer (the Queen in the Nest, or another question).
            if state.bag.awaiting is Awaiting.QUEEN_IN_NEST:
                return "error.bag_queen_question_open"
            return "error.event_phase_bag_question_open"
    return None


def blocking_reason(state: GameState, rules: "Rules") -> str | None:
    """The error key `continue_event_phase` would raise now, or None if it may go on."""
    try:
        check_continue_event_phase(state, ContinueEventPhase(), rules)
    except IllegalCommand as refusal:
        return refusal.key
    return None


# --------------------------------------------------------------------- offers (the runner's forms)
def facility_seats(state: GameState) -> tuple[int, ...]:
    """The seats an Event card's effect can reach: Characters still in the Facility."""
    return tuple(member.seat for member in state.crew if member.is_in_facility)


def hatching_offers(state: GameState, rules: "Rules") -> list[Open]:
    """Whom a Larva infests, and nobody in the Nest (with those the Darkness extra infests,
    when the rules data judges "nobody" before the extra; else nobody alone)."""
    offers = []
    for nobody in (False, True):
        darkness_counts = not nobody or rules.intruders.hatching_nobody_before_darkness
        offers.append(Open(EventHatching, fixed={"nobody_infested": nobody},
                           choices={"infested": facility_seats(state) if darkness_counts else ()},
                           refusal=refusal_of(check_event_hatching, state, EventHatching(nobody_infested=nobody),
                                              rules)))
    return offers


def egg_protection_offers(state: GameState, rules: "Rules") -> list[Open]:
    return [Open(EventEggProtection, fixed={}, choices={"seats": facility_seats(state)},
                 refusal=refusal_of(check_event_egg_protection, state, EventEggProtection(), rules))]


def lurking_offers(state: GameState, rules: "Rules") -> list[Open]:
    """How many of each kind on the board go back into the bag: any number up to those on
    the board while the bag is free (none at all is always an answer)."""
    most: dict[str, tuple[int, ...]] = {}
    phase = state.event_phase
    pending = phase is not None and EventEffect.LURKING in phase.pending_effects
    if pending and refusal_of(bag_rules.check_bag_free, state, None, rules) is None:
        most = {kind: tuple(range(state.bag.on_board[kind] + 1))
                for kind in MINIATURE_KINDS if state.bag.on_board.get(kind, 0) > 0}
    return [Open(EventLurking, fixed={}, choices={"counts": EachKey(most)},
                 refusal=refusal_of(check_event_lurking, state, EventLurking(), rules))]


# --------------------------------------------------------------------- shared checks
def _open_phase(state: GameState) -> EventPhase:
    require_running(state)
    phase = state.event_phase
    require(phase is not None, "error.event_phase_not_started")
    return phase  # type: ignore[return-value]


def _at(state: GameState, step: EventStep) -> EventPhase:
    phase = _open_phase(state)
    require(phase.step is step, "error.event_phase_wrong_step", step=int(phase.step), expected=int(step))
    return phase


# --------------------------------------------------------------------- shared steps
def close_if_over(turn: Turn) -> bool:
    """A game that ended during the phase has no Event Phase left to run, whatever ended
    it (apply.run calls this after every command)."""
    state = turn.state
    if not state.is_over:
        return False
    if state.event_phase is not None:
        turn.log("log.event_phase.closed_by_the_end", round=state.event_phase.round)
        state.event_phase = None
    return True


def _enter(turn: Turn, phase: EventPhase, step: EventStep) -> None:
    """Make `step` current and write its instructions to the log."""
    state = turn.state
    phase.step = step
    if step is EventStep.CSS_LAUNCH:
        if css_launch_pending(state, turn.rules):
            turn.log("log.event_phase.css_launch", slot=state.time)
        else:
            turn.log("log.event_phase.css_skipped", slot=state.time)
            _enter(turn, phase, EventStep.TIME)
    elif step is EventStep.TIME:
        turn.log("log.event_phase.time", slot=state.time)
    elif step is EventStep.NOISE:
        phase.noise_sections = powered_sections(state)
        turn.log("log.event_phase.noise")
        for section in phase.noise_sections:
            turn.log("log.event_phase.noise_section", section=section.value)
        if not phase.noise_sections:
            turn.log("log.event_phase.noise_none")
        turn.log("log.event_phase.noise_technical_corridors")
    elif step is EventStep.ATTACKS:
        turn.log("log.event_phase.attacks")
    elif step is EventStep.FIRE:
        turn.log("log.event_phase.fire")
    elif step is EventStep.EVENT_CARD:
        turn.log("log.event_phase.event_card")
    elif step is EventStep.DEVELOPMENT:
        turn.log("log.event_phase.development")
    elif step is EventStep.ROUND_END:
        reminders = round_end(state, turn.rules)
        turn.log("log.event_phase.round_end", round=reminders.next_round)
        turn.log("log.event_phase.draw_up")
        # The token's pass is told once, when it happens (Player Phase, step 2).


# --------------------------------------------------------------------- the runner
def check_start_event_phase(state: GameState, command: object, rules: "Rules") -> None:
    require_running(state)
    require(state.event_phase is None, "error.event_phase_in_progress")


@handles(StartEventPhase, check=check_start_event_phase, offers=always(StartEventPhase()))
def start_event_phase(turn: Turn, command: StartEventPhase) -> None:
    state = turn.state
    phase = EventPhase(round=state.round)
    state.event_phase = phase
    state.latest.event_phase_start = turn.seq
    turn.log("log.event_phase.started", round=state.round)
    _enter(turn, phase, EventStep.CSS_LAUNCH)


def check_continue_event_phase(state: GameState, command: ContinueEventPhase, rules: "Rules") -> None:
    phase = _open_phase(state)
    if command.at is not None:
        require(phase.step == command.at, "error.event_phase_moved_on", step=int(phase.step))
    reason = _step_blocker(state, phase, rules)
    if reason is not None:
        raise IllegalCommand(reason)
    if phase.step is EventStep.TIME:
        timetrack.check_advance_time(state, command, rules)


# One per step: a tap on a step the phase has left is refused with the engine's reason.
@handles(ContinueEventPhase, check=check_continue_event_phase,
         offers=always(*(ContinueEventPhase(at=int(step)) for step in EventStep)))
def continue_event_phase(turn: Turn, command: ContinueEventPhase) -> None:
    phase = turn.state.event_phase
    assert phase is not None
    step = phase.step
    if step is EventStep.TIME:
        timetrack.advance_time(turn, command)
        if close_if_over(turn):
            return
    elif step is EventStep.EVENT_CARD:
        _finish_event_card(turn, phase)
    elif step is EventStep.ROUND_END:
        turn.log("log.event_phase.finished", round=phase.round)
        turn.state.event_phase = None
        pass_first_player(turn)
        return
    _enter(turn, phase, EventStep(step + 1))


def check_event_css_launch(state: GameState, command: EventCssLaunch, rules: "Rules") -> None:
    _at(state, EventStep.CSS_LAUNCH)
    crew.check_css_launch(state, command, rules)


@handles(EventCssLaunch, check=check_event_css_launch, offers=always(*(EventCssLaunch(face=face) for face in CssFace)),
         confirm="css_launch")
def event_css_launch(turn: Turn, command: EventCssLaunch) -> None:
    crew.css_launch(turn, command)


def check_event_fire_damage(state: GameState, command: EventFireDamage, rules: "Rules") -> None:
    phase = _at(state, EventStep.FIRE)
    require(phase.nest_fire is None, "error.event_phase_already_answered")
    if command.nest_fire and state.bag.eggs > 0:
        bag_rules.require_bag_free(state)  # the Nest loses an Egg


@handles(EventFireDamage, check=check_event_fire_damage,
         offers=always(EventFireDamage(nest_fire=True), EventFireDamage(nest_fire=False)))
def event_fire_damage(turn: Turn, command: EventFireDamage) -> None:
    phase = turn.state.event_phase
    assert phase is not None
    phase.nest_fire = command.nest_fire
    if command.nest_fire:
        turn.log("log.event_phase.nest_fire")
        destroy_nest_egg(turn)
    else:
        turn.log("log.event_phase.no_nest_fire")


def check_event_develop_bag(state: GameState, command: EventDevelopBag, rules: "Rules") -> None:
    phase = _at(state, EventStep.DEVELOPMENT)
    require(not phase.developed, "error.event_phase_already_developed")
    bag_rules.check_develop_bag(state, command, rules)


@handles(EventDevelopBag, check=check_event_develop_bag, hidden_outcome=True, offers=bag_rules.offer_event_develop_bag)
def event_develop_bag(turn: Turn, command: EventDevelopBag) -> None:
    bag_rules.develop_bag(turn, command)
    phase = turn.state.event_phase
    assert phase is not None
    phase.developed = True


# --------------------------------------------------------------------- step 9: the Event card
def check_draw_event_card(state: GameState, command: DrawEventCard, rules: "Rules") -> None:
    phase = _at(state, EventStep.EVENT_CARD)
    require(phase.event_card is None, "error.event_phase_event_card_drawn")
    if command.card is not None:
        require(command.card in {spec.id for spec in rules.event_cards}, "error.deck_unknown_card", card=command.card)
    check_draws(state.decks.event, 1, (command.card,) if command.card is not None else None, name=EVENT_DECK)


@handles(DrawEventCard, check=check_draw_event_card, hidden_outcome=True, offers=always(DrawEventCard()))
def draw_event_card(turn: Turn, command: DrawEventCard) -> None:
    phase = turn.state.event_phase
    assert phase is not None
    deck = turn.state.decks.event
    card, reshuffled = draw(deck, turn.state.rng, command.card, name=EVENT_DECK)
    if reshuffled:
        turn.log("log.deck.event_reshuffled", count=len(deck.draw_pile) + 1)
    spec = event_card(turn.rules, card)
    phase.event_card = card
    turn.log("log.event.drawn", card=card, event_card=spec.card, number=spec.number)
    first = spec.corridors[0]
    for kind in spec.moves:
        if len(spec.corridors) > 1:
            turn.log("log.event.moves_two", kind=kind, corridor=first, then=spec.corridors[1])
        else:
            turn.log("log.event.moves", kind=kind, corridor=first)
    turn.log(f"event_card.effect.{spec.card}", card=card)
    if spec.has_darkness_extra:
        turn.log(f"event_card.dark.{spec.card}", card=card)
    if spec.removed_after_use:
        turn.log("log.event.will_be_removed", event_card=spec.card, card=card)
    tracked = {effect.value for effect in EventEffect}
    phase.pending_effects = [EventEffect(spec.card)] if spec.card in tracked else []
    phase.done_effects = []


def _finish_event_card(turn: Turn, phase: EventPhase) -> None:
    deck = turn.state.decks.event
    card = phase.event_card
    assert card is not None
    spec = event_card(turn.rules, card)
    if spec.removed_after_use:
        remove_shown_card(deck, card, turn.state.rng)
        turn.log("log.event.removed", event_card=spec.card, card=card, count=len(deck.draw_pile))
    else:
        discard_shown_card(deck, card)


def _require_effect(state: GameState, effect: EventEffect) -> None:
    """The Event card drawn in step 9 has `effect`, not tapped yet."""
    phase = _at(state, EventStep.EVENT_CARD)
    require(effect in phase.pending_effects, "error.event_phase_no_such_effect")


def _effect_done(turn: Turn, effect: EventEffect) -> None:
    phase = turn.state.event_phase
    assert phase is not None
    phase.finish_effect(effect)


def check_event_power_surge(state: GameState, command: object, rules: "Rules") -> None:
    _require_effect(state, EventEffect.POWER_SURGE)


@handles(EventPowerSurge, check=check_event_power_surge, offers=always(EventPowerSurge()))
def event_power_surge(turn: Turn, command: EventPowerSurge) -> None:
    _effect_done(turn, EventEffect.POWER_SURGE)
    power.power_surge(turn, command)


def check_event_kickstopper(state: GameState, command: object, rules: "Rules") -> None:
    _require_effect(state, EventEffect.KICKSTOPPER)


@handles(EventKickstopper, check=check_event_kickstopper, offers=always(EventKickstopper()))
def event_kickstopper(turn: Turn, command: EventKickstopper) -> None:
    _effect_done(turn, EventEffect.KICKSTOPPER)
    token = turn.state.power[Section.ELEVATOR]
    if token.active:
        token.active = False
        turn.log("log.power_off", section=Section.ELEVATOR.value, token=token.number)
    else:
        turn.log("log.event.elevator_already_off", section=Section.ELEVATOR.value, token=token.number)


def check_event_coolant_leak(state: GameState, command: EventCoolantLeak, rules: "Rules") -> None:
    _require_effect(state, EventEffect.COOLANT_LEAK)
    if command.cooling_malfunction and state.self_destruct is None:
        timetrack.check_start_self_destruct(state, command, rules)


@handles(EventCoolantLeak, check=check_event_coolant_leak,
         offers=always(EventCoolantLeak(cooling_malfunction=True), EventCoolantLeak(cooling_malfunction=False)))
def event_coolant_leak(turn: Turn, command: EventCoolantLeak) -> None:
    _effect_done(turn, EventEffect.COOLANT_LEAK)
    if command.cooling_malfunction:
        if turn.state.self_destruct is None:
            timetrack.start_self_destruct(turn, command)
        else:
            turn.log("log.event.self_destruct_already_running")
    else:
        markers.place_malfunction(turn, command)


def check_event_hatching(state: GameState, command: EventHatching, rules: "Rules") -> None:
    _require_effect(state, EventEffect.HATCHING)
    if command.nobody_infested and command.infested:
        # Nobody in the Nest, yet some the Darkness extra infests: the rules data says
        # whether "nobody was infested" is judged before the extra (then both happen).
        require(rules.intruders.hatching_nobody_before_darkness, "error.event_phase_hatching_darkness_counts")
    require(len(set(command.infested)) == len(command.infested), "error.event_phase_hatching_twice")
    for seat in command.infested:
        crew.active_member(state, seat)
    if state.bag.eggs > 0:
        bag_rules.require_bag_free(state)  # the Nest loses an Egg


@handles(EventHatching, check=check_event_hatching, hidden_outcome=True,
         offers=lambda state, rules: hatching_offers(state, rules))
def event_hatching(turn: Turn, command: EventHatching) -> None:
    _effect_done(turn, EventEffect.HATCHING)
    if turn.state.bag.eggs > 0:
        turn.log("log.event.hatching_egg")
        destroy_nest_egg(turn)
    else:
        turn.log("log.event.hatching_no_egg")
    if command.nobody_infested:
        turn.log("log.event.hatching_larva")
        bag_rules.add_from_supply(turn, IntruderKind.LARVA)
        if command.infested:
            turn.log("log.event.hatching_darkness_after")
    elif not command.infested:
        turn.log("log.event.hatching_infested")  # told at the table, not by whom
    for seat in command.infested:
        member = turn.state.member(seat)
        turn.log("log.contamination.infested", seat=member.seat, character=member.character)
        contamination.infest(turn, member)


# --------------------------------------------------------------------- Leaving the Shell
def check_event_leaving_the_shell(state: GameState, command: EventLeavingTheShell, rules: "Rules") -> None:
    _require_effect(state, EventEffect.LEAVING_THE_SHELL)
    missing = contamination.shell_scans_missing(state)
    require(not missing, "error.event_phase_shell_scans_pending", count=len(missing))


@handles(EventLeavingTheShell, check=check_event_leaving_the_shell, offers=always(EventLeavingTheShell()))
def event_leaving_the_shell(turn: Turn, command: EventLeavingTheShell) -> None:
    _effect_done(turn, EventEffect.LEAVING_THE_SHELL)
    turn.log("log.event.leaving_the_shell_done")


def check_event_lurking(state: GameState, command: EventLurking, rules: "Rules") -> None:
    _require_effect(state, EventEffect.LURKING)
    if any(n > 0 for n in command.counts.values()):
        bag_rules.require_returnable(state, command.counts)


@handles(EventLurking, check=check_event_lurking, hidden_outcome=True,
         offers=lambda state, rules: lurking_offers(state, rules))
def event_lurking(turn: Turn, command: EventLurking) -> None:
    _effect_done(turn, EventEffect.LURKING)
    if any(n > 0 for n in command.counts.values()):
        bag_rules.return_to_bag(turn, command.counts)
    else:
        turn.log("log.event.lurking_none")


def check_event_noise_in_corridors(state: GameState, command: object, rules: "Rules") -> None:
    _require_effect(state, EventEffect.NOISE_IN_CORRIDORS)


@handles(EventNoiseInCorridors, check=check_event_noise_in_corridors,
         offers=always(EventNoiseInCorridors(had_noise=True), EventNoiseInCorridors(had_noise=False)))
def event_noise_in_corridors(turn: Turn, command: EventNoiseInCorridors) -> None:
    _effect_done(turn, EventEffect.NOISE_IN_CORRIDORS)
    state = turn.state
    if not command.had_noise:
        turn.log("log.event.noise_in_technical_corridors")
        return
    # One Fire and one Malfunction marker leave the supply for good, if any is left there.
    if state.fire < state.fire_pool:
        state.fire_pool -= 1
        turn.announce("announce.event.fire_pool_shrinks", count=state.fire, pool=state.fire_pool)
    else:
        turn.log("log.event.fire_supply_empty", count=state.fire, pool=state.fire_pool)
    if state.malfunction < state.malfunction_pool:
        state.malfunction_pool -= 1
        turn.announce("announce.event.malfunction_pool_shrinks", count=state.malfunction, pool=state.malfunction_pool)
    else:
        turn.log("log.event.malfunction_supply_empty", count=state.malfunction, pool=state.malfunction_pool)


# --------------------------------------------------------------------- Egg Protection in Darkness
def check_event_egg_protection(state: GameState, command: EventEggProtection, rules: "Rules") -> None:
    _require_effect(state, EventEffect.EGG_PROTECTION)
    require(len(set(command.seats)) == len(command.seats), "error.event_phase_egg_protection_twice")
    for seat in command.seats:
        crew.active_member(state, seat)


@handles(EventEggProtection, check=check_event_egg_protection, hidden_outcome=True,
         offers=lambda state, rules: egg_protection_offers(state, rules))
def event_egg_protection(turn: Turn, command: EventEggProtection) -> None:
    """Each Character the Darkness extra reaches gains 1 Contamination card: dealt by the
    app's deck, or taken from the printed one at the table."""
    _effect_done(turn, EventEffect.EGG_PROTECTION)
    if not command.seats:
        turn.log("log.event.egg_protection_nobody")
    for seat in command.seats:
        member = turn.state.member(seat)
        turn.log("log.event.egg_protection_card", seat=member.seat, character=member.character)
        contamination.deal(turn, member, 1)
