"""Announcements and the log say "player (Character)" wherever a seat acts or is hit: every
journal line that names a Character carries its seat, and a page renders it with the
player's name from its view's crew."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings

from companion.engine import commands as c
from companion.engine.journal import Event
from companion.i18n import LANGUAGES, Translator
from companion.i18n.catalog import load_catalog
from companion.i18n.plurals import is_form
from companion.i18n.translator import placeholders
from tests.support.random_games import SETUPS, STEPS, play
from tests.ui_tree import make_context, make_controller

CATALOG = load_catalog()
PLAYERS = {1: "Zeynep", 2: "Joaquim"}


def _journal_keys(lang: str, placeholder: str) -> list[str]:
    """The announce.* and log.* keys whose text has `placeholder` (plural forms by their family)."""
    keys = set()
    for key, text in CATALOG[lang].items():
        if not key.startswith(("log.", "announce.")) or f"{{{placeholder}}}" not in text:
            continue
        family, _, last = key.rpartition(".")
        keys.add(family if is_form(last) else key)
    return sorted(keys)


def _line(key: str, lang: str, **named) -> Event:
    """A journal line of `key` with a value for each of its placeholders."""
    names: set[str] = set()
    for full, text in CATALOG[lang].items():
        if full == key or full.startswith(f"{key}."):
            names |= placeholders(text)
    params = {name: 2 for name in names}
    params.update(named)
    return Event.of(0, key, params)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_journal_line_naming_a_character_names_its_player(lang):
    t = Translator(lang)
    keys = _journal_keys(lang, "character")
    assert len(keys) > 60  # the guard: the lines are found
    for key in keys:
        line = t.entry(_line(key, lang, character="hacker", seat=1), PLAYERS)
        assert "Zeynep" in line and t.name("character", "hacker") in line, key
    for key in _journal_keys(lang, "other_character"):
        line = t.entry(_line(key, lang, character="hacker", seat=1, other_character="janitor", other_seat=2), PLAYERS)
        assert "Joaquim" in line and t.name("character", "janitor") in line, key


def test_a_line_without_the_players_names_still_reads():
    t = Translator("pt-BR")
    line = Event.of(0, "log.death", {"seat": 1, "character": "hacker"})
    assert t.entry(line) == t.t("log.death", character="hacker")
    assert "Zeynep (Hacker)" in t.entry(line, PLAYERS)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setup=SETUPS, steps=STEPS)
def test_every_line_the_engine_writes_about_a_character_carries_its_seat(setup, steps):
    for game in play(setup, steps):
        for event in game.events_at(game.cursor):
            for character, seat in (("character", "seat"), ("other_character", "other_seat")):
                if character in event.params:
                    assert game.state.member(event.params[seat]).character == event.params[character], event


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_page_renders_announcements_and_the_log_with_its_players_names(tmp_path, lang):
    controller = make_controller(tmp_path)
    controller.new_game(c.NewGame(players=(c.PlayerSetup(name="Ana", character="hacker"),
                                           c.PlayerSetup(name="Bruno", character="janitor"))), "g")
    ctx = make_context(controller, lang)
    step = controller.execute(c.RecordDeath(seat=2))
    first_death = next(e for e in step.events if e.key == "announce.first_death")
    assert "Bruno (" in ctx.texts.entry(first_death)
    assert any("Bruno (" in ctx.texts.entry(e) for e in controller.history(ctx.viewer))
