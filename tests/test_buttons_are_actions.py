"""Every button a screen shows for the game is one of its page's legal actions, as the
feed lists it: enabled only when the engine allows it, disabled with the engine's own
reason otherwise (a form's submit whose picks do not yet name an action is disabled with
the form's hint). Walked over every screen of every viewer, after every step of the three
golden games."""
from __future__ import annotations

import pytest

from companion.engine import GameSession
from companion.engine.views import TABLE, seat_viewer
from companion.rules import load_rules
from companion.seats.controller import TableController
from companion.store import GameStore
from companion.ui.kit.kept import OfferButton
from companion.ui.screens import PHONE_ROUTES, SEAT, TABLE_ROUTES
from companion.ui.routes import HOME, PLAYERS, RULES, SETUP
from tests.golden.regenerate import replayed
from tests.ui_tree import make_context, walk

GAMES = ("full_game", "event_phases", "secrets")
# Screens without a game's buttons: the list of games, the new-game form, the rulebook, the
# phones' join codes.
NO_GAME_BUTTONS = {HOME, SETUP, RULES, PLAYERS}


def offer_buttons(screen) -> list[OfferButton]:
    """The screen's OfferButtons, found through its parts (objects of companion.ui)."""
    found: list[OfferButton] = []
    seen: set[int] = set()
    stack: list[object] = [screen]
    while stack:
        item = stack.pop()
        if id(item) in seen:
            continue
        seen.add(id(item))
        if isinstance(item, OfferButton):
            found.append(item)
            continue
        if isinstance(item, (list, tuple, set)):
            stack.extend(item)
        elif isinstance(item, dict):
            stack.extend(item.values())
        elif type(item).__module__.startswith("companion.ui") and hasattr(item, "__dict__"):
            stack.extend(value for name, value in vars(item).items() if name not in ("ctx", "shell", "changes"))
    return found


def _pages(controller: TableController, crew: list[int]):
    pages = []
    table = make_context(controller, "pt-BR", 1280, viewer=TABLE)
    for name, route in TABLE_ROUTES.items():
        if name not in NO_GAME_BUTTONS:
            pages.append((f"table/{name}", table, route.make(table, None)))
    for seat in crew:
        ctx = make_context(controller, "tr", 390, viewer=seat_viewer(seat))
        pages.append((f"seat-{seat}/{SEAT}", ctx, PHONE_ROUTES[SEAT].make(ctx, None)))
    return pages


def _mismatches(where: str, ctx, screen) -> list[str]:
    screen.show()
    on_page = {id(control) for control in walk(screen.root)}
    found = []
    for button in offer_buttons(screen):
        if id(button.root) not in on_page:
            continue
        action = button.action
        label = button.label.value
        if action is None:
            # A form's submit before its picks name one of the feed's actions (the attacker,
            # the intruder): shown disabled with the form's own hint, and it can send nothing.
            if not button.button.disabled or not button.frame.tooltip:
                found.append(f"{where}: '{label}' shows no action and is not disabled with a reason")
            continue
        listed = ctx.actions.get(action.key)
        if listed != action:
            found.append(f"{where}: '{label}' shows {action.key}, which the feed lists as {listed}")
            continue
        if not button.button.disabled and action.refusal is not None:
            found.append(f"{where}: '{label}' is enabled, but the engine refuses {action.key}")
        if action.refusal is not None and button.frame.tooltip != ctx.texts.error(action.refusal):
            found.append(f"{where}: '{label}' does not give the engine's reason for {action.key}")
    return found


@pytest.mark.slow  # every screen of every viewer after each of about 280 steps
@pytest.mark.parametrize("name", GAMES)
def test_every_button_on_every_screen_is_a_legal_action_of_its_page(tmp_path, name):
    rules = load_rules()
    session = replayed(name, rules)
    controller = TableController(GameStore(tmp_path), rules)
    first = session.state_at(0)
    controller.session = GameSession(rules, session.commands[:1], 0, {0: first})
    controller.game_id = name
    pages = _pages(controller, [member.seat for member in first.crew])
    mismatches: list[str] = []
    shown = 0
    for index in range(session.cursor + 1):
        controller.session = GameSession(rules, session.commands[: index + 1], index,
                                         {index: session.state_at(index)})
        controller._notify([], "open")
        for where, ctx, screen in pages:
            mismatches += _mismatches(f"step {index} {where}", ctx, screen)
            shown += sum(1 for button in offer_buttons(screen) if button.action is not None)
    assert mismatches == []
    assert shown > 0
