"""The rules reference as data: chapters of topics, in one language.

Files: ``locales/<lang>/rules/index.json`` (chapter titles in reading order and the
few words values need) and one ``locales/<lang>/rules/<chapter>.json`` per chapter.
Keys starting with "_" hold what is not prose (links, page numbers, value paths), so
spell checkers and translators read only the sentences.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Annotated, Mapping

from pydantic import BaseModel, ConfigDict, Field, field_validator

__all__ = [
    "TOPIC_ID",
    "ChapterFile",
    "IndexFile",
    "Paragraph",
    "RenderedTopic",
    "RenderedValue",
    "Topic",
    "TopicFile",
]

# snake_case, with one optional dotted part for card topics: event_card.blood_trace_1
TOPIC_ID = re.compile(r"^[a-z][a-z0-9_]*(?:\.[a-z0-9_]+)?$")
_NAME = r"^[a-z][a-z0-9_]*$"

Text = Annotated[str, Field(min_length=1)]
# A count sentence's plural forms: CLDR categories or exact "=N" -> text with {count}.
PluralForms = Annotated[dict[Annotated[str, Field(pattern=r"^(zero|one|two|few|many|other|=\d+)$")], Text],
                        Field(min_length=1)]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)


class TopicFile(_Strict):
    title: Text
    body: Annotated[tuple[Text, ...], Field(min_length=1)]
    pages: tuple[Annotated[int, Field(ge=1, le=40)], ...] = Field(default=(), alias="_pages")
    links: tuple[str, ...] = Field(default=(), alias="_links")
    values: dict[Annotated[str, Field(pattern=_NAME)], Text] = Field(default_factory=dict, alias="_values")
    texts: dict[Annotated[str, Field(pattern=_NAME)], Text] = Field(default_factory=dict, alias="_texts")
    # Prose a value picks: a sentence per value of a switch (|say) or a count's plural forms (|plural).
    phrases: dict[Annotated[str, Field(pattern=_NAME)], Text | PluralForms] = Field(default_factory=dict)
    partial: bool = Field(default=False, alias="_partial")
    note: str | None = Field(default=None, alias="_note")

    @field_validator("links")
    @classmethod
    def _links_are_ids(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        for link in value:
            if not TOPIC_ID.match(link):
                raise ValueError(f"link {link!r} is not a topic id")
        if len(set(value)) != len(value):
            raise ValueError("a link is listed twice")
        return value


class ChapterFile(_Strict):
    topics: dict[str, TopicFile]
    note: str | None = Field(default=None, alias="_note")

    @field_validator("topics")
    @classmethod
    def _ids(cls, value: dict[str, TopicFile]) -> dict[str, TopicFile]:
        for topic_id in value:
            if not TOPIC_ID.match(topic_id):
                raise ValueError(f"{topic_id!r} is not a topic id (snake_case, one optional dotted part)")
        return value


class IndexWords(_Strict):
    conjunction: Text  # joins the last two items of a list
    yes: Text
    no: Text
    retreat: Text  # an attack card's Retreat arrow where a blood value would be
    pages: Text  # the rulebook page tag, with {pages}
    partial: Text  # said under a topic whose facts are incomplete


class IndexFile(_Strict):
    chapters: dict[Annotated[str, Field(pattern=_NAME)], Text]
    words: IndexWords
    whereabouts: dict[Annotated[str, Field(pattern=_NAME)], Text]
    choices: dict[Annotated[str, Field(pattern=_NAME)], Text] = Field(default_factory=dict)
    note: str | None = Field(default=None, alias="_note")


@dataclass(frozen=True)
class Topic:
    id: str
    chapter: str
    title: str
    body: tuple[str, ...]
    links: tuple[str, ...]
    pages: tuple[int, ...]
    values: Mapping[str, str]  # placeholder -> rules-data spec
    texts: Mapping[str, str]  # placeholder -> locale catalog key
    partial: bool
    phrases: Mapping[str, str | Mapping[str, str]] = field(default_factory=dict)  # see TopicFile.phrases

    @property
    def sentences(self) -> Mapping[str, str]:
        """The phrases a |say picks from."""
        return {name: text for name, text in self.phrases.items() if isinstance(text, str)}

    @property
    def counts(self) -> Mapping[str, Mapping[str, str]]:
        """The plural forms a |plural picks from."""
        return {name: forms for name, forms in self.phrases.items() if not isinstance(forms, str)}


@dataclass(frozen=True)
class Paragraph:
    text: str
    bullet: bool


@dataclass(frozen=True)
class RenderedValue:
    name: str
    spec: str
    text: str  # the value as shown, without the unconfirmed mark
    confidence: str  # "R", "C", "F" or "?"
    unconfirmed: bool


@dataclass(frozen=True)
class RenderedTopic:
    id: str
    chapter: str
    chapter_title: str
    title: str
    paragraphs: tuple[Paragraph, ...]
    links: tuple[str, ...]
    pages: tuple[int, ...]
    page_label: str  # "" when no page is known
    values: tuple[RenderedValue, ...]
    partial: bool  # the facts behind this topic are incomplete
    partial_note: str  # what to tell the reader then; "" otherwise

    @property
    def has_unconfirmed(self) -> bool:
        return any(value.unconfirmed for value in self.values)

    @property
    def text(self) -> str:
        """Title and body as plain text (for copying or reading aloud)."""
        lines = [self.title]
        lines += [("• " if p.bullet else "") + p.text for p in self.paragraphs]
        if self.partial_note:
            lines.append(self.partial_note)
        return "\n".join(lines)
