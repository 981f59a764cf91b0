"""Model B's kit: controls built once per page and kept; a new view only sets properties,
and only the controls whose properties changed are updated.

A kept piece of screen has two parts: `__init__` builds its controls once; `show()` sets
every property from the current view through `Changes.put`, which changes a property
only when its value differs and notes the control. The page then updates the noted
controls, and nothing else: Flet's in-place diff walks every control under the control
it updates (about 70 µs each on a 2-core machine, changed or not), so one update of a
600-control screen costs 40 ms even when nothing changed, and updating what changed
costs what changed.

Rules that keep it so:
- handlers are bound once and read the page's current state when they run (the gate,
  the draft, the view), never values captured when they were made;
- a part that comes and goes is hidden (`visible`), not removed and rebuilt;
- a list whose items come and go is keyed (`KeyedItems`): an item is built the first
  time its key appears and kept while its key stays.
"""
from __future__ import annotations

from typing import Callable, Generic, Hashable, Iterable, TypeVar

import flet as ft

from companion.engine.commands import GameCommand
from companion.ui import ids, theme
from companion.ui.dialogs import show_message
from companion.ui.kit.gate import TONES, CommandGate

Data = TypeVar("Data")
Item = TypeVar("Item")


class Changes:
    """The controls a screen's `show` changed since its last update."""

    def __init__(self) -> None:
        self._changed: dict[int, ft.Control] = {}

    def put(self, control: ft.Control, **values) -> None:
        """Set the properties that differ; the control is then updated with the screen."""
        for name, value in values.items():
            if getattr(control, name) != value:
                setattr(control, name, value)
                self._changed[id(control)] = control

    def mark(self, control: ft.Control) -> None:
        """`control` changed in a way `put` does not see (its list of children)."""
        self._changed[id(control)] = control

    def take(self) -> list[ft.Control]:
        """The changed controls on the page, outermost only (an update covers what a control
        holds; one not on the page yet goes out whole with what adds it). Siblings that
        changed together are updated through their parent: one message instead of several."""
        changed, self._changed = self._changed, {}
        roots = []
        for control in changed.values():
            parent, top = control.parent, control
            while parent is not None and id(parent) not in changed:
                parent, top = parent.parent, parent
            if parent is None and isinstance(top, ft.Page):
                roots.append(control)
        by_parent: dict[int, list[ft.Control]] = {}
        for control in roots:
            by_parent.setdefault(id(control.parent), []).append(control)
        grouped: list[ft.Control] = []
        for siblings in by_parent.values():
            grouped.extend([siblings[0].parent] if len(siblings) > 1 else siblings)
        return grouped


def button_style(tone: str, compact: bool) -> ft.ButtonStyle:
    """kit.gate.styled_button's style."""
    bg, fg = TONES[tone]
    return ft.ButtonStyle(
        bgcolor={ft.ControlState.DISABLED: theme.BUTTON_DISABLED, ft.ControlState.DEFAULT: bg},
        color={ft.ControlState.DISABLED: theme.TEXT_MUTED, ft.ControlState.DEFAULT: fg},
        icon_color={ft.ControlState.DISABLED: theme.TEXT_MUTED, ft.ControlState.DEFAULT: fg},
        shape=ft.RoundedRectangleBorder(radius=8),
        padding=ft.Padding.symmetric(horizontal=10 if compact else 14),
    )


class ActionButton:
    """A button that may be refused: enabled, or disabled with the reason in its tooltip and
    said on a tap (the frame around a disabled button catches the tap). `on_tap` runs on a
    tap of the enabled button and decides then, from the current state, what to do."""

    def __init__(self, changes: Changes, identifier: str, *, icon, on_tap: Callable[[], None],
                 tone: str = "normal", compact: bool = False, page_of: Callable[[], ft.Page]) -> None:
        self.changes = changes
        self._compact = compact
        self._tone = tone
        self._reason: str | None = None
        self._on_tap = on_tap
        self._page_of = page_of
        self.label = ft.Text("", size=13 if compact else 15, text_align=ft.TextAlign.CENTER)
        self.button = ft.Button(content=self.label, icon=icon, on_click=self._tapped, height=40 if compact else 48,
                                style=button_style(tone, compact))
        self.frame = ft.Container(content=self.button, border_radius=8)
        self.root = ids.tag(identifier, self.frame)

    def show(self, label: str, *, refused: str | None, tone: str | None = None, visible: bool = True) -> None:
        """`refused`: why it cannot be used now (None: it can)."""
        put = self.changes.put
        put(self.root, visible=visible)
        put(self.label, value=label)
        put(self.button, disabled=refused is not None)
        put(self.frame, tooltip=refused, on_click=self._explain if refused is not None else None)
        if tone is not None and tone != self._tone:
            self._tone = tone
            put(self.button, style=button_style(tone, self._compact))
        self._reason = refused

    def _tapped(self, _e) -> None:
        self._on_tap()

    def _explain(self, _e) -> None:
        if self._reason is not None:
            show_message(self._page_of(), self._reason)


def refusal_text(gate: CommandGate, command: GameCommand) -> str | None:
    refusal = gate.refusal(command)
    return None if refusal is None else gate.ctx.texts.error(refusal)


class CommandButton(ActionButton):
    """An ActionButton whose command is the gate's to answer: `show_command` sets it from
    the gate; a tap sends the command shown last (gate.run asks first when it must)."""

    def __init__(self, changes: Changes, identifier: str, *, icon, gate_of: Callable[[], CommandGate],
                 tone: str = "normal", compact: bool = False, page_of: Callable[[], ft.Page],
                 on_tap: Callable[[], None] | None = None) -> None:
        super().__init__(changes, identifier, icon=icon, on_tap=on_tap or self._run, tone=tone, compact=compact,
                         page_of=page_of)
        self._gate_of = gate_of
        self.command: GameCommand | None = None
        self._title = ""

    def show_command(self, command: GameCommand, label: str, *, tone: str | None = None,
                     visible: bool = True) -> None:
        self.command, self._title = command, label
        self.show(label, refused=refusal_text(self._gate_of(), command), tone=tone, visible=visible)

    def _run(self) -> None:
        if self.command is not None:
            self._gate_of().run(self.command, title=self._title)


class Chip:
    """kit.chips.choice_chip, kept: a big tappable option, the selected one filled and framed.
    The icon and the second line are there from the start and hidden when unused."""

    def __init__(self, changes: Changes, identifier: str, on_tap: Callable[[], None]) -> None:
        self.changes = changes
        self.icon = ft.Icon(ft.Icons.CIRCLE, size=18, color=theme.TEXT, visible=False)
        self.text = ft.Text("", size=15, weight=ft.FontWeight.BOLD, color=theme.TEXT)
        self.sublabel = ft.Text("", size=12, visible=False)
        self.frame = ft.Container(
            content=ft.Column([ft.Row([self.icon, self.text], spacing=6, tight=True), self.sublabel],
                              spacing=0, tight=True),
            border_radius=10, padding=ft.Padding.symmetric(horizontal=12, vertical=8),
            on_click=lambda _e: on_tap(), ink=True,
        )
        self.root = ft.Semantics(identifier=identifier, selected=False, button=True, content=self.frame)

    def show(self, text: str, *, selected: bool, sublabel: str | None = None, icon=None,
             icon_colour: str | None = None, colour: str | None = None) -> None:
        put = self.changes.put
        put(self.text, value=text)
        put(self.root, selected=selected)
        put(self.icon, visible=icon is not None)
        if icon is not None:
            put(self.icon, icon=icon, color=icon_colour or theme.TEXT)
        put(self.sublabel, visible=bool(sublabel), value=sublabel or "",
            color=theme.TEXT if selected else theme.TEXT_MUTED)
        put(self.frame, bgcolor=(colour or theme.BLUE_DARK) if selected else theme.SURFACE_HIGH,
            border=ft.Border.all(3 if selected else 1, theme.YELLOW if selected else theme.OUTLINE))


class Card:
    """theme.card, kept: its title and its "?" (a topic that may change) are properties."""

    def __init__(self, changes: Changes, body: ft.Control, *, help_of: Callable[[str], None] | None = None,
                 identifier: str | None = None) -> None:
        self.changes = changes
        self.title = theme.heading("")
        self.help: ft.IconButton | None = None
        self.help_tag: ft.Semantics | None = None
        self.topic = ""
        head: ft.Control = self.title
        if help_of is not None:
            self.help = ft.IconButton(icon=ft.Icons.HELP_OUTLINE, icon_size=20, on_click=lambda _e: help_of(self.topic),
                                      style=ft.ButtonStyle(padding=4))
            self.help_tag = ft.Semantics(identifier="", content=self.help)
            head = ft.Row([ft.Container(self.title, expand=True), self.help_tag], spacing=4,
                          vertical_alignment=ft.CrossAxisAlignment.CENTER)
        frame = ft.Container(content=ft.Column([head, body], spacing=8, tight=True), bgcolor=theme.SURFACE,
                             border_radius=theme.RADIUS, padding=theme.GAP, border=ft.Border.all(1, theme.OUTLINE))
        self.root = ids.tag(identifier, frame) if identifier else frame

    def show(self, title: str, *, topic: str | None = None, help_tip: str = "") -> None:
        self.changes.put(self.title, value=title)
        if self.help is not None and topic is not None:
            self.topic = topic
            self.changes.put(self.help_tag, identifier=ids.rules_help(topic))
            self.changes.put(self.help, tooltip=help_tip)


class KeyedItems(Generic[Item]):
    """The items of a list by key: an item is built when its key first appears, kept while
    it stays, dropped when it goes. `show` hands each item its data and puts the items'
    controls in the holder in the order given; Flet moves, adds and removes by identity."""

    def __init__(self, changes: Changes, holder: ft.Control, make: Callable[[Hashable], Item]) -> None:
        self.changes = changes
        self.holder = holder
        self._make = make
        self.items: dict[Hashable, Item] = {}

    def show(self, entries: Iterable[tuple[Hashable, Data]], show: Callable[[Item, Data], None]) -> None:
        now: dict[Hashable, Item] = {}
        for key, data in entries:
            item = self.items.get(key)
            if item is None:
                item = self._make(key)
            show(item, data)
            now[key] = item
        self.items = now
        controls = [item.root for item in now.values()]
        current = self.holder.controls
        if len(current) != len(controls) or any(a is not b for a, b in zip(current, controls)):
            self.holder.controls = controls
            self.changes.mark(self.holder)
