"""Intruder attacks and injury checks, resolved with the Attack deck.

Attack: a Larva never draws (it infests); any other intruder draws 1 Attack card and
hits if the card shows its symbol (then the card's effect, plus its Darkness extra in
Darkness), else misses. Injury check: a Larva or an Egg dies at 1 injury; a Creeper
or an Adult draws 1 card, a Breeder or the Queen 2 (always both), blood values added;
dead when the sum is at most the injuries; any Retreat arrow among the drawn cards
makes it retreat instead (an Event card is drawn for its corridor only and discarded).

Cards drawn stay on show (`Deck.shown`) until the next draw from the Attack deck puts
them onto the discard pile, so a screen can show the last attack's card.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from . import bag as bag_rules
from . import crew
from .bag_model import Place
from .commands import InjuryCheck, KillIntruder, RemoveEgg, RemoveIntruder, ResolveAttack
from .context import Turn
from .decks import ATTACK_DECK, EVENT_DECK, attack_card, clear_shown, discard_shown_card, draw, event_card
from .phase_state import EventStep

if TYPE_CHECKING:
    from companion.rules import AttackCardSpec

# Locale keys of the targeting rule a screen shows before an attack, by ResolveAttack.target.
TARGET_REMINDERS: dict[str, str] = {
    "standard": "reminder.attack_target.standard",  # fewest Action cards; ties: First Player, then turn order
    "surprise": "reminder.attack_target.surprise",  # the Character who triggered the Surprise Attack
    "escape": "reminder.attack_target.escape",  # the Character escaping
}

# How many Attack cards an injury check draws, by intruder kind (0: dies at 1 injury).
INJURY_CARDS: dict[str, int] = {"larva": 0, "egg": 0, "creeper": 1, "adult": 1, "breeder": 2, "queen": 2}


# --------------------------------------------------------------------- shared helpers
def is_dark(turn: Turn, place: Place | None, dark: bool | None) -> bool:
    """Darkness as given, or derived from where it happens (as the bag does)."""
    derived: bool | None = None
    if place is not None:
        section = place.section
        derived = True if section is None else not turn.state.is_powered(section)
    if dark is not None:
        turn.require(derived is None or derived == dark, "error.attack_darkness_conflict")
        return dark
    turn.require(derived is not None, "error.attack_light_unknown")
    return bool(derived)


def _known_attack_cards(turn: Turn, cards: tuple[str, ...]) -> None:
    known = {spec.id for spec in turn.rules.attack_cards}
    for card in cards:
        turn.require(card in known, "error.deck_unknown_card", card=card)


def draw_attack_cards(turn: Turn, count: int, reported: tuple[str, ...] | None) -> list[str]:
    """Put the cards on show onto the discard pile, then draw `count` cards (or take
    the ones the table reports from its printed deck)."""
    if reported is not None:
        turn.require(len(reported) == count, "error.attack_card_count", count=count)
        _known_attack_cards(turn, reported)
    deck = turn.state.decks.attack
    clear_shown(deck)
    cards: list[str] = []
    for index in range(count):
        wanted = reported[index] if reported is not None else None
        card, reshuffled = draw(deck, turn.state.rng, wanted, name=ATTACK_DECK)
        if reshuffled:
            turn.log("log.deck.attack_reshuffled", count=len(deck.draw_pile) + 1)
        cards.append(card)
    return cards


def _on_board(turn: Turn, kind: str) -> bool:
    return turn.state.bag.on_board.get(kind, 0) > 0


def _board_untracked(turn: Turn, kind: str) -> None:
    turn.log("log.board_untracked", kind=kind)


# --------------------------------------------------------------------- attacks
def resolve_attack(turn: Turn, command: ResolveAttack) -> None:
    turn.require_running()
    member = crew.active_member(turn, command.seat)
    dark = is_dark(turn, command.place, command.dark)
    who = {"seat": member.seat, "character": member.character, "kind": command.attacker, "target": command.target}
    if command.attacker == "larva":
        turn.require(command.card is None, "error.attack_larva_draws_no_card")
        turn.log("log.attack.infest", **who)
        # The Larva leaves the board for the Character board (no Carcass, token stays aside).
        if _on_board(turn, "larva"):
            bag_rules.remove_intruder(turn, RemoveIntruder(kind="larva"))
        else:
            _board_untracked(turn, "larva")
    else:
        reported = (command.card,) if command.card is not None else None
        card = draw_attack_cards(turn, 1, reported)[0]
        spec = attack_card(turn.rules, card)
        params = {**who, "card": card, "attack_card": spec.kind}
        if command.attacker in spec.symbols:
            turn.log("log.attack.hit_dark" if dark else "log.attack.hit", **params)
            _card_effect(turn, spec, dark, command)
        else:
            turn.log("log.attack.miss", **params)
    phase = turn.state.event_phase
    if phase is not None and phase.step is EventStep.ATTACKS:
        phase.attacks += 1


def _card_effect(turn: Turn, spec: "AttackCardSpec", dark: bool, command: ResolveAttack) -> None:
    """The card's text as log lines (screens show the same keys), then what the app tracks."""
    turn.log(f"attack_card.effect.{spec.kind}", card=spec.id)
    if dark and spec.has_darkness_extra:
        turn.log(f"attack_card.dark.{spec.kind}", card=spec.id)
    if spec.kind == "evolve" and command.attacker == "creeper":
        _evolve(turn)


def _evolve(turn: Turn) -> None:
    """Evolve: the attacking Creeper is replaced with a Breeder, if a Breeder miniature is left."""
    bag = turn.state.bag
    if bag.on_board["breeder"] >= turn.rules.intruders.miniatures["breeder"]:
        turn.log("log.attack.evolve_no_breeder", kind="breeder")
        return
    if not _on_board(turn, "creeper"):
        _board_untracked(turn, "creeper")
        return
    bag_rules.remove_intruder(turn, RemoveIntruder(kind="creeper"))
    bag_rules.place_miniature(turn, "breeder")
    turn.log("log.attack.evolved", kind="breeder")


# --------------------------------------------------------------------- injury checks
def injury_check(turn: Turn, command: InjuryCheck) -> None:
    turn.require_running()
    kind = command.intruder
    count = INJURY_CARDS[kind]
    turn.require(command.retreat_card is None or count > 0, "error.injury_no_cards")
    base = {"kind": kind, "injuries": command.injuries}
    if count == 0:
        turn.require(not command.cards, "error.injury_no_cards")
        if kind == "egg":
            turn.log("log.injury.egg_destroyed", injuries=command.injuries)
            if command.in_nest:
                destroy_nest_egg(turn)
        else:
            turn.log("log.injury.killed", **base, total=0)
            _kill(turn, kind)
        return
    cards = draw_attack_cards(turn, count, command.cards)
    specs = [attack_card(turn.rules, card) for card in cards]
    for spec in specs:
        if spec.retreat:
            turn.log("log.injury.card_retreat", card=spec.id, attack_card=spec.kind)
        else:
            turn.log("log.injury.card", card=spec.id, attack_card=spec.kind, blood=spec.blood)
    total = sum(spec.blood or 0 for spec in specs)
    retreats = any(spec.retreat for spec in specs)
    turn.require(retreats or command.retreat_card is None, "error.injury_retreat_card_unused")
    if retreats:
        retreat(turn, kind, command.retreat_card)
    elif total <= command.injuries:
        turn.log("log.injury.killed", **base, total=total)
        _kill(turn, kind)
    else:
        turn.log("log.injury.survives", **base, total=total)


def _kill(turn: Turn, kind: str) -> None:
    """A dead intruder leaves the board (the bag feature's kill: Carcass, Queen announced)."""
    if _on_board(turn, kind):
        bag_rules.kill_intruder(turn, KillIntruder(kind=kind))  # type: ignore[arg-type]
    else:
        _board_untracked(turn, kind)


def destroy_nest_egg(turn: Turn) -> bool:
    """One Egg of the Nest is destroyed (bag feature); False when none is left."""
    if turn.state.bag.eggs <= 0:
        turn.log("log.injury.no_egg_in_nest")
        return False
    bag_rules.remove_egg(turn, RemoveEgg(how="destroyed"))
    return True


def retreat(turn: Turn, kind: str, reported: str | None = None) -> str:
    """The intruder retreats: an Event card is drawn for its corridor number only and
    discarded unresolved."""
    deck = turn.state.decks.event
    if reported is not None:
        turn.require(reported in {spec.id for spec in turn.rules.event_cards}, "error.deck_unknown_card", card=reported)
    card, reshuffled = draw(deck, turn.state.rng, reported, name=EVENT_DECK)
    if reshuffled:
        turn.log("log.deck.event_reshuffled", count=len(deck.draw_pile) + 1)
    discard_shown_card(deck, card)
    spec = event_card(turn.rules, card)
    params = {"kind": kind, "card": card, "event_card": spec.card, "number": spec.number, "corridor": spec.corridors[0]}
    if len(spec.corridors) > 1:
        turn.log("log.injury.retreat_two", **params, then=spec.corridors[1])
    else:
        turn.log("log.injury.retreat", **params)
    return card
