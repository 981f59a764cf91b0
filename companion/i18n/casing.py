"""Language-aware casing: Turkish dotted/dotless i never goes through bare str.upper()."""
from __future__ import annotations

__all__ = ["is_turkic", "upper", "lower", "capitalize"]

_TR_UPPER = str.maketrans({"i": "İ", "ı": "I"})
_TR_LOWER = str.maketrans({"I": "ı", "İ": "i"})


def is_turkic(lang: str | None) -> bool:
    """Turkish (and Azerbaijani) use the dotted/dotless i pairs."""
    if not lang:
        return False
    base = lang.replace("_", "-").split("-")[0].lower()
    return base in ("tr", "az")


def upper(text: str, lang: str | None = None) -> str:
    """Upper-case `text` by the rules of `lang` ("istanbul ılık" -> "İSTANBUL ILIK" in tr)."""
    if is_turkic(lang):
        text = text.translate(_TR_UPPER)
    return text.upper()


def lower(text: str, lang: str | None = None) -> str:
    """Lower-case `text` by the rules of `lang` ("IŞIK İZİ" -> "ışık izi" in tr)."""
    if is_turkic(lang):
        text = text.translate(_TR_LOWER)
    return text.lower()


def capitalize(text: str, lang: str | None = None) -> str:
    """Upper-case the first letter only; the rest is kept as written (names, S-01 …)."""
    for index, char in enumerate(text):
        if char.isalpha():
            return text[:index] + upper(char, lang) + text[index + 1 :]
    return text
