"""Kept screens: controls built once per page and kept; a new view only sets properties,
and only the controls whose properties changed are sent to the page.

Why: Flet's in-place diff walks every control under the control it updates (tens of
microseconds each, changed or not), so one update of a 600-control screen costs tens of
milliseconds even when nothing changed, and a rebuilt screen costs its whole size. A kept
screen costs what changed.

A kept screen is a class (`KeptScreen`) made of parts, each a small class with `root`
(the control the part puts on the page), `__init__` and `show`:

    class Eggs:
        def __init__(self, screen: KeptScreen) -> None:
            self.screen = screen
            self.count = ft.Text("", size=18)                   # every control, once, empty
            self.taken = OfferButton(screen.changes, ids.EGG_TAKEN, icon=ft.Icons.BACK_HAND,
                                     gate_of=screen.gate, page_of=screen.page)
            self.card = Card(screen.changes, ft.Column([self.count, self.taken.root]), identifier=ids.EGGS)
            self.root = self.card.root

        def show(self) -> None:                                  # every property, from the view
            ctx, put = self.screen.ctx, self.screen.changes.put
            self.card.show(ctx.texts.t("ui.bag.eggs.title"))
            put(self.count, value=ctx.texts.t("ui.bag.eggs.count", count=ctx.game.bag.eggs))
            self.taken.show_action(ctx.action(RemoveEgg, how="taken"), ctx.texts.t("ui.bag.eggs.taken"))

    class BagScreen(KeptScreen):
        def __init__(self, ctx, shell=None) -> None:
            super().__init__(ctx, shell)
            self.eggs = Eggs(self)
            self.root = ft.Column([self.eggs.root])

        def put_view(self) -> None:
            self.eggs.show()

The shell (companion/ui/screen_host.py) builds a screen on its first visit, then calls
`screen.show()` for every new view or form tap while it is shown and sends the controls
it returns; nothing else of the screen goes to the page. A screen is put in the route
table (companion/ui/screens.py) as `Kept(TheScreen)`. The worked example is the bag
screen: companion/ui/bag/screen.py (the screen and its three layouts), form.py (forms
and a button that asks first), token_card.py (parts that come and go), panels.py (lists).

Rules that keep it so:
- `__init__` builds every control the part can ever show, with empty texts; nothing in it
  reads the view. `show` sets *every* property from the current view through
  `Changes.put`, which sets only what differs and notes the control. Never assign a
  property of a kept control directly: it would not be sent.
- A part that comes and goes is there from the start and shown with `visible`; its
  content is put only while it is visible (Flet leaves a hidden control out of the page
  and of the accessibility tree). A list whose items come and go is `KeyedItems`.
- Handlers are bound once, in `__init__`, and read the page's current state when they run
  (`screen.ctx`, `screen.gate()`, a draft in `ctx.extras`), never values captured when
  they were made. A form tap changes the draft and calls `ctx.rerender()`.
- A kept control never carries a `key`: Flet freezes the controls it compares by key, and a frozen control
  refuses new values.
- Another layout (phone, tablet, wide: `layout_of`) builds the screen anew (`fits`); any
  other change of size is a property. A new language needs nothing: every text is put on
  every show. Dialogs stay as they are (built when they open; they are short-lived).

A part that most changes leave alone is shown through `screen.show_part(part, inputs,
show)`: skipped while `inputs` (what its show reads of the view and the page's drafts) and
every action its last show looked up are as they were (the page's language, size, viewer
and rules are compared for every part). The suite runs with `CHECK_SKIPS` on, which shows
a skipped part anyway and fails if that set anything (tests/test_skipped_parts.py plays
seeded random games through it).

Tests read a kept screen through `shown_root(screen)` (tests/support/screens.py; tests/ui_tree.py leaves hidden
controls out, as the page does).
"""
from __future__ import annotations

import os
from typing import Any, Callable, Generic, Hashable, Iterable, Iterator, NamedTuple, TypeVar

import flet as ft

from companion.engine.views import Action

from .. import ids, theme
from ..context import Lookup, UiContext
from ..busy import in_turn, page_of_event
from ..dialogs import show_message
from ..rules_link import open_rules
from .changes import Changes
from .gate import CommandGate, button_style

Data = TypeVar("Data")
Item = TypeVar("Item")

PHONE, TABLET, WIDE = "phone", "tablet", "wide"

# On in the tests (tests/conftest.py, and the servers the browser tests start): a part
# skipped as unchanged (KeptScreen.show_part) is shown anyway and must set nothing.
CHECK_SKIPS = os.environ.get("NEMESIS_CHECK_SKIPS") == "1"
Shown = TypeVar("Shown")


class SkippedPartChanged(AssertionError):
    """A part was skipped as unchanged, but its show would have changed the page."""


class _ShownFrom(NamedTuple):
    context: tuple
    inputs: tuple
    lookups: tuple[Lookup, ...]
    result: Any


def layout_of(ctx: UiContext) -> str:
    """The page's layout class: a kept screen is built anew only when this changes."""
    return PHONE if ctx.is_phone else WIDE if ctx.is_wide else TABLET


class KeptScreen:
    """A screen built once per page (and layout) and shown again from every new view.

    A subclass builds its parts in `__init__` (after `super().__init__`), sets `root`,
    and implements `put_view`, which shows every part from the page's current view. Parts
    reach what they need through the screen: `ctx` (the page's context: its session,
    feed, texts, drafts), `changes` (where they note what they set), `gate()`, `page()`
    and `help(topic)`; `shell` is the page's shell (None in tests), for screens that need
    one of its hooks (companion/ui/screen_host.Shell)."""

    root: ft.Control

    def __init__(self, ctx: UiContext, shell: Any = None) -> None:
        self.ctx = ctx
        self.shell = shell
        self.changes = Changes()
        self.layout = layout_of(ctx)

    def fits(self, ctx: UiContext) -> bool:
        """Whether this screen, as built, still fits the page (else the shell builds it anew)."""
        return self.layout == layout_of(ctx)

    def show(self) -> list[ft.Control]:
        """Every property from the page's current view and draft; the controls on the page
        that changed (to be updated), outermost only."""
        self.put_view()
        return self.changes.take()

    def put_view(self) -> None:
        raise NotImplementedError

    def show_part(self, part: object, inputs: tuple, show: Callable[[], Shown]) -> Shown:
        """`show()`, a part's show, unless it would change nothing: `inputs` (everything it
        reads but the page's language and size, its viewer and the actions it looks up) are
        equal to those of its last show, and every action it looked up then is found as it
        was. Skipped, it costs a comparison; what it returned last is returned again."""
        ctx = self.ctx
        context = ctx.shown_context()
        last: _ShownFrom | None = getattr(part, "_shown_from", None)
        if (last is not None and last.context == context and last.inputs == inputs
                and ctx.finds_as_before(last.lookups)):
            for recording in ctx.lookups:  # what it shows counts for the parts around it
                recording.extend(last.lookups)
            if CHECK_SKIPS:
                self._check_skip(part, show)
            return last.result
        recording: list[Lookup] = []
        ctx.lookups.append(recording)
        try:
            result = show()
        finally:
            ctx.lookups.pop()
        for outer in ctx.lookups:
            outer.extend(recording)
        part._shown_from = _ShownFrom(context, inputs, tuple(recording), result)  # type: ignore[attr-defined]
        return result

    def _check_skip(self, part: object, show: Callable[[], object]) -> None:
        before = self.changes.properties
        show()
        if self.changes.properties != before:
            raise SkippedPartChanged(f"{type(part).__name__} was skipped as unchanged, yet showing it set "
                                     f"{self.changes.properties - before} properties: its inputs miss something "
                                     "its show reads")

    # -- for the parts -----------------------------------------------------------
    def gate(self) -> CommandGate:
        return self.ctx.gate()

    def page(self) -> ft.Page:
        return self.ctx.page

    def help(self, topic: str) -> None:
        open_rules(self.ctx, topic)




# --------------------------------------------------------------------- buttons
class ActionButton:
    """A button that may be refused: enabled, or disabled with the reason in its tooltip.

    The button sits in a frame that keeps its place (and its identifier) on the page
    whether it is enabled or not. A tap on the enabled button runs `on_tap`, which decides
    then, from the current state, what to do. A tap that reaches the frame (the button was
    drawn disabled, or the page had not yet drawn it enabled) asks `check` again (by
    default: the reason shown) and runs `on_tap` if nothing stands in the way now, else
    says why."""

    def __init__(self, changes: Changes, identifier: str | None, *, icon=None, on_tap: Callable[[], None],
                 page_of: Callable[[], ft.Page], tone: str = "normal", compact: bool = False,
                 check: Callable[[], str | None] | None = None) -> None:
        self.changes = changes
        self.compact = compact
        self.tone = tone
        self.reason: str | None = None
        self._on_tap = on_tap
        self._page_of = page_of
        self._check = check
        # Two lines at most in the button's height; a longer label ends in "…", never cut.
        self.label = ft.Text("", size=13 if compact else 15, text_align=ft.TextAlign.CENTER, max_lines=2,
                             overflow=ft.TextOverflow.ELLIPSIS)
        self.button = ft.Button(content=self.label, icon=icon, on_click=self._tapped, height=40 if compact else 48,
                                style=button_style(tone, compact))
        self.frame = ft.Container(content=self.button, on_click=self._frame_tapped, border_radius=8)
        self.root = ids.tag(identifier, self.frame) if identifier else self.frame

    def show(self, label: str, *, refused: str | None, tone: str | None = None, visible: bool = True) -> None:
        """`refused`: why it cannot be used now (None: it can); `tone`: its colours, if they change."""
        put = self.changes.put
        put(self.root, visible=visible)
        if not visible:
            return
        put(self.label, value=label)
        put(self.button, disabled=refused is not None)
        put(self.frame, tooltip=refused)
        if tone is not None and tone != self.tone:
            self.tone = tone
            put(self.button, style=button_style(tone, self.compact))
        self.reason = refused

    # Generator handlers: the page's busy bar goes out before the work (busy.in_turn).
    def _tapped(self, _e) -> Iterator[None]:
        yield from in_turn(self._page_of(), self._bound())

    def _frame_tapped(self, _e) -> Iterator[None]:
        tap = self._bound()

        def work() -> None:
            reason = self._check() if self._check is not None else self.reason
            if reason is None:
                tap()
            else:
                show_message(self._page_of(), reason)

        yield from in_turn(self._page_of(), work)

    def _bound(self) -> Callable[[], None]:
        """What this tap does, bound now (what the player saw), run in its turn."""
        return self._on_tap


class OfferButton(ActionButton):
    """A button for one of the feed's actions: shown when the feed offers it, enabled when
    the engine allows it (else disabled with the engine's reason). A tap sends exactly the
    action shown last (what the player saw), with the player's picks, through `gate.run`
    (which asks the action's confirmation first); `on_tap` replaces the send for an action
    whose picks a dialog asks first. A tap that reaches the frame of a disabled button is
    sent to the engine, which judges it as the game is when it arrives (done, or its
    reason told); only a button with no action or incomplete picks behind it sends nothing."""

    def __init__(self, changes: Changes, identifier: str | None, *, icon=None,
                 gate_of: Callable[[], CommandGate], page_of: Callable[[], ft.Page], tone: str = "normal",
                 compact: bool = False, on_tap: Callable[[], None] | None = None) -> None:
        super().__init__(changes, identifier, icon=icon, on_tap=on_tap or self._send, page_of=page_of, tone=tone,
                         compact=compact, check=self._judged_now)
        self._gate_of = gate_of
        self.action: Action | None = None
        self.picked: dict[str, Any] = {}
        self.unready: str | None = None
        self.confirm_params: dict | None = None
        self.title = ""

    def show_action(self, action: Action | None, label: str, *, picked: dict[str, Any] | None = None,
                    unready: str | None = None, tone: str | None = None, visible: bool = True,
                    confirm_params: dict | None = None) -> None:
        """`action`: the feed's action (None: not offered to this page now, so not shown);
        `picked`: the player's values for its choices; `unready`: why the player's picks
        are not complete yet (a form's own hint); `confirm_params`: what its confirmation's
        sentence names (who, what)."""
        self.action, self.title, self.confirm_params = action, label, confirm_params
        self.picked = dict(picked or {})
        self.unready = unready
        shown = visible and action is not None
        refused = self._reason(action, self.picked, unready) if shown else None
        self.show(label, refused=refused, tone=tone, visible=shown)

    def _reason(self, action: Action | None, picked: dict[str, Any], unready: str | None) -> str | None:
        texts = self._gate_of().ctx.texts
        if action is None:
            return texts.t("error.action_gone")
        if action.refusal is not None:
            return texts.error(action.refusal)
        if unready is not None:
            return unready
        return None if action.allows(**picked) else texts.t("error.action_gone")

    def _bound(self) -> Callable[[], None]:
        if self._on_tap != self._send:
            return self._on_tap
        action, picked, title, params = self.action, self.picked, self.title, self.confirm_params
        return lambda: self._send(action, picked, title, params)

    def _send(self, action: Action | None = None, picked: dict[str, Any] | None = None, title: str = "",
              params: dict | None = None) -> None:
        if action is not None:
            self._gate_of().run_action(action, picked or {}, title=title, confirm_params=params)

    def _judged_now(self) -> str | None:
        """A tap on the frame of a button drawn disabled: nothing to send while no action or
        no complete picks stand behind it; else the action goes to the engine, which judges it
        as the game is when it arrives (this page's feed may not have caught up yet)."""
        if self.action is None:
            return self.reason
        # What the player's picks still lack is this page's to say; the game's refusal is not.
        return self._reason(self.action.model_copy(update={"refusal": None}), self.picked, self.unready)


# --------------------------------------------------------------------- chips and cards
class Chip:
    """A big tappable option (kit.chips.choice_chip, kept): the selected one filled and
    framed. Its icon and second line are there from the start and hidden when unused."""

    def __init__(self, changes: Changes, identifier: str, on_tap: Callable[[], None]) -> None:
        self.changes = changes
        self._on_tap = on_tap
        self.icon = ft.Icon(ft.Icons.CIRCLE, size=18, color=theme.TEXT, visible=False)
        self.text = ft.Text("", size=15, weight=ft.FontWeight.BOLD, color=theme.TEXT)
        self.sublabel = ft.Text("", size=12, visible=False)
        self.frame = ft.Container(
            content=ft.Column([ft.Row([self.icon, self.text], spacing=6, tight=True), self.sublabel],
                              spacing=0, tight=True),
            border_radius=10, padding=ft.Padding.symmetric(horizontal=12, vertical=8),
            on_click=self._tapped, ink=True,
        )
        self.root = ft.Semantics(identifier=identifier, selected=False, button=True, content=self.frame)
        self._shown: tuple | None = None  # what `show` drew last: the same again sets nothing

    def _tapped(self, e) -> Iterator[None]:
        # The page's busy bar goes out before the work, even for a pick that only redraws
        # the page: a loaded machine may take a while over that too (busy.in_turn).
        yield from in_turn(page_of_event(e), self._on_tap)

    def show(self, text: str, *, selected: bool, sublabel: str | None = None, icon=None,
             icon_colour: str | None = None, colour: str | None = None) -> None:
        shown = (text, selected, sublabel, icon, icon_colour, colour)
        if shown == self._shown:
            return  # a form shows all its chips on every redraw; most are as they were
        self._shown = shown
        put = self.changes.put
        put(self.text, value=text)
        put(self.root, selected=selected)
        put(self.icon, visible=icon is not None)
        if icon is not None:
            put(self.icon, icon=icon, color=icon_colour or theme.TEXT)
        put(self.sublabel, visible=bool(sublabel))
        if sublabel:
            put(self.sublabel, value=sublabel, color=theme.TEXT if selected else theme.TEXT_MUTED)
        put(self.frame, bgcolor=(colour or theme.BLUE_DARK) if selected else theme.SURFACE_HIGH,
            border=ft.Border.all(3 if selected else 1, theme.YELLOW if selected else theme.OUTLINE))


class Card:
    """A panel (theme.card, kept): a rounded surface with a heading and, with `help_of`, a
    "?" to the rules topic `show` names (it may change with the view)."""

    def __init__(self, changes: Changes, body: ft.Control, *, help_of: Callable[[str], None] | None = None,
                 identifier: str | None = None) -> None:
        self.changes = changes
        self.title = theme.heading("")
        self.help: ft.IconButton | None = None
        self.help_tag: ft.Semantics | None = None
        self.topic = ""
        head: ft.Control = self.title
        if help_of is not None:
            def help_tapped(event) -> Iterator[None]:
                topic = self.topic  # the topic the player saw
                yield from in_turn(page_of_event(event), lambda: help_of(topic))

            self.help = ft.IconButton(icon=ft.Icons.HELP_OUTLINE, icon_size=20, on_click=help_tapped,
                                      style=ft.ButtonStyle(padding=4))
            self.help_tag = ft.Semantics(identifier="", content=self.help)
            head = ft.Row([ft.Container(self.title, expand=True), self.help_tag], spacing=4,
                          vertical_alignment=ft.CrossAxisAlignment.CENTER)
        frame = ft.Container(content=ft.Column([head, body], spacing=8, tight=True), bgcolor=theme.SURFACE,
                             border_radius=theme.RADIUS, padding=theme.GAP, border=ft.Border.all(1, theme.OUTLINE))
        self.root = ids.tag(identifier, frame) if identifier else frame

    def show(self, title: str, *, topic: str | None = None, help_tip: str = "") -> None:
        """`topic`: the rules topic its "?" opens (a card made with `help_of` needs one)."""
        self.changes.put(self.title, value=title)
        if self.help is not None and self.help_tag is not None and topic is not None:
            self.topic = topic
            self.changes.put(self.help_tag, identifier=ids.rules_help(topic))
            self.changes.put(self.help, tooltip=help_tip)


# --------------------------------------------------------------------- lists
class KeyedItems(Generic[Item]):
    """The items of a list, by key: an item (a part with `root` and its own show) is built
    by `make(key)` when its key first appears, kept while the key stays and dropped when it
    goes. `show` hands each item its data and puts the items in `holder` in the order
    given; the holder's list is assigned (and the holder noted) only when the order or
    the keys changed: Flet then moves, adds and removes by identity."""

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
        controls = [item.root for item in now.values()]  # type: ignore[attr-defined]
        current = self.holder.controls  # type: ignore[attr-defined]
        if len(current) != len(controls) or any(a is not b for a, b in zip(current, controls)):
            self.holder.controls = controls  # type: ignore[attr-defined]
            self.changes.mark(self.holder)
