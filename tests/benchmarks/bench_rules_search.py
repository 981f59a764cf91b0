"""Benchmark (not a test): building the rules-reference search index and searching every
topic, per language. Prints measured figures only.

Run: python -m tests.benchmarks.bench_rules_search
"""
from __future__ import annotations

import platform
import statistics
import time

from companion.rules import load_rules
from companion.rules_ref import rules_reference

QUERIES = {
    "pt-BR": ["surpresa", "escuridao", "autodestruicao", "escaneamento", "o que acontece na escuridão",
              "sala de isolamento", "quem sobrevive ao alerta", "ataque surpresa", "cápsula css", "autodestr"],
    "tr": ["sürpriz", "KARANLIK", "izolasyon", "tarıyor", "otoimha", "alarm bitince kim yaşar",
           "sürpriz saldırı", "css kapsülü", "yumurta", "oto"],
}


def _median_ms(samples: list[float]) -> float:
    return statistics.median(samples) * 1000


def bench_build(lang: str, rules, repeats: int = 20) -> float:
    samples = []
    for _ in range(repeats):
        ref = rules_reference(lang, rules=rules)  # uncached: renders every topic again
        started = time.perf_counter()
        ref.index  # noqa: B018 - builds the index
        samples.append(time.perf_counter() - started)
    return _median_ms(samples)


def bench_search(lang: str, rounds: int = 200) -> tuple[float, float]:
    ref = rules_reference(lang)
    ref.index  # noqa: B018 - built once, outside the timing
    samples = []
    for _ in range(rounds):
        for query in QUERIES[lang]:
            started = time.perf_counter()
            ref.search(query, limit=None)
            samples.append(time.perf_counter() - started)
    return _median_ms(samples), max(samples) * 1000


def main() -> None:
    rules = load_rules()
    print(f"python {platform.python_version()} on {platform.machine()} ({platform.system()})")
    for lang in QUERIES:
        topics = len(rules_reference(lang).topic_ids)
        build = bench_build(lang, rules)
        median, worst = bench_search(lang)
        print(f"{lang}: {topics} topics; render and index every topic median {build:.1f} ms; "
              f"search over all topics median {median:.3f} ms (slowest {worst:.2f} ms)")


if __name__ == "__main__":
    main()
