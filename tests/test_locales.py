"""The shipped pt-BR and tr text: complete, consistent, covering every key the engine emits,
readable (spell-checked) and renderable for every log line a game produces."""
from __future__ import annotations

import os
import random
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from companion.engine import GameSession, IllegalCommand, NewGame, PlayerSetup
from companion.engine import commands as c
from companion.vocab import CssFace, DestructionCause, EndReason, Fate, Pod, Section
from companion.i18n import LANGUAGES, Translator, engine_keys, load_catalog, placeholders
from companion.rules_ref.validation import check_locales
from companion.reading.paths import locales_dir
from companion.rules import load_rules
from tests.support.requirements import skip_or_fail

REPO = Path(__file__).resolve().parents[1]
ENGINE = REPO / "companion" / "engine"
KEY_IN_SOURCE = re.compile(r'"((?:log|announce|error)\.[a-z_.]+)"')


def scanned_engine_keys() -> set[str]:
    """Like `grep -rhoE '"(log|announce|error)\\.[a-z_.]+"' companion/engine` plus the
    families the engine builds from its enums."""
    # A key ending in "." names a family (the journal files lines by family), not a key.
    keys = {m for path in ENGINE.rglob("*.py") for m in KEY_IN_SOURCE.findall(path.read_text("utf-8"))
            if not m.endswith(".")}
    keys |= {f"announce.end.{r.value}" for r in EndReason}
    keys |= {f"announce.destroyed.{d.value}" for d in DestructionCause}
    keys |= {f"log.fate.{f.value}" for f in Fate}
    keys |= {f"log.css_face.{face.value.lower()}" for face in CssFace}
    return keys


@pytest.fixture(scope="module")
def catalog() -> dict[str, dict[str, str]]:
    return load_catalog()


def test_shipped_locales_pass_the_check():
    report = check_locales()
    assert report.ok, "\n".join(report.summary_lines())
    assert report.coverage == {lang: 1.0 for lang in LANGUAGES}


def test_both_languages_have_identical_keys(catalog):
    assert set(catalog["pt-BR"]) == set(catalog["tr"])


def test_placeholders_match_between_languages(catalog):
    mismatched = {
        key: (placeholders(text), placeholders(catalog["tr"][key]))
        for key, text in catalog["pt-BR"].items()
        if key in catalog["tr"] and placeholders(text) != placeholders(catalog["tr"][key])
    }
    assert not mismatched


def test_every_key_the_engine_emits_has_text(catalog):
    keys = scanned_engine_keys()
    assert len(keys) > 50  # the scan found the engine's keys
    assert keys <= engine_keys()
    for lang in LANGUAGES:
        missing = sorted(keys - set(catalog[lang]))
        assert not missing, f"{lang} lacks engine keys: {missing}"


def test_names_of_the_game_vocabulary_exist(catalog):
    rules = load_rules()
    names = {f"character.{spec.id}" for spec in rules.characters}
    names |= {f"character_class.{spec.character_class}" for spec in rules.characters}
    names |= {f"section.{s.value}" for s in Section} | {f"pod.{p.value}" for p in Pod}
    names |= {f"fate.{f.value}" for f in Fate} | {f"end_reason.{r.value}" for r in EndReason}
    names |= {f"intruder.{kind}" for kind in ("larva", "creeper", "adult", "breeder", "queen", "blank")}
    names |= {"time_side.active", "time_side.inactive", "common.unconfirmed", "threshold.red", "threshold.blue"}
    names |= {f"error.{k}" for k in ("nothing_to_undo", "nothing_to_redo", "save_corrupt", "save_foreign",
                                     "save_newer", "rules_data")}
    for lang in LANGUAGES:
        assert names <= set(catalog[lang]), sorted(names - set(catalog[lang]))


def test_glossary_terms_are_used(catalog):
    pt, tr = catalog["pt-BR"], catalog["tr"]
    assert pt["section.ELEVATOR"] == "Elevador" and tr["section.ELEVATOR"] == "Asansör"
    assert pt["character.janitor"] == "Zelador" and tr["character.janitor"] == "Hademe"
    assert pt["intruder.creeper"] == "Creeper" and tr["intruder.creeper"] == "Sürüngen"
    assert "Portão Principal" in pt["announce.first_death"] + pt["announce.main_gate_open"]
    assert "Ana Kapı" in tr["announce.first_death"]
    assert "Objetivos" in pt["announce.first_encounter"] and "Hedef" in tr["announce.first_encounter"]


def test_removing_a_tr_key_fails_the_check(tmp_path: Path):
    copy = tmp_path / "locales"
    shutil.copytree(locales_dir(), copy)
    engine = copy / "tr" / "engine.json"
    engine.write_text(engine.read_text("utf-8").replace('"death": "{character} öldü.",', "", 1), "utf-8")
    report = check_locales(copy)
    assert not report.ok
    assert "log.death" in report.missing["tr"]
    assert report.coverage["tr"] < 1.0
    assert any("log.death" in line for line in report.summary_lines())


def test_changing_a_tr_placeholder_fails_the_check(tmp_path: Path):
    copy = tmp_path / "locales"
    shutil.copytree(locales_dir(), copy)
    engine = copy / "tr" / "engine.json"
    engine.write_text(engine.read_text("utf-8").replace("{character} öldü.", "{karakter} öldü.", 1), "utf-8")
    report = check_locales(copy)
    assert not report.ok
    assert [m.key for m in report.placeholder_mismatches["tr"]] == ["log.death"]


def _random_commands(rng: random.Random, seats: int):
    while True:
        seat = rng.randint(1, seats)
        yield rng.choice([
            c.AdvanceTime(), c.AdvanceTime(), c.AdvanceTime(), c.AdvanceTime(),
            c.StartSelfDestruct(), c.StopSelfDestruct(), c.TriggerAlert(),
            c.RestorePower(), c.FlipPower(section=rng.choice(list(Section))),
            c.SwapPower(first=rng.choice(list(Section)), second=rng.choice(list(Section))),
            c.PowerSurge(), c.PlaceFire(), c.RemoveFire(), c.PlaceMalfunction(), c.RemoveMalfunction(),
            c.RecordDeath(seat=seat), c.RecordFirstEncounter(), c.LockIn(seat=seat),
            c.EscapeToBunker(seat=seat), c.EnterPod(seat=seat, pod=rng.choice(list(Pod))),
            c.CssLaunch(face=rng.choice(list(CssFace))), c.SetKnowledge(seat=seat, value=rng.randint(0, 11)),
            c.ActivateKnowledgeToken(seat=seat), c.SendSignal(seat=seat), c.OpenMainGate(),
            c.RecordDeath(seat=seats + 1),
        ])


def test_every_log_line_and_error_of_random_games_renders(catalog):
    """Play random games; every log entry and refusal must have text whose placeholders
    the engine actually supplies, in both languages."""
    rules = load_rules()
    characters = [spec.id for spec in rules.characters]
    translators = {lang: Translator(lang, catalog) for lang in LANGUAGES}
    seen: set[str] = set()
    for seed in range(40):
        rng = random.Random(seed)
        seats = rng.randint(2, 5)
        setup = NewGame(
            players=tuple(PlayerSetup(name=f"P{i}", character=ch)
                          for i, ch in enumerate(rng.sample(characters, seats), 1)),
            seed=seed,
        )
        session = GameSession.start(setup, rules)
        entries = list(session.events_at(0))
        refusals: list[IllegalCommand] = []
        for command, _ in zip(_random_commands(rng, seats), range(120)):
            try:
                step = session.execute(command)
            except IllegalCommand as exc:
                refusals.append(exc)
                continue
            entries += step.events
            if session.state.is_over:
                break
        for lang, tr in translators.items():
            for entry in entries:
                template = catalog[lang].get(entry.key)
                assert template is not None, f"{lang}: no text for {entry.key}"
                assert placeholders(template) <= set(entry.params), (lang, entry.key, entry.params)
                text = tr.entry(entry)
                assert "⟦" not in text and "{" not in text, (lang, text)
            for exc in refusals:
                template = catalog[lang].get(exc.key)
                assert template is not None, f"{lang}: no text for {exc.key}"
                assert placeholders(template) <= set(exc.params), (lang, exc.key, exc.params)
                assert "⟦" not in tr.error(exc)
        seen |= {entry.key for entry in entries} | {exc.key for exc in refusals}
    assert len(seen) > 40  # the random games reached most of the engine


def _spellcheck_tool() -> Path | None:
    configured = os.environ.get("SPELLCHECK_TOOL")
    candidate = Path(configured) if configured else REPO.parent / "shared" / "tools" / "spellcheck-locales"
    return candidate if candidate.is_file() else None


def test_spelling_of_both_languages():
    tool = _spellcheck_tool()
    if tool is None:
        skip_or_fail("spellcheck-locales tool not found (set SPELLCHECK_TOOL)", required_by="REQUIRE_SPELLCHECK")
    if shutil.which("hunspell") is None:
        skip_or_fail("hunspell is not installed", required_by="REQUIRE_SPELLCHECK")
    result = subprocess.run([sys.executable, str(tool), str(locales_dir()), "--max-rate", "0.02"],
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr


def test_allowlist_holds_only_game_terms():
    """The allowlist is for the game's own words, kept small; ordinary words get fixed instead."""
    root = locales_dir()
    words = [w for f in root.glob("spelling-allowlist*.txt") for w in f.read_text("utf-8").split()]
    assert len(words) <= 20, words
