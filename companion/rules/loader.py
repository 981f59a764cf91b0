"""Load and check ``rules_data/*.json`` into an immutable :class:`Rules`.

Every problem — a missing file, invalid JSON, a wrong schema version, a value of
the wrong type, an unknown field, a duplicate id, a count that does not match the
box — raises :class:`RulesDataError` naming the file, the entry and the field.
"""
from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any, Iterable, get_args

from pydantic import BaseModel, ValidationError

from companion.reading.json_input import JsonInputError, read_json

from .models import (
    ComputerActions,
    ContaminationRules,
    EndOfGameRules,
    IntruderRules,
    ObjectiveId,
    Pools,
    PowerRules,
    Rules,
    TimeTrack,
    VictoryRules,
    _AttackCardsFile,
    _CharactersFile,
    _ContingencyFile,
    _EventCardsFile,
)

SCHEMA_VERSION = 1

#: file name -> model validating the file's content (``schema_version`` removed)
FILES: dict[str, type[BaseModel]] = {
    "time_track.json": TimeTrack,
    "power.json": PowerRules,
    "pools.json": Pools,
    "characters.json": _CharactersFile,
    "intruders.json": IntruderRules,
    "event_cards.json": _EventCardsFile,
    "attack_cards.json": _AttackCardsFile,
    "contingency.json": _ContingencyFile,
    "computer_actions.json": ComputerActions,
    "end_of_game.json": EndOfGameRules,
    "contamination.json": ContaminationRules,
    "victory.json": VictoryRules,
}

EXPECTED_EVENT_CARDS = 22
EXPECTED_ATTACK_CARDS = 20
EXPECTED_CONTINGENCY_TOKENS = 7
EXPECTED_INTRUDER_TOKENS = {"larva": 8, "creeper": 3, "adult": 12, "breeder": 2, "queen": 1, "blank": 1}
EXPECTED_POWER_SECTIONS = ("S-01", "S-02", "S-03", "ELEVATOR")

# What a list item is called in messages when it has no id.
_ITEM_NOUNS = {"slots": "slot", "tokens": "token", "cards": "card"}


class RulesDataError(ValueError):
    """A problem in the rules data, located by file, entry and field."""

    def __init__(
        self,
        file: str,
        problem: str,
        *,
        entry: str | None = None,
        field: str | None = None,
        line: int | None = None,
        column: int | None = None,
        more: int = 0,
        kind: str | None = None,
        params: dict[str, Any] | None = None,
    ) -> None:
        self.file = file
        self.entry = entry
        self.field = field
        self.problem = problem
        self.line = line
        self.column = column
        self.more = more  # further problems found in the same file
        # What kind of problem, for screens that describe it in the players' language;
        # None when only the English ``problem`` describes it.
        self.kind = kind
        self.params = dict(params or {})
        super().__init__(str(self))

    def __str__(self) -> str:
        where = self.file
        if self.entry is not None:
            where += f": entry {self.entry!r}"
        if self.field is not None:
            where += f" field {self.field!r}" if self.entry is not None else f": field {self.field!r}"
        text = f"{where}: {self.problem}"
        if self.more:
            text += f" (and {self.more} more problem{'s' if self.more > 1 else ''})"
        return text

    def __reduce__(self):  # keep the keyword-only attributes when pickled
        return (
            _rebuild_error,
            (self.file, self.problem, self.entry, self.field, self.line, self.column, self.more, self.kind,
             self.params),
        )


def _rebuild_error(file, problem, entry, field, line, column, more, kind=None, params=None) -> RulesDataError:  # type: ignore[no-untyped-def]
    return RulesDataError(
        file, problem, entry=entry, field=field, line=line, column=column, more=more, kind=kind, params=params
    )


# --------------------------------------------------------------------- reading
def _read(rules_dir: Path, name: str) -> dict[str, Any]:
    path = rules_dir / name
    try:
        raw = read_json(path)
    except JsonInputError as exc:
        raise _input_error(name, exc) from None
    if not isinstance(raw, dict):
        raise RulesDataError(name, "the file must hold a JSON object", kind="not_object")
    if "schema_version" not in raw:
        raise RulesDataError(
            name,
            f"missing schema_version (expected {SCHEMA_VERSION})",
            field="schema_version",
            kind="schema_version",
            params={"expected": SCHEMA_VERSION},
        )
    version = raw["schema_version"]
    if type(version) is not int or version != SCHEMA_VERSION:
        raise RulesDataError(
            name,
            f"unsupported schema_version {version!r}; this app reads version {SCHEMA_VERSION}",
            field="schema_version",
            kind="schema_version",
            params={"expected": SCHEMA_VERSION},
        )
    return {k: v for k, v in raw.items() if k != "schema_version"}


def _input_error(name: str, exc: JsonInputError) -> RulesDataError:
    if exc.kind == "duplicate_key":
        # Silently keeping the last value would hide a typo in the game's numbers.
        entry, field = _locate(exc.document, exc.path)
        return RulesDataError(
            name, "this key is written twice in the same object", entry=entry, field=field,
            kind=exc.kind, params=dict(exc.params),
        )
    problem = str(exc)
    if exc.kind == "not_utf8":
        problem = f"cannot read the file: {problem}"
    return RulesDataError(
        name, problem, line=exc.params.get("line"), column=exc.params.get("column"),
        kind=exc.kind, params=dict(exc.params),
    )


def _entry_name(list_key: str, index: int, item: Any) -> str:
    if isinstance(item, dict):
        if isinstance(item.get("id"), str):
            return item["id"]
        noun = _ITEM_NOUNS.get(list_key, list_key)
        if "label" in item:
            return f"{noun} {item['label']}"
        if "number" in item:
            return f"{noun} {item['number']}"
    return f"{list_key}[{index}]"


def _format_path(parts: Iterable[str | int]) -> str | None:
    text = ""
    for part in parts:
        if isinstance(part, int):
            text += f"[{part}]"
        else:
            text += f".{part}" if text else part
    return text or None


def _locate(raw: Any, loc: tuple[str | int, ...]) -> tuple[str | None, str | None]:
    """Turn a pydantic ``loc`` into (entry, field), naming list items by their id."""
    entry: str | None = None
    field_parts: list[str | int] = []
    node: Any = raw
    last_key: str = ""
    for i, part in enumerate(loc):
        final = i == len(loc) - 1
        if isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node):
            if entry is None and len(field_parts) == 1 and field_parts[0] == last_key:
                # a top-level list of entries: the item becomes the entry
                entry = _entry_name(last_key, part, node[part])
                field_parts = []
            else:
                field_parts.append(part)
            node = node[part]
        elif isinstance(node, dict) and isinstance(part, str) and part in node:
            field_parts.append(part)
            last_key = part
            node = node[part]
        elif part == "[key]":
            continue  # pydantic's marker for a bad dict key: the key is already named
        elif final or (isinstance(part, str) and part.isidentifier()):
            # a missing or unknown field (or a dict key pydantic reports)
            field_parts.append(part)
            node = None
        # else: a union/validator tag from pydantic, not part of the data
    return entry, _format_path(field_parts)


def _problem(error: dict[str, Any]) -> str:
    msg = str(error.get("msg", "invalid value"))
    for prefix in ("Value error, ", "Assertion failed, "):
        if msg.startswith(prefix):
            msg = msg[len(prefix):]
    if error.get("type") == "extra_forbidden":
        msg = "unknown field (not allowed)"
    elif error.get("type") == "missing":
        msg = "required field is missing"
    return msg


# pydantic error types as the problem.* sentences that screens show in the players'
# language (pydantic's own English never reaches them): the kind, and the limit it names.
_KINDS: dict[str, tuple[str, str | None]] = {
    "extra_forbidden": ("unknown_field", None), "missing": ("required_field", None),
    **dict.fromkeys(("int_type", "int_parsing", "int_from_float"), ("expected_integer", None)),
    **dict.fromkeys(("float_type", "float_parsing"), ("expected_number", None)),
    "string_type": ("expected_text", None),
    **dict.fromkeys(("bool_type", "bool_parsing"), ("expected_boolean", None)),
    **dict.fromkeys(("list_type", "tuple_type", "set_type", "frozen_set_type"), ("expected_list", None)),
    **dict.fromkeys(("dict_type", "model_type", "model_attributes_type"), ("expected_object", None)),
    **dict.fromkeys(("literal_error", "enum"), ("value_not_allowed", None)),
    "string_pattern_mismatch": ("bad_id", None),
    "greater_than_equal": ("at_least", "ge"), "greater_than": ("above", "gt"),
    "less_than_equal": ("at_most", "le"), "less_than": ("below", "lt"),
    **dict.fromkeys(("too_short", "string_too_short"), ("too_short", "min_length")),
    **dict.fromkeys(("too_long", "string_too_long"), ("too_long", "max_length")),
}
# Any other (a validator's own check): said as an invalid value.
_OTHER_KIND = ("invalid_value", None)


def _kind(error: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    kind, limit = _KINDS.get(str(error.get("type")), _OTHER_KIND)
    context = error.get("ctx") or {}
    return kind, ({"limit": context[limit]} if limit is not None and limit in context else {})


def _validate(name: str, model: type[BaseModel], raw: dict[str, Any]) -> BaseModel:
    try:
        return model.model_validate_json(json.dumps(raw), strict=True)
    except ValidationError as exc:
        errors = exc.errors()
        first = errors[0]
        entry, field = _locate(raw, tuple(first["loc"]))
        kind, params = _kind(first)
        raise RulesDataError(
            name, _problem(first), entry=entry, field=field, more=len(errors) - 1, kind=kind, params=params
        ) from None


# --------------------------------------------------------------------- checks
def _unique_ids(name: str, entries: Iterable[Any]) -> None:
    seen: set[str] = set()
    for e in entries:
        if e.id in seen:
            raise RulesDataError(name, "duplicate id (ids must be unique in a file)", entry=e.id, field="id")
        seen.add(e.id)


def _check(rules: Rules) -> None:
    tt = rules.time_track
    white = [s.number for s in tt.slots if s.white]
    if white and max(white) != tt.isolation_opens_at:
        raise RulesDataError(
            "time_track.json",
            f"the first white slot ({max(white):02d}) must be the slot where Isolation opens",
            field="isolation_opens_at",
        )
    end = tt.slot(0)
    if end.threshold is not None or end.css_space:
        raise RulesDataError("time_track.json", "the S slot has no threshold and no CSS space", entry="slot S")

    power = rules.power
    if power.sections != EXPECTED_POWER_SECTIONS:
        raise RulesDataError(
            "power.json", f"the sections must be {', '.join(EXPECTED_POWER_SECTIONS)}", field="sections"
        )
    numbers = sorted(t.number for t in power.tokens)
    if numbers != [1, 2, 3, 4]:
        raise RulesDataError("power.json", f"need 4 tokens numbered 1-4, got {numbers}", field="tokens")
    if len(power.tokens) != len(power.sections):
        raise RulesDataError("power.json", "one power token per section", field="tokens")
    if not set(power.restore_active_tokens) <= set(numbers):
        raise RulesDataError("power.json", "names a token number that does not exist", field="restore_active_tokens")
    if power.restore_skip_if_active_at_least > len(power.tokens):
        raise RulesDataError("power.json", "exceeds the number of tokens", field="restore_skip_if_active_at_least")

    _unique_ids("characters.json", rules.characters)
    for c in rules.characters:
        if c.knowledge > rules.knowledge.maximum:
            raise RulesDataError("characters.json", "starts above the knowledge maximum", entry=c.id, field="knowledge")
    if rules.knowledge.weakness_levels and rules.knowledge.weakness_levels[-1] > rules.knowledge.maximum:
        raise RulesDataError(
            "characters.json", "a weakness level exceeds the knowledge maximum", field="knowledge.weakness_levels"
        )

    intr = rules.intruders
    _unique_ids("intruders.json", intr.tokens)
    counts = Counter(t.kind for t in intr.tokens)
    if len(intr.tokens) != sum(EXPECTED_INTRUDER_TOKENS.values()) or dict(counts) != EXPECTED_INTRUDER_TOKENS:
        raise RulesDataError(
            "intruders.json",
            f"the box holds 27 tokens {EXPECTED_INTRUDER_TOKENS}; the data has {len(intr.tokens)} {dict(counts)}",
            field="tokens",
        )
    for kind, n in intr.start_bag.items():
        extra = intr.start_adults_per_player if kind == "adult" else 0
        if n + extra > counts[kind]:
            raise RulesDataError(
                "intruders.json",
                f"{n} {kind} token(s) at start (+{extra} per player) but only {counts[kind]} in the box",
                field=f"start_bag.{kind}",
            )

    _unique_ids("event_cards.json", rules.event_cards)
    if len(rules.event_cards) != EXPECTED_EVENT_CARDS:
        raise RulesDataError(
            "event_cards.json", f"need exactly {EXPECTED_EVENT_CARDS} cards, got {len(rules.event_cards)}", field="cards"
        )
    if sorted(c.number for c in rules.event_cards) != list(range(1, EXPECTED_EVENT_CARDS + 1)):
        raise RulesDataError("event_cards.json", "card numbers must be 1-22, each once", field="cards")

    _unique_ids("attack_cards.json", rules.attack_cards)
    if len(rules.attack_cards) != EXPECTED_ATTACK_CARDS:
        raise RulesDataError(
            "attack_cards.json",
            f"need exactly {EXPECTED_ATTACK_CARDS} cards, got {len(rules.attack_cards)}",
            field="cards",
        )

    _unique_ids("contingency.json", rules.contingency)
    if len(rules.contingency) != EXPECTED_CONTINGENCY_TOKENS:
        raise RulesDataError(
            "contingency.json",
            f"need exactly {EXPECTED_CONTINGENCY_TOKENS} tokens, got {len(rules.contingency)}",
            field="tokens",
        )
    _unique_ids("victory.json", rules.victory.objectives)
    listed = {spec.id for spec in rules.victory.objectives}
    if listed != set(get_args(ObjectiveId)):
        missing = sorted(set(get_args(ObjectiveId)) - listed)
        raise RulesDataError("victory.json", f"every kind of objective must be listed; missing {missing}",
                             field="objectives")


# --------------------------------------------------------------------- entry point
def load_rules(rules_dir: Path | None = None) -> Rules:
    """Read, validate and cross-check every rules-data file."""
    if rules_dir is None:
        from companion.reading.paths import rules_dir as default_rules_dir

        rules_dir = default_rules_dir()
    rules_dir = Path(rules_dir)
    loaded: dict[str, Any] = {}
    for name, model in FILES.items():
        loaded[name] = _validate(name, model, _read(rules_dir, name))
    chars: _CharactersFile = loaded["characters.json"]
    rules = Rules(
        time_track=loaded["time_track.json"],
        power=loaded["power.json"],
        pools=loaded["pools.json"],
        characters=chars.characters,
        knowledge=chars.knowledge,
        intruders=loaded["intruders.json"],
        event_cards=loaded["event_cards.json"].cards,
        attack_cards=loaded["attack_cards.json"].cards,
        contingency=loaded["contingency.json"].tokens,
        contingency_deal=loaded["contingency.json"].deal,
        computer_actions=loaded["computer_actions.json"],
        end_of_game=loaded["end_of_game.json"],
        contamination=loaded["contamination.json"],
        victory=loaded["victory.json"],
    )
    _check(rules)
    return rules
