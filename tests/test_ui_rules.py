"""The rules screen: chapters, search with highlighted matches, a topic and its links, in
both languages; every "?" opens a topic that exists; the language switch keeps the topic."""
from __future__ import annotations

import pytest

from companion.rules_ref import rules_reference
from companion.ui import ids
from companion.ui.rules_screen import QUERY, TOPIC, open_rules
from tests.support.screens import build_rules_screen
from companion.ui.shell import PageApp

from .test_ui_pages import LivePage
from .ui_tree import check_texts, identifiers, make_context, make_controller, page_app, walk


@pytest.mark.parametrize("lang,query,topic", [("pt-BR", "surpresa", "surprise_attack"),
                                              ("tr", "sürpriz", "surprise_attack")])
def test_search_shows_highlighted_results_and_opens_the_topic(tmp_path, lang, query, topic):
    ctx = make_context(make_controller(tmp_path), lang, width=390)
    ctx.extras[QUERY] = query
    screen = build_rules_screen(ctx, on_back=lambda: None)
    check_texts(screen)
    found = identifiers(screen)
    assert ids.rules_result(topic) in found
    highlighted = [span for item in walk(screen) if hasattr(item, "spans") and item.spans
                   for span in item.spans if span.style is not None]
    assert highlighted, "the matching words are marked"
    ctx.extras[TOPIC] = topic
    opened = build_rules_screen(ctx, on_back=lambda: None)
    assert ids.rules_topic(topic) in identifiers(opened)
    links = rules_reference(lang).links(topic)
    assert links and {ids.rules_link(link) for link in links} <= identifiers(opened)


def test_without_a_query_the_chapters_are_listed(tmp_path):
    ctx = make_context(make_controller(tmp_path), "pt-BR")
    screen = build_rules_screen(ctx, on_back=lambda: None)
    chapters = {ids.rules_chapter(chapter.id) for chapter in rules_reference("pt-BR").chapters}
    assert chapters <= identifiers(screen)


def test_the_language_switch_keeps_the_open_topic(tmp_path):
    controller = make_controller(tmp_path)
    page = LivePage(width=390)
    app = page_app(page, controller, language="pt-BR", startup_errors=[])
    app.start()
    open_rules(app.ctx, "darkness")
    assert ids.rules_topic("darkness") in identifiers(page.controls[-1])
    title_pt = rules_reference("pt-BR").render("darkness").title
    app.set_language("tr")
    shown = page.controls[-1]
    assert ids.rules_topic("darkness") in identifiers(shown)
    title_tr = rules_reference("tr").render("darkness").title
    texts = [getattr(item, "value", None) for item in walk(shown)]
    assert title_tr in texts and title_pt not in texts


def test_every_help_button_opens_a_topic_that_exists(tmp_path):
    """Every "?" on every screen names a topic both languages have."""
    from companion.engine import NewGame, PlayerSetup
    from companion.engine.commands import StartEventPhase
    from companion.engine.views import seat_viewer
    from tests.support.screens import build_bag_screen, build_events_screen, build_seat_screen, build_table
    from tests.support.deck_helpers import next_runner_command

    controller = make_controller(tmp_path)
    controller.new_game(NewGame(players=tuple(PlayerSetup(name=f"P{i}", character=c) for i, c in
                                              enumerate(("hacker", "janitor", "sentry"))), seed=7,
                                digital_contamination=True), "t")
    table = make_context(controller, "pt-BR", 390)
    phone = make_context(controller, "tr", 390, viewer=seat_viewer(1))
    found: dict[str, set[str]] = {}

    def collect(name, control) -> None:
        found[name] = {i[len("rules-help-"):] for i in identifiers(control) if i.startswith("rules-help-")}

    collect("table", build_table(table))
    collect("bag", build_bag_screen(table))
    collect("seat", build_seat_screen(phone, on_leave=lambda: None))
    for screen in ("events-attack", "events-injury", "events-decks"):
        collect(screen, build_events_screen(table, screen))
    controller.execute(StartEventPhase())
    steps = set()
    for _ in range(12):
        view = controller.view(table.viewer)
        if view.public.event_phase is None:
            break
        steps.add(int(view.public.event_phase.step))
        collect(f"runner-{int(view.public.event_phase.step)}", build_events_screen(table, "events"))
        command = next_runner_command(controller.state, controller.rules)
        if command is None:
            break
        controller.execute(command)
    assert len(steps) >= 4
    empty = [name for name, topics in found.items() if not topics]
    assert not empty, f"screens without a '?': {empty}"
    for lang in ("pt-BR", "tr"):
        reference = rules_reference(lang)
        missing = {topic for topics in found.values() for topic in topics if topic not in reference}
        assert not missing, (lang, missing)
