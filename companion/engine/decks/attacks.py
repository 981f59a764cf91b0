"""Intruder attacks and injury checks, resolved with the Attack deck, in one piece: each
command's check, effect and offers (the forms the screens draw) read the same rules of
the deck, and split apart they would each restate them.

Attack: a Larva never draws (it infests); any other intruder draws 1 Attack card and
hits if the card shows its symbol (then the card's effect, plus its Darkness extra in
Darkness), else misses. Injury check: a Larva or an Egg dies at 1 injury; a Creeper
or an Adult draws 1 card, a Breeder or the Queen 2 (always both), blood values added;
dead when the sum is at most the injuries; any Retreat arrow among the drawn cards
makes it retreat instead (an Event card is drawn for its corridor only and discarded).

Cards drawn stay on show (`Deck.shown`) until the next draw from the Attack deck puts
them onto the discard pile, so a screen can show the last attack's card.

A check never depends on a card the app has yet to draw: when the table reports the
cards, it is exact; when the app draws them, it refuses whatever the draw might lead
to that the rules forbid now (a miniature leaving the board while the bag waits for
an answer, a Retreat with no Event card left).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Sequence, get_args

from ..crew import body as body_rules
from ..contamination import handlers as contamination
from ..crew import handlers as crew
from .attack_board import BLOOD_CHASE, breeder_attacks, card_kills, resolve_card
from ..bag.handlers import (
    destroy_carried_egg,
    kill_miniature,
    lighting,
    place_miniature,
    places,
    remove_miniature,
    remove_nest_egg,
    require_bag_free,
    require_place,
)
from ..bag.model import MINIATURE_KINDS, Place
from ..commands import AttackTarget, InjuryCheck, ResolveAttack
from ..context import Turn
from .cards import (
    ATTACK_DECK,
    EVENT_DECK,
    Deck,
    attack_card,
    check_draws,
    clear_shown,
    discard_shown_card,
    draw,
    event_card,
)
from ..errors import IllegalCommand
from ..guards import require, require_running
from ..pending import rules as pending
from ..pending.model import PendingKind
from ..phase.model import EventStep
from ..registry import Open, handles
from ..results import AttackOutcome, AttackResult, InjuryOutcome, InjuryResult
from ..state import GameState
from ...vocab import IntruderKind

if TYPE_CHECKING:
    from companion.rules import AttackCardSpec, EventCardSpec, Rules

    from ..crew.body_model import Body
    from ..state import CrewMember

# Locale keys of the targeting rule a screen shows before an attack, by ResolveAttack.target.
TARGET_REMINDERS: dict[str, str] = {
    "standard": "reminder.attack_target.standard",  # fewest Action cards; ties: First Player, then turn order
    "surprise": "reminder.attack_target.surprise",  # the Character who triggered the Surprise Attack
    "escape": "reminder.attack_target.escape",  # the Character escaping
}

EGG = "egg"
# How many Attack cards an injury check draws, by intruder kind (0: dies at 1 injury).
INJURY_CARDS: dict[str, int] = {
    IntruderKind.LARVA: 0,
    EGG: 0,
    IntruderKind.CREEPER: 1,
    IntruderKind.ADULT: 1,
    IntruderKind.BREEDER: 2,
    IntruderKind.QUEEN: 2,
}
EVOLVE = "evolve"  # the Attack card kind that turns the attacking Creeper into a Breeder
# The journal line of a Retreat on a card with two corridor numbers, by the corridor taken.
RETREAT_TWO_KEYS = {"first": "log.injury.retreat_two", "second": "log.injury.retreat_two_second"}
# The most injuries the injury-check form counts on one intruder.
INJURIES_MAX = 12


def refusal_of(check, state: GameState, command, rules: "Rules") -> IllegalCommand | None:
    """Why `check` refuses `command` now (None: it accepts it): an `Open` form's refusal."""
    try:
        check(state, command, rules)
    except IllegalCommand as refusal:
        return refusal
    return None


# --------------------------------------------------------------------- shared helpers
def darkness(state: GameState, rules: "Rules", place: Place | None, dark: bool | None) -> bool:
    """Darkness as given, or derived from where it happens (the bag's lighting rule)."""
    require_place(rules, place)
    derived = None if place is None else lighting(state, rules, place).is_dark
    if dark is not None:
        require(derived is None or derived == dark, "error.attack_darkness_conflict")
        return dark
    require(derived is not None, "error.attack_light_unknown")
    return bool(derived)


def attack_darkness(state: GameState, rules: "Rules", command: ResolveAttack) -> bool:
    """Whether the card's Darkness extra applies: not for a Character who ignores Darkness."""
    dark = darkness(state, rules, command.place, command.dark)
    return dark and not command.ignore_darkness


def _on_board(state: GameState, kind: str) -> bool:
    return state.bag.on_board.get(kind, 0) > 0


def _possible_cards(deck: Deck, count: int) -> list[str]:
    """Every card `count` draws from the Attack deck might bring (the shown cards go
    onto the discard pile first; an empty pile takes the discard pile)."""
    if len(deck.draw_pile) >= count:
        return deck.draw_pile
    return deck.draw_pile + deck.discard + deck.shown


def _attack_specs(rules: "Rules") -> dict[str, "AttackCardSpec"]:
    return {spec.id: spec for spec in rules.attack_cards}


def check_attack_draw(state: GameState, rules: "Rules", count: int, reported: Sequence[str] | None) -> None:
    if reported is not None:
        require(len(reported) == count, "error.attack_card_count", count=count)
        known = {spec.id for spec in rules.attack_cards}
        for card in reported:
            require(card in known, "error.deck_unknown_card", card=card)
    check_draws(state.decks.attack, count, reported, name=ATTACK_DECK, clears_shown=True)


def draw_attack_cards(turn: Turn, count: int, reported: tuple[str, ...] | None) -> list[str]:
    """Put the cards on show onto the discard pile, then draw `count` cards (or take
    the ones the table reports from its printed deck)."""
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


def _board_untracked(turn: Turn, kind: str) -> None:
    turn.log("log.board_untracked", kind=kind)


# --------------------------------------------------------------------- attacks
def _may_evolve(state: GameState, rules: "Rules", card: str | None) -> bool:
    """The attacking Creeper may turn into a Breeder on the app's board."""
    if not _on_board(state, IntruderKind.CREEPER):
        return False
    if state.bag.on_board[IntruderKind.BREEDER] >= rules.intruders.miniatures[IntruderKind.BREEDER]:
        return False
    cards = [card] if card is not None else _possible_cards(state.decks.attack, 1)
    specs = _attack_specs(rules)
    for spec in (specs[c] for c in cards):
        if spec.kind == EVOLVE and IntruderKind.CREEPER in spec.symbols:
            return True
    return False


def check_resolve_attack(state: GameState, command: ResolveAttack, rules: "Rules") -> None:
    require_running(state)
    pending.resolved_by(state, command)
    crew.active_member(state, command.seat)
    attack_darkness(state, rules, command)
    if command.attacker == IntruderKind.LARVA:
        require(command.card is None, "error.attack_larva_draws_no_card")
        if _on_board(state, IntruderKind.LARVA):
            require_bag_free(state)  # the Larva leaves the board
        return
    check_attack_draw(state, rules, 1, (command.card,) if command.card is not None else None)
    if command.attacker == IntruderKind.CREEPER and _may_evolve(state, rules, command.card):
        require_bag_free(state)


def attack_offers(state: GameState, rules: "Rules") -> list[Open]:
    """The attack form, one per attacker: a free attack, and one resolving each pending
    attack (`resolves` names it; a Surprise Attack's Character is the one it owes). The
    refusal does not depend on the Character, place or target picked among those offered."""
    in_facility = tuple(member.seat for member in state.crew if member.is_in_facility)
    where = places(rules)
    offers = []
    for owed in (None, *state.pending):
        seats = in_facility
        if owed is not None and owed.kind is PendingKind.SURPRISE_ATTACK:
            seats = tuple(seat for seat in seats if seat == owed.seat)
        for attacker in MINIATURE_KINDS:
            fixed = {"attacker": attacker, "resolves": owed.id if owed is not None else None}
            sample = ResolveAttack(**fixed, seat=seats[0] if seats else state.crew[0].seat, place=where[0])
            offers.append(Open(ResolveAttack, fixed=fixed,
                               choices={"seat": seats, "place": where, "target": get_args(AttackTarget),
                                        "ignore_darkness": (False, True)},
                               refusal=refusal_of(check_resolve_attack, state, sample, rules)))
    return offers


@handles(ResolveAttack, check=check_resolve_attack, hidden_outcome=True,
         may_end_game=lambda state, command, rules: attack_may_end_game(state, command, rules),
         offers=lambda state, rules: attack_offers(state, rules))
def resolve_attack(turn: Turn, command: ResolveAttack) -> None:
    state = turn.state
    owed = pending.resolved_by(state, command)
    if owed is not None:
        pending.consume(turn, owed)
    member = state.member(command.seat)
    dark = attack_darkness(state, turn.rules, command)
    who = {"seat": member.seat, "character": member.character, "kind": command.attacker, "target": command.target}
    if command.ignore_darkness and darkness(state, turn.rules, command.place, command.dark):
        turn.log("log.attack.darkness_ignored", seat=member.seat, character=member.character)
    result = AttackResult(seq=turn.seq, attacker=command.attacker, seat=member.seat, target=command.target,
                          dark=dark, outcome=AttackOutcome.INFESTED,
                          place=command.place.value if command.place is not None else None)
    if command.attacker == IntruderKind.LARVA:
        turn.log("log.attack.infest", **who)
        contamination.infest(turn, member, from_the_board=True)
        # The Larva leaves the board for the Character board (no Carcass, token stays aside).
        if _on_board(state, IntruderKind.LARVA):
            remove_miniature(turn, IntruderKind.LARVA)
        else:
            _board_untracked(turn, IntruderKind.LARVA)
    else:
        reported = (command.card,) if command.card is not None else None
        result.card = draw_attack_cards(turn, 1, reported)[0]
        spec = attack_card(turn.rules, result.card)
        params = {**who, "card": result.card, "attack_card": spec.kind}
        if command.attacker in spec.symbols:
            result.outcome = AttackOutcome.HIT
            turn.log("log.attack.hit_dark" if dark else "log.attack.hit", **params)
            _card_effect(turn, spec, dark, command, result)
        else:
            result.outcome = AttackOutcome.MISS
            turn.log("log.attack.miss", **params)
    state.latest.attack = result
    phase = state.event_phase
    if phase is not None and phase.step is EventStep.ATTACKS:
        phase.attacks += 1
        phase.attacks_by.append((command.attacker, command.seat))


def _card_effect(turn: Turn, spec: "AttackCardSpec", dark: bool, command: ResolveAttack,
                 result: AttackResult) -> None:
    """The card's text as log lines (screens show the same keys), then what the app tracks:
    the miniatures, the Character board, the Contamination card and the Larva."""
    turn.log(f"attack_card.effect.{spec.kind}", card=spec.id)
    if dark and spec.has_darkness_extra:
        turn.log(f"attack_card.dark.{spec.kind}", card=spec.id)
    evolved = spec.kind == EVOLVE and command.attacker == IntruderKind.CREEPER and _evolve(turn)
    result.breeder_attacks = evolved and breeder_attacks(spec.kind, dark)
    if result.breeder_attacks:
        turn.log("log.attack.breeder_attacks", kind=IntruderKind.BREEDER)
        pending.open_attack(turn, PendingKind.BREEDER_ATTACK, IntruderKind.BREEDER, place=command.place)
    member = turn.state.member(command.seat)
    result.killed = resolve_card(_PlayedBoard(turn, member), spec.kind, dark,
                                 extra_after=turn.rules.intruders.darkness_extra_after_effect)
    if result.killed:
        return
    if spec.kind == BLOOD_CHASE and command.target == "escape" and member.body.undressed_wounds:
        turn.log("log.attack.follows", seat=member.seat, character=member.character, kind=command.attacker)


class _PlayedBoard:
    """The Character's own board: each wound, Slime marker and death logged as it happens."""

    def __init__(self, turn: Turn, member: "CrewMember") -> None:
        self.turn, self.member = turn, member

    @property
    def body(self) -> "Body":
        return self.member.body

    def wound(self, *, serious: bool) -> bool:
        return body_rules.suffer_wound(self.turn, self.member, serious=serious)

    def slime(self) -> None:
        if not self.member.body.slime:  # a second Slime marker does nothing
            self.member.body.slime = True
            self.turn.log("log.body.slime_gained", seat=self.member.seat, character=self.member.character)

    def contaminate(self) -> None:
        contamination.deal(self.turn, self.member, 1)

    def infest(self) -> None:
        contamination.infest(self.turn, self.member)

    def die(self) -> None:
        body_rules.die(self.turn, self.member, "announce.body.died_of_attack")


def attack_may_end_game(state: GameState, command: ResolveAttack, rules: "Rules") -> bool:
    """Whether the attack may end the game, from what everyone can see: the target is the
    last Character in the Facility and some card still in the Attack deck (which cards
    are left is public, their order is not) would hit and kill it with its board as it is."""
    if command.attacker == IntruderKind.LARVA or not crew.is_last_in_facility(state, command.seat):
        return False
    dark = attack_darkness(state, rules, command)
    body = state.member(command.seat).body
    specs = _attack_specs(rules)
    cards = [command.card] if command.card is not None else _possible_cards(state.decks.attack, 1)
    after = rules.intruders.darkness_extra_after_effect
    return any(command.attacker in specs[card].symbols and card_kills(body, specs[card].kind, dark, extra_after=after)
               for card in set(cards))


def _evolve(turn: Turn) -> bool:
    """Evolve: the attacking Creeper is replaced with a Breeder, if a Breeder miniature is
    left (True: a Breeder stands where the Creeper was)."""
    bag = turn.state.bag
    breeder = IntruderKind.BREEDER
    if bag.on_board[breeder] >= turn.rules.intruders.miniatures[breeder]:
        turn.log("log.attack.evolve_no_breeder", kind=breeder)
        return False
    if not _on_board(turn.state, IntruderKind.CREEPER):
        _board_untracked(turn, IntruderKind.CREEPER)
        return True
    remove_miniature(turn, IntruderKind.CREEPER)
    place_miniature(turn, breeder)
    turn.log("log.attack.evolved", kind=breeder)
    return True


# --------------------------------------------------------------------- injury checks
def _check_retreat(state: GameState, rules: "Rules", reported: str | None) -> None:
    """An Event card can be drawn for the retreat's corridor."""
    if reported is not None:
        require(reported in {spec.id for spec in rules.event_cards}, "error.deck_unknown_card", card=reported)
    check_draws(state.decks.event, 1, (reported,) if reported is not None else None, name=EVENT_DECK)


def check_injury_check(state: GameState, command: InjuryCheck, rules: "Rules") -> None:
    require_running(state)
    kind = command.intruder
    count = INJURY_CARDS[kind]
    require(command.retreat_card is None or count > 0, "error.injury_no_cards")
    if count == 0:
        require(not command.cards, "error.injury_no_cards")
        if kind == EGG:
            if command.in_nest and state.bag.eggs > 0:
                require_bag_free(state)  # the Nest loses the Egg
        elif _on_board(state, kind):
            require_bag_free(state)  # the dead intruder leaves the board
        return
    # A Retreat card is reported by a table that reports the Attack cards too.
    require(command.retreat_card is None or command.cards is not None, "error.injury_retreat_card_needs_cards")
    check_attack_draw(state, rules, count, command.cards)
    if command.cards is not None:
        specs = [attack_card(rules, card) for card in command.cards]
        retreats = any(spec.retreat for spec in specs)
        require(retreats or command.retreat_card is None, "error.injury_retreat_card_unused")
        if retreats:
            _check_retreat(state, rules, command.retreat_card)
        elif sum(spec.blood or 0 for spec in specs) <= command.injuries and _on_board(state, kind):
            require_bag_free(state)
        return
    # The app draws the cards: the intruder may retreat, or die and leave the board.
    specs = _attack_specs(rules)
    if any(specs[card].retreat for card in _possible_cards(state.decks.attack, count)):
        _check_retreat(state, rules, None)
    if _on_board(state, kind):
        require_bag_free(state)


def injury_offers(state: GameState, rules: "Rules") -> list[Open]:
    """The injury-check form, one per intruder kind (and, for an Egg, whether it was the
    Nest's): the injuries are the table's count."""
    return [Open(InjuryCheck, fixed={"intruder": kind, "in_nest": in_nest},
                 choices={"injuries": tuple(range(1, INJURIES_MAX + 1))},
                 refusal=refusal_of(check_injury_check, state, InjuryCheck(intruder=kind, injuries=1, in_nest=in_nest),
                                    rules))
            for kind in INJURY_CARDS for in_nest in (True, False)]


@handles(InjuryCheck, check=check_injury_check, hidden_outcome=True,
         offers=lambda state, rules: injury_offers(state, rules))
def injury_check(turn: Turn, command: InjuryCheck) -> None:
    kind = command.intruder
    count = INJURY_CARDS[kind]
    base = {"kind": kind, "injuries": command.injuries}
    if count == 0:
        if kind == EGG:
            turn.log("log.injury.egg_destroyed", injuries=command.injuries)
            _record_injury(turn, command, InjuryOutcome.EGG_DESTROYED)
            if command.in_nest:
                destroy_nest_egg(turn)
            else:
                destroy_carried_egg(turn)
        else:
            turn.log("log.injury.killed", **base, total=0)
            _record_injury(turn, command, InjuryOutcome.KILLED)
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
    if any(spec.retreat for spec in specs):
        event = retreat(turn, kind, command.retreat_card)
        _record_injury(turn, command, InjuryOutcome.RETREATS, cards, total, retreat_card=event)
    elif total <= command.injuries:
        turn.log("log.injury.killed", **base, total=total)
        _record_injury(turn, command, InjuryOutcome.KILLED, cards, total)
        _kill(turn, kind)
    else:
        turn.log("log.injury.survives", **base, total=total)
        _record_injury(turn, command, InjuryOutcome.SURVIVES, cards, total)


def _record_injury(turn: Turn, command: InjuryCheck, outcome: InjuryOutcome, cards: list[str] | None = None,
                   total: int = 0, retreat_card: str | None = None) -> None:
    """The typed result a screen shows (state.latest.injury)."""
    turn.state.latest.injury = InjuryResult(seq=turn.seq, intruder=command.intruder, injuries=command.injuries,
                                            outcome=outcome, cards=cards or [], total=total,
                                            retreat_card=retreat_card)


def _kill(turn: Turn, kind: str) -> None:
    """A dead intruder leaves the board (the bag feature's kill: Carcass, Queen announced)."""
    if _on_board(turn.state, kind):
        kill_miniature(turn, kind)
    else:
        _board_untracked(turn, kind)


def destroy_nest_egg(turn: Turn) -> bool:
    """One Egg of the Nest is destroyed (bag feature); False when none is left."""
    if turn.state.bag.eggs <= 0:
        turn.log("log.injury.no_egg_in_nest")
        return False
    remove_nest_egg(turn, "destroyed")
    return True


def retreat_corridor(spec: "EventCardSpec", rules: "Rules") -> int:
    """The corridor a retreating intruder takes. The rulebook (p.21) names one corridor
    number; on a card with two the rules data says which (a reading, shown as unconfirmed)."""
    return spec.corridors[-1 if rules.intruders.retreat_corridor == "second" else 0]


def other_corridor(spec: "EventCardSpec", rules: "Rules") -> int:
    """The corridor number a Retreat does not take on a card with two."""
    return spec.corridors[0 if rules.intruders.retreat_corridor == "second" else -1]


def retreat_corridor_unconfirmed(spec: "EventCardSpec") -> bool:
    """The card shows two corridor numbers: which one a Retreat uses is the app's reading."""
    return len(spec.corridors) > 1


def retreat(turn: Turn, kind: str, reported: str | None = None) -> str:
    """The intruder retreats: an Event card is drawn for its corridor number only and
    discarded unresolved."""
    deck = turn.state.decks.event
    card, reshuffled = draw(deck, turn.state.rng, reported, name=EVENT_DECK)
    if reshuffled:
        turn.log("log.deck.event_reshuffled", count=len(deck.draw_pile) + 1)
    discard_shown_card(deck, card)
    spec = event_card(turn.rules, card)
    params = {"kind": kind, "card": card, "event_card": spec.card, "number": spec.number,
              "corridor": retreat_corridor(spec, turn.rules)}
    if retreat_corridor_unconfirmed(spec):
        # The line names the other number too, and says the app does not use it.
        turn.log(RETREAT_TWO_KEYS[turn.rules.intruders.retreat_corridor], **params,
                 other=other_corridor(spec, turn.rules))
    else:
        turn.log("log.injury.retreat", **params)
    return card
