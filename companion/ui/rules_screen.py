"""The rules at hand: topics by chapter, a search that forgives accents, case and the
Turkish i, the matching words highlighted, and related topics one tap away."""
from __future__ import annotations

import flet as ft

from companion.rules_ref import RenderedTopic, SearchHit, Span, rules_reference

from . import ids, theme
from .context import UiContext
from .kit.memo import kept_panel

TOPIC = "rules_topic"
QUERY = "rules_query"
# Counts the times the rules were opened: each opening starts with an empty search field.
SEARCH_OPENED = "rules_opened"
RESULTS_MAX = 12


def open_rules(ctx: UiContext, topic_id: str | None = None) -> None:
    """Show the rules screen on this page (at `topic_id`, if given)."""
    ctx.extras[TOPIC] = topic_id
    ctx.extras[QUERY] = ""
    ctx.extras[SEARCH_OPENED] = ctx.extras.get(SEARCH_OPENED, 0) + 1
    ctx.navigate("rules")


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
    return ft.Text(spans=pieces, size=size, weight=weight)


def _topic_view(ctx: UiContext, topic: RenderedTopic, spans: tuple[Span, ...] = ()) -> ft.Control:
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
                content=ref.render(link).title, on_click=lambda _e, link=link: _show_topic(ctx, link)))
            for link in topic.links if link in ref
        ], wrap=True, spacing=8, run_spacing=8))
    return ids.tag(ids.rules_topic(topic.id), theme.card(ft.Column(body, spacing=10)))


def _show_topic(ctx: UiContext, topic_id: str) -> None:
    ctx.extras[TOPIC] = topic_id
    ctx.rerender()


def _results(ctx: UiContext, hits: list[SearchHit]) -> ft.Control:
    t = ctx.texts.t
    if not hits:
        return ids.tag(ids.RULES_RESULTS, theme.muted(t("ui.rules.nothing_found"), size=15))
    rows = [
        ids.tag(ids.rules_result(hit.topic_id), ft.Container(
            content=_highlighted(hit.title, list(hit.title_spans()), 17, weight=ft.FontWeight.BOLD),
            on_click=lambda _e, hit=hit: _show_topic(ctx, hit.topic_id), ink=True,
            padding=ft.Padding.symmetric(horizontal=12, vertical=10), bgcolor=theme.SURFACE_HIGH,
            border_radius=8))
        for hit in hits
    ]
    return ids.tag(ids.RULES_RESULTS, ft.Column(rows, spacing=6))


def _chapters(ctx: UiContext) -> ft.Control:
    ref = rules_reference(ctx.texts.lang)
    tiles = []
    for chapter in ref.chapters:
        topics = [
            ft.TextButton(content=ref.render(topic_id).title, on_click=lambda _e, tid=topic_id: _show_topic(ctx, tid))
            for topic_id in chapter.topic_ids
        ]
        tiles.append(ids.tag(ids.rules_chapter(chapter.id), ft.ExpansionTile(
            title=ft.Text(chapter.title, size=17, weight=ft.FontWeight.BOLD), controls=topics,
            controls_padding=ft.Padding.only(left=12))))
    return ft.Column(tiles, spacing=4)


def _content(ctx: UiContext) -> list[ft.Control]:
    """The open topic (with the search's marks), the results, or the chapters."""
    ref = rules_reference(ctx.texts.lang)
    query = (ctx.extras.get(QUERY) or "").strip()
    topic_id = ctx.extras.get(TOPIC)
    hits = ref.search(query, limit=RESULTS_MAX) if query else []
    parts: list[ft.Control] = []
    if topic_id is not None and topic_id in ref:
        spans = next((hit.spans for hit in hits if hit.topic_id == topic_id), ())
        parts.append(_topic_view(ctx, ref.render(topic_id), spans))
    if query:
        parts.append(_results(ctx, hits))
    elif topic_id is None or topic_id not in ref:
        parts.append(_chapters(ctx))
    return parts


def build_rules_screen(ctx: UiContext, *, on_back) -> ft.Control:
    t = ctx.texts.t
    area = ft.Column(_content(ctx), spacing=theme.GAP, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)

    def searched(e) -> None:
        ctx.extras[QUERY] = e.control.value or ""
        ctx.extras[TOPIC] = None
        ctx.rerender()

    # The field is kept across redraws: the page never sends it back while the player
    # types, so its focus, cursor and every letter stay; only the results change.
    field = kept_panel(ctx, "rules-search", ctx.extras.get(SEARCH_OPENED), lambda: ft.TextField(
        value=ctx.extras.get(QUERY, "") or "", hint_text=t("ui.rules.search_hint"), prefix_icon=ft.Icons.SEARCH,
        on_change=searched, on_submit=searched, dense=True))
    parts: list[ft.Control] = [
        ids.tag(ids.RULES_BACK, ft.TextButton(content=t("ui.common.back"), icon=ft.Icons.ARROW_BACK,
                                              on_click=lambda _e: on_back())),
        ft.Text(t("ui.rules.title"), size=24, weight=ft.FontWeight.BOLD),
        ids.tag(ids.RULES_SEARCH, field),
        area,
    ]
    return ids.tag(ids.RULES_SCREEN, ft.Container(
        ft.Column(parts, spacing=theme.GAP, horizontal_alignment=ft.CrossAxisAlignment.STRETCH),
        width=min(ctx.width - 2 * theme.PAGE_PADDING, theme.FORM_MAX_WIDTH)))
