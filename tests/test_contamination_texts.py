"""What the shared table reads after a scan says where the scanned cards went: a Rest that
puts clean cards under the deck never reads as INFECTED ones going there, and the Larva's
announcement says the card stays only when the same scan keeps it."""
from __future__ import annotations

import pytest

from companion.engine import commands as c
from companion.engine import run
from companion.engine.journal import for_table
from companion.i18n.translator import Translator
from tests.support.contamination_helpers import RULES, clean_cards, digital_game, infected_cards, with_held
from tests.test_readings import with_switch

LANGS = ("pt-BR", "tr")


def _table_keys(outcome) -> list[str]:
    return [event.key for event in outcome.events if for_table(event)]


def _scanned(held: list[str], command: c.ScanContamination, rules=RULES, **body):
    start = digital_game().state
    return run(with_held(start, {1: held}, **body), command, rules)


def test_a_rest_that_removes_a_clean_card_says_clean_and_a_decontamination_says_infected():
    start = digital_game().state
    rest = _scanned([clean_cards(start)[0]], c.ScanContamination(seat=1, procedure="rest", in_hand=1))
    assert rest.state.contamination.bottom == [clean_cards(start)[0]]
    assert "log.contamination.removed_clean" in _table_keys(rest)
    assert "log.contamination.removed" not in _table_keys(rest)
    cleaning = _scanned([infected_cards(start)[0]],
                        c.ScanContamination(seat=1, procedure="decontamination", in_hand=1))
    assert "log.contamination.removed" in _table_keys(cleaning)
    assert "log.contamination.removed_clean" not in _table_keys(cleaning)


@pytest.mark.parametrize("lang", LANGS)
def test_the_two_removal_lines_read_differently_in_each_language(lang):
    translator = Translator(lang)
    params = {"character": "hacker", "count": 1, "held": 1}
    clean = translator.t("log.contamination.removed_clean", **params)
    infected = translator.t("log.contamination.removed", **params)
    assert clean != infected and "Hacker" in clean


def _announced(outcome) -> list[str]:
    return [key for key in _table_keys(outcome) if key.startswith("announce.contamination.larva_placed")]


def test_the_larva_announcement_says_the_card_stays_only_when_the_scan_keeps_it():
    start = digital_game().state
    infected = infected_cards(start)[0]
    kept = _scanned([infected], c.ScanContamination(seat=1, procedure="hand", in_hand=1))
    assert kept.state.contamination.held[1] == [infected]
    assert _announced(kept) == ["announce.contamination.larva_placed"]
    # A card read aloud that removes INFECTED cards but leaves the Larva (an antiseptic).
    removed = _scanned([infected], c.ScanContamination(seat=1, procedure="card", scope="all",
                                                       remove_infected=True))
    assert removed.state.member(1).body.larva and removed.state.contamination.bottom == [infected]
    assert _announced(removed) == ["announce.contamination.larva_placed_card_removed"]


def test_a_decontamination_that_leaves_the_larva_announces_the_card_going_under_the_deck():
    rules = with_switch(RULES, "contamination.decontamination_removes_larva", False)
    start = digital_game().state
    infected = infected_cards(start)[0]
    outcome = _scanned([infected], c.ScanContamination(seat=1, procedure="decontamination", in_hand=1), rules)
    assert outcome.state.member(1).body.larva and outcome.state.contamination.bottom == [infected]
    assert _announced(outcome) == ["announce.contamination.larva_placed_card_removed"]


@pytest.mark.parametrize("lang", LANGS)
def test_the_card_removed_announcement_does_not_say_the_card_stays(lang):
    translator = Translator(lang)
    stays = translator.t("announce.contamination.larva_placed", character="hacker")
    removed = translator.t("announce.contamination.larva_placed_card_removed", character="hacker")
    # Both place the Larva; only the sentence about the card differs.
    stays_card, removed_card = stays.split(". ", 1)[1], removed.split(". ", 1)[1]
    assert stays.split(". ", 1)[0] == removed.split(". ", 1)[0]
    assert stays_card != removed_card
