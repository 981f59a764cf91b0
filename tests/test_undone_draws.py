"""An undone draw, said aloud: drawing again after an undo brings the same token or card
(the random state and the decks' order are part of the game), so the undo tells the table
what it now knows: a public line, announced, naming what was drawn, in both languages. A
step that showed one player a secret is undone by nobody."""
from __future__ import annotations

from typing import Callable

import pytest

import companion.engine.commands as c
from companion.engine import GameSession, IllegalCommand
from companion.engine.journal import Audience, for_table
from companion.engine.phase.model import EventStep
from companion.engine.registry import REGISTRY
from companion.engine.views import TABLE, seat_viewer
from companion.i18n.translator import Translator
from companion.seats.controller import TableController
from companion.store import GameStore
from tests.conftest import cmd, setup_command
from tests.support.bag_helpers import start
from tests.support.deck_helpers import drive_to

SEEDS = range(1, 51)


def _bag(game: GameSession):
    game.execute(cmd("resolve_encounter", seat=1, place="S-02", hand=2))
    return game.state.bag.last_draw.token, {"kind": game.state.bag.last_draw.kind}


def _event(game: GameSession):
    game.execute(cmd("draw_event_card"))
    card = game.state.event_phase.event_card
    return card, {"event_card": next(s.card for s in game.rules.event_cards if s.id == card)}


def _attack(game: GameSession):
    game.execute(cmd("resolve_attack", attacker="adult", seat=2, dark=False))
    card = game.state.latest.attack.card
    return card, {"attack_card": next(s.kind for s in game.rules.attack_cards if s.id == card), "kind": "adult"}


def _injury(game: GameSession):
    game.execute(cmd("injury_check", intruder="breeder", injuries=2))
    injury = game.state.latest.injury
    return tuple(injury.cards), {"kind": "breeder", "count": len(injury.cards), "total": injury.total}


def _at_event_card(rules, seed: int) -> GameSession:
    game = start(rules, seed=seed)
    drive_to(game, rules, EventStep.EVENT_CARD)
    return game


DRAWS: dict[str, tuple[str, Callable, Callable]] = {
    "bag": ("announce.undo.bag", lambda rules, seed: start(rules, seed=seed), _bag),
    "event": ("announce.undo.event_card", _at_event_card, _event),
    "attack": ("announce.undo.attack_card", lambda rules, seed: start(rules, seed=seed), _attack),
    "injury": ("announce.undo.injury", lambda rules, seed: start(rules, seed=seed), _injury),
}


@pytest.mark.parametrize("name", list(DRAWS))
def test_a_draw_undone_and_made_again_gives_the_same_result_and_the_undo_says_so(rules, name):
    key, begin, draw = DRAWS[name]
    results = set()
    for seed in SEEDS:
        game = begin(rules, seed)
        first, named = draw(game)
        drawn_at = game.cursor
        game.undo()
        # The undo's line is the newest of the public log: public, announced, naming the draw.
        said = game.history(for_table, limit=1)[0]
        assert (said.key, said.params, said.announce, said.seq) == (key, named, True, drawn_at - 1), seed
        assert said.visibility.audience is Audience.EVERYONE
        again, _ = draw(game)
        assert again == first, seed
        results.add(first)
        # Made again, the log keeps the undo's line under the new draw.
        assert key in [e.key for e in game.history(for_table, since=drawn_at - 1)]
    assert len(results) > 3  # the seeds do draw different results


@pytest.mark.parametrize("lang", ["pt-BR", "tr"])
@pytest.mark.parametrize("name", list(DRAWS))
def test_the_undone_draw_line_reads_whole_in_both_languages(rules, name, lang):
    key, begin, draw = DRAWS[name]
    game = begin(rules, 3)
    _, named = draw(game)
    game.undo()
    translator = Translator(lang)
    text = translator.entry(game.history(for_table, limit=1)[0])
    assert "⟦" not in text and "{" not in text, text
    first = next(iter(named))
    prefix = {"kind": "intruder", "event_card": "event_card.name", "attack_card": "attack_card.name"}[first]
    assert translator.name(prefix, named[first]) in text


def test_an_undo_that_drew_nothing_or_that_the_table_drew_says_nothing(rules):
    game = start(rules, seed=4)
    game.execute(cmd("place_fire"))
    game.undo()
    physical = start(rules, seed=4, physical=True)
    physical.execute(cmd("resolve_encounter", seat=1, place="S-02", hand=2, outcome={"kind": "adult", "light": 2,
                                                                                     "dark": 3}))
    physical.undo()  # the table's own bag: drawn again for real
    for session in (game, physical):
        assert not [e for e in session.history(for_table) if e.key.startswith("announce.undo.")]


def test_the_table_hears_the_undo_and_the_line_is_saved(tmp_path, rules):
    store = GameStore(tmp_path)
    controller = TableController(store, rules)
    game_id = controller.new_game(setup_command(seed=8), "t")
    heard = {"table": [], "seat": []}
    controller.subscribe(TABLE, heard["table"].append)
    controller.subscribe(seat_viewer(2), heard["seat"].append)
    token = controller.execute(cmd("develop_bag")).state.bag.last_draw
    controller.undo()
    for feed in (heard["table"][-1], heard["seat"][-1]):
        assert feed.change == "undo"
        assert [(e.key, e.params, e.announce) for e in feed.events] == [
            ("announce.undo.bag", {"kind": token.kind}, True)]
    assert controller.history(TABLE, limit=1)[0].key == "announce.undo.bag"
    # Reopened from disk, the line is still in the log; the draw made again is the same.
    store.close()
    reopened = TableController(GameStore(tmp_path), rules)
    reopened.open(game_id)
    assert [e.key for e in reopened.history(TABLE)][:2] == ["announce.undo.bag", "log.new_game"]
    assert reopened.execute(cmd("develop_bag")).state.bag.last_draw.token == token.token
    keys = [e.key for e in reopened.history(TABLE)]
    assert keys.index("announce.undo.bag") > 0  # under the draw made again


# --------------------------------------------------------------------- a secret shown to one player
# Every command that shows one player a secret, by its own rule: a hidden outcome that wrote
# a line only that seat reads (a scan's result, a Contingency look, a Victory Check draw).
SECRET_SHOWING = {c.ScanContamination, c.ContaminationCheck, c.PeekContingency, c.DrawContamination,
                  c.RevealActiveContingency}


def test_the_commands_that_show_a_secret_are_the_ones_never_undone():
    marked = {registration.command for registration in REGISTRY if registration.command.reveals_hidden}
    assert marked == SECRET_SHOWING
    assert all(REGISTRY.get(cls).hidden_outcome for cls in marked)


# Dealing and scanning Contamination cards, and looking at Contingency tokens, more often.
SECRET_FACTORIES = [
    lambda n: cmd("gain_contamination", seat=1 + n % 3),
    lambda n: cmd("scan_contamination", seat=1 + n % 3, procedure="hand", in_hand=n % 3),
    lambda n: cmd("peek_contingency", seat=1 + n % 3, via="archive", target=None if n % 2 else 1 + (n // 3) % 3),
]


def test_random_games_never_undo_a_step_that_showed_a_seat_a_secret():
    """A hidden outcome shown on one seat's line only: the step is not undoable, in any
    reachable game (the rule follows the steps, not a list of names)."""
    import random

    from tests.support.random_games import FACTORIES, play

    found: dict[type, int] = {}
    for seed in range(30):
        pick = random.Random(seed)
        setup = setup_command(players=3, seed=seed).model_copy(update={"contingency_tokens": True,
                                                                       "digital_contamination": True})
        factories = FACTORIES + SECRET_FACTORIES * 8
        steps = [(pick.choice(factories), pick.randrange(10**6)) for _ in range(120)]
        for game in play(setup, steps, moves=[0, 1, 0, 2]):
            if game.cursor == 0:
                continue
            command = game.commands[game.cursor]
            seat_only = [e for e in game.events_at(game.cursor) if e.visibility.audience is Audience.SEAT]
            if seat_only and REGISTRY.get(type(command)).hidden_outcome:
                found[type(command)] = found.get(type(command), 0) + 1
                assert not game.can_undo, command
                with pytest.raises(IllegalCommand):
                    game.undo()
    assert {c.ScanContamination, c.PeekContingency} <= set(found) and sum(found.values()) > 20, found


@pytest.mark.parametrize("actor", [TABLE, seat_viewer(1)])
def test_nobody_undoes_a_scan_through_the_controller(tmp_path, rules, actor):
    controller = TableController(GameStore(tmp_path), rules)
    controller.new_game(setup_command(seed=5).model_copy(update={"digital_contamination": True}), "t")
    controller.execute(cmd("gain_contamination", seat=1), seat_viewer(1))
    controller.execute(cmd("scan_contamination", seat=1, procedure="hand", in_hand=1), seat_viewer(1))
    assert not controller.can_undo and not controller.feed(TABLE).undo.can_undo
    cursor = controller.session.cursor
    with pytest.raises(IllegalCommand) as refused:
        controller.undo(actor)
    assert refused.value.key == ("error.nothing_to_undo" if actor.is_table else "error.table_only")
    assert controller.session.cursor == cursor


# --------------------------------------------------------------------- on the table's screen
def test_the_table_screen_announces_the_undone_draw_and_its_undo_notice_names_the_step(tmp_path):
    import flet as ft

    from companion.engine.commands import DevelopBag, PlaceFire
    from companion.ui import ids
    from companion.ui.i18n_view import Texts

    from .test_ui_round_flow import _click, _find, _live, _new
    from .ui_tree import make_controller, strings

    controller = make_controller(tmp_path)
    app, page = _live(controller)
    _new(controller)
    controller.execute(PlaceFire())
    fire_line = controller.history(TABLE, limit=1)[0]
    controller.execute(DevelopBag())
    _click(_find(page.appbar, ids.UNDO))
    said = controller.history(TABLE, limit=1)[0]
    assert said.key == "announce.undo.bag"
    texts = Texts("pt-BR")
    announced = [d for d in page.dialogs if isinstance(d, ft.AlertDialog) and d.open]
    assert announced and texts.entry(said) in " ".join(strings(announced[-1].content))
    # The next undo takes back the Fire marker, and says so (not the line the undo wrote).
    _click(_find(page.appbar, ids.UNDO))
    assert controller.state.fire == 0
    notice = next(d for d in reversed(page.dialogs) if isinstance(d, ft.SnackBar))
    assert texts.t("ui.common.undone", what=texts.entry(fire_line)) in " ".join(strings(notice.content))
