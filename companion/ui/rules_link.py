"""The way to the rules screen from anywhere (a "?" beside a step, a kept screen's help):
the page's drafts it opens at, kept apart from the screen so the kit can link to it
without importing the screen that is built on the kit."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .routes import RULES

if TYPE_CHECKING:
    from .context import UiContext

TOPIC = "rules_topic"
QUERY = "rules_query"
# Counts the times the rules were opened: each opening starts with an empty search field.
SEARCH_OPENED = "rules_opened"


def open_rules(ctx: "UiContext", topic_id: str | None = None) -> None:
    """Show the rules screen on this page (at `topic_id`, if given)."""
    ctx.extras[TOPIC] = topic_id
    ctx.extras[QUERY] = ""
    ctx.extras[SEARCH_OPENED] = ctx.extras.get(SEARCH_OPENED, 0) + 1
    ctx.navigate(RULES)
