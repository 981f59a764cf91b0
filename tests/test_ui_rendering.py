"""Every screen renders in both languages, at phone and desktop widths, with no missing text."""
from __future__ import annotations

import re

import pytest

from companion.engine import NewGame, PlayerSetup
from companion.engine.commands import AdvanceTime, RecordDeath, StartSelfDestruct, TriggerAlert
from companion.i18n.catalog import load_catalog
from companion.ui import ids
from tests.support.screens import build_wizard, build_home, build_table
from companion.ui.setup_wizard import SetupWizard

from .ui_tree import check_texts, identifiers, make_context, make_controller
from companion.ui.table import ids as table_ids

WIDTHS = (390, 1280)
LANGS = ("pt-BR", "tr")


def _setup(players: int = 3) -> NewGame:
    chars = ("hacker", "janitor", "lab_rat", "sentry", "survivor")
    return NewGame(players=tuple(PlayerSetup(name=f"P{i}", character=chars[i]) for i in range(players)), seed=3)


@pytest.fixture
def controller(tmp_path):
    return make_controller(tmp_path)


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("lang", LANGS)
def test_home_and_setup_render(controller, lang, width):
    ctx = make_context(controller, lang, width)
    home = build_home(ctx)
    check_texts(home)
    assert ids.NEW_GAME in identifiers(home)
    wizard = SetupWizard(ctx, set_language=lambda _lang: None)
    form = build_wizard(wizard)
    check_texts(form)
    found = identifiers(form)
    assert {ids.player_name(1), ids.player_character(1), ids.ADD_PLAYER, ids.START_GAME} <= found


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("lang", LANGS)
def test_table_renders_through_a_game(controller, lang, width):
    controller.new_game(_setup(), "t")
    ctx = make_context(controller, lang, width)
    wanted = {table_ids.ADVANCE_TIME, table_ids.START_SELF_DESTRUCT, table_ids.TRIGGER_ALERT, table_ids.RESTORE_POWER, table_ids.TIME_TRACK,
              table_ids.FIRE_COUNT, table_ids.MALFUNCTION_COUNT, ids.LOG, *(table_ids.power(s) for s in
                                                               ("S-01", "S-02", "S-03", "ELEVATOR"))}
    assert wanted <= identifiers(build_table(ctx))
    for _ in range(3):
        controller.execute(AdvanceTime())
    controller.execute(StartSelfDestruct())
    controller.execute(TriggerAlert())
    table = build_table(ctx)
    check_texts(table)
    assert table_ids.STOP_SELF_DESTRUCT in identifiers(table)
    for seat in (1, 2, 3):
        controller.execute(RecordDeath(seat=seat))
    assert controller.state.is_over
    ended = build_table(ctx)
    check_texts(ended)
    assert table_ids.GAME_END in identifiers(ended)
    assert table_ids.ADVANCE_TIME not in identifiers(ended)


def test_every_ui_key_exists_in_both_languages():
    """Keys the screens use literally (f-string families are covered by the rendering tests)."""
    from pathlib import Path

    source = "\n".join(p.read_text() for p in Path("companion/ui").rglob("*.py"))
    used = set(re.findall(r'"((?:ui|common)\.[a-z_.]+[a-z_])"', source))
    catalog = load_catalog()
    for lang in LANGS:
        missing = sorted(k for k in used if k not in catalog[lang] and f"{k}.other" not in catalog[lang])
        assert not missing, f"{lang} lacks {missing}"
