"""Rule point 6 (issue #12): miniature limits for the kinds other than the Adult.

Only the Adults have a printed rule for "every miniature is out" (they retreat, p.18).
For the other kinds the app places nothing, leaves the drawn token beside the board like
every encounter token (p.20), still checks the Surprise Attack with the token's number,
and says so as its own unconfirmed reading. A Larva on a Character board is a Larva
miniature in play (p.22), so it counts toward the Larva limit."""
from __future__ import annotations

import pytest

from companion.engine.bag.handlers import larvae_on_character_boards, miniatures_out
from companion.engine.bag.model import DrawResult
from companion.i18n import LANGUAGES, Translator
from tests.conftest import LAYOUT_1234, do
from tests.support.bag_helpers import box_ids, full_bag, new_entries, new_keys

# How each language marks a reading the printed rules do not confirm (game.json's
# "common.unconfirmed" says it the same way: "não confirmado" / "doğrulanmadı").
UNCONFIRMED = {"pt-BR": "não confirmada", "tr": "doğrulanmadı"}
# "The drawn token stays beside the board."
BESIDE_THE_BOARD = {"pt-BR": "ao lado do tabuleiro", "tr": "tahtanın yanında"}
# A token of each kind, its light number: hand 0 is fewer (a Surprise Attack), 5 is not.
TOKENS = {"larva": {"kind": "larva", "light": 1, "dark": 2}, "creeper": {"kind": "creeper"},
          "breeder": {"kind": "breeder", "light": 2, "dark": 4}}


def _params(state, key):
    return next(entry.params for entry in new_entries(state) if entry.key == key)


def _fill(game, rules, kind: str) -> None:
    """Every miniature of `kind` on the board (cards place them: no token drawn)."""
    for _ in range(rules.intruders.miniatures[kind]):
        do(game, "place_intruder", kind=kind)
    assert game.state.bag.on_board[kind] == rules.intruders.miniatures[kind]


# --------------------------------------------------------------------- (a) what the app does, and says
@pytest.mark.parametrize("kind", sorted(TOKENS))
def test_no_miniature_left_is_announced_as_the_apps_unconfirmed_reading(rules, kind):
    game = full_bag(rules, layout=LAYOUT_1234)
    _fill(game, rules, kind)
    bag_before = game.state.bag
    state = do(game, "resolve_encounter", seat=1, place="S-01", hand=5, outcome=TOKENS[kind])
    bag = state.bag
    draw = bag.last_draw
    assert draw.result is DrawResult.NO_MINIATURE
    # No miniature is placed.
    assert bag.on_board[kind] == rules.intruders.miniatures[kind]
    assert "announce.bag.no_miniature_drawn" in new_keys(state)
    assert _params(state, "announce.bag.no_miniature_drawn") == {
        "kind": kind, "maximum": rules.intruders.miniatures[kind]}
    # The drawn token left the bag for beside the board, like every encounter token, and no
    # miniature stands for it; every token of the box is still in the bag or beside it.
    assert draw.token not in bag.bag and draw.token in bag.aside
    assert draw.token not in bag.on_board_tokens
    assert bag.on_board_tokens == bag_before.on_board_tokens
    assert sorted(bag.bag + bag.aside) == sorted(box_ids(rules))
    assert len(bag.bag) == len(bag_before.bag) - 1


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_no_miniature_texts_say_what_happens_and_that_it_is_unconfirmed(lang):
    tr = Translator(lang)
    drawn = tr.t("announce.bag.no_miniature_drawn", kind="creeper", maximum=3)
    assert UNCONFIRMED[lang] in drawn and BESIDE_THE_BOARD[lang] in drawn and "3" in drawn
    # A card placing an intruder (no token drawn) says the reading too.
    assert UNCONFIRMED[lang] in tr.t("announce.bag.no_miniature", kind="creeper", maximum=3)
    # The reveal's verdict no longer says "no Surprise Attack" (it is checked).
    verdict = tr.t("ui.bag.result.no_miniature", kind="creeper")
    assert UNCONFIRMED[lang] in verdict and BESIDE_THE_BOARD[lang] in verdict
    assert "Ataque Surpresa" not in verdict and "Sürpriz Saldırı" not in verdict


def test_a_card_placing_an_intruder_with_none_left_announces_the_card_line(rules):
    game = full_bag(rules, layout=LAYOUT_1234)
    _fill(game, rules, "creeper")
    before = game.state.bag
    state = do(game, "place_intruder", kind="creeper")
    assert new_keys(state) == ["announce.bag.no_miniature"]
    assert (state.bag.bag, state.bag.aside, state.bag.on_board) == (before.bag, before.aside, before.on_board)


# --------------------------------------------------------------------- (b) the Surprise Attack is checked anyway
@pytest.mark.parametrize("kind", sorted(TOKENS))
@pytest.mark.parametrize("hand,surprise", [(0, True), (5, False)])
def test_no_miniature_left_still_checks_the_surprise_attack(rules, kind, hand, surprise):
    game = full_bag(rules, layout=LAYOUT_1234)
    _fill(game, rules, kind)
    state = do(game, "resolve_encounter", seat=2, place="S-01", hand=hand, outcome=TOKENS[kind])
    draw = state.bag.last_draw
    assert draw.result is DrawResult.NO_MINIATURE
    assert (draw.applied, draw.hand) == (rules_light(rules, draw.token), hand)
    assert draw.surprise_attack is surprise
    keys = new_keys(state)
    assert ("announce.bag.surprise_attack" in keys) is surprise
    assert ("log.bag.no_surprise_attack" in keys) is not surprise
    if surprise:
        assert _params(state, "announce.bag.surprise_attack") == {
            "seat": 2, "character": state.member(2).character, "kind": kind, "hand": hand,
            "applied": draw.applied}
    # The announcement comes before the verdict.
    assert keys.index("announce.bag.no_miniature_drawn") < keys.index(
        "announce.bag.surprise_attack" if surprise else "log.bag.no_surprise_attack")


def test_the_dark_number_applies_when_no_miniature_is_placed(rules):
    game = full_bag(rules, layout=LAYOUT_1234)
    _fill(game, rules, "breeder")
    # S-03 has no power: the Breeder 2/4 token uses 4, and 3 cards are fewer.
    state = do(game, "resolve_encounter", seat=1, place="S-03", hand=3, outcome=TOKENS["breeder"])
    draw = state.bag.last_draw
    assert (draw.result, draw.applied, draw.surprise_attack) == (DrawResult.NO_MINIATURE, 4, True)


def rules_light(rules, token: str) -> int:
    return next(spec.light for spec in rules.intruders.tokens if spec.id == token)


# --------------------------------------------------------------------- (c) Larvae on Character boards count
def test_larvae_on_character_boards_count_toward_the_larva_limit(rules):
    game = full_bag(rules, layout=LAYOUT_1234)
    maximum = rules.intruders.miniatures["larva"]
    do(game, "set_larva", seat=1, larva=True)
    do(game, "set_larva", seat=2, larva=True)
    assert larvae_on_character_boards(game.state) == 2
    for _ in range(maximum - 2):
        do(game, "place_intruder", kind="larva")
    assert game.state.bag.on_board["larva"] == maximum - 2
    assert miniatures_out(game.state, "larva") == maximum
    # A card cannot place one more: all the Larva miniatures are out of the box.
    state = do(game, "place_intruder", kind="larva")
    assert state.bag.on_board["larva"] == maximum - 2
    assert new_keys(state) == ["announce.bag.no_miniature", "log.bag.larvae_on_character_boards"]
    assert _params(state, "log.bag.larvae_on_character_boards") == {"count": 2, "board": maximum - 2}
    # Nor an encounter.
    state = do(game, "resolve_encounter", seat=3, place="S-01", hand=0, outcome=TOKENS["larva"])
    assert state.bag.last_draw.result is DrawResult.NO_MINIATURE
    assert state.bag.on_board["larva"] == maximum - 2
    assert state.bag.last_draw.surprise_attack is True


def test_a_larva_infesting_moves_a_miniature_without_freeing_one(rules):
    game = full_bag(rules, layout=LAYOUT_1234)
    maximum = rules.intruders.miniatures["larva"]
    for _ in range(maximum):
        do(game, "place_intruder", kind="larva")
    # The Larva leaves the board for the Character board: still every miniature out.
    do(game, "resolve_attack", attacker="larva", seat=1, place="S-01")
    assert game.state.bag.on_board["larva"] == maximum - 1
    assert game.state.member(1).body.larva
    assert miniatures_out(game.state, "larva") == maximum
    state = do(game, "place_intruder", kind="larva")
    assert state.bag.on_board["larva"] == maximum - 1
    assert "announce.bag.no_miniature" in new_keys(state)
    # Taken off the Character board (Surgery, say): one miniature is back in the box.
    do(game, "set_larva", seat=1, larva=False)
    state = do(game, "place_intruder", kind="larva")
    assert state.bag.on_board["larva"] == maximum
    assert new_keys(state) == ["log.bag.intruder_placed"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_larvae_on_boards_line_reads_in_both_languages(lang):
    line = Translator(lang).t("log.bag.larvae_on_character_boards", count=2, board=4)
    assert "2" in line and "4" in line and "{" not in line
