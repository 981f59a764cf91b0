"""Hidden numbers stay hidden: what a digital bag develops shows the table only kinds,
and a physical bag's setup says how many tokens of each kind go in (face-down in the box)."""
from __future__ import annotations

import pytest

from companion.engine import parse_command
from companion.engine.journal import for_table
from tests.support.bag_helpers import session_with_bag, start

NUMBERS = {"light", "dark", "token"}


def test_physical_setup_counts_tokens_per_kind_without_numbers(rules):
    game = start(rules, physical=True)
    lines = [e for e in game.events_at(0) if e.key in ("log.bag.setup_tokens", "log.bag.setup_blank")]
    kinds = [e.params["kind"] for e in lines]
    assert len(kinds) == len(set(kinds))  # one line a kind
    assert all(not NUMBERS & set(e.params) for e in lines)


@pytest.mark.parametrize("token, key", [("larva_1", "log.bag.developed_larva"),
                                        ("creeper_1", "log.bag.developed_creeper"),
                                        ("adult_12", "announce.bag.developed_noise")])
def test_a_digital_development_shows_the_table_no_numbers(rules, token, key):
    game = session_with_bag(rules, [token], physical=False)
    game.execute(parse_command({"type": "develop_bag"}))
    events = game.events_at(game.cursor)
    seen = [e for e in events if for_table(e)]
    assert [e.key for e in seen][0] == f"{key}_unseen"
    assert all(not NUMBERS & set(e.params) for e in seen)
    hidden = [e for e in events if e.key == key]
    assert len(hidden) == 1 and not hidden[0].reaches_table and hidden[0].params["token"] == token


def test_a_physical_development_shows_what_the_table_saw(rules):
    game = session_with_bag(rules, ["adult_12"], physical=True)
    game.execute(parse_command({"type": "develop_bag", "outcome": {"token": "adult_12"}}))
    seen = [e for e in game.events_at(game.cursor) if for_table(e)]
    assert seen[0].key == "announce.bag.developed_noise" and seen[0].params["light"] == 3
