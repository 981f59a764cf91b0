"""An update of several controls goes out as one patch of the page
(companion.hosting.flet_patches.install_one_message_updates), and the client ends with the
same page it would have got from one message per control."""
from __future__ import annotations

from typing import Any, Callable

import flet as ft
import msgpack
import pytest
from flet.controls.page import Page

from companion.hosting.flet_patches import install_one_message_updates
from tests.flet_session import client_tree, live_page
from tests.support.flet_client import PATCH

ONE_BY_ONE = Page.__dict__["_Page__update"]


@pytest.fixture(autouse=True)
def installed():
    assert install_one_message_updates() is True


def _without_ids(node: Any) -> Any:
    """The tree without the ids Flet gives each control and service: two pages never share them."""
    if isinstance(node, dict):
        return {key: _without_ids(value) for key, value in node.items() if key not in ("_i", "uid")}
    if isinstance(node, list):
        return [_without_ids(value) for value in node]
    return node


def _patches(bodies: list[bytes]) -> list[dict]:
    found = []
    for body in bodies:
        action, payload = msgpack.unpackb(body, strict_map_key=False)
        if action == PATCH:
            found.append(payload)
    return found


class Holder(ft.Column):
    """A part of the page that stops a page-wide update at its edge, as the screens' holders do."""

    def is_isolated(self) -> bool:
        return True


def _board() -> dict[str, ft.Control]:
    parts = {
        "title": ft.Text("a"),
        "deep": ft.Text("b"),
        "listed": ft.Column([ft.Text(str(n)) for n in range(5)]),
        "framed": ft.Container(content=ft.Text("c")),
        "isolated": ft.Text("d"),
        "row": ft.Row([ft.Text("x"), ft.Text("y"), ft.Text("z")]),
    }
    parts["holder"] = Holder([ft.Container(content=parts["isolated"])])
    parts["body"] = ft.Column([
        parts["title"],
        ft.Container(content=ft.Column([ft.Row([parts["deep"]])])),
        parts["listed"], parts["framed"], parts["holder"], parts["row"],
    ])
    return parts


def _values_changed(parts):
    parts["title"].value = "A"
    parts["deep"].value = "B"
    parts["isolated"].value = "D"
    return [parts["title"], parts["deep"], parts["isolated"]]


def _lists_changed(parts):
    listed = parts["listed"]
    listed.controls.pop(1)
    listed.controls.insert(0, ft.Text("new", color=ft.Colors.RED))
    listed.controls[3].value = "changed"
    parts["row"].controls.reverse()
    parts["deep"].value = "B"
    return [parts["listed"], parts["row"], parts["deep"]]


def _contents_replaced(parts):
    parts["framed"].content = ft.Row([ft.Icon(ft.Icons.ADD), ft.Text("new")])
    parts["title"].visible = False
    return [parts["framed"], parts["title"]]


def _inside_another(parts):
    # `deep` is inside `body`: body's diff walks it, and it is not sent twice.
    parts["deep"].value = "B"
    parts["title"].value = "A"
    return [parts["deep"], parts["body"]]


def _through_an_isolated_part(parts):
    # body's diff stops at the holder's edge: the text inside goes out too, at the place
    # the holder has after body's own change (a line put before it).
    parts["body"].controls.insert(0, ft.Text("first"))
    parts["isolated"].value = "D"
    parts["holder"].spacing = 3
    return [parts["body"], parts["isolated"]]


def _emptied_and_filled(parts):
    parts["listed"].controls.clear()
    parts["row"].controls.append(ft.Text("w"))
    return [parts["listed"], parts["row"]]


CHANGES: dict[str, Callable[[dict], list]] = {
    "values": _values_changed,
    "lists": _lists_changed,
    "contents": _contents_replaced,
    "inside another": _inside_another,
    "through an isolated part": _through_an_isolated_part,
    "emptied and filled": _emptied_and_filled,
}


@pytest.mark.parametrize("name", list(CHANGES))
def test_several_controls_go_out_as_one_message_and_the_client_ends_with_the_same_page(name, monkeypatch):
    alone_tree, alone = _shown(CHANGES[name], together=False, monkeypatch=monkeypatch)
    together_tree, together = _shown(CHANGES[name], together=True, monkeypatch=monkeypatch)
    assert len(together) == 1
    assert len(alone) > 1
    assert _without_ids(together_tree) == _without_ids(alone_tree)


def _shown(change, *, together: bool, monkeypatch) -> tuple[Any, list[dict]]:
    page, wire = live_page()
    parts = _board()
    page.add(parts["body"])
    before = len(wire.bodies)
    with monkeypatch.context() as patched:
        if not together:
            patched.setattr(Page, "_Page__update", ONE_BY_ONE)
        page.update(*change(parts))
    return client_tree(wire), _patches(wire.bodies[before:])


def _table_after_a_draw(tmp_path, *, together: bool, monkeypatch) -> tuple[Any, int]:
    """The table's page, as its client holds it, after the bag screen's picks and a draw;
    and the messages the draw's answer took."""
    from companion.rules import load_rules
    from tests.benchmarks import web_game
    from tests.flet_session import table_page, tap, without_busy_bar

    seed, advances = web_game.find_quiet_start(load_rules())
    with monkeypatch.context() as patched, table_page(tmp_path, web_game.new_game(seed)) as (controller, app, wire):
        if not together:
            patched.setattr(Page, "_Page__update", ONE_BY_ONE)
        for command in web_game._opening(advances):
            controller.execute(command)
        app.navigate("bag")
        without_busy_bar(app.page)
        for pick in (f"encounter-seat-{web_game.ENCOUNTER_SEAT}", f"encounter-place-{web_game.ENCOUNTER_PLACE.value}",
                     "encounter-hand-5"):
            tap(app.page, pick)
        before = len(wire.bodies)
        tap(app.page, "draw-encounter")
        assert controller.state.bag.last_draw is not None
        return client_tree(wire), len(_patches(wire.bodies[before:]))


def test_a_draw_on_the_bag_screen_answers_in_one_message_with_the_page_it_would_have_had(tmp_path, monkeypatch):
    alone_tree, alone = _table_after_a_draw(tmp_path / "alone", together=False, monkeypatch=monkeypatch)
    together_tree, together = _table_after_a_draw(tmp_path / "together", together=True, monkeypatch=monkeypatch)
    assert alone > 10 and together == 1
    assert _without_ids(together_tree) == _without_ids(alone_tree)


def test_a_control_the_page_has_not_got_goes_alone_in_its_turn():
    page, wire = live_page()
    parts = _board()
    page.add(parts["body"])
    unsent = ft.Text("not sent")
    parts["listed"].controls.append(unsent)  # the list itself is not sent again
    unsent.value = "changed"
    parts["title"].value, parts["deep"].value = "A", "B"
    before = len(wire.bodies)
    page.update(parts["title"], unsent, parts["deep"])
    sent = _patches(wire.bodies[before:])
    assert [patch["id"] for patch in sent] == [page._i, unsent._i, page._i]


# A game's taps across the table, the bag and the Event Phase (the undone draw's
# announcement and the undo's notice in the page's dialogs); None: the Event Phase begins.
GAME_TAPS = ("advance-time", "confirm-ok", "fire-place", "power-flip-S-01", "undo", "undo-notice-close",
             "open-bag", "encounter-seat-1", "encounter-place-S-01", "encounter-hand-5", "draw-encounter",
             "undo", "announcement-ok", "undo-notice-close", "bag-back", None, "event-phase", "event-continue",
             "attack", "attack-attacker-adult", "attack-seat-1", "attack-target-standard", "attack-place-S-01",
             "attack-resolve", "events-back")


def _pages_after_each_tap(tmp_path, *, together: bool, monkeypatch) -> list:
    from companion.engine.commands import StartEventPhase
    from companion.rules import load_rules
    from tests.benchmarks import web_game
    from tests.benchmarks.redraw_counts import tap
    from tests.flet_session import table_page, without_busy_bar

    seed, advances = web_game.find_quiet_start(load_rules())
    shown = []
    with monkeypatch.context() as patched, table_page(tmp_path, web_game.new_game(seed)) as (controller, app, wire):
        if not together:
            patched.setattr(Page, "_Page__update", ONE_BY_ONE)
        for command in web_game._opening(advances):
            controller.execute(command)
        without_busy_bar(app.page)
        for identifier in GAME_TAPS:
            if identifier is None:
                controller.execute(StartEventPhase())
            else:
                tap(app.page, identifier)
            shown.append(_without_ids(client_tree(wire)))
    return shown


def test_a_game_s_taps_leave_the_client_with_the_page_one_message_per_control_would(tmp_path, monkeypatch):
    alone = _pages_after_each_tap(tmp_path / "alone", together=False, monkeypatch=monkeypatch)
    together = _pages_after_each_tap(tmp_path / "together", together=True, monkeypatch=monkeypatch)
    for identifier, one_by_one, gathered in zip(GAME_TAPS, alone, together):
        assert gathered == one_by_one, f"after {identifier or 'the Event Phase began'}"
