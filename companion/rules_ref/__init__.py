"""The rules reference: topics players look up at the table, in pt-BR and tr.

Topics live in ``locales/<lang>/rules/``; values that belong to the rules data
(thresholds, CSS spaces, counts, token numbers) are quoted through placeholders and
filled from ``rules_data/`` when a topic is rendered, with unconfirmed values marked.
Pure Python, no UI. Start with :func:`rules_reference`::

    ref = rules_reference("tr")
    ref.render("darkness").paragraphs
    ref.search("karanlik")[0].topic_id
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Mapping

from companion.rules.models import Rules

from .loader import LanguageReference, RulesReferenceError, load_language_reference
from .model import Paragraph, RenderedTopic, RenderedValue, Topic
from .render import render_topic, words_for
from .search import SearchHit, SearchIndex, Span
from .validation import card_topic_ids, reference_problems

__all__ = [
    "Chapter",
    "Paragraph",
    "RenderedTopic",
    "RenderedValue",
    "RulesReference",
    "RulesReferenceError",
    "SearchHit",
    "Span",
    "Topic",
    "attack_card_topic",
    "card_topic_ids",
    "clear_cache",
    "event_card_topic",
    "reference_problems",
    "rules_reference",
]


def event_card_topic(card_id: str) -> str:
    """Topic id of an Event card (its id in rules_data/event_cards.json)."""
    return f"event_card.{card_id}"


def attack_card_topic(kind: str) -> str:
    """Topic id of an Attack card (its kind in rules_data/attack_cards.json)."""
    return f"attack_card.{kind}"


@dataclass(frozen=True)
class Chapter:
    id: str
    title: str
    topic_ids: tuple[str, ...]  # reading order


class RulesReference:
    """One language's topics, rendered with one set of rules data, and their search index."""

    def __init__(self, data: LanguageReference, rules: Rules, catalog: Mapping[str, str]) -> None:
        self.lang = data.lang
        self._data = data
        self._rules = rules
        self._catalog = catalog
        self._words = words_for(data, catalog)
        self._rendered: dict[str, RenderedTopic] = {}

    def __repr__(self) -> str:
        return f"RulesReference({self.lang!r}, {len(self._data.topics)} topics)"

    @property
    def topic_ids(self) -> tuple[str, ...]:
        return tuple(self._data.topics)

    @property
    def chapters(self) -> tuple[Chapter, ...]:
        by_chapter: dict[str, list[str]] = {chapter: [] for chapter in self._data.chapters}
        for topic in self._data.topics.values():
            by_chapter[topic.chapter].append(topic.id)
        titles = self._data.index.chapters
        return tuple(Chapter(c, titles[c], tuple(ids)) for c, ids in by_chapter.items())

    def __contains__(self, topic_id: object) -> bool:
        return topic_id in self._data.topics

    def topic(self, topic_id: str) -> Topic:
        """The topic as written (placeholders unfilled); KeyError for an unknown id."""
        return self._data.topics[topic_id]

    def render(self, topic_id: str) -> RenderedTopic:
        found = self._rendered.get(topic_id)
        if found is None:
            found = render_topic(self.topic(topic_id), self._data, self._rules, self._catalog, self._words)
            self._rendered[topic_id] = found
        return found

    def links(self, topic_id: str) -> tuple[str, ...]:
        return self.topic(topic_id).links

    def backlinks(self, topic_id: str) -> tuple[str, ...]:
        """Topics that link to `topic_id`, in reading order."""
        self.topic(topic_id)
        return tuple(t.id for t in self._data.topics.values() if topic_id in t.links)

    @cached_property
    def index(self) -> SearchIndex:
        return SearchIndex((self.render(topic_id) for topic_id in self.topic_ids), self.lang)

    def search(self, query: str, *, limit: int | None = 20) -> list[SearchHit]:
        return self.index.search(query, limit=limit)


@lru_cache(maxsize=8)
def _cached(lang: str, locales_dir: str, rules_dir: str) -> RulesReference:
    from companion.i18n.catalog import load_language
    from companion.rules import load_rules

    data = load_language_reference(Path(locales_dir), lang)
    return RulesReference(data, load_rules(Path(rules_dir)), load_language(Path(locales_dir), lang))


def rules_reference(
    lang: str = "pt-BR",
    *,
    locales_dir: Path | str | None = None,
    rules: Rules | None = None,
    rules_dir: Path | str | None = None,
) -> RulesReference:
    """One language's rules reference, built once and kept (see :func:`clear_cache`).

    Pass `rules` to render with rules data already loaded (not cached)."""
    from companion.reading.paths import locales_dir as default_locales, rules_dir as default_rules

    root = Path(locales_dir) if locales_dir is not None else default_locales()
    if rules is not None:
        from companion.i18n.catalog import load_language

        return RulesReference(load_language_reference(root, lang), rules, load_language(root, lang))
    source = Path(rules_dir) if rules_dir is not None else default_rules()
    return _cached(lang, str(root.resolve()), str(source.resolve()))


def clear_cache() -> None:
    _cached.cache_clear()
