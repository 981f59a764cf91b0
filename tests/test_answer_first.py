"""One loop serves every page: the page that was tapped draws its answer before any other
page hears of the change (the others' views are worked out and drawn after it), however
the pages subscribed."""
from __future__ import annotations

import warnings

from companion.engine import commands as c
from companion.seats.phone_access import PhoneAccess
from companion.seats.seating import Seating
from companion.ui.table import ids as table_ids

from .flet_session import live_page, run_now, tap
from .support.contamination_helpers import RULES
from .ui_tree import make_controller, page_app


def _setup():
    return c.NewGame(players=(c.PlayerSetup(name="Ana", character="hacker"),
                              c.PlayerSetup(name="Bora", character="janitor")), seed=3)


def _recording(wire, name: str, order: list[str]) -> None:
    send = wire.send_message

    def recorded(message) -> None:
        order.append(name)
        send(message)

    wire.send_message = recorded


def _phone_then_table(tmp_path):
    """A game, a phone on seat 1 subscribed first (the controller would tell it first), then
    the table: (controller, table page, its wire, the phone's wire)."""
    controller = make_controller(tmp_path)
    controller.new_game(_setup(), "t")
    seating = Seating(controller, tmp_path)
    access = PhoneAccess(host="127.0.0.1", port=0)
    access.accepting = True
    phone_page, phone_wire = live_page(390, 844)
    phone_page.route = f"/seat/1?s={seating.seat_pass(1).secret}"
    page_app(phone_page, controller, language="pt-BR", seating=seating, phone_access=access, trusted=False).start()
    table_page, table_wire = live_page(1280, 800)
    page_app(table_page, controller, language="pt-BR", seating=seating, phone_access=access).start()
    return controller, table_page, table_wire, phone_wire


def test_the_tapped_page_answers_before_any_other_page_hears_of_the_change(tmp_path):
    order: list[str] = []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the pages' loops leave some coroutines unawaited
        controller, table_page, table_wire, phone_wire = _phone_then_table(tmp_path)
        before = controller.state.member(1).knowledge
        _recording(phone_wire, "phone", order)
        _recording(table_wire, "table", order)
        tap(table_page, table_ids.crew_action("knowledge-up", 1))
    assert controller.state.member(1).knowledge == before + 1
    assert "table" in order and "phone" in order  # both show Ana's Knowledge
    first_phone = order.index("phone")
    assert "table" not in order[first_phone:], order


def test_the_other_viewers_hear_of_it_on_the_loop_s_next_turn_after_the_answer_left(tmp_path):
    """The tap's handler ends with its page's answer queued and nobody else's view worked
    out: one loop serves every page, so the connection sends the answer before the loop
    turns to the others (their views, their comparisons, their redraws)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        controller, table_page, table_wire, phone_wire = _phone_then_table(tmp_path)
        before = controller.state.member(1).knowledge
        next_turn: list[tuple] = []  # the table's loop: what its handler left for later
        object.__setattr__(table_page, "run_task", lambda handler, *args, **kwargs: next_turn.append((handler, args)))
        table_wire.take()
        phone_wire.take()
        tap(table_page, table_ids.crew_action("knowledge-up", 1))
        assert table_wire.take().messages > 0  # the answer is out
        assert phone_wire.take().messages == 0  # and the phone not yet told
        for handler, args in next_turn:
            run_now(handler, *args)
    assert controller.state.member(1).knowledge == before + 1
    assert phone_wire.take().messages > 0  # the phone shows Ana's Knowledge on the next turn
