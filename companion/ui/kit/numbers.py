"""Chances as players read them."""
from __future__ import annotations

from fractions import Fraction

from ..i18n_view import Texts


def percent(texts: Texts, value: Fraction) -> str:
    """45 % / %45: a whole number when exact, else one decimal with the language's decimal
    comma; a chance that is not nil never shows as 0, a chance short of certain never as 100."""
    number = float(value) * 100
    if 0 < number < 0.5:
        shown = "<1"
    elif 99.5 <= number < 100:
        shown = ">99"
    elif abs(number - round(number)) < 0.05:
        shown = f"{number:.0f}"
    else:
        shown = f"{number:.1f}".replace(".", ",")
    return texts.t("ui.common.percent", value=shown)
