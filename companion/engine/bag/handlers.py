"""The Intruder (Night Stalker) bag: encounters, bag development, intruders on the
board and the Nest's Eggs.

Chance is an explicit step: a draw either comes from the game's own seeded RNG
(digital bag) or is reported by the table (physical bag, `outcome` on the
command). Both paths then apply the same rules. Tokens that go from the supply
into the bag are picked by the app (at random among the supply tokens of that
kind) and named in the log, so a physical bag can follow along; with a digital
bag only the engine reads their numbers (the table reads the kind).

Each command's check decides everything up front, the physical bag's report
included; the effects then draw and never refuse.
It is one piece because its commands share one set of effects (placing, removing and
returning tokens, the Nest's Eggs) that the digital and the physical bag both run after
their checks; split, each part would reach into the others.
"""
from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any, Mapping

from ..crew import handlers as crew
from .model import MINIATURE_KINDS, Awaiting, BagDraw, BagState, DrawPurpose, DrawResult, Lighting, Place, TokenOutcome
from ..commands import (
    AddToBag,
    AnswerAdultsRetreat,
    AnswerQueenInNest,
    DevelopBag,
    EventDevelopBag,
    IntruderToTechnicalCorridor,
    KillIntruder,
    NewGame,
    PlaceIntruder,
    RemoveEgg,
    RemoveIntruder,
    ResolveEncounter,
    ReturnIntrudersToBag,
    SetShowOdds,
)
from ..context import Turn
from ..errors import IllegalCommand
from ..guards import require, require_running
from ..journal import ENGINE_ONLY
from ..pending import rules as pending
from ..pending.model import PendingKind
from ..phase.model import EventStep
from .odds import is_surprise, possible_outcomes, table_knowledge, table_outcomes
from .views import HAND_MAX
from ..registry import REGISTRY, EachKey, Open, always, handles
from ..rng import RngState
from ..state import CrewMember, GameState
from ...vocab import IntruderKind

if TYPE_CHECKING:
    from companion.rules import IntruderTokenSpec, Rules

# What bag development adds in place of a Larva / Creeper.
DEVELOPS_INTO = {IntruderKind.LARVA: IntruderKind.ADULT, IntruderKind.CREEPER: IntruderKind.BREEDER}
# A physical bag's draw command without the token that came out: the screen asks for it.
OUTCOME_NEEDED = "error.bag_outcome_needed"


# --------------------------------------------------------------------- token helpers
def token_specs(rules: "Rules") -> dict[str, "IntruderTokenSpec"]:
    return {spec.id: spec for spec in rules.intruders.tokens}


def _box_order(rules: "Rules") -> dict[str, int]:
    return {spec.id: index for index, spec in enumerate(rules.intruders.tokens)}


def _sorted(ids: list[str], rules: "Rules") -> list[str]:
    order = _box_order(rules)
    return sorted(ids, key=order.__getitem__)


def _numbers(spec: "IntruderTokenSpec") -> dict[str, Any]:
    return {"kind": spec.kind, "token": spec.id, "light": spec.light, "dark": spec.dark}


def _pick(candidates: list[str], rules: "Rules", rng: RngState, bag: BagState) -> str:
    """One of `candidates` (token ids of one kind): interchangeable tokens need no
    randomness; otherwise a uniform seeded pick, after which the table no longer knows
    which of them is where (none of them counts as seen)."""
    specs = token_specs(rules)
    if len({(specs[t].light, specs[t].dark) for t in candidates}) == 1:
        return candidates[0]
    bag.seen = [token for token in bag.seen if token not in candidates]
    return candidates[rng.choice_index([1] * len(candidates))]


def _see(bag: BagState, token: str) -> None:
    """A drawn token is shown: the table knows its numbers and where it goes."""
    if token not in bag.seen:
        bag.seen.append(token)


def start_bag(command: NewGame, rules: "Rules", rng: RngState) -> BagState:
    """Setup: the start composition, each kind's tokens picked at random from the box."""
    intruders = rules.intruders
    by_kind: dict[str, list[str]] = {}
    for spec in intruders.tokens:
        by_kind.setdefault(spec.kind, []).append(spec.id)
    wanted = dict(intruders.start_bag)
    adults = intruders.start_adults_per_player * len(command.players)
    wanted[IntruderKind.ADULT] = wanted.get(IntruderKind.ADULT, 0) + adults
    specs = token_specs(rules)
    bag: list[str] = []
    for kind, ids in by_kind.items():
        count = wanted.get(kind, 0)
        interchangeable = len({(specs[t].light, specs[t].dark) for t in ids}) == 1
        if count >= len(ids) or interchangeable:
            bag += ids[:count]
        elif count > 0:
            bag += rng.shuffled(ids)[:count]
    bag = _sorted(bag, rules)
    aside = [spec.id for spec in intruders.tokens if spec.id not in bag]
    return BagState(
        bag=bag,
        aside=aside,
        on_board={kind: 0 for kind in MINIATURE_KINDS},
        eggs=intruders.nest_eggs,
        physical_bag=command.physical_bag,
        show_odds=command.show_odds,
    )


def setup_log(bag: BagState, rules: "Rules") -> list[tuple[str, dict[str, Any]]]:
    """Log lines for setting up a physical bag: how many tokens of each kind go in. The
    tokens lie face-down in the box, so the table picks them unseen: no numbers."""
    if not bag.physical_bag:
        return []
    specs = token_specs(rules)
    groups = Counter(specs[t].kind for t in bag.bag)
    return [("log.bag.setup_blank" if kind == IntruderKind.BLANK else "log.bag.setup_tokens",
             {"kind": kind, "count": count}) for kind, count in groups.items()]


def supply_tokens(state: GameState, rules: "Rules", kind: str) -> list[str]:
    """The supply tokens of `kind` that could go into the bag now."""
    bag = state.bag
    if kind == IntruderKind.QUEEN and bag.on_board[IntruderKind.QUEEN]:
        return []  # the one Queen is on the board: her token stays beside it
    specs = token_specs(rules)
    return [t for t in bag.aside if specs[t].kind == kind]


# --------------------------------------------------------------------- light and Darkness
def lighting(state: GameState, rules: "Rules", place: Place, ignore_darkness: bool = False) -> Lighting:
    """Which number of a token applies at `place` now: a Section without power is dark,
    the emergency stairs are always dark; a Character who ignores Darkness (a
    Flashlight) uses the light number there. The Elevator is dark without power only
    when the rules data reads its token so (otherwise it is no place of its own)."""
    section = place.section
    if section is not None and state.is_powered(section):
        return Lighting.POWERED
    if place is Place.ELEVATOR and not rules.power.elevator_token_darkens:
        return Lighting.POWERED  # never asked: the screens offer the Elevator Room's Section
    if ignore_darkness:
        return Lighting.DARKNESS_IGNORED
    return Lighting.STAIRS if section is None else Lighting.UNPOWERED


# The name the screens use.
lighting_at = lighting


def places(rules: "Rules") -> tuple[Place, ...]:
    """Where a Character can meet or be attacked: the Elevator only when it is a place
    of its own (its token decides Darkness there)."""
    return tuple(p for p in Place if p is not Place.ELEVATOR or rules.power.elevator_token_darkens)


def require_place(rules: "Rules", place: Place | None) -> None:
    require(place is None or place in places(rules), "error.place_elevator_room_section")


# --------------------------------------------------------------------- shared checks
# The refusal while a question is open, per question.
OPEN_QUESTION_ERRORS = {
    Awaiting.QUEEN_IN_NEST: "error.bag_queen_question_open",
    Awaiting.ADULTS_RETREAT: "error.bag_adults_retreat_open",
}


def require_bag_free(state: GameState) -> None:
    """The game runs and the bag waits for no answer."""
    require_running(state)
    awaiting = state.bag.awaiting
    if awaiting is not None:
        raise IllegalCommand(OPEN_QUESTION_ERRORS[awaiting])


def check_bag_free(state: GameState, command: object, rules: "Rules") -> None:
    require_bag_free(state)


def _may_be_in_bag(state: GameState, rules: "Rules") -> list[str]:
    """The tokens a physical bag may hold, as the table knows it: those it saw go in, and
    every unseen token of a kind that has unseen tokens in the bag."""
    return [outcome.token for outcome in table_outcomes(table_knowledge(state.bag, rules), rules)]


def reported_token(state: GameState, rules: "Rules", outcome: TokenOutcome) -> str:
    """The token a physical draw reported; refused if it cannot be in the bag."""
    specs = token_specs(rules)
    bag = _may_be_in_bag(state, rules) if state.bag.physical_bag else state.bag.bag
    if outcome.token is not None:
        spec = specs.get(outcome.token)
        if spec is None:
            raise IllegalCommand("error.bag_unknown_token", token=outcome.token)
        require(spec.id in bag, "error.bag_token_not_in_bag", kind=spec.kind)
        return spec.id
    matches = [
        t for t in bag
        if specs[t].kind == outcome.kind
        and (outcome.light is None or specs[t].light == outcome.light)
        and (outcome.dark is None or specs[t].dark == outcome.dark)
    ]
    require(bool(matches), "error.bag_token_not_in_bag", kind=outcome.kind)
    variants = {(specs[t].light, specs[t].dark) for t in matches}
    require(len(variants) == 1, "error.bag_outcome_ambiguous", kind=outcome.kind)
    in_bag = [t for t in matches if t in state.bag.bag]
    return (in_bag or matches)[0]


def check_draw(state: GameState, rules: "Rules", outcome: TokenOutcome | None) -> None:
    """A token can come out: the bag holds one, and a physical bag's report names one of
    its tokens (a digital bag takes no report)."""
    bag = state.bag
    require(bool(bag.bag), "error.bag_empty")
    if bag.physical_bag:
        require(outcome is not None, OUTCOME_NEEDED)
        reported_token(state, rules, outcome)  # type: ignore[arg-type]
    else:
        require(outcome is None, "error.bag_outcome_digital")


def require_on_board(state: GameState, kind: str, count: int = 1) -> None:
    on_board = state.bag.on_board[kind]
    require(on_board > 0, "error.bag_no_intruder_on_board", kind=kind)
    require(count <= on_board, "error.bag_too_many_to_return", kind=kind, count=on_board)


# --------------------------------------------------------------------- what a table may send
# (engine/actions.py). A draw is offered without its outcome: a digital bag draws it, a
# physical bag's table picks what came out among `possible_outcomes`.
OUTCOME = "outcome"


def refusal_of(state: GameState, command: Any, rules: "Rules") -> IllegalCommand | None:
    """Why `command` is refused now, by its registration's check (None: accepted)."""
    try:
        REGISTRY.get(type(command)).check_command(state, command, rules)  # type: ignore[union-attr]
    except IllegalCommand as refusal:
        return refusal
    return None


def _draw_offer(state: GameState, rules: "Rules", command: Any) -> Any:
    """`command` (carrying no outcome) as a digital bag sends it; for a physical bag, a form
    whose outcome the table picks, refused only for what the report cannot change."""
    if not state.bag.physical_bag:
        return command
    refusal = refusal_of(state, command, rules)
    if refusal is not None and refusal.key == OUTCOME_NEEDED:
        refusal = None
    return Open(type(command), fixed={}, choices={OUTCOME: possible_outcomes(state.bag, rules)}, refusal=refusal)


def _developing_in_event_phase(state: GameState) -> bool:
    """Step 10 of an Event Phase develops the bag through the runner's command."""
    phase = state.event_phase
    return phase is not None and phase.step is EventStep.DEVELOPMENT


def offer_develop_bag(state: GameState, rules: "Rules") -> list[Any]:
    return [] if _developing_in_event_phase(state) else [_draw_offer(state, rules, DevelopBag())]


def offer_event_develop_bag(state: GameState, rules: "Rules") -> list[Any]:
    """`offers` of the runner's EventDevelopBag (registered in phase/event_phase.py)."""
    return [_draw_offer(state, rules, EventDevelopBag())] if _developing_in_event_phase(state) else []


def _in_facility(state: GameState) -> tuple[int, ...]:
    return tuple(member.seat for member in state.crew if member.is_in_facility)


def draw_available(state: GameState) -> IllegalCommand | None:
    """Why no token can be drawn from the bag now (None: one can), whoever meets the
    intruder wherever: the game is over, the bag waits for an answer, or it is empty."""
    try:
        require_bag_free(state)
        require(bool(state.bag.bag), "error.bag_empty")
    except IllegalCommand as refusal:
        return refusal
    return None


def offer_resolve_encounter(state: GameState, rules: "Rules") -> list[Open]:
    """One form per Character who can meet an intruder (a seat may send its own): where,
    how many cards in hand, whether Darkness is ignored, and what a physical bag gave."""
    choices: dict[str, tuple[Any, ...]] = {"place": places(rules), "hand": tuple(range(HAND_MAX + 1)),
                                           "ignore_darkness": (False, True)}
    if state.bag.physical_bag:
        choices[OUTCOME] = possible_outcomes(state.bag, rules)
    refusal = draw_available(state)
    return [Open(ResolveEncounter, fixed={"seat": seat}, choices=choices, refusal=refusal)
            for seat in _in_facility(state)]


def _asking(state: GameState, question: Awaiting) -> bool:
    """The bag waits for this answer (a question not asked is offered nowhere)."""
    return state.bag.awaiting is question and not state.is_over


def offer_answer_queen_in_nest(state: GameState, rules: "Rules") -> list[Any]:
    """Nobody in the Nest, or who, where and how many cards in hand."""
    if not _asking(state, Awaiting.QUEEN_IN_NEST):
        return []
    return [AnswerQueenInNest(character_in_nest=False),
            Open(AnswerQueenInNest, fixed={"character_in_nest": True},
                 choices={"seat": _in_facility(state), "place": places(rules), "hand": tuple(range(HAND_MAX + 1))})]


def offer_answer_adults_retreat(state: GameState, rules: "Rules") -> list[AnswerAdultsRetreat]:
    """One answer per count of Adults not in Combat, up to every Adult miniature."""
    if not _asking(state, Awaiting.ADULTS_RETREAT):
        return []
    return [AnswerAdultsRetreat(not_in_combat=n) for n in range(rules.intruders.miniatures[IntruderKind.ADULT] + 1)]


def per_kind(command: type) -> Any:
    """`offers` with one `command` for each kind of intruder miniature."""
    return lambda _state, _rules: [command(kind=kind) for kind in MINIATURE_KINDS]


def offer_add_to_bag(state: GameState, rules: "Rules") -> list[AddToBag]:
    """Only the kinds whose supply token would really go in (the Queen's stays beside her)."""
    try:
        require_bag_free(state)
    except IllegalCommand:
        return []
    return [AddToBag(kind=kind) for kind in MINIATURE_KINDS if supply_tokens(state, rules, kind)]


def offer_return_intruders_to_bag(state: GameState, rules: "Rules") -> list[Open]:
    """How many of each kind on the board go back: any count up to those on the board
    (none at all is the engine's to refuse). Refused as a button is: one of the first
    kind on the board."""
    on_board = [(kind, state.bag.on_board[kind]) for kind in MINIATURE_KINDS if state.bag.on_board[kind]]
    sample = ReturnIntrudersToBag(counts={on_board[0][0] if on_board else IntruderKind.ADULT: 1})
    return [Open(ReturnIntrudersToBag, fixed={},
                 choices={"counts": EachKey({kind: tuple(range(most + 1)) for kind, most in on_board})},
                 refusal=refusal_of(state, sample, rules))]


# --------------------------------------------------------------------- shared steps
def _draw(turn: Turn, outcome: TokenOutcome | None) -> str:
    """Chance node: the seeded RNG (digital bag) or the table's report (physical bag). The
    token drawn is shown to the table."""
    bag = turn.state.bag
    if outcome is not None:
        token = reported_token(turn.state, turn.rules, outcome)
        if token not in bag.bag:
            _take_its_place(bag, token, turn.rules)
    else:
        token = bag.bag[turn.state.rng.choice_index([1] * len(bag.bag))]
    _see(bag, token)
    return token


def _take_its_place(bag: BagState, token: str, rules: "Rules") -> None:
    """A physical bag gave an unseen token the app had beside the board: the app's copy of
    the bag held another unseen token of that kind in its place (to the table they are
    alike), so the two change places."""
    specs = token_specs(rules)
    stand_in = next(t for t in bag.bag if specs[t].kind == specs[token].kind and t not in bag.seen)
    bag.bag = _sorted([t for t in bag.bag if t != stand_in] + [token], rules)
    bag.aside = _sorted([t for t in bag.aside if t != token] + [stand_in], rules)


def _set_aside(turn: Turn, token: str) -> None:
    bag = turn.state.bag
    bag.bag.remove(token)
    bag.aside = _sorted(bag.aside + [token], turn.rules)


def add_from_supply(turn: Turn, kind: str) -> str | None:
    """Put a supply token of `kind` into the bag (logged); None when there is none."""
    bag = turn.state.bag
    candidates = supply_tokens(turn.state, turn.rules, kind)
    if not candidates:
        turn.log("log.bag.supply_empty", kind=kind)
        return None
    # Tokens drawn for intruders on the board are kept for their return while others remain.
    untracked = [t for t in candidates if t not in bag.on_board_tokens]
    token = _pick(untracked or candidates, turn.rules, turn.state.rng, bag)
    if token in bag.on_board_tokens:
        bag.on_board_tokens.remove(token)
    _put_back(turn, token, kind)
    return token


def _put_back(turn: Turn, token: str, kind: str) -> None:
    """A token from beside the board goes into the bag (logged)."""
    bag = turn.state.bag
    bag.aside.remove(token)
    bag.bag = _sorted(bag.bag + [token], turn.rules)
    if bag.physical_bag:
        turn.log("log.bag.token_added", **_numbers(token_specs(turn.rules)[token]))
    else:
        # The bag is face-down: the table learns the kind, only the engine the numbers.
        turn.log("log.bag.token_added", visibility=ENGINE_ONLY, **_numbers(token_specs(turn.rules)[token]))
        turn.log("log.bag.token_added_unseen", kind=kind)


def _board_tokens(state: GameState, rules: "Rules", kind: str) -> list[str]:
    specs = token_specs(rules)
    return [t for t in state.bag.on_board_tokens if specs[t].kind == kind]


def forget_board_token(turn: Turn, kind: str) -> None:
    """A miniature of `kind` left the board without going back into the bag: keep no
    more tracked tokens of that kind than miniatures."""
    bag = turn.state.bag
    tracked = _board_tokens(turn.state, turn.rules, kind)
    if len(tracked) > bag.on_board[kind]:
        bag.on_board_tokens.remove(tracked[-1])


def return_leaving_token(turn: Turn, kind: str, on_board_before: int, report_empty: bool = True) -> str | None:
    """An intruder of `kind` left the board for the bag: the token drawn for it goes
    back (rulebook p.13, p.18, p.20). When several of that kind were on the board and
    their tokens differ, the table cannot say which one left: one of their tokens goes
    back, and the log says so. An intruder a card placed has no token: one comes from
    the supply."""
    bag = turn.state.bag
    specs = token_specs(turn.rules)
    tracked = _board_tokens(turn.state, turn.rules, kind)
    if not tracked:
        supply = supply_tokens(turn.state, turn.rules, kind)
        if not supply:
            if report_empty:
                turn.log("log.bag.supply_empty", kind=kind)
            return None
        token = _pick(supply, turn.rules, turn.state.rng, bag)
    else:
        if on_board_before > 1 and len({(specs[t].light, specs[t].dark) for t in tracked}) > 1:
            turn.log("log.bag.returned_token_unsure", kind=kind)
        token = _pick(tracked, turn.rules, turn.state.rng, bag)
        bag.on_board_tokens.remove(token)
    _put_back(turn, token, kind)
    return token


def _note_first_encounter(turn: Turn) -> None:
    """The first intruder miniature on the board: each player discards an Objective."""
    if not turn.state.first_encounter_done:
        crew.record_first_encounter(turn, None)


def larvae_on_character_boards(state: GameState) -> int:
    """Larva miniatures on Character boards (p.22: a Larva miniature in play). A dead
    Character keeps its board, Larva included (the app's reading), so that one counts too."""
    return sum(1 for member in state.crew if member.body.larva)


def miniatures_out(state: GameState, kind: str) -> int:
    """The miniatures of `kind` out of the box: those on the board and, for the Larva,
    those on Character boards as well."""
    out = state.bag.on_board[kind]
    if kind == IntruderKind.LARVA:
        out += larvae_on_character_boards(state)
    return out


def place_miniature(turn: Turn, kind: str, drawn: bool = False) -> bool:
    """Put an intruder miniature on the board if one is left in the box.

    An Adult with every Adult miniature already out is not refused: the Adults retreat
    first (rulebook p.18), so the bag waits for answer_adults_retreat, which places it.
    The rulebook has no such rule for the other kinds: the app places nothing (its
    reading, announced as unconfirmed). `drawn`: the intruder's token came out of the
    bag in an encounter; it stays beside the board like every encounter token (p.20),
    and the Surprise Attack is still checked (_settle_encounter).
    """
    bag = turn.state.bag
    maximum = turn.rules.intruders.miniatures[kind]
    if miniatures_out(turn.state, kind) >= maximum:
        if kind == IntruderKind.ADULT:
            bag.awaiting = Awaiting.ADULTS_RETREAT
            turn.announce("announce.bag.adults_retreat", kind=kind, maximum=maximum)
            return False
        turn.announce("announce.bag.no_miniature_drawn" if drawn else "announce.bag.no_miniature",
                      kind=kind, maximum=maximum)
        on_boards = larvae_on_character_boards(turn.state) if kind == IntruderKind.LARVA else 0
        if on_boards:
            turn.log("log.bag.larvae_on_character_boards", count=on_boards, board=bag.on_board[kind])
        return False
    bag.on_board[kind] += 1
    _note_first_encounter(turn)
    return True


def _meet(turn: Turn, member: CrewMember, place: Place, hand: int, token: str, purpose: DrawPurpose,
          reported: bool, ignore_darkness: bool = False) -> None:
    """An intruder token came out for a Character: place it, then check for a Surprise Attack."""
    spec = token_specs(turn.rules)[token]
    lit = lighting(turn.state, turn.rules, place, ignore_darkness)
    applied = spec.dark if lit.is_dark else spec.light
    who = {"seat": member.seat, "character": member.character}
    line = {**who, **_numbers(spec), "applied": applied, "hand": hand}
    if lit is Lighting.POWERED:
        turn.log("log.bag.encounter_light", section=place.value, **line)
    elif lit is Lighting.UNPOWERED:
        turn.log("log.bag.encounter_dark", section=place.value, **line)
    elif lit is Lighting.DARKNESS_IGNORED:
        turn.log("log.bag.encounter_darkness_ignored", section=place.value, **line)
    else:
        turn.log("log.bag.encounter_stairs", **line)
    draw = BagDraw(
        purpose=purpose,
        token=token,
        kind=spec.kind,
        light=spec.light,
        dark=spec.dark,
        reported=reported,
        result=DrawResult.NO_MINIATURE,
        seat=member.seat,
        place=place,
        lighting=lit,
        applied=applied,
        hand=hand,
    )
    turn.state.bag.last_draw = draw
    placed = place_miniature(turn, spec.kind, drawn=True)
    if turn.state.bag.awaiting is Awaiting.ADULTS_RETREAT:
        # The Adults retreat first; the Surprise Attack is checked once the Adult is placed.
        draw.result = DrawResult.ADULTS_RETREAT
        return
    _settle_encounter(turn, draw, placed)


def _settle_encounter(turn: Turn, draw: BagDraw, placed: bool) -> None:
    """The intruder is on the board (or none was left): check for a Surprise Attack.

    An Adult that could not be placed (all in Combat, none retreated) makes none. Any other
    kind with no miniature left is checked all the same (the app's reading, announced); its
    token then stays beside the board untracked, since no miniature stands for it."""
    draw.result = DrawResult.PLACED if placed else DrawResult.NO_MINIATURE
    draw.surprise_attack = None
    if not placed and draw.kind == IntruderKind.ADULT:
        return
    bag = turn.state.bag
    if placed and draw.token in bag.aside:
        bag.on_board_tokens.append(draw.token)  # type: ignore[arg-type]
    if draw.applied is None:
        return
    member = turn.state.member(draw.seat)  # type: ignore[arg-type]
    who = {"seat": member.seat, "character": member.character}
    # Fewer cards than the number: Surprise Attack. Equal is not.
    draw.surprise_attack = is_surprise(draw.applied, draw.hand)  # type: ignore[arg-type]
    if draw.surprise_attack:
        turn.announce("announce.bag.surprise_attack", **who, kind=draw.kind, hand=draw.hand, applied=draw.applied)
        pending.open_attack(turn, PendingKind.SURPRISE_ATTACK, draw.kind, seat=member.seat, place=draw.place)
    else:
        turn.log("log.bag.no_surprise_attack", **who, hand=draw.hand, applied=draw.applied)


# --------------------------------------------------------------------- encounter
def check_resolve_encounter(state: GameState, command: ResolveEncounter, rules: "Rules") -> None:
    require_bag_free(state)
    crew.active_member(state, command.seat)
    require_place(rules, command.place)
    check_draw(state, rules, command.outcome)


@handles(ResolveEncounter, check=check_resolve_encounter, hidden_outcome=True, offers=offer_resolve_encounter)
def resolve_encounter(turn: Turn, command: ResolveEncounter) -> None:
    member = turn.state.member(command.seat)
    bag = turn.state.bag
    was_last = len(bag.bag) == 1
    token = _draw(turn, command.outcome)
    spec = token_specs(turn.rules)[token]
    reported = command.outcome is not None
    if spec.kind == IntruderKind.BLANK:
        turn.log("log.bag.encounter_blank", seat=member.seat, character=member.character, token=token)
        if was_last:
            turn.log("log.bag.blank_was_last")
            add_from_supply(turn, IntruderKind.ADULT)
        bag.last_draw = BagDraw(
            purpose=DrawPurpose.ENCOUNTER, token=token, kind=IntruderKind.BLANK, reported=reported,
            result=DrawResult.BLANK, seat=member.seat, place=command.place, hand=command.hand,
        )
        return
    _set_aside(turn, token)
    _meet(turn, member, command.place, command.hand, token, DrawPurpose.ENCOUNTER, reported, command.ignore_darkness)


# --------------------------------------------------------------------- development (Event step 10)
def check_develop_bag(state: GameState, command: DevelopBag, rules: "Rules") -> None:
    require_bag_free(state)
    check_draw(state, rules, command.outcome)


def _log_drawn(turn: Turn, key: str, numbers: dict[str, Any], announce: bool = False) -> None:
    """A development line: a digital bag's numbers stay with the engine, the table reads
    the kind (the `_unseen` line); a physical bag's table saw the token."""
    say = turn.announce if announce else turn.log
    if turn.state.bag.physical_bag:
        say(key, **numbers)
        return
    turn.log(key, visibility=ENGINE_ONLY, **numbers)
    say(f"{key}_unseen", kind=numbers["kind"])


@handles(DevelopBag, check=check_develop_bag, refused_during_event_phase=True, hidden_outcome=True,
         offers=offer_develop_bag)
def develop_bag(turn: Turn, command: DevelopBag) -> None:
    bag = turn.state.bag
    token = _draw(turn, command.outcome)
    spec = token_specs(turn.rules)[token]
    numbers = _numbers(spec)
    result: DrawResult
    if spec.kind == IntruderKind.LARVA:
        _set_aside(turn, token)
        _log_drawn(turn, "log.bag.developed_larva", numbers)
        add_from_supply(turn, DEVELOPS_INTO[IntruderKind.LARVA])
        result = DrawResult.DEVELOPED
    elif spec.kind == IntruderKind.CREEPER:
        _set_aside(turn, token)
        _log_drawn(turn, "log.bag.developed_creeper", numbers)
        add_from_supply(turn, DEVELOPS_INTO[IntruderKind.CREEPER])
        result = DrawResult.DEVELOPED
    elif spec.kind in (IntruderKind.ADULT, IntruderKind.BREEDER):
        _log_drawn(turn, "announce.bag.developed_noise", numbers, announce=True)
        result = DrawResult.NOISE_ROLL
    elif spec.kind == IntruderKind.QUEEN:
        # The Queen stays counted in the bag until the table says whether anyone is in the Nest.
        bag.awaiting = Awaiting.QUEEN_IN_NEST
        turn.announce("announce.bag.developed_queen", **numbers)
        result = DrawResult.QUEEN_QUESTION
    else:
        turn.log("log.bag.developed_blank", **numbers)
        add_from_supply(turn, IntruderKind.ADULT)
        result = DrawResult.BLANK
    bag.last_draw = BagDraw(
        purpose=DrawPurpose.DEVELOPMENT, token=token, kind=spec.kind, light=spec.light, dark=spec.dark,
        reported=command.outcome is not None, result=result,
    )


def _queen_in_bag(turn: Turn) -> str:
    specs = token_specs(turn.rules)
    return next(t for t in turn.state.bag.bag if specs[t].kind == IntruderKind.QUEEN)


def check_answer_queen_in_nest(state: GameState, command: AnswerQueenInNest, rules: "Rules") -> None:
    require_running(state)
    require(state.bag.awaiting is Awaiting.QUEEN_IN_NEST, "error.bag_no_queen_question")
    details = (command.seat, command.place, command.hand)
    if not command.character_in_nest:
        require(details == (None, None, None), "error.bag_queen_nobody_in_nest")
        return
    require(None not in details, "error.bag_queen_needs_encounter")
    crew.active_member(state, command.seat)  # type: ignore[arg-type]
    require_place(rules, command.place)


@handles(AnswerQueenInNest, check=check_answer_queen_in_nest, hidden_outcome=True, offers=offer_answer_queen_in_nest)
def answer_queen_in_nest(turn: Turn, command: AnswerQueenInNest) -> None:
    bag = turn.state.bag
    bag.awaiting = None
    queen = _queen_in_bag(turn)
    readings = turn.rules.intruders
    if not command.character_in_nest:
        result = _queen_back_egg(turn)
        previous = bag.last_draw
        bag.last_draw = BagDraw(
            purpose=DrawPurpose.DEVELOPMENT, token=queen, kind=IntruderKind.QUEEN,
            light=previous.light if previous else None, dark=previous.dark if previous else None,
            reported=previous.reported if previous else False, result=result,
        )
        return
    member = turn.state.member(command.seat)  # type: ignore[arg-type]
    reported = bool(bag.last_draw and bag.last_draw.reported)
    if bag.on_board[IntruderKind.QUEEN]:
        # There is one Queen miniature: she is not placed twice, so no encounter.
        turn.log("log.bag.queen_already_on_board", seat=member.seat, character=member.character)
        if bag.last_draw is not None:
            bag.last_draw.result = DrawResult.QUEEN_ON_BOARD
        return
    if readings.queen_token_back_when_placed:
        # p.13: her token goes back into the bag even when she is placed.
        turn.announce("announce.bag.queen_in_nest", seat=member.seat, character=member.character)
    else:
        _set_aside(turn, queen)
        turn.announce("announce.bag.queen_in_nest_token_out", seat=member.seat, character=member.character)
    _meet(turn, member, command.place, command.hand, queen,  # type: ignore[arg-type]
          DrawPurpose.QUEEN_IN_NEST, reported)


def _queen_back_egg(turn: Turn) -> DrawResult:
    """Nobody in the Nest: the Queen goes back and the Nest gets an Egg (p.13), within the
    box's Egg tokens; a destroyed Nest gets one too, and stands again (p.10), unless the
    rules data reads p.13 otherwise."""
    bag = turn.state.bag
    maximum = turn.rules.intruders.egg_tokens
    if bag.eggs + bag.eggs_out >= maximum:
        turn.log("log.bag.queen_back_no_egg_token", maximum=maximum)
        return DrawResult.QUEEN_BACK_NO_EGG
    if bag.nest_destroyed:
        if not turn.rules.intruders.queen_egg_when_nest_destroyed:
            turn.log("log.bag.queen_back_nest_destroyed")
            return DrawResult.QUEEN_BACK_NEST_DESTROYED
        bag.eggs += 1
        bag.nest_destroyed = False
        turn.announce("announce.bag.queen_back_nest_restored", count=bag.eggs)
        return DrawResult.QUEEN_BACK_NEST_RESTORED
    bag.eggs += 1
    turn.log("log.bag.queen_back_egg", count=bag.eggs)
    return DrawResult.QUEEN_BACK


# --------------------------------------------------------------------- the Adults retreat
def check_answer_adults_retreat(state: GameState, command: AnswerAdultsRetreat, rules: "Rules") -> None:
    require_running(state)
    require(state.bag.awaiting is Awaiting.ADULTS_RETREAT, "error.bag_no_adults_retreat_question")
    on_board = state.bag.on_board[IntruderKind.ADULT]
    require(command.not_in_combat <= on_board, "error.bag_too_many_to_return", kind=IntruderKind.ADULT, count=on_board)


@handles(AnswerAdultsRetreat, check=check_answer_adults_retreat, hidden_outcome=True,
         offers=offer_answer_adults_retreat)
def answer_adults_retreat(turn: Turn, command: AnswerAdultsRetreat) -> None:
    """All Adult miniatures were out when one had to be placed: those not in Combat
    leave the board, as many Adult tokens as there are beside the board go back into
    the bag, then the Adult is placed (an encounter's Surprise Attack is checked)."""
    bag = turn.state.bag
    on_board = bag.on_board[IntruderKind.ADULT]
    leaving = command.not_in_combat
    bag.awaiting = None
    draw = bag.last_draw if bag.last_draw and bag.last_draw.result is DrawResult.ADULTS_RETREAT else None
    if leaving == 0:
        turn.announce("announce.bag.adults_all_in_combat", kind=IntruderKind.ADULT, maximum=on_board)
        if draw is not None:
            _settle_encounter(turn, draw, placed=False)
        return
    bag.on_board[IntruderKind.ADULT] -= leaving
    turn.log("log.bag.adults_retreated", kind=IntruderKind.ADULT, count=leaving)
    returned = 0
    for n in range(leaving):
        if return_leaving_token(turn, IntruderKind.ADULT, on_board - n, report_empty=False) is None:
            break
        returned += 1
    if returned < leaving:
        turn.log("log.bag.adults_retreat_few_tokens", kind=IntruderKind.ADULT, count=returned, wanted=leaving)
    placed = place_miniature(turn, IntruderKind.ADULT)
    if draw is not None:
        _settle_encounter(turn, draw, placed)
    elif placed:
        turn.log("log.bag.intruder_placed", kind=IntruderKind.ADULT)


# --------------------------------------------------------------------- intruders on the board
def check_board_command(state: GameState, command: KillIntruder | IntruderToTechnicalCorridor | RemoveIntruder,
                        rules: "Rules") -> None:
    """A miniature of `command.kind` leaves the board."""
    require_bag_free(state)
    require_on_board(state, command.kind)


def kill_miniature(turn: Turn, kind: str) -> None:
    """Miniature off, a Carcass left (not for a Larva); its token stays beside the board."""
    bag = turn.state.bag
    bag.on_board[kind] -= 1
    forget_board_token(turn, kind)
    if kind == IntruderKind.LARVA:
        turn.log("log.bag.larva_killed", kind=kind)
        return
    bag.carcasses += 1
    if kind == IntruderKind.QUEEN:
        turn.announce("announce.bag.queen_killed", kind=kind)
    else:
        turn.log("log.bag.intruder_killed", kind=kind)


@handles(KillIntruder, check=check_board_command, offers=per_kind(KillIntruder))
def kill_intruder(turn: Turn, command: KillIntruder) -> None:
    kill_miniature(turn, command.kind)


@handles(IntruderToTechnicalCorridor, check=check_board_command, hidden_outcome=True,
         offers=per_kind(IntruderToTechnicalCorridor))
def intruder_to_technical_corridor(turn: Turn, command: IntruderToTechnicalCorridor) -> None:
    """Miniature off; its token goes from beside the board back into the bag."""
    before = turn.state.bag.on_board[command.kind]
    turn.state.bag.on_board[command.kind] -= 1
    turn.log("log.bag.intruder_to_corridor", kind=command.kind)
    return_leaving_token(turn, command.kind, before)


def remove_miniature(turn: Turn, kind: str) -> None:
    """Miniature off, nothing left behind, token stays aside (a Larva infesting, Evolve)."""
    turn.state.bag.on_board[kind] -= 1
    forget_board_token(turn, kind)
    turn.log("log.bag.intruder_removed", kind=kind)


@handles(RemoveIntruder, check=check_board_command, offers=per_kind(RemoveIntruder))
def remove_intruder(turn: Turn, command: RemoveIntruder) -> None:
    remove_miniature(turn, command.kind)


def check_place_intruder(state: GameState, command: PlaceIntruder, rules: "Rules") -> None:
    require_bag_free(state)
    if command.kind == IntruderKind.QUEEN:
        # The Queen only comes out of the bag (an encounter or bag development).
        specs = token_specs(rules)
        require(all(specs[t].kind != IntruderKind.QUEEN for t in state.bag.bag), "error.bag_queen_token_in_bag")


@handles(PlaceIntruder, check=check_place_intruder, offers=per_kind(PlaceIntruder))
def place_intruder(turn: Turn, command: PlaceIntruder) -> None:
    """A card places an intruder (Scent of Blood, Evolve…): no token is drawn."""
    if place_miniature(turn, command.kind):
        turn.log("log.bag.intruder_placed", kind=command.kind)


@handles(AddToBag, check=check_bag_free, hidden_outcome=True, offers=offer_add_to_bag)
def add_to_bag(turn: Turn, command: AddToBag) -> None:
    """A card puts a token of a kind from the supply into the bag (Hatching…)."""
    add_from_supply(turn, command.kind)


def require_returnable(state: GameState, counts: Mapping[str, int]) -> None:
    """`counts` intruders of each kind can leave the board for the bag."""
    require_bag_free(state)
    returning = {kind: n for kind, n in counts.items() if n > 0}
    require(bool(returning), "error.bag_nothing_to_return")
    for kind, n in returning.items():
        require_on_board(state, kind, n)


def check_return_intruders_to_bag(state: GameState, command: ReturnIntrudersToBag, rules: "Rules") -> None:
    require_returnable(state, command.counts)


@handles(ReturnIntrudersToBag, check=check_return_intruders_to_bag, hidden_outcome=True,
         offers=offer_return_intruders_to_bag)
def return_intruders_to_bag(turn: Turn, command: ReturnIntrudersToBag) -> None:
    return_to_bag(turn, command.counts)


def return_to_bag(turn: Turn, counts: Mapping[str, int]) -> None:
    """Intruders not in combat leave the board; as many tokens go back into the bag."""
    for kind in MINIATURE_KINDS:
        n = counts.get(kind, 0)
        if not n:
            continue
        before = turn.state.bag.on_board[kind]
        turn.state.bag.on_board[kind] -= n
        turn.log("log.bag.intruders_returned", kind=kind, count=n)
        for i in range(n):
            if return_leaving_token(turn, kind, before - i) is None:
                break


# --------------------------------------------------------------------- the Nest
def check_remove_egg(state: GameState, command: object, rules: "Rules") -> None:
    require_bag_free(state)
    require(state.bag.eggs > 0, "error.bag_no_eggs")


def remove_nest_egg(turn: Turn, how: str) -> None:
    """One Egg leaves the Nest ("taken" or "destroyed"); the last one destroys the Nest."""
    bag = turn.state.bag
    bag.eggs -= 1
    if how == "taken":
        bag.eggs_out += 1
        turn.log("log.bag.egg_taken", count=bag.eggs)
    else:
        turn.log("log.bag.egg_destroyed", count=bag.eggs)
    if bag.eggs == 0 and not bag.nest_destroyed:
        bag.nest_destroyed = True
        turn.announce("announce.bag.nest_destroyed")


def destroy_carried_egg(turn: Turn) -> None:
    """An Egg outside the Nest is destroyed: its token leaves play."""
    bag = turn.state.bag
    bag.eggs_out = max(0, bag.eggs_out - 1)


@handles(RemoveEgg, check=check_remove_egg, offers=always(RemoveEgg(how="taken"), RemoveEgg(how="destroyed")))
def remove_egg(turn: Turn, command: RemoveEgg) -> None:
    remove_nest_egg(turn, command.how)


# --------------------------------------------------------------------- settings
def check_set_show_odds(state: GameState, command: SetShowOdds, rules: "Rules") -> None:
    require_running(state)
    # A switch tapped on a page that had not yet shown the change: nothing to do, and said.
    require(state.bag.show_odds != command.show,
            "error.bag_odds_already_shown" if command.show else "error.bag_odds_already_hidden")


@handles(SetShowOdds, check=check_set_show_odds, offers=always(SetShowOdds(show=True), SetShowOdds(show=False)))
def set_show_odds(turn: Turn, command: SetShowOdds) -> None:
    turn.state.bag.show_odds = command.show
    turn.log("log.bag.odds_shown" if command.show else "log.bag.odds_hidden")
