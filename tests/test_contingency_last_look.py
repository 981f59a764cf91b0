"""The table's last-look line says how many of a player's Contingency tokens the look
showed: one after an Archive look, all of them after a Computer action."""
from __future__ import annotations

import pytest

from companion.engine import commands as c
from companion.engine.views import TABLE, seat_viewer
from tests.support.screens import build_table
from tests.conftest import CHARACTERS

from .ui_tree import make_context, make_controller, strings

SETUP = c.NewGame(players=tuple(c.PlayerSetup(name=f"P{i + 1}", character=CHARACTERS[i]) for i in range(2)),
                  seed=7, contingency_tokens=True)


@pytest.mark.parametrize("lang", ("pt-BR", "tr"))
@pytest.mark.parametrize("via", ("archive", "computer"))
def test_the_last_look_counts_the_tokens_it_showed(tmp_path, lang, via):
    controller = make_controller(tmp_path)
    controller.new_game(SETUP, "looks")
    held = len(controller.state.contingency.held[2])
    assert held == 2  # two players: two tokens each
    controller.execute(c.PeekContingency(seat=1, via=via, target=2), seat_viewer(1))
    look = controller.view(TABLE).public.contingency.looks[-1]
    shown = 1 if via == "archive" else held
    assert look.tokens == shown
    table = make_context(controller, lang, 1280)
    line = table.texts.plural("ui.contingency.last_look", shown, name="P1", whose="P2")
    assert line in strings(build_table(table))
    other = table.texts.plural("ui.contingency.last_look", 3 - shown, name="P1", whose="P2")
    assert other != line
