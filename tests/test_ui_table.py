"""The table screen, kept (companion/ui/table/view.py) and its glance: a change sets only
the controls it changed and every button follows the game; the status strip names the
phase, the Event Phase's step and the First Player (the new one when a Player Phase after
the first opens); a phone's first screen is the glance without the Time track's legend
(one tap away); the end of the game is on screen after the last move, a fate never
squeezes a name, and the announcement of the last move fits a phone."""
from __future__ import annotations

import flet as ft
import pytest

from companion.engine import Event, NewGame, PlayerSetup
from companion.engine import commands as c
from companion.engine.phase.model import EventStep
from companion.rules import load_rules
from companion.ui import ids
from companion.ui.announcements import Announcer
from companion.ui.i18n_view import Texts
from tests.support.screens import shown_root
from companion.ui.on_screen import shown_on_screen
from tests.support.screens import build_status_strip
from companion.ui.table.view import TableScreen
from tests.support.deck_helpers import next_runner_command

from .flet_session import table_page
from .ui_tree import FakePage, fire, identifiers, make_context, make_controller, strings, walk
from companion.ui.bag import ids as bag_ids
from companion.ui.events import ids as events_ids
from companion.ui.scanner import ids as scanner_ids
from companion.ui.table import ids as table_ids
from companion.ui.victory import ids as victory_ids

RULES = load_rules()
NAMES = (("Ana", "hacker"), ("Bora", "janitor"), ("Carla", "lab_rat"))


def _setup(players: int = 3) -> NewGame:
    return NewGame(players=tuple(PlayerSetup(name=n, character=ch) for n, ch in NAMES[:players]), seed=4)


@pytest.fixture
def game(tmp_path):
    controller = make_controller(tmp_path)
    controller.new_game(_setup(), "t")
    return controller


def _tagged(control, identifier: str):
    found = [item for item in walk(control) if isinstance(item, ft.Semantics) and item.identifier == identifier]
    assert found, f"{identifier!r} not on screen"
    return found[0]


def _text(control, identifier: str) -> str:
    """The words shown there (not its tooltips)."""
    return " ".join(item.value for item in walk(_tagged(control, identifier)) if isinstance(item, ft.Text))


def _live(controller, width: float = 390) -> TableScreen:
    """A table screen on a real page (only controls on a page are sent), shown once."""
    from .flet_session import live_page

    page, _wire = live_page(width)
    ctx = make_context(controller, "pt-BR", width)
    ctx.page = page
    screen = TableScreen(ctx)
    screen.show()
    page.controls = [screen.root]
    page.update()
    return screen


def _disabled(control, identifier: str) -> bool:
    return any(getattr(item, "disabled", False) for item in walk(_tagged(control, identifier))
               if isinstance(item, ft.Button))


def _under(control, roots) -> bool:
    """Whether `control` is one of `roots` or inside one."""
    inside = {id(item) for root in roots for item in walk(root)}
    return id(control) in inside


# --------------------------------------------------------------------- kept
def test_a_change_sets_only_the_controls_it_changed(game):
    screen = _live(game)
    game.execute(c.PlaceFire())
    changed = screen.show()
    # The Fire counter, its buttons and the new log line; the Time track is left alone.
    assert changed and all(_under(control, [screen.markers.root, screen.log.root]) for control in changed)
    assert not any(_under(control, [screen.track.root]) for control in changed)


def test_a_tap_on_one_players_knowledge_changes_only_that_players_card(game):
    screen = _live(game)
    first, second = screen.crew.cards.items[1], screen.crew.cards.items[2]
    game.execute(c.ChangeKnowledge(seat=1, by=1))
    changed = screen.show()
    assert any(_under(control, [first.root]) for control in changed)
    assert not any(_under(control, [second.root]) for control in changed)
    assert screen.crew.cards.items[2] is second  # kept, not built again


def test_the_kept_table_follows_its_buttons_answers_and_values(game):
    ctx = make_context(game, "pt-BR", 390)
    screen = TableScreen(ctx)
    root = shown_root(screen)
    bunker = table_ids.crew_action("bunker", 2)
    assert not _disabled(root, table_ids.ADVANCE_TIME) and _disabled(root, bunker)
    game.execute(c.AdvanceTime())
    screen.show()
    assert str(game.state.time) in _text(root, ids.TRACK_TIME)
    game.execute(c.OpenMainGate())  # nobody on the crew changes, but the Bunker opens
    game.execute(c.StartEventPhase())  # the track's values do not change, but Time waits for step 5
    screen.show()
    assert _disabled(root, table_ids.ADVANCE_TIME) and not _disabled(root, bunker)


# --------------------------------------------------------------------- the strip
@pytest.mark.parametrize("lang", ["pt-BR", "tr"])
def test_the_strip_names_the_phase_and_each_step_of_the_event_phase(game, lang):
    ctx = make_context(game, lang, 390)
    t = ctx.texts.t
    assert _text(build_status_strip(ctx), ids.STATUS_PHASE) == t("ui.table_screen.phase.player")
    game.execute(c.StartEventPhase())
    seen = []
    while game.state.event_phase is not None:
        step = game.state.event_phase.step
        said = _text(build_status_strip(ctx), ids.STATUS_PHASE)
        assert said == t("ui.table_screen.phase.event", step=int(step), name=t(step.key))
        seen.append(step)
        game.execute(next_runner_command(game.state, RULES))
    assert EventStep.ROUND_END in seen
    assert _text(build_status_strip(ctx), ids.STATUS_PHASE) == t("ui.table_screen.phase.player")


def _run_event_phase(controller) -> None:
    controller.execute(c.StartEventPhase())
    while controller.state.event_phase is not None:
        controller.execute(next_runner_command(controller.state, RULES))


@pytest.mark.parametrize("lang", ["pt-BR", "tr"])
def test_round_two_opens_by_naming_the_new_first_player_and_round_one_does_not(game, lang):
    ctx = make_context(game, lang, 390)
    t = ctx.texts.t
    ana = t("ui.common.player_character", name="Ana", character=ctx.texts.character("hacker"))
    bora = t("ui.common.player_character", name="Bora", character=ctx.texts.character("janitor"))
    assert _text(build_status_strip(ctx), ids.STATUS_FIRST_PLAYER) == t("ui.table_screen.first_player", who=ana)
    _run_event_phase(game)
    assert game.state.round == 2
    assert _text(build_status_strip(ctx), ids.STATUS_FIRST_PLAYER) == t("ui.table_screen.new_first_player", who=bora)
    game.execute(c.StartEventPhase())  # during the Event Phase it is simply who holds it
    assert _text(build_status_strip(ctx), ids.STATUS_FIRST_PLAYER) == t("ui.table_screen.first_player", who=bora)


def test_a_chip_too_long_for_a_small_phone_ends_in_an_ellipsis_and_its_tooltip_says_all(game):
    _run_event_phase(game)  # round 2: "Novo Primeiro Jogador: Bora (Zelador)"
    ctx = make_context(game, "pt-BR", 360)
    strip = build_status_strip(ctx)
    for identifier in (ids.STATUS_PHASE, ids.STATUS_FIRST_PLAYER, ids.STATUS_ROUND):
        frame = _tagged(strip, identifier).content
        text = next(item for item in walk(frame) if isinstance(item, ft.Text))
        # One line, cut with "…", never past the phone's edge: loosely flexible in its row.
        assert text.max_lines == 1 and text.overflow == ft.TextOverflow.ELLIPSIS
        assert text.expand and text.expand_loose
        assert text.value and text.value in frame.tooltip


def test_alone_there_is_no_first_player_to_name(tmp_path):
    controller = make_controller(tmp_path)
    controller.new_game(NewGame(players=(PlayerSetup(name="Ana", character="hacker"),), mode="solo", seed=4), "t")
    assert ids.STATUS_FIRST_PLAYER not in identifiers(build_status_strip(make_context(controller, "pt-BR", 390)))


# --------------------------------------------------------------------- the first screen
def test_a_phone_shows_the_track_without_its_legend_and_the_legend_is_one_tap_away(game):
    ctx = make_context(game, "pt-BR", 390)
    screen = TableScreen(ctx)
    root = shown_root(screen)
    assert ids.TRACK_LEGEND not in identifiers(root) and ids.TRACK_LEGEND_TOGGLE in identifiers(root)
    fire(_tagged(root, ids.TRACK_LEGEND_TOGGLE).content.on_click)
    screen.show()
    assert ids.TRACK_LEGEND in identifiers(root)
    assert ctx.texts.t("ui.track.threshold_red") in strings(_tagged(root, ids.TRACK_LEGEND))


@pytest.mark.parametrize("width", [360, 390])
def test_a_phone_puts_the_main_actions_first_under_the_strip(game, width):
    screen = TableScreen(make_context(game, "pt-BR", width))
    root = shown_root(screen)
    column = root if isinstance(root, ft.Column) else root.content

    def place(identifier: str) -> int:
        """Which of the screen's parts, top to bottom, holds `identifier`."""
        return next(n for n, part in enumerate(column.controls) if identifier in identifiers(part))

    # The Event Phase and the bag in one row, then Advance Time (its question in place),
    # then the track: all before anything else of the board.
    assert place(events_ids.EVENT_PHASE) == place(bag_ids.OPEN_BAG) < place(table_ids.ADVANCE_TIME) < place(table_ids.TIME_TRACK)
    assert place(table_ids.TIME_TRACK) < place(table_ids.FIRE_PLACE)
    # Moved from their panels, not copied.
    tagged = [item.identifier for item in walk(root) if isinstance(item, ft.Semantics) and item.identifier]
    assert [tagged.count(i) for i in (events_ids.EVENT_PHASE, bag_ids.OPEN_BAG)] == [1, 1]


def test_a_button_label_too_long_for_its_button_ends_in_an_ellipsis(game):
    root = shown_root(TableScreen(make_context(game, "pt-BR", 360)))
    label = next(item for item in walk(_tagged(root, table_ids.ADVANCE_TIME)) if isinstance(item, ft.Text))
    assert label.max_lines == 2 and label.overflow == ft.TextOverflow.ELLIPSIS


def test_wider_screens_keep_the_legend_in_view(game):
    root = shown_root(TableScreen(make_context(game, "pt-BR", 1280)))
    assert ids.TRACK_LEGEND in identifiers(root) and ids.TRACK_LEGEND_TOGGLE not in identifiers(root)


# --------------------------------------------------------------------- the end
def _end(controller) -> None:
    """Carla leaves in a CSS pod, the others die: the game is over."""
    controller.execute(c.RecordDeath(seat=1))
    controller.execute(c.RecordDeath(seat=2))
    controller.execute(c.RecordDeath(seat=3))


def _row_holding(control, text: ft.Text):
    for item in walk(control):
        if isinstance(item, ft.Row) and _under(text, [item]):
            yield item


@pytest.mark.parametrize("lang", ["pt-BR", "tr"])
def test_on_a_phone_a_fate_sits_under_the_name_never_beside_it(game, lang):
    _end(game)
    ctx = make_context(game, lang, 360)
    root = shown_root(TableScreen(ctx))
    panel = _tagged(root, table_ids.GAME_END)
    names = [item for item in walk(panel) if isinstance(item, ft.Text) and item.value == "Carla"]
    fate = ctx.texts.t(f"fate.{ctx.game.end.fates[2].fate.value}")
    fates = [item for item in walk(panel) if isinstance(item, ft.Text) and item.value == fate]
    assert names and fates
    # No row holds both the name and its fate: the name has the row's whole width.
    assert not any(_under(fates[0], [row]) for row in _row_holding(panel, names[0]))


def _text_height(text: ft.Text, width: float) -> float:
    """A generous guess at a wrapped text's height: 0.6 em a letter, 1.4 em a line."""
    size = text.size or 14
    lines = -(-len(text.value) * 0.6 * size // width)
    return max(lines, 1) * 1.4 * size


@pytest.mark.parametrize("lang", ["pt-BR", "tr"])
def test_on_a_small_phone_the_way_into_the_victory_check_is_in_view_as_the_end_panel_opens(tmp_path, lang):
    from tests.test_small_phone import ROOM_ABOVE
    from tests.support.victory_helpers import ended_game

    ended = ended_game()  # the Facility destroyed: one locked in, one in the Bunker, one in a pod
    game = make_controller(tmp_path)
    game.new_game(ended.commands[0], "t")
    for command in ended.commands[1:]:
        game.execute(command)
    ctx = make_context(game, lang, 360)
    panel = _tagged(shown_root(TableScreen(ctx)), table_ids.GAME_END)
    parts = panel.content.content.controls
    entry = next(i for i, part in enumerate(parts) if getattr(part, "identifier", None) == victory_ids.VICTORY_ENTRY
                 and part.visible is not False)
    fates = next(i for i, part in enumerate(parts) if ctx.texts.character(ctx.game.end.fates[0].character)
                 in strings(part))
    assert entry < fates  # the fates follow the way in
    # What stands above the button fits the window under the app bar and the status strip.
    inner = 360 - 2 * 12 - 2 * 14 - 4
    above = sum(_text_height(part, inner) + 8 for part in parts[:entry]
                if isinstance(part, ft.Text) and part.visible is not False and part.value)
    assert ROOM_ABOVE + 2 + 14 + above + 48 <= 640


def test_after_the_last_move_the_table_opens_on_the_end_of_the_game(tmp_path):
    with table_page(tmp_path, _setup()) as (controller, app, wire):
        scrolled = []
        app.scroll_top = lambda: scrolled.append(True)
        controller.execute(c.RecordDeath(seat=1))
        controller.execute(c.RecordDeath(seat=2))
        assert scrolled == []
        controller.execute(c.RecordDeath(seat=3))
        assert scrolled == [True]
        assert table_ids.GAME_END in identifiers(app.shown_screen())


def test_on_the_table_the_end_panel_says_what_ended_the_game_and_who_died_so_the_modal_does_not():
    from companion.engine.views import GameView  # noqa: F401 - the shape the filter reads

    over = type("View", (), {"public": type("Public", (), {"victory": None, "is_over": True})()})()
    running = type("View", (), {"public": type("Public", (), {"victory": None, "is_over": False})()})()
    assert "announce.end.dies.isolation" in shown_on_screen("table", over)
    assert "announce.destroyed.self_destruct" in shown_on_screen("table", over)
    assert shown_on_screen("table", running) == frozenset()
    # What the end panel does not say (how the Facility ended, the Queen) is still announced.
    assert "announce.end.facility_destroyed" not in shown_on_screen("table", over)


@pytest.mark.parametrize("width", [360, 390])
def test_several_messages_at_once_read_as_a_compact_list_as_wide_as_the_phone(width):
    page = FakePage(width=width, height=640)
    announcer = Announcer(page, Texts("pt-BR"))
    announcer.announce([Event.of(1, "announce.nobody_left", announce=True),
                        Event.of(1, "announce.self_destruct_red", {"slot": 2}, announce=True),
                        Event.of(1, "announce.end.facility_destroyed", {"slot": 2}, announce=True)])
    dialog = page.dialogs[-1]
    texts = [item for item in walk(dialog.content) if isinstance(item, ft.Text)]
    assert len(texts) == 3 and all(text.size <= 14 for text in texts)
    assert dialog.content.content.width == width - 56 and dialog.inset_padding is not None


# --------------------------------------------------------------------- taps and the undo notice
def test_a_command_tap_sends_the_busy_bar_then_does_its_work_in_the_same_handler(tmp_path):
    """The bar leaves before the command's work (its save and the pages' renders), and the
    work is done by the tap's own handler, not a task queued after it."""
    from tests.flet_session import tap

    with table_page(tmp_path, _setup()) as (controller, app, wire):
        happened: list[str] = []
        execute = controller.execute
        controller.execute = lambda command, actor=None: happened.append("command") or execute(command, actor)
        update = app.page.update

        def updated(*controls) -> None:
            bar = app.busy.bar
            if len(controls) == 1 and controls[0] is bar:
                happened.append("bar shown" if bar.value is None else "bar hidden")
            else:
                happened.append("answer")
            update(*controls)

        object.__setattr__(app.page, "update", updated)
        tap(app.page, table_ids.FIRE_PLACE)  # returns once Flet's dispatch of the tap has
        assert controller.state.fire == 1
        assert happened[:2] == ["bar shown", "command"] and "answer" in happened
        assert app.busy.shown is False and app.busy.bar.value == 0 and app.busy.waiting == 0


def test_taps_that_come_together_keep_their_order(tmp_path):
    """Fire + then Fire − dispatched at once: the second waits while the first sends its bar,
    so − finds the marker + placed (the other way round − would be refused at 0)."""
    import asyncio

    from tests.flet_session import shown_control
    from tests.support.control_tree import controls_on

    def button(identifier: str):
        return next(c for c in controls_on(shown_control(app.page, identifier)) if isinstance(c, ft.Button))

    with table_page(tmp_path, _setup()) as (controller, app, wire):
        sent: list[str] = []
        execute = controller.execute
        controller.execute = lambda command, actor=None: sent.append(type(command).__name__) or execute(command, actor)
        place, remove = button(table_ids.FIRE_PLACE), button(table_ids.FIRE_REMOVE)
        object.__setattr__(remove, "disabled", False)  # the browser drew it enabled: a late tap

        async def both() -> None:
            await asyncio.gather(app.page.session.dispatch_event(place._i, "click", None),
                                 app.page.session.dispatch_event(remove._i, "click", None))

        loop = asyncio.new_event_loop()
        try:
            loop.run_until_complete(both())
        finally:
            loop.close()
        assert sent == ["PlaceFire", "RemoveFire"] and controller.state.fire == 0
        assert app.busy.shown is False and app.busy.waiting == 0


def test_a_screen_change_sends_the_busy_bar_before_the_new_screen(tmp_path):
    from tests.flet_session import tap

    with table_page(tmp_path, _setup()) as (controller, app, wire):
        happened: list[str] = []
        show = app._show
        app._show = lambda screen: happened.append(f"show {screen}") or show(screen)
        update = app.page.update

        def updated(*controls) -> None:
            bar = app.busy.bar
            if any(control is bar for control in controls) and len(controls) == 1:
                happened.append("bar shown" if bar.value is None else "bar hidden")
            update(*controls)

        object.__setattr__(app.page, "update", updated)
        tap(app.page, bag_ids.OPEN_BAG)
        assert app.shown_screen() is not None and bag_ids.BAG_BACK in identifiers(app.shown_screen())
        # The bar leaves first; the bag screen (built the first time) comes after it, and
        # its render takes the bar away.
        assert happened[:2] == ["bar shown", "show bag"] and app.busy.shown is False


def test_the_undo_notice_goes_with_the_next_change_and_with_redo(tmp_path):
    with table_page(tmp_path, _setup()) as (controller, app, wire):
        controller.execute(c.PlaceFire())
        app._undo()
        notice = app.undo_notice
        assert notice is not None and notice.open
        controller.execute(c.PlaceMalfunction())
        assert notice.open is False and app.undo_notice is None
        app._undo()
        notice = app.undo_notice
        assert notice.open
        controller.redo()
        assert notice.open is False


def test_the_undo_notice_is_two_lines_at_most_and_goes_with_its_close_button_or_a_screen_change(tmp_path):
    """It sits over the bottom of the screen, where a pinned screen keeps its main action:
    short, and out of the way at one tap or at the next screen."""
    with table_page(tmp_path, _setup()) as (controller, app, wire):
        controller.execute(c.PlaceFire())
        app._undo()
        notice = app.undo_notice
        text = next(item for item in walk(notice.content) if isinstance(item, ft.Text))
        assert text.max_lines == 2 and text.overflow == ft.TextOverflow.ELLIPSIS and text.tooltip == text.value
        close = next(item.content for item in walk(notice.content)
                     if isinstance(item, ft.Semantics) and item.identifier == ids.UNDO_NOTICE_CLOSE)
        fire(close.on_click)
        assert notice.open is False and app.undo_notice is None
        controller.execute(c.PlaceMalfunction())
        app._undo()
        notice = app.undo_notice
        assert notice.open
        app._show("bag")
        assert notice.open is False and app.undo_notice is None


def test_the_character_board_dialog_shows_its_buttons_two_a_row_at_360(game):
    from companion.ui.scanner.board import open_board_dialog

    ctx = make_context(game, "pt-BR", 360)
    dialog = open_board_dialog(ctx.gate(), ctx.game.member(1))
    grid = next(item for item in walk(dialog.content) if isinstance(item, ft.ResponsiveRow))
    assert len(grid.controls) >= 10 and all(cell.col == 6 for cell in grid.controls)
    # As tall as their words: a long label wraps inside its button, not across the row.
    buttons = [item for item in walk(grid) if isinstance(item, ft.Button)]
    assert buttons and all(button.height is None for button in buttons)
    assert dialog.content.width <= 360 - 56


def test_turning_the_phone_changes_the_app_bar_in_place_so_an_open_language_menu_still_works(tmp_path):
    """A language menu opened just before the page turns belongs to the bar shown then: if
    the turn built a new bar, the choice tapped in the open menu would reach no control."""
    with table_page(tmp_path, _setup()) as (controller, app, wire):
        page = app.page
        bar = page.appbar
        menu = _tagged(bar, ids.LANGUAGE).content
        turkish = next(item for item in menu.items if item.content.identifier == ids.language_option("tr"))
        assert bar.title.value == app.texts.t("ui.app.short_title")
        assert app.texts.language_name("pt-BR") not in strings(menu.content)  # the icon alone on a phone
        page.width = 1280
        app._on_resize(None)
        assert page.appbar is bar and _tagged(bar, ids.LANGUAGE).content is menu and turkish in menu.items
        assert bar.title.value == app.texts.t("ui.app.title")
        assert app.texts.language_name("pt-BR") in strings(menu.content)
        page.width = 390
        app._on_resize(None)
        assert page.appbar is bar and bar.title.value == app.texts.t("ui.app.short_title")
        # The choice made in the menu opened before both turns still reaches the page.
        fire(turkish.on_click)
        assert app.texts.lang == "tr"
        assert page.appbar.title.value == app.texts.t("ui.app.short_title")


def test_a_draw_tapped_again_through_a_new_dialog_counts_and_a_bounce_does_not(tmp_path):
    """Three Contamination cards gained through the board dialog, as fast as Flet delivers
    the taps: each reopening of the dialog is a tap, so every gain counts. Two clicks on one
    dialog's gain delivered together (a bounce) gain once, and the page says why."""
    import asyncio

    from tests.flet_session import tap
    from tests.support.control_tree import controls_on

    setup = NewGame(players=tuple(PlayerSetup(name=n, character=ch) for n, ch in NAMES[:2]), seed=4,
                    digital_contamination=True)

    def held() -> int:
        return len(controller.state.contamination.held.get(1, []))

    def gain_button() -> ft.Button:
        """The gain button of the board dialog open now."""
        dialog = next(d for d in app.page._dialogs.controls if isinstance(d, ft.AlertDialog) and d.open)
        tagged = next(c for c in controls_on(dialog)
                      if isinstance(c, ft.Semantics) and c.identifier == scanner_ids.body_action("gain"))
        return next(c for c in controls_on(tagged) if isinstance(c, ft.Button))

    def click(*buttons: ft.Button) -> None:
        async def together() -> None:
            await asyncio.gather(*(app.page.session.dispatch_event(button._i, "click", None) for button in buttons))

        loop = asyncio.new_event_loop()
        try:
            loop.run_until_complete(together())
        finally:
            loop.close()

    with table_page(tmp_path, setup) as (controller, app, wire):
        for expected in (1, 2, 3):
            tap(app.page, table_ids.crew_action("board", 1))
            click(gain_button())
            assert held() == expected
        tap(app.page, table_ids.crew_action("board", 1))
        bounced = gain_button()
        click(bounced, bounced)
        assert held() == 4
        snacks = [d.content.value for d in app.page._dialogs.controls if isinstance(d, ft.SnackBar)]
        assert Texts("pt-BR").t("error.same_draw_twice") in snacks
