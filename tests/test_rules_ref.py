"""The rules reference: topics in both languages, filled from the rules data, checked by
`check-locales`."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from companion.i18n import LANGUAGES, load_language
from companion.rules_ref.validation import check_locales
from companion.reading.paths import locales_dir, rules_dir
from companion.rules import load_rules
from companion.rules_ref import (
    attack_card_topic,
    event_card_topic,
    reference_problems,
    rules_reference,
)
from companion.rules_ref.render import placeholders_of
from companion.rules_ref.values import ValueSpecError, resolve

# Topics other screens link to from their "?" button.
ROOM_TOPICS = {
    # I
    "room_archive", "room_cave_entrance", "room_cooling_system", "room_decontamination", "room_emergency_room",
    "room_laboratory", "room_css_a", "room_nest", "room_power_generator", "room_transmitter_control",
    # II
    "room_guard_room", "room_contaminated_room", "room_surgery", "room_test_control", "room_exhaust_control",
    "room_css_b", "room_css_c", "room_css_control", "room_defense_control",
    # special
    "room_alert_room", "room_backup_power_supply", "room_elevator", "room_emergency_stairs", "room_repository",
    "room_isolation_room", "room_exit_room",
}
STEP_TOPICS = {f"step_{n}_{name}" for n, name in (
    (4, "css_launch"), (5, "time"), (6, "noise"), (7, "intruder_attacks"), (8, "fire_damage"), (9, "event_card"),
    (10, "bag_development"), (11, "round_end"))}
OTHER_TOPICS = {
    "round_structure", "player_phase", "event_phase", "time_track", "power", "power_thresholds", "darkness",
    "self_destruct", "alert_procedure", "facility_destruction", "time_runs_out", "nobody_left", "game_end",
    "victory_check", "contingency", "objectives", "leaving_the_facility", "css_pods", "bunker", "main_gate",
    "intruder_bag", "noise_roll", "encounter", "surprise_attack", "blank_token", "bag_development",
    "intruder_movement", "technical_corridors", "adults_retreat", "combat", "shoot", "melee_attack",
    "intruder_attack", "infest", "injury_check", "intruder_retreat", "escape_from_combat", "wounds",
    "character_death", "contamination", "scanner", "larva_on_board", "slime", "knowledge", "weaknesses",
    "critical_moments", "first_encounter", "first_death", "isolation_opens", "self_destruct_red", "room_actions",
    "computer_actions", "event_cards", "attack_cards",
}


@pytest.fixture(scope="module")
def rules():
    return load_rules()


@pytest.fixture(scope="module", params=LANGUAGES)
def ref(request):
    return rules_reference(request.param)


def _copy_locales(tmp_path: Path) -> Path:
    copy = tmp_path / "locales"
    shutil.copytree(locales_dir(), copy)
    return copy


def _edit_topic(root: Path, lang: str, chapter: str, topic_id: str, edit) -> None:
    path = root / lang / "rules" / f"{chapter}.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    edit(data["topics"][topic_id])
    path.write_text(json.dumps(data, ensure_ascii=False, indent=2), encoding="utf-8")


# ----------------------------------------------------------------- shipped content
def test_shipped_reference_passes_every_check():
    assert reference_problems(locales_dir(), LANGUAGES) == []


def test_both_languages_share_topics_placeholders_links_and_pages():
    pt, tr = rules_reference("pt-BR"), rules_reference("tr")
    assert pt.topic_ids == tr.topic_ids
    for topic_id in pt.topic_ids:
        a, b = pt.topic(topic_id), tr.topic(topic_id)
        assert a.chapter == b.chapter, topic_id
        assert a.links == b.links, topic_id
        assert a.pages == b.pages, topic_id
        assert dict(a.values) == dict(b.values) and dict(a.texts) == dict(b.texts), topic_id
        names_a = set().union(*(placeholders_of(t) for t in (a.title, *a.body)))
        names_b = set().union(*(placeholders_of(t) for t in (b.title, *b.body)))
        assert names_a == names_b, topic_id


def test_the_promised_topics_exist(ref):
    missing = (ROOM_TOPICS | STEP_TOPICS | OTHER_TOPICS) - set(ref.topic_ids)
    assert not missing


def test_every_link_leads_to_a_topic_that_lists_it_back(ref):
    for topic_id in ref.topic_ids:
        for link in ref.links(topic_id):
            assert link in ref, (topic_id, link)
            assert topic_id in ref.backlinks(link)


def test_every_topic_renders_with_no_placeholder_left(ref):
    for topic_id in ref.topic_ids:
        rendered = ref.render(topic_id)
        assert rendered.title and rendered.paragraphs, topic_id
        assert "{" not in rendered.text and "}" not in rendered.text, topic_id
        assert rendered.page_label, topic_id


def test_every_card_has_a_topic_that_quotes_the_card_text(ref, rules):
    catalog = load_language(locales_dir(), ref.lang)
    for card in rules.event_cards:
        rendered = ref.render(event_card_topic(card.id))
        assert catalog[f"event_card.name.{card.card}"] in rendered.title
        assert str(card.number) in rendered.title
        assert catalog[f"event_card.effect.{card.card}"] in rendered.text
        if card.has_darkness_extra:
            assert catalog[f"event_card.dark.{card.card}"] in rendered.text
        assert all(str(corridor) in rendered.paragraphs[0].text for corridor in card.corridors)
    for kind in {card.kind for card in rules.attack_cards}:
        rendered = ref.render(attack_card_topic(kind))
        assert rendered.title == catalog[f"attack_card.name.{kind}"]
        assert catalog[f"attack_card.effect.{kind}"] in rendered.text


def test_removed_event_cards_say_so_and_kept_ones_do_not(ref, rules):
    removed = {ref.render(event_card_topic(c.id)).paragraphs[-1].text for c in rules.event_cards if c.removed_after_use}
    kept = {ref.render(event_card_topic(c.id)).paragraphs[-1].text for c in rules.event_cards if not c.removed_after_use}
    assert len(removed) == 1 and len(kept) == 1 and removed != kept


# ----------------------------------------------------------------- rules values
def test_unconfirmed_values_are_marked_in_portuguese(rules):
    rendered = rules_reference("pt-BR").render("power_thresholds")
    red = ", ".join(s.label for s in rules.time_track.slots if s.threshold == "red")
    red = red[: red.rfind(", ")] + " e " + red[red.rfind(", ") + 2:]
    marker = f"({load_language(locales_dir(), 'pt-BR')['common.unconfirmed']})"
    assert marker == "(não confirmado)"
    assert f"{red} {marker}" in rendered.text
    assert rendered.has_unconfirmed
    assert {v.name: v.unconfirmed for v in rendered.values} == {"red_slots": True, "blue_slots": True}


def test_unconfirmed_values_are_marked_in_turkish():
    rendered = rules_reference("tr").render("contamination")
    infected = next(v for v in rendered.values if v.name == "infected")
    assert infected.unconfirmed and infected.confidence == "?"
    assert f"{infected.text} (doğrulanmamış)" in rendered.text


def test_printed_values_carry_no_mark(rules):
    rendered = rules_reference("pt-BR").render("facility_destruction")
    fire = next(v for v in rendered.values if v.name == "fire")
    assert fire.text == str(rules.pools.fire) and not fire.unconfirmed and fire.confidence == "R"
    assert f"o jogo tem {rules.pools.fire})" in rendered.text


def test_a_corrected_rules_file_reaches_the_text(tmp_path: Path):
    corrected = tmp_path / "rules_data"
    shutil.copytree(rules_dir(), corrected)
    path = corrected / "time_track.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    for slot in data["slots"]:
        slot.pop("confidence", None)  # the table checked its board
        if slot["number"] in (14, 12):
            slot["threshold"] = "red" if slot["number"] == 12 else None
    path.write_text(json.dumps(data), encoding="utf-8")
    rendered = rules_reference("pt-BR", rules_dir=corrected).render("power_thresholds")
    assert "13, 12, 09, 07 e 04:" in rendered.text
    assert "não confirmado" not in rendered.text
    assert not rendered.has_unconfirmed


def test_a_filter_field_counts_toward_confidence(rules):
    # The slot numbers are printed, but which slots hold a CSS space is a fan-app value.
    assert resolve(rules, "time_track.slots[css_space=true].number").unconfirmed
    assert not resolve(rules, "time_track.slots[number=15].label").unconfirmed


@pytest.mark.parametrize("spec", ["pools.water", "time_track.slots[threshold=green].number", "pools[fire=1]",
                                  "time_track.slots[threshold red].number"])
def test_a_path_to_nothing_is_refused(rules, spec):
    with pytest.raises(ValueSpecError):
        resolve(rules, spec)


def test_a_partial_topic_says_so(ref):
    rendered = ref.render("room_laboratory")
    assert rendered.partial and rendered.partial_note
    assert rendered.text.endswith(rendered.partial_note)
    assert not ref.render("room_archive").partial_note


# ----------------------------------------------------------------- check-locales
def test_the_locale_catalog_does_not_read_the_reference():
    catalog = load_language(locales_dir(), "pt-BR")
    assert not any(key.startswith(("topics.", "chapters.", "words.")) for key in catalog)


def _reference_errors(report) -> list[str]:
    return [line for line in report.errors if "topic" in line]


def test_check_locales_fails_on_a_link_to_a_missing_topic(tmp_path: Path):
    copy = _copy_locales(tmp_path)
    assert _reference_errors(check_locales(copy)) == []
    _edit_topic(copy, "pt-BR", "power", "darkness", lambda t: t["_links"].append("no_such_topic"))
    report = check_locales(copy)
    assert not report.ok
    errors = _reference_errors(report)
    assert any("'darkness'" in e and "no_such_topic" in e for e in errors), errors
    assert any("no_such_topic" in line for line in report.summary_lines())


def test_check_locales_fails_on_a_value_that_is_not_in_the_rules_data(tmp_path: Path):
    copy = _copy_locales(tmp_path)
    for lang in LANGUAGES:
        _edit_topic(copy, lang, "countdowns", "facility_destruction",
                    lambda t: t["_values"].update(fire="pools.water"))
    errors = _reference_errors(check_locales(copy))
    assert any("facility_destruction" in e and "pools.water" in e for e in errors), errors


def test_check_locales_fails_when_the_languages_differ(tmp_path: Path):
    copy = _copy_locales(tmp_path)

    def drop_placeholder(topic: dict) -> None:
        topic["body"] = [line.replace("{isolation_slot}", "08") for line in topic["body"]]
        del topic["_values"]["isolation_slot"]

    _edit_topic(copy, "tr", "critical", "isolation_opens", drop_placeholder)
    _edit_topic(copy, "tr", "power", "power", lambda t: t["_links"].remove("darkness"))
    errors = _reference_errors(check_locales(copy))
    assert any("tr: topic 'isolation_opens': placeholders differ" in e for e in errors), errors
    assert any("tr: topic 'power': links" in e for e in errors), errors


def test_check_locales_fails_on_a_missing_topic_or_text(tmp_path: Path):
    copy = _copy_locales(tmp_path)
    path = copy / "tr" / "rules" / "knowledge.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    del data["topics"]["weaknesses"]
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    _edit_topic(copy, "pt-BR", "attack_cards", "attack_card.cut",
                lambda t: t["_texts"].update(effect="attack_card.effect.no_such_card"))
    errors = _reference_errors(check_locales(copy))
    assert any("tr: topic 'weaknesses' is missing" in e for e in errors), errors
    assert any("attack_card.effect.no_such_card" in e for e in errors), errors


def test_a_broken_reference_file_is_reported_not_raised(tmp_path: Path):
    copy = _copy_locales(tmp_path)
    (copy / "tr" / "rules" / "combat.json").write_text("{ not json", encoding="utf-8")
    problems = reference_problems(copy, LANGUAGES)
    assert any("tr" in p and "combat.json" in p and "not valid JSON" in p for p in problems), problems


def test_a_locales_folder_without_a_reference_has_nothing_to_check(tmp_path: Path):
    for lang in LANGUAGES:
        (tmp_path / lang).mkdir()
        (tmp_path / lang / "a.json").write_text('{"a": "A"}', encoding="utf-8")
    assert reference_problems(tmp_path, LANGUAGES) == []
    (tmp_path / "pt-BR" / "rules").mkdir()
    assert any("tr: no rules reference" in p for p in reference_problems(tmp_path, LANGUAGES))
