"""Screens offer a resolution only while the game owes it: a Surprise Attack's Resolve on
the bag screen and at step 10, Evolve's Breeder on the attack screen, an intruder met at
step 7; once its moment has passed, the draw reads as past and offers nothing."""
from __future__ import annotations

import flet as ft
import pytest

from companion.engine import NewGame, PlayerSetup, Section
from companion.engine.bag.model import Place, TokenOutcome
from companion.engine.commands import (AnswerQueenInNest, ContinueEventPhase, DrawEventCard, EventDevelopBag,
                                       PlaceIntruder, ResolveAttack, ResolveEncounter, StartEventPhase)
from companion.engine.phase.model import EventEffect, EventStep
from tests.support.screens import build_bag_screen, build_events_screen
from companion.ui.events import ATTACK, RUNNER
from companion.ui.events.draft import draft_of as events_draft_of
from tests.support.deck_helpers import next_runner_command

from .ui_tree import check_texts, fire, identifiers, make_context, make_controller, strings, tagged, walk
from companion.ui.bag import ids as bag_ids
from companion.ui.events import ids as events_ids

LANGS = ("pt-BR", "tr")
LAYOUT = {Section.S01: 1, Section.S02: 2, Section.S03: 3, Section.ELEVATOR: 4}  # S-03, Elevator dark
CHARACTERS = ("hacker", "janitor", "sentry", "xenobiologist")
# An Adult 2/4 in S-03 (no power) against a hand of 3: a Surprise Attack on seat 2.
SURPRISE = ResolveEncounter(seat=2, place=Place.S03, hand=3, outcome=TokenOutcome(kind="adult", light=2, dark=4))


@pytest.fixture
def controller(tmp_path):
    controller = make_controller(tmp_path)
    controller.new_game(NewGame(players=tuple(PlayerSetup(name=f"P{i + 1}", character=CHARACTERS[i])
                                              for i in range(4)),
                                seed=7, power_layout=LAYOUT, physical_bag=True), "t")
    return controller


def _tap(control, identifier: str) -> None:
    """Tap as a player would: the enabled button inside, else the tappable chip."""
    found = list(walk(tagged(control, identifier)))
    for item in found:
        if isinstance(item, (ft.Button, ft.IconButton)) and item.on_click is not None and not item.disabled:
            fire(item.on_click)
            return
    for item in found:
        if isinstance(item, ft.Container) and item.on_click is not None:
            fire(item.on_click)
            return
    raise AssertionError(f"{identifier!r} offers nothing to tap")


def _shown(control, identifier: str) -> bool:
    """On screen: in the tree and visible all the way up (a kept screen hides, never removes)."""
    def visible_path(node, path):
        if node is None:
            return None
        path = path + [node]
        if isinstance(node, ft.Semantics) and node.identifier == identifier:
            return path
        for child in _children(node):
            found = visible_path(child, path)
            if found:
                return found
        return None
    path = visible_path(control, [])
    return bool(path) and all(getattr(node, "visible", True) is not False for node in path)


def _children(node):
    for name in ("content", "controls", "actions", "title"):
        value = getattr(node, name, None)
        if isinstance(value, list):
            yield from value
        elif isinstance(value, ft.Control):
            yield value


def _banner(ctx) -> str:
    return " ".join(strings(tagged(build_bag_screen(ctx), bag_ids.SURPRISE_ATTACK)))


@pytest.mark.parametrize("lang", LANGS)
def test_the_bag_screen_offers_a_surprise_attack_once_then_shows_it_as_past(controller, lang):
    ctx = make_context(controller, lang, 390)
    ctx.navigate = lambda screen: None
    controller.execute(SURPRISE)
    t = ctx.texts.t
    assert _shown(build_bag_screen(ctx), bag_ids.SURPRISE_ATTACK_RESOLVE)
    assert ctx.texts.upper(t("ui.bag.surprise.yes")) in _banner(ctx)
    _tap(build_bag_screen(ctx), bag_ids.SURPRISE_ATTACK_RESOLVE)
    owed = controller.state.pending[0]
    assert events_draft_of(ctx).resolves == owed.id
    _tap(build_events_screen(ctx, ATTACK), events_ids.ATTACK_RESOLVE)
    assert controller.state.pending == [] and controller.state.latest.attack.seat == 2
    screen = build_bag_screen(ctx)
    check_texts(screen)
    assert not _shown(screen, bag_ids.SURPRISE_ATTACK_RESOLVE)
    assert t("ui.bag.surprise.resolved") in _banner(ctx)
    assert ctx.texts.upper(t("ui.bag.surprise.yes")) not in _banner(ctx)


@pytest.mark.parametrize("lang", LANGS)
def test_a_form_filled_before_the_resolution_is_refused_with_the_engines_reason(controller, lang):
    """A second page (or a second tap) that still holds the filled form sends nothing."""
    first, second = make_context(controller, lang, 390), make_context(controller, lang, 1280)
    for ctx in (first, second):
        ctx.navigate = lambda screen: None
    controller.execute(SURPRISE)
    for ctx in (first, second):
        _tap(build_bag_screen(ctx), bag_ids.SURPRISE_ATTACK_RESOLVE)
    stale = events_draft_of(second).resolves
    assert stale == controller.state.pending[0].id
    _tap(build_events_screen(first, ATTACK), events_ids.ATTACK_RESOLVE)
    applied = controller.state.commands_applied
    # The other page's form empties with the attack that went through: nothing left to send.
    resolve = tagged(build_events_screen(second, ATTACK), events_ids.ATTACK_RESOLVE)
    assert all(button.disabled for button in walk(resolve) if isinstance(button, ft.Button))
    assert events_draft_of(second).resolves is None
    # And the stale attack itself, sent as the filled form held it, is refused aloud.
    refusal = controller.check(ResolveAttack(attacker="adult", seat=2, place=Place.S03, target="surprise",
                                             resolves=stale))
    assert refusal is not None and refusal.key == "error.pending.gone"
    assert second.texts.t(refusal.key) and controller.state.commands_applied == applied


@pytest.mark.parametrize("lang", LANGS)
def test_a_surprise_attack_left_open_reads_as_past_in_the_next_round(controller, lang):
    ctx = make_context(controller, lang, 360)
    controller.execute(SURPRISE)
    controller.execute(StartEventPhase())
    screen = build_bag_screen(ctx)
    assert not _shown(screen, bag_ids.SURPRISE_ATTACK_RESOLVE)
    assert ctx.texts.t("ui.bag.surprise.lapsed") in _banner(ctx)
    lapsed = [entry for entry in controller.session.history() if entry.key == "announce.pending.lapsed.surprise_attack"]
    assert len(lapsed) == 1


def _to_development(controller) -> None:
    controller.execute(StartEventPhase())
    for _ in range(30):
        phase = controller.state.event_phase
        if phase.step is EventStep.DEVELOPMENT:
            return
        command = next_runner_command(controller.state, controller.rules)
        if isinstance(command, DrawEventCard):
            tracked = {effect.value for effect in EventEffect}
            command = DrawEventCard(card=next(spec.id for spec in controller.rules.event_cards
                                              if spec.card not in tracked))
        controller.execute(command)
    raise AssertionError("never reached step 10")


@pytest.mark.parametrize("lang", LANGS)
def test_step_10_offers_the_queens_surprise_attack_until_it_is_resolved(controller, lang):
    ctx = make_context(controller, lang, 360)
    ctx.navigate = lambda screen: None
    _to_development(controller)
    controller.execute(EventDevelopBag(outcome=TokenOutcome(kind="queen")))
    controller.execute(AnswerQueenInNest(character_in_nest=True, seat=3, place=Place.ELEVATOR, hand=0))
    assert _shown(build_events_screen(ctx, RUNNER), bag_ids.SURPRISE_ATTACK_RESOLVE)
    _tap(build_events_screen(ctx, RUNNER), bag_ids.SURPRISE_ATTACK_RESOLVE)
    _tap(build_events_screen(ctx, ATTACK), events_ids.ATTACK_RESOLVE)
    assert controller.state.pending == []
    runner = build_events_screen(ctx, RUNNER)
    check_texts(runner)
    assert not _shown(runner, bag_ids.SURPRISE_ATTACK_RESOLVE)
    assert ctx.texts.t("ui.bag.surprise.resolved") in " ".join(strings(tagged(runner, bag_ids.SURPRISE_ATTACK)))


@pytest.mark.parametrize("lang", LANGS)
def test_the_breeder_follow_up_is_offered_only_while_it_is_owed(controller, lang):
    ctx = make_context(controller, lang, 390)
    ctx.navigate = lambda screen: None
    controller.execute(PlaceIntruder(kind="creeper"))
    from companion.ui.events.draft import open_screen
    open_screen(ctx, ATTACK)
    controller.execute(ResolveAttack(attacker="creeper", seat=1, dark=True, card="evolve_4"))
    assert _shown(build_events_screen(ctx, ATTACK), events_ids.ATTACK_BREEDER_FOLLOW_UP)
    _tap(build_events_screen(ctx, ATTACK), events_ids.ATTACK_BREEDER_FOLLOW_UP)
    draft = events_draft_of(ctx)
    assert (draft.attacker, draft.resolves) == ("breeder", controller.state.pending[0].id)
    _tap(build_events_screen(ctx, ATTACK), events_ids.attack_seat(2))
    _tap(build_events_screen(ctx, ATTACK), events_ids.attack_place("S-03"))
    _tap(build_events_screen(ctx, ATTACK), events_ids.ATTACK_RESOLVE)
    assert controller.state.pending == [] and controller.state.latest.attack.attacker == "breeder"
    assert not _shown(build_events_screen(ctx, ATTACK), events_ids.ATTACK_BREEDER_FOLLOW_UP)


def test_step_7_does_not_offer_again_an_intruder_whose_attack_was_resolved(controller):
    ctx = make_context(controller, "pt-BR", 390)
    controller.execute(ResolveEncounter(seat=1, place=Place.S01, hand=5,
                                        outcome=TokenOutcome(kind="adult", light=2, dark=4)))
    controller.execute(StartEventPhase())
    while controller.state.event_phase.step is not EventStep.ATTACKS:
        controller.execute(ContinueEventPhase())
    pick = events_ids.event_attack_pick("adult", 1)
    assert pick in identifiers(build_events_screen(ctx, RUNNER))
    _tap(build_events_screen(ctx, RUNNER), pick)
    _tap(build_events_screen(ctx, RUNNER), events_ids.EVENT_ATTACK_RESOLVE)
    assert controller.state.event_phase.attacks == 1
    runner = build_events_screen(ctx, RUNNER)
    assert not _shown(runner, pick)
