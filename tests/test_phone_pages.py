"""Phones in the same process as the table: what a page's address makes it, joining by
code, re-issued passes, leaving; and nothing host-only or another seat's reaches a phone."""
from __future__ import annotations

import json

import pytest

from companion.seats.controller import TableController
from companion.engine.views import NOBODY, TABLE, seat_viewer
from companion.hosting.code_attempts import CodeOutcome
from companion.seats.phone_access import PhoneAccess
from companion.seats.seating import Seating
from companion.store import GameStore
from companion.ui import ids
from companion.ui.shell import PageApp
from tests.conftest import cmd, setup_command

from .test_ui_pages import LivePage
from .ui_tree import identifiers, page_app, strings
from companion.ui.phone import ids as phone_ids
from companion.ui.table import ids as table_ids


class PhonePage(LivePage):
    def __init__(self, route: str, session: str, width: float = 390) -> None:
        super().__init__(width=width)
        self.route = route
        self.session = type("Session", (), {"id": session})()
        self.client_ip = f"10.0.0.{len(session)}"
        self.pushed: list[str] = []

    async def push_route(self, route: str) -> None:
        self.pushed.append(route)
        self.route = route


@pytest.fixture
def table(tmp_path, rules):
    controller = TableController(GameStore(tmp_path / "data", rules=rules), rules)
    controller.new_game(setup_command(players=3, seed=987654321), "t")
    seating = Seating(controller, tmp_path / "data")
    access = PhoneAccess(host="127.0.0.1", port=0)
    access.accepting = True
    return controller, seating, access


def open_page(table, route: str, session: str = "s1") -> PageApp:
    controller, seating, access = table
    page = PhonePage(route, session)
    app = page_app(page, controller, language="pt-BR", startup_errors=[], seating=seating, phone_access=access,
                  trusted=False)
    app.start()
    return app


def seat_route(seating: Seating, seat: int) -> str:
    return f"/seat/{seat}?s={seating.seat_pass(seat).secret}"


def shown(app: PageApp) -> set[str]:
    return set().union(*(identifiers(control) for control in app.page.controls))


def test_the_address_decides_who_a_page_is(table):
    controller, seating, _access = table
    assert open_page(table, f"/table?k={seating.host_key}").ctx.viewer == TABLE
    assert open_page(table, seat_route(seating, 2)).ctx.viewer == seat_viewer(2)
    for route in ("/", "/table", "/table?k=wrong", f"/seat/2?s={seating.seat_pass(1).secret}",
                  "/seat/9?s=x", f"/table?k={seating.seat_pass(1).secret}"):
        app = open_page(table, route)
        assert app.ctx.viewer == NOBODY, route
        assert phone_ids.JOIN_SCREEN in shown(app) and table_ids.ADVANCE_TIME not in shown(app)


def test_a_phone_shows_its_seat_and_sends_only_its_own_commands(table):
    controller, seating, _access = table
    app = open_page(table, seat_route(seating, 1))
    found = shown(app)
    assert {phone_ids.SEAT_SCREEN, phone_ids.SEAT_KNOWLEDGE_UP, ids.STATUS_STRIP} <= found
    assert not found & {ids.UNDO, ids.REDO, table_ids.ADVANCE_TIME, ids.HOME}
    assert seating.seats_with_phone() == {1}
    before = controller.state.member(1).knowledge
    app.ctx.gate().execute(cmd("set_knowledge", seat=1, value=before + 1))
    assert controller.state.member(1).knowledge == before + 1
    # Sent straight at the controller, past any button: refused.
    assert not app.ctx.gate().execute(cmd("set_knowledge", seat=2, value=3))
    assert not app.ctx.attempt(lambda: controller.undo(app.ctx.viewer))
    assert controller.state.member(2).knowledge != 3 and controller.state.member(1).knowledge == before + 1


def test_nothing_host_only_or_another_seats_reaches_a_phone(table):
    controller, seating, _access = table
    controller.execute(cmd("resolve_encounter", seat=1, place="S-01", hand=3))
    app = open_page(table, seat_route(seating, 2))
    text = "\n".join(s for control in app.page.controls for s in strings(control))
    feed = app.ctx.feed
    sent = text + feed.view.model_dump_json() + json.dumps([e.model_dump(mode="json") for e in feed.events])
    secrets = [seating.host_key] + [seating.seat_pass(s).secret for s in (1, 3)] + \
              [seating.seat_pass(s).code for s in (1, 2, 3)]
    for secret in secrets:
        assert secret not in sent
    assert str(controller.state.rng.seed) not in sent
    assert feed.undo is None and feed.view.table is None and feed.view.private.seat == 2


def test_joining_by_code_and_waiting_after_a_wrong_one(table):
    controller, seating, _access = table
    app = open_page(table, "/", session="phone-a")
    wrong = app.join_with_code("ZZZ-ZZZ")
    assert wrong.outcome is CodeOutcome.WRONG and wrong.retry_after > 0
    again = app.join_with_code(seating.seat_pass(3).code)
    assert again.outcome is CodeOutcome.TOO_SOON and app.ctx.viewer == NOBODY
    seating.clear_lockout(app.page.client_ip)  # the table lets the phone try again at once
    right = app.join_with_code(seating.seat_pass(3).code)
    assert right.outcome is CodeOutcome.ACCEPTED and app.ctx.viewer == seat_viewer(3)
    assert phone_ids.SEAT_SCREEN in shown(app)
    assert app.page.pushed[-1] == seat_route(seating, 3)  # a reload keeps the seat


def test_a_reissued_pass_drops_the_phone_and_the_old_link_fails(table):
    controller, seating, _access = table
    old_route = seat_route(seating, 1)
    app = open_page(table, old_route, session="phone-b")
    seating.reissue(1)
    assert app.ctx.viewer == NOBODY and phone_ids.JOIN_SCREEN in shown(app)
    assert app.ctx.texts.t("ui.phone.dropped") in "\n".join(s for c in app.page.controls for s in strings(c))
    assert open_page(table, old_route, session="phone-c").ctx.viewer == NOBODY
    assert open_page(table, seat_route(seating, 1), session="phone-d").ctx.viewer == seat_viewer(1)


def test_leaving_a_seat_and_the_table_sees_phones(table):
    controller, seating, _access = table
    desk = open_page(table, f"/table?k={seating.host_key}", session="desk")
    phone = open_page(table, seat_route(seating, 2), session="phone-e")
    assert table_ids.crew_phone(2) in shown(desk)
    assert seating.seats_with_phone() == {2}
    phone.leave_seat()
    assert phone.ctx.viewer == NOBODY and seating.seats_with_phone() == frozenset()


def test_phones_turned_off_send_every_phone_back(table):
    controller, seating, access = table
    phone = open_page(table, seat_route(seating, 2), session="phone-f")
    access.accepting = False
    seating.unseat_all()
    assert phone.ctx.viewer == NOBODY
    assert open_page(table, seat_route(seating, 2), session="phone-g").ctx.viewer == NOBODY
    assert open_page(table, "/", session="phone-h").join_with_code(seating.seat_pass(2).code) is None


def test_a_new_game_gets_new_passes_and_a_restart_keeps_them(table, tmp_path, rules):
    controller, seating, _access = table
    first = seating.seat_pass(1).secret
    again = Seating(controller, tmp_path / "data")
    assert again.seat_pass(1).secret == first and again.host_key == seating.host_key
    controller.new_game(setup_command(players=2, seed=5), "t2")
    assert seating.seat_pass(1).secret != first and seating.seats == [1, 2]


def test_the_table_screens_hear_from_the_seats_only_when_the_seats_change(table):
    controller, seating, _access = table
    heard = []
    seating.subscribe(lambda: heard.append("seats"))
    # A command changes the game, not who sits where: the table redraws from its feed alone.
    controller.execute(cmd("place_fire"))
    assert heard == []
    phone = open_page(table, seat_route(seating, 1), "s-ana")
    assert heard == ["seats"] and phone_ids.SEAT_SCREEN in shown(phone)
    seating.reissue(2)  # nobody at seat 2: its new code still reaches every table screen
    assert heard == ["seats", "seats"]
