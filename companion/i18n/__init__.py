"""Locale loading, lookup and casing for the players' languages (pt-BR and tr).

Text lives in locales/<lang>/*.json; nested objects are flattened to dotted keys and
keys starting with "_" are translator notes. Placeholders are named: {character}.
"""
from __future__ import annotations

from .casing import capitalize, lower, upper
from .catalog import (
    DEFAULT_LANGUAGE,
    LANGUAGE_NAMES,
    LANGUAGES,
    LocaleError,
    clear_cache,
    flatten,
    load_catalog,
    load_language,
)
from .coverage import CoverageReport, PlaceholderMismatch, check_catalogs, engine_keys, required_keys
from .translator import Translator, format_slot, missing_marker, placeholders

__all__ = [
    "DEFAULT_LANGUAGE",
    "LANGUAGES",
    "LANGUAGE_NAMES",
    "CoverageReport",
    "LocaleError",
    "PlaceholderMismatch",
    "Translator",
    "capitalize",
    "check_catalogs",
    "clear_cache",
    "engine_keys",
    "flatten",
    "format_slot",
    "load_catalog",
    "load_language",
    "lower",
    "missing_marker",
    "placeholders",
    "required_keys",
    "upper",
]
