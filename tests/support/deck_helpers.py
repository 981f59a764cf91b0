"""Helpers for the deck, attack and Event Phase tests."""
from __future__ import annotations

from typing import Any

from companion.engine import GameSession, GameState, IllegalCommand
from companion.engine.contamination.handlers import shell_scans_missing
from companion.engine.phase.event_phase import blocking_reason
from companion.engine.phase.model import EventEffect, EventStep
from companion.rules import Rules
from tests.conftest import cmd, do
from tests.support.journal import remember

EVENT_COUNT = 22
ATTACK_COUNT = 20

# The answer each tracked Event card effect is given by `drive` (the simplest one).
EFFECT_COMMANDS: dict[EventEffect, tuple[str, dict[str, Any]]] = {
    EventEffect.POWER_SURGE: ("event_power_surge", {}),
    EventEffect.KICKSTOPPER: ("event_kickstopper", {}),
    EventEffect.COOLANT_LEAK: ("event_coolant_leak", {"cooling_malfunction": False}),
    EventEffect.HATCHING: ("event_hatching", {"nobody_infested": False}),
    EventEffect.LURKING: ("event_lurking", {"counts": {}}),
    EventEffect.NOISE_IN_CORRIDORS: ("event_noise_in_corridors", {"had_noise": False}),
    EventEffect.LEAVING_THE_SHELL: ("event_leaving_the_shell", {}),
    EventEffect.EGG_PROTECTION: ("event_egg_protection", {}),
}


def with_state(rules: Rules, session: GameSession, state: GameState) -> GameSession:
    """A session that starts from `state` (a scenario set up by hand)."""
    return GameSession(rules, [session.commands[0]], 0, {0: state})


def with_decks(rules: Rules, session: GameSession, **decks: dict[str, list[str]]) -> GameSession:
    """The same game with the named decks' piles replaced, e.g.
    with_decks(rules, game, attack={"draw_pile": [...], "discard": [...]})."""
    state = session.state.model_copy(deep=True)
    for name, piles in decks.items():
        deck = getattr(state.decks, name)
        for pile, cards in piles.items():
            setattr(deck, pile, list(cards))
    return with_state(rules, session, state)


def with_on_board(rules: Rules, session: GameSession, **counts: int) -> GameSession:
    """The same game with these many intruder miniatures on the app's board."""
    state = session.state.model_copy(deep=True)
    for kind, count in counts.items():
        state.bag.on_board[kind] = count
    return with_state(rules, session, state)


def next_runner_command(state: GameState, rules: Rules):
    """The command a table taps next to move the Event Phase on (simplest answers)."""
    phase = state.event_phase
    if phase is None:
        return cmd("start_event_phase")
    reason = blocking_reason(state, rules)
    if reason == "error.event_phase_css_face_needed":
        return cmd("event_css_launch", face="NONE")
    if reason == "error.event_phase_nest_fire_needed":
        return cmd("event_fire_damage", nest_fire=False)
    if reason == "error.event_phase_draw_event_card":
        return cmd("draw_event_card")
    if reason == "error.event_phase_effects_pending":
        missing = shell_scans_missing(state)
        if phase.pending_effects[0] is EventEffect.LEAVING_THE_SHELL and missing:
            # With the app's deck each Character it can touch scans (none of its cards drawn).
            member = state.member(missing[0])
            fields = {} if member.body.larva else {"in_hand": 0}
            return cmd("scan_contamination", seat=member.seat, procedure="leaving_the_shell", **fields)
        type_, fields = EFFECT_COMMANDS[phase.pending_effects[0]]
        return cmd(type_, **fields)
    if reason == "error.event_phase_develop_first":
        return cmd("event_develop_bag")
    if reason == "error.bag_queen_question_open":
        return cmd("answer_queen_in_nest", character_in_nest=False)
    if reason == "error.event_phase_bag_question_open":
        return cmd("answer_adults_retreat", not_in_combat=0)
    return cmd("continue_event_phase")


def drive_to(session: GameSession, rules: Rules, step: EventStep, **draw: Any) -> GameState:
    """Run the Event Phase (starting it if needed) until `step` is current.

    `draw` (e.g. card="hatching") is passed to draw_event_card when step 9 draws.
    """
    for _ in range(60):
        state = session.state
        if state.event_phase is not None and state.event_phase.step is step:
            return state
        command = next_runner_command(state, rules)
        if command.type == "draw_event_card" and draw:
            command = cmd("draw_event_card", **draw)
        done = session.execute(command)
        remember(done.state, done.events)  # new_keys(state) of the state returned
    raise AssertionError(f"never reached step {step}")


def finish_phase(session: GameSession, rules: Rules) -> GameState:
    """Tap through the rest of the current Event Phase."""
    for _ in range(60):
        if session.state.event_phase is None or session.state.is_over:
            return session.state
        session.execute(next_runner_command(session.state, rules))
    raise AssertionError("the Event Phase never ended")


def try_do(session: GameSession, type_: str, **fields: Any) -> bool:
    try:
        do(session, type_, **fields)
    except IllegalCommand:
        return False
    return True


def check_conservation(state: GameState, rules: Rules) -> None:
    """Every card id of each deck is in exactly one place, and nothing else is there."""
    for name, specs, count in (
        ("event", rules.event_cards, EVENT_COUNT),
        ("attack", rules.attack_cards, ATTACK_COUNT),
    ):
        deck = getattr(state.decks, name)
        cards = deck.draw_pile + deck.discard + deck.removed + deck.shown
        assert len(cards) == count, (name, len(cards))
        assert len(set(cards)) == count, (name, sorted(cards))
        assert set(cards) == {spec.id for spec in specs}
