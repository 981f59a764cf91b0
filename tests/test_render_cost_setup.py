"""What home, the new-game wizard and the rules send, measured on a real Flet session
(tests/flet_session.py), as tests/test_render_cost.py does for the bag screen: a tap builds
no control (or only the part it adds) and sends only what its view changed; a screen
shown again builds nothing; a letter typed in the rules search never sends the field back."""
from __future__ import annotations

import asyncio

import flet as ft
import pytest

from companion.ui import ids
from tests.support.control_tree import controls_on

from .flet_session import controls_built, counting, live_page, noted_changes, patch_operations, shown_control, tap
from .ui_tree import make_controller, page_app
from companion.ui.scanner import ids as scanner_ids


@pytest.fixture
def noted(monkeypatch):
    return noted_changes(monkeypatch)


class Home:
    """The table's page with no game open (home), at 360×640, on a real session."""

    def __init__(self, tmp_path) -> None:
        self.controller = make_controller(tmp_path)
        self.page, self.wire = live_page(width=360, height=640)
        self.counting = counting(self.wire).__enter__()
        self.app = page_app(self.page, self.controller, language="tr", startup_errors=[])
        self.app.start()
        self.wire.take()

    def sent(self, noted, action):
        """`action()`'s controls built, what went out, its patch operations beyond the
        button styles Flet sends again, and the properties the screen set."""
        del noted[:], self.wire.bodies[:]
        self.wire.take()
        built = controls_built(action)
        sent = self.wire.take()
        styles = patch_operations(self.wire.bodies, only="style")
        buttons = sum(changed for _properties, changed in noted)
        assert styles <= buttons, f"{styles} button styles sent, {buttons} buttons under what changed"
        return built, sent, patch_operations(self.wire.bodies) - styles, sum(properties for properties, _ in noted)


@pytest.fixture
def home(tmp_path):
    made = Home(tmp_path)
    yield made
    made.counting.__exit__(None, None, None)


def _type(page, identifier: str, text: str) -> None:
    """Letters typed in a field as the page sends them: the new value, then the change event."""
    field = next(c for c in controls_on(shown_control(page, identifier)) if isinstance(c, ft.TextField))
    page.session.apply_patch(field._i, {"value": text})
    loop = asyncio.new_event_loop()
    try:
        loop.run_until_complete(page.session.dispatch_event(field._i, "change", None))
    finally:
        loop.close()


def _sent_value(wire, text: str) -> bool:
    """Whether any patch sent set a `value` to `text` (msgpack: the key, then the string)."""
    packed = bytes([0xA0 | len(text)]) + text.encode()
    return any(b"\xa5value" + packed in body for body in wire.bodies)


def test_the_wizard_shown_again_from_home_builds_nothing(home, noted):
    first = home.sent(noted, lambda: tap(home.page, ids.NEW_GAME))
    assert home.app.screen == "setup" and first[0] > 0
    back = home.sent(noted, lambda: tap(home.page, ids.SETUP_CANCEL))
    again = home.sent(noted, lambda: tap(home.page, ids.NEW_GAME))
    assert home.app.screen == "setup"
    for built, sent, _operations, _properties in (back, again):
        # Home and the wizard were built once: each change sends the holders' visibility.
        assert built == 0 and sent.added == 0 and sent.bytes < 1000


@pytest.mark.parametrize("identifier", [scanner_ids.SETUP_INFECTED_UP, scanner_ids.SETUP_INFECTED_DOWN])
def test_a_tap_in_the_wizard_builds_nothing_and_sends_what_it_changed(home, noted, identifier):
    tap(home.page, ids.NEW_GAME)
    home.app.setup_wizard().draft.digital_contamination = True  # the app's deck, with its count
    home.app.render()
    built, sent, operations, properties = home.sent(noted, lambda: tap(home.page, identifier))
    # The count, and the button that can step no further (or again).
    assert built == 0 and sent.added == 0
    assert 0 < properties == operations <= 3 and sent.bytes < 500


def test_a_new_player_builds_their_row_only_and_a_removed_one_builds_nothing(home, noted):
    tap(home.page, ids.NEW_GAME)
    rows = len(home.app.setup_wizard().draft.players)
    added = home.sent(noted, lambda: tap(home.page, ids.ADD_PLAYER))
    assert len(home.app.setup_wizard().draft.players) == rows + 1
    built, sent, _operations, _properties = added
    # A row is its name field, its Character list (one option per Character) and its remove button.
    characters = len(home.controller.rules.characters)
    assert 0 < built <= 12 + 3 * characters and 0 < sent.added <= built
    removed = home.sent(noted, lambda: tap(home.page, ids.player_remove(rows + 1)))
    assert len(home.app.setup_wizard().draft.players) == rows
    # The freed Character comes back into each other row's list (an option is three controls).
    assert removed[0] == 0 and removed[1].added <= 3 * rows and removed[1].bytes < 2000


def test_a_tap_that_changes_nothing_in_the_wizard_sends_nothing(home, noted):
    tap(home.page, ids.NEW_GAME)
    built, sent, operations, properties = home.sent(noted, lambda: home.app.render())
    assert (built, sent.bytes, operations, properties) == (0, 0, 0, 0)


def test_typing_in_the_rules_search_never_sends_the_field_back(home, noted):
    from companion.ui.rules_screen import open_rules

    open_rules(home.app.ctx)
    home.wire.take()
    built, sent, operations, properties = home.sent(noted, lambda: _type(home.page, ids.RULES_SEARCH, "lar"))
    field = next(c for c in controls_on(shown_control(home.page, ids.RULES_SEARCH)) if isinstance(c, ft.TextField))
    assert field.value == "lar" and built > 0  # the results found, built once each
    assert not _sent_value(home.wire, "lar")  # the letters are the page's own: never sent back
    more = home.sent(noted, lambda: _type(home.page, ids.RULES_SEARCH, "larv"))
    assert not _sent_value(home.wire, "larv")
    # Results still found are kept: the next letter builds only the results it adds.
    assert more[0] < built and more[1].added == more[0]


def test_the_rules_shown_again_build_nothing(home, noted):
    from companion.ui.rules_screen import open_rules

    open_rules(home.app.ctx)
    assert home.app.screen == "rules"
    back = home.sent(noted, lambda: tap(home.page, ids.RULES_BACK))
    again = home.sent(noted, lambda: open_rules(home.app.ctx))
    assert home.app.screen == "rules"
    for built, sent, _operations, _properties in (back, again):
        assert built == 0 and sent.added == 0 and sent.bytes < 1000
