"""The Victory Check's line about a Larva on the Character board says what the card does
next: straight to the draw only when the rules data lets the Larva skip the scan."""
from __future__ import annotations

import pytest

from companion.seats.controller import TableController
from companion.engine import commands as c
from companion.store import GameStore
from companion.ui.i18n_view import Texts
from companion.ui.kit.handoff import VICTORY, hand_to, handoff_of
from tests.support.screens import build_victory_screen
from tests.support.victory_helpers import ended_game
from tests.test_readings import RULES, with_switch
from tests.test_ui_purity import render_purely

from .ui_tree import make_context, strings


def _held_check(tmp_path, monkeypatch, skips: bool, lang: str) -> list[str]:
    rules = with_switch(RULES, "victory.larva_skips_scan", skips)
    controller = TableController(GameStore(tmp_path), rules)
    game = ended_game(app_tokens=False)
    controller.new_game(game.commands[0], "victory")
    controller.execute(c.InfestCharacter(seat=2))
    for command in game.commands[1:]:
        controller.execute(command)
    for command in (c.StartVictoryCheck(), c.ConfirmRoster(), c.EnterActiveContingency(token="green"),
                    c.StartContaminationChecks()):
        controller.execute(command)
    assert controller.state.member(2).body.larva
    table = make_context(controller, lang, 1280)
    hand_to(table, 2, VICTORY)
    handoff_of(table).holding = True
    return strings(render_purely(monkeypatch, controller, lambda: build_victory_screen(table)))


@pytest.mark.parametrize("lang", ("pt-BR", "tr"))
@pytest.mark.parametrize("skips", (True, False), ids=("skips-scan", "scans"))
def test_a_larva_on_the_board_says_the_draw_comes_next_only_when_it_skips_the_scan(
        tmp_path, monkeypatch, lang, skips):
    shown = _held_check(tmp_path, monkeypatch, skips, lang)
    texts = Texts(lang)
    straight, scan_first = texts.t("ui.victory.check.board_larva"), texts.t("ui.victory.check.board_larva_scan")
    assert (straight in shown) is skips
    assert (scan_first in shown) is not skips
