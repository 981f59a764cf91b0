"""The Victory Check's and the Contingency deal's rules data: shipped values marked as
unconfirmed where they are readings, and bad data refused naming file, entry and field."""
from __future__ import annotations

from typing import Any

from companion.rules import load_rules
from tests.test_rules_data import broken, load_error

RULES = load_rules()


def test_the_shipped_readings_are_marked_unconfirmed():
    assert RULES.contingency_deal.archive == "any_non_active"
    assert RULES.contingency_deal.confidence_of("archive") == "F"
    assert not RULES.contingency_deal.is_unconfirmed("per_player")
    assert RULES.victory.larva_skips_scan and RULES.victory.is_unconfirmed("larva_skips_scan")
    asked = {spec.id for spec in RULES.victory.objectives if spec.check == "ask"}
    assert asked == {"weakness_discovered", "sections_explored"}
    assert RULES.victory.objective("weakness_discovered").is_unconfirmed("check")
    assert RULES.victory.objective("signal_sent").is_unconfirmed("signal_by")
    assert RULES.victory.objective("queen_killed").is_unconfirmed()
    assert not RULES.victory.objective("knowledge_at_least").is_unconfirmed()


def test_an_objective_the_app_cannot_decide_must_be_asked(tmp_path):
    def edit(data: dict[str, Any]) -> None:
        next(o for o in data["objectives"] if o["id"] == "sections_explored")["check"] = "decide"

    err = load_error(broken(tmp_path, "victory.json", edit))
    assert (err.file, err.entry, err.field) == ("victory.json", "sections_explored", "check")
    assert "must ask" in err.problem


def test_every_kind_of_objective_is_listed_once(tmp_path):
    err = load_error(broken(tmp_path / "missing", "victory.json", lambda d: d["objectives"].pop()))
    assert err.file == "victory.json" and err.field == "objectives" and "sections_explored" in err.problem
    twice = load_error(broken(tmp_path / "twice", "victory.json",
                              lambda d: d["objectives"].append(dict(d["objectives"][0]))))
    assert twice.entry == "player_dies" and twice.field == "id"


def test_the_deal_and_its_readings_are_checked(tmp_path):
    err = load_error(broken(tmp_path / "archive", "contingency.json",
                            lambda d: d["deal"].__setitem__("archive", "anything")))
    assert (err.file, err.field) == ("contingency.json", "deal.archive")
    err = load_error(broken(tmp_path / "threshold", "contingency.json",
                            lambda d: d["tokens"][0].__setitem__("effect", "knowledge_at_least_dies")))
    assert err.entry == "green" and err.field == "knowledge_threshold"
    turned = load_rules(broken(tmp_path / "turned", "contingency.json", lambda d: [
        t.__setitem__("effect", "knowledge_at_least_dies") for t in d["tokens"] if t["colour"] == "yellow"]))
    assert {t.effect for t in turned.contingency if t.colour == "yellow"} == {"knowledge_at_least_dies"}
