"""Plural forms: CLDR categories through babel, the locale convention for count sentences,
the check that rejects a count sentence without forms, and every shipped count key
rendered with 0, 1 and 2 in both languages."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from companion.i18n import LANGUAGES, Translator, load_catalog, placeholders
from companion.rules_ref.validation import check_locales
from companion.i18n.plurals import (
    count_sentence_problems,
    plural_category,
    plural_families,
    select_form,
)


@pytest.fixture(scope="module")
def catalog() -> dict[str, dict[str, str]]:
    return load_catalog()


def _write(path: Path, data: dict) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")


# --------------------------------------------------------------------- CLDR rules
@pytest.mark.parametrize(("lang", "count", "category"), [
    ("pt-BR", 0, "one"), ("pt-BR", 1, "one"), ("pt-BR", 2, "other"), ("pt-BR", 11, "other"),
    ("tr", 0, "other"), ("tr", 1, "one"), ("tr", 2, "other"), ("tr", 21, "other"),
])
def test_categories_follow_cldr(lang, count, category):
    assert plural_category(lang, count) == category


def test_an_exact_form_wins_over_the_category_and_other_is_the_fallback():
    assert select_form("pt-BR", 0, {"=0", "one", "other"}) == "=0"
    assert select_form("pt-BR", 1, {"=0", "one", "other"}) == "one"
    assert select_form("pt-BR", 5, {"=0", "one", "other"}) == "other"
    assert select_form("tr", 1, {"other"}) == "other"
    assert select_form("tr", 1, {"=0"}) is None


def test_translator_picks_the_form_by_count():
    messages = {"deck.=0": "O baralho acabou.", "deck.one": "Resta {count} carta.",
                "deck.other": "Restam {count} cartas.", "plain": "Texto"}
    pt = Translator("pt-BR", messages)
    assert [pt.t("deck", count=n) for n in (0, 1, 2)] == ["O baralho acabou.", "Resta 1 carta.", "Restam 2 cartas."]
    assert pt.plural("deck", 7) == "Restam 7 cartas."
    assert pt.t("deck") == "Restam {count} cartas."  # no count: the general form, never a crash
    assert pt.has("deck") and pt.has("plain") and not pt.has("nothing")


# --------------------------------------------------------------------- the check
def test_a_count_sentence_without_forms_is_reported():
    problems = count_sentence_problems({"a": "Restam {count} cartas.", "b": "As {maximum} miniaturas"}, "pt-BR")
    assert [p.split(":")[0] for p in problems] == ["a", "b"]


@pytest.mark.parametrize(("lang", "text"), [
    ("pt-BR", "(limite: {limit} dígitos)"), ("tr", "(toplam: {cards} kart)"), ("tr", "en az {knowledge} Bilgi ile"),
    ("pt-BR", "Restam {remaining} cartas"), ("tr", "{seconds} saniye bekleyin"),
])
def test_every_quantity_the_engine_sends_is_a_count(lang, text):
    """Numbers the engine and the rules data send under other names than {count}."""
    assert count_sentence_problems({"k": text}, lang), text


@pytest.mark.parametrize("text", [
    "Baralho: {count}", "no tabuleiro: {count}/{pool}", "{count} × {kind}", "Cartas na mão: {hand}.",
    "Modo {mode}: entre {low} e {high}.", "Rodada {round} de 15", "Tratados: {dressed} de {serious}.",
    "Adulto {count}, mais {n} por jogador", "Aguarde {seconds} s", "Süre: {hours} sa {minutes} dk",
    "Bilgisi {threshold} ya da daha az",
])
def test_labels_and_numbers_joined_by_a_connective_pass(text):
    assert count_sentence_problems({"k": text}, "pt-BR") == []


def test_plural_forms_must_cover_the_language():
    one_only = {"k.one": "{count} carta", "k.=0": "nenhuma"}
    assert any("other" in p for p in count_sentence_problems(one_only, "pt-BR"))
    no_zero = {"k.one": "{count} carta", "k.other": "{count} cartas"}
    assert any("=0" in p for p in count_sentence_problems(no_zero, "pt-BR"))
    assert count_sentence_problems({**no_zero, "k.=0": "nenhuma carta"}, "pt-BR") == []
    # Turkish puts 0 in "other", so it needs no zero form of its own.
    assert count_sentence_problems({"k.one": "{count} kart", "k.other": "{count} kart"}, "tr") == []


def test_inside_forms_only_count_may_be_followed_by_a_word():
    forms = {"k.=0": "nada", "k.one": "{count} carta de {pool} cartas", "k.other": "{count} cartas de {pool} cartas"}
    problems = count_sentence_problems(forms, "pt-BR")
    assert problems and all("{pool}" in p for p in problems)


def test_check_locales_fails_on_a_count_sentence(tmp_path: Path):
    _write(tmp_path / "pt-BR" / "a.json", {"left": "Restam {count} cartas."})
    _write(tmp_path / "tr" / "a.json", {"left": "Destede {count} kart kaldı."})
    report = check_locales(tmp_path, required=[])
    assert not report.ok
    assert any(line.startswith("left:") for line in report.invalid["pt-BR"])
    assert any(line.startswith("left:") for line in report.invalid["tr"])
    assert any("count sentence" in line for line in report.summary_lines())


def test_check_locales_accepts_plural_objects(tmp_path: Path):
    _write(tmp_path / "pt-BR" / "a.json", {"left": {"=0": "Acabou.", "one": "Resta {count} carta.",
                                                    "other": "Restam {count} cartas."}})
    _write(tmp_path / "tr" / "a.json", {"left": {"=0": "Bitti.", "one": "{count} kart kaldı.",
                                                 "other": "{count} kart kaldı."}})
    report = check_locales(tmp_path, required=[])
    assert report.ok, report.summary_lines()


# --------------------------------------------------------------------- shipped text
@pytest.mark.parametrize("lang", LANGUAGES)
def test_shipped_text_has_no_count_sentence_problem(catalog, lang):
    assert count_sentence_problems(catalog[lang], lang) == []


def test_both_languages_write_the_same_count_keys(catalog):
    families = {lang: plural_families(catalog[lang]) for lang in LANGUAGES}
    assert set(families["pt-BR"]) == set(families["tr"])
    assert len(families["pt-BR"]) >= 4


def _render(translator: Translator, key: str, forms: dict[str, str], count: int) -> str:
    names = set().union(*(placeholders(text) for text in forms.values())) - {"count"}
    return translator.t(key, count=count, **{name: 7 for name in names})


def _number_then_word(text: str, number: int) -> str | None:
    match = re.search(rf"(?<![\d/]){number} (\w+)", text)
    return match.group(1) if match else None


def test_every_count_key_renders_0_1_2_in_portuguese(catalog):
    pt = Translator("pt-BR", catalog)
    for key, forms in plural_families(catalog["pt-BR"]).items():
        zero, one, two = (_render(pt, key, forms, n) for n in (0, 1, 2))
        for text in (zero, one, two):
            assert "{" not in text and "⟦" not in text, (key, text)
        singular, plural = _number_then_word(one, 1), _number_then_word(two, 2)
        assert singular and plural and singular != plural, (key, one, two)  # "1 carta" / "2 cartas"
        assert _number_then_word(zero, 0) != singular, (key, zero)  # never "0 carta"


def test_every_count_key_renders_0_1_2_in_turkish(catalog):
    tr = Translator("tr", catalog)
    for key, forms in plural_families(catalog["tr"]).items():
        zero, one, two = (_render(tr, key, forms, n) for n in (0, 1, 2))
        for text in (zero, one, two):
            assert "{" not in text and "⟦" not in text, (key, text)
        # Turkish keeps the singular after a number: the sentences differ only in the digit.
        assert one.replace("1", "#") == two.replace("2", "#"), (key, one, two)
        assert _number_then_word(one, 1) is not None, (key, one)


def test_the_draw_pile_sentence(catalog):
    pt, tr = Translator("pt-BR", catalog), Translator("tr", catalog)
    assert "Resta 1 carta " in pt.t("ui.events.card.left", count=1, discard=3)
    assert "Restam 2 cartas " in pt.t("ui.events.card.left", count=2, discard=3)
    assert "0 carta" not in pt.t("ui.events.card.left", count=0, discard=3)
    assert "1 kart " in tr.t("ui.events.card.left", count=1, discard=3)
    assert "2 kart " in tr.t("ui.events.card.left", count=2, discard=3)


def test_the_solo_player_rule_reads_one_player(catalog):
    pt, tr = Translator("pt-BR", catalog), Translator("tr", catalog)
    assert pt.t("ui.setup.player_rule_exact", mode="solo", count=1) == "Modo Solo: 1 jogador."
    assert pt.t("ui.setup.player_rule", mode="standard", low=1, count=5).endswith("de 1 a 5 jogadores.")
    assert tr.t("ui.setup.player_rule_exact", mode="solo", count=1) == "Solo mod: 1 oyuncu."
