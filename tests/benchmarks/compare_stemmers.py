"""Comparison (not a test): the player queries of tests/test_rules_search_queries.py run
through the rules search with each stemmer, counting the queries whose topics are all in
the first three results. Needs `pip install snowballstemmer`.

Run: python -m tests.benchmarks.compare_stemmers
"""
from __future__ import annotations

import statistics
import time
from typing import Callable, Iterator
from unittest import mock

import snowballstemmer

from companion.rules_ref import rules_reference, search as search_module
from companion.rules_ref.search import SearchIndex
from companion.rules_ref.text import Word, fold, words
from tests.test_rules_search_queries import QUERIES, TOP

_SNOWBALL = {"pt-BR": "portuguese", "tr": "turkish"}


def _lower(text: str, lang: str) -> str:
    if lang == "tr":  # Turkish capitals: I is ı, İ is i
        text = text.replace("I", "ı").replace("İ", "i")
    return text.lower()


class _AfterFolding(SearchIndex):
    """Stems the folded word, where the app's stemmer works."""

    def __init__(self, topics, lang: str) -> None:
        self._snowball = snowballstemmer.stemmer(_SNOWBALL[lang])
        super().__init__(topics, lang)

    def _root(self, folded: str) -> str:
        found = self._stem_of.get(folded)
        if found is None:
            found = self._stem_of[folded] = self._snowball.stemWord(folded)
        return found


class _BeforeFolding(SearchIndex):
    """Stems the word as written (lower case), then folds the stem; a folded form takes
    the stem of the first written word seen with it (the topics' words come first)."""

    def __init__(self, topics, lang: str) -> None:
        self._written: dict[str, str] = {}
        self._snowball = snowballstemmer.stemmer(_SNOWBALL[lang])
        with mock.patch.object(search_module, "words", self._recording):
            super().__init__(topics, lang)

    def _recording(self, text: str) -> Iterator[Word]:
        for word in words(text):
            self._written.setdefault(word.folded, word.text)
            yield word

    def _root(self, folded: str) -> str:
        found = self._stem_of.get(folded)
        if found is None:
            written = _lower(self._written.get(folded, folded), self.lang)
            found = self._stem_of[folded] = fold(self._snowball.stemWord(written))
        return found

    def _query_terms(self, query: str) -> list[tuple[str, str]]:
        list(self._recording(query))  # a query word not in the topics is stemmed as typed
        return super()._query_terms(query)


def _topics(lang: str):
    ref = rules_reference(lang)
    return [ref.render(topic_id) for topic_id in ref.topic_ids]


class _Unstemmed(SearchIndex):
    """No stemmer: exact folded words and word starts only (the baseline)."""

    def _root(self, folded: str) -> str:
        return folded


VARIANTS: dict[str, Callable[[str, list], SearchIndex]] = {
    "no stemmer": lambda lang, topics: _Unstemmed(topics, lang),
    "the app's, after folding": lambda lang, topics: SearchIndex(topics, lang),
    "snowball after folding": lambda lang, topics: _AfterFolding(topics, lang),
    "snowball before folding": lambda lang, topics: _BeforeFolding(topics, lang),
}


def misses(index: SearchIndex, lang: str) -> tuple[list[tuple[str, list[str]]], int]:
    """The queries missing a topic in the first three, and how many put one first."""
    missed, first = [], 0
    for query, topics in QUERIES[lang]:
        found = [hit.topic_id for hit in index.search(query, limit=TOP)]
        first += bool(found) and found[0] in topics
        if not set(topics) <= set(found):
            missed.append((query, found))
    return missed, first


def _median_ms(samples: list[float]) -> float:
    return statistics.median(samples) * 1000


def timings(build: Callable[[str], SearchIndex], lang: str) -> tuple[float, float]:
    topics = _topics(lang)
    builds = []
    for _ in range(5):
        started = time.process_time()
        build(lang, topics)
        builds.append(time.process_time() - started)
    index = build(lang, topics)
    searches = []
    for _ in range(50):
        for query, _topics_wanted in QUERIES[lang]:
            started = time.process_time()
            index.search(query, limit=None)
            searches.append(time.process_time() - started)
    return _median_ms(builds), _median_ms(searches)


def main() -> None:
    for lang in QUERIES:
        total = len(QUERIES[lang])
        for name, build in VARIANTS.items():
            missed, first = misses(build(lang, _topics(lang)), lang)
            built, searched = timings(build, lang)
            print(f"{lang} {name}: {total - len(missed)}/{total} found in the first {TOP}, "
                  f"{first}/{total} first; index {built:.1f} ms, search median {searched:.3f} ms")
            for query, found in missed:
                print(f"    missed {query!r}: {found}")


if __name__ == "__main__":
    main()
