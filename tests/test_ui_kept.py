"""The kept-screen kit (companion/ui/kit/kept.py) and the screen host (companion/ui/
screen_host.py): a value is set only when it differs and its control noted; only controls
on the page are updated, outermost first; list items are built once per key; a button
follows the game and a tap on it sends what it showed; a host builds a screen once,
flips visibility between screens, and sends what a kept screen's show returns."""
from __future__ import annotations

from types import SimpleNamespace

import flet as ft
import pytest

from companion.engine import NewGame, PlayerSetup
from companion.engine.commands import KillIntruder, PlaceIntruder
from companion.ui import ids, theme
from companion.ui.kit.kept import (PHONE, TABLET, WIDE, ActionButton, Card, Changes, Chip, KeptScreen,
                                   KeyedItems, OfferButton, layout_of)
from tests.support.screens import shown_root
from companion.ui.screen_host import Kept, ScreenHolder, ScreenHost

from .flet_session import counting, live_page
from .ui_tree import fire, identifiers, make_context, make_controller, strings, walk

SETUP = NewGame(players=(PlayerSetup(name="A", character="hacker"), PlayerSetup(name="B", character="janitor")),
                seed=5)


@pytest.fixture
def ctx(tmp_path):
    controller = make_controller(tmp_path)
    controller.new_game(SETUP, "t")
    return make_context(controller, "pt-BR", 390)


def _on_page(*controls: ft.Control):
    """A live page (a real Flet session) holding `controls`, sent once."""
    page, wire = live_page()
    page.controls = list(controls)
    page.update()
    wire.take()
    return page, wire


# --------------------------------------------------------------------- Changes
def test_put_sets_only_what_differs_and_notes_the_control():
    changes = Changes()
    text = ft.Text("a", size=12)
    page, _wire = _on_page(ft.Column([text]))
    changes.put(text, value="a", size=12)
    assert changes.properties == 0 and changes.take() == []
    changes.put(text, value="b", size=12)
    assert text.value == "b" and changes.properties == 1
    assert changes.take() == [text]
    assert changes.take() == [] and changes.properties == 0  # taken once


def test_take_keeps_controls_on_the_page_and_only_the_outermost():
    changes = Changes()
    inner = ft.Text("x")
    card = ft.Container(ft.Column([inner, ft.Text("y")]))
    others = [ft.Text(str(n)) for n in range(3)]
    page, _wire = _on_page(ft.Column([card, *others]))
    loose = ft.Text("not on the page")
    changes.put(loose, value="changed")
    changes.put(inner, value="changed")
    changes.put(card, bgcolor=theme.SURFACE)
    # The card covers the text inside it; a control not on the page goes out with what adds it.
    assert changes.take() == [card]


def test_changes_near_each_other_go_through_a_small_part_around_them():
    from companion.ui.kit.changes import PART_LIMIT

    changes = Changes()
    row = ft.Row([ft.Text("a"), ft.Container(ft.Text("b")), ft.Text("c")])
    with_button = ft.Column([ft.Text("x"), ft.Text("y"), ft.Button(content="ok")])
    big = ft.Column([ft.Text(str(n)) for n in range(PART_LIMIT + 1)])
    page, _wire = _on_page(ft.Column([row, with_button, big]))
    changes.put(row.controls[0], value="new")
    changes.put(row.controls[1].content, value="new")
    assert changes.take() == [row]  # one update of the row: one message
    # Not through a part holding a button that did not change (Flet would send its style).
    changes.put(with_button.controls[0], value="new")
    changes.put(with_button.controls[1], value="new")
    assert changes.take() == with_button.controls[:2]
    # Nor through a part too large to walk; and a change alone is updated alone.
    changes.put(big.controls[0], value="new")
    changes.put(big.controls[5], value="new")
    assert changes.take() == [big.controls[0], big.controls[5]]
    changes.put(row.controls[2], value="alone")
    assert changes.take() == [row.controls[2]]


def test_a_kept_update_sends_what_was_put_and_nothing_else():
    changes = Changes()
    texts = [ft.Text(str(n), size=14) for n in range(40)]
    page, wire = _on_page(ft.Column(texts))
    changes.put(texts[7], value="seven", color=theme.YELLOW)
    page.update(*changes.take())
    sent = wire.take()
    assert sent.messages == 1 and sent.added == 0 and 0 < sent.bytes < 120


# --------------------------------------------------------------------- KeyedItems
class _Line:
    made = 0

    def __init__(self, changes: Changes) -> None:
        _Line.made += 1
        self.changes = changes
        self.root = ft.Text("")

    def show(self, value: str) -> None:
        self.changes.put(self.root, value=value)


def test_keyed_items_are_built_once_per_key_and_kept_while_it_stays():
    changes = Changes()
    holder = ft.Column([])
    items = KeyedItems(changes, holder, lambda _key: _Line(changes))
    _Line.made = 0
    items.show([("a", "1"), ("b", "2")], _Line.show)
    first = list(holder.controls)
    assert _Line.made == 2 and [c.value for c in first] == ["1", "2"]
    changes.take()
    # The same keys again, one value changed: nothing built, the list left as it is.
    items.show([("a", "1"), ("b", "two")], _Line.show)
    assert _Line.made == 2 and holder.controls == first and holder.controls[1].value == "two"
    # A new key first, one gone: one built, the kept one moved, the list noted.
    items.show([("c", "3"), ("a", "1")], _Line.show)
    assert _Line.made == 3 and holder.controls[1] is first[0] and first[1] not in holder.controls


def test_keyed_items_note_the_holder_only_when_the_list_changed():
    changes = Changes()
    holder = ft.Column([])
    page, _wire = _on_page(ft.Column([holder]))
    items = KeyedItems(changes, holder, lambda _key: _Line(changes))
    items.show([("a", "1")], _Line.show)
    assert changes.take() == [holder]
    items.show([("a", "1")], _Line.show)
    assert changes.take() == []


# --------------------------------------------------------------------- buttons
def _messages(page) -> list[str]:
    return [" ".join(strings(dialog)) for dialog in page.dialogs]


def test_an_action_button_is_enabled_or_says_why_not(ctx):
    changes, tapped = Changes(), []
    button = ActionButton(changes, "act", icon=ft.Icons.ADD, on_tap=lambda: tapped.append(1), page_of=lambda: ctx.page)
    button.show("Ir", refused="ainda não")
    assert button.button.disabled and button.frame.tooltip == "ainda não" and button.label.value == "Ir"
    fire(button.frame.on_click)  # a tap on the disabled button lands on its frame: it says why
    assert tapped == [] and "ainda não" in _messages(ctx.page)[-1]
    button.show("Ir", refused=None)
    assert not button.button.disabled and button.frame.tooltip is None
    fire(button.button.on_click)
    fire(button.frame.on_click)  # drawn disabled, tapped once it no longer was: it runs
    assert tapped == [1, 1]
    button.show("Ir", refused=None, visible=False)
    assert identifiers(button.root) == set()


def test_a_command_button_follows_the_game_and_sends_what_it_showed(ctx):
    changes = Changes()
    button = OfferButton(changes, "kill", icon=ft.Icons.CLOSE, gate_of=ctx.gate, page_of=lambda: ctx.page)
    button.show_action(ctx.action(KillIntruder, kind="adult"), "Matar")
    assert button.button.disabled and button.frame.tooltip  # no adult on the board
    ctx.session.execute(PlaceIntruder(kind="adult"))
    # Drawn disabled, the game has moved on since: a tap on the frame asks again and sends it.
    fire(button.frame.on_click)
    assert ctx.game.bag.on_board["adult"] == 0 and ctx.game.bag.carcasses == 1
    button.show_action(ctx.action(KillIntruder, kind="adult"), "Matar")
    assert button.button.disabled
    fire(button.frame.on_click)
    assert ctx.game.bag.carcasses == 1 and ctx.page.dialogs  # refused again: said, not sent
    button.show_action(ctx.action(PlaceIntruder, kind="adult"), "Pôr")
    assert not button.button.disabled and button.action.command() == PlaceIntruder(kind="adult")
    fire(button.button.on_click)
    assert ctx.game.bag.on_board["adult"] == 1


def test_a_button_changes_its_tone_only_when_asked(ctx):
    changes = Changes()
    button = ActionButton(changes, None, on_tap=lambda: None, page_of=lambda: ctx.page)
    style = button.button.style
    button.show("x", refused=None)
    assert button.button.style is style
    button.show("x", refused=None, tone="warning")
    assert button.button.style is not style and button.tone == "warning"


# --------------------------------------------------------------------- chips and cards
def test_a_chip_shows_its_selection_and_hides_what_it_does_not_use():
    changes, picked = Changes(), []
    chip = Chip(changes, "pick-1", lambda: picked.append(1))
    chip.show("Um", selected=False)
    assert strings(chip.root) == ["Um"] and chip.root.selected is False
    chip.show("Um", selected=True, sublabel="primeiro", icon=ft.Icons.PERSON)
    assert sorted(strings(chip.root)) == ["Um", "primeiro"] and chip.root.selected
    assert chip.frame.bgcolor == theme.BLUE_DARK
    fire(chip.frame.on_click)
    assert picked == [1]


def test_a_card_names_its_rules_topic(ctx):
    changes, opened = Changes(), []
    card = Card(changes, ft.Text("corpo"), help_of=opened.append, identifier="card")
    card.show("Título", topic="encounter", help_tip="Regras")
    assert ids.rules_help("encounter") in identifiers(card.root) and "Título" in strings(card.root)
    fire(card.help.on_click)
    card.show("Título", topic="surprise_attack", help_tip="Regras")
    fire(card.help.on_click)
    assert opened == ["encounter", "surprise_attack"]


# --------------------------------------------------------------------- screens and the host
class _Counter(KeptScreen):
    """A kept screen showing the round; counts how often it was built."""

    built = 0

    def __init__(self, ctx, shell=None) -> None:
        super().__init__(ctx, shell)
        _Counter.built += 1
        self.round = ft.Text("")
        self.root = ft.Column([ft.Semantics(identifier="counter", content=self.round)])

    def put_view(self) -> None:
        self.changes.put(self.round, value=str(self.ctx.game.shown_round))


class _Table(KeptScreen):
    """A second kept screen, with nothing to change."""

    def __init__(self, ctx, shell=None) -> None:
        super().__init__(ctx, shell)
        self.root = ft.Column([ft.Text("tabela")])

    def put_view(self) -> None:
        pass


def test_a_kept_screen_fits_its_layout_and_is_shown_from_the_view(ctx):
    screen = _Counter(ctx)
    assert layout_of(ctx) == PHONE and screen.fits(ctx)
    assert strings(shown_root(screen)) == [str(ctx.game.shown_round)]
    ctx.width = 900
    assert layout_of(ctx) == TABLET and not screen.fits(ctx)
    ctx.width = 1280
    assert layout_of(ctx) == WIDE


def _host_page(ctx):
    """A live page holding a host's column, and the context's page made that page."""
    page, wire = live_page()
    ctx.page = page
    column = ft.Column([])
    page.controls = [column]
    page.update()
    wire.take()
    return ScreenHost(column), page, wire


def test_the_host_builds_a_screen_once_and_flips_visibility_between_screens(ctx):
    host, page, wire = _host_page(ctx)
    kept, table = Kept(_Counter), Kept(_Table)
    shell = SimpleNamespace(first_paint=False)
    _Counter.built = 0
    with counting(wire):
        page.update(*host.show("table", table, ctx, shell))
        page.update(*host.show("counter", kept, ctx, shell))
        first = wire.take()
        assert _Counter.built == 1 and "counter" in identifiers(page.controls[0]) and first.added > 0
        assert [type(holder) for holder in host.column.controls] == [ScreenHolder, ScreenHolder]
        page.update(*host.show("table", table, ctx, shell))
        back = wire.take()
        assert "counter" not in identifiers(page.controls[0]) and "tabela" in strings(page.controls[0])
        page.update(*host.show("counter", kept, ctx, shell))
        again = wire.take()
    # The second visit builds nothing and sends the two holders' visibility.
    assert _Counter.built == 1 and again.added == 0 and again.messages == 1 and again.bytes < 200
    assert back.added == 0 and back.bytes < 300  # the other kept screen: its holder's visibility
    assert host.shown_screen() is host.kept_screen("counter").root


def test_the_host_sends_what_a_kept_screen_changed_and_rebuilds_it_for_another_layout(ctx):
    host, page, wire = _host_page(ctx)
    kept, shell = Kept(_Counter), SimpleNamespace(first_paint=False)
    page.update(*host.show("counter", kept, ctx, shell))
    screen = host.kept_screen("counter")
    assert host.show("counter", kept, ctx, shell) == []  # nothing changed, nothing to send
    screen.round.value = "stale"  # as if a new view came: show puts the view's value back
    changed = host.show("counter", kept, ctx, shell)
    assert changed == [screen.round]
    ctx.width = 1280
    wider = host.show("counter", kept, ctx, shell)
    assert host.kept_screen("counter") is not screen and wider == [host.hosted["counter"].body]
    page.update(*wider)
    wire.take()
    # The new screen took the old one's place without Flet freezing it: it still takes values.
    screen = host.kept_screen("counter")
    screen.round.value = "stale"
    page.update(*host.show("counter", kept, ctx, shell))
    assert screen.round.value == str(ctx.game.shown_round) and wire.take().messages == 1


def test_walk_leaves_hidden_controls_out():
    hidden = ft.Text("escondido", visible=False)
    shown = ft.Text("visível")
    assert strings(ft.Column([hidden, shown])) == ["visível"]
    assert hidden not in list(walk(ft.Column([ft.Container(hidden)])))
