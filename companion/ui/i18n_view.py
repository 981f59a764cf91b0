"""The page's current language: every visible string goes through here.

Language is a per-screen preference (not game state), so each page owns one of these.
"""
from __future__ import annotations

from typing import Any

from companion.i18n.catalog import LANGUAGE_NAMES, LANGUAGES
from companion.i18n.translator import Translator, format_slot

__all__ = ["Texts", "LANGUAGES", "LANGUAGE_NAMES"]


class Texts:
    def __init__(self, lang: str) -> None:
        self.translator = Translator(lang)
        # The players' names by seat (from the page's view), so journal lines read "Ana (Hacker)".
        self.players: dict[int, str] = {}

    @property
    def lang(self) -> str:
        return self.translator.lang

    def switch(self, lang: str) -> None:
        self.translator = Translator(lang)

    # Thin delegations: the views should not need to know the Translator's shape.
    def t(self, key: str, **params: Any) -> str:
        return self.translator.t(key, **params)

    def plural(self, key: str, count: int, **params: Any) -> str:
        return self.translator.plural(key, count, **params)

    def entry(self, log_entry: Any) -> str:
        return self.translator.entry(log_entry, self.players)

    def error(self, exc: BaseException) -> str:
        return self.translator.error(exc)

    def upper(self, text: str) -> str:
        return self.translator.upper(text)

    # Names of game ids, as printed in the players' rulebooks.
    def character(self, character_id: str) -> str:
        return self.translator.name("character", character_id)

    def section(self, section: Any) -> str:
        return self.translator.name("section", section)

    def mode(self, mode: Any) -> str:
        return self.translator.name("mode", mode)

    def pod(self, pod: Any) -> str:
        return self.translator.name("pod", pod)

    @staticmethod
    def slot(number: int) -> str:
        return format_slot(number)

    @staticmethod
    def language_name(lang: str) -> str:
        return LANGUAGE_NAMES.get(lang, lang)
