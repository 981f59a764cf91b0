"""Every command type with representative parameters for a given state, legal or not:
the buttons a screen might ask about, and the odd reports a table might send."""
from __future__ import annotations

from companion.engine import GameState
from companion.engine import commands as c
from companion.engine.bag.model import Place, TokenOutcome
from companion.engine.victory.model import ObjectiveChoice, ObjectiveKind
from companion.vocab import MINIATURE_KINDS, CssFace, EndReason, Pod, Section, Whereabouts
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
            c.RecordDeath(seat=seat), c.ReviveCharacter(seat=seat), c.LockIn(seat=seat), c.EscapeToBunker(seat=seat),
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
        c.ResolveEncounter(seat=seats[-1], place=Place.ELEVATOR, hand=1, ignore_darkness=True),
        c.ResolveEncounter(seat=1, place=Place.STAIRS, hand=2, ignore_darkness=True),
    ]
    for attacker in MINIATURE_KINDS:
        for card in _attack_cards(state, rules):
            commands.append(c.ResolveAttack(attacker=attacker, seat=1, place=Place.S02, card=card))
        commands += [
            c.ResolveAttack(attacker=attacker, seat=seats[-1], dark=True),
            c.ResolveAttack(attacker=attacker, seat=1),
            c.ResolveAttack(attacker=attacker, seat=1, place=Place.STAIRS, dark=False),
            c.ResolveAttack(attacker=attacker, seat=1, place=Place.STAIRS, ignore_darkness=True),
            c.ResolveAttack(attacker=attacker, seat=seats[-1], dark=True, ignore_darkness=True),
            c.ResolveAttack(attacker=attacker, seat=absent, place=Place.S01),
        ]
    for intruder in (*MINIATURE_KINDS, "egg"):
        for cards, retreat_card in _injury_reports(state, rules):
            commands.append(c.InjuryCheck(intruder=intruder, injuries=2, cards=cards, retreat_card=retreat_card))
        commands.append(c.InjuryCheck(intruder=intruder, injuries=9, in_nest=False))
    event = state.decks.event
    for card in [None, "no_such_card", *event.draw_pile[:1], *event.discard[:1], *event.removed[:1]]:
        commands.append(c.DrawEventCard(card=card))
    return commands + contingency_and_victory(seats, absent) + contamination_and_body(state, seats, absent)


def contingency_and_victory(seats: list[int], absent: int) -> list[c.GameCommand]:
    """Looks at Contingency tokens and every step of the Victory Check."""
    other = seats[1] if len(seats) > 1 else absent
    commands: list[c.GameCommand] = [
        c.PeekContingency(seat=1, via="archive"), c.PeekContingency(seat=1, via="archive", target=other),
        c.PeekContingency(seat=1, via="alert_room"), c.PeekContingency(seat=1, via="alert_room", target=other),
        c.PeekContingency(seat=1, via="computer", target=other), c.PeekContingency(seat=1, via="computer"),
        c.PeekContingency(seat=1, via="computer", target=1), c.PeekContingency(seat=absent, via="alert_room"),
        c.StartVictoryCheck(), c.StartVictoryCheck(reason=EndReason.TIME_RAN_OUT),
        c.CorrectRoster(seat=1, whereabouts=Whereabouts.BUNKER),
        c.CorrectRoster(seat=1, whereabouts=Whereabouts.POD, pod=Pod.A),
        c.CorrectRoster(seat=1, whereabouts=Whereabouts.POD),
        c.CorrectRoster(seat=other, whereabouts=Whereabouts.ISOLATION, pod=Pod.B),
        c.CorrectRoster(seat=absent, whereabouts=Whereabouts.DEAD),
        c.CorrectEndReason(reason=EndReason.FACILITY_DESTROYED), c.CorrectEndReason(reason=EndReason.TIME_RAN_OUT),
        c.ConfirmRoster(), c.RevealActiveContingency(), c.EnterActiveContingency(token="green"),
        c.EnterActiveContingency(token="no_such_token"), c.StartContaminationChecks(),
        c.RevealContamination(), c.RevealObjectives(),
    ]
    for seat in seats[:2] + [absent]:
        commands += [
            c.AnswerScan(seat=seat, larva=False, infected=True), c.AnswerScan(seat=seat, larva=False, infected=False),
            c.AnswerScan(seat=seat, larva=True, infected=False),
            c.DrawContamination(seat=seat, action_cards=10, contamination_cards=2),
            c.DrawContamination(seat=seat, action_cards=10),
            c.ReportContamination(seat=seat, dies=True), c.ReportContamination(seat=seat, dies=False),
            c.ChooseObjective(seat=seat, objective=ObjectiveChoice(kind=ObjectiveKind.KNOWLEDGE_TOKEN)),
            c.ChooseObjective(seat=seat, objective=ObjectiveChoice(kind=ObjectiveKind.PLAYER_DIES, player=other)),
            c.ChooseObjective(seat=seat, objective=ObjectiveChoice(kind=ObjectiveKind.PLAYER_DIES)),
            c.ChooseObjective(seat=seat, objective=ObjectiveChoice(kind=ObjectiveKind.SECTIONS_EXPLORED,
                                                                   sections=(Section.S01, Section.S02))),
            c.ChooseObjective(seat=seat, objective=ObjectiveChoice(kind=ObjectiveKind.QUEEN_KILLED, answer=True)),
        ]
    return commands


def contamination_and_body(state: GameState, seats: list[int], absent: int) -> list[c.GameCommand]:
    """Contamination cards, every scan procedure and the Character board, for the first
    seats and one not in the game; counts in and out of range."""
    deck = state.contamination
    commands: list[c.GameCommand] = []
    for seat in seats[:2] + [absent]:
        held = len(deck.held_by(seat)) if deck is not None else 0
        commands += [
            c.GainContamination(seat=seat), c.GainContamination(seat=seat, count=5), c.InfestCharacter(seat=seat),
            c.ContaminationCheck(seat=seat, action_cards=10),
            c.SufferWound(seat=seat), c.SufferWound(seat=seat, serious=True, count=3),
            *[c.TreatWounds(seat=seat, treatment=t)
              for t in ("dress_one", "dress_all", "heal_dressed", "heal_light", "heal_all_light")],
            c.SetSlime(seat=seat, slime=True), c.SetSlime(seat=seat, slime=False),
            c.SetLarva(seat=seat, larva=True), c.SetLarva(seat=seat, larva=False),
        ]
        for procedure in ("hand", "all", "card", "decontamination", "surgery", "leaving_the_shell"):
            for in_hand in (None, 0, 1, held, held + 1):
                commands.append(c.ScanContamination(seat=seat, procedure=procedure, in_hand=in_hand))
        commands += [
            c.ScanContamination(seat=seat, procedure="card", scope="all", remove_infected=True, remove_larva=True),
            c.ScanContamination(seat=seat, procedure="card", in_hand=1, remove_slime=True),
            c.ScanContamination(seat=seat, procedure="hand", in_hand=1, remove_infected=True),
            c.ScanContamination(seat=seat, procedure="surgery", scope="all"),
        ]
    return commands
