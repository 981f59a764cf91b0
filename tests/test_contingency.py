"""Contingency tokens dealt by the app: the deal in each mode, the three ways of looking
(each shown only to the player who looks, and never undone), a dead Character's tokens
back to the Neutral Pool, and the Active token revealed at the Victory Check."""
from __future__ import annotations

from collections import Counter

import pytest

from companion.engine import GameSession, IllegalCommand
from companion.engine import commands as c
from companion.engine.journal import Audience
from companion.vocab import EndReason, Mode
from companion.rules import load_rules
from tests.conftest import CHARACTERS

RULES = load_rules()
ALL_TOKENS = Counter(token.id for token in RULES.contingency)


def start(players: int = 3, mode: Mode = Mode.STANDARD, seed: int = 7, tokens: bool = True) -> GameSession:
    setup = c.NewGame(players=tuple(c.PlayerSetup(name=f"P{i + 1}", character=CHARACTERS[i]) for i in range(players)),
                      mode=mode, seed=seed, contingency_tokens=tokens)
    return GameSession.start(setup, RULES)


def every_token(game: GameSession) -> Counter:
    tokens = game.state.contingency
    return Counter([tokens.active, *tokens.pool, *(t for held in tokens.held.values() for t in held)])


@pytest.mark.parametrize("players,each,pool", [(2, 2, 2), (3, 1, 3), (4, 1, 2), (5, 1, 1)])
def test_the_deal_in_a_standard_game(players, each, pool):
    game = start(players)
    tokens = game.state.contingency
    assert {seat: len(held) for seat, held in tokens.held.items()} == {s: each for s in range(1, players + 1)}
    assert len(tokens.pool) == pool and tokens.pool == sorted(tokens.pool)
    assert every_token(game) == ALL_TOKENS
    assert not tokens.public and not tokens.active_revealed
    # Each player is told their own tokens, privately; everyone only how many are left.
    events = game.events_at(0)
    private = [e for e in events if e.key == "log.contingency.yours"]
    assert sorted(e.visibility.seat for e in private) == sorted(s for s in range(1, players + 1) for _ in range(each))
    assert all(e.visibility.audience is Audience.SEAT for e in private)


def test_solo_draws_two_from_the_pool_and_co_operative_play_reveals_one():
    solo = start(1, Mode.SOLO).state.contingency
    assert len(solo.held[1]) == 2 and len(solo.pool) == 4
    coop = start(3, Mode.COOP)
    tokens = coop.state.contingency
    assert tokens.held == {} and len(tokens.pool) == 6 and len(tokens.public) == 1
    assert tokens.public[0] in tokens.pool and tokens.active not in tokens.pool
    revealed = [e for e in coop.events_at(0) if e.key == "announce.contingency.revealed"]
    assert len(revealed) == 1 and revealed[0].reaches_table


def test_the_deal_is_seeded_and_varies():
    assert start(seed=3).state.contingency == start(seed=3).state.contingency
    assert len({start(seed=seed).state.contingency.active for seed in range(40)}) > 3


def test_without_the_app_tokens_nothing_is_dealt_or_looked_at():
    game = start(tokens=False)
    assert game.state.contingency is None
    with pytest.raises(IllegalCommand, match="error.contingency.physical"):
        game.execute(c.PeekContingency(seat=1, via="alert_room"))


def test_a_computer_action_shows_all_of_one_players_tokens_to_the_one_who_looks():
    game = start(2)
    step = game.execute(c.PeekContingency(seat=1, via="computer", target=2))
    seen = [s.token for s in step.state.contingency.sightings if s.seat == 1]
    assert sorted(seen) == sorted(step.state.contingency.held[2])
    shown = [e for e in step.events if e.key == "log.contingency.seen_held"]
    assert len(shown) == 2 and {e.visibility.seat for e in shown} == {1}
    public = [e for e in step.events if e.reaches_table]
    assert [e.key for e in public] == ["log.contingency.looked_at_all"]
    assert not any("contingency" in e.params for e in public)
    # A look cannot be undone (it would let a player look again).
    assert not game.can_undo


def test_the_archive_activates_the_knowledge_token_and_looks_at_one_token():
    game = start(3)
    knowledge = game.state.member(2).knowledge
    step = game.execute(c.PeekContingency(seat=2, via="archive", target=3))
    member = step.state.member(2)
    assert member.knowledge_token_active and member.knowledge == knowledge + 2
    assert [s.token for s in step.state.contingency.sightings] == step.state.contingency.held[3]
    with pytest.raises(IllegalCommand, match="error.knowledge_token_active"):
        game.execute(c.PeekContingency(seat=2, via="archive"))
    pool_look = game.execute(c.PeekContingency(seat=1, via="archive"))
    pool = pool_look.state.contingency
    assert pool.sightings[-1].holder is None and pool.sightings[-1].token in pool.pool
    assert len(pool.pool) == 3  # looked at, not taken


def test_the_alert_room_takes_a_token_from_the_pool():
    game = start(3)
    before = list(game.state.contingency.pool)
    step = game.execute(c.PeekContingency(seat=3, via="alert_room"))
    tokens = step.state.contingency
    taken = tokens.sightings[-1].token
    assert taken in before and taken not in tokens.pool and taken in tokens.held[3]
    assert every_token(game) == ALL_TOKENS


@pytest.mark.parametrize("command,key", [
    (c.PeekContingency(seat=1, via="computer"), "error.contingency.target_needed"),
    (c.PeekContingency(seat=1, via="computer", target=1), "error.contingency.own_tokens"),
    (c.PeekContingency(seat=1, via="alert_room", target=2), "error.contingency.pool_only"),
    (c.PeekContingency(seat=1, via="computer", target=9), "error.unknown_seat"),
], ids=["no_target", "own", "pool_with_target", "absent"])
def test_looks_that_make_no_sense_are_refused(command, key):
    game = start(3)
    with pytest.raises(IllegalCommand) as refused:
        game.execute(command)
    assert refused.value.key == key


def test_a_computer_look_with_nobody_in_reach_says_so_rather_than_asking_whom():
    game = start(2)
    game.execute(c.RecordDeath(seat=2))
    with pytest.raises(IllegalCommand) as refused:
        game.execute(c.PeekContingency(seat=1, via="computer"))
    assert refused.value.key == "error.contingency.nobody_in_reach"


def test_a_dead_characters_tokens_go_back_to_the_pool_and_cannot_be_looked_at():
    game = start(3)
    held = list(game.state.contingency.held[2])
    step = game.execute(c.RecordDeath(seat=2))
    tokens = step.state.contingency
    assert 2 not in tokens.held and set(held) <= set(tokens.pool)
    assert "log.contingency.returned" in [e.key for e in step.events]
    with pytest.raises(IllegalCommand, match="error.not_in_facility"):
        game.execute(c.PeekContingency(seat=1, via="computer", target=2))
    assert every_token(game) == ALL_TOKENS


def test_co_operative_looks_are_shown_to_everyone():
    game = start(3, Mode.COOP)
    step = game.execute(c.PeekContingency(seat=1, via="alert_room"))
    tokens = step.state.contingency
    assert len(tokens.public) == 2 and tokens.held == {}
    assert [e.key for e in step.events if e.reaches_table][-1] == "announce.contingency.revealed"


def test_the_active_token_is_revealed_at_the_victory_check_only_and_for_good():
    game = start(2)
    with pytest.raises(IllegalCommand, match="error.victory.not_started"):
        game.execute(c.RevealActiveContingency())
    game.execute(c.StartVictoryCheck(reason=EndReason.TIME_RAN_OUT))
    with pytest.raises(IllegalCommand, match="error.victory.wrong_step"):
        game.execute(c.RevealActiveContingency())
    game.execute(c.ConfirmRoster())
    with pytest.raises(IllegalCommand, match="error.victory.app_tokens"):
        game.execute(c.EnterActiveContingency(token="green"))
    step = game.execute(c.RevealActiveContingency())
    assert step.state.victory.active_token == step.state.contingency.active
    assert step.state.contingency.active_revealed and not game.can_undo
