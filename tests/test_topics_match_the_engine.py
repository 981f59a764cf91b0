"""Rules-reference topics that state what the app does say all of it: every way the engine
returns an Encounter token to the bag, in both languages."""
from __future__ import annotations

import pytest

from companion.i18n.translator import Translator
from companion.rules_ref import rules_reference

LANGS = ("pt-BR", "tr")


def _text(lang: str, topic: str) -> str:
    return " ".join(paragraph.text for paragraph in rules_reference(lang).render(topic).paragraphs)


@pytest.mark.parametrize("lang", LANGS)
def test_the_bag_topic_names_every_way_a_drawn_token_goes_back(lang):
    # The engine returns tokens through a Technical Corridor, the Lurking Event card and the
    # Adults' retreat (companion/engine/bag/handlers.py); the topic lists all three.
    text, links = _text(lang, "intruder_bag"), rules_reference(lang).render("intruder_bag").links
    assert Translator(lang).t("event_card.name.lurking") in text
    assert {"technical_corridors", "adults_retreat", "event_card.lurking"} <= set(links)
    only = {"pt-BR": " só se ", "tr": "Yalnızca"}[lang]
    assert only not in text
