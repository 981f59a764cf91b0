"""What `check-locales` refuses in the rules reference: a count sentence without plural
forms, a topic that speaks of a source instead of the game, and a switch whose other
value has no sentence; and that plural forms render right when the data changes."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from companion.app.checks import check_locales as check_locales_command
from companion.rules_ref.validation import check_locales
from companion.reading.paths import locales_dir
from companion.rules import load_rules
from companion.rules_ref import rules_reference
from companion.rules_ref.validation import source_mentions

RULES = load_rules()


def _copy_locales(tmp_path: Path) -> Path:
    copy = tmp_path / "locales"
    shutil.copytree(locales_dir(), copy)
    return copy


def _edit_topic(root: Path, lang: str, chapter: str, topic_id: str, edit) -> None:
    path = root / lang / "rules" / f"{chapter}.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    edit(data["topics"][topic_id])
    path.write_text(json.dumps(data, ensure_ascii=False, indent=2), encoding="utf-8")


def _errors(root: Path) -> list[str]:
    return check_locales(root).errors


def test_the_shipped_reference_has_none_of_these_problems(tmp_path: Path):
    copy = _copy_locales(tmp_path)
    assert _errors(copy) == []
    assert check_locales_command(copy) == 0


# ----------------------------------------------------------------- count sentences
@pytest.mark.parametrize(("lang", "sentence"), [("pt-BR", "Começa com {eggs} Ovos."),
                                                ("tr", "{eggs} Yumurta ile başlar.")])
def test_a_rules_data_number_before_a_word_needs_plural_forms(tmp_path: Path, capsys, lang: str, sentence: str):
    copy = _copy_locales(tmp_path)

    def bare_number(topic: dict) -> None:
        topic["body"][0] = sentence
        topic["_values"]["eggs"] = "intruders.nest_eggs"  # no |plural

    _edit_topic(copy, lang, "rooms", "room_nest", bare_number)
    errors = _errors(copy)
    assert any(f"{lang}: topic 'room_nest': count sentence, {{eggs}}" in e for e in errors), errors
    assert check_locales_command(copy) == 1
    assert "room_nest" in capsys.readouterr().out


def test_a_count_sentence_is_found_by_its_value_not_its_name(tmp_path: Path):
    """Any placeholder whose value is a rules-data number counts, whatever it is called;
    a number put last (a label) or followed by a connective does not."""
    copy = _copy_locales(tmp_path)

    def renamed(topic: dict) -> None:
        topic["body"] = ["O baralho tem {deck_size} cartas.", "Cartas: {deck_size}.", "De {deck_size} a 30."]
        topic["_values"] = {"deck_size": "event_cards|count"}
        topic.pop("phrases", None)

    _edit_topic(copy, "pt-BR", "event_cards", "event_cards", renamed)
    errors = [e for e in _errors(copy) if "'event_cards'" in e and "count sentence" in e]
    assert len(errors) == 1 and "{deck_size}" in errors[0], errors


def test_plural_forms_need_every_form_the_language_uses(tmp_path: Path):
    copy = _copy_locales(tmp_path)
    _edit_topic(copy, "pt-BR", "rooms", "room_nest", lambda t: t["phrases"]["eggs"].pop("=0"))
    _edit_topic(copy, "tr", "rooms", "room_nest", lambda t: t["phrases"]["eggs"].pop("other"))
    errors = _errors(copy)
    assert any("pt-BR: topic 'room_nest': phrases.eggs" in e and "=0" in e for e in errors), errors
    assert any("tr: topic 'room_nest': phrases.eggs" in e and "other" in e for e in errors), errors


@pytest.mark.parametrize(("eggs", "pt", "tr"), [(1, "Começa com 1 Ovo,", "duran 1 Yumurta ile"),
                                                (5, "Começa com 5 Ovos,", "duran 5 Yumurta ile"),
                                                (0, "Começa com 0 Ovos,", "duran 0 Yumurta ile")])
def test_a_corrected_number_reads_right_in_both_languages(eggs: int, pt: str, tr: str):
    rules = RULES.model_copy(update={"intruders": RULES.intruders.model_copy(update={"nest_eggs": eggs})})
    assert pt in rules_reference("pt-BR", rules=rules).render("room_nest").text
    assert tr in rules_reference("tr", rules=rules).render("room_nest").text


# ----------------------------------------------------------------- sources
@pytest.mark.parametrize(("lang", "planted"), [
    ("pt-BR", "Essa regra vem do resumo turco."),
    ("pt-BR", "No manual em português o trecho está truncado."),
    ("pt-BR", "Segundo um aplicativo de fãs."),
    ("tr", "Bu kural Türkçe özetten gelir."),
    ("tr", "Portekizce kural kitabında bu bölüm eksik."),
    ("tr", "Bir hayran uygulamasına göre."),
])
def test_check_locales_fails_on_a_topic_that_names_a_source(tmp_path: Path, lang: str, planted: str):
    copy = _copy_locales(tmp_path)
    _edit_topic(copy, lang, "knowledge", "weaknesses", lambda t: t["body"].append(planted))
    errors = _errors(copy)
    assert any(f"{lang}: topic 'weaknesses': speaks of a source" in e for e in errors), errors
    assert check_locales_command(copy) == 1


@pytest.mark.parametrize(("lang", "text"), [
    ("pt-BR", "Manual, p. 13: a Rainha volta ao saco."),
    ("pt-BR", "Sobreviventes de Nemesis (Sobrevivente, Rato de Laboratório e os Personagens do Nemesis original)."),
    ("pt-BR", "As regras impressas não dizem isso: é a leitura do aplicativo."),
    ("pt-BR", "Fase de Evento: o efeito de Escuridão."),
    ("tr", "Kural kitabının 11. sayfası başka bir okuma veriyor; uygulama oda karosuna uyar."),
    ("tr", "Özel oda; Nemesis Kazazedeleri oyuna burada başlar."),
    ("tr", "Oyun başında Sığınağın yanındaki Ana Kapı kapalıdır."),
])
def test_the_game_its_rulebook_and_the_app_may_be_named(lang: str, text: str):
    assert source_mentions(text, lang) == []


def test_a_switch_needs_a_sentence_for_each_of_its_values(tmp_path: Path):
    copy = _copy_locales(tmp_path)
    _edit_topic(copy, "tr", "intruders", "bag_development", lambda t: t["phrases"].pop("queen_token_no"))
    _edit_topic(copy, "pt-BR", "combat", "intruder_retreat",
                lambda t: t["phrases"].pop("retreat_corridor_second"))
    errors = _errors(copy)
    other_value = "for the other value of its switch"
    assert any("tr: topic 'bag_development'" in e and "'queen_token_no'" in e and other_value in e
               for e in errors), errors
    assert any("pt-BR: topic 'intruder_retreat'" in e and "'retreat_corridor_second'" in e and other_value in e
               for e in errors), errors
