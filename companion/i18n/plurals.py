"""Plural forms for sentences that count things, chosen by the CLDR rules of each language.

A count sentence in a locale file is an object of plural forms instead of a string:

    "left": {"=0": "O baralho acabou.", "one": "Resta {count} carta.", "other": "Restam {count} cartas."}

Members are CLDR categories (zero, one, two, few, many, other) or an exact number
written "=N" (as in ICU MessageFormat); the value of the {count} placeholder picks the
form: an exact "=N" first, then the language's CLDR category, then "other". Flattened,
the forms are the keys "left.=0", "left.one" and "left.other", and every language has
the same forms, so the usual key-by-key comparison of languages covers them.

Turkish puts the singular after a number ("3 kart"), so its "one" and "other" read alike.
CLDR puts 0 in pt's "one", but Brazilian Portuguese says "0 cartas", never "0 carta", so
a language whose "one" holds 0 must write the zero case out as "=0".

What the check calls a count sentence: a quantity placeholder (QUANTITY_PLACEHOLDERS, or
a name ending in "_count") followed by a space and then a word or another placeholder:
"{count} cartas", "{maximum} miniaturas", "{high} jogadores", "{count} {kind}". A word
that only joins two numbers (CONNECTIVES: "de {low} a {high}", "{low} ile {high}") does
not count, nor does an abbreviated unit (UNITS: "{seconds} s"). Such text must be a plural object driven by {count}, or be rewritten as a label that
puts the number last ("Baralho: {count}", "tahtada {count}/{pool}"). Keys the engine
emits are looked up as plain strings, so they use label forms.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Callable, Collection, Mapping

from babel import Locale

__all__ = [
    "CATEGORIES",
    "CONNECTIVES",
    "UNITS",
    "COUNT_PARAM",
    "QUANTITY_PLACEHOLDERS",
    "candidate_forms",
    "count_sentence_problems",
    "counted_placeholders",
    "exact_form",
    "is_form",
    "is_quantity",
    "plural_category",
    "plural_families",
    "select_form",
]

CATEGORIES: tuple[str, ...] = ("zero", "one", "two", "few", "many", "other")
COUNT_PARAM = "count"
QUANTITY_PLACEHOLDERS: frozenset[str] = frozenset({
    "count", "n", "total", "maximum", "minimum", "wanted", "pool", "hand", "applied", "low", "high",
    "players", "injuries", "blood", "discard", "draw", "eggs", "board", "value", "level",
    "cards", "limit", "knowledge", "held", "remaining", "serious", "dressed", "threshold", "hours", "minutes",
    "seconds",
})
_EXACT = re.compile(r"=\d+")
# A placeholder, then blanks, then a word or another placeholder: "{count} cartas", "{n} {kind}".
_FOLLOWED_BY_WORD = re.compile(r"\{(\w+)[^{}]*\}[ \t\u00a0]+(?=([^\W\d_]+|\{))")
# Words that join two numbers rather than name what is counted: "de {low} a {high}", "{low} ile {high}".
# "por" says "per", not what is counted ("1 por jogador"); "ya da" is Turkish "or".
CONNECTIVES: frozenset[str] = frozenset({"a", "e", "de", "ou", "até", "por", "ile", "ve", "veya", "ya"})
# Abbreviated units after a number do not inflect: "{seconds} s", "{minutes} dk".
UNITS: frozenset[str] = frozenset({"h", "min", "s", "sa", "dk", "sn"})
_CHECKED_COUNTS = range(0, 101)  # whole numbers a table can meet


def is_quantity(name: str) -> bool:
    return name in QUANTITY_PLACEHOLDERS or name.endswith("_count")


def is_form(segment: str) -> bool:
    """A plural form's name: a CLDR category or an exact "=N"."""
    return segment in CATEGORIES or bool(_EXACT.fullmatch(segment))


def exact_form(count: Any) -> str | None:
    """"=N" for a whole number count, else None."""
    try:
        number = float(count)
    except (TypeError, ValueError):
        return None
    return f"={int(number)}" if number.is_integer() and number >= 0 else None


@lru_cache(maxsize=None)
def _rule(lang: str):
    return Locale.parse(lang.replace("-", "_")).plural_form


def plural_category(lang: str, count: Any) -> str:
    """The CLDR plural category of `count` in `lang` ("one", "other", …)."""
    try:
        number = abs(float(count))
    except (TypeError, ValueError):
        return "other"
    value: int | float = int(number) if number.is_integer() else number
    return _rule(lang)(value)


def candidate_forms(lang: str, count: Any) -> tuple[str, ...]:
    """The forms that may render `count`, best first: "=N", the CLDR category, "other"."""
    exact = exact_form(count)
    return tuple(dict.fromkeys(form for form in (exact, plural_category(lang, count), "other") if form))


def select_form(lang: str, count: Any, forms: Collection[str]) -> str | None:
    """Which of `forms` (names as in the locale file) to use for `count`; None if none fits."""
    return next((form for form in candidate_forms(lang, count) if form in forms), None)


def plural_families(messages: Mapping[str, str]) -> dict[str, dict[str, str]]:
    """{base key: {form: template}} for every flattened key whose last part is a form name."""
    families: dict[str, dict[str, str]] = {}
    for key, text in messages.items():
        base, _, last = key.rpartition(".")
        if base and is_form(last):
            families.setdefault(base, {})[last] = text
    return families


def counted_placeholders(template: str, quantity: Callable[[str], bool] = is_quantity) -> list[str]:
    """Placeholders of `template` that count what the next word names ("{count} cartas")."""
    return [name for name, word in _FOLLOWED_BY_WORD.findall(template)
            if quantity(name) and word.lower() not in CONNECTIVES | UNITS]


def _needed_categories(lang: str) -> set[str]:
    return {plural_category(lang, n) for n in _CHECKED_COUNTS}


def count_sentence_problems(messages: Mapping[str, str], lang: str) -> list[str]:
    """Count sentences without plural forms, and plural objects missing a form `lang` needs."""
    problems: list[str] = []
    families = plural_families(messages)
    members = {f"{base}.{form}" for base, forms in families.items() for form in forms}
    for key, template in sorted(messages.items()):
        counted = counted_placeholders(template)
        if key in members:
            counted = [name for name in counted if name != COUNT_PARAM]
            hint = "only {count} picks the form; put other numbers in a label"
        else:
            hint = "use plural forms or a label (\"Cartas: {count}\")"
        if counted:
            names = ", ".join("{" + name + "}" for name in dict.fromkeys(counted))
            problems.append(f"{key}: count sentence, {names} then a word: {hint}")
    needed = _needed_categories(lang)
    zero_is_one = plural_category(lang, 0) == "one"
    for base, forms in sorted(families.items()):
        missing = sorted(needed - set(forms))
        if missing:
            problems.append(f"{base}: plural forms {', '.join(missing)} missing for {lang}")
        if zero_is_one and "=0" not in forms:
            problems.append(f"{base}: {lang} puts 0 in \"one\"; write the zero case as an \"=0\" form")
        if not any("{" + COUNT_PARAM + "}" in template for template in forms.values()):
            problems.append(f"{base}: plural forms without a {{{COUNT_PARAM}}} placeholder")
    return problems
