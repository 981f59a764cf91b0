"""Loading locale files: locales/<lang>/*.json, nested objects flattened to dotted keys."""
from __future__ import annotations

from pathlib import Path
from typing import Any, Mapping

from companion.reading.json_input import JsonInputError, read_json

__all__ = [
    "LANGUAGES",
    "DEFAULT_LANGUAGE",
    "LANGUAGE_NAMES",
    "LocaleError",
    "Catalog",
    "load_catalog",
    "load_language",
    "language_problems",
    "usable_languages",
    "clear_cache",
    "flatten",
]

LANGUAGES: tuple[str, ...] = ("pt-BR", "tr")
DEFAULT_LANGUAGE = "pt-BR"
# Each language named in itself, for a language picker.
LANGUAGE_NAMES: dict[str, str] = {"pt-BR": "Português (Brasil)", "tr": "Türkçe"}

Catalog = dict[str, dict[str, str]]


class LocaleError(ValueError):
    """A locale file that cannot be used: bad JSON, a non-text value, a key defined twice.

    ``kind`` and ``params`` let a screen describe the problem in a language that works.
    """

    def __init__(self, message: str, *, files: tuple[Path, ...] = (), key: str | None = None,
                 kind: str | None = None, params: Mapping[str, Any] | None = None) -> None:
        self.files = files
        self.key = key
        self.kind = kind
        self.params = dict(params or {})
        super().__init__(message)

    @property
    def file(self) -> str:
        """The (first) culprit as <language>/<file name>, or "" when no file is known."""
        return _short_name(self.files[0]) if self.files else ""


def _default_dir() -> Path:
    from companion.reading.paths import locales_dir

    return locales_dir()


def _short_name(path: Path | str) -> str:
    path = Path(path)
    return f"{path.parent.name}/{path.name}" if path.parent.name else path.name


def flatten(data: Mapping[str, Any], *, source: Path | str = "<memory>", prefix: str = "") -> dict[str, str]:
    """{"log": {"death": "…"}} -> {"log.death": "…"}; keys starting with "_" are notes and skipped."""
    files = (Path(source),) if isinstance(source, Path) else ()
    flat: dict[str, str] = {}
    for key, value in data.items():
        if not isinstance(key, str) or not key:
            under = prefix or "the top level"
            raise LocaleError(f"{source}: empty key under {under!r}", files=files, kind="empty_key",
                              params={"name": prefix or "-"})
        if key.startswith("_"):
            continue  # translator note
        full = f"{prefix}.{key}" if prefix else key
        if isinstance(value, Mapping):
            nested = flatten(value, source=source, prefix=full)
            for nested_key in nested:
                if nested_key in flat:
                    raise LocaleError(f"{source}: key {nested_key!r} is defined twice", files=files, key=nested_key,
                                      kind="defined_twice", params={"name": nested_key})
            flat.update(nested)
        elif isinstance(value, str):
            if full in flat:
                raise LocaleError(f"{source}: key {full!r} is defined twice", files=files, key=full,
                                  kind="defined_twice", params={"name": full})
            flat[full] = value
        else:
            raise LocaleError(
                f"{source}: key {full!r} must be text or an object, not {type(value).__name__}", files=files,
                key=full, kind="not_text", params={"name": full},
            )
    return flat


def _read_file(path: Path) -> dict[str, str]:
    try:
        data = read_json(path)
    except JsonInputError as exc:
        raise _file_error(path, exc) from None
    if not isinstance(data, dict):
        raise LocaleError(f"{path}: the top level must be a JSON object", files=(path,), kind="not_object")
    return flatten(data, source=path)


def _file_error(path: Path, exc: JsonInputError) -> LocaleError:
    if exc.kind == "invalid_json":
        line, column, detail = exc.params["line"], exc.params["column"], exc.params["detail"]
        message = f"{path}: not valid JSON (line {line}, column {column}): {detail}"
    elif exc.kind == "not_utf8":
        message = f"{path}: not UTF-8 text"
    elif exc.kind == "duplicate_key":
        message = f"{path}: key {exc.params['name']!r} appears twice in one object"
    else:
        message = f"{path}: {exc}"
    return LocaleError(message, files=(path,), key=exc.params.get("name"), kind=exc.kind, params=exc.params)


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
                    kind="defined_in_two_files",
                    params={"name": key, "other": _short_name(path)},
                )
            merged[key] = text
            origin[key] = path
    return merged


_CACHE: dict[tuple[str, tuple[str, ...]], tuple[tuple, Catalog]] = {}


def _signature(root: Path, languages: tuple[str, ...]) -> tuple:
    stamps = []
    for lang in languages:
        for path in language_files(root, lang):
            try:
                stat = path.stat()
            except OSError:  # reading it will say what is wrong
                stamps.append((str(path), None, None))
                continue
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


def language_problems(
    locales_dir: Path | str | None = None, languages: tuple[str, ...] = LANGUAGES
) -> dict[str, LocaleError]:
    """Why each language that cannot be loaded fails; the languages not listed load."""
    problems: dict[str, LocaleError] = {}
    for lang in languages:
        try:
            load_catalog(locales_dir, (lang,))
        except LocaleError as exc:
            problems[lang] = exc
    return problems


def usable_languages(locales_dir: Path | str | None = None) -> tuple[str, ...]:
    """The languages a player can switch to: those whose files load."""
    problems = language_problems(locales_dir)
    return tuple(lang for lang in LANGUAGES if lang not in problems)


def clear_cache() -> None:
    _CACHE.clear()
