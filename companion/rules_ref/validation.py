"""Checks that keep the two languages' rules references in step with each other, with
the locale catalog and with the rules data; `check-locales` reports what they find."""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Iterable, Literal, Mapping, get_args, get_origin

from pydantic import BaseModel

from companion.i18n.catalog import DEFAULT_LANGUAGE, LANGUAGES
from companion.i18n.coverage import CoverageReport, check_catalogs
from companion.i18n.plurals import count_sentence_problems, counted_placeholders
from companion.reading.paths import locales_dir as default_locales_dir
from companion.rules.models import Rules

from .loader import LanguageReference, RulesReferenceError, load_language_reference, reference_dir
from .model import Topic
from .render import placeholders_of, topic_words, words_for
from .text import fold
from .values import ValueSpecError, format_value, resolve, split_spec

__all__ = ["SOURCE_PHRASES", "card_topic_ids", "reference_problems", "source_mentions", "validate_references"]

# Words that name where the facts came from rather than the game: a player's reference
# speaks of the game and the app only (a rulebook page, "p. 13", is fine). A trailing "*"
# also matches the word with suffixes (Turkish "özette", "özetten").
SOURCE_PHRASES: dict[str, tuple[str, ...]] = {
    "pt-BR": ("português", "portuguesa", "turco", "turca", "fã", "fãs", "perguntas frequentes", "FAQ",
              "dados de regras", "OCR", "resumo"),
    "tr": ("Portekizce*", "Türkçe*", "hayran*", "sık sorulan*", "SSS*", "kural veri*", "OCR*", "özet*"),
}


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


def source_mentions(text: str, lang: str) -> list[str]:
    """The SOURCE_PHRASES of `lang` found in `text` (whole words, any case or accents)."""
    folded = fold(text)
    found = []
    for phrase in SOURCE_PHRASES.get(lang, ()):
        stem = phrase.endswith("*")
        pattern = rf"(?<!\w){re.escape(fold(phrase.rstrip('*')))}" + (r"" if stem else r"(?!\w)")
        if re.search(pattern, folded):
            found.append(phrase.rstrip("*"))
    return found


def _prose(topic: Topic) -> list[str]:
    texts = [topic.title, *topic.body]
    for phrase in topic.phrases.values():
        texts += [phrase] if isinstance(phrase, str) else list(phrase.values())
    return texts


def _index_prose(ref: LanguageReference) -> list[str]:
    index = ref.index
    return [*index.chapters.values(), *index.words.model_dump().values(), *index.whereabouts.values(),
            *index.choices.values()]


def _switch_alternatives(rules: Rules, spec: str) -> list[str]:
    """Every phrase name a |say can pick, one per value its switch can take (yes/no, or
    each value a field allows): changing the rules data must find a sentence."""
    path, formats = split_spec(spec)
    says = [fmt for fmt in formats if fmt.startswith("say:")]
    if not says:
        return []
    before = formats[:formats.index(says[0])]
    values: tuple[Any, ...] = ()
    if before:
        values = ("yes", "no") if before[-1].startswith("contains:") else ()
    else:
        parent_path, _, field = path.rpartition(".")
        try:
            parent = resolve(rules, parent_path).value if parent_path else rules
        except ValueSpecError:
            return []
        if isinstance(parent, BaseModel) and field in type(parent).model_fields:
            annotation = type(parent).model_fields[field].annotation
            if annotation is bool:
                values = ("yes", "no")
            elif get_origin(annotation) is Literal:
                values = get_args(annotation)
    prefix = says[0].partition(":")[2]
    return [f"{prefix}_{value}" for value in values]


def _count_problems(topic: Topic, numbers: set[str], lang: str, where: str) -> list[str]:
    """A rules-data number followed by a word is a count sentence: it needs |plural forms
    (a table may correct the number to 1); plural forms need every form `lang` uses."""
    problems: list[str] = []
    for template in (topic.title, *topic.body):
        for name in dict.fromkeys(counted_placeholders(template, lambda n: n in numbers)):
            problems.append(f"{where}: count sentence, {{{name}}} then a word: give it plural forms "
                            f"(|plural) or put the number last")
    forms = {f"{name}.{form}": text for name, phrase in topic.counts.items() for form, text in phrase.items()}
    problems += [f"{where}: phrases.{line}" for line in count_sentence_problems(forms, lang)]
    return problems


def _own_problems(ref: LanguageReference, rules: Rules, catalog: Mapping[str, str]) -> list[str]:
    """What is wrong inside one language: placeholders, links, values, catalog texts,
    count sentences, and words about the sources."""
    problems: list[str] = []
    base_words = words_for(ref, catalog)
    for text in _index_prose(ref):
        for phrase in source_mentions(text, ref.lang):
            problems.append(f"{ref.lang}: index.json speaks of a source ({phrase!r}): {text[:60]!r}")
    for topic in ref.topics.values():
        where = f"{ref.lang}: topic {topic.id!r}"
        words = topic_words(base_words, topic)
        for text in _prose(topic):
            for phrase in source_mentions(text, ref.lang):
                problems.append(f"{where}: speaks of a source ({phrase!r}), not of the game: {text[:60]!r}")
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
        numbers: set[str] = set()
        for name, spec in topic.values.items():
            try:
                if format_value(rules, spec, words).is_number:
                    numbers.add(name)
            except ValueSpecError as exc:
                problems.append(f"{where}: {{{name}}} names no rules-data value: {exc}")
            for phrase in _switch_alternatives(rules, spec):
                if phrase not in words.choices:
                    problems.append(f"{where}: {{{name}}} has no phrase {phrase!r} for the other value of its switch")
        problems += _count_problems(topic, numbers, ref.lang, where)
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
        if set(mine.phrases) != set(theirs.phrases):
            problems.append(f"{where}: phrases {sorted(theirs.phrases)} differ from {reference.lang} "
                            f"{sorted(mine.phrases)}")
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


def check_locales(
    locales_dir: Path | str | None = None,
    *,
    languages: Iterable[str] = LANGUAGES,
    reference: str = DEFAULT_LANGUAGE,
    required: Iterable[str] | None = None,
) -> CoverageReport:
    """Every locale file checked: the catalogs (companion.i18n.coverage) and, in each
    language, the rules reference kept beside them. Never raises for problems in the
    files: they are listed in the report."""
    if locales_dir is None:
        locales_dir = default_locales_dir()
    languages = tuple(languages)
    report = check_catalogs(locales_dir, languages=languages, reference=reference, required=required)
    report.errors += reference_problems(locales_dir, (reference, *languages), reference_lang=reference)
    return report
