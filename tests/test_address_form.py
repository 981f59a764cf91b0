"""One way of speaking to the player per language, on every screen and in every topic.

Turkish speaks to the player as "siz" (the form most of the text used, and the one the
rulebooks use): "seçin", "kartlarınız", "yalnızca siz görürsünüz". A button that names an
action keeps the bare verb, as Turkish software does ("Tara ve çek", "Kaydet"); a
sentence never does. Portuguese speaks to one player as "você" ("Vire o token", "confira");
the table as a whole is spoken of in the third person ("a mesa informa"), never as
"vocês" with plural imperatives ("Virem", "confiram").

The patterns below find the other form's markers. Turkish suffixes are ambiguous (the
genitive "kartın" and "your card" are spelled alike), so the check looks only for forms
that can only be "sen": the pronoun, verb endings, a bare imperative ending a sentence,
and a few possessives where a genitive cannot stand.
"""
from __future__ import annotations

import re

import pytest

from companion.i18n import load_language
from companion.reading.paths import locales_dir
from companion.rules_ref import rules_reference

TR_PRONOUN = re.compile(r"(?<!\w)(?:sen|sana|seni|senin|sende|senden|seninle|kendin|kendine|kendini|kendinde)(?!\w)",
                        re.I)
# Present, aorist, future and must, second person singular: "görürsün", "biliyorsun", "çekmelisin".
TR_VERB = re.compile(r"\w+(?:yor|r|ecek|acak|meli|malı|mış|miş|muş|müş)(?:sın|sin|sun|sün)(?!\w)")
TR_PAST = re.compile(r"(?<!\w)(?:geçtin|çektin|baktın|gördün|aldın|seçtin|girdin|verdin|yaptın|kazandın|öldün|"
                     r"bulaştın|taradın)(?!\w)", re.I)
TR_CONDITIONAL = re.compile(r"\w+(?:mış|miş|muş|müş|r|yor)(?:san|sen)(?!\w)")  # "bulaşmışsan"
TR_PARTICIPLE = re.compile(r"\w+(?:dığın|diğin|duğun|düğün|tığın|tiğin|tuğun|tüğün|dıkların|diklerin|tıkların|"
                           r"tiklerin)(?!\w)")  # "çektiğin", "gördüklerin"
TR_WITH = re.compile(r"\w+(?:ınla|inle|unla|ünle)(?!\w)")  # "kartınla" (yours: "kartınızla")
# "your board/cards/token…" where a genitive cannot stand: at the end of a phrase, before a
# number ("Kirlilik kartların: 2") or before "var"/"yok" ("kartın var").
_POSSESSED = ("tahtan", "kartın", "kartların", "jetonun", "jetonların", "hedefin", "karakterin", "kontrolün",
              "elin", "sıran", "yaran", "yaraların", "telefonun", "cihazın")
TR_POSSESSIVE = re.compile(r"(?<!\w)(?:" + "|".join(_POSSESSED) + r")(?=\s*(?:[?!.;]|$|:\s*[{\d])|"
                           r"\s+(?:var|yok|ölüyor|hayatta)(?!\w))", re.I)
TR_POSSESSIVE_CASE = re.compile(r"(?<!\w)(?:tahtana|tahtanda|tahtandan|tahtandaki|kartlarınla)(?!\w)", re.I)
# Bare imperatives of the verbs the app asks for, inside a sentence (one that ends in . ! ? :).
_VERBS = ("ver", "seç", "gir", "aç", "yanıtla", "tara", "çek", "koy", "sakla", "dokun", "bak", "at", "et",
          "karşılaştır", "düzelt", "sürükle", "işaretle", "söyle", "yap", "çevir", "kaydet", "göster", "gizle",
          "karıştır", "bekle", "kullan", "al", "döndür", "getir", "geç", "dene", "başlat", "bitir", "kaldır",
          "yerleştir", "okut", "tut")
TR_IMPERATIVE = re.compile(r"(?<!\w)(?:" + "|".join(_VERBS) + r")(?=\s*[.;:!?(]|\s+ve\s)", re.I)
# Words the patterns catch that are not "sen": third-person wishes and concessives, nouns
# that end like a suffix, and "sizinle" itself.
TR_NOT_SEN = {"karıştırsın", "saldırsın", "yaratığın", "yaratıkların", "sizinle", "gezginle"}

PT_VOCES = re.compile(r"(?<!\w)vocês(?!\w)", re.I)
PT_PLURAL_IMPERATIVE = re.compile(
    r"(?<!\w)(?:virem|toquem|confiram|comprem|informem|registrem|escolham|usem|coloquem|ponham|entreguem|olhem|"
    r"vejam|façam|tirem|joguem|resolvam|rolem|descartem|embaralhem|sigam|anotem|marquem|digam|leiam|guardem|"
    r"escaneiem|revelem|respondam|voltem|abram)(?!\w)", re.I)


def other_form(text: str, lang: str) -> list[str]:
    """The words of `text` that speak to the player in the form `lang` does not use."""
    if lang == "pt-BR":
        return [m.group(0) for rx in (PT_VOCES, PT_PLURAL_IMPERATIVE) for m in rx.finditer(text)]
    found = [m.group(0) for rx in (TR_PRONOUN, TR_VERB, TR_PAST, TR_CONDITIONAL, TR_PARTICIPLE, TR_WITH,
                                   TR_POSSESSIVE, TR_POSSESSIVE_CASE) for m in rx.finditer(text)]
    if text.rstrip().endswith((".", "!", "?", ":")):
        found += [m.group(0) for m in TR_IMPERATIVE.finditer(text)]
    return [word for word in found if word.lower() not in TR_NOT_SEN]


def every_text(lang: str) -> dict[str, str]:
    """Every screen text and every topic sentence (each phrase a switch can pick too)."""
    texts = dict(load_language(locales_dir(), lang))
    ref = rules_reference(lang)
    for topic_id in ref.topic_ids:
        texts[f"topic {topic_id}"] = ref.render(topic_id).text
        for name, phrase in ref.topic(topic_id).phrases.items():
            for form, text in ({"": phrase} if isinstance(phrase, str) else phrase).items():
                texts[f"topic {topic_id} phrase {name}{form}"] = text
    return texts


@pytest.mark.parametrize("lang", ["pt-BR", "tr"])
def test_every_text_speaks_to_the_player_one_way(lang: str):
    wrong = {key: other_form(text, lang) for key, text in every_text(lang).items() if other_form(text, lang)}
    assert wrong == {}


@pytest.mark.parametrize(("lang", "text"), [
    ("tr", "Kirlilik kartların: {held}"),
    ("tr", "Sonucu kendine sakla: masa onu görecek."),
    ("tr", "Bu kısmı yalnızca sen görürsün."),
    ("tr", "Karakter tahtana bir Larva konur."),
    ("tr", "Hangi oyuncunun jetonlarına bakılacağını seç."),
    ("tr", "Bulaşmışsan kartları karıştır."),
    ("tr", "Çektiğin 4 kartın kaçı Kirlilik kartı?"),
    ("tr", "Kaç Eylem kartın var?"),
    ("tr", "Bu kartın tam metni doğrulanmadı: kendi kartınla karşılaştırın."),
    ("tr", "BULAŞMIŞ kart yok: kontrolü geçtin."),
    ("pt-BR", "Virem o token da Contingência Ativa e toquem no efeito dele."),
    ("pt-BR", "O efeito não está confirmado: confiram com a sua caixa."),
    ("pt-BR", "Vocês usam os tokens impressos."),
])
def test_a_planted_sentence_in_the_other_form_is_found(lang: str, text: str):
    assert other_form(text, lang), text


@pytest.mark.parametrize(("lang", "text"), [
    ("tr", "Kirlilik kartlarınız: {held}"),
    ("tr", "Sonucu kendinize saklayın: masa onu adımın sonunda görecek."),
    ("tr", "Bu kartın tam metni doğrulanmadı: kendi kartınızla karşılaştırın."),
    ("tr", "Karakterin tahtasına bir Larva konur."),
    ("tr", "Tara ve çek"),
    ("tr", "Kaç Larva saldırırsa saldırsın bulaşma asla öldürmez."),
    ("tr", "Sizinle aynı Bölümdeki bir oyuncunun bütün jetonlarına bakarsınız."),
    ("pt-BR", "Vire o token da Contingência Ativa na mesa e toque no efeito dele."),
    ("pt-BR", "A mesa usa os tokens impressos; na Verificação de Vitória ela informa qual era o token ativo."),
    ("pt-BR", "As voltas continuam até todos passarem."),
])
def test_the_chosen_form_is_not_taken_for_the_other(lang: str, text: str):
    assert other_form(text, lang) == [], text
