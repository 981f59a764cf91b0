"""Sentences, in a working language, about input files the app cannot use.

The English wording of each problem stays on the error (``str(error)``) for the
maintainers' command-line checks; these are what the players read.
"""
from __future__ import annotations

from typing import Any, Mapping

from companion.i18n import LANGUAGE_NAMES, LocaleError, Translator
from companion.rules import RulesDataError


def describe(t: Translator, kind: str | None, params: Mapping[str, Any], fallback: str) -> str:
    """The localised problem for `kind`, or the English `fallback` when there is no sentence for it."""
    key = f"problem.{kind}"
    if kind and t.has(key):
        return t.t(key, **dict(params))
    return fallback


def rules_error(t: Translator, error: RulesDataError) -> str:
    """What is wrong in the rules data: file, entry, field and the problem itself."""
    where = t.t("error.rules_data", file=error.file, entry=error.entry or "-", field=error.field or "-")
    problem = describe(t, error.kind, error.params, error.problem)
    return f"{where} {t.t('startup.rules_problem', problem=problem)}"


def language_name(t: Translator, lang: str) -> str:
    key = f"language_name.{lang}"
    return t.t(key) if t.has(key) else LANGUAGE_NAMES.get(lang, lang)


def _locale_params(t: Translator, error: LocaleError) -> dict[str, str]:
    return {"file": error.file or "-", "problem": describe(t, error.kind, error.params, str(error))}


def language_disabled(t: Translator, lang: str, error: LocaleError) -> str:
    """`lang` cannot be chosen, and why."""
    return t.t("startup.language_disabled", language=language_name(t, lang), **_locale_params(t, error))


def language_fallback(t: Translator, lang: str, fallback: str, error: LocaleError) -> str:
    """The language asked for cannot be used, why, and which one is used instead."""
    return t.t(
        "startup.language_fallback",
        language=language_name(t, lang),
        fallback=language_name(t, fallback),
        **_locale_params(t, error),
    )
