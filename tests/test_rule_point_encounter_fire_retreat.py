"""Rule point 8 (issue #12): the Noise markers at each encounter (p.20), the Eggs that
burn in Event step 8 (p.27) and the corridor of a Retreat on a card with two numbers (p.21)."""
from __future__ import annotations

import json
from pathlib import Path

import flet as ft
import pytest

from companion.engine import NewGame, PlayerSetup
from companion.engine.decks.attacks import retreat_corridor, retreat_corridor_unconfirmed
from companion.engine.commands import InjuryCheck
from companion.engine.decks.cards import event_card
from companion.engine.phase.model import EventStep
from companion.i18n import LANGUAGES, Translator
from companion.reading.paths import locales_dir
from companion.ui.events import INJURY, open_screen
from tests.support.screens import build_events_screen
from tests.conftest import LAYOUT_1234, do
from tests.support.bag_helpers import full_bag, new_entries
from tests.support.deck_helpers import drive_to
from tests.ui_tree import check_texts, make_context, make_controller, strings, walk
from companion.ui.events import ids as events_ids


def _topic_body(lang: str, chapter: str, topic: str) -> str:
    data = json.loads((locales_dir() / lang / "rules" / f"{chapter}.json").read_text("utf-8"))
    return " ".join(data["topics"][topic]["body"])


# --------------------------------------------------------------------- (i) the Noise markers at each encounter
# Step 1 of an encounter: discard the Noise of every Corridor of the Room, the Technical
# Corridors' too when the Room has an Entrance.
NOISE = {"pt-BR": ("Descarte os marcadores de Ruído de todos os Corredores", "Corredores Técnicos", "Entrada"),
         "tr": ("bütün koridorlardaki Gürültü belirteçlerini kaldırın", "Teknik Koridorlar alanındaki", "girişi")}


@pytest.mark.parametrize("place,hand_fields,key", [
    ("S-01", {}, "log.bag.encounter_light"),
    ("S-03", {}, "log.bag.encounter_dark"),
    ("STAIRS", {}, "log.bag.encounter_stairs"),
    ("S-03", {"ignore_darkness": True}, "log.bag.encounter_darkness_ignored"),
])
def test_every_encounter_line_says_to_discard_the_noise_of_the_rooms_corridors(rules, place, hand_fields, key):
    game = full_bag(rules, layout=LAYOUT_1234)
    state = do(game, "resolve_encounter", seat=1, place=place, hand=5, outcome={"kind": "creeper"}, **hand_fields)
    entry = next(e for e in new_entries(state) if e.key.startswith("log.bag.encounter"))
    assert entry.key == key and entry.reaches_table
    for lang in LANGUAGES:
        line = Translator(lang).t(entry.key, **entry.params)
        assert all(part in line for part in NOISE[lang]), (lang, line)


# --------------------------------------------------------------------- (ii) Eggs in any Room with Fire
# Uncarried Eggs burn in every Room with Fire, not only in the Nest.
ANY_ROOM_EGGS = {"pt-BR": ("Ovos que ninguém está carregando", "Sala com Fogo"),
                 "tr": ("kimsenin taşımadığı Yumurta", "Ateş olan her odada")}
OUTSIDE_THE_NEST = {"pt-BR": "fora do Ninho", "tr": "Yuva dışında"}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_step_8_texts_cover_uncarried_eggs_in_any_room_with_fire(lang):
    tr = Translator(lang)
    for key in ("log.event_phase.fire", "ui.events.help.fire"):
        text = tr.t(key)
        assert all(part in text for part in ANY_ROOM_EGGS[lang]), (key, text)
    # The step's own form says the Egg outside the Nest is checked there (the Nest has its question).
    assert OUTSIDE_THE_NEST[lang] in tr.t("ui.events.fire.checks")
    assert OUTSIDE_THE_NEST[lang].split()[0] in tr.t("ui.events.help.fire")
    # With no Fire on the board, no Egg burns anywhere (not "no Egg of the Nest").
    for key in ("ui.events.fire.nothing_burns", "ui.events.fire.nothing_burned"):
        assert "Ovo do Ninho" not in tr.t(key) and "Yuvadaki Yumurtalar" not in tr.t(key), key
    topic = _topic_body(lang, "round", "step_8_fire_damage")
    assert all(part in topic for part in ANY_ROOM_EGGS[lang]), topic


def test_step_8_records_an_egg_burning_outside_the_nest(rules, make_game):
    """What the step-8 text asks for, done the way it says: an Egg injury check outside
    the Nest takes that Egg out of play and leaves the Nest alone."""
    game = make_game(layout=LAYOUT_1234)
    do(game, "remove_egg", how="taken")  # a Character takes an Egg out of the Nest
    eggs, out = game.state.bag.eggs, game.state.bag.eggs_out
    assert out == 1
    assert drive_to(game, rules, EventStep.FIRE).event_phase.step is EventStep.FIRE
    state = do(game, "injury_check", intruder="egg", injuries=1, in_nest=False)
    assert (state.bag.eggs, state.bag.eggs_out) == (eggs, out - 1)
    state = do(game, "event_fire_damage", nest_fire=True)
    assert state.bag.eggs == eggs - 1


# --------------------------------------------------------------------- (iii) a Retreat on a card with two numbers
TWO_NUMBERS = ("kickstopper", "thats_hot")
UNCONFIRMED = {"pt-BR": "não confirmada", "tr": "doğrulanmadı"}


@pytest.mark.parametrize("card", TWO_NUMBERS)
def test_a_retreat_on_a_card_with_two_numbers_takes_the_first(rules, make_game, card):
    spec = event_card(rules, card)
    assert len(spec.corridors) == 2
    assert retreat_corridor(spec, rules) == spec.corridors[0] and retreat_corridor_unconfirmed(spec)
    game = make_game()
    state = do(game, "injury_check", intruder="adult", injuries=9, cards=["cut_r"], retreat_card=card)
    line = next(e for e in new_entries(state) if e.key.startswith("log.injury.retreat"))
    assert line.key == "log.injury.retreat_two"
    assert (line.params["corridor"], line.params["other"]) == tuple(spec.corridors)
    assert state.latest.injury.retreat_card == card
    for lang in LANGUAGES:
        text = Translator(lang).t(line.key, **line.params)
        # One corridor: the first; the other number is named as not used, the reading marked.
        assert UNCONFIRMED[lang] in text, text
        assert "e depois pelo" not in text and "önce" not in text, text


def test_a_retreat_on_a_card_with_one_number_is_printed_fact(rules):
    for spec in rules.event_cards:
        if len(spec.corridors) == 1:
            assert retreat_corridor(spec, rules) == spec.corridors[0] and not retreat_corridor_unconfirmed(spec)


def _new(controller) -> None:
    chars = ("hacker", "janitor", "lab_rat")
    controller.new_game(NewGame(players=tuple(PlayerSetup(name=f"P{i}", character=c) for i, c in enumerate(chars)),
                                seed=7), "t")


def _verdict_area(screen) -> list[str]:
    for item in walk(screen):
        if isinstance(item, ft.Semantics) and item.identifier == events_ids.INJURY_VERDICT:
            return strings(item)
    raise AssertionError("no verdict on screen")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_injury_screen_names_the_first_corridor_and_marks_the_reading(tmp_path, lang):
    controller = make_controller(tmp_path)
    _new(controller)
    ctx = make_context(controller, lang, 390)
    open_screen(ctx, INJURY)
    controller.execute(InjuryCheck(intruder="adult", injuries=3, cards=("cut_r",), retreat_card="kickstopper"))
    screen = build_events_screen(ctx, INJURY)
    texts = check_texts(screen)
    verdict = " ".join(_verdict_area(screen))
    assert "2 → 4" not in verdict
    assert ctx.texts.t("ui.events.injury.retreat_detail_first", corridor=2, other=4, number=11) in verdict
    assert ctx.texts.t("common.unconfirmed") in texts
    # A card with one number: no mark.
    controller.execute(InjuryCheck(intruder="adult", injuries=3, cards=("perched_in_the_dark_r",),
                                   retreat_card="blood_trace_1"))
    screen = build_events_screen(ctx, INJURY)
    assert ctx.texts.t("common.unconfirmed") not in check_texts(screen)
    assert ctx.texts.t("ui.events.injury.retreat_detail", corridors=2, number=1) in " ".join(_verdict_area(screen))
