"""Searching the rules reference: accents, case, Turkish i-variants, stems, ranking, spans."""
from __future__ import annotations

import pytest

from companion.rules_ref import Paragraph, RenderedTopic, rules_reference
from companion.rules_ref.search import SearchIndex
from companion.rules_ref.stemmer import stem
from companion.rules_ref.text import fold


@pytest.fixture(scope="module")
def pt():
    return rules_reference("pt-BR")


@pytest.fixture(scope="module")
def tr():
    return rules_reference("tr")


def _first(ref, query: str) -> str:
    hits = ref.search(query)
    assert hits, query
    return hits[0].topic_id


@pytest.mark.parametrize("query, topic", [
    ("surpresa", "surprise_attack"),
    ("escuridao", "darkness"),
    ("autodestruicao", "self_destruct"),
    ("AUTODESTRUICAO", "self_destruct"),
    ("sala de isolamento", "room_isolation_room"),
    ("o que acontece na escuridão", "darkness"),
])
def test_portuguese_queries_without_accents(pt, query, topic):
    assert _first(pt, query) == topic


@pytest.mark.parametrize("query, topic", [
    ("sürpriz", "surprise_attack"),
    ("SÜRPRİZ", "surprise_attack"),
    ("surpriz", "surprise_attack"),
    ("karanlık", "darkness"),
    ("karanlik", "darkness"),
    ("KARANLIK", "darkness"),
    ("izolasyon", "room_isolation_room"),
    ("İZOLASYON", "room_isolation_room"),
    ("ızolasyon", "room_isolation_room"),
    ("IZOLASYON", "room_isolation_room"),
])
def test_turkish_queries_with_every_i_variant(tr, query, topic):
    assert _first(tr, query) == topic


def test_a_portuguese_stem_finds_its_topic(pt):
    hit = pt.search("escaneamento")[0]
    assert hit.topic_id == "scanner"
    title = pt.render("scanner").title
    assert "escaneamento" not in fold(title)
    # the title's "Escanear" is highlighted: it matched by its stem
    assert any(fold(title[s.start:s.end]) == "escanear" for s in hit.title_spans())


def test_a_turkish_stem_finds_its_topic(tr):
    hit = tr.search("tarıyor")[0]
    assert hit.topic_id == "scanner"
    title = tr.render("scanner").title
    assert {fold(title[s.start:s.end]) for s in hit.title_spans()} == {"tarayici", "tarama"}


def test_a_word_being_typed_matches_by_its_start(pt):
    assert _first(pt, "autodestr") == "self_destruct"


def test_spans_point_at_the_matching_words(pt):
    hit = pt.search("escuridão")[0]
    rendered = pt.render(hit.topic_id)
    assert hit.spans
    for span in hit.spans:
        text = rendered.title if span.paragraph is None else rendered.paragraphs[span.paragraph].text
        assert stem(fold(text[span.start:span.end]), "pt-BR") == stem("escuridao", "pt-BR")


def _topic(topic_id: str, title: str, body: str) -> RenderedTopic:
    return RenderedTopic(id=topic_id, chapter="c", chapter_title="C", title=title,
                         paragraphs=(Paragraph(body, False),), links=(), pages=(), page_label="", values=(),
                         partial=False, partial_note="")


def test_title_hits_rank_above_body_hits_and_more_terms_rank_higher():
    index = SearchIndex([
        _topic("body_only", "Outra coisa", "escuridão e energia, escuridão, escuridão"),
        _topic("title_one", "Escuridão", "nada aqui"),
        _topic("title_one_body_two", "Energia", "a escuridão"),
    ], "pt-BR")
    hits = [h.topic_id for h in index.search("escuridão")]
    assert hits[0] == "title_one" and set(hits[1:]) == {"title_one_body_two", "body_only"}
    assert [h.topic_id for h in index.search("escuridão energia")] == [
        "title_one_body_two", "title_one", "body_only"]


def test_a_short_title_that_is_all_query_ranks_first():
    index = SearchIndex([
        _topic("long", "A Sala de Isolamento abre", "x"),
        _topic("short", "Sala de Isolamento", "x"),
    ], "pt-BR")
    assert index.search("isolamento")[0].topic_id == "short"


def test_an_empty_query_finds_nothing(pt):
    assert pt.search("") == [] and pt.search("  ,. ") == []


def test_the_index_is_built_once_per_language(pt):
    assert rules_reference("pt-BR") is pt
    assert pt.index is pt.index
    assert len(pt.index) == len(pt.topic_ids)


@pytest.mark.parametrize("lang, words", [
    ("pt-BR", ["escaneamento", "escanear", "Escaneie", "escaneia", "escaneado"]),
    ("pt-BR", ["escuridão", "escuridao", "ESCURIDÃO"]),
    ("pt-BR", ["limiar", "limiares"]),
    ("tr", ["tarıyor", "tarama", "tara", "taramak", "tarayın"]),
    ("tr", ["karanlık", "karanlıkta", "KARANLIK"]),
    ("tr", ["kapsül", "kapsülü", "kapsüle"]),
    ("tr", ["eşik", "eşiği", "eşikleri"]),
])
def test_words_of_one_root_share_a_stem(lang, words):
    assert len({stem(fold(w), lang) for w in words}) == 1


@pytest.mark.parametrize("lang, a, b", [("pt-BR", "escuridão", "escanear"), ("tr", "tarama", "karanlık")])
def test_unrelated_words_keep_apart(lang, a, b):
    assert stem(fold(a), lang) != stem(fold(b), lang)


def test_folding_ignores_case_accents_and_turkish_i():
    assert fold("SÜRPRİZ") == fold("sürpriz") == "surpriz"
    assert fold("ızolasyon") == fold("İZOLASYON") == fold("Izolasyon") == "izolasyon"
    assert fold("Autodestruição") == "autodestruicao"
