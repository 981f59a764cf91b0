"""Grammar the locale files must keep: no Turkish suffix glued to a placeholder, feminine
words where the screen shows a feminine noun, no gender hacks, yes/no answers that do
what they say, rule points the text states, and button labels that fit a phone."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.engine import GameSession, NewGame, PlayerSetup
from companion.engine.commands import AdvanceTime, RecordFirstEncounter, TriggerAlert
from companion.engine.phase.model import EventEffect, EventStep
from companion.vocab import Mode, Section
from companion.i18n import LANGUAGES, Translator, load_catalog, placeholders
from companion.rules import load_rules
from companion.ui.events.flow import ONE_TAP
from companion.ui.events.steps import QUESTIONS
from tests.support.screens import build_table

from .ui_tree import make_context, make_controller, strings, walk
from companion.ui.table import ids as table_ids

UI_SOURCE = Path(__file__).resolve().parents[1] / "companion" / "ui"
# A suffix or apostrophe right after a placeholder: "{kind}'ı", "{name}e", "{slot}da".
GLUED_SUFFIX = re.compile(r"\{\w+[^{}]*\}(?:['’]|[^\W\d_])")
# About one line of a 48-pixel phone button (390 px wide screen, 15 px text).
BUTTON_BUDGET = 44


@pytest.fixture(scope="module")
def catalog() -> dict[str, dict[str, str]]:
    return load_catalog()


def glued_suffixes(messages: dict[str, str]) -> list[str]:
    return [f"{key}: {text}" for key, text in sorted(messages.items()) if GLUED_SUFFIX.search(text)]


# --------------------------------------------------------------------- Turkish suffixes
@pytest.mark.parametrize("text", ["{kind}'ı öldürün", "{name}e verin", "{slot}da", "{kind}’nın"])
def test_a_glued_suffix_is_found(text):
    assert glued_suffixes({"k": text}) == [f"k: {text}"]


@pytest.mark.parametrize("text", ["{kind} jetonu", "{slot} alanına", "“{title}” oyunu", "{round}. tur", "%{value}",
                                  "{count}/{pool}"])
def test_a_placeholder_standing_alone_passes(text):
    assert glued_suffixes({"k": text}) == []


def test_no_turkish_suffix_is_glued_to_a_placeholder(catalog):
    assert glued_suffixes(catalog["tr"]) == []


def test_no_apostrophe_before_a_suffix_on_a_game_term(catalog):
    """One style in every file: "Yuvada", "İzolasyon Odasına" (a letter keeps it: "C'ye")."""
    apostrophes = {key: text for key, text in catalog["tr"].items()
                   if re.search(r"[^\W\d_]{2}['’][a-zçğıöşü]", text)}
    assert apostrophes == {}


# --------------------------------------------------------------------- gender
def test_portuguese_has_no_gender_hacks(catalog):
    hacks = {key: text for key, text in catalog["pt-BR"].items() if re.search(r"\w\((?:a|as|o|os)\)", text)}
    assert hacks == {}


def _door_texts(table, identifier: str) -> list[str]:
    door = next(item for item in walk(table) if getattr(item, "identifier", None) == identifier)
    return strings(door)


def test_the_isolation_room_state_agrees_with_its_gender(tmp_path):
    controller = make_controller(tmp_path)
    controller.new_game(NewGame(players=(PlayerSetup(name="Ana", character="hacker"),
                                         PlayerSetup(name="Bruno", character="janitor")), seed=1), "g")
    ctx = make_context(controller, "pt-BR", 390)
    pt = Translator("pt-BR")
    closed = _door_texts(build_table(ctx), table_ids.ISOLATION_ROOM)
    assert pt.t("ui.markers.isolation_room") in closed
    assert pt.t("ui.markers.isolation_closed") in closed and pt.t("ui.markers.closed") not in closed
    controller.execute(TriggerAlert())  # the Alert Procedure opens the Isolation Room
    opened = _door_texts(build_table(ctx), table_ids.ISOLATION_ROOM)
    assert pt.t("ui.markers.isolation_open") in opened and pt.t("ui.markers.open") not in opened
    # "Sala" is feminine, "Portão" masculine: the two pairs differ in Portuguese.
    assert pt.t("ui.markers.isolation_closed") != pt.t("ui.markers.closed")


# --------------------------------------------------------------------- meaning
def test_each_yes_no_event_question_sends_what_its_answer_says():
    """Coolant Leak asks whether the Cooling System already has a Malfunction; Noise in
    Corridors whether the space already had Noise: "yes" must mean yes."""
    command, answer = QUESTIONS[EventEffect.COOLANT_LEAK]
    assert command(**{answer: True}).cooling_malfunction is True
    command, answer = QUESTIONS[EventEffect.NOISE_IN_CORRIDORS]
    assert command(**{answer: True}).had_noise is True
    assert EventEffect.HATCHING not in QUESTIONS  # it asks who, not yes or no


@pytest.mark.parametrize(("lang", "exception"), [("pt-BR", "não conectados"), ("tr", "bağlı olmayan")])
def test_noise_removal_text_keeps_corridors_next_to_characters(catalog, lang, exception):
    for key in ("log.event_phase.noise", "log.event_phase.noise_section", "ui.events.help.noise",
                "ui.events.noise.powered"):
        assert exception in catalog[lang][key], (lang, key)


# --------------------------------------------------------------------- button length
def _button_keys() -> set[str]:
    source = "\n".join(path.read_text("utf-8") for path in UI_SOURCE.rglob("*.py"))
    keys = set(re.findall(r'(?:label|content)=t\("([a-z_.]+)"', source))
    keys |= set(re.findall(r'dialog_button\(\w+(?:\.\w+)*, "([a-z_.]+)"', source))
    # Kept buttons (kit.kept) take their label when shown.
    keys |= set(re.findall(r'show_(?:command|action)\([^\n]*?,\s*(?:texts\.)?t\("([a-z_.]+)"', source))
    keys |= set(re.findall(r'show_draw\(\s*(?:texts\.)?t\("([a-z_.]+)"', source))
    keys |= set(re.findall(r'\.show\(\s*(?:texts\.)?t\("([a-z_.]+)"\),\s*refused=', source))
    keys |= {f"event_effect.{effect.value}" for effect in ONE_TAP}
    keys |= {f"ui.events.effect.{effect.value}_{answer}" for effect in QUESTIONS for answer in ("yes", "no")}
    return keys


def test_button_keys_were_found():
    keys = _button_keys()
    assert {"ui.crew.lock_in", "ui.bag.board.return", "ui.events.panel.resume",
            "ui.events.effect.noise_in_corridors_yes", "event_effect.kickstopper"} <= keys


@pytest.mark.parametrize("lang", LANGUAGES)
def test_button_labels_fit_a_phone(catalog, lang):
    texts = Translator(lang, catalog)
    longest_step = max((texts.t(step.key) for step in EventStep), key=len)
    samples = {"step": 10, "name": longest_step, "seat": 5}
    too_long = {}
    for key in sorted(_button_keys()):
        template = catalog[lang].get(key)
        if template is None:
            continue  # plural families and missing keys are checked elsewhere
        # {name} is a step's name on the runner's buttons, a player's name elsewhere.
        names = dict(samples, name=longest_step if key.startswith("ui.events.") else "X" * 12)
        label = texts.t(key, **{name: names.get(name, "X" * 8) for name in placeholders(template)})
        if len(label) > BUTTON_BUDGET:
            too_long[key] = label
    assert too_long == {}


# --------------------------------------------------------------------- announcements that fit
def _keys_after(session, command) -> list[str]:
    return [event.key for event in session.execute(command).events]


@pytest.mark.parametrize(("mode", "players", "key"), [
    (Mode.STANDARD, 2, "announce.first_encounter"),
    (Mode.SOLO, 1, "announce.first_encounter_solo"),
    (Mode.COOP, 2, "announce.first_encounter_coop"),
])
def test_the_first_encounter_announcement_fits_the_mode(mode, players, key):
    """Only the standard game discards a secret Objective; Solo and Co-op say what they do."""
    chars = ("hacker", "janitor")[:players]
    setup = NewGame(players=tuple(PlayerSetup(name=f"P{i}", character=c) for i, c in enumerate(chars)),
                    mode=mode, seed=1)
    session = GameSession.start(setup, load_rules())
    assert key in _keys_after(session, RecordFirstEncounter())


def test_the_elevator_losing_power_is_not_announced_as_darkness():
    layout = {Section.S01: 1, Section.S02: 3, Section.S03: 4, Section.ELEVATOR: 2}
    players = tuple(PlayerSetup(name=f"P{i}", character=c) for i, c in enumerate(("hacker", "janitor")))
    session = GameSession.start(NewGame(players=players, seed=1, power_layout=layout), load_rules())
    announced = _keys_after(session, AdvanceTime())  # 15 -> 14: red threshold, token 2 goes dark
    assert "announce.power_lost_elevator" in announced and "announce.power_lost" not in announced
    for _ in range(3):  # 13: red threshold again, now token 1 in S-01
        announced = _keys_after(session, AdvanceTime())
        if "announce.power_lost" in announced:
            break
    assert "announce.power_lost" in announced
