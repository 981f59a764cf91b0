"""Filling a topic's placeholders: rules-data values (marked when unconfirmed) and
texts that already live in the locale catalog (card effects)."""
from __future__ import annotations

import string
from dataclasses import replace
from typing import Mapping

from companion.rules.models import Rules

from .loader import LanguageReference
from .model import Paragraph, RenderedTopic, RenderedValue, Topic
from .values import Words, format_value

__all__ = ["UNCONFIRMED_KEY", "placeholders_of", "render_topic", "topic_words", "words_for"]

UNCONFIRMED_KEY = "common.unconfirmed"
_FORMATTER = string.Formatter()
_BULLET = "- "


def placeholders_of(template: str) -> set[str]:
    """Named placeholders of a template; ValueError on stray braces or positional ones."""
    names: set[str] = set()
    for _literal, name, _spec, _conversion in _FORMATTER.parse(template):
        if name is None:
            continue
        if not name.isidentifier():
            raise ValueError(f"placeholder {{{name}}} is not a plain name")
        names.add(name)
    return names


def words_for(reference: LanguageReference, catalog: Mapping[str, str]) -> Words:
    index = reference.index
    return Words(
        conjunction=index.words.conjunction,
        yes=index.words.yes,
        no=index.words.no,
        retreat=index.words.retreat,
        names=catalog,
        whereabouts=index.whereabouts,
        choices=index.choices,
        lang=reference.lang,
    )


def topic_words(words: Words, topic: Topic) -> Words:
    """The language's words plus the topic's own phrases (they win over the index's)."""
    if not topic.phrases:
        return words
    return replace(words, choices={**words.choices, **topic.sentences}, counts=topic.counts)


def _fill(template: str, values: Mapping[str, str]) -> str:
    return template.format_map(values)


def render_topic(
    topic: Topic,
    reference: LanguageReference,
    rules: Rules,
    catalog: Mapping[str, str],
    words: Words | None = None,
) -> RenderedTopic:
    """The topic as players read it. Raises ValueSpecError or KeyError for a placeholder
    that names nothing (validation reports those first)."""
    words = topic_words(words or words_for(reference, catalog), topic)
    marker = f" ({catalog[UNCONFIRMED_KEY]})" if UNCONFIRMED_KEY in catalog else " (?)"
    filled: dict[str, str] = {}
    rendered_values = []
    for name, spec in topic.values.items():
        resolved = format_value(rules, spec, words)
        rendered_values.append(
            RenderedValue(name=name, spec=spec, text=resolved.value, confidence=resolved.confidence,
                          unconfirmed=resolved.unconfirmed)
        )
        filled[name] = resolved.value + (marker if resolved.unconfirmed else "")
    for name, key in topic.texts.items():
        filled[name] = catalog[key]
    paragraphs = []
    for template in topic.body:
        bullet = template.startswith(_BULLET)
        text = _fill(template[len(_BULLET):] if bullet else template, filled)
        paragraphs.append(Paragraph(text=text, bullet=bullet))
    pages = ", ".join(str(page) for page in topic.pages)
    return RenderedTopic(
        id=topic.id,
        chapter=topic.chapter,
        chapter_title=reference.index.chapters[topic.chapter],
        title=_fill(topic.title, filled),
        paragraphs=tuple(paragraphs),
        links=topic.links,
        pages=topic.pages,
        page_label=reference.index.words.pages.format(pages=pages) if pages else "",
        values=tuple(rendered_values),
        partial=topic.partial,
        partial_note=reference.index.words.partial if topic.partial else "",
    )
