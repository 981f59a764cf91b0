"""Games at each step of the Victory Check, for the tests that must hold in every state."""
from __future__ import annotations

from typing import Iterator

from companion.engine import GameSession, GameState
from companion.engine import commands as c
from companion.engine.victory.model import ObjectiveChoice, ObjectiveKind
from companion.vocab import Pod
from companion.rules import load_rules
from tests.conftest import CHARACTERS

RULES = load_rules()


def ended_game(*, app_tokens: bool = True, seed: int = 21, players: int = 3) -> GameSession:
    """A game the Facility's destruction ended: seat 1 locked in the Isolation Room, seat 2
    in the Bunker, seat 3 in CSS pod A (at 10, the first CSS space)."""
    setup = c.NewGame(players=tuple(c.PlayerSetup(name=f"P{i + 1}", character=CHARACTERS[i])
                                    for i in range(players)),
                      seed=seed, contingency_tokens=app_tokens)
    game = GameSession.start(setup, RULES)
    for _ in range(5):
        game.execute(c.AdvanceTime())
    game.execute(c.EnterPod(seat=3, pod=Pod.A))
    game.execute(c.CssLaunch(face="A"))
    while game.state.time > 8:
        game.execute(c.AdvanceTime())
    game.execute(c.LockIn(seat=1))
    game.execute(c.OpenMainGate())
    game.execute(c.StartSelfDestruct())
    game.execute(c.EscapeToBunker(seat=2))
    assert game.state.is_over
    return game


def walk_to_result(game: GameSession) -> Iterator[tuple[str, GameState]]:
    """Every step of the walkthrough, yielding the state after each command."""
    def step(name: str, command) -> tuple[str, GameState]:
        return name, game.execute(command).state

    yield step("victory-roster", c.StartVictoryCheck())
    yield step("victory-contingency", c.ConfirmRoster())
    if game.state.contingency is not None:
        yield step("victory-revealed", c.RevealActiveContingency())
    else:
        yield step("victory-entered", c.EnterActiveContingency(token="green"))
    yield step("victory-contamination", c.StartContaminationChecks())
    survivors = [entry.seat for entry in game.state.victory.contamination]
    for index, seat in enumerate(survivors):
        yield step(f"victory-scan-{seat}", c.AnswerScan(seat=seat, larva=False, infected=index == 0))
        if index == 0:
            yield step(f"victory-draw-{seat}", c.DrawContamination(seat=seat, action_cards=10, contamination_cards=1))
    yield step("victory-objectives", c.RevealContamination())
    for seat in _objective_seats(game):
        yield step(f"victory-objective-{seat}",
                   c.ChooseObjective(seat=seat, objective=ObjectiveChoice(kind=ObjectiveKind.ONLY_SURVIVOR)))
    yield step("victory-result", c.RevealObjectives())


def _objective_seats(game: GameSession) -> list[int]:
    from companion.engine.victory.handlers import objective_seats

    return objective_seats(game.state, game.state.victory, RULES)


def victory_states(physical: bool) -> Iterator[tuple[str, GameState]]:
    game = ended_game(app_tokens=not physical)
    yield from walk_to_result(game)


# --------------------------------------------------------------------- random games reach the Victory Check
VIAS = ("archive", "alert_room", "computer")
REASONS = ("time_ran_out", "facility_destroyed", "alert_procedure")
PLACES = (("isolation", None), ("bunker", None), ("pod", "A"), ("pod", "B"), ("dead", None), ("facility", None))
OBJECTIVES = (
    {"kind": "only_survivor"}, {"kind": "knowledge_token"}, {"kind": "player_dies", "player": 2},
    {"kind": "knowledge_at_least", "knowledge": 3}, {"kind": "queen_killed", "answer": True},
    {"kind": "sections_explored", "sections": ["S-01", "S-03"], "answer": False},
)


def _cmd(type_: str, **fields):
    from tests.conftest import cmd

    return cmd(type_, **fields)


VICTORY_FACTORIES = [
    lambda n: _cmd("peek_contingency", seat=1 + n % 3, via=VIAS[n % 3], target=None if n % 2 else 1 + (n // 3) % 3),
    lambda n: _cmd("start_victory_check", reason=REASONS[n % 3]),
    lambda n: _cmd("start_victory_check"),
    lambda n: _cmd("correct_roster", seat=1 + n % 3, whereabouts=PLACES[n % 6][0], pod=PLACES[n % 6][1]),
    lambda n: _cmd("confirm_roster"),
    lambda n: _cmd("reveal_active_contingency"),
    lambda n: _cmd("enter_active_contingency", token=RULES.contingency[n % 7].id),
    lambda n: _cmd("start_contamination_checks"),
    lambda n: _cmd("answer_scan", seat=1 + n % 3, larva=bool(n % 2), infected=bool(n // 2 % 2)),
    lambda n: _cmd("draw_contamination", seat=1 + n % 3, action_cards=n % 12, contamination_cards=1 + n % 3),
    lambda n: _cmd("report_contamination", seat=1 + n % 3, dies=bool(n % 2)),
    lambda n: _cmd("reveal_contamination"),
    lambda n: _cmd("choose_objective", seat=1 + n % 3, objective=OBJECTIVES[n % len(OBJECTIVES)]),
    lambda n: _cmd("reveal_objectives"),
]


# --------------------------------------------------------------------- what a viewer cannot know, changed
def private_twin(state: GameState, viewer, rng) -> GameState:
    """The same game as far as `viewer` can know: the Contingency tokens it has not seen
    swapped among their places, and the other players' private Victory Check entries
    (Contamination results, objectives) changed while they are not revealed."""
    twin = state.model_copy(deep=True)
    seat = viewer.seat if viewer.kind == "seat" else None
    tokens = twin.contingency
    if tokens is not None:
        known = tokens.known_to(seat) if seat is not None else set(tokens.public) | (
            {tokens.active} if tokens.active_revealed else set())
        unknown = sorted({token.id for token in RULES.contingency} - known)
        shuffled = list(unknown)
        rng.shuffle(shuffled)
        swap = dict(zip(unknown, shuffled))
        moved = lambda token: swap.get(token, token)  # noqa: E731
        tokens.active = moved(tokens.active)
        tokens.held = {s: [moved(t) for t in held] for s, held in tokens.held.items()}
        tokens.pool = sorted(moved(t) for t in tokens.pool)
        for sighting in tokens.sightings:
            sighting.token = moved(sighting.token)
    check = twin.victory
    if check is not None:
        from companion.engine.victory.model import VictoryStep

        for entry in check.contamination:
            if entry.seat != seat and not check.contamination_revealed and entry.settled:
                entry.dies = not entry.dies
                entry.larva, entry.infected = rng.choice([(True, False), (False, True), (False, False)])
                entry.drawn = None
        if check.step is not VictoryStep.RESULT and twin.mode.value != "coop":
            for other, choice in list(check.objectives.items()):
                if other != seat:
                    kinds = [kind for kind in ObjectiveKind if kind is not choice.kind]
                    check.objectives[other] = ObjectiveChoice(kind=rng.choice(kinds), answer=True)
    return twin
