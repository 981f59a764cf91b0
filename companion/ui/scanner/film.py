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
from typing import Hashable

import flet as ft

from companion.engine.contamination_model import INFECTED

from .. import ids, theme
from ..context import UiContext
from ..i18n_view import Texts
from ..kit.reveal import SHOW_SECONDS

log = logging.getLogger(__name__)

CARD_HEIGHT = 190
CARD_MAX_WIDTH = 340
FIELD_TOP = 56
FIELD_HEIGHT = 58
FIELD_MARGIN = 18
FILM_HEIGHT = 76
# Share of the coded field the film must cover for the card to count as read.
READ_AT = 0.55
# Each move re-renders the page: a few a second follow a finger closely enough.
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


def concealed(content: ft.Control, *, opened: bool, bgcolor: str, width: float | None = None) -> ft.Container:
    """A box that takes its place at once but shows `content` only once opened: nothing
    moves on screen when it opens, and until then neither the eye nor the accessibility
    tree can read it."""
    return ft.Container(content=ft.Semantics(exclude_semantics=not opened, content=content), bgcolor=bgcolor,
                        padding=10, border_radius=8, width=width, opacity=1.0 if opened else 0.0)


def _stripes(seed: int, width: float) -> ft.Control:
    """The coded field's pattern: the same for a card every time, and never tied to its word."""
    stripe = (width - 2 * FIELD_MARGIN) / STRIPE_COUNT
    bars = [ft.Container(width=stripe, height=FIELD_HEIGHT,
                         bgcolor=STRIPES[(seed * 7 + n * 5 + (n * n) % 11) % len(STRIPES)])
            for n in range(STRIPE_COUNT)]
    return ft.Row(bars, spacing=0, tight=True)


def film_card(ctx: UiContext, state: FilmState, index: int, word: str, *, seed: int, title: str) -> ft.Control:
    """Card `index` (from 0) with its film, and below it what the word means (hidden until
    the card is read). Moving the film re-renders the page from `state`: a rendered
    control is never changed in place."""
    texts = ctx.texts
    geometry = Geometry(card_width(ctx))
    left, top = state.positions.get(index, geometry.start)
    fx, fy, fw, fh = geometry.field
    # Seen only through the film: kept out of the accessibility tree, which would read it at once.
    printed = ft.Container(
        content=ft.Semantics(exclude_semantics=True, content=ft.Text(
            word_text(texts, word), size=26, weight=ft.FontWeight.W_900, color=INK, text_align=ft.TextAlign.CENTER,
            max_lines=1)),
        left=fx - left, top=fy - top, width=fw, height=fh, alignment=ft.Alignment.CENTER,
    )
    film = ft.Container(
        content=ft.Stack([printed], width=geometry.film_width, height=FILM_HEIGHT,
                         clip_behavior=ft.ClipBehavior.HARD_EDGE),
        left=left, top=top, width=geometry.film_width, height=FILM_HEIGHT, bgcolor=FILM, opacity=0.92,
        border_radius=6, border=ft.Border.all(2, "#7a0d1a"), clip_behavior=ft.ClipBehavior.HARD_EDGE,
    )
    face = ft.Container(
        content=ft.Stack([
            ft.Container(ft.Text(title, size=14, weight=ft.FontWeight.BOLD, color=INK), left=FIELD_MARGIN, top=16),
            ft.Container(_stripes(seed, geometry.width), left=fx, top=fy, width=fw, height=fh),
        ], width=geometry.width, height=CARD_HEIGHT),
        width=geometry.width, height=CARD_HEIGHT, bgcolor=PAPER, border_radius=10,
    )
    infected = word == INFECTED
    meaning = ft.Text(texts.t("ui.scanner.infected_result" if infected else "ui.scanner.clean_result",
                              word=word_text(texts, word)), size=15, weight=ft.FontWeight.BOLD, color=theme.TEXT)
    shown = concealed(meaning, opened=index in state.read,
                      bgcolor=theme.RED_DARK if infected else theme.SURFACE_HIGH, width=geometry.width)

    def move_to(x: float, y: float) -> None:
        placed = geometry.placed(x, y)
        if placed == state.positions.get(index, geometry.start):
            return
        state.positions[index] = placed
        if geometry.coverage(*placed) >= READ_AT and index not in state.read:
            state.read.add(index)
            state.readings += 1
            cover_later(ctx, state, state.readings)
        ctx.rerender()

    def on_pointer(e) -> None:
        position = getattr(e, "local_position", None)
        if position is not None:
            move_to(position.x, position.y)

    detector = ft.GestureDetector(
        content=ft.Stack([face, film], width=geometry.width, height=CARD_HEIGHT),
        on_pan_start=on_pointer, on_pan_update=on_pointer, on_tap_down=on_pointer,
        drag_interval=DRAG_INTERVAL_MS, mouse_cursor=ft.MouseCursor.MOVE,
        # Not a button to the accessibility tree: the web build would hold the pointer back
        # waiting for a click, and the drag would not take.
        exclude_from_semantics=True,
    )
    card = ids.tag(ids.scanner_card(index + 1), ft.Container(detector, width=geometry.width, height=CARD_HEIGHT))
    return ft.Column([card, ids.tag(ids.scanner_word(index + 1), shown)], spacing=6, tight=True)
