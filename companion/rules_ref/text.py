"""Words of a text for searching: where each word is, and its folded form.

Folding ignores case and accents, and treats the Turkish dotted and dotless i
(i, İ, ı, I) as one letter, so "SÜRPRİZ", "surpriz" and "sürpriz" are the same word.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from typing import Iterator

__all__ = ["Word", "fold", "words"]

# Letters (any script) or digits; an apostrophe splits Turkish suffixes off names.
_WORD = re.compile(r"[^\W_]+", re.UNICODE)
# ı has no decomposition; İ decomposes to I + a combining dot, removed below.
_DOTLESS = str.maketrans({"ı": "i", "İ": "i", "I": "i"})


@dataclass(frozen=True, slots=True)
class Word:
    text: str  # as written
    folded: str
    start: int
    end: int


def fold(text: str) -> str:
    """Lower case, no accents, every Turkish i-variant as "i"."""
    decomposed = unicodedata.normalize("NFKD", text.translate(_DOTLESS))
    bare = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return bare.casefold()


def words(text: str) -> Iterator[Word]:
    for match in _WORD.finditer(text):
        yield Word(match.group(), fold(match.group()), match.start(), match.end())
