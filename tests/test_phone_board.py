"""A player's own Character board on their phone: the phone draws the rows of the table's
board dialog (one part, scanner.board.BoardChanges) for exactly the actions its seat's feed
lists, enabled or not as the feed says, and never another player's; a tap sends that
action, and the table's screen and log show it at once, naming the phone's player; in the
Event Phase the phone draws what its feed lists (none of its wounds, treatments or
Slime: those are the table's then), a row listed refused shows the engine's reason, and a
tap that left before the phone drew the change hears it. The taps of those changes on the
phone, and through the table's board dialog, are counted."""
from __future__ import annotations

import flet as ft
import pytest

from companion.engine import NewGame, PlayerSetup
from companion.engine import commands as c
from companion.engine.views import seat_viewer
from companion.ui.kit.changes import Changes
from tests.support.screens import shown_root
from companion.ui.phone.seat_screen import SeatScreen
from companion.ui.scanner.board import BoardChanges, _board_rows
from companion.ui.table.view import TableScreen

from .ui_tree import check_texts, fire, identifiers, make_context, make_controller, strings, walk
from companion.ui.scanner import ids as scanner_ids
from companion.ui.table import ids as table_ids

SMALL = 360


@pytest.fixture
def controller(tmp_path):
    controller = make_controller(tmp_path)
    controller.new_game(NewGame(players=(PlayerSetup(name="Ana", character="hacker"),
                                         PlayerSetup(name="Bruno", character="janitor")),
                                seed=5, digital_contamination=True), "t")
    return controller


def _phone(controller, seat: int, lang: str = "pt-BR") -> tuple:
    ctx = make_context(controller, lang, SMALL, viewer=seat_viewer(seat))
    screen = SeatScreen(ctx, on_leave=lambda: None)
    return ctx, screen


def _tagged(root, identifier: str):
    found = [item for item in walk(root) if isinstance(item, ft.Semantics) and item.identifier == identifier]
    assert found, f"no {identifier!r} on the screen"
    return found[0]


def _board_part(screen: SeatScreen) -> BoardChanges:
    return screen.board.rows


def _drawn(screen: SeatScreen) -> dict[str, object]:
    """The board rows drawn on the phone now: their name and their button (kit OfferButton)."""
    root = shown_root(screen)
    shown = identifiers(_tagged(root, scanner_ids.SEAT_BOARD_CHANGES))
    part = _board_part(screen)
    return {name: button for name, button in part.buttons.items() if scanner_ids.body_action(name) in shown}


def _feed_rows(ctx, seat: int) -> dict[str, object]:
    """The board rows the page's feed lists for `seat`, with their actions."""
    member = ctx.game.member(seat)
    rows = {}
    for name, _key, command, fixed in _board_rows(member):
        action = ctx.action(command, **fixed)
        if action is not None:
            rows[name] = action
    return rows


def _tap(button) -> None:
    """A finger on the button: the button itself when enabled, its frame when not."""
    if button.button.disabled:
        fire(button.frame.on_click)
    else:
        fire(button.button.on_click)


@pytest.mark.parametrize("lang", ["pt-BR", "tr"])
def test_the_phone_draws_exactly_its_seats_board_actions(controller, lang):
    controller.execute(c.SufferWound(seat=1, serious=True))  # something to dress, something not
    for seat in (1, 2):
        ctx, screen = _phone(controller, seat, lang)
        drawn = _drawn(screen)
        listed = _feed_rows(ctx, seat)
        # Exactly the rows the feed lists for this seat: its own wounds, treatments, Slime, the
        # Melee card; never what the game's steps do (a Larva), which stay the table's.
        assert set(drawn) == set(listed) and listed
        assert {"infest", "larva"}.isdisjoint(drawn)
        for name, button in drawn.items():
            action = listed[name]
            assert button.action == action and action.fixed["seat"] == seat
            assert button.button.disabled is (not action.allowed)
            assert button.frame.tooltip == (ctx.texts.error(action.refusal) if action.refusal else None)
        # Nobody else's board: every action the phone's screen may send is its own seat's.
        assert all(action.fixed.get("seat") in (None, seat) for action in ctx.actions)
        other = 2 if seat == 1 else 1
        assert not any(button.action.fixed["seat"] == other for button in _board_part(screen).buttons.values()
                       if button.action is not None)
        assert table_ids.crew_action("board", other) not in identifiers(screen.root)
        check_texts(screen.root)
    # Ana has an undressed Serious Wound, Bruno none: dressing is Ana's to do, not Bruno's.
    ana, bruno = _phone(controller, 1)[1], _phone(controller, 2)[1]
    assert not _drawn(ana)["dress_one"].button.disabled
    assert _drawn(bruno)["dress_one"].button.disabled


def test_the_table_and_the_phone_show_one_part_two_a_row(controller):
    """The table's dialog and the phone draw the same component; at 360 wide two a row."""
    from companion.ui.scanner.board import open_board_dialog

    table = make_context(controller, "pt-BR", SMALL)
    dialog = open_board_dialog(table.gate(), table.game.member(1))
    grid = next(item for item in walk(dialog.content) if isinstance(item, ft.ResponsiveRow))
    _ctx, screen = _phone(controller, 1)
    shown_root(screen)
    phone_grid = _board_part(screen).root
    assert type(grid) is type(phone_grid) and all(cell.col == 6 for cell in phone_grid.controls)
    # The table is offered every row, Larva and infestation included; the phone its own.
    dialog_rows = identifiers(grid)
    assert {scanner_ids.body_action("infest"), scanner_ids.body_action("larva")} <= dialog_rows
    assert identifiers(phone_grid) < dialog_rows


def test_a_tap_on_the_phone_sends_it_and_the_table_shows_it_at_once_with_the_player(controller):
    ctx, screen = _phone(controller, 1)
    table = make_context(controller, "pt-BR", 1280)
    desk = TableScreen(table)
    shown_root(desk)
    _tap(_drawn(screen)["serious"])
    assert controller.state.member(1).body.serious_wounds == 1
    # The table's own page took the new feed: its crew and its log show it, naming Ana's phone.
    seen = strings(shown_root(desk))
    assert any("registrou esta mudança no próprio celular" in line for line in seen), seen[-20:]
    assert "Ana" in next(line for line in seen if "registrou esta mudança no próprio celular" in line)
    assert table.game.member(1).body.serious_wounds == 1
    assert any(table.texts.t("ui.body.serious", total=1, limit=3, dressed=0) == line for line in seen)
    # Dressing it on the phone: the row was disabled before, is enabled now.
    dress = _drawn(screen)["dress_one"]
    assert not dress.button.disabled
    _tap(dress)
    assert controller.state.member(1).body.dressed_wounds == 1
    assert any(table.texts.t("ui.body.serious", total=1, limit=3, dressed=1) == line
               for line in strings(shown_root(desk)))
    # The table undoes the phone's change.
    controller.undo()
    assert controller.state.member(1).body.dressed_wounds == 0
    assert not _drawn(screen)["dress_one"].button.disabled


def test_bruno_removes_the_slime_the_table_gave_him(controller):
    controller.execute(c.SetSlime(seat=2, slime=True))
    ctx, screen = _phone(controller, 2, "tr")
    slime = _drawn(screen)["slime"]
    assert slime.label.value == ctx.texts.t("ui.body.remove_slime")
    _tap(slime)
    assert controller.state.member(2).body.slime is False
    assert _drawn(screen)["slime"].label.value == ctx.texts.t("ui.body.add_slime")
    events = [event.key for event in make_context(controller, "tr").session.history()]
    assert "log.from_phone" in events


def test_in_the_event_phase_the_phone_draws_what_its_feed_lists_and_a_late_tap_hears_the_reason(controller):
    ctx, screen = _phone(controller, 1)
    light = _drawn(screen)["light"]
    controller.execute(c.StartEventPhase())
    # A tap that left before the phone drew the Event Phase reaches the game: refused with its reason.
    fire(light.button.on_click)
    assert controller.state.member(1).body.light_wounds == 0
    message = ctx.page.dialogs[-1]
    assert isinstance(message, ft.SnackBar)
    assert message.content.value == ctx.texts.t("error.board_in_event_phase")
    # The seat's feed still lists its own wounds, treatments and Slime, refused for the
    # Event Phase (the game's steps are the table's): the phone draws them disabled, with
    # that reason, and its Contamination card as it was.
    drawn = _drawn(screen)
    assert set(drawn) == set(_feed_rows(ctx, 1)) and "gain" in drawn and "light" in drawn
    reason = ctx.texts.t("error.board_in_event_phase")
    for name, button in drawn.items():
        if name != "gain":
            assert button.button.disabled and button.frame.tooltip == reason, name
    assert scanner_ids.SEAT_BOARD in identifiers(screen.root)
    # The table records them meanwhile.
    controller.execute(c.SufferWound(seat=1))
    assert controller.state.member(1).body.light_wounds == 1


def test_a_row_the_feed_lists_refused_shows_the_engines_reason_and_a_tap_says_it(controller):
    """The rows draw the feed's refusal as it is: a wound the Event Phase refuses, listed so,
    is shown disabled with the engine's sentence, and a tap on it goes to the game, which
    tells it."""
    from types import SimpleNamespace

    from companion.engine.views import Action, Refusal

    ctx, _screen = _phone(controller, 1)
    refusal = Refusal(key="error.board_in_event_phase")
    listed = {("suffer_wound", 1): Action(type="suffer_wound", fixed={"seat": 1}, refusal=refusal)}
    feed = SimpleNamespace(actions=SimpleNamespace(get=lambda _key: listed[("suffer_wound", 1)]))
    page = ctx.page
    fake = SimpleNamespace(texts=ctx.texts, page=page, feed=feed, actions=feed.actions,
                           action=lambda command, **fixed: listed.get((command.model_fields["type"].default,
                                                                       fixed["seat"]))
                           if fixed.get("serious") is None else None)
    rows = BoardChanges(Changes(), gate_of=lambda: SimpleNamespace(ctx=fake, run_action=ctx.gate().run_action),
                        page_of=lambda: page)
    assert rows.show(fake, ctx.game.member(1))
    light = rows.buttons["light"]
    reason = ctx.texts.t("error.board_in_event_phase")
    assert light.button.disabled and light.frame.tooltip == reason
    assert [name for name, cell in rows.cells.items() if cell.visible] == ["light"]
    # A tap on it goes to the game, which refuses it for the same reason (the Event Phase runs).
    controller.execute(c.StartEventPhase())
    fire(light.frame.on_click)
    assert page.dialogs[-1].content.value == reason
    assert controller.state.member(1).body.light_wounds == 0


# --------------------------------------------------------------------- taps
def _table_taps(controller, seat: int, row: str) -> int:
    """The taps of one change through the table's board dialog, from the table's screen."""
    table = make_context(controller, "pt-BR", 1280)
    desk = TableScreen(table)
    taps = 0
    opener = _tagged(shown_root(desk), table_ids.crew_action("board", seat)).content
    fire(opener.content.on_click)  # the crew panel's board button opens the dialog
    taps += 1
    dialog = table.page.dialogs[-1]
    dialog.update = lambda: None
    frame = _tagged(dialog.content, scanner_ids.body_action(row)).content
    fire(frame.content.on_click)
    taps += 1
    return taps


def _phone_taps(controller, seat: int, row: str) -> int:
    ctx, screen = _phone(controller, seat)
    _tap(_drawn(screen)[row])
    return 1


def test_no_phone_flow_takes_more_taps_than_the_tables_dialog(tmp_path, capsys):
    flows = (("Ana: +1 Serious Wound", 1, "serious", lambda s: s.member(1).body.serious_wounds == 1),
             ("Ana: dress it", 1, "dress_one", lambda s: s.member(1).body.dressed_wounds == 1),
             ("Bruno: discard his Slime", 2, "slime", lambda s: not s.member(2).body.slime))
    counts = {}
    for way, count in (("phone", _phone_taps), ("table", _table_taps)):
        controller = make_controller(tmp_path / way)
        controller.new_game(NewGame(players=(PlayerSetup(name="Ana", character="hacker"),
                                             PlayerSetup(name="Bruno", character="janitor")),
                                    seed=5, digital_contamination=True), "t")
        controller.execute(c.SetSlime(seat=2, slime=True))  # the table gives Bruno Slime first
        for what, seat, row, done in flows:
            counts[(way, what)] = count(controller, seat, row)
            assert done(controller.state), (way, what)
    with capsys.disabled():
        print("\ntaps per change:   phone  table (board dialog)")
        for what, _seat, _row, _done in flows:
            print(f"  {what:<26} {counts[('phone', what)]:>3} {counts[('table', what)]:>6}")
        print(f"  {'all three':<26} {sum(v for (w, _), v in counts.items() if w == 'phone'):>3}"
              f" {sum(v for (w, _), v in counts.items() if w == 'table'):>6}")
    for what, *_rest in flows:
        assert counts[("phone", what)] <= counts[("table", what)], what
