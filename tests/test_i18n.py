"""The i18n layer: loading and flattening locale files, lookups, params, plurals, casing, coverage."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.engine.errors import IllegalCommand
from companion.engine import Event
from companion.i18n import DEFAULT_LANGUAGE, LANGUAGES, LocaleError, Translator, flatten, load_catalog, placeholders
from companion.rules_ref.validation import check_locales
from companion.i18n import casing

CATALOG = {
    "pt-BR": {
        "log.death": "{character} morreu.",
        "log.time": "Tempo: {slot}.",
        "log.power": "{section}: token {token}, limiar {colour}, modo {mode}, {first} ↔ {second}, {pod}.",
        "character.hacker": "Hacker",
        "character.janitor": "Zelador",
        "section.S-01": "Seção S-01",
        "section.ELEVATOR": "Elevador",
        "threshold.red": "vermelho",
        "mode.solo": "Solo",
        "pod.A": "Cápsula A",
        "item.one": "{count} item",
        "item.other": "{count} itens",
        "error.pod_taken": "A {pod} já está ocupada.",
    },
    "tr": {
        "log.death": "{character} öldü.",
        "character.hacker": "Hacker",
        "character.janitor": "Hademe",
        "item.one": "{count} eşya",
        "item.other": "{count} eşya",
    },
}


def write(path: Path, data: dict) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


# --- constants ------------------------------------------------------------------------------


def test_languages_are_portuguese_and_turkish_only():
    assert LANGUAGES == ("pt-BR", "tr")
    assert DEFAULT_LANGUAGE == "pt-BR"


# --- Translator ------------------------------------------------------------------------------


def test_renders_character_section_and_slot_params():
    pt = Translator("pt-BR", CATALOG)
    assert pt.t("log.death", character="janitor") == "Zelador morreu."
    assert pt.t("log.time", slot=8) == "Tempo: 08."
    assert pt.t("log.time", slot=15) == "Tempo: 15."
    assert pt.t("log.time", slot=0) == "Tempo: S."
    assert (
        pt.t("log.power", section="S-01", token=4, colour="red", mode="solo", first="S-01",
             second="ELEVATOR", pod="A")
        == "Seção S-01: token 4, limiar vermelho, modo Solo, Seção S-01 ↔ Elevador, Cápsula A."
    )
    assert Translator("tr", CATALOG).t("log.death", character="janitor") == "Hademe öldü."


def test_enum_values_render_like_their_ids():
    from companion.vocab import Section

    pt = Translator("pt-BR", CATALOG)
    assert pt.t("log.power", section=Section.ELEVATOR, token=1, colour="red", mode="solo",
                first=Section.S01, second=Section.ELEVATOR, pod="A").startswith("Elevador:")


def test_missing_key_and_missing_param_never_raise():
    pt = Translator("pt-BR", CATALOG)
    assert pt.t("no.such.key") == "⟦no.such.key⟧"
    assert pt.t("log.death") == "{character} morreu."  # a missing param stays visible
    assert pt.t("log.death", character="someone_new") == "someone_new morreu."  # unknown id: raw id


def test_entry_and_error():
    pt = Translator("pt-BR", CATALOG)
    entry = Event.of(3, "log.death", {"seat": 2, "character": "hacker"})
    assert pt.entry(entry) == "Hacker morreu."
    assert pt.error(IllegalCommand("error.pod_taken", pod="A")) == "A Cápsula A já está ocupada."
    assert pt.error(ValueError("plain")) == "⟦ValueError⟧"


def test_plural_picks_one_or_other():
    pt = Translator("pt-BR", CATALOG)
    assert pt.plural("item", 1) == "1 item"
    assert pt.plural("item", 3) == "3 itens"
    assert pt.plural("item", 0) == "0 item"  # pt-BR: zero takes the singular
    tr = Translator("tr", CATALOG)
    assert tr.plural("item", 3) == "3 eşya"


def test_translator_accepts_one_language_mapping_and_rejects_unknown_language():
    assert Translator("tr", CATALOG["tr"]).t("log.death", character="hacker") == "Hacker öldü."
    with pytest.raises(LocaleError):
        Translator("en", CATALOG)


def test_default_translator_uses_shipped_locales():
    tr = Translator("tr")
    assert tr.lang == "tr"
    assert tr.t("section.ELEVATOR") == "Asansör"


# --- casing -----------------------------------------------------------------------------------


def test_turkish_upper_and_lower():
    assert casing.upper("istanbul ılık", "tr") == "İSTANBUL ILIK"
    assert Translator("tr", CATALOG).upper("istanbul ılık") == "İSTANBUL ILIK"
    assert casing.lower("İSTANBUL ILIK", "tr") == "istanbul ılık"
    assert casing.lower("İzolasyon Odası", "tr") == "izolasyon odası"
    assert casing.capitalize("ilk ölüm", "tr") == "İlk ölüm"
    assert casing.capitalize("ısı", "tr") == "Isı"


def test_other_languages_use_normal_casing():
    assert casing.upper("istanbul", "pt-BR") == "ISTANBUL"
    assert casing.lower("ILHA", "pt-BR") == "ilha"
    assert casing.capitalize("ilha S-01", "pt-BR") == "Ilha S-01"
    assert Translator("pt-BR", CATALOG).upper("ação") == "AÇÃO"


# --- loading ----------------------------------------------------------------------------------


def test_flatten_nested_and_skip_notes():
    data = {"_note": "for translators", "log": {"death": "x", "_hint": "ignored", "fate": {"died": "y"}}}
    assert flatten(data) == {"log.death": "x", "log.fate.died": "y"}


def test_flatten_rejects_non_text_values():
    with pytest.raises(LocaleError):
        flatten({"a": 1})
    with pytest.raises(LocaleError):
        flatten({"a": ["x"]})


def test_load_catalog_merges_files(tmp_path: Path):
    write(tmp_path / "pt-BR" / "a.json", {"x": {"y": "um"}})
    write(tmp_path / "pt-BR" / "b.json", {"z": "dois"})
    write(tmp_path / "tr" / "a.json", {"x": {"y": "bir"}, "z": "iki"})
    catalog = load_catalog(tmp_path)
    assert catalog == {"pt-BR": {"x.y": "um", "z": "dois"}, "tr": {"x.y": "bir", "z": "iki"}}
    assert load_catalog(tmp_path) is catalog  # cached


def test_load_catalog_reloads_after_a_file_changes(tmp_path: Path):
    path = write(tmp_path / "pt-BR" / "a.json", {"k": "antes"})
    write(tmp_path / "tr" / "a.json", {"k": "önce"})
    assert load_catalog(tmp_path)["pt-BR"]["k"] == "antes"
    write(path, {"k": "depois", "extra": "novo"})
    assert load_catalog(tmp_path)["pt-BR"]["k"] == "depois"


def test_duplicate_key_across_files_names_both_files(tmp_path: Path):
    write(tmp_path / "pt-BR" / "engine.json", {"log": {"death": "a"}})
    write(tmp_path / "pt-BR" / "ui.json", {"log.death": "b"})
    write(tmp_path / "tr" / "engine.json", {"log": {"death": "c"}})
    with pytest.raises(LocaleError) as info:
        load_catalog(tmp_path)
    message = str(info.value)
    assert "engine.json" in message and "ui.json" in message and "log.death" in message


def test_duplicate_key_inside_one_file_is_an_error(tmp_path: Path):
    (tmp_path / "pt-BR").mkdir()
    (tmp_path / "pt-BR" / "a.json").write_text('{"k": "a", "k": "b"}', encoding="utf-8")
    with pytest.raises(LocaleError, match="twice"):
        load_catalog(tmp_path, languages=("pt-BR",))


def test_bad_json_is_a_locale_error(tmp_path: Path):
    (tmp_path / "tr").mkdir()
    (tmp_path / "tr" / "a.json").write_text('{"k": ', encoding="utf-8")
    with pytest.raises(LocaleError, match="a.json"):
        load_catalog(tmp_path, languages=("tr",))


# --- coverage ---------------------------------------------------------------------------------


def test_placeholders():
    assert placeholders("{character} morreu no espaço {slot}.") == {"character", "slot"}
    assert placeholders("sem nada") == set()
    with pytest.raises(ValueError):
        placeholders("{0} posicional")
    with pytest.raises(ValueError):
        placeholders("chave {aberta")


def test_check_locales_reports_missing_extra_and_placeholder_problems(tmp_path: Path):
    write(tmp_path / "pt-BR" / "a.json", {"a": "A {x}", "b": "B", "c": "C {y}"})
    write(tmp_path / "tr" / "a.json", {"a": "A {z}", "c": "C {y}", "d": "D", "e": "E {"})
    report = check_locales(tmp_path, required=["r"])
    assert not report.ok
    assert report.missing["tr"] == ["b", "r"]
    assert report.missing["pt-BR"] == ["r"]
    assert report.extra["tr"] == ["d", "e"]
    assert [m.key for m in report.placeholder_mismatches["tr"]] == ["a"]
    assert [line.split(":")[0] for line in report.invalid["tr"]] == ["e"]
    assert 0 < report.coverage["tr"] < 1
    lines = report.summary_lines()
    assert isinstance(lines, list) and all(isinstance(line, str) for line in lines)
    assert any(line.startswith("tr:") for line in lines)


def test_check_locales_ok_when_complete(tmp_path: Path):
    write(tmp_path / "pt-BR" / "a.json", {"a": "A {x}", "_note": "n"})
    write(tmp_path / "tr" / "a.json", {"a": "A {x}"})
    report = check_locales(tmp_path, required=[])
    assert report.ok, report.summary_lines()
    assert report.coverage == {"pt-BR": 1.0, "tr": 1.0}


def test_check_locales_reports_load_errors_instead_of_raising(tmp_path: Path):
    write(tmp_path / "pt-BR" / "a.json", {"a": "A"})
    write(tmp_path / "pt-BR" / "b.json", {"a": "A again"})
    write(tmp_path / "tr" / "a.json", {"a": "A"})
    report = check_locales(tmp_path, required=[])
    assert not report.ok
    assert any("a.json" in e and "b.json" in e for e in report.errors)
