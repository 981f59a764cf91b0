"""The digital Contamination deck (p.22): dealing cards, every scan procedure, and the
Contamination step of the Victory Check.

The printed Contamination cards only stand in for the app's in a player's hand (they
still count for hand size); the app knows which are INFECTED. A gained card (an
attack, a Melee Attack, an Event card…) is dealt from the deck privately; a removed
card goes under the deck (p.22), so the 27 cards are always somewhere: the deck, a
player's cards, or a dead Character's cards, which stay with it out of play.

A scan of some of the player's cards ("the cards in your hand", Rest, the
Decontamination Room, the cards drawn in Leaving the Shell) names the marked cards among
them by label and counts the unmarked ones; the app scans the marked cards themselves and
picks the unmarked ones at random among the cards the player has never seen: the same
odds as the player's shuffled Action deck, and a card never changes its word. Every
scanned card the player keeps gets a label to mark it by. The results go to that player
only (their private view and journal lines); the table reads only what follows from them:
a Larva placed, a death, cards removed.

INFECTED found: a Larva goes onto the Character board; a Character who already has one
dies and a Creeper appears in that room (the bag's board). Data marked unconfirmed in
rules_data/contamination.json decides the readings the rulebook leaves open.

For the Victory Check: `ContaminationCheck` (a command) / `contamination_check` (the
step, for a handler of its own) scans a survivor's cards (skipped with a Larva) and,
if infected, shuffles the Action cards the player counted with the Contamination
cards and draws 4: any Contamination card kills. `check_result(state, seat)` reads the
outcome.

Draws use the game's seed with the deck's own counter (`ContaminationState.draws`), so a
game with the digital deck draws the same bag tokens and cards as one without it.
It is one piece because dealing, every scan procedure and the Victory Check's step draw from
the one hidden deck with its own counter; together they keep every path that touches a
card's word in one place.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..crew import body, handlers as crew
from ..bag.handlers import miniatures_out, place_miniature, require_bag_free
from ..commands import ContaminationCheck, GainContamination, InfestCharacter, NewGame, RecordDeath, ScanContamination
from .model import (
    COUNTED,
    CheckRecord,
    ContaminationState,
    ScannedCard,
    ScanProcedure,
    ScanRecord,
    ScanScope,
    card_ids,
    word_of,
)
from ..context import Turn
from ..guards import require, require_running
from ..errors import IllegalCommand
from ..track.first_player import turn_order
from ..phase.model import EventEffect, EventStep
from ..registry import Open, handles
from ..state import CrewMember, GameState
from ...vocab import Fate, IntruderKind

if TYPE_CHECKING:
    from companion.rules import Rules

# The public line each procedure writes (what was scanned, never what it showed).
SCAN_LINES: dict[ScanProcedure, str] = {
    ScanProcedure.HAND: "log.contamination.scanned_hand",
    ScanProcedure.ALL: "log.contamination.scanned_all",
    ScanProcedure.CARD: "log.contamination.scanned_card",
    ScanProcedure.REST: "log.contamination.scanned_rest",
    ScanProcedure.DECONTAMINATION: "log.contamination.scanned_decontamination",
    ScanProcedure.SURGERY: "log.contamination.scanned_surgery",
    ScanProcedure.LEAVING_THE_SHELL: "log.contamination.scanned_leaving_the_shell",
}
# Fates of the Characters who take part in the Victory Check.
SURVIVING_FATES = frozenset({Fate.LOCKED_IN, Fate.IN_BUNKER, Fate.ESCAPED_POD})
# The most Action cards a player may count for the Victory Check's draw (the commands' bounds).
MOST_ACTION_CARDS = 60


def _who(member: CrewMember) -> dict:
    return {"seat": member.seat, "character": member.character}


# --------------------------------------------------------------------- setting up
def check_new_deck(command: NewGame, rules: "Rules") -> None:
    cards = rules.contamination.cards
    if command.infected_count is not None:
        require(command.infected_count <= cards, "error.contamination.infected_count", maximum=cards)


def start_deck(command: NewGame, rules: "Rules") -> ContaminationState | None:
    """The deck at setup (None when the table uses its printed cards): all cards in it."""
    if not command.digital_contamination:
        return None
    infected = command.infected_count if command.infected_count is not None else rules.contamination.infected_count
    return ContaminationState(infected_count=infected, pool=card_ids(rules.contamination.cards),
                              held={seat: [] for seat in range(1, len(command.players) + 1)})


# --------------------------------------------------------------------- the deck
def require_deck(state: GameState) -> ContaminationState:
    deck = state.contamination
    require(deck is not None, "error.contamination.off")
    return deck  # type: ignore[return-value]


def _generator(turn: Turn) -> random.Random:
    deck = turn.state.contamination
    assert deck is not None
    generator = random.Random(f"{turn.state.rng.seed}:contamination:{deck.draws}")
    deck.draws += 1
    return generator


def draw_card(turn: Turn) -> str | None:
    """The deck's top card: from the shuffled part, else the first card put under it."""
    deck = turn.state.contamination
    assert deck is not None
    if deck.pool:
        return deck.pool.pop(_generator(turn).randrange(len(deck.pool)))
    if deck.bottom:
        return deck.bottom.pop(0)
    return None


def deal(turn: Turn, member: CrewMember, count: int = 1) -> int:
    """`member` gains `count` cards (none without the digital deck); how many were dealt."""
    deck = turn.state.contamination
    if deck is None:
        return 0
    held = deck.held.setdefault(member.seat, [])
    dealt = 0
    for _ in range(count):
        card = draw_card(turn)
        if card is None:
            turn.announce("announce.contamination.deck_empty", **_who(member))
            break
        held.append(card)
        dealt += 1
    if dealt:
        turn.log("log.contamination.gained", **_who(member), count=dealt, held=len(held))
    return dealt


def larva_onto_board(turn: Turn, member: CrewMember, *, from_the_board: bool = False) -> bool:
    """A Larva miniature onto the Character board unless one is there; True when placed.
    It comes from the box unless it is the attacking Larva (`from_the_board`): with every
    Larva miniature in use (Character boards count, p.22), the table is told, and the
    rules data says whether a stand-in marks the Character infested all the same."""
    if member.body.larva:
        return False
    maximum = turn.rules.intruders.miniatures[IntruderKind.LARVA]
    if not from_the_board and miniatures_out(turn.state, IntruderKind.LARVA) >= maximum:
        stand_in = turn.rules.intruders.larva_board_without_miniature
        turn.announce("announce.contamination.no_larva_stand_in" if stand_in
                      else "announce.contamination.no_larva_none", **_who(member), maximum=maximum)
        if not stand_in:
            return False
    return body.place_larva(member)


def infest(turn: Turn, member: CrewMember, *, from_the_board: bool = False) -> None:
    """Infest: a Larva onto the board if none is there, and 1 Contamination card (the
    caller's line says so)."""
    larva_onto_board(turn, member, from_the_board=from_the_board)
    deal(turn, member, 1)


def _put_under(deck: ContaminationState, seat: int, card: str) -> None:
    """A removed card goes under the deck (p.22) and is nobody's marked card any more."""
    deck.held[seat].remove(card)
    deck.labels.pop(card, None)
    deck.bottom.append(card)


# --------------------------------------------------------------------- gaining cards
def check_gain_contamination(state: GameState, command: GainContamination, rules: "Rules") -> None:
    require_running(state)
    deck = require_deck(state)
    crew.active_member(state, command.seat)
    require(command.count <= deck.deck_size, "error.contamination.deck_short", remaining=deck.deck_size)


@handles(GainContamination, check=check_gain_contamination, hidden_outcome=True,
         offers=lambda state, _rules: [GainContamination(seat=m.seat) for m in state.crew if state.contamination])
def gain_contamination(turn: Turn, command: GainContamination) -> None:
    deal(turn, turn.state.member(command.seat), command.count)


def check_infest_character(state: GameState, command: InfestCharacter, rules: "Rules") -> None:
    require_running(state)
    crew.active_member(state, command.seat)


@handles(InfestCharacter, check=check_infest_character, hidden_outcome=True,
         offers=lambda state, _rules: [InfestCharacter(seat=m.seat) for m in state.crew])
def infest_character(turn: Turn, command: InfestCharacter) -> None:
    member = turn.state.member(command.seat)
    turn.log("log.contamination.infested", **_who(member))
    infest(turn, member)


# --------------------------------------------------------------------- scanning: what a procedure does
def _is_cleaning(command: ScanContamination) -> bool:
    """A procedure meant to cure an infection: a cleaning room, or a card that takes the
    Larva off (the Neutralizer, say)."""
    if command.procedure in (ScanProcedure.DECONTAMINATION, ScanProcedure.SURGERY):
        return True
    return command.procedure is ScanProcedure.CARD and command.remove_larva


def _removes_infected(command: ScanContamination) -> bool:
    procedure = command.procedure
    return procedure in (ScanProcedure.DECONTAMINATION, ScanProcedure.SURGERY) or (
        procedure is ScanProcedure.CARD and command.remove_infected)


def _removes_clean(command: ScanContamination, rules: "Rules") -> bool:
    return command.procedure is ScanProcedure.REST and rules.contamination.rest_removes_clean


def _removes_larva(command: ScanContamination, rules: "Rules") -> bool:
    procedure = command.procedure
    if procedure is ScanProcedure.DECONTAMINATION:
        return rules.contamination.decontamination_removes_larva
    return procedure is ScanProcedure.SURGERY or (procedure is ScanProcedure.CARD and command.remove_larva)


def _removes_slime(command: ScanContamination) -> bool:
    return command.procedure is ScanProcedure.DECONTAMINATION or (
        command.procedure is ScanProcedure.CARD and command.remove_slime)


def _kills(command: ScanContamination, rules: "Rules") -> bool:
    """Whether INFECTED with a Larva already on the board kills in this procedure."""
    if command.procedure is ScanProcedure.LEAVING_THE_SHELL:
        return True  # printed on the card: the drawn card INFECTED kills
    return not _is_cleaning(command) or rules.contamination.cleaning_scan_kills


def _draws_for_the_larva(command: ScanContamination, member: CrewMember) -> bool:
    """Leaving the Shell for a Character with a Larva: one card drawn from the deck and scanned."""
    return command.procedure is ScanProcedure.LEAVING_THE_SHELL and member.body.larva


def _names_cards(command: ScanContamination, has_larva: bool) -> bool:
    """Whether the player says which of their cards are scanned (marked ones by label,
    unmarked ones by number) rather than the app scanning all of them."""
    if command.procedure is ScanProcedure.LEAVING_THE_SHELL:
        return not has_larva
    if command.procedure is ScanProcedure.CARD:
        return command.scope is ScanScope.HAND
    return command.procedure in COUNTED


@dataclass(frozen=True)
class ScanQuestion:
    """What a scan of some of the player's cards asks: which marked cards (by label) and
    how many unmarked ones, `most` in all (`exactly` that many for Rest)."""

    most: int
    exactly: bool
    marked: tuple[str, ...]
    unmarked: int


def scan_question(command: ScanContamination, *, held: int, marked: tuple[str, ...], has_larva: bool,
                  rules: "Rules") -> ScanQuestion | None:
    """What the player is asked for `command` when they hold `held` cards, `marked` of them
    marked, or None when the app scans every card (or draws one): screens ask exactly this,
    from the player's own view."""
    if not _names_cards(command, has_larva):
        return None
    unmarked = held - len(marked)
    if command.procedure is ScanProcedure.LEAVING_THE_SHELL:
        return ScanQuestion(most=min(held, rules.contamination.leaving_the_shell_draws), exactly=False,
                            marked=marked, unmarked=unmarked)
    if command.procedure is ScanProcedure.REST:
        return ScanQuestion(most=min(held, rules.contamination.rest_scans), exactly=True, marked=marked,
                            unmarked=unmarked)
    return ScanQuestion(most=held, exactly=False, marked=marked, unmarked=unmarked)


def _question(deck: ContaminationState, command: ScanContamination, member: CrewMember,
              rules: "Rules") -> ScanQuestion | None:
    marked = tuple(deck.labels[card] for card in deck.known_by(member.seat))
    return scan_question(command, held=len(deck.held_by(member.seat)), marked=marked, has_larva=member.body.larva,
                         rules=rules)


def _named_count(command: ScanContamination) -> int:
    return len(command.marked) + (command.in_hand or 0)


def _scanned_count(deck: ContaminationState, command: ScanContamination, member: CrewMember) -> int:
    if _draws_for_the_larva(command, member):
        return 1 if deck.deck_size else 0
    if _names_cards(command, member.body.larva):
        return _named_count(command)
    return len(deck.held_by(member.seat))


def may_kill(deck: ContaminationState, command: ScanContamination, member: CrewMember, rules: "Rules") -> bool:
    """Whether the scan might kill by INFECTED (then a Creeper is placed): decided from
    what everyone can see (the Larva on the board, how many cards are scanned), never
    from which cards are INFECTED."""
    scanned = _scanned_count(deck, command, member)
    least = kills_from(command, has_larva=member.body.larva, rules=rules)
    return scanned > 0 and least is not None and scanned >= least


def kills_from(command: ScanContamination, *, has_larva: bool, rules: "Rules") -> int | None:
    """How many scanned cards make the scan one that might kill by INFECTED (None: it
    never kills), from the Larva on the board alone."""
    if command.procedure is ScanProcedure.LEAVING_THE_SHELL and has_larva:
        return 1
    if not _kills(command, rules):
        return None
    if has_larva:
        return 1
    # Without a Larva, only a second INFECTED card counted in the same scan can kill.
    return None if rules.contamination.infected_once_per_scan else 2


def scan_kills_if_infected(command: ScanContamination, *, has_larva: bool, rules: "Rules") -> bool:
    """Whether an INFECTED card in this scan kills the Character (a Larva is on the board and
    the procedure kills): the warning a player reads before scanning, from their own board."""
    if command.procedure is ScanProcedure.LEAVING_THE_SHELL:
        return has_larva
    return has_larva and _kills(command, rules)


# --------------------------------------------------------------------- scanning: the command
def check_named_cards(question: ScanQuestion, marked: tuple[str, ...], in_hand: int | None) -> None:
    """The cards a scan names fit what the player was asked (ScanQuestion)."""
    require(len(set(marked)) == len(marked), "error.contamination.marked_twice")
    for label in marked:
        require(label in question.marked, "error.contamination.unknown_mark", label=label)
    if question.unmarked:
        require(in_hand is not None, "error.contamination.how_many")
    require((in_hand or 0) <= question.unmarked, "error.contamination.more_than_unmarked",
            unmarked=question.unmarked)
    named = len(marked) + (in_hand or 0)
    require(named <= question.most, "error.contamination.more_than_held", held=question.most)
    if question.exactly:
        require(named == question.most, "error.contamination.exactly", count=question.most)


def must_scan_a_card(command: ScanContamination) -> bool:
    """A scan that must look at one card at least (the cleaning rooms may find none)."""
    return command.procedure in (ScanProcedure.HAND, ScanProcedure.ALL, ScanProcedure.CARD, ScanProcedure.REST)


def check_scan_contamination(state: GameState, command: ScanContamination, rules: "Rules") -> None:
    require_running(state)
    deck = require_deck(state)
    member = crew.active_member(state, command.seat)
    if command.procedure is not ScanProcedure.CARD:
        options = (command.scope is not ScanScope.HAND or command.remove_infected or command.remove_larva
                   or command.remove_slime)
        require(not options, "error.contamination.options_card_only")
    question = _question(deck, command, member, rules)
    if question is not None:
        check_named_cards(question, tuple(command.marked), command.in_hand)
    else:
        require(command.in_hand is None and not command.marked, "error.contamination.no_count_needed")
    if must_scan_a_card(command):
        require(_scanned_count(deck, command, member) > 0, "error.contamination.nothing_to_scan")
    _check_shell_scan(state, command, member)
    if may_kill(deck, command, member, rules):
        require_bag_free(state)  # a Creeper may have to be placed


def _check_shell_scan(state: GameState, command: ScanContamination, member: CrewMember) -> None:
    if command.procedure is ScanProcedure.LEAVING_THE_SHELL:
        require(not shell_scan_made(state, member.seat), "error.contamination.shell_scan_done",
                seat=member.seat, character=member.character)
        check_shell_scan_order(state, member.seat)


# --------------------------------------------------------------------- scanning: the forms a player fills
def scan_forms() -> list[tuple[ScanProcedure, ScanScope, bool]]:
    """(procedure, scope, remove_larva) of each scan the Scanner offers: an item or Action
    card's scan comes with its options; the other procedures have none."""
    return [(procedure, scope, remove_larva) for procedure in ScanProcedure
            for scope in (ScanScope if procedure is ScanProcedure.CARD else (ScanScope.HAND,))
            for remove_larva in ((False, True) if procedure is ScanProcedure.CARD else (False,))]


def _scan_offers(state: GameState, rules: "Rules") -> list[Open]:
    """Each Character's scans, with the cards it may name: only where the app's deck is in play."""
    deck = state.contamination
    if deck is None:
        return []
    return [_scan_form(state, deck, member, procedure, scope, remove_larva, rules)
            for member in state.crew for procedure, scope, remove_larva in scan_forms()]


def _scan_form(state: GameState, deck: ContaminationState, member: CrewMember, procedure: ScanProcedure,
               scope: ScanScope, remove_larva: bool, rules: "Rules") -> Open:
    command = ScanContamination(seat=member.seat, procedure=procedure, scope=scope, remove_larva=remove_larva)
    fixed = {"seat": member.seat, "procedure": procedure, "scope": scope, "remove_larva": remove_larva}
    choices: dict[str, tuple] = {}
    if procedure is ScanProcedure.CARD:
        choices.update(remove_infected=(False, True), remove_slime=(False, True))
    question = _question(deck, command, member, rules)
    try:
        if question is None:
            check_scan_contamination(state, command, rules)
        else:
            # What refuses the scan whatever cards are named; the named cards are the
            # player's picks (ScanFormView.picks_refusal says what they still lack).
            choices.update(marked=question.marked, in_hand=tuple(range(question.unmarked + 1)))
            require_running(state)
            crew.active_member(state, member.seat)
            _check_shell_scan(state, command, member)
    except IllegalCommand as refusal:
        return Open(ScanContamination, fixed, choices, refusal)
    return Open(ScanContamination, fixed, choices)


@handles(ScanContamination, check=check_scan_contamination, hidden_outcome=True,
         may_end_game=lambda state, command, rules: _scan_may_end_game(state, command, rules),
         offers=_scan_offers, confirm="scan")
def scan_contamination(turn: Turn, command: ScanContamination) -> None:
    state = turn.state
    deck = state.contamination
    assert deck is not None
    member = state.member(command.seat)
    record = ScanRecord(seq=turn.seq, procedure=command.procedure, from_hand=_names_cards(command, member.body.larva))
    deck.scans[member.seat] = record
    if _draws_for_the_larva(command, member):
        _scan_a_drawn_card(turn, member, record)
    else:
        _scan_held_cards(turn, command, member, record)
    turn.log_for_seat(member.seat, "log.contamination.scan_result", count=len(record.cards),
                      infected=record.infected)
    if command.procedure is ScanProcedure.LEAVING_THE_SHELL:
        _record_shell_scan(turn, member.seat)


def _scan_may_end_game(state: GameState, command: ScanContamination, rules: "Rules") -> bool:
    """A death the scan might cause would end the game when this Character is the last one
    in the Facility (what everyone can see; never the cards' words)."""
    deck = state.contamination
    if deck is None:
        return False
    member = state.member(command.seat)
    return may_kill(deck, command, member, rules) and crew.is_last_in_facility(state, member.seat)


def _cards_to_scan(turn: Turn, command: ScanContamination, member: CrewMember) -> list[str]:
    deck = turn.state.contamination
    assert deck is not None
    if not _names_cards(command, member.body.larva):
        return list(deck.held_by(member.seat))
    marked = [deck.card_labelled(member.seat, label) for label in command.marked]
    unseen = deck.unseen_by(member.seat)
    count = min(command.in_hand or 0, len(unseen))
    # The unmarked cards: any `count` of those the player never saw, as a shuffled deck gives.
    picked = _generator(turn).sample(unseen, count) if count else []
    return [card for card in marked if card is not None] + picked


def _scanned(deck: ContaminationState, seat: int, card: str) -> ScannedCard:
    label, new = deck.give_label(seat, card)
    return ScannedCard(word=word_of(card, deck.infected_count), label=label, newly_labelled=new)


def _scan_held_cards(turn: Turn, command: ScanContamination, member: CrewMember, record: ScanRecord) -> None:
    deck = turn.state.contamination
    assert deck is not None
    rules = turn.rules
    cards = _cards_to_scan(turn, command, member)
    record.cards = [_scanned(deck, member.seat, card) for card in cards]
    turn.log(SCAN_LINES[command.procedure], **_who(member), count=len(cards))
    kills = _kills(command, rules)
    removes_larva = _removes_larva(command, rules)
    # A procedure that takes the Larva off anyway and kills nobody makes placing one moot.
    if record.infected and (kills or not removes_larva):
        once = rules.contamination.infected_once_per_scan
        if _infected(turn, member, record, times=1 if once else record.infected, kills=kills,
                     card_stays=not _removes_infected(command)):
            return
    removes_infected, removes_clean = _removes_infected(command), _removes_clean(command, rules)
    removed = 0
    for card, scanned in zip(cards, record.cards):
        if (removes_infected and scanned.infected) or (removes_clean and not scanned.infected):
            _put_under(deck, member.seat, card)
            scanned.removed = True
            removed += 1
    if removed:
        # Rest takes the clean cards, the others the INFECTED ones: the shared log must say which.
        turn.log("log.contamination.removed_clean" if removes_clean else "log.contamination.removed",
                 **_who(member), count=removed,
                 held=len(deck.held_by(member.seat)))
    if removes_larva:
        record.larva_removed = body.remove_larva(turn, member)
    if _removes_slime(command):
        record.slime_removed = body.remove_slime(turn, member)
    if command.procedure is ScanProcedure.SURGERY:
        record.light_wound = True
        record.died = body.suffer_wound(turn, member, serious=False)
        if not record.died:
            turn.log("log.contamination.surgery_pass", **_who(member))


def _scan_a_drawn_card(turn: Turn, member: CrewMember, record: ScanRecord) -> None:
    """Leaving the Shell, with a Larva: draw a card and scan it; INFECTED kills, else the
    card goes onto the player's discard pile."""
    deck = turn.state.contamination
    assert deck is not None
    turn.log("log.contamination.scanned_leaving_the_shell_larva", **_who(member))
    card = draw_card(turn)
    if card is None:
        turn.announce("announce.contamination.deck_empty", **_who(member))
        return
    record.drawn = True
    deck.held.setdefault(member.seat, []).append(card)
    record.cards = [_scanned(deck, member.seat, card)]
    if record.infected:
        record.died = True
        _die_infected(turn, member)
        return
    turn.log("log.contamination.gained", **_who(member), count=1, held=len(deck.held[member.seat]))


def _infected(turn: Turn, member: CrewMember, record: ScanRecord, *, times: int, kills: bool,
              card_stays: bool = True) -> bool:
    """INFECTED found: a Larva onto the board, or death with one already there; True if it killed."""
    for _ in range(times):
        if member.body.larva:
            if kills:
                record.died = True
                _die_infected(turn, member)
                return True
            return False
        if not larva_onto_board(turn, member):
            return False
        record.larva_placed = True
        # A procedure that removes INFECTED cards puts this one under the deck next.
        turn.announce("announce.contamination.larva_placed" if card_stays
                      else "announce.contamination.larva_placed_card_removed", **_who(member))
    return False


def _die_infected(turn: Turn, member: CrewMember) -> None:
    """INFECTED with a Larva on the board: a Creeper comes out in that room, the Character dies."""
    turn.announce("announce.contamination.died_infected", **_who(member))
    if place_miniature(turn, IntruderKind.CREEPER):
        turn.log("log.bag.intruder_placed", kind=IntruderKind.CREEPER)
    crew.record_death(turn, RecordDeath(seat=member.seat))


# --------------------------------------------------------------------- Leaving the Shell (Event card)
def shell_scan_needed(state: GameState, member: CrewMember) -> bool:
    """Whether Leaving the Shell can do anything to this Character: in the Facility with a
    Larva (a card is drawn) or some Contamination card that may be among the 4 drawn."""
    deck = state.contamination
    held = len(deck.held_by(member.seat)) if deck is not None else 0
    return member.is_in_facility and (member.body.larva or held > 0)


def shell_scans_missing(state: GameState) -> list[int]:
    """With the app's deck, while Leaving the Shell waits in step 9: the Characters it can
    touch who have not made its scan yet, in turn order (with the printed cards the table
    says when everyone did)."""
    phase = state.event_phase
    if state.contamination is None or phase is None:
        return []
    return [seat for seat in turn_order(state)
            if shell_scan_needed(state, state.member(seat)) and seat not in phase.shell_scans]


def shell_scan_made(state: GameState, seat: int) -> bool:
    """This seat already made the scan the runner's Leaving the Shell asks for (once per
    Character); outside that card's step a table's own Leaving the Shell scan is free."""
    phase = state.event_phase
    if phase is None or phase.step is not EventStep.EVENT_CARD or seat not in phase.shell_scans:
        return False
    return (EventEffect.LEAVING_THE_SHELL in phase.pending_effects
            or EventEffect.LEAVING_THE_SHELL in phase.done_effects)


def check_shell_scan_order(state: GameState, seat: int) -> None:
    """While Leaving the Shell waits, the Characters scan in turn, from the First Player
    clockwise (p.13): each draws from the same deck, so the order decides who gets which card."""
    missing = shell_scans_missing(state)
    if seat in missing and seat != missing[0]:
        first = state.member(missing[0])
        raise IllegalCommand("error.contamination.shell_scan_order", seat=first.seat, character=first.character)


def _record_shell_scan(turn: Turn, seat: int) -> None:
    """A Leaving the Shell scan while the card waits: counted; the effect is done once every
    Character in the Facility made one."""
    phase = turn.state.event_phase
    if phase is None or phase.step is not EventStep.EVENT_CARD or EventEffect.LEAVING_THE_SHELL not in phase.pending_effects:
        return
    if seat not in phase.shell_scans:
        phase.shell_scans.append(seat)
    if not shell_scans_missing(turn.state):
        phase.finish_effect(EventEffect.LEAVING_THE_SHELL)
        turn.log("log.event.leaving_the_shell_done")


# --------------------------------------------------------------------- the Victory Check
def survivor_seats(state: GameState) -> list[int]:
    """The seats whose Character takes part in the Victory Check (the game is over)."""
    if state.end is None:
        return []
    return [fate.seat for fate in state.end.fates if fate.fate in SURVIVING_FATES]


def check_result(state: GameState, seat: int) -> CheckRecord | None:
    """A survivor's Contamination check, once made."""
    deck = state.contamination
    return deck.checks.get(seat) if deck is not None else None


def must_draw_after_check(record: CheckRecord, rules: "Rules") -> bool:
    """An INFECTED card, or a Larva when the Larva skips the scan (rules data), means the draw."""
    return any(card.infected for card in record.cards) or (record.larva and rules.victory.larva_skips_scan)


def check_contamination_check(state: GameState, command: ContaminationCheck, rules: "Rules") -> None:
    require(state.is_over, "error.contamination.check_before_end")
    deck = require_deck(state)
    member = crew.member_at(state, command.seat)
    require(member.seat in survivor_seats(state), "error.contamination.not_a_survivor", seat=member.seat,
            character=member.character)
    require(member.seat not in deck.checks, "error.contamination.already_checked", seat=member.seat,
            character=member.character)


def _check_offers(state: GameState, rules: "Rules") -> list[Open]:
    """Each survivor's check, over the Action cards they count (the command's bounds)."""
    if state.contamination is None or not state.is_over:
        return []
    offers = []
    for seat in survivor_seats(state):
        refusal = None
        try:
            check_contamination_check(state, ContaminationCheck(seat=seat, action_cards=0), rules)
        except IllegalCommand as error:
            refusal = error
        offers.append(Open(ContaminationCheck, {"seat": seat}, {"action_cards": tuple(range(MOST_ACTION_CARDS + 1))},
                           refusal))
    return offers


@handles(ContaminationCheck, check=check_contamination_check, hidden_outcome=True, offers=_check_offers)
def contamination_check_command(turn: Turn, command: ContaminationCheck) -> None:
    contamination_check(turn, turn.state.member(command.seat), command.action_cards)


def contamination_check(turn: Turn, member: CrewMember, action_cards: int) -> CheckRecord:
    """Victory Check, step 2, for one survivor (the check above allowed it)."""
    deck = turn.state.contamination
    assert deck is not None
    held = deck.held_by(member.seat)
    # A Larva skips the scan and goes to the draw, when the rules data reads the check so.
    record = CheckRecord(seq=turn.seq, larva=member.body.larva and turn.rules.victory.larva_skips_scan)
    deck.checks[member.seat] = record
    record.scan_skipped = record.larva and turn.rules.victory.larva_skips_scan
    if not record.scan_skipped:
        record.cards = [_scanned(deck, member.seat, card) for card in held]
    turn.log_for_seat(member.seat, "log.contamination.scan_result", count=len(record.cards),
                      infected=sum(1 for card in record.cards if card.infected))
    if not must_draw_after_check(record, turn.rules):
        turn.log("log.contamination.check_clean", **_who(member))
        return record
    record.action_cards = action_cards
    pile = [False] * action_cards + [True] * len(held)
    _generator(turn).shuffle(pile)
    record.drawn = pile[: turn.rules.contamination.victory_check_draws]
    record.died = any(record.drawn)
    drawn = sum(record.drawn)
    if record.died:
        turn.announce("announce.contamination.check_died", **_who(member), drawn=drawn)
    else:
        turn.log("log.contamination.check_survived", **_who(member))
    return record
