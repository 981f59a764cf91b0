"""The Scanner's red film over a Contamination card.

Each card shows a coded field of coloured stripes. The player drags the red film (or taps
where it should go): where the film lies the stripes vanish and the printed word shows
through, INFECTED or a look-alike, exactly inside the film's edges. Once the film covers
most of the coded field the card counts as read and its result is spelled out below it.
"""
from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass, field
from typing import Callable, Hashable

import flet as ft

from companion.engine.views import INFECTED

from .. import ids, theme
from ..context import UiContext
from ..i18n_view import Texts
from ..kit.kept import Changes
from ..kit.parts import send_now
from ..kit.reveal import SHOW_SECONDS
from companion.ui.scanner import ids as scanner_ids

log = logging.getLogger(__name__)

CARD_HEIGHT = 190
CARD_MAX_WIDTH = 340
FIELD_TOP = 56
FIELD_HEIGHT = 58
FIELD_MARGIN = 18
FILM_HEIGHT = 76
# Share of the coded field the film must cover for the card to count as read.
READ_AT = 0.55
# A few moves a second follow a finger closely enough (each sends the film's place alone).
DRAG_INTERVAL_MS = 40
PAPER = "#e8e2d2"
INK = "#1b1b1b"
FILM = "#d7263d"
STRIPES = ("#e5484d", "#f08c3a", "#3e8ef7", "#b03a8c", "#e5484d", "#46a758", "#f5c518")
STRIPE_COUNT = 28


@dataclass(frozen=True)
class Geometry:
    """Where the coded field and the film lie on a card `width` wide."""

    width: float

    @property
    def field(self) -> tuple[float, float, float, float]:
        return (FIELD_MARGIN, FIELD_TOP, self.width - 2 * FIELD_MARGIN, FIELD_HEIGHT)

    @property
    def film_width(self) -> float:
        return round(self.width * 0.62)

    @property
    def start(self) -> tuple[float, float]:
        """The film waits below the coded field, at the card's lower left."""
        return (0.0, CARD_HEIGHT - FILM_HEIGHT)

    def placed(self, x: float, y: float) -> tuple[float, float]:
        """The film's top-left corner when centred on (x, y), kept on the card."""
        left = min(max(x - self.film_width / 2, 0.0), self.width - self.film_width)
        top = min(max(y - FILM_HEIGHT / 2, 0.0), CARD_HEIGHT - FILM_HEIGHT)
        return (left, top)

    def coverage(self, left: float, top: float) -> float:
        """The share of the coded field under the film at (left, top)."""
        fx, fy, fw, fh = self.field
        across = max(0.0, min(left + self.film_width, fx + fw) - max(left, fx))
        down = max(0.0, min(top + FILM_HEIGHT, fy + fh) - max(top, fy))
        return across * down / (fw * fh)


@dataclass
class FilmState:
    """Where each film lies and which cards were read, for the results on show (`key`):
    kept across re-renders, started afresh for new results. Once read, the words stay on
    screen a short time (kit.reveal), then every film slides back over the coded field."""

    key: Hashable = None
    positions: dict[int, tuple[float, float]] = field(default_factory=dict)
    read: set[int] = field(default_factory=set)
    # Counts the times a card was read, so a timer hides only what it was started for.
    readings: int = 0

    def cover(self) -> None:
        """Hide the words again: the films back in their place, nothing read."""
        self.positions.clear()
        self.read.clear()


def film_state(ctx: UiContext, key: Hashable) -> FilmState:
    state = ctx.extras.get("scanner_film")
    if not isinstance(state, FilmState) or state.key != key:
        state = ctx.extras["scanner_film"] = FilmState(key=key)
    return state


def cover_if_still(ctx: UiContext, state: FilmState, reading: int) -> None:
    """The timer's end: cover the words unless a card was read since."""
    if state.readings == reading and state.read:
        state.cover()
        ctx.rerender()


def cover_later(ctx: UiContext, state: FilmState, reading: int) -> None:
    async def wait_then_cover() -> None:
        await asyncio.sleep(SHOW_SECONDS)
        cover_if_still(ctx, state, reading)

    try:
        ctx.page.run_task(wait_then_cover)
    except Exception as exc:  # noqa: BLE001 - without a loop the words wait for the hide tap
        log.debug("no timer to cover the Scanner's words: %s", exc)


def card_width(ctx: UiContext) -> float:
    return min(CARD_MAX_WIDTH, ctx.width - 4 * theme.PAGE_PADDING - 24)


def word_text(texts: Texts, word: str) -> str:
    return texts.t(f"contamination.word.{word}")


class Concealed:
    """A box that takes its place at once but shows its content only once opened: nothing
    moves on screen when it opens, and until then neither the eye nor the accessibility
    tree can read it."""

    def __init__(self, changes: Changes, content: ft.Control, identifier: str) -> None:
        self.changes = changes
        self.inner = ft.Semantics(exclude_semantics=True, content=content)
        self.box = ft.Container(content=self.inner, bgcolor=theme.SURFACE_HIGH, padding=10, border_radius=8,
                                opacity=0.0)
        self.root = ids.tag(identifier, self.box)

    def show(self, *, opened: bool, bgcolor: str, width: float | None = None) -> None:
        put = self.changes.put
        put(self.inner, exclude_semantics=not opened)
        put(self.box, opacity=1.0 if opened else 0.0, bgcolor=bgcolor, width=width)


class FilmCard:
    """Card `index` (from 0) with its film, what its word means (hidden until the card is
    read) and what the player does with the card. Kept: a drag moves the film and sends
    its place alone (kit.parts.send_now); the screen is shown again only when a card
    becomes read (its word and what followed open)."""

    def __init__(self, changes: Changes, ctx_of: Callable[[], UiContext], index: int) -> None:
        self.changes = changes
        self.ctx_of = ctx_of
        self.index = index
        self.reading: FilmState | None = None
        self.geometry = Geometry(CARD_MAX_WIDTH)
        self.moves = Changes()  # the film's own moves, sent at once
        self.word = ft.Text("", size=26, weight=ft.FontWeight.W_900, color=INK, text_align=ft.TextAlign.CENTER,
                            max_lines=1)
        # Seen only through the film: kept out of the accessibility tree, which would read it at once.
        self.printed = ft.Container(content=ft.Semantics(exclude_semantics=True, content=self.word),
                                    alignment=ft.Alignment.CENTER, left=0.0, top=0.0)
        self.film_face = ft.Stack([self.printed], height=FILM_HEIGHT, clip_behavior=ft.ClipBehavior.HARD_EDGE)
        self.film = ft.Container(content=self.film_face, left=0.0, top=0.0, height=FILM_HEIGHT, bgcolor=FILM,
                                 opacity=0.92, border_radius=6, border=ft.Border.all(2, "#7a0d1a"),
                                 clip_behavior=ft.ClipBehavior.HARD_EDGE)
        self.title = ft.Text("", size=14, weight=ft.FontWeight.BOLD, color=INK)
        self.bars = [ft.Container(height=FIELD_HEIGHT) for _ in range(STRIPE_COUNT)]
        self.stripes = ft.Container(ft.Row(self.bars, spacing=0, tight=True), left=FIELD_MARGIN, top=FIELD_TOP,
                                    height=FIELD_HEIGHT)
        self.face_stack = ft.Stack([ft.Container(self.title, left=FIELD_MARGIN, top=16), self.stripes],
                                   height=CARD_HEIGHT)
        self.face = ft.Container(content=self.face_stack, height=CARD_HEIGHT, bgcolor=PAPER, border_radius=10)
        self.stack = ft.Stack([self.face, self.film], height=CARD_HEIGHT)
        detector = ft.GestureDetector(
            content=self.stack, on_pan_start=self._pointer, on_pan_update=self._pointer, on_tap_down=self._pointer,
            drag_interval=DRAG_INTERVAL_MS, mouse_cursor=ft.MouseCursor.MOVE,
            # Not a button to the accessibility tree: the web build would hold the pointer back
            # waiting for a click, and the drag would not take.
            exclude_from_semantics=True,
        )
        self.card = ft.Container(detector, height=CARD_HEIGHT)
        self.meaning = ft.Text("", size=15, weight=ft.FontWeight.BOLD, color=theme.TEXT)
        self.shown = Concealed(changes, self.meaning, scanner_ids.scanner_word(index + 1))
        self.note = theme.muted("", size=14)
        self.root = ft.Column([ids.tag(scanner_ids.scanner_card(index + 1), self.card), self.shown.root, self.note],
                              spacing=6, tight=True)

    def show(self, state: FilmState, word: str, *, seed: int, title: str, note: str | None) -> None:
        ctx, put = self.ctx_of(), self.changes.put
        texts = ctx.texts
        self.reading = state
        geometry = self.geometry = Geometry(card_width(ctx))
        width = geometry.width
        fx, fy, fw, fh = geometry.field
        put(self.title, value=title)
        # The coded field's pattern: the same for a card every time, and never tied to its word.
        for n, bar in enumerate(self.bars):
            put(bar, width=fw / STRIPE_COUNT, bgcolor=STRIPES[(seed * 7 + n * 5 + (n * n) % 11) % len(STRIPES)])
        put(self.stripes, left=fx, top=fy, width=fw)
        for control in (self.face_stack, self.face, self.stack, self.card):
            put(control, width=width)
        put(self.film_face, width=geometry.film_width)
        put(self.film, width=geometry.film_width)
        put(self.printed, width=fw, height=fh)
        put(self.word, value=word_text(texts, word))
        self._place(put, *state.positions.get(self.index, geometry.start))
        infected = word == INFECTED
        put(self.meaning, value=texts.t("ui.scanner.infected_result" if infected else "ui.scanner.clean_result",
                                        word=word_text(texts, word)))
        self.shown.show(opened=self.index in state.read, bgcolor=theme.RED_DARK if infected else theme.SURFACE_HIGH,
                        width=width)
        put(self.note, visible=bool(note))
        if note:
            put(self.note, value=note)

    def _place(self, put, left: float, top: float) -> None:
        fx, fy, _fw, _fh = self.geometry.field
        put(self.film, left=left, top=top)
        put(self.printed, left=fx - left, top=fy - top)

    def _pointer(self, e) -> None:
        position = getattr(e, "local_position", None)
        if position is not None:
            self.move_to(position.x, position.y)

    def move_to(self, x: float, y: float) -> None:
        state, geometry = self.reading, self.geometry
        if state is None:
            send_now(self.ctx_of().page, self.moves)
            return
        placed = geometry.placed(x, y)
        ctx = self.ctx_of()
        if placed == state.positions.get(self.index, geometry.start):
            send_now(ctx.page, self.moves)  # nothing moved: nothing to send (nor for Flet to update)
            return
        state.positions[self.index] = placed
        if geometry.coverage(*placed) >= READ_AT and self.index not in state.read:
            state.read.add(self.index)
            state.readings += 1
            cover_later(ctx, state, state.readings)
            ctx.rerender()  # the word opens, and what followed once every card is read
            return
        self._place(self.moves.put, *placed)
        send_now(ctx.page, self.moves)
