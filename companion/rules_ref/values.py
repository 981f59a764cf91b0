"""Rules-data values quoted by topics: a small path language over :class:`Rules`.

A spec is ``path`` or ``path|format|format…``. The path walks attributes and mapping
keys with dots; ``[field=value]`` keeps the items of a list whose field equals the
value (several filters separated by commas); a field named after a list is read from
every item. Examples::

    pools.fire                                      -> 12
    time_track.slots[threshold=red].number|slots    -> 14, 13, 09, 07, 04
    intruders.tokens[kind=adult]|token_numbers      -> 3× 1/3, 3× 2/3, …
    attack_cards[kind=cut].blood|blood              -> 2, 3, 4, 5 and the Retreat arrow
    intruders.nest_eggs|plural:eggs                 -> "5 Ovos" (the topic's plural forms "eggs")
    contamination.infected_once_per_scan|say:once   -> the topic's phrase "once_yes" or "once_no"
    end_of_game.alert_kills|contains:isolation|say:locked -> "locked_yes" or "locked_no"

Every field read on the way (filter fields included: they decide what is picked) adds
its confidence; the value is unconfirmed when any of them is "F" or "?".
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence

from pydantic import BaseModel

from companion.rules.models import UNCONFIRMED, Confidence, Rules, RulesEntry

__all__ = ["FORMATS", "Resolved", "ValueSpecError", "Words", "format_value", "resolve", "split_spec"]

_SEGMENT = re.compile(r"^(?P<name>[a-z_][a-z0-9_]*)(?:\[(?P<filters>[^\]]+)\])?$")
_FILTER = re.compile(r"^\s*(?P<field>[a-z_][a-z0-9_]*)\s*=\s*(?P<value>[^,=\s]+)\s*$")


class ValueSpecError(ValueError):
    """A spec that names no rules-data value (or an unknown format)."""


@dataclass
class Resolved:
    value: Any
    confidences: set[Confidence] = field(default_factory=set)
    is_number: bool = False  # the text is a bare number (a count sentence needs |plural)

    @property
    def unconfirmed(self) -> bool:
        return bool(self.confidences & UNCONFIRMED)

    @property
    def confidence(self) -> Confidence:
        """The weakest source among the fields read: "?" < "F" < "C"/"R"."""
        for mark in ("?", "F", "C"):
            if mark in self.confidences:
                return mark  # type: ignore[return-value]
        return "R"

    def touch(self, entry: Any, name: str) -> None:
        if isinstance(entry, RulesEntry):
            self.confidences.add(entry.confidence_of(name))


@dataclass(frozen=True)
class Words:
    """The few words a value needs in a sentence, in the reader's language."""

    conjunction: str  # "e" / "ve"
    yes: str
    no: str
    retreat: str  # an attack card's Retreat arrow in place of a blood value
    names: Mapping[str, str]  # catalog: intruder.<kind>, threshold.<colour>, …
    whereabouts: Mapping[str, str]
    choices: Mapping[str, str]  # named phrases a |choose or |say format picks between
    lang: str = ""  # picks the plural form of a |plural phrase
    counts: Mapping[str, Mapping[str, str]] = field(default_factory=dict)  # name -> plural forms


def split_spec(spec: str) -> tuple[str, tuple[str, ...]]:
    path, *formats = [part.strip() for part in spec.split("|")]
    return path, tuple(formats)


def _literal(text: str) -> Any:
    lowered = text.lower()
    if lowered in ("true", "false"):
        return lowered == "true"
    if lowered in ("null", "none"):
        return None
    try:
        return int(text)
    except ValueError:
        return text


def _child(node: Any, name: str, resolved: Resolved) -> Any:
    if isinstance(node, BaseModel):
        if name not in type(node).model_fields:
            raise ValueSpecError(f"{type(node).__name__} has no field {name!r}")
        resolved.touch(node, name)
        return getattr(node, name)
    if isinstance(node, Mapping):
        if name not in node:
            raise ValueSpecError(f"no key {name!r} (keys: {', '.join(sorted(map(str, node)))})")
        return node[name]
    if isinstance(node, tuple):
        return tuple(_child(item, name, resolved) for item in node)
    raise ValueSpecError(f"cannot read {name!r} from a {type(node).__name__}")


def _filtered(items: Any, filters: str, resolved: Resolved) -> tuple[Any, ...]:
    if not isinstance(items, tuple):
        raise ValueSpecError("a [field=value] filter needs a list")
    conditions = []
    for part in filters.split(","):
        match = _FILTER.match(part)
        if match is None:
            raise ValueSpecError(f"bad filter {part.strip()!r}: write field=value")
        conditions.append((match["field"], _literal(match["value"])))
    kept = []
    for item in items:
        values = [_child(item, name, resolved) for name, _ in conditions]
        if all(value == wanted for value, (_, wanted) in zip(values, conditions)):
            kept.append(item)
    if not kept:
        raise ValueSpecError(f"no item matches [{filters}]")
    return tuple(kept)


def resolve(rules: Rules, path: str) -> Resolved:
    """Walk `path` from the rules; raises ValueSpecError naming what is missing."""
    resolved = Resolved(None)
    node: Any = rules
    for segment in path.split("."):
        match = _SEGMENT.match(segment)
        if match is None:
            raise ValueSpecError(f"bad path segment {segment!r} in {path!r}")
        try:
            node = _child(node, match["name"], resolved)
            if match["filters"]:
                node = _filtered(node, match["filters"], resolved)
        except ValueSpecError as exc:
            raise ValueSpecError(f"{path}: {exc}") from None
    resolved.value = node
    return resolved


# ----------------------------------------------------------------- formats
def _join(items: Sequence[str], words: Words) -> str:
    items = [item for item in items if item != ""]
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {words.conjunction} {items[-1]}"


def _plain(value: Any, words: Words) -> str:
    if isinstance(value, bool):
        return words.yes if value else words.no
    if value is None:
        return ""
    if isinstance(value, (tuple, list)):
        return _join([_plain(item, words) for item in value], words)
    if isinstance(value, BaseModel):
        raise ValueSpecError(f"{type(value).__name__} is a whole entry: name one of its fields or a format")
    return str(getattr(value, "value", value))


def _slot(number: Any) -> str:
    return "S" if number == 0 else f"{int(number):02d}"


def _as_list(value: Any) -> list[Any]:
    return list(value) if isinstance(value, (tuple, list)) else [value]


def _leaves(value: Any) -> list[Any]:
    """Nested lists (a field read from picked items) as one flat list of raw values."""
    if isinstance(value, (tuple, list)):
        return [leaf for item in value for leaf in _leaves(item)]
    return [getattr(value, "value", value)]  # enums name themselves by value


def _fmt_slots(value: Any, words: Words, resolved: Resolved, arg: str | None) -> Any:
    return tuple(_slot(n) for n in _as_list(value)) if isinstance(value, tuple) else _slot(value)


def _fmt_count(value: Any, words: Words, resolved: Resolved, arg: str | None) -> Any:
    return len(_as_list(value))


def _fmt_unique(value: Any, words: Words, resolved: Resolved, arg: str | None) -> Any:
    return tuple(dict.fromkeys(_as_list(value)))


def _fmt_flatten(value: Any, words: Words, resolved: Resolved, arg: str | None) -> Any:
    return tuple(item for group in _as_list(value) for item in _as_list(group))


def _named(prefix: str) -> Callable[[Any, Words, Resolved, str | None], Any]:
    def fmt(value: Any, words: Words, resolved: Resolved, arg: str | None) -> Any:
        def name(raw: Any) -> str:
            key = f"{prefix}.{raw}"
            if key not in words.names:
                raise ValueSpecError(f"no text for {key!r}")
            return words.names[key]

        return tuple(name(v) for v in _leaves(value)) if isinstance(value, tuple) else name(_leaves(value)[0])

    return fmt


def _fmt_whereabouts(value: Any, words: Words, resolved: Resolved, arg: str | None) -> Any:
    def name(raw: str) -> str:
        if raw not in words.whereabouts:
            raise ValueSpecError(f"no text for the place {raw!r}")
        return words.whereabouts[raw]

    return tuple(name(v) for v in _leaves(value))


def _fmt_blood(value: Any, words: Words, resolved: Resolved, arg: str | None) -> Any:
    return tuple(words.retreat if v is None else str(v) for v in _as_list(value))


def _fmt_token_numbers(value: Any, words: Words, resolved: Resolved, arg: str | None) -> Any:
    """Intruder tokens grouped by their light/dark numbers: "4× 1/2, 4× 0/1"."""
    counts: Counter[tuple[Any, Any]] = Counter()
    for token in _as_list(value):
        if not isinstance(token, BaseModel) or "light" not in type(token).model_fields:
            raise ValueSpecError("token_numbers needs a list of Intruder tokens")
        resolved.touch(token, "light")
        resolved.touch(token, "dark")
        counts[(token.light, token.dark)] += 1
    return tuple(f"{n}× {light}/{dark}" for (light, dark), n in counts.items())


def _fmt_choose(value: Any, words: Words, resolved: Resolved, arg: str | None) -> Any:
    """choose:if_true:if_false — one of two named phrases, picked by a yes/no value."""
    names = (arg or "").split(":")
    if isinstance(value, tuple) and len(set(value)) == 1:
        value = value[0]  # one card picked by its id, or copies that agree
    if len(names) != 2 or not isinstance(value, bool):
        raise ValueSpecError("choose takes a yes/no value and two phrase names: choose:when_yes:when_no")
    chosen = names[0] if value else names[1]
    if chosen not in words.choices:
        raise ValueSpecError(f"no phrase named {chosen!r}")
    return words.choices[chosen]


def _token(value: Any) -> str:
    """A switch's value as a phrase-name suffix: yes/no, or the value itself."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(getattr(value, "value", value))


def _fmt_contains(value: Any, words: Words, resolved: Resolved, arg: str | None) -> Any:
    """contains:<value> — whether a list holds that value (a yes/no for |say)."""
    return (arg or "") in {str(getattr(item, "value", item)) for item in _as_list(value)}


def _fmt_say(value: Any, words: Words, resolved: Resolved, arg: str | None) -> Any:
    """say:<prefix> — the phrase named <prefix>_<value> (yes/no for a switch), so the
    sentence a topic states follows the value the engine reads."""
    if not arg:
        raise ValueSpecError("say takes a phrase prefix: say:<prefix>")
    if isinstance(value, tuple) and len(set(value)) == 1:
        value = value[0]
    if isinstance(value, (tuple, list, BaseModel)):
        raise ValueSpecError("say needs one value")
    name = f"{arg}_{_token(value)}"
    if name not in words.choices:
        raise ValueSpecError(f"no phrase named {name!r}")
    return words.choices[name]


def _fmt_plural(value: Any, words: Words, resolved: Resolved, arg: str | None) -> Any:
    """plural:<name> — the topic's plural forms <name>, picked by the number and filled as {count}."""
    from companion.i18n.plurals import select_form

    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueSpecError("plural needs a whole number")
    forms = words.counts.get(arg or "")
    if not forms:
        raise ValueSpecError(f"no plural forms named {arg!r}")
    form = select_form(words.lang, value, forms)
    if form is None:
        raise ValueSpecError(f"plural forms {arg!r} have none for {value}")
    return forms[form].replace("{count}", str(value))


FORMATS: dict[str, Callable[[Any, Words, Resolved, str | None], Any]] = {
    "slots": _fmt_slots,
    "count": _fmt_count,
    "unique": _fmt_unique,
    "flatten": _fmt_flatten,
    "kinds": _named("intruder"),
    "threshold": _named("threshold"),
    "whereabouts": _fmt_whereabouts,
    "blood": _fmt_blood,
    "token_numbers": _fmt_token_numbers,
    "choose": _fmt_choose,
    "contains": _fmt_contains,
    "say": _fmt_say,
    "plural": _fmt_plural,
}


def format_value(rules: Rules, spec: str, words: Words) -> Resolved:
    """Resolve `spec` and turn its value into text; `.value` is that text."""
    path, formats = split_spec(spec)
    resolved = resolve(rules, path)
    value = resolved.value
    for fmt in formats:
        name, _, arg = fmt.partition(":")
        if name not in FORMATS:
            raise ValueSpecError(f"{spec}: unknown format {name!r} (known: {', '.join(FORMATS)})")
        try:
            value = FORMATS[name](value, words, resolved, arg or None)
        except ValueSpecError as exc:
            raise ValueSpecError(f"{spec}: {exc}") from None
    resolved.is_number = isinstance(value, int) and not isinstance(value, bool)
    try:
        resolved.value = _plain(value, words)
    except ValueSpecError as exc:
        raise ValueSpecError(f"{spec}: {exc}") from None
    return resolved
