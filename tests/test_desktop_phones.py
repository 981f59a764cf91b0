"""The desktop app with phones, without a display: the window is the table (a trusted
page in this process); its *Players join* switch starts a web server for the phones in the
same process, on the same controller; a phone that opens its seat's address through that
server sits at the seat; switching phones off stops the server."""
from __future__ import annotations

import time

import flet as ft
import httpx
import msgpack
import pytest
from websockets.sync.client import connect

from companion.seats.controller import TableController
from companion.app.pages import make_main
from companion.seats.phone_access import PhoneAccess
from companion.seats.seating import Seating
from companion.store import GameStore
from companion.ui.routes import PLAYERS
from companion.ui.shell import PageApp
from tests.conftest import cmd, setup_command

from .test_ui_pages import LivePage
from .ui_tree import fire, page_app, walk
from companion.ui.table import ids as table_ids

pytestmark = pytest.mark.slow


def _switch(app: PageApp) -> ft.Switch:
    for control in app.page.controls:
        for item in walk(control):
            if isinstance(item, ft.Semantics) and item.identifier == table_ids.PLAYERS_SERVING:
                return next(found for found in walk(item) if isinstance(found, ft.Switch))
    raise AssertionError("no Players join switch on the table's screen")


def _register(client, route: str) -> None:
    body = {"session_id": "", "page_name": "", "page": {"route": route, "web": True, "width": 390, "height": 844}}
    client.send(b"\x00" + msgpack.packb([1, body]))


def _eventually(predicate, timeout: float = 15) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.05)
    return False


def test_the_windows_players_join_serves_phones_from_the_same_process(tmp_path, rules):
    controller = TableController(GameStore(tmp_path / "data", rules=rules), rules)
    controller.new_game(setup_command(players=2, seed=11), "t")
    seating = Seating(controller, tmp_path / "data")
    access = PhoneAccess(host="127.0.0.1", port=0, make_main=lambda: make_main(
        controller, language="pt-BR", seating=seating, phone_access=access, trusted=False))
    window = page_app(LivePage(1280), controller, language="pt-BR", startup_errors=[], seating=seating,
                      phone_access=access, trusted=True)
    window.start()
    window.navigate(PLAYERS)
    assert access.server is None and not access.accepting

    fire(_switch(window).on_change)  # the table turns phones on
    try:
        server = access.server
        assert access.accepting and server is not None and server.is_running
        assert httpx.get(server.local_url + "/", timeout=10).status_code == 200
        route = f"/seat/1?s={seating.seat_pass(1).secret}"
        with connect(server.local_url.replace("http://", "ws://") + "/ws", origin=server.local_url,
                     open_timeout=10) as phone:
            _register(phone, route)
            assert _eventually(lambda: seating.seats_with_phone() == frozenset({1}))
            # The phone's seat acts on the one game the window shows.
            controller.execute(cmd("set_knowledge", seat=1, value=2))
            assert window.ctx.feed is not None
            assert _eventually(lambda: window.ctx.game.crew[0].knowledge == 2)
    finally:
        fire(_switch(window).on_change)  # and off again
    assert not access.accepting and access.server is None
    assert not server.is_running
    with pytest.raises(httpx.HTTPError):
        httpx.get(server.local_url + "/", timeout=3)
