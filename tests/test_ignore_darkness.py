"""A Flashlight, a Light Stick or any effect that lets a Character ignore Darkness
(rulebook p.18, example p.24): an encounter uses the light number and an Attack card's
Darkness extra does not apply, even in a place without power."""
from __future__ import annotations

import pytest

from companion.engine.bag.model import Lighting
from tests.conftest import LAYOUT_1234, do
from tests.support.bag_helpers import full_bag, new_keys

# LAYOUT_1234: S-01 and S-02 powered; S-03 and the Elevator dark.


@pytest.mark.parametrize("place", ["S-03", "STAIRS"])
def test_an_encounter_ignoring_darkness_uses_the_light_number(rules, place):
    game = full_bag(rules, layout=LAYOUT_1234)
    state = do(game, "resolve_encounter", seat=1, place=place, hand=3, outcome={"token": "adult_7"},
               ignore_darkness=True)
    draw = state.bag.last_draw
    assert (draw.lighting, draw.applied, draw.surprise_attack) == (Lighting.DARKNESS_IGNORED, 2, False)
    assert "log.bag.encounter_darkness_ignored" in new_keys(state)
    assert game.commands[-1].ignore_darkness


def test_without_the_toggle_the_dark_number_applies(rules):
    game = full_bag(rules, layout=LAYOUT_1234)
    state = do(game, "resolve_encounter", seat=1, place="S-03", hand=3, outcome={"token": "adult_7"})
    assert (state.bag.last_draw.applied, state.bag.last_draw.surprise_attack) == (4, True)


def test_an_attack_ignoring_darkness_has_no_darkness_extra(make_game):
    game = make_game(layout=LAYOUT_1234)
    state = do(game, "resolve_attack", attacker="adult", seat=1, place="S-03", card="cut_2", ignore_darkness=True)
    # The card's effect (1 Light Wound on the board), not its Darkness extra (1 more).
    assert new_keys(state) == ["log.attack.darkness_ignored", "log.attack.hit", "attack_card.effect.cut",
                               "log.body.light_wound"]
    assert state.member(1).body.light_wounds == 1
    assert state.latest.attack.dark is False
    # Reported as dark by the table, ignored all the same.
    state = do(game, "resolve_attack", attacker="adult", seat=1, dark=True, card="cut_3", ignore_darkness=True)
    assert "attack_card.dark.cut" not in new_keys(state)
