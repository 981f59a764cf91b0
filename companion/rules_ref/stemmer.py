"""Light suffix-stripping stemmers for folded Portuguese and Turkish words.

They only need to agree with themselves: a query word and a text word that share a
root should reach the same stem ("escaneamento", "escanear", "escaneie" -> "escan";
"tarıyor", "tarama", "tara" -> "tar"). Both work on :func:`text.fold` output, so
accents and the Turkish i-variants are already gone, and Turkish vowel-harmony pairs
of a suffix (-ın/-in, -da/-de …) collapse to fewer forms.
"""
from __future__ import annotations

from typing import Callable

__all__ = ["STOPWORDS", "stem", "stem_pt", "stem_tr", "stopwords"]

_MIN_STEM = 3

# ----------------------------------------------------------------- Portuguese
_PT_PLURAL = (("oes", "ao"), ("aes", "ao"), ("ais", "al"), ("eis", "el"), ("ois", "ol"), ("ns", "m"))
_PT_SUFFIXES = tuple(sorted((
    "amento", "imento", "mente", "acao", "icao", "ucao", "ador", "adora", "edor", "idor", "avel", "ivel",
    "idade", "ismo", "ista", "ando", "endo", "indo", "aram", "eram", "iram", "avam", "ariam", "eriam",
    "ado", "ada", "ido", "ida", "ava", "iam", "iem", "ar", "er", "ir", "am", "em", "ei", "ie", "ia", "ou", "eu",
    "iu", "ao",
), key=len, reverse=True))
_PT_VOWELS = "aeio"


def stem_pt(word: str) -> str:
    for ending, replacement in _PT_PLURAL:
        if word.endswith(ending) and len(word) - len(ending) >= _MIN_STEM:
            word = word[: -len(ending)] + replacement
            break
    else:
        if word.endswith(("res", "zes", "ses", "les")) and len(word) > 4:
            word = word[:-2]
        elif word.endswith("s") and len(word) > _MIN_STEM:
            word = word[:-1]
    for suffix in _PT_SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= _MIN_STEM:
            word = word[: -len(suffix)]
            break
    if word[-1:] in _PT_VOWELS and len(word) > _MIN_STEM:
        word = word[:-1]
    return word


# ----------------------------------------------------------------- Turkish
# Suffixes that start with a buffer n (-nda, -nı …) are left out: they would eat the n
# of stems such as "jeton"; the possessive -sı/-sin before them is stripped instead.
_TR_SUFFIXES = tuple(sorted((
    # verbs: present, infinitive, verbal noun, past, future, ability, aorist, imperative, agent
    "iyor", "uyor", "yor", "mak", "mek", "ma", "me", "mis", "mus", "di", "du", "ti", "tu",
    "acak", "ecek", "abilir", "ebilir", "ilir", "ulur", "ir", "ur", "ar", "er", "in", "un",
    "ici", "ucu", "dir", "dur", "tir", "tur",
    # nouns: plural, cases, possessives, with/without
    "lar", "ler", "dan", "den", "tan", "ten", "da", "de", "ta", "te",
    "ya", "ye", "yi", "yu", "si", "sin", "yla", "yle", "siz", "suz", "ki", "i", "u", "a", "e",
), key=len, reverse=True))
_TR_VOWELS = "aeiou"


def stem_tr(word: str) -> str:
    for _ in range(6):  # a word carries a few suffixes at most
        for suffix in _TR_SUFFIXES:
            if word.endswith(suffix) and len(word) - len(suffix) >= _MIN_STEM:
                word = word[: -len(suffix)]
                # the buffer y between a vowel stem and a vowel suffix (tara-y-ın)
                if word.endswith("y") and word[-2:-1] in _TR_VOWELS and len(word) > _MIN_STEM:
                    word = word[:-1]
                # a final k softens to ğ (folded g) before a vowel: eşik, eşiği
                elif word.endswith("g") and suffix[0] in _TR_VOWELS:
                    word = word[:-1] + "k"
                break
        else:
            break
    return word


_STEMMERS: dict[str, Callable[[str], str]] = {"pt": stem_pt, "tr": stem_tr}

# Words too common to say what a question is about (folded).
STOPWORDS: dict[str, frozenset[str]] = {
    "pt": frozenset(
        "a o as os um uma uns umas de da do das dos e em no na nos nas por pela pelo para com sem que se "
        "ao aos como qual quais quando onde ou mais muito eu meu minha ele ela isso esta este sua seu "
        "acontece fazer faz funciona".split()
    ),
    "tr": frozenset(
        "ve ile bir bu su o da de mi mu ne nedir nasil neden icin gibi daha cok her hangi kim olur olan "
        "ise ya veya ama var yok".split()
    ),
}


def _base(lang: str) -> str:
    return lang.replace("_", "-").split("-")[0].lower()


def stem(word: str, lang: str) -> str:
    """The stem of a folded word in `lang` ("pt-BR" or "tr"); other languages keep the word."""
    stemmer = _STEMMERS.get(_base(lang))
    return stemmer(word) if stemmer else word


def stopwords(lang: str) -> frozenset[str]:
    return STOPWORDS.get(_base(lang), frozenset())
