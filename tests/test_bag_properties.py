"""Random sequences of every bag command (digital and physical bags) never create or lose
a token, never exceed the box, and every line they log renders in both languages."""
from __future__ import annotations

from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.engine import GameSession, GameState, IllegalCommand
from companion.engine.bag.model import MINIATURE_KINDS, Awaiting, DrawResult, Place
from companion.i18n import LANGUAGES, Translator, load_catalog, placeholders
from companion.rules import load_rules
from tests.conftest import cmd, setup_command

RULES = load_rules()
BOX = [spec.id for spec in RULES.intruders.tokens]
BOX_KINDS = Counter(spec.kind for spec in RULES.intruders.tokens)
KIND_OF = {spec.id: spec.kind for spec in RULES.intruders.tokens}
NUMBERS = sorted({(spec.kind, spec.light, spec.dark) for spec in RULES.intruders.tokens})
PLACES = [p.value for p in Place]
KINDS = list(MINIATURE_KINDS)


def _outcome(n: int) -> dict:
    """A reported token: by id (sometimes one not in the box) or by kind, with or without numbers."""
    style = n % 4
    if style == 0:
        return {"token": BOX[(n // 4) % len(BOX)]}
    if style == 1:
        return {"token": "adult_13"}
    kind, light, dark = NUMBERS[(n // 4) % len(NUMBERS)]
    if style == 2 or kind == "blank":
        return {"kind": kind}
    return {"kind": kind, "light": light, "dark": dark}


def _maybe_outcome(n: int) -> dict:
    # Mostly the right form for the bag; sometimes the wrong one (must be refused).
    return {} if n % 5 == 0 else {"outcome": _outcome(n // 5)}


FACTORIES = [
    lambda n: cmd("resolve_encounter", seat=n % 5, place=PLACES[(n // 5) % 5], hand=(n // 25) % 7,
                  **_maybe_outcome(n // 175)),
    lambda n: cmd("resolve_encounter", seat=1, place=PLACES[n % 5], hand=(n // 5) % 6, **_maybe_outcome(n // 30)),
    lambda n: cmd("develop_bag", **_maybe_outcome(n)),
    lambda n: cmd("develop_bag", **_maybe_outcome(n)),
    lambda n: cmd("develop_bag", **_maybe_outcome(n)),
    lambda n: cmd("answer_queen_in_nest", character_in_nest=False),
    lambda n: cmd("answer_queen_in_nest", character_in_nest=True, seat=1 + n % 3, place=PLACES[(n // 3) % 5],
                  hand=(n // 15) % 6),
    lambda n: cmd("answer_queen_in_nest", character_in_nest=bool(n % 2), seat=1),
    lambda n: cmd("kill_intruder", kind=KINDS[n % 5]),
    lambda n: cmd("intruder_to_technical_corridor", kind=KINDS[n % 5]),
    lambda n: cmd("remove_intruder", kind=KINDS[n % 5]),
    lambda n: cmd("place_intruder", kind=KINDS[n % 5]),
    lambda n: cmd("place_intruder", kind="adult"),
    lambda n: cmd("place_intruder", kind="adult"),
    lambda n: cmd("answer_adults_retreat", not_in_combat=n % 9),
    lambda n: cmd("add_to_bag", kind=KINDS[n % 5]),
    lambda n: cmd("return_intruders_to_bag", counts={KINDS[n % 5]: (n // 5) % 4, KINDS[(n // 20) % 5]: n % 2}),
    lambda n: cmd("remove_egg", how="taken" if n % 2 else "destroyed"),
    lambda n: cmd("set_show_odds", show=bool(n % 2)),
    lambda n: cmd("flip_power", section=["S-01", "S-02", "S-03", "ELEVATOR"][n % 4]),
    lambda n: cmd("record_death", seat=1 + n % 5),
]

SETUPS = st.builds(
    lambda players, seed, physical: setup_command(players=players, seed=seed).model_copy(
        update={"physical_bag": physical}),
    st.integers(2, 5), st.integers(0, 10**6), st.booleans(),
)


def check_bag(state: GameState) -> None:
    bag = state.bag
    # Every token of the box is in exactly one place: bag or beside the board.
    assert sorted(bag.bag + bag.aside) == sorted(BOX)
    assert len(set(bag.bag)) == len(bag.bag) and not set(bag.bag) & set(bag.aside)
    in_bag = Counter(KIND_OF[t] for t in bag.bag)
    for kind, count in in_bag.items():
        assert count <= BOX_KINDS[kind]
    assert in_bag["blank"] == 1  # the Blank always goes back
    for kind in MINIATURE_KINDS:
        assert 0 <= bag.on_board[kind] <= RULES.intruders.miniatures[kind]
    assert bag.eggs >= 0 and bag.carcasses >= 0
    assert bag.nest_destroyed == (bag.eggs == 0)  # eggs only run out by being taken or destroyed
    # The tokens drawn for intruders on the board wait beside it, at most one a miniature.
    assert set(bag.on_board_tokens) <= set(bag.aside)
    for kind, count in Counter(KIND_OF[t] for t in bag.on_board_tokens).items():
        assert count <= bag.on_board[kind]
    if bag.awaiting is Awaiting.QUEEN_IN_NEST:
        assert "queen" in bag.bag and bag.last_draw.kind == "queen"
    if bag.awaiting is Awaiting.ADULTS_RETREAT:
        assert bag.on_board["adult"] == RULES.intruders.miniatures["adult"]
    if bag.last_draw is not None and bag.last_draw.result is DrawResult.ADULTS_RETREAT:
        assert bag.awaiting is Awaiting.ADULTS_RETREAT and bag.last_draw.kind == "adult"
    assert GameState.model_validate_json(state.model_dump_json()) == state


CATALOG = load_catalog()
TRANSLATORS = {lang: Translator(lang, CATALOG) for lang in LANGUAGES}


def check_text(entries, refusals) -> None:
    for lang, tr in TRANSLATORS.items():
        for entry in entries:
            template = CATALOG[lang].get(entry.key)
            assert template is not None, (lang, entry.key)
            assert placeholders(template) <= set(entry.params), (lang, entry.key, entry.params)
            text = tr.entry(entry)
            assert "⟦" not in text and "{" not in text and "None" not in text, (lang, text)
        for exc in refusals:
            template = CATALOG[lang].get(exc.key)
            assert template is not None, (lang, exc.key)
            assert placeholders(template) <= set(exc.params), (lang, exc.key, exc.params)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    setup=SETUPS,
    steps=st.lists(st.tuples(st.sampled_from(FACTORIES), st.integers(0, 10**6)), min_size=20, max_size=120),
)
def test_bag_commands_conserve_tokens_and_miniatures(setup, steps):
    game = GameSession.start(setup, RULES)
    check_bag(game.state)
    entries = list(game.events_at(0))
    refusals: list[IllegalCommand] = []
    for factory, n in steps:
        before = game.state
        try:
            step = game.execute(factory(n))
        except IllegalCommand as exc:
            assert game.state is before
            refusals.append(exc)
            continue
        check_bag(step.state)
        entries += step.events
        # Undo and redo give back the very same states.
        text = step.state.model_dump_json()
        assert game.undo().model_dump_json() == before.model_dump_json()
        assert game.redo().model_dump_json() == text
    check_text(entries, refusals)
