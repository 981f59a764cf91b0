"""Checking that every language has every key, with the same placeholders."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable

from .catalog import DEFAULT_LANGUAGE, LANGUAGES, LocaleError, load_language
from .plurals import count_sentence_problems
from .translator import placeholders

__all__ = ["CoverageReport", "PlaceholderMismatch", "check_catalogs", "engine_keys", "required_keys"]

# A literal locale key in engine source: "log.death", "announce.first_death", "error.game_over".
ENGINE_KEY = re.compile(r"""["'](?:log|announce|error)\.[a-z_.]+["']""")


def engine_keys(engine_dir: Path | str | None = None) -> set[str]:
    """Every locale key the engine emits: literal keys in its source plus the keys it
    builds from its enums (announce.end.<reason>, log.fate.<fate>, …)."""
    from companion.vocab import CssFace, DestructionCause, EndReason, Fate, Whereabouts

    root = Path(engine_dir) if engine_dir is not None else Path(__file__).resolve().parent.parent / "engine"
    keys: set[str] = set()
    for path in sorted(root.rglob("*.py")):
        for match in ENGINE_KEY.findall(path.read_text(encoding="utf-8")):
            key = match[1:-1]
            if not key.endswith("."):  # an f-string prefix such as "log.fate." is a family, below
                keys.add(key)
    keys |= {f"announce.end.{reason.value}" for reason in EndReason}
    keys |= {f"announce.end.dies.{place.value}" for place in Whereabouts if place is not Whereabouts.DEAD}
    keys |= {f"announce.destroyed.{cause.value}" for cause in DestructionCause}
    keys |= {f"log.fate.{fate.value}" for fate in Fate}
    keys |= {f"log.css_face.{face.value.lower()}" for face in CssFace}
    return keys


def required_keys(engine_dir: Path | str | None = None) -> set[str]:
    """Keys the code needs in every language: what the engine emits, the names of its
    vocabulary, and the error keys of undo/redo, saving and rules data."""
    from companion.vocab import CssFace, DestructionCause, EndReason, Fate, Mode, Pod, Section, Whereabouts

    keys = engine_keys(engine_dir)
    keys |= {f"fate.{fate.value}" for fate in Fate}
    keys |= {f"end_reason.{reason.value}" for reason in EndReason}
    keys |= {f"destruction_cause.{cause.value}" for cause in DestructionCause}
    keys |= {f"section.{section.value}" for section in Section}
    keys |= {f"mode.{mode.value}" for mode in Mode}
    keys |= {f"whereabouts.{place.value}" for place in Whereabouts}
    keys |= {f"pod.{pod.value}" for pod in Pod}
    keys |= {f"css_face.{face.value}" for face in CssFace}
    keys |= {"threshold.red", "threshold.blue", "time_side.active", "time_side.inactive", "common.unconfirmed"}
    keys |= {f"objective_parameter.{name}" for name in ("player", "knowledge", "sections")}
    keys |= {
        "error.nothing_to_undo",
        "error.nothing_to_redo",
        "error.save_corrupt",
        "error.save_foreign",
        "error.save_newer",
        "error.rules_data",
    }
    try:
        from companion.rules import load_rules

        rules = load_rules()
        keys |= {f"character.{spec.id}" for spec in rules.characters}
        keys |= {f"character_class.{spec.character_class}" for spec in rules.characters}
    except Exception:  # broken rules data is reported by its own checks
        pass
    return keys


@dataclass(frozen=True)
class PlaceholderMismatch:
    key: str
    expected: frozenset[str]  # placeholders in the reference language
    found: frozenset[str]

    def __str__(self) -> str:
        want = ", ".join(sorted(self.expected)) or "none"
        got = ", ".join(sorted(self.found)) or "none"
        return f"{self.key}: expected {{{want}}}, found {{{got}}}"


@dataclass
class CoverageReport:
    languages: tuple[str, ...]
    reference: str
    expected_keys: set[str] = field(default_factory=set)
    keys: dict[str, set[str]] = field(default_factory=dict)
    missing: dict[str, list[str]] = field(default_factory=dict)
    extra: dict[str, list[str]] = field(default_factory=dict)
    placeholder_mismatches: dict[str, list[PlaceholderMismatch]] = field(default_factory=dict)
    invalid: dict[str, list[str]] = field(default_factory=dict)  # malformed templates
    errors: list[str] = field(default_factory=list)  # files that could not be loaded

    @property
    def coverage(self) -> dict[str, float]:
        """Share of the expected keys each language defines (1.0 = complete)."""
        total = len(self.expected_keys)
        return {
            lang: (len(self.expected_keys & self.keys.get(lang, set())) / total if total else 1.0)
            for lang in self.languages
        }

    @property
    def ok(self) -> bool:
        return not self.errors and not any(
            self.missing.get(lang) or self.extra.get(lang) or self.placeholder_mismatches.get(lang)
            or self.invalid.get(lang)
            for lang in self.languages
        )

    def __bool__(self) -> bool:
        return self.ok

    def summary_lines(self, limit: int = 10) -> list[str]:
        lines = [f"locale check: {'OK' if self.ok else 'PROBLEMS'} (reference {self.reference})"]
        lines += [f"error: {message}" for message in self.errors]
        coverage = self.coverage
        for lang in self.languages:
            missing = self.missing.get(lang, [])
            extra = self.extra.get(lang, [])
            mismatches = self.placeholder_mismatches.get(lang, [])
            invalid = self.invalid.get(lang, [])
            lines.append(
                f"{lang}: {len(self.keys.get(lang, ()))} keys, {coverage[lang]:.1%} coverage, "
                f"{len(missing)} missing, {len(extra)} extra, {len(mismatches)} placeholder mismatches, "
                f"{len(invalid)} malformed"
            )
            for title, items in (("missing", missing), ("extra", extra), ("placeholders", mismatches),
                                 ("malformed", invalid)):
                shown = [str(item) for item in items[:limit]]
                if shown:
                    more = f" … (+{len(items) - limit})" if len(items) > limit else ""
                    lines.append(f"  {title}: " + "; ".join(shown) + more)
        return lines


def check_catalogs(
    locales_dir: Path | str | None = None,
    *,
    languages: Iterable[str] = LANGUAGES,
    reference: str = DEFAULT_LANGUAGE,
    required: Iterable[str] | None = None,
) -> CoverageReport:
    """Compare every language with the reference language and with the keys the code needs.

    `required` defaults to required_keys(); pass an empty list to compare languages only.
    Never raises for problems in the files: they are listed in the report.
    """
    if locales_dir is None:
        from companion.reading.paths import locales_dir as default_dir

        locales_dir = default_dir()
    languages = tuple(languages)
    report = CoverageReport(languages=languages, reference=reference)
    catalogs: dict[str, dict[str, str]] = {}
    for lang in dict.fromkeys((reference, *languages)):
        try:
            catalogs[lang] = load_language(locales_dir, lang)
        except LocaleError as exc:
            report.errors.append(str(exc))
            catalogs[lang] = {}
        if not catalogs[lang] and not any(lang in message for message in report.errors):
            report.errors.append(f"{lang}: no locale text found under {locales_dir}")
    needed = set(required_keys() if required is None else required)
    base = catalogs[reference]
    report.expected_keys = set(base) | needed

    for lang in languages:
        messages = catalogs[lang]
        report.keys[lang] = set(messages)
        report.missing[lang] = sorted(report.expected_keys - set(messages))
        report.extra[lang] = sorted(set(messages) - report.expected_keys)
        mismatches: list[PlaceholderMismatch] = []
        invalid: list[str] = []
        for key, text in sorted(messages.items()):
            try:
                found = placeholders(text)
            except ValueError as exc:
                invalid.append(f"{key}: {exc}")
                continue
            if lang == reference or key not in base:
                continue
            try:
                expected = placeholders(base[key])
            except ValueError:
                continue  # reported under the reference language
            if found != expected:
                mismatches.append(PlaceholderMismatch(key, frozenset(expected), frozenset(found)))
        report.placeholder_mismatches[lang] = mismatches
        report.invalid[lang] = invalid + count_sentence_problems(messages, lang)
    return report
