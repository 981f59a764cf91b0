"""The rules at hand: topics by chapter, a search that forgives accents, case and the
Turkish i, the matching words highlighted, and related topics one tap away.

Kept (kit.kept): the search field is one control for the page's life (the page never
sends it back while the player types, so its focus, caret and every letter stay); the
chapters are built once; a result is kept while its topic stays found; an open topic is
built when another one opens (its paragraphs are the topic's own)."""
from __future__ import annotations

from typing import Any, Callable

import flet as ft

from companion.rules_ref import RenderedTopic, SearchHit, Span, rules_reference

from . import ids, theme
from .context import UiContext
from .kit.kept import Changes, KeptScreen, KeyedItems
from .kit.parts import LinkButton
from .rules_link import QUERY, SEARCH_OPENED, TOPIC, open_rules

RESULTS_MAX = 12


def help_button(ctx: UiContext, topic_id: str, *, identifier: str | None = None) -> ft.Control:
    """The "?" beside a step, card, token or control: its rules topic, one tap away."""
    return ids.tag(identifier or ids.rules_help(topic_id), ft.IconButton(
        icon=ft.Icons.HELP_OUTLINE, icon_size=20, tooltip=ctx.texts.t("ui.rules.help"),
        on_click=lambda _e: open_rules(ctx, topic_id),
        style=ft.ButtonStyle(padding=4),
    ))


def _highlighted(text: str, spans: list[Span], size: int, *, weight=None) -> ft.Text:
    """`text` with the matched words marked."""
    if not spans:
        return ft.Text(text, size=size, weight=weight)
    return ft.Text(spans=_pieces(text, spans), size=size, weight=weight)


def _pieces(text: str, spans: list[Span]) -> list[ft.TextSpan]:
    """`text` in pieces, the matched words marked."""
    pieces: list[ft.TextSpan] = []
    at = 0
    for span in sorted(spans, key=lambda s: s.start):
        if span.start < at:
            continue
        if span.start > at:
            pieces.append(ft.TextSpan(text[at:span.start]))
        pieces.append(ft.TextSpan(text[span.start:span.end],
                                  style=ft.TextStyle(bgcolor=theme.YELLOW, color="#1a1a1a",
                                                     weight=ft.FontWeight.BOLD)))
        at = span.end
    if at < len(text):
        pieces.append(ft.TextSpan(text[at:]))
    return pieces


def _topic_view(ctx: UiContext, topic: RenderedTopic, spans: tuple[Span, ...], open_topic) -> ft.Control:
    """One topic: its title (the search's marks on it), page, paragraphs and related topics."""
    t = ctx.texts.t
    ref = rules_reference(ctx.texts.lang)
    body: list[ft.Control] = [
        ids.tag(ids.RULES_TOPIC_TITLE, _highlighted(topic.title, [s for s in spans if s.paragraph is None], 22,
                                                    weight=ft.FontWeight.BOLD)),
    ]
    if topic.page_label:
        body.append(theme.muted(topic.page_label, size=13))
    for index, paragraph in enumerate(topic.paragraphs):
        marked = [s for s in spans if s.paragraph == index]
        text = _highlighted(paragraph.text, marked, 16)
        if paragraph.bullet:
            body.append(ft.Row([ft.Text("•", size=16), ft.Container(text, expand=True)], spacing=6,
                               vertical_alignment=ft.CrossAxisAlignment.START))
        else:
            body.append(text)
    if topic.partial_note:
        body.append(ft.Text(topic.partial_note, size=14, color=theme.UNCONFIRMED))
    if topic.links:
        body.append(ft.Text(t("ui.rules.related"), size=15, weight=ft.FontWeight.BOLD))
        body.append(ft.Row([
            ids.tag(ids.rules_link(link), ft.OutlinedButton(
                content=ref.render(link).title, on_click=lambda _e, link=link: open_topic(link)))
            for link in topic.links if link in ref
        ], wrap=True, spacing=8, run_spacing=8))
    return ids.tag(ids.rules_topic(topic.id), theme.card(ft.Column(body, spacing=10)))


class TopicView:
    """The open topic, built anew only when another topic (or language, or marks) is shown."""

    def __init__(self, changes: Changes, open_topic: Callable[[str], None]) -> None:
        self.changes = changes
        self.open_topic = open_topic
        self.shown: tuple | None = None
        self.root = ft.Column([], spacing=0)

    def show(self, ctx: UiContext, topic_id: str, spans: tuple[Span, ...]) -> None:
        key = (ctx.texts.lang, topic_id, spans)
        if key == self.shown:
            return
        self.shown = key
        topic = rules_reference(ctx.texts.lang).render(topic_id)
        self.root.controls = [_topic_view(ctx, topic, spans, self.open_topic)]
        self.changes.mark(self.root)


class _Result:
    def __init__(self, changes: Changes, topic_id: str, open_topic: Callable[[str], None]) -> None:
        self.changes = changes
        self.title = ft.Text("", size=17, weight=ft.FontWeight.BOLD)
        self.root = ids.tag(ids.rules_result(topic_id), ft.Container(
            content=self.title, on_click=lambda _e: open_topic(topic_id), ink=True,
            padding=ft.Padding.symmetric(horizontal=12, vertical=10), bgcolor=theme.SURFACE_HIGH, border_radius=8))
        self.marked: tuple | None = None  # the title and marks shown (its pieces are built for each new one)

    def show(self, hit: SearchHit) -> None:
        spans = list(hit.title_spans())
        marked = (hit.title, tuple(spans))
        if marked == self.marked:
            return
        self.marked = marked
        self.changes.put(self.title, value=None if spans else hit.title, spans=_pieces(hit.title, spans) if spans else None)


class _Chapter:
    def __init__(self, changes: Changes, chapter, open_topic: Callable[[str], None]) -> None:
        self.changes = changes
        self.title = ft.Text("", size=17, weight=ft.FontWeight.BOLD)
        self.topics = {topic_id: ft.TextButton(content=ft.Text(""), on_click=lambda _e, tid=topic_id: open_topic(tid))
                       for topic_id in chapter.topic_ids}
        self.root = ids.tag(ids.rules_chapter(chapter.id), ft.ExpansionTile(
            title=self.title, controls=list(self.topics.values()), controls_padding=ft.Padding.only(left=12)))

    def show(self, ctx: UiContext, chapter) -> None:
        ref = rules_reference(ctx.texts.lang)
        self.changes.put(self.title, value=chapter.title)
        for topic_id, button in self.topics.items():
            self.changes.put(button.content, value=ref.render(topic_id).title)


_UNSET = object()


class RulesScreen(KeptScreen):
    def __init__(self, ctx: UiContext, shell: Any = None, *, on_back: Callable[[], None] | None = None) -> None:
        super().__init__(ctx, shell)
        changes = self.changes
        self.on_back = on_back or (shell.leave_rules if shell is not None else (lambda: None))
        self.back = LinkButton(changes, ids.RULES_BACK, icon=ft.Icons.ARROW_BACK, on_tap=lambda: self.on_back())
        self.title = ft.Text("", size=24, weight=ft.FontWeight.BOLD)
        self.field = ft.TextField(value="", hint_text="", prefix_icon=ft.Icons.SEARCH, on_change=self._searched,
                                  on_submit=self._searched, dense=True)
        self.opened: object = _UNSET  # the opening of the rules the field shows (SEARCH_OPENED)
        self.topic = TopicView(changes, self._open)
        self.nothing = theme.muted("", size=15)
        self.results_column = ft.Column([], spacing=6)
        self.results: KeyedItems[_Result] = KeyedItems(changes, self.results_column,
                                                       lambda topic_id: _Result(changes, str(topic_id), self._open))
        self.results_tag = ids.tag(ids.RULES_RESULTS, ft.Column([self.nothing, self.results_column], spacing=6))
        self.chapters_column = ft.Column([], spacing=4)
        self.chapters: KeyedItems[_Chapter] = KeyedItems(changes, self.chapters_column, self._chapter)
        self.column = ft.Column([self.back.root, self.title, ids.tag(ids.RULES_SEARCH, self.field),
                                 ft.Column([self.topic.root, self.results_tag, self.chapters_column], spacing=theme.GAP,
                                           horizontal_alignment=ft.CrossAxisAlignment.STRETCH)],
                                spacing=theme.GAP, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
        self.frame = ft.Container(self.column)
        self.root = ids.tag(ids.RULES_SCREEN, self.frame)

    def _chapter(self, chapter_id) -> _Chapter:
        ref = rules_reference(self.ctx.texts.lang)
        chapter = next(chapter for chapter in ref.chapters if chapter.id == chapter_id)
        return _Chapter(self.changes, chapter, self._open)

    def _open(self, topic_id: str) -> None:
        self.ctx.extras[TOPIC] = topic_id
        self.ctx.rerender()

    def _searched(self, e) -> None:
        self.ctx.extras[QUERY] = e.control.value or ""
        self.ctx.extras[TOPIC] = None
        self.ctx.rerender()

    def put_view(self) -> None:
        ctx, put = self.ctx, self.changes.put
        t = ctx.texts.t
        ref = rules_reference(ctx.texts.lang)
        put(self.frame, width=min(ctx.width - 2 * theme.PAGE_PADDING, theme.FORM_MAX_WIDTH))
        self.back.show(t("ui.common.back"))
        put(self.title, value=t("ui.rules.title"))
        put(self.field, hint_text=t("ui.rules.search_hint"))
        opened = ctx.extras.get(SEARCH_OPENED)
        if opened != self.opened:
            # A new opening of the rules starts with its own search (empty, or the one asked for).
            self.opened = opened
            put(self.field, value=ctx.extras.get(QUERY, "") or "")
        query = (ctx.extras.get(QUERY) or "").strip()
        topic_id = ctx.extras.get(TOPIC)
        hits = ref.search(query, limit=RESULTS_MAX) if query else []
        topic = topic_id is not None and topic_id in ref
        put(self.topic.root, visible=topic)
        if topic:
            spans = next((hit.spans for hit in hits if hit.topic_id == topic_id), ())
            self.topic.show(ctx, topic_id, tuple(spans))
        put(self.results_tag, visible=bool(query))
        if query:
            put(self.nothing, visible=not hits)
            if not hits:
                put(self.nothing, value=t("ui.rules.nothing_found"))
            self.results.show(((hit.topic_id, hit) for hit in hits), lambda row, hit: row.show(hit))
        chapters = not query and not topic
        put(self.chapters_column, visible=chapters)
        if chapters:
            self.chapters.show(((chapter.id, chapter) for chapter in ref.chapters),
                               lambda part, chapter: part.show(ctx, chapter))
