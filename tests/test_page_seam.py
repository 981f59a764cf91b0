"""A page can only ask as its own viewer: no module under companion/ui/ reaches the
controller, another viewer's view or history, or sends a command as another seat; each
page holds a session bound to its viewer, and the table may hand its device only to a
player whose seat no phone holds."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

from companion.engine import IllegalCommand, NewGame, PlayerSetup
from companion.engine import commands as c
from companion.engine.views import NOBODY, TABLE, seat_viewer
from companion.seats.page_session import PageSession
from companion.ui.kit.handoff import CONTINGENCY, SCANNER, VICTORY, hand_to, handoff_of
from companion.ui.scanner.handover import open_scanner_for
from tests.support.screens import build_handover_screen, build_table
from tests.ui_tree import identifiers, make_context, make_controller
from companion.ui.scanner import ids as scanner_ids
from companion.ui.victory import ids as victory_ids

UI = Path(__file__).resolve().parent.parent / "companion" / "ui"
# Modules that hold the game whole or decide who a page is: never imported by a screen.
FORBIDDEN_MODULES = ("companion.seats.controller", "companion.seats.seating", "companion.store", "companion.engine.session",
                     "companion.engine.apply", "companion.hosting.server")
# Modules outside ui/ that decide who a page is, or hold the game whole.
FORBIDDEN_MODULES = FORBIDDEN_MODULES + ("companion.app.pages",)
# Names that reach another viewer, or the whole game, wherever they appear.
FORBIDDEN_NAMES = {"seat_viewer", "view_for", "for_seat", "for_table", "TableController", "GameSession",
                   "seat_contamination"}
# The viewers themselves: a screen never names one (its session knows who it is).
VIEWERS = {"TABLE", "NOBODY"}
# Names a screen may mention (in a type) but never call: they would make a viewer or a session.
FORBIDDEN_CALLS = {"Viewer", "PageSession", "PageDoor"}
FORBIDDEN_ATTRIBUTES = {"controller", "state", "_PageSession__controller", "_PageSession__viewer",
                        "_PageDoor__controller", "_PageDoor__session"}


def _ui_modules() -> list[Path]:
    return sorted(UI.rglob("*.py"))


def _faults(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    faults = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module is not None:
            if node.module.startswith(FORBIDDEN_MODULES):
                faults.append(f"imports {node.module}")
            faults += [f"imports {alias.name}" for alias in node.names if alias.name in FORBIDDEN_NAMES
                       or (node.module == "companion.engine.views" and alias.name in VIEWERS)]
        elif isinstance(node, ast.Import):
            faults += [f"imports {alias.name}" for alias in node.names if alias.name.startswith(FORBIDDEN_MODULES)]
        elif isinstance(node, ast.Attribute) and node.attr in FORBIDDEN_ATTRIBUTES:
            faults.append(f"reaches .{node.attr} (line {node.lineno})")
        elif isinstance(node, ast.Name) and node.id in FORBIDDEN_NAMES:
            faults.append(f"uses {node.id} (line {node.lineno})")
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in FORBIDDEN_CALLS:
            faults.append(f"makes a {node.func.id} (line {node.lineno})")
    return faults


def test_no_ui_module_reaches_the_controller_or_another_viewer():
    found = {str(path.relative_to(UI)): faults for path in _ui_modules() if (faults := _faults(path))}
    assert found == {}
    assert len(_ui_modules()) > 50  # the walk saw the screens


def test_the_check_catches_a_screen_that_reaches_around_its_session(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("from companion.engine.views import Viewer, seat_viewer\n"
                   "def peek(ctx):\n    return ctx.controller.view(seat_viewer(2))\n"
                   "def become(ctx):\n    ctx.session = PageSession(ctx.door, Viewer('seat', 2))\n", encoding="utf-8")
    assert sorted(_faults(bad)) == sorted(["imports seat_viewer", "reaches .controller (line 3)",
                                           "uses seat_viewer (line 3)", "makes a PageSession (line 5)",
                                           "makes a Viewer (line 5)"])


def test_a_session_answers_as_its_own_viewer_only(tmp_path):
    controller = make_controller(tmp_path)
    controller.new_game(NewGame(players=(PlayerSetup(name="A", character="hacker"),
                                         PlayerSetup(name="B", character="janitor")), seed=3, digital_contamination=True),
                        "t")
    controller.execute(c.GainContamination(seat=1, count=2))
    seat = PageSession(controller, seat_viewer(2))
    assert seat.view().private.seat == 2
    # Nothing public names the controller, and its slots cannot be set from outside.
    assert not [name for name in dir(seat) if "controller" in name and not name.startswith("_PageSession__")]
    with pytest.raises(AttributeError):
        seat.viewer = seat_viewer(1)  # type: ignore[misc]
    # Another seat's command is refused, whoever holds this session.
    with pytest.raises(IllegalCommand, match="error.not_your_seat"):
        seat.execute(c.ScanContamination(seat=1, procedure="all"))
    # The table may not send a player's private step either: it is that player's.
    table = PageSession(controller, TABLE)
    with pytest.raises(IllegalCommand, match="error.seat_only"):
        table.execute(c.ScanContamination(seat=1, procedure="all"))
    with pytest.raises(IllegalCommand, match="error.table_only"):
        PageSession(controller, NOBODY).hand_over(1)
    with pytest.raises(IllegalCommand, match="error.table_only"):
        seat.hand_over(1)


def test_the_table_is_handed_only_to_a_seat_without_a_phone(tmp_path):
    controller = make_controller(tmp_path)
    controller.new_game(NewGame(players=(PlayerSetup(name="A", character="hacker"),
                                         PlayerSetup(name="B", character="janitor")), seed=3, digital_contamination=True,
                                contingency_tokens=True), "t")
    controller.execute(c.GainContamination(seat=1, count=2))
    controller.execute(c.ScanContamination(seat=1, procedure="all"), seat_viewer(1))
    phones = frozenset({1})
    table = PageSession(controller, TABLE, phones=lambda: phones)
    with pytest.raises(IllegalCommand, match="error.seat_has_phone"):
        table.hand_over(1)
    assert table.hand_over(2).viewer == seat_viewer(2)
    ctx = make_context(controller, "pt-BR", 390)
    ctx.session = table
    # The Scanner handover offers seat 2 only, and refuses to open seat 1 however asked.
    open_scanner_for(ctx, 1)
    screen = build_handover_screen(ctx)
    found = identifiers(screen)
    assert scanner_ids.handover_seat(1) not in found and scanner_ids.handover_seat(2) in found
    assert scanner_ids.SCANNER_RESULTS not in found and scanner_ids.SCANNER not in found
    for purpose in (SCANNER, CONTINGENCY, VICTORY):
        hand_to(ctx, 1, purpose, curtain=False)
        assert handoff_of(ctx).seat is None
    # The table's own screen offers no way to seat 1's tokens.
    board = identifiers(build_table(ctx))
    assert victory_ids.contingency_handoff(2) in board and victory_ids.contingency_handoff(1) not in board
    assert victory_ids.CONTINGENCY_OWN not in board


def test_a_draw_sent_again_after_another_tap_of_the_page_counts_at_once(tmp_path):
    """Two taps in a row on the same draw are a double tap; a tap between them (the player
    opened the dialog again) shows the second draw was meant, however soon it comes."""
    controller = make_controller(tmp_path)
    controller.new_game(NewGame(players=(PlayerSetup(name="A", character="hacker"),
                                         PlayerSetup(name="B", character="janitor")), seed=3, digital_contamination=True),
                        "t")
    table = PageSession(controller, TABLE, clock=lambda: 100.0)  # every tap at the same instant
    gain = c.GainContamination(seat=1, count=1)
    table.execute(gain, tap=1)
    with pytest.raises(IllegalCommand) as refused:
        table.execute(gain, tap=2)  # the next tap of the page: a bounce
    assert refused.value.key == "error.same_draw_twice"
    table.execute(gain, tap=4)  # tap 3 opened the dialog again
    assert len(controller.state.contamination.held[1]) == 2
    with pytest.raises(IllegalCommand):
        table.execute(gain)  # a call no tap sent: the time alone decides, as before


def test_a_double_tap_on_a_draw_draws_once(tmp_path):
    controller = make_controller(tmp_path)
    controller.new_game(NewGame(players=(PlayerSetup(name="A", character="hacker"),
                                         PlayerSetup(name="B", character="janitor")), seed=3, digital_contamination=True),
                        "t")
    now = [100.0]
    table = PageSession(controller, TABLE, clock=lambda: now[0])

    def held(seat: int) -> int:
        return len(controller.state.contamination.held.get(seat, []))

    table.execute(c.GainContamination(seat=1, count=1))
    now[0] += 0.3  # the second tap of a double tap
    with pytest.raises(IllegalCommand) as refused:
        table.execute(c.GainContamination(seat=1, count=1))
    assert refused.value.key == "error.same_draw_twice" and held(1) == 1
    now[0] += 1.0  # a deliberate second draw, once the first one showed
    table.execute(c.GainContamination(seat=1, count=1))
    table.execute(c.GainContamination(seat=2, count=1))  # another draw is not the same tap
    assert held(1) == 2 and held(2) == 1
    table.execute(c.PlaceFire())
    table.execute(c.PlaceFire())  # nothing drawn: every tap counts
    assert controller.state.fire == 2
    # The player handed the device has the page's clock too: their double tap draws once.
    handed = table.hand_over(2)
    handed.execute(c.ScanContamination(seat=2, procedure="all"))
    with pytest.raises(IllegalCommand):
        handed.execute(c.ScanContamination(seat=2, procedure="all"))
