"""Turning locale keys and their parameters into the sentences players read."""
from __future__ import annotations

import string
from typing import Any, Mapping

import companion.i18n.casing as casing
import companion.i18n.plurals as plurals
from .catalog import DEFAULT_LANGUAGE, LANGUAGES, LocaleError, load_catalog

__all__ = ["Translator", "format_slot", "missing_marker", "placeholders"]

_FORMATTER = string.Formatter()


def missing_marker(key: str) -> str:
    """What a missing key renders as: visible, but never an exception."""
    return f"⟦{key}⟧"


def placeholders(template: str) -> set[str]:
    """The named placeholders of a str.format template; raises ValueError on bad braces."""
    names: set[str] = set()
    for _literal, field, _spec, _conversion in _FORMATTER.parse(template):
        if field is None:
            continue
        name = field.split(".")[0].split("[")[0]
        if not name or name.isdigit():
            raise ValueError(f"positional placeholder in {template!r}: use {{name}}")
        names.add(name)
    return names


def format_slot(slot: Any) -> str:
    """Time track slot as printed: 15 … 01, and the red S for 0."""
    try:
        number = int(slot)
    except (TypeError, ValueError):
        return str(slot)
    return "S" if number == 0 else f"{number:02d}"


class _Rendered(str):
    """A parameter value already in the players' words (left as it is)."""


# A journal line's Character parameters -> the parameter naming that Character's seat.
_CHARACTER_SEATS = (("character", "seat"), ("other_character", "other_seat"))


class _KeepUnknown(dict):
    """format_map helper: a placeholder without a value stays visible as {name}."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


# Parameters whose values are ids with a localised name: param -> key prefix.
_NAMED_PARAMS: dict[str, str] = {
    "character": "character",
    "section": "section",
    "first": "section",
    "second": "section",
    "colour": "threshold",
    "mode": "mode",
    "pod": "pod",
    "kind": "intruder",
    # Card names: event_card=<card id of rules_data/event_cards.json>, attack_card=<kind>.
    "event_card": "event_card.name",
    "attack_card": "attack_card.name",
    # Another player's Character, a Contingency token (by its effect), where and why.
    "other_character": "character",
    "contingency": "contingency",
    "whereabouts": "whereabouts",
    "end_reason": "end_reason",
    # What an Objective card asks for (player, knowledge, sections).
    "parameter": "objective_parameter",
}


class Translator:
    """Look up text for one language; never raises on a missing key or parameter."""

    def __init__(self, lang: str = DEFAULT_LANGUAGE, catalog: Mapping[str, Any] | None = None) -> None:
        if lang not in LANGUAGES:
            raise LocaleError(f"unknown language {lang!r}; choose one of {', '.join(LANGUAGES)}")
        self.lang = lang
        if catalog is None:
            messages = load_catalog(languages=(lang,))[lang]  # a broken other language must not matter
        elif lang in catalog and isinstance(catalog[lang], Mapping):
            messages = catalog[lang]  # a whole catalog {lang: {key: text}}
        else:
            messages = catalog  # one language's {key: text}
        self._messages: Mapping[str, str] = messages

    def __repr__(self) -> str:
        return f"Translator({self.lang!r}, {len(self._messages)} keys)"

    # lookups -----------------------------------------------------------------
    def has(self, key: str) -> bool:
        return key in self._messages or f"{key}.other" in self._messages

    def t(self, key: str, **params: Any) -> str:
        """The text of `key`; a key written as plural forms picks its form by {count}."""
        template = self._messages.get(key)
        if template is None and f"{key}.other" in self._messages:
            template = self._messages[self._plural_key(key, params.get(plurals.COUNT_PARAM))]
        if template is None:
            return missing_marker(key)
        if not params and "{" not in template:
            return template
        rendered = _KeepUnknown({name: self._render_param(name, value) for name, value in params.items()})
        try:
            return template.format_map(rendered)
        except (ValueError, IndexError, AttributeError, KeyError, TypeError):
            return template

    __call__ = t

    def name(self, prefix: str, value: Any) -> str:
        """The localised name of an id (`character`, `hacker`); the raw id when there is none."""
        raw = getattr(value, "value", value)
        key = f"{prefix}.{raw}"
        return self._messages.get(key, str(raw))

    def _render_param(self, name: str, value: Any) -> Any:
        if value is None:
            return ""
        if isinstance(value, _Rendered):
            return str(value)
        if name == "slot" or name.endswith("_slot"):
            return format_slot(getattr(value, "value", value))
        prefix = _NAMED_PARAMS.get(name)
        if prefix is not None:
            return self.name(prefix, value)
        return getattr(value, "value", value)  # enums show their value

    def plural(self, key: str, count: Any, **params: Any) -> str:
        """The plural form of `key` for `count` (also passed as {count}): same as t(key, count=…)."""
        return self.t(key, count=count, **params)

    def _plural_key(self, key: str, count: Any) -> str:
        """"<key>.=N", "<key>.<CLDR category>" or "<key>.other", whichever fits `count` first."""
        if count is not None:
            for form in plurals.candidate_forms(self.lang, count):
                if f"{key}.{form}" in self._messages:
                    return f"{key}.{form}"
        return f"{key}.other"

    def entry(self, event: Any, players: Mapping[int, str] | None = None) -> str:
        """A line of the game's journal (an engine Event: .key and .params). With the
        players' names by seat, a Character it names reads "Ana (Hacker)"."""
        params = dict(getattr(event, "params", None) or {})
        for character, seat in _CHARACTER_SEATS:
            name = (players or {}).get(params.get(seat)) if isinstance(params.get(seat), int) else None
            if name and params.get(character) is not None:
                params[character] = _Rendered(self.t("ui.common.player_character", name=name,
                                                     character=self.name("character", params[character])))
        return self.t(event.key, **params)

    def error(self, exc: BaseException) -> str:
        """An IllegalCommand (or any error carrying .key/.params) in this language."""
        key = getattr(exc, "key", None)
        if not isinstance(key, str):
            return missing_marker(type(exc).__name__)
        return self.t(key, **dict(getattr(exc, "params", None) or {}))

    # casing ------------------------------------------------------------------
    def upper(self, text: str) -> str:
        return casing.upper(text, self.lang)

    def lower(self, text: str) -> str:
        return casing.lower(text, self.lang)

    def capitalize(self, text: str) -> str:
        return casing.capitalize(text, self.lang)
