"""Every Event card and Attack card kind has its text in both languages, and every log
line of attacks, injury checks and the Event Phase renders in both."""
from __future__ import annotations

import random

import pytest

from companion.engine import IllegalCommand
from companion.engine.decks.attacks import TARGET_REMINDERS
from companion.engine.phase.model import EventEffect, EventStep
from companion.i18n import LANGUAGES, Translator, load_catalog, placeholders
from tests.conftest import cmd
from tests.support.deck_helpers import next_runner_command


@pytest.fixture(scope="module")
def catalog():
    return load_catalog()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_event_card_has_text(rules, catalog, lang):
    texts = catalog[lang]
    for spec in rules.event_cards:
        for part in ("name", "effect"):
            assert texts.get(f"event_card.{part}.{spec.card}", "").strip(), (lang, spec.card, part)
        has_dark = f"event_card.dark.{spec.card}" in texts
        assert has_dark is spec.has_darkness_extra, (lang, spec.card)
    names = {texts[f"event_card.name.{spec.card}"] for spec in rules.event_cards}
    assert len(names) == len({spec.card for spec in rules.event_cards})  # no two cards share a name


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_attack_card_kind_has_text(rules, catalog, lang):
    texts = catalog[lang]
    for spec in rules.attack_cards:
        for part in ("name", "effect"):
            assert texts.get(f"attack_card.{part}.{spec.kind}", "").strip(), (lang, spec.kind, part)
        assert (f"attack_card.dark.{spec.kind}" in texts) is spec.has_darkness_extra, (lang, spec.kind)
    assert len({spec.kind for spec in rules.attack_cards}) == 7


@pytest.mark.parametrize("lang", LANGUAGES)
def test_screen_keys_exist(catalog, lang):
    texts = catalog[lang]
    keys = {step.key for step in EventStep} | set(TARGET_REMINDERS.values())
    keys |= {f"event_effect.{effect.value}" for effect in EventEffect} | {"event_phase.question.nest_fire"}
    assert keys <= set(texts), sorted(keys - set(texts))


def test_card_names_render_inside_log_lines(catalog):
    pt, tr = Translator("pt-BR", catalog), Translator("tr", catalog)
    assert pt.t("log.event.drawn", number=10, event_card="hatching", card="hatching") == "Carta de Evento nº 10: Eclosão"
    assert "Kesik" in tr.t("log.injury.card", attack_card="cut", card="cut_2", blood=2)


def test_every_line_of_random_play_renders(rules, catalog, make_game):
    translators = {lang: Translator(lang, catalog) for lang in LANGUAGES}
    seen: set[str] = set()
    for seed in range(12):
        rng = random.Random(seed)
        game = make_game(seed=seed)
        entries = []
        refusals = []
        for _ in range(150):
            pick = rng.random()
            if pick < 0.5:
                command = next_runner_command(game.state, rules)
            elif pick < 0.75:
                command = cmd("resolve_attack", attacker=rng.choice(["larva", "creeper", "adult", "breeder", "queen"]),
                              seat=rng.randint(1, 4), place=rng.choice(["S-01", "S-03", "STAIRS"]))
            elif pick < 0.95:
                command = cmd("injury_check", intruder=rng.choice(["larva", "egg", "creeper", "adult", "breeder",
                                                                     "queen"]), injuries=rng.randint(1, 7))
            else:
                command = cmd(rng.choice(["advance_time", "develop_bag", "draw_event_card", "continue_event_phase"]))
            try:
                entries += game.execute(command).events
            except IllegalCommand as exc:
                refusals.append(exc)
            if game.state.is_over:
                break
        for lang, tr in translators.items():
            for entry in entries:
                template = catalog[lang].get(entry.key)
                assert template is not None, (lang, entry.key)
                assert placeholders(template) <= set(entry.params), (lang, entry.key, entry.params)
                text = tr.entry(entry)
                assert "⟦" not in text and "{" not in text, (lang, text)
            for exc in refusals:
                assert "⟦" not in tr.error(exc), (lang, exc.key)
        seen |= {e.key for e in entries}
    assert {"log.attack.hit", "log.attack.miss", "log.injury.killed", "log.event.drawn"} <= seen
