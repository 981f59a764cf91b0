"""The token reveal after a bag development names the token that goes into the bag, the
one the engine adds (a Larva brings an Adult, a Creeper a Breeder), in both languages."""
from __future__ import annotations

import pytest

from companion.engine.bag.handlers import DEVELOPS_INTO
from companion.engine.bag.model import BagDraw, DrawPurpose, DrawResult
from companion.ui.bag.reveal import result_text
from companion.ui.i18n_view import Texts


@pytest.mark.parametrize("lang", ("pt-BR", "tr"))
@pytest.mark.parametrize("kind", sorted(DEVELOPS_INTO))
def test_a_development_names_the_drawn_kind_and_the_token_that_goes_in(lang, kind):
    texts = Texts(lang)
    draw = BagDraw(purpose=DrawPurpose.DEVELOPMENT, token="t", kind=kind, result=DrawResult.DEVELOPED)
    text = result_text(texts, draw)
    assert texts.t(f"intruder.{kind}") in text
    assert texts.t(f"intruder.{DEVELOPS_INTO[kind]}") in text
