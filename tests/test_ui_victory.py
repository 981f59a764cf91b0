"""The Victory Check and Contingency screens render from their viewer's view only, in
both languages, at phone and desktop widths, at every step; a player's private part
appears on their phone, or on the shared device only while they hold it."""
from __future__ import annotations

import pytest

from companion.engine.authority import sender_for
from companion.engine import commands as c
from companion.engine.victory.model import VictoryStep
from companion.vocab import EndReason
from companion.engine.views import seat_viewer
from companion.ui import ids
from tests.support.screens import build_seat_screen, build_table, build_victory_screen
from companion.ui.kit.handoff import CONTINGENCY, VICTORY, hand_back, hand_to, handoff_of
from tests.support.victory_helpers import ended_game, walk_to_result
from tests.test_ui_purity import render_purely

from .ui_tree import check_texts, identifiers, make_context, make_controller, strings, walk
from companion.ui.victory import ids as victory_ids


def _controller_at_end(tmp_path, app_tokens: bool):
    controller = make_controller(tmp_path)
    game = ended_game(app_tokens=app_tokens)
    controller.new_game(game.commands[0], "victory")
    for command in game.commands[1:]:
        controller.execute(command)
    return controller, game


def _commands_of_the_walkthrough(app_tokens: bool):
    game = ended_game(app_tokens=app_tokens)
    start = len(game.commands)
    list(walk_to_result(game))
    return game.commands[start:]


def wrap_faults(control) -> list[str]:
    """Rows that wrap their children yet hold one that expands: Flutter cannot lay that out
    (the web page shows a grey box instead of the screen)."""
    import flet as ft

    faults = []
    for item in walk(control):
        if isinstance(item, ft.Row) and item.wrap:
            faults += [type(child).__name__ for child in item.controls if getattr(child, "expand", None)]
    return faults


def _render_all(controller, monkeypatch) -> dict:
    """The victory screen, the table and each seat's phone, in both languages and widths."""
    seen = {}
    for lang, width in (("tr", 390), ("pt-BR", 1280)):
        table = make_context(controller, lang, width)
        table.page.show_dialog = lambda dialog: None
        screen = render_purely(monkeypatch, controller, lambda: build_victory_screen(table))
        check_texts(screen)
        assert wrap_faults(screen) == []
        seen[("victory", lang)] = screen
        board = render_purely(monkeypatch, controller, lambda: build_table(table))
        check_texts(board)
        seen[("table", lang)] = board
        for seat in (1, 2, 3):
            phone = make_context(controller, lang, 390, viewer=seat_viewer(seat))
            page = render_purely(monkeypatch, controller, lambda: build_seat_screen(phone, on_leave=lambda: None))
            check_texts(page)
            assert wrap_faults(page) == []
            seen[(seat, lang)] = page
    return seen


@pytest.mark.parametrize("app_tokens", (True, False), ids=("app-tokens", "table-tokens"))
def test_every_step_renders_for_the_table_and_each_phone(tmp_path, monkeypatch, app_tokens):
    controller, _game = _controller_at_end(tmp_path, app_tokens)
    screens = _render_all(controller, monkeypatch)
    assert victory_ids.VICTORY_ENTRY in identifiers(screens[("table", "tr")])
    for command in _commands_of_the_walkthrough(app_tokens):
        controller.execute(command, sender_for(command))
        screens = _render_all(controller, monkeypatch)
        step = controller.state.victory.step
        assert victory_ids.victory_step(int(step)) in identifiers(screens[("victory", "tr")])
    assert controller.state.victory.step is VictoryStep.RESULT
    result = screens[("victory", "pt-BR")]
    assert {victory_ids.VICTORY_RESULT, victory_ids.VICTORY_SUMMARY, victory_ids.VICTORY_QR} <= identifiers(result)


def _at_contamination(tmp_path, app_tokens: bool = True):
    controller, _game = _controller_at_end(tmp_path, app_tokens)
    for command in (c.StartVictoryCheck(), c.ConfirmRoster(),
                    c.RevealActiveContingency() if app_tokens else c.EnterActiveContingency(token="green"),
                    c.StartContaminationChecks()):
        controller.execute(command)
    return controller


def test_a_players_check_is_on_their_phone_and_on_the_table_only_while_handed_over(tmp_path, monkeypatch):
    controller = _at_contamination(tmp_path, app_tokens=False)
    survivors = [entry.seat for entry in controller.state.victory.contamination]
    assert survivors == [2, 3]
    table = make_context(controller, "tr", 1280)
    screen = build_victory_screen(table)
    assert victory_ids.VICTORY_PRIVATE not in identifiers(screen)
    assert {victory_ids.victory_handoff(2), victory_ids.victory_handoff(3)} <= identifiers(screen)
    # The phone of seat 2 shows its check; seat 1 (dead) has none.
    phone = make_context(controller, "tr", 390, viewer=seat_viewer(2))
    assert victory_ids.VICTORY_PRIVATE in identifiers(build_seat_screen(phone, on_leave=lambda: None))
    other = make_context(controller, "tr", 390, viewer=seat_viewer(1))
    assert victory_ids.VICTORY_PRIVATE not in identifiers(build_seat_screen(other, on_leave=lambda: None))
    # On the table: the curtain first, then the player's part, then hidden again.
    hand_to(table, 3, VICTORY)
    curtain = build_victory_screen(table)
    assert ids.VICTORY_HANDOFF_TAKE in identifiers(curtain) and victory_ids.VICTORY_PRIVATE not in identifiers(curtain)
    handoff_of(table).holding = True
    held = render_purely(monkeypatch, controller, lambda: build_victory_screen(table))
    assert victory_ids.VICTORY_PRIVATE in identifiers(held) and victory_ids.victory_answer("infected", True) in identifiers(held)
    assert victory_ids.victory_answer("larva", True) not in identifiers(held)  # the board says it
    assert wrap_faults(held) == []
    hand_back(table)
    assert victory_ids.VICTORY_PRIVATE not in identifiers(build_victory_screen(table))


def test_the_draw_is_shown_card_by_card(tmp_path):
    controller = _at_contamination(tmp_path, app_tokens=False)
    controller.execute(c.AnswerScan(seat=2, larva=True, infected=False), seat_viewer(2))
    controller.execute(c.DrawContamination(seat=2, action_cards=3, contamination_cards=2), seat_viewer(2))
    drawn = controller.state.victory.contamination_of(2).drawn
    phone = make_context(controller, "pt-BR", 390, viewer=seat_viewer(2))
    hidden = phone.texts.t("ui.victory.check.card.hidden")
    for turned in range(len(drawn) + 1):
        page = build_seat_screen(phone, on_leave=lambda: None)
        shown = strings(page)
        assert shown.count(hidden) == len(drawn) - turned
        assert (victory_ids.VICTORY_CHECK_OUTCOME in identifiers(page)) == (turned == len(drawn))
        phone.extras[("victory_cards", 2)] = turned + 1
    # The table sees that seat 2 is done, not how it went.
    table = make_context(controller, "pt-BR", 1280)
    text = " ".join(strings(build_victory_screen(table)))
    for key in ("ui.victory.check.you_die", "ui.victory.check.you_survive_draw"):
        assert table.texts.t(key) not in text


def test_the_tokens_panel_shows_a_players_tokens_only_behind_the_hand_off(tmp_path):
    controller, _game = _controller_at_end(tmp_path, app_tokens=True)
    controller.undo()  # back into the game: the last command ended it
    assert not controller.state.is_over
    table = make_context(controller, "tr", 1280)
    board = build_table(table)
    assert victory_ids.CONTINGENCY_PANEL in identifiers(board) and victory_ids.CONTINGENCY_OWN not in identifiers(board)
    hand_to(table, 1, CONTINGENCY, curtain=False)
    board = build_table(table)
    assert victory_ids.CONTINGENCY_OWN in identifiers(board)
    own = {t.id for t in controller.view(seat_viewer(1)).private.contingency.own}
    assert own and own == set(controller.state.contingency.held[1])
    phone = make_context(controller, "pt-BR", 390, viewer=seat_viewer(2))
    page = build_seat_screen(phone, on_leave=lambda: None)
    assert victory_ids.CONTINGENCY_OWN in identifiers(page)
    assert victory_ids.contingency_look("computer") in identifiers(page)


def test_the_victory_check_can_be_started_by_hand_while_the_app_has_not_ended_the_game(tmp_path, monkeypatch):
    controller = make_controller(tmp_path)
    controller.new_game(ended_game(app_tokens=False).commands[0], "t")
    table = make_context(controller, "pt-BR", 390)
    assert victory_ids.VICTORY_BY_HAND in identifiers(build_table(table))
    screen = render_purely(monkeypatch, controller, lambda: build_victory_screen(table))
    assert victory_ids.victory_reason("time_ran_out") in identifiers(screen) and victory_ids.VICTORY_START not in identifiers(screen)
    table.extras["victory_reason"] = EndReason.ALERT_PROCEDURE
    screen = build_victory_screen(table)
    assert victory_ids.VICTORY_START in identifiers(screen) and wrap_faults(screen) == []
    controller.execute(c.StartVictoryCheck(reason=EndReason.ALERT_PROCEDURE))
    assert controller.state.is_over and controller.state.victory.reason is EndReason.ALERT_PROCEDURE
    assert victory_ids.VICTORY_CONFIRM_ROSTER in identifiers(build_victory_screen(table))


@pytest.mark.parametrize("lang", ["pt-BR", "tr"])
def test_a_computer_look_with_nobody_in_reach_says_why_it_is_greyed_out(tmp_path, lang):
    import flet as ft

    from .ui_tree import enabled, fire

    controller = make_controller(tmp_path)
    controller.new_game(c.NewGame(players=(c.PlayerSetup(name="Ana", character="hacker"),
                                           c.PlayerSetup(name="Bo", character="janitor")),
                                  seed=1, contingency_tokens=True), "t")
    controller.execute(c.RecordDeath(seat=2))  # the only other player is gone: nobody to look at
    phone = make_context(controller, lang, 360, viewer=seat_viewer(1))
    page = build_seat_screen(phone, on_leave=lambda: None)
    [chip] = [item for item in walk(page) if getattr(item, "identifier", None) == victory_ids.contingency_look("computer")]
    fire(chip.content.on_click)
    page = build_seat_screen(phone, on_leave=lambda: None)
    [go] = [item for item in walk(page) if getattr(item, "identifier", None) == victory_ids.CONTINGENCY_LOOK_GO]
    assert not enabled(go)
    # In words on the page, not only in a tooltip (a phone never shows one).
    said = phone.texts.t("error.contingency.nobody_in_reach")
    assert said in [item.value for item in walk(page) if isinstance(item, ft.Text)]
    check_texts(page)
