"""Render the UI's control trees without a browser, for the tests/test_ui_*.py modules."""
from __future__ import annotations

import dataclasses
import re
from pathlib import Path
from types import SimpleNamespace
from typing import Iterator

import flet as ft

from companion.seats.controller import TableController
from companion.seats.page_session import PageSession
from companion.engine.views import TABLE, Viewer
from companion.rules import load_rules
from companion.store import GameStore
from companion.ui.context import UiContext
from companion.ui.i18n_view import LANGUAGES, Texts

# Words that would betray English left in the screens (game names like "Hacker" are fine).
ENGLISH = re.compile(r"\b(Power|Time|Fire|Malfunction|Undo|Redo|Start|Cancel|Confirm|Round|Players?|Section|"
                     r"Self-destruct|Alert|Knowledge|Signal|Delete|Resume|New game)\b")


class FakePage(SimpleNamespace):
    """Just enough of ft.Page for the builders: size, and a record of dialogs shown."""

    def __init__(self, width: float = 1280, height: float = 800) -> None:
        super().__init__(width=width, height=height, dialogs=[])

    def show_dialog(self, dialog) -> None:
        dialog.open = True
        self.dialogs.append(dialog)

    def run_task(self, *args, **kwargs) -> None:
        pass


def make_controller(tmp_path: Path) -> TableController:
    return TableController(GameStore(tmp_path), load_rules())


def make_context(controller: TableController, lang: str = "tr", width: float = 1280,
                 viewer: Viewer = TABLE) -> UiContext:
    """A page's context that takes its viewer's feed after every change, as a live page does."""
    ctx = UiContext(page=FakePage(width=width), session=PageSession(controller, viewer), texts=Texts(lang),
                    navigate=lambda _screen: None, rerender=lambda: None, width=width,
                    extras={"languages": LANGUAGES})
    ctx.follow()
    return ctx


def walk(control) -> Iterator[object]:
    """Every control below (and including) `control` that a player can see, following any
    field holding controls. A hidden control (`visible=False`) and what it holds are left
    out, as Flet leaves them out of the page and of its accessibility tree."""
    seen: set[int] = set()
    stack = [control]
    while stack:
        item = stack.pop()
        if id(item) in seen or getattr(item, "visible", True) is False:
            continue
        seen.add(id(item))
        yield item
        if not dataclasses.is_dataclass(item):
            continue
        for field in dataclasses.fields(item):
            if field.name.startswith("_") or field.name in ("parent", "page"):
                continue
            value = getattr(item, field.name, None)
            values = value if isinstance(value, (list, tuple)) else [value]
            stack.extend(v for v in values if isinstance(v, (ft.BaseControl, ft.DropdownOption)))


def strings(control) -> list[str]:
    """Every piece of text a player could see: Text values, labels, tooltips, hints."""
    found: list[str] = []
    for item in walk(control):
        for name in ("value", "label", "tooltip", "hint_text", "text", "helper", "content"):
            value = getattr(item, name, None)
            if isinstance(value, str) and not (isinstance(item, ft.TextField) and name == "value"):
                found.append(value)
    return found


def tagged(control, identifier: str):
    """The Semantics node carrying `identifier` (its content is the control)."""
    found = [item for item in walk(control) if isinstance(item, ft.Semantics) and item.identifier == identifier]
    assert found, f"no {identifier!r} in the tree"
    return found[0]


def identifiers(control) -> set[str]:
    return {item.identifier for item in walk(control) if isinstance(item, ft.Semantics) and item.identifier}


def empty_semantics(control) -> list[str]:
    """Shown Semantics nodes whose content is missing or hidden: Flutter draws a red error
    ("Semantics.content must be provided and visible") in their place. Hide the node itself."""
    return [item.identifier or "?" for item in walk(control) if isinstance(item, ft.Semantics)
            and (item.content is None or getattr(item.content, "visible", True) is False)]


def check_texts(control) -> list[str]:
    """Every string on screen, after asserting none is a missing locale key or English, and
    that no shown Semantics node wraps a hidden control."""
    empty = empty_semantics(control)
    assert not empty, f"Semantics shown around a hidden control: {empty}"
    texts = strings(control)
    missing = [t for t in texts if "⟦" in t]
    assert not missing, f"missing locale keys: {missing}"
    english = [t for t in texts if ENGLISH.search(t)]
    assert not english, f"English text on screen: {english}"
    return texts


def enabled(tagged) -> bool:
    """Whether the button under `tagged` (a command button, enabled or not) takes taps itself."""
    buttons = [item for item in walk(tagged) if isinstance(item, (ft.Button, ft.IconButton, ft.TextButton))]
    assert buttons, "no button there"
    return not buttons[0].disabled


def page_app(page, controller: TableController, *, language: str, startup_errors=(), seating=None, phone_access=None,
             trusted: bool = True):
    """A PageApp as the app opens one (companion.app.pages): its door from the page's
    address, its updates through the app's reaches into Flet."""
    from companion.hosting.flet_patches import install_page_patches
    from companion.seats.page_door import PageDoor
    from companion.app.pages import page_id
    from companion.ui.routes import as_table_route
    from companion.ui.shell import PageApp

    install_page_patches()
    door = PageDoor(controller, page_id=page_id(page), route=as_table_route(getattr(page, "route", None)),
                    trusted=trusted, seating=seating, access=phone_access)
    return PageApp(page, door, language=language, startup_errors=list(startup_errors))


def fire(handler, event=None) -> None:
    """Call an event handler as Flet does: a generator handler (a tap that sends the page's
    busy bar before its work, companion/ui/busy.py) runs to its end."""
    import inspect

    result = handler(event)
    if inspect.isgenerator(result):
        for _ in result:
            pass
