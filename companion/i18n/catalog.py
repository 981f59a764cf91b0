"""Loading locale files: locales/<lang>/*.json, nested objects flattened to dotted keys."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Mapping

__all__ = [
    "LANGUAGES",
    "DEFAULT_LANGUAGE",
    "LANGUAGE_NAMES",
    "LocaleError",
    "Catalog",
    "load_catalog",
    "load_language",
    "clear_cache",
    "flatten",
]

LANGUAGES: tuple[str, ...] = ("pt-BR", "tr")
DEFAULT_LANGUAGE = "pt-BR"
# Each language named in itself, for a language picker.
LANGUAGE_NAMES: dict[str, str] = {"pt-BR": "Português (Brasil)", "tr": "Türkçe"}

Catalog = dict[str, dict[str, str]]


class LocaleError(ValueError):
    """A locale file that cannot be used: bad JSON, a non-text value, a key defined twice."""

    def __init__(self, message: str, *, files: tuple[Path, ...] = (), key: str | None = None) -> None:
        self.files = files
        self.key = key
        super().__init__(message)


def _default_dir() -> Path:
    from companion.paths import locales_dir

    return locales_dir()


def _reject_duplicate_members(path: Path):
    def hook(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        result: dict[str, Any] = {}
        for key, value in pairs:
            if key in result:
                raise LocaleError(f"{path}: key {key!r} appears twice in one object", files=(path,), key=key)
            result[key] = value
        return result

    return hook


def flatten(data: Mapping[str, Any], *, source: Path | str = "<memory>", prefix: str = "") -> dict[str, str]:
    """{"log": {"death": "…"}} -> {"log.death": "…"}; keys starting with "_" are notes and skipped."""
    flat: dict[str, str] = {}
    for key, value in data.items():
        if not isinstance(key, str) or not key:
            raise LocaleError(f"{source}: empty key under {prefix or 'the top level'!r}")
        if key.startswith("_"):
            continue  # translator note
        full = f"{prefix}.{key}" if prefix else key
        if isinstance(value, Mapping):
            nested = flatten(value, source=source, prefix=full)
            for nested_key in nested:
                if nested_key in flat:
                    raise LocaleError(f"{source}: key {nested_key!r} is defined twice", key=nested_key)
            flat.update(nested)
        elif isinstance(value, str):
            if full in flat:
                raise LocaleError(f"{source}: key {full!r} is defined twice", key=full)
            flat[full] = value
        else:
            raise LocaleError(
                f"{source}: key {full!r} must be text or an object, not {type(value).__name__}", key=full
            )
    return flat


def _read_file(path: Path) -> dict[str, str]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"), object_pairs_hook=_reject_duplicate_members(path))
    except json.JSONDecodeError as exc:
        raise LocaleError(f"{path}: not valid JSON (line {exc.lineno}, column {exc.colno}): {exc.msg}",
                          files=(path,)) from None
    except UnicodeDecodeError:
        raise LocaleError(f"{path}: not UTF-8 text", files=(path,)) from None
    if not isinstance(data, dict):
        raise LocaleError(f"{path}: the top level must be a JSON object", files=(path,))
    return flatten(data, source=path)


def language_files(locales_dir: Path, lang: str) -> list[Path]:
    folder = Path(locales_dir) / lang
    return sorted(folder.glob("*.json")) if folder.is_dir() else []


def load_language(locales_dir: Path | str | None, lang: str) -> dict[str, str]:
    """Merge every JSON file of one language; a key defined in two files is an error."""
    root = Path(locales_dir) if locales_dir is not None else _default_dir()
    merged: dict[str, str] = {}
    origin: dict[str, Path] = {}
    for path in language_files(root, lang):
        for key, text in _read_file(path).items():
            if key in merged:
                raise LocaleError(
                    f"{lang}: key {key!r} is defined in both {origin[key]} and {path}",
                    files=(origin[key], path),
                    key=key,
                )
            merged[key] = text
            origin[key] = path
    return merged


_CACHE: dict[tuple[str, tuple[str, ...]], tuple[tuple, Catalog]] = {}


def _signature(root: Path, languages: tuple[str, ...]) -> tuple:
    stamps = []
    for lang in languages:
        for path in language_files(root, lang):
            stat = path.stat()
            stamps.append((str(path), stat.st_mtime_ns, stat.st_size))
    return (str(root.resolve()), languages, tuple(stamps))


def load_catalog(locales_dir: Path | str | None = None, languages: tuple[str, ...] = LANGUAGES) -> Catalog:
    """{lang: {key: text}} for every language; cached until a locale file changes.

    Treat the result as read-only: it is shared between callers.
    """
    root = Path(locales_dir) if locales_dir is not None else _default_dir()
    languages = tuple(languages)
    signature = _signature(root, languages)
    slot = (signature[0], languages)
    cached = _CACHE.get(slot)
    if cached is None or cached[0] != signature:
        cached = (signature, {lang: load_language(root, lang) for lang in languages})
        _CACHE[slot] = cached
    return cached[1]


def clear_cache() -> None:
    _CACHE.clear()
