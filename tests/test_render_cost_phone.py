"""What the phone's and the player's kept screens send, measured on a real Flet session
(tests/flet_session.py), as tests/test_render_cost.py does for the bag screen: a tap builds
no control and sends only what its view changed; a change made at the table reaches a
phone as the few values it changed; the Scanner's film under a finger sends its own place
and nothing else; a Victory Check answer sends what it changed."""
from __future__ import annotations

import asyncio

import flet as ft
import pytest

from companion.engine import commands as c
from companion.engine.views import seat_viewer
from companion.seats.phone_access import PhoneAccess
from companion.seats.seating import Seating
from tests.support.control_tree import controls_on

from .flet_session import controls_built, counting, live_page, noted_changes, patch_operations, shown_control, tap
from .ui_tree import make_controller, page_app
from companion.ui.phone import ids as phone_ids
from companion.ui.scanner import ids as scanner_ids
from companion.ui.victory import ids as victory_ids


@pytest.fixture
def noted(monkeypatch):
    return noted_changes(monkeypatch)


PLAYERS = (("Ana", "hacker"), ("Bora", "janitor"), ("Caio", "lab_rat"))


def _new_game(**options) -> c.NewGame:
    return c.NewGame(players=tuple(c.PlayerSetup(name=name, character=character) for name, character in PLAYERS),
                     seed=5, **options)


class Phone:
    """A seat's page on a real Flet session, with the table's controller beside it."""

    def __init__(self, tmp_path, setup: c.NewGame, seat: int = 1, before=()) -> None:
        self.controller = controller = make_controller(tmp_path)
        controller.new_game(setup, "t")
        for command in before:
            controller.execute(command)
        seating = Seating(controller, tmp_path)
        access = PhoneAccess(host="127.0.0.1", port=0)
        access.accepting = True
        self.page, self.wire = live_page(width=390, height=844)
        self.page.route = f"/seat/{seat}?s={seating.seat_pass(seat).secret}"
        self.counting = counting(self.wire).__enter__()
        self.app = page_app(self.page, controller, language="pt-BR", seating=seating, phone_access=access,
                            trusted=False)
        self.app.start()
        assert self.app.ctx.viewer == seat_viewer(seat)
        self.wire.take()

    def close(self) -> None:
        self.counting.__exit__(None, None, None)

    def sent(self, noted, action) -> tuple[int, object, int, int]:
        """`action()`'s controls built, what went out, its patch operations beyond the button
        styles Flet sends again, and the properties the screen set."""
        del noted[:], self.wire.bodies[:]
        self.wire.take()
        built = controls_built(action)
        sent = self.wire.take()
        styles = patch_operations(self.wire.bodies, only="style")
        buttons = sum(changed for _properties, changed in noted)
        assert styles <= buttons, f"{styles} button styles sent, {buttons} buttons under what changed"
        return built, sent, patch_operations(self.wire.bodies) - styles, sum(properties for properties, _ in noted)


@pytest.fixture
def phone(tmp_path):
    made: list[Phone] = []

    def make(setup=None, **kwargs) -> Phone:
        made.append(Phone(tmp_path, setup or _new_game(), **kwargs))
        return made[-1]

    yield make
    for each in made:
        each.close()


def test_a_knowledge_tap_on_a_phone_builds_nothing_and_sends_what_it_changed(phone, noted):
    page = phone()
    before = page.controller.state.member(1).knowledge
    built, sent, operations, properties = page.sent(noted, lambda: tap(page.page, phone_ids.SEAT_KNOWLEDGE_UP))
    assert page.controller.state.member(1).knowledge == before + 1
    # The own card's Knowledge, the crew's line for the seat and the − button now enabled.
    assert built == 0 and sent.added == 0
    assert 0 < properties == operations <= 8 and sent.bytes < 1000


def test_a_change_at_the_table_reaches_a_phone_as_the_values_it_changed(phone, noted):
    page = phone()
    built, sent, operations, properties = page.sent(
        noted, lambda: page.controller.execute(c.ChangeKnowledge(seat=2, by=1)))
    # One line of the crew says the new Knowledge: nothing is built, one value goes out.
    assert built == 0 and sent.added == 0 and sent.messages == 1
    assert operations == properties == 1


def test_a_tap_that_changes_nothing_on_the_phone_sends_nothing(phone, noted):
    page = phone()
    page.sent(noted, lambda: tap(page.page, phone_ids.SEAT_KNOWLEDGE_UP))
    built, sent, operations, properties = page.sent(noted, lambda: page.app.render())
    assert (built, sent.bytes, operations, properties) == (0, 0, 0, 0)


def _drag(page, identifier: str, x: float, y: float) -> None:
    """A finger moving on `identifier`'s card, as the page sends it (Flet's own dispatch)."""
    detector = next(control for control in controls_on(shown_control(page, identifier))
                    if isinstance(control, ft.GestureDetector))
    data = {"l": {"x": x, "y": y}, "g": {"x": x, "y": y}}
    loop = asyncio.new_event_loop()
    try:
        loop.run_until_complete(page.session.dispatch_event(detector._i, "pan_update", data))
    finally:
        loop.close()


def test_a_film_drag_sends_the_films_place_and_nothing_else(phone, noted):
    page = phone(_new_game(digital_contamination=True),
                 before=[c.GainContamination(seat=1, count=2)])
    page.controller.execute(c.ScanContamination(seat=1, procedure="all"), seat_viewer(1))
    page.app.render()
    assert page.page.session.index  # the results are on the page
    shown_control(page.page, scanner_ids.scanner_card(1))
    built, sent, operations, properties = page.sent(noted, lambda: _drag(page.page, scanner_ids.scanner_card(1), 150, 170))
    # Along the card's lower edge (the field not covered): the film's left and the word's
    # under it, in one message; nothing built, and the screen not shown again (the film's
    # own changes were the only ones taken).
    assert page.app.ctx.extras["scanner_film"].read == set()
    assert built == 0 and sent.added == 0 and sent.messages == 1 and len(noted) == 1
    assert operations == properties == 2 and sent.bytes < 200
    # A finger that stays where the film already lies sends nothing at all.
    built, sent, operations, properties = page.sent(noted, lambda: _drag(page.page, scanner_ids.scanner_card(1), 150, 170))
    assert (built, sent.bytes, operations, properties) == (0, 0, 0, 0)


def test_a_victory_check_answer_on_a_phone_builds_nothing_and_sends_what_it_changed(phone, noted):
    from tests.test_victory_asks_only import _commands_to_the_end

    commands = _commands_to_the_end(digital=True, cards={2: 2}, larva=(2,))
    page = phone(commands[0], seat=2, before=[*commands[1:], c.StartVictoryCheck(), c.ConfirmRoster(),
                                              c.EnterActiveContingency(token="green"), c.StartContaminationChecks()])
    shown_control(page.page, victory_ids.VICTORY_PRIVATE)
    built, sent, operations, properties = page.sent(
        noted, lambda: tap(page.page, victory_ids.victory_count("action-cards", 6)))
    # The chip chosen (its selection, colour, frame) and the draw button now enabled.
    assert built == 0 and sent.added == 0
    assert 0 < properties == operations <= 10 and sent.bytes < 1000
