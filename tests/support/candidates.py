"""Every command type with representative parameters for a given state, legal or not:
the buttons a screen might ask about, and the odd reports a table might send."""
from __future__ import annotations

from companion.engine import GameState
from companion.engine import commands as c
from companion.engine.bag_model import Place, TokenOutcome
from companion.engine.vocab import MINIATURE_KINDS, CssFace, Pod, Section
from companion.rules import Rules

LAYOUT = {Section.S01: 2, Section.S02: 1, Section.S03: 4, Section.ELEVATOR: 3}
BAD_LAYOUT = {Section.S01: 1, Section.S02: 1, Section.S03: 4, Section.ELEVATOR: 3}


def _outcomes(state: GameState, rules: Rules) -> list[TokenOutcome | None]:
    """No report, then reports of tokens in the bag, beside it and not in the box."""
    specs = {spec.id: spec for spec in rules.intruders.tokens}
    outcomes: list[TokenOutcome | None] = [None]
    if state.bag.bag:
        first, last = specs[state.bag.bag[0]], specs[state.bag.bag[-1]]
        outcomes += [
            TokenOutcome(token=first.id),
            TokenOutcome(kind=last.kind),
            TokenOutcome(kind=last.kind, light=last.light, dark=last.dark),
        ]
    if state.bag.aside:
        outcomes.append(TokenOutcome(token=state.bag.aside[0]))
    outcomes += [TokenOutcome(token="adult_99"), TokenOutcome(kind="queen", light=1, dark=1)]
    return outcomes


def _attack_cards(state: GameState, rules: Rules) -> list[str | None]:
    deck = state.decks.attack
    cards: list[str | None] = [None, "no_such_card"]
    cards += deck.draw_pile[:1] + deck.draw_pile[-1:] + deck.discard[:1] + deck.shown[:1]
    evolve = [spec.id for spec in rules.attack_cards if spec.kind == "evolve"]
    return cards + evolve[:1]


def _injury_reports(state: GameState, rules: Rules) -> list[tuple[tuple[str, ...] | None, str | None]]:
    """(cards, retreat_card) pairs: none, one or two cards from where they are now."""
    deck = state.decks.attack
    pile = deck.draw_pile or deck.discard + deck.shown
    retreats = [spec.id for spec in rules.attack_cards if spec.retreat and spec.id in pile]
    event = state.decks.event.draw_pile[:1] or state.decks.event.discard[:1] or ["hatching_1"]
    reports: list[tuple[tuple[str, ...] | None, str | None]] = [(None, None), (None, event[0]), ((), None)]
    reports += [((card,), None) for card in pile[:2]]
    reports += [((card,), event[0]) for card in retreats[:1]]
    if len(pile) >= 2:
        reports += [(tuple(pile[:2]), None), (tuple(pile[:2]), event[0]), ((pile[0], pile[0]), None)]
    reports.append((("no_such_card",), None))
    return reports


def candidates(state: GameState, rules: Rules) -> list[c.GameCommand]:
    seats = [member.seat for member in state.crew]
    absent = max(seats) + 1
    commands: list[c.GameCommand] = [
        c.AdvanceTime(), c.StartSelfDestruct(), c.StopSelfDestruct(), c.TriggerAlert(),
        c.RestorePower(), c.RestorePower(layout=LAYOUT), c.RestorePower(layout=BAD_LAYOUT),
        c.FlipPower(section=Section.S02), c.FlipPower(section=Section.ELEVATOR),
        c.SwapPower(first=Section.S01, second=Section.S03), c.SwapPower(first=Section.S01, second=Section.S01),
        c.PowerSurge(), c.PlaceFire(), c.RemoveFire(), c.PlaceMalfunction(), c.RemoveMalfunction(),
        c.RecordFirstEncounter(), c.OpenMainGate(), c.SetShowOdds(show=False),
        c.CssLaunch(face=CssFace.A), c.CssLaunch(face=CssFace.ALL), c.CssLaunch(face=CssFace.NONE),
        c.StartEventPhase(), c.ContinueEventPhase(),
        c.EventCssLaunch(face=CssFace.NONE), c.EventCssLaunch(face=CssFace.B),
        c.EventFireDamage(nest_fire=True), c.EventFireDamage(nest_fire=False),
        c.EventPowerSurge(), c.EventKickstopper(),
        c.EventCoolantLeak(cooling_malfunction=True), c.EventCoolantLeak(cooling_malfunction=False),
        c.EventHatching(nobody_infested=True), c.EventHatching(nobody_infested=False),
        c.EventLurking(), c.EventLurking(counts={"adult": 1, "larva": 0}),
        c.EventNoiseInCorridors(had_noise=True), c.EventNoiseInCorridors(had_noise=False),
        c.AnswerQueenInNest(character_in_nest=False),
        c.AnswerQueenInNest(character_in_nest=False, seat=1),
        c.AnswerQueenInNest(character_in_nest=True, seat=1),
        c.AnswerQueenInNest(character_in_nest=True, seat=1, place=Place.S03, hand=2),
        c.AnswerQueenInNest(character_in_nest=True, seat=absent, place=Place.STAIRS, hand=5),
        c.AnswerAdultsRetreat(not_in_combat=0), c.AnswerAdultsRetreat(not_in_combat=2),
        c.AnswerAdultsRetreat(not_in_combat=8),
        c.ReturnIntrudersToBag(counts={}), c.ReturnIntrudersToBag(counts={"adult": 1}),
        c.ReturnIntrudersToBag(counts={"larva": 1, "creeper": 2}),
        c.RemoveEgg(how="taken"), c.RemoveEgg(how="destroyed"),
    ]
    for seat in seats[:3] + [absent]:
        member = next((m for m in state.crew if m.seat == seat), None)
        knowledge = member.knowledge if member is not None else 0
        commands += [
            c.RecordDeath(seat=seat), c.LockIn(seat=seat), c.EscapeToBunker(seat=seat),
            c.EnterPod(seat=seat, pod=list(Pod)[seat % 3]),
            c.SetKnowledge(seat=seat, value=knowledge + 1), c.SetKnowledge(seat=seat, value=knowledge - 1),
            c.SetKnowledge(seat=seat, value=rules.knowledge.maximum + 1),
            c.ActivateKnowledgeToken(seat=seat), c.SendSignal(seat=seat),
        ]
    for kind in MINIATURE_KINDS:
        commands += [
            c.KillIntruder(kind=kind), c.IntruderToTechnicalCorridor(kind=kind), c.RemoveIntruder(kind=kind),
            c.PlaceIntruder(kind=kind), c.AddToBag(kind=kind),
        ]
    for outcome in _outcomes(state, rules):
        commands += [
            c.ResolveEncounter(seat=1, place=Place.S01, hand=2, outcome=outcome),
            c.DevelopBag(outcome=outcome),
            c.EventDevelopBag(outcome=outcome),
        ]
    commands += [
        c.ResolveEncounter(seat=absent, place=Place.STAIRS, hand=0),
        c.ResolveEncounter(seat=seats[-1], place=Place.ELEVATOR, hand=4),
    ]
    for attacker in MINIATURE_KINDS:
        for card in _attack_cards(state, rules):
            commands.append(c.ResolveAttack(attacker=attacker, seat=1, place=Place.S02, card=card))
        commands += [
            c.ResolveAttack(attacker=attacker, seat=seats[-1], dark=True),
            c.ResolveAttack(attacker=attacker, seat=1),
            c.ResolveAttack(attacker=attacker, seat=1, place=Place.STAIRS, dark=False),
            c.ResolveAttack(attacker=attacker, seat=absent, place=Place.S01),
        ]
    for intruder in (*MINIATURE_KINDS, "egg"):
        for cards, retreat_card in _injury_reports(state, rules):
            commands.append(c.InjuryCheck(intruder=intruder, injuries=2, cards=cards, retreat_card=retreat_card))
        commands.append(c.InjuryCheck(intruder=intruder, injuries=9, in_nest=False))
    event = state.decks.event
    for card in [None, "no_such_card", *event.draw_pile[:1], *event.discard[:1], *event.removed[:1]]:
        commands.append(c.DrawEventCard(card=card))
    return commands
