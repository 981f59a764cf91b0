"""The shipped rules data loads, matches the facts sheet, and bad data is refused clearly."""
from __future__ import annotations

import json
import shutil
from collections import Counter
from pathlib import Path
from typing import Any, Callable

import pytest
from pydantic import ValidationError

from companion.reading.paths import rules_dir
from companion.rules import (
    AttackCardSpec,
    IntruderTokenSpec,
    Pools,
    Rules,
    RulesDataError,
    TimeSlot,
    load_rules,
    summarise,
)


@pytest.fixture(scope="module")
def rules() -> Rules:
    return load_rules()


# --------------------------------------------------------------------- shipped data
def test_default_dir_is_the_shipped_folder(rules: Rules) -> None:
    assert load_rules(rules_dir()) == rules


def test_every_file_has_schema_version_1() -> None:
    files = sorted(rules_dir().glob("*.json"))
    assert len(files) == 12
    for f in files:
        assert json.loads(f.read_text(encoding="utf-8"))["schema_version"] == 1, f.name


def test_counts(rules: Rules) -> None:
    assert len(rules.time_track.slots) == 16
    assert len(rules.power.tokens) == 4
    assert len(rules.characters) == 6
    assert len(rules.intruders.tokens) == 27
    assert len(rules.event_cards) == 22
    assert len(rules.attack_cards) == 20
    assert len(rules.contingency) == 7
    assert rules.contamination.cards == 27
    assert rules.computer_actions.card_count == 6
    assert rules.computer_actions.cards_with_options == 5
    assert rules.computer_actions.options_per_card == 3
    assert rules.computer_actions.lockdown_card is True


def test_summary(rules: Rules) -> None:
    line = summarise(rules)
    assert line.startswith(
        "rules OK: 16 time slots, 4 power tokens, 6 characters, 27 intruder tokens, "
        "22 event cards, 20 attack cards, 7 contingency tokens ("
    )
    assert line.endswith(" values unconfirmed)")
    assert f"({rules.unconfirmed_count()} values" in line


def test_rules_are_immutable_and_hashable(rules: Rules) -> None:
    assert isinstance(hash(rules), int)
    with pytest.raises(ValidationError):
        rules.pools.fire = 3  # type: ignore[misc]
    with pytest.raises(TypeError):
        rules.intruders.start_bag["adult"] = 99  # type: ignore[index]
    assert isinstance(rules.event_cards, tuple)


def test_time_track(rules: Rules) -> None:
    tt = rules.time_track
    assert [s.number for s in tt.slots] == list(range(15, 0, -1)) + [0]
    assert [s.label for s in tt.slots] == [f"{n:02d}" for n in range(15, 0, -1)] + ["S"]
    assert (tt.start_slot, tt.start_side, tt.isolation_opens_at) == (15, "inactive", 8)
    assert (tt.self_destruct_lead, tt.self_destruct_red_move, tt.alert_divisor) == (3, 3, 2)
    assert rules.slot(0).label == "S"
    with pytest.raises(KeyError):
        rules.slot(16)


THRESHOLDS = {14: "red", 13: "red", 9: "red", 7: "red", 4: "red", 11: "blue", 5: "blue", 3: "blue"}


@pytest.mark.parametrize("number", list(range(15, -1, -1)))
def test_threshold_css_and_colour_of_every_slot(rules: Rules, number: int) -> None:
    slot = rules.slot(number)
    assert slot.threshold == THRESHOLDS.get(number)
    assert slot.css_space == (number in {10, 8, 6, 4, 2, 1})
    assert slot.white == (1 <= number <= 8)


def test_power_pools_characters(rules: Rules) -> None:
    p = rules.power
    assert p.sections == ("S-01", "S-02", "S-03", "ELEVATOR")
    assert {t.number: t.starts_active for t in p.tokens} == {1: True, 2: True, 3: False, 4: False}
    assert (p.restore_active_tokens, p.restore_skip_if_active_at_least) == ((1, 2), 3)
    assert (rules.pools.fire, rules.pools.malfunction) == (12, 10)
    workers = {"hacker", "janitor", "sentry", "xenobiologist"}
    for c in rules.characters:
        worker = c.id in workers
        assert c.character_class == ("facility_worker" if worker else "nemesis_survivor")
        assert c.start_room == ("repository" if worker else "isolation_room")
        assert c.knowledge == (1 if worker else 3)
    assert rules.character("lab_rat").knowledge == 3
    with pytest.raises(KeyError):
        rules.character("ripley")
    assert rules.knowledge.weakness_levels == (3, 5, 8)


def test_intruders(rules: Rules) -> None:
    intr = rules.intruders
    assert Counter(t.kind for t in intr.tokens) == {
        "larva": 8, "creeper": 3, "adult": 12, "breeder": 2, "queen": 1, "blank": 1,
    }
    numbers = Counter((t.kind, t.light, t.dark) for t in intr.tokens)
    assert numbers == {
        ("larva", 1, 2): 4, ("larva", 0, 1): 4, ("creeper", 1, 2): 3,
        ("adult", 1, 3): 3, ("adult", 2, 3): 3, ("adult", 2, 4): 3, ("adult", 3, 4): 3,
        ("breeder", 2, 4): 1, ("breeder", 3, 4): 1, ("queen", 4, 4): 1, ("blank", None, None): 1,
    }
    assert dict(intr.start_bag) == {"blank": 1, "larva": 4, "creeper": 1, "queen": 1, "adult": 3}
    assert intr.start_adults_per_player == 1
    assert dict(intr.miniatures) == {"larva": 6, "creeper": 3, "adult": 8, "breeder": 2, "queen": 1}
    assert intr.nest_eggs == 5


def test_event_cards(rules: Rules) -> None:
    cards = {c.number: c for c in rules.event_cards}
    assert sorted(cards) == list(range(1, 23))
    assert cards[1].id == "blood_trace_1" and cards[2].id == "blood_trace_2"
    assert cards[1].card == cards[2].card == "blood_trace"
    assert cards[11].corridors == (2, 4) and cards[22].corridors == (1, 3)
    assert cards[2].moves == ("creeper", "breeder", "queen")
    assert {n for n, c in cards.items() if c.removed_after_use} == {3, 6, 11, 19, 21, 22}
    assert {n for n, c in cards.items() if c.has_darkness_extra} == {1, 2, 4, 7, 8, 10, 14, 15, 16, 17, 20}


def test_attack_cards(rules: Rules) -> None:
    by_kind: dict[str, list[AttackCardSpec]] = {}
    for c in rules.attack_cards:
        by_kind.setdefault(c.kind, []).append(c)
        assert (c.blood is None) == c.retreat
    values = {k: sorted((c.blood if c.blood is not None else 0) for c in v) for k, v in by_kind.items()}
    assert values == {  # 0 stands for the Retreat arrow here
        "blood_chase": [2, 4, 5], "blood_rage": [3, 5], "cut": [0, 2, 3, 4, 5], "evolve": [0, 4],
        "infecting_the_host": [4], "perched_in_the_dark": [0, 2, 4, 5, 5], "piercing_the_heart": [3, 5],
    }
    assert by_kind["evolve"][0].symbols == ("creeper",)
    assert {c.id for c in rules.attack_cards} >= {"cut_r", "evolve_r", "perched_in_the_dark_r"}


def test_contingency_and_endings(rules: Rules) -> None:
    assert Counter((t.colour, t.effect) for t in rules.contingency) == {
        ("green", "everyone_saved"): 1, ("yellow", "knowledge_at_most_dies"): 2,
        ("blue", "no_signal_dies"): 2, ("gray", "css_escapees_die"): 1, ("red", "isolation_dies"): 1,
    }
    for t in rules.contingency:
        assert t.knowledge_threshold == (4 if t.colour == "yellow" else None)
    eog = rules.end_of_game
    assert eog.time_ran_out_kills == ("facility",)
    assert eog.facility_destroyed_kills == ("facility", "isolation")
    assert eog.alert_kills == ("facility",)


# --------------------------------------------------------------------- confidence
def test_fan_and_unknown_values_are_marked_unconfirmed(rules: Rules) -> None:
    for slot in rules.time_track.slots[:-1]:
        assert slot.is_unconfirmed("threshold"), slot.label
        assert slot.confidence_of("threshold") == "F"
    for n in (15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3):
        assert rules.slot(n).is_unconfirmed("css_space"), n
    for t in rules.intruders.tokens:
        if t.kind != "blank":
            assert t.is_unconfirmed("light") and t.is_unconfirmed("dark"), t.id
    for t in rules.contingency:
        assert t.is_unconfirmed("effect") and t.is_unconfirmed("colour"), t.id
        if t.colour == "yellow":
            assert t.confidence_of("knowledge_threshold") == "?"
            assert t.confidence_of("effect") == "?"
    assert rules.contamination.confidence_of("infected_count") == "?"
    assert rules.knowledge.confidence_of("maximum") == "?"
    assert rules.end_of_game.confidence_of("facility_destroyed_kills") == "?"
    assert rules.end_of_game.confidence_of("alert_kills") == "?"
    assert not rules.end_of_game.is_unconfirmed("time_ran_out_kills")
    perched_5 = [c for c in rules.attack_cards if c.kind == "perched_in_the_dark" and c.blood == 5]
    assert sorted(c.is_unconfirmed("blood") for c in perched_5) == [False, True]
    assert [c.id for c in rules.attack_cards if c.is_unconfirmed()] == [perched_5[1].id]


def test_printed_values_are_not_unconfirmed(rules: Rules) -> None:
    assert not rules.pools.is_unconfirmed("fire")
    assert not rules.pools.is_unconfirmed()
    assert rules.pools.confidence_of("fire") == "R"
    # Power is printed but for one reading: whether the Elevator's token makes Darkness.
    assert rules.power.unconfirmed_fields() == ("elevator_token_darkens",)
    assert not any(t.is_unconfirmed() for t in rules.power.tokens)
    assert not any(c.is_unconfirmed() for c in rules.characters)
    assert rules.character("hacker").confidence_of("knowledge") == "C"
    assert not any(c.is_unconfirmed() for c in rules.event_cards)
    assert not rules.computer_actions.is_unconfirmed()
    assert not rules.contamination.is_unconfirmed("cards")
    assert not rules.slot(0).is_unconfirmed()
    assert not rules.slot(8).is_unconfirmed("white")
    assert not rules.slot(1).is_unconfirmed("css_space")  # a photo confirms 02 and 01
    # The Time track is printed; whom the First Player token skips, and when it leaves a
    # holder who left the game, are readings (p.13 names neither).
    assert rules.time_track.unconfirmed_fields() == ("first_player_skips", "first_player_leaving")
    blank = next(t for t in rules.intruders.tokens if t.kind == "blank")
    assert not blank.is_unconfirmed()


def test_confidence_of_unknown_field_raises(rules: Rules) -> None:
    with pytest.raises(KeyError):
        rules.pools.confidence_of("water")


# --------------------------------------------------------------------- models directly
def test_models_check_themselves() -> None:
    with pytest.raises(ValidationError, match="exactly one of a blood value"):
        AttackCardSpec(id="x", kind="cut", symbols=("adult",), blood=3, retreat=True)
    with pytest.raises(ValidationError, match="exactly one of a blood value"):
        AttackCardSpec(id="x", kind="cut", symbols=("adult",))
    with pytest.raises(ValidationError, match="needs a number"):
        IntruderTokenSpec(id="a", kind="adult", light=1)
    with pytest.raises(ValidationError, match="shows no number"):
        IntruderTokenSpec(id="b", kind="blank", light=1, dark=1)
    with pytest.raises(ValidationError, match="not a field of this entry"):
        Pools(confidence={"water": "?"})
    with pytest.raises(ValidationError, match="labelled '03'"):
        TimeSlot(number=3, label="3")


# --------------------------------------------------------------------- broken copies
Edit = Callable[[dict[str, Any]], None]


def broken(tmp_path: Path, file: str, edit: Edit) -> Path:
    target = tmp_path / "rules_data"
    shutil.copytree(rules_dir(), target)
    path = target / file
    data = json.loads(path.read_text(encoding="utf-8"))
    edit(data)
    path.write_text(json.dumps(data), encoding="utf-8")
    return target


def load_error(folder: Path) -> RulesDataError:
    with pytest.raises(RulesDataError) as info:
        load_rules(folder)
    return info.value


def test_wrong_type_names_file_entry_and_field(tmp_path: Path) -> None:
    def edit(d: dict[str, Any]) -> None:
        d["slots"][1]["threshold"] = "green"

    err = load_error(broken(tmp_path, "time_track.json", edit))
    assert (err.file, err.entry, err.field) == ("time_track.json", "slot 14", "threshold")
    assert str(err) == "time_track.json: entry 'slot 14' field 'threshold': Input should be 'red' or 'blue'"


def test_wrong_type_is_not_coerced(tmp_path: Path) -> None:
    def edit(d: dict[str, Any]) -> None:
        d["tokens"][5]["light"] = "2"  # a string, not a number

    err = load_error(broken(tmp_path, "intruders.json", edit))
    assert (err.file, err.entry, err.field) == ("intruders.json", "larva_6", "light")
    assert "integer" in err.problem


def test_entry_named_by_id_in_cards(tmp_path: Path) -> None:
    def edit(d: dict[str, Any]) -> None:
        d["cards"][2]["moves"] = ["adult", "larva"]

    err = load_error(broken(tmp_path, "event_cards.json", edit))
    assert (err.entry, err.field) == ("blue_screen", "moves[1]")


def test_top_level_field_error(tmp_path: Path) -> None:
    err = load_error(broken(tmp_path, "pools.json", lambda d: d.update(fire=-1)))
    assert (err.file, err.entry, err.field) == ("pools.json", None, "fire")
    assert str(err).startswith("pools.json: field 'fire': ")


def test_unknown_field_is_rejected(tmp_path: Path) -> None:
    def edit(d: dict[str, Any]) -> None:
        d["cards"][0]["oxygen"] = 3

    err = load_error(broken(tmp_path, "attack_cards.json", edit))
    assert (err.file, err.entry, err.field) == ("attack_cards.json", "blood_chase_2", "oxygen")
    assert "unknown field" in err.problem


def test_bad_confidence_key(tmp_path: Path) -> None:
    def edit(d: dict[str, Any]) -> None:
        d["tokens"][0]["confidence"]["colur"] = "F"

    err = load_error(broken(tmp_path, "contingency.json", edit))
    assert (err.file, err.entry, err.field) == ("contingency.json", "green", "confidence")
    assert "'colur'" in err.problem


def test_bad_confidence_value(tmp_path: Path) -> None:
    err = load_error(broken(tmp_path, "contamination.json", lambda d: d.update(confidence={"infected_count": "X"})))
    assert (err.entry, err.field) == (None, "confidence.infected_count")


def test_bad_dict_key(tmp_path: Path) -> None:
    err = load_error(broken(tmp_path, "intruders.json", lambda d: d["start_bag"].update(dragon=1)))
    assert (err.entry, err.field) == (None, "start_bag.dragon")


def test_duplicate_id(tmp_path: Path) -> None:
    def edit(d: dict[str, Any]) -> None:
        d["characters"][1]["id"] = "hacker"

    err = load_error(broken(tmp_path, "characters.json", edit))
    assert (err.file, err.entry, err.field) == ("characters.json", "hacker", "id")
    assert "duplicate" in err.problem


@pytest.mark.parametrize("version", [2, 0, "1", None])
def test_wrong_schema_version(tmp_path: Path, version: Any) -> None:
    err = load_error(broken(tmp_path, "power.json", lambda d: d.update(schema_version=version)))
    assert (err.file, err.field) == ("power.json", "schema_version")
    assert "schema_version" in str(err)


def test_missing_schema_version(tmp_path: Path) -> None:
    err = load_error(broken(tmp_path, "power.json", lambda d: d.pop("schema_version")))
    assert (err.file, err.field) == ("power.json", "schema_version")


def test_invalid_json(tmp_path: Path) -> None:
    folder = broken(tmp_path, "pools.json", lambda d: None)
    (folder / "pools.json").write_text('{\n  "schema_version": 1,\n  "fire": 12,,\n}\n', encoding="utf-8")
    err = load_error(folder)
    assert err.file == "pools.json"
    assert (err.line, err.column) == (3, 14)
    assert "line 3 column 14" in str(err)


def test_missing_file(tmp_path: Path) -> None:
    folder = broken(tmp_path, "pools.json", lambda d: None)
    (folder / "contingency.json").unlink()
    err = load_error(folder)
    assert err.file == "contingency.json"
    assert "missing" in err.problem


@pytest.mark.parametrize(
    ("file", "edit", "field", "fragment"),
    [
        ("event_cards.json", lambda d: d["cards"].pop(), "cards", "exactly 22"),
        ("attack_cards.json", lambda d: d["cards"].pop(), "cards", "exactly 20"),
        ("contingency.json", lambda d: d["tokens"].pop(), "tokens", "exactly 7"),
        ("intruders.json", lambda d: d["tokens"].pop(0), "tokens", "27 tokens"),
        ("intruders.json", lambda d: d["start_bag"].update(queen=2), "start_bag.queen", "only 1 in the box"),
        ("power.json", lambda d: d["tokens"][3].update(number=3), "tokens", "numbered 1-4"),
        ("power.json", lambda d: d.update(sections=["S-01", "S-02", "S-03", "S-04"]), "sections", "ELEVATOR"),
        ("time_track.json", lambda d: d["slots"].pop(3), "slots", "exactly 15"),
        ("time_track.json", lambda d: d.update(isolation_opens_at=7), "isolation_opens_at", "first white"),
    ],
)
def test_count_checks(tmp_path: Path, file: str, edit: Edit, field: str, fragment: str) -> None:
    err = load_error(broken(tmp_path, file, edit))
    assert (err.file, err.field) == (file, field)
    assert fragment in err.problem


def test_attack_card_needs_blood_or_retreat(tmp_path: Path) -> None:
    def edit(d: dict[str, Any]) -> None:
        d["cards"][0]["retreat"] = True

    err = load_error(broken(tmp_path, "attack_cards.json", edit))
    assert (err.entry, err.field) == ("blood_chase_2", "retreat")


def test_copy_of_shipped_data_loads(tmp_path: Path, rules: Rules) -> None:
    assert load_rules(broken(tmp_path, "pools.json", lambda d: None)) == rules


# --------------------------------------------------------------------- the readings a table can correct
READING_SWITCHES = [
    ("intruders.json", "hatching_nobody_before_darkness", False, "sometimes"),
    ("intruders.json", "larva_board_without_miniature", False, 2),
    ("intruders.json", "darkness_extra_after_effect", False, "later"),
    ("time_track.json", "first_player_leaving", "at_step_2", "to_the_right"),
]


@pytest.mark.parametrize(("file", "field", "other", "bad"), READING_SWITCHES)
def test_check_data_knows_each_reading_switch(tmp_path: Path, file, field, other, bad) -> None:
    """Each reading is unconfirmed rules data: marked so, turned by the table in the file,
    and a value that is not one of its readings is refused naming the file and the field."""
    section = {"intruders.json": "intruders", "time_track.json": "time_track"}[file]
    assert getattr(load_rules(), section).is_unconfirmed(field)
    turned = load_rules(broken(tmp_path / "turned", file, lambda d: d.update({field: other})))
    assert getattr(getattr(turned, section), field) == other
    err = load_error(broken(tmp_path / "bad", file, lambda d: d.update({field: bad})))
    assert (err.file, err.entry, err.field) == (file, None, field)
