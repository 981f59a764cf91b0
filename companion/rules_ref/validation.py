"""Checks that keep the two languages' rules references in step with each other, with
the locale catalog and with the rules data; `check-locales` reports what they find."""
from __future__ import annotations

from pathlib import Path
from typing import Iterable, Mapping

from companion.rules.models import Rules

from .loader import LanguageReference, RulesReferenceError, load_language_reference, reference_dir
from .model import Topic
from .render import placeholders_of, words_for
from .values import ValueSpecError, format_value

__all__ = ["card_topic_ids", "reference_problems", "validate_references"]


def card_topic_ids(rules: Rules) -> set[str]:
    """A topic for every Event card (by card id) and every Attack card (by kind)."""
    ids = {f"event_card.{card.id}" for card in rules.event_cards}
    ids |= {f"attack_card.{card.kind}" for card in rules.attack_cards}
    return ids


def _topic_placeholders(topic: Topic) -> set[str]:
    names: set[str] = set()
    for template in (topic.title, *topic.body):
        names |= placeholders_of(template)
    return names


def _own_problems(ref: LanguageReference, rules: Rules, catalog: Mapping[str, str]) -> list[str]:
    """What is wrong inside one language: placeholders, links, values, catalog texts."""
    problems: list[str] = []
    words = words_for(ref, catalog)
    for topic in ref.topics.values():
        where = f"{ref.lang}: topic {topic.id!r}"
        try:
            used = _topic_placeholders(topic)
        except ValueError as exc:
            problems.append(f"{where}: {exc}")
            continue
        declared = set(topic.values) | set(topic.texts)
        for name in sorted(set(topic.values) & set(topic.texts)):
            problems.append(f"{where}: placeholder {{{name}}} is both a value and a text")
        for name in sorted(used - declared):
            problems.append(f"{where}: placeholder {{{name}}} is neither in _values nor in _texts")
        for name in sorted(declared - used):
            problems.append(f"{where}: {{{name}}} is declared but not used")
        for link in topic.links:
            if link == topic.id:
                problems.append(f"{where}: links to itself")
            elif link not in ref.topics:
                problems.append(f"{where}: links to missing topic {link!r}")
        for name, spec in topic.values.items():
            try:
                format_value(rules, spec, words)
            except ValueSpecError as exc:
                problems.append(f"{where}: {{{name}}} names no rules-data value: {exc}")
        for name, key in topic.texts.items():
            if key not in catalog:
                problems.append(f"{where}: {{{name}}} names missing locale text {key!r}")
    for topic_id in sorted(card_topic_ids(rules) - set(ref.topics)):
        problems.append(f"{ref.lang}: no topic {topic_id!r} for that card")
    return problems


def _compare(reference: LanguageReference, other: LanguageReference) -> list[str]:
    """What differs between two languages: topics, chapters, placeholders, links, values."""
    problems: list[str] = []
    lang = other.lang
    if reference.chapters != other.chapters:
        problems.append(f"{lang}: chapters {list(other.chapters)} differ from {reference.lang} {list(reference.chapters)}")
    for topic_id in sorted(set(reference.topics) - set(other.topics)):
        problems.append(f"{lang}: topic {topic_id!r} is missing (it is in {reference.lang})")
    for topic_id in sorted(set(other.topics) - set(reference.topics)):
        problems.append(f"{lang}: topic {topic_id!r} is not in {reference.lang}")
    for topic_id in sorted(set(reference.topics) & set(other.topics)):
        mine, theirs = reference.topics[topic_id], other.topics[topic_id]
        where = f"{lang}: topic {topic_id!r}"
        if mine.chapter != theirs.chapter:
            problems.append(f"{where}: in chapter {theirs.chapter!r}, not {mine.chapter!r}")
        if set(mine.links) != set(theirs.links):
            problems.append(f"{where}: links {sorted(theirs.links)} differ from {reference.lang} {sorted(mine.links)}")
        if dict(mine.values) != dict(theirs.values):
            problems.append(f"{where}: _values differ from {reference.lang}")
        if dict(mine.texts) != dict(theirs.texts):
            problems.append(f"{where}: _texts differ from {reference.lang}")
        if mine.pages != theirs.pages:
            problems.append(f"{where}: pages {list(theirs.pages)} differ from {reference.lang} {list(mine.pages)}")
        if mine.partial != theirs.partial:
            problems.append(f"{where}: _partial differs from {reference.lang}")
        try:
            if _topic_placeholders(mine) != _topic_placeholders(theirs):
                problems.append(f"{where}: placeholders differ from {reference.lang}")
        except ValueError:
            pass  # reported with the language's own problems
    if set(reference.index.whereabouts) != set(other.index.whereabouts):
        problems.append(f"{lang}: index.json whereabouts differ from {reference.lang}")
    if set(reference.index.choices) != set(other.index.choices):
        problems.append(f"{lang}: index.json choices differ from {reference.lang}")
    return problems


def validate_references(
    references: Mapping[str, LanguageReference],
    rules: Rules,
    catalogs: Mapping[str, Mapping[str, str]],
    reference_lang: str,
) -> list[str]:
    problems: list[str] = []
    for lang, ref in references.items():
        problems += _own_problems(ref, rules, catalogs.get(lang, {}))
    base = references.get(reference_lang)
    if base is not None:
        for lang, ref in references.items():
            if lang != reference_lang:
                problems += _compare(base, ref)
    return problems


def reference_problems(
    locales_dir: Path | str,
    languages: Iterable[str],
    *,
    reference_lang: str | None = None,
    rules: Rules | None = None,
) -> list[str]:
    """Everything wrong with the rules reference under `locales_dir`, as readable lines.

    A locales folder without any rules reference has nothing to check; once one
    language has it, every language must.
    """
    languages = tuple(dict.fromkeys(languages))
    reference_lang = reference_lang or languages[0]
    root = Path(locales_dir)
    present = [lang for lang in languages if reference_dir(root, lang).is_dir()]
    if not present:
        return []
    problems = [f"{lang}: no rules reference (expected {reference_dir(root, lang)})"
                for lang in languages if lang not in present]
    references: dict[str, LanguageReference] = {}
    for lang in present:
        try:
            references[lang] = load_language_reference(root, lang)
        except RulesReferenceError as exc:
            problems.append(f"{lang}: {exc}")
    if rules is None:
        from companion.rules import RulesDataError, load_rules

        try:
            rules = load_rules()
        except RulesDataError as exc:
            return problems + [f"rules reference not checked against the rules data: {exc}"]
    from companion.i18n.catalog import LocaleError, load_language

    catalogs: dict[str, Mapping[str, str]] = {}
    for lang in references:
        try:
            catalogs[lang] = load_language(root, lang)
        except LocaleError:
            catalogs[lang] = {}  # the catalog check reports it
    return problems + validate_references(references, rules, catalogs, reference_lang)
