"""Taps add up: what a button sends says what it changes, a tap sent from a page that had
not drawn the last change still counts or is refused aloud, and a tap on a control a
redraw took away is told. (The same under load, on a real server: test_phones_under_load.)"""
from __future__ import annotations

import asyncio

import flet as ft

from companion.engine import NewGame, PlayerSetup
from companion.engine.commands import ChangeKnowledge, PlaceFire, RemoveFire
from companion.engine.views import seat_viewer
from companion.ui import ids
from companion.ui.kit.chips import stepper
from companion.ui.kit.gate import CommandGate
from tests.support.screens import build_seat_screen, build_crew_panel, build_markers_panel
from companion.ui.shell import PageApp

from .flet_session import live_page
from .ui_tree import enabled, fire, make_context, make_controller, page_app, walk
from companion.ui.events import ids as events_ids
from companion.ui.phone import ids as phone_ids
from companion.ui.table import ids as table_ids


def _setup() -> NewGame:
    return NewGame(players=(PlayerSetup(name="Ana", character="hacker"),
                            PlayerSetup(name="Bora", character="janitor")), seed=1)


def _tagged(control, identifier: str) -> ft.Semantics:
    for item in walk(control):
        if isinstance(item, ft.Semantics) and item.identifier == identifier:
            return item
    raise AssertionError(f"{identifier!r} not there")


def _tap(tagged: ft.Semantics) -> None:
    """A finger on the control: the button when it takes taps, else what is around it."""
    button = next(item for item in walk(tagged) if isinstance(item, ft.Button))
    fire((button if not button.disabled else tagged.content).on_click)


def test_knowledge_buttons_send_a_change_not_the_value_they_showed(tmp_path):
    controller = make_controller(tmp_path)
    controller.new_game(_setup(), "t")
    table = make_context(controller, "pt-BR")
    phone = make_context(controller, "pt-BR", 390, viewer=seat_viewer(1))
    sent = []
    execute = controller.execute
    controller.execute = lambda command, actor=None: sent.append(command) or execute(command, actor)
    crew = build_crew_panel(table.gate())
    seat = build_seat_screen(phone, on_leave=lambda: None)
    start = controller.state.member(1).knowledge
    # Three taps on screens drawn once, before any of them shows the change.
    _tap(_tagged(crew, table_ids.crew_action("knowledge-up", 1)))
    _tap(_tagged(seat, phone_ids.SEAT_KNOWLEDGE_UP))
    _tap(_tagged(seat, phone_ids.SEAT_KNOWLEDGE_UP))
    assert controller.state.member(1).knowledge == start + 3
    _tap(_tagged(crew, table_ids.crew_action("knowledge-down", 1)))
    assert controller.state.member(1).knowledge == start + 2
    assert sent == [ChangeKnowledge(seat=1, by=1)] * 3 + [ChangeKnowledge(seat=1, by=-1)]


def test_a_button_keeps_its_place_whether_it_is_enabled_or_not(tmp_path):
    """Enabled or disabled, Fire − is the same button in the same container: a tap sent
    from a page that had not yet drawn the change still reaches it."""
    controller = make_controller(tmp_path)
    controller.new_game(_setup(), "t")
    ctx = make_context(controller, "pt-BR")

    def shape(control) -> list[str]:
        return [type(item).__name__ for item in walk(_tagged(control, table_ids.FIRE_REMOVE))
                if isinstance(item, (ft.Container, ft.Button))]

    refused = build_markers_panel(CommandGate(ctx))
    assert not enabled(_tagged(refused, table_ids.FIRE_REMOVE))
    controller.execute(PlaceFire())
    allowed = build_markers_panel(CommandGate(ctx))
    assert enabled(_tagged(allowed, table_ids.FIRE_REMOVE))
    assert shape(refused) == shape(allowed) == ["Container", "Button"]


def test_a_tap_on_a_button_drawn_disabled_is_checked_again_when_it_arrives(tmp_path):
    controller = make_controller(tmp_path)
    controller.new_game(_setup(), "t")
    ctx = make_context(controller, "pt-BR")
    drawn_without_fire = build_markers_panel(CommandGate(ctx))
    # Nothing to remove: the tap is refused aloud, and nothing is sent.
    _tap(_tagged(drawn_without_fire, table_ids.FIRE_REMOVE))
    assert ctx.texts.t("error.no_fire_to_remove") in ctx.page.dialogs[-1].content.value
    assert controller.state.fire == 0
    # Another page placed a Fire marker before this page drew it: the same tap removes it.
    controller.execute(PlaceFire())
    _tap(_tagged(drawn_without_fire, table_ids.FIRE_REMOVE))
    assert controller.state.fire == 0
    assert controller.session.commands[-1] == RemoveFire()


def test_two_quick_taps_on_a_counter_count_twice():
    changes: list[int] = []
    row = stepper(1, on_change=changes.append, identifier="n", down_id="n-down", up_id="n-up",
                  down_tip="-", up_tip="+", low=0, high=3)
    up = _tagged(row, "n-up").content
    down = _tagged(row, "n-down").content
    fire(up.on_click)
    fire(up.on_click)  # before any redraw
    fire(up.on_click)  # past the top: nothing more
    fire(down.on_click)
    assert changes == [2, 3, 2]


def test_a_tap_on_a_control_a_redraw_took_away_is_told(tmp_path):
    controller = make_controller(tmp_path)
    page, _wire = live_page(1280, 800)
    app = page_app(page, controller, language="tr", startup_errors=[])
    app.start()
    controller.new_game(_setup(), "t")
    gone = max(control._i for control in walk(page)) + 1000  # no control has this id

    def dialogs() -> list:
        return [control for control in page._dialogs.controls if isinstance(control, ft.SnackBar)]

    asyncio.run(page.session.dispatch_event(gone, "focus", None))
    assert not dialogs(), "focus is no tap: nothing to say"
    asyncio.run(page.session.dispatch_event(gone, "click", None))
    assert [snack.content.value for snack in dialogs()] == [app.texts.t("ui.net.tap_lost")]
    # A tap on a control that is there still reaches it.
    button = _tagged(page, table_ids.FIRE_PLACE)
    target = next(item for item in walk(button) if isinstance(item, ft.Button))
    asyncio.run(page.session.dispatch_event(target._i, "click", None))
    assert controller.state.fire == 1 and len(dialogs()) == 1


def test_a_second_tap_on_a_confirmation_already_answered_sends_nothing(tmp_path):
    from companion.engine.commands import StartSelfDestruct

    controller = make_controller(tmp_path)
    controller.new_game(_setup(), "t")
    ctx = make_context(controller, "pt-BR")
    CommandGate(ctx).run(StartSelfDestruct(), confirm="start_self_destruct")
    dialog = ctx.page.dialogs[-1]
    dialog.update = lambda: None
    ok = _tagged(dialog, ids.CONFIRM_OK).content
    fire(ok.on_click)
    fire(ok.on_click)
    assert [type(command).__name__ for command in controller.session.commands[1:]] == ["StartSelfDestruct"]


def test_a_tap_on_a_button_that_has_become_disabled_goes_to_what_is_around_it():
    """What a finger on the new page would touch: the container that says why not."""
    from companion.hosting.flet_patches import watch_lost_taps

    page, _wire = live_page()
    told: list[str] = []
    watch_lost_taps(page, lambda: told.append("lost"))
    caught: list[str] = []
    waiting = ft.Button(content="Sortear", disabled=True)  # no handler of its own any more
    page.controls = [ft.Container(content=waiting, on_click=lambda _e: caught.append("why not"))]
    page.update()
    asyncio.run(page.session.dispatch_event(waiting._i, "click", None))
    assert caught == ["why not"] and told == []
    # Nothing around it takes the tap: the page says the tap did nothing.
    alone = ft.Button(content="Sortear", disabled=True)
    page.controls = [ft.Column([alone])]
    page.update()
    asyncio.run(page.session.dispatch_event(alone._i, "click", None))
    assert caught == ["why not"] and told == ["lost"]


def test_a_double_tap_on_the_runners_continue_moves_one_step(tmp_path):
    """The second tap, sent before the page showed the next step, is not taken for the
    next step's button: the page says it came late. (The kept runner has a way on for
    each step; the first step's, tapped again, names the step the phase is at.)"""
    from companion.engine.commands import StartEventPhase
    from companion.ui.routes import RUNNER

    controller = make_controller(tmp_path)
    page, _wire = live_page(1280, 800)
    app = page_app(page, controller, language="pt-BR", startup_errors=[])
    app.start()
    controller.new_game(_setup(), "t")
    controller.execute(StartEventPhase())
    app.navigate(RUNNER)
    step = controller.state.event_phase.step
    button = next(item for item in walk(_tagged(page, events_ids.EVENT_CONTINUE)) if isinstance(item, ft.Button))
    asyncio.run(page.session.dispatch_event(button._i, "click", None))
    moved_to = controller.state.event_phase.step
    assert moved_to > step
    asyncio.run(page.session.dispatch_event(button._i, "click", None))  # the same finger, again
    assert controller.state.event_phase.step == moved_to
    snacks = [control.content.value for control in page._dialogs.controls if isinstance(control, ft.SnackBar)]
    assert snacks == [app.texts.t("error.event_phase_moved_on", step=int(moved_to))]
