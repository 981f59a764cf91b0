"""What a viewer may do now: the legal actions every screen draws its buttons from.

`legal_actions(state, viewer, rules)` asks each command's registration what a table could
send in this state (its `offers`), keeps what this viewer may send (engine/authority.py),
and judges each with the command's own check. An action is shown enabled, or disabled
with its reason; one the player completes (a hand size, the cards to scan) lists the
values allowed for each argument still to pick. A screen sends `action.command(...)`
and nothing else.

Nothing here reads a hidden or drawn outcome: offers and checks read what the table can
see (tests/test_hidden_outcomes.py holds it over twin games).
"""
from __future__ import annotations

import json
from functools import cached_property
from typing import TYPE_CHECKING, Any, Callable

from pydantic import Field

from .apply import check
from .authority import may_ever_send, refusal_at_this_moment, refusal_for_kind
from .commands import GameCommand, parse_command
from .errors import IllegalCommand
from .guards import require_no_event_phase
from .registry import REGISTRY, EachKey, Open
from .state import GameState
from .view_base import Refusal, View, json_value as _json
from .viewer import Viewer

if TYPE_CHECKING:
    from companion.rules import Rules


class Action(View):
    """One thing this viewer may do now (or sees and may not, with the reason)."""

    # The command's type tag and the arguments the engine fixed (JSON values).
    type: str
    fixed: dict[str, Any] = Field(default_factory=dict)
    # The arguments the player still picks, each with its allowed values (a dict-valued
    # argument: per key, its allowed values).
    choices: dict[str, tuple[Any, ...] | dict[str, tuple[Any, ...]]] = Field(default_factory=dict)
    refusal: Refusal | None = None
    # The confirmation asked before it is sent (a key under ui.confirm.).
    confirm: str | None = None

    @property
    def allowed(self) -> bool:
        return self.refusal is None

    @property
    def key(self) -> str:
        return action_key(self.type, self.fixed)

    def allows(self, **picked: Any) -> bool:
        """Whether `picked` fills every choice with an allowed value."""
        if set(picked) != set(self.choices):
            return False
        return all(_within(_json(value), self.choices[name]) for name, value in picked.items())

    def command(self, **picked: Any) -> GameCommand:
        """The command this action sends, with the player's picks (ValueError: not offered)."""
        if not self.allows(**picked):
            raise ValueError(f"{self.type}: {sorted(picked)} is not a choice this action offers")
        return parse_command({"type": self.type, **self.fixed, **{name: _json(v) for name, v in picked.items()}})


def _within(value: Any, allowed: tuple[Any, ...] | dict[str, tuple[Any, ...]]) -> bool:
    """A list-valued argument (the cards to scan) picks among the allowed values; a
    dict-valued one picks, for each key it names, among that key's values."""
    if isinstance(allowed, dict):
        return isinstance(value, dict) and all(key in allowed and item in allowed[key] for key, item in value.items())
    if isinstance(value, list):
        return all(item in allowed for item in value)
    return value in allowed


def action_key(type_tag: str, fixed: dict[str, Any]) -> str:
    """The key an action is found by. Screens ask it hundreds of times per change, for the
    same few arguments (a seat, a place): each key is encoded once."""
    return _KEYS.kept((type_tag, _frozen(fixed)), lambda: _encoded_key(type_tag, fixed))


def _encoded_key(type_tag: str, fixed: dict[str, Any]) -> str:
    return type_tag + json.dumps(fixed, sort_keys=True, separators=(",", ":"))


class _Kept(dict):
    """Values built once per key, the key made of the values that decide them, each with
    its type (True and 1 are different keys). A key that cannot be hashed (a list among
    its values) is built each time; the whole is forgotten past KEPT entries."""

    KEPT = 20_000

    def kept(self, key: tuple, build: Callable[[], Any]) -> Any:
        try:
            return self[key]
        except TypeError:
            return build()
        except KeyError:
            if len(self) > self.KEPT:
                self.clear()
            value = self[key] = build()
            return value


def _frozen(values: dict[str, Any]) -> tuple:
    return tuple((name, type(value), value) for name, value in values.items())


# Keys by the arguments as given.
_KEYS = _Kept()


class Actions(View):
    """A viewer's actions, found by what they do."""

    items: tuple[Action, ...] = ()

    @cached_property
    def _by_key(self) -> dict[str, Action]:
        return {action.key: action for action in self.items}

    def __iter__(self):  # type: ignore[override]
        return iter(self.items)

    def __len__(self) -> int:
        return len(self.items)

    def get(self, key: str) -> Action | None:
        """The action with this key (Action.key), if offered."""
        return self._by_key.get(key)

    def find(self, command: type[GameCommand], **fixed: Any) -> Action | None:
        """The action of `command` with these fixed arguments (defaults may be left out)."""
        key = _FOUND_BY.kept((command, _frozen(fixed)),
                             lambda: action_key(type_tag(command), _without_defaults(command, fixed)))
        return self._by_key.get(key)

    def of_type(self, command: type[GameCommand]) -> tuple[Action, ...]:
        tag = type_tag(command)
        return tuple(action for action in self.items if action.type == tag)


# The key a screen's question (a command and the arguments it names) finds its action by.
_FOUND_BY = _Kept()


def type_tag(command: type[GameCommand]) -> str:
    return command.model_fields["type"].default


class Offered(View):
    """One action as the table could take it: judged by the game's check alone (the same
    for every viewer); `legal_actions` keeps those a viewer may send."""

    command: str
    seat: int | None = None
    action: Action
    # The action's key (Action.key), worked out once.
    key: str


class JudgedOffers:
    """Every registration's offers in one state, judged by the game's check alone (the same
    for every viewer: the checks read the state only, never who asks). A registration's
    offers are judged when a viewer that may send its command first asks: the table never
    has the players' private steps judged, nor a phone the table's commands."""

    def __init__(self, state: GameState, rules: "Rules") -> None:
        self._state = state
        self._rules = rules
        self._judged: dict[type, tuple[Offered, ...]] = {}

    def of(self, registration) -> tuple[Offered, ...]:
        found = self._judged.get(registration.command)
        if found is None:
            found = self._judged[registration.command] = tuple(
                _judged(self._state, self._rules, registration, candidate)
                for candidate in registration.offers(self._state, self._rules))
        return found

    def judge_for(self, viewer: Viewer) -> None:
        """Judges now what `viewer` may send (ahead of its view, on another thread)."""
        for registration in _sendable(viewer):
            self.of(registration)


def _sendable(viewer: Viewer) -> list:
    """The registrations with offers whose command `viewer` may ever send, in the registry's
    order (authority.may_ever_send)."""
    return [registration for registration in REGISTRY
            if registration.offers is not None and may_ever_send(viewer, registration.command)]


def offered_actions(state: GameState, rules: "Rules") -> JudgedOffers:
    """Every offer of every registration in this state, judged once, when first asked:
    each viewer's list is a filter of it."""
    return JudgedOffers(state, rules)


def legal_actions(state: GameState | None, viewer: Viewer, rules: "Rules",
                  offered: JudgedOffers | None = None) -> Actions:
    """What `viewer` may do now; `offered`: `offered_actions(state, rules)`, when the caller
    already has it (one change, several viewers)."""
    if state is None or viewer.kind == "nobody":
        return Actions()
    if offered is None:
        offered = offered_actions(state, rules)
    found: list[Action] = []
    by_key: dict[str, Action] = {}
    # Who may send what depends on the command and its seat only: asked once per pair.
    asked: dict[tuple[str, int | None], tuple[bool, IllegalCommand | None]] = {}
    for registration in _sendable(viewer):
        for item in offered.of(registration):
            answer = asked.get((item.command, item.seat))
            if answer is None:
                answer = asked[(item.command, item.seat)] = (
                    refusal_for_kind(viewer, registration.command, item.seat) is None,
                    refusal_at_this_moment(viewer, registration.command, state))
            sendable, moment = answer
            if not sendable:
                continue  # never this viewer's to send
            # One it may send, but not at this moment of the game: shown, with that reason first.
            action = item.action if moment is None else item.action.model_copy(update={"refusal": Refusal.of(moment)})
            found.append(action)
            by_key[item.key] = action
    actions = Actions(items=tuple(found))
    actions.__dict__["_by_key"] = by_key  # the cached lookup, from the keys worked out once
    return actions


def _judged(state: GameState, rules: "Rules", registration, candidate: Any) -> Offered:
    if isinstance(candidate, Open):
        refusal = candidate.refusal
        if refusal is None and registration.refused_during_event_phase:
            try:
                require_no_event_phase(state)
            except IllegalCommand as error:
                refusal = error
        return _kept(_open_key(candidate), refusal, registration.confirm_key(state), candidate, _offered_open)
    return _kept(candidate, check(state, candidate, rules), registration.confirm_key(state), candidate, _offered)


def _kept(decided_by: Any, refusal: IllegalCommand | None, confirm: str | None, candidate: Any, build) -> Offered:
    """The judged offer, built once for what decides it (see _JUDGED)."""
    judged = (decided_by, None if refusal is None else (refusal.key, _frozen(refusal.params)), confirm)
    return _JUDGED.kept(judged, lambda: build(candidate, refusal, confirm))


def _open_key(candidate: Open) -> tuple:
    return (candidate.command, _frozen(candidate.fixed),
            tuple((name, _frozen(values.values) if isinstance(values, EachKey) else _values(values))
                  for name, values in candidate.choices.items()))


def _values(values: Any) -> tuple:
    return tuple((type(value), value) for value in values)


def _offered_open(candidate: Open, refusal: IllegalCommand | None, confirm: str | None) -> Offered:
    action = Action(type=type_tag(candidate.command), fixed=_without_defaults(candidate.command, candidate.fixed),
                    choices={name: _domain(values) for name, values in candidate.choices.items()},
                    refusal=Refusal.of(refusal) if refusal is not None else None, confirm=confirm)
    return Offered(command=action.type, seat=candidate.fixed.get("seat"), action=action, key=action.key)


def _offered(candidate: Any, refusal: IllegalCommand | None, confirm: str | None) -> Offered:
    fixed = candidate.model_dump(mode="json", exclude_defaults=True)
    fixed.pop("type", None)
    action = Action(type=candidate.type, fixed=fixed, refusal=Refusal.of(refusal) if refusal is not None else None,
                    confirm=confirm)
    return Offered(command=candidate.type, seat=candidate.about_seat, action=action, key=action.key)


# Each judged offer kept by what decides it (the command, the refusal, the confirmation):
# most are judged the same change after change, and are then the same object, which the
# views' comparisons pass at once.
_JUDGED = _Kept()



def _domain(values: Any) -> tuple[Any, ...] | dict[str, tuple[Any, ...]]:
    if isinstance(values, EachKey):
        return {_json(key): tuple(_json(v) for v in allowed) for key, allowed in values.values.items()}
    return tuple(_json(v) for v in values)


def _without_defaults(command: type[GameCommand], fixed: dict[str, Any]) -> dict[str, Any]:
    kept = {}
    for name, value in fixed.items():
        value = _json(value)
        field = command.model_fields.get(name)
        if field is not None and not field.is_required() and _json(field.default) == value:
            continue
        kept[name] = value
    return kept
