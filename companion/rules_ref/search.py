"""Full-text search over rendered topics, built once per language.

A query word matches a text word written the same way once folded (level 3), by the
same stem (level 2) or, for words of three letters or more, as the start of a longer
word (level 1, for a word still being typed). Topics are ranked by how many query
words their title holds, then how many they hold at all, then how much of the title
the query covers, then by weight. Every matching word's span is returned so a screen
can highlight it.
"""
from __future__ import annotations

import bisect
from dataclasses import dataclass
from typing import Iterable, Sequence

from .model import RenderedTopic
from .stemmer import stem, stopwords
from .text import words

__all__ = ["SearchHit", "SearchIndex", "Span"]

EXACT, STEM, PREFIX = 3, 2, 1
_MIN_PREFIX = 3
_TITLE = -1  # paragraph number of a title posting

# (topic number, paragraph number or _TITLE, start, end)
Posting = tuple[int, int, int, int]


@dataclass(frozen=True, slots=True)
class Span:
    paragraph: int | None  # None: the title; else the paragraph's position in the body
    start: int
    end: int


@dataclass(frozen=True)
class SearchHit:
    topic_id: str
    title: str
    score: float
    matched: tuple[str, ...]  # the query words this topic matched, as typed
    spans: tuple[Span, ...]  # ordered: title first, then paragraphs in order

    def title_spans(self) -> tuple[Span, ...]:
        return tuple(span for span in self.spans if span.paragraph is None)


class _Tally:
    __slots__ = ("title_level", "body_level", "body_count", "spans")

    def __init__(self) -> None:
        self.title_level = 0
        self.body_level = 0
        self.body_count = 0
        self.spans: set[Posting] = set()


class SearchIndex:
    """Postings by folded word and by stem for one language's rendered topics."""

    def __init__(self, topics: Iterable[RenderedTopic], lang: str) -> None:
        self.lang = lang
        self._ids: list[str] = []
        self._titles: list[str] = []
        self._title_sizes: list[int] = []
        self._exact: dict[str, list[Posting]] = {}
        self._by_stem: dict[str, list[Posting]] = {}
        self._stem_of: dict[str, str] = {}
        ignore = stopwords(lang)
        for number, topic in enumerate(topics):
            self._ids.append(topic.id)
            self._titles.append(topic.title)
            title_words = [w for w in words(topic.title) if w.folded not in ignore]
            self._title_sizes.append(max(1, len(title_words)))
            for word in words(topic.title):
                self._add(word.folded, (number, _TITLE, word.start, word.end))
            for paragraph, part in enumerate(topic.paragraphs):
                for word in words(part.text):
                    self._add(word.folded, (number, paragraph, word.start, word.end))
        self._vocabulary = sorted(self._exact)

    def __len__(self) -> int:
        return len(self._ids)

    def _root(self, folded: str) -> str:
        found = self._stem_of.get(folded)
        if found is None:
            found = self._stem_of[folded] = stem(folded, self.lang)
        return found

    def _add(self, folded: str, posting: Posting) -> None:
        self._exact.setdefault(folded, []).append(posting)
        self._by_stem.setdefault(self._root(folded), []).append(posting)

    def _query_terms(self, query: str) -> list[tuple[str, str]]:
        typed = [(w.text, w.folded) for w in words(query)]
        ignore = stopwords(self.lang)
        kept = [t for t in typed if t[1] not in ignore] or typed
        return list({folded: (text, folded) for text, folded in kept}.values())

    def _prefixed(self, folded: str) -> Iterable[str]:
        start = bisect.bisect_left(self._vocabulary, folded)
        for word in self._vocabulary[start:]:
            if not word.startswith(folded):
                break
            yield word

    def _tally_term(self, folded: str) -> dict[int, _Tally]:
        tallies: dict[int, _Tally] = {}
        root = self._root(folded)
        levelled: list[tuple[int, Sequence[Posting]]] = [
            (EXACT, self._exact.get(folded, ())),
            (STEM, self._by_stem.get(root, ())),
        ]
        if len(folded) >= _MIN_PREFIX:
            for word in self._prefixed(folded):
                if word != folded and self._root(word) != root:
                    levelled.append((PREFIX, self._exact[word]))
        for level, postings in levelled:
            for posting in postings:
                number, paragraph = posting[0], posting[1]
                tally = tallies.get(number)
                if tally is None:
                    tally = tallies[number] = _Tally()
                if posting in tally.spans:
                    continue  # already counted at a better level
                tally.spans.add(posting)
                if paragraph == _TITLE:
                    tally.title_level = max(tally.title_level, level)
                else:
                    tally.body_level = max(tally.body_level, level)
                    tally.body_count += 1
        return tallies

    def search(self, query: str, *, limit: int | None = 20) -> list[SearchHit]:
        terms = self._query_terms(query)
        if not terms:
            return []
        per_topic: dict[int, list[tuple[str, _Tally]]] = {}
        for typed, folded in terms:
            for number, tally in self._tally_term(folded).items():
                per_topic.setdefault(number, []).append((typed, tally))
        ranked = []
        for number, found in per_topic.items():
            in_title = [t for _, t in found if t.title_level]
            score = sum(t.title_level * 10 + t.body_level * min(t.body_count, 3) for _, t in found)
            coverage = min(1.0, len(in_title) / self._title_sizes[number])
            key = (len(in_title), len(found), round(coverage, 3), score)
            ranked.append((key, number, found))
        ranked.sort(key=lambda item: (tuple(-k for k in item[0]), item[1]))
        hits = []
        for key, number, found in ranked[:limit]:
            postings = sorted({p for _, tally in found for p in tally.spans}, key=lambda p: (p[1], p[2]))
            spans = tuple(Span(None if p[1] == _TITLE else p[1], p[2], p[3]) for p in postings)
            hits.append(SearchHit(
                topic_id=self._ids[number],
                title=self._titles[number],
                score=float(key[3]) + key[2],
                matched=tuple(typed for typed, _ in found),
                spans=spans,
            ))
        return hits

