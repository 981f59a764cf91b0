"""Reading one language's rules reference from ``locales/<lang>/rules/``."""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from .model import ChapterFile, IndexFile, Topic

__all__ = ["FOLDER", "INDEX", "LanguageReference", "RulesReferenceError", "load_language_reference", "reference_dir"]

FOLDER = "rules"
INDEX = "index.json"


class RulesReferenceError(ValueError):
    """A rules-reference file that cannot be used, named with its topic when known."""

    def __init__(self, message: str, *, file: Path | None = None, topic: str | None = None) -> None:
        self.file = file
        self.topic = topic
        where = ""
        if file is not None:
            where = f"{file.parent.parent.name}/{file.parent.name}/{file.name}"
            if topic is not None:
                where += f" topic {topic!r}"
            where += ": "
        super().__init__(where + message)


@dataclass(frozen=True)
class LanguageReference:
    lang: str
    index: IndexFile
    chapters: tuple[str, ...]  # reading order, from index.json
    topics: dict[str, Topic]  # in reading order
    files: dict[str, Path]  # chapter -> its file


def reference_dir(locales_dir: Path, lang: str) -> Path:
    return Path(locales_dir) / lang / FOLDER


def _no_duplicates(path: Path):
    def hook(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        result: dict[str, Any] = {}
        for key, value in pairs:
            if key in result:
                raise RulesReferenceError(f"key {key!r} appears twice in one object", file=path)
            result[key] = value
        return result

    return hook


def _read(path: Path) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8-sig"), object_pairs_hook=_no_duplicates(path))
    except FileNotFoundError:
        raise RulesReferenceError("file is missing", file=path) from None
    except UnicodeDecodeError:
        raise RulesReferenceError("not UTF-8 text", file=path) from None
    except json.JSONDecodeError as exc:
        raise RulesReferenceError(f"not valid JSON (line {exc.lineno}, column {exc.colno}): {exc.msg}",
                                  file=path) from None


def _validated(model: type, data: Any, path: Path) -> Any:
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        loc = [str(part) for part in first["loc"]]
        topic = loc[1] if len(loc) > 1 and loc[0] == "topics" else None
        field = ".".join(loc[2:] if topic else loc) or "the file"
        more = len(exc.errors()) - 1
        message = f"{field}: {first['msg']}" + (f" (and {more} more)" if more else "")
        raise RulesReferenceError(message, file=path, topic=topic) from None


def load_language_reference(locales_dir: Path | str, lang: str) -> LanguageReference:
    """Every chapter of one language; raises RulesReferenceError on the first bad file."""
    folder = reference_dir(Path(locales_dir), lang)
    index_path = folder / INDEX
    index: IndexFile = _validated(IndexFile, _read(index_path), index_path)
    on_disk = {path.stem for path in folder.glob("*.json")} - {Path(INDEX).stem}
    listed = set(index.chapters)
    if on_disk - listed:
        raise RulesReferenceError(f"chapter files not listed in chapters: {', '.join(sorted(on_disk - listed))}",
                                  file=index_path)
    topics: dict[str, Topic] = {}
    files: dict[str, Path] = {}
    for chapter in index.chapters:
        path = folder / f"{chapter}.json"
        files[chapter] = path
        parsed: ChapterFile = _validated(ChapterFile, _read(path), path)
        for topic_id, raw in parsed.topics.items():
            if topic_id in topics:
                raise RulesReferenceError(f"topic also defined in chapter {topics[topic_id].chapter!r}",
                                          file=path, topic=topic_id)
            topics[topic_id] = Topic(
                id=topic_id,
                chapter=chapter,
                title=raw.title,
                body=raw.body,
                links=raw.links,
                pages=raw.pages,
                values=dict(raw.values),
                texts=dict(raw.texts),
                partial=raw.partial,
                phrases=dict(raw.phrases),
            )
    return LanguageReference(lang=lang, index=index, chapters=tuple(index.chapters), topics=topics, files=files)
