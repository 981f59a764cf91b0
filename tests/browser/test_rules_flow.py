"""The rules at hand, in Chromium at phone size: search "surpresa" in Portuguese and
"sürpriz" in Turkish, open the topic, follow one of its links."""
from __future__ import annotations

import pytest

from companion.rules_ref import rules_reference
from companion.ui import ids

from .flutter_page import PHONE, FlutterPage

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("lang,query", [("pt-BR", "surpresa"), ("tr", "sürpriz")])
def test_search_open_and_follow_a_link(browser, app_url, screenshots, lang, query):
    context = browser.new_context(viewport=PHONE, locale=lang)
    app = FlutterPage(context.new_page())
    try:
        app.open(app_url)
        app.tap(ids.RULES_OPEN)
        app.wait_for_id(ids.RULES_SEARCH)
        app.type_into(ids.RULES_SEARCH, query)
        topic = "surprise_attack"
        app.wait_for_id(ids.rules_result(topic))
        app.screenshot(screenshots / f"rules-search-{lang}-phone.png")
        app.tap(ids.rules_result(topic))
        app.wait_for_id(ids.rules_topic(topic))
        reference = rules_reference(lang)
        assert reference.render(topic).title in app.text()
        app.screenshot(screenshots / f"rules-topic-{lang}-phone.png")
        link = reference.links(topic)[0]
        app.tap(ids.rules_link(link))
        app.wait_for_id(ids.rules_topic(link))
        assert reference.render(link).title in app.text()
        app.screenshot(screenshots / f"rules-link-{lang}-phone.png")
    finally:
        context.close()
