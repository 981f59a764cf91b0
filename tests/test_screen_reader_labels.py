"""What a screen reader says: each dialog is announced as what it is (not Flutter's
"Alert"), in the page's language; Flutter's own words follow the page's language; the join
field counts the code's own letters."""
from __future__ import annotations

import re

import pytest

from companion.engine import NewGame, PlayerSetup
from companion.engine.commands import StartSelfDestruct
from companion.engine.decks.cards import ATTACK_DECK, EVENT_DECK, attack_card, event_card
from companion.engine.journal import Event
from companion.hosting.secrets import CODE_ALPHABET, CODE_LENGTH, JoinSecrets, format_code
from companion.ui.announcements import Announcer
from companion.ui.events.deck_screen import show_card
from companion.ui.kit.gate import CommandGate
from tests.support.screens import build_join_screen
from companion.ui.scanner.board import open_board_dialog
from companion.ui.shell import PageApp

from .test_ui_pages import LivePage
from .ui_tree import make_context, make_controller, page_app, walk
from companion.ui.phone import ids as phone_ids


def _setup() -> NewGame:
    return NewGame(players=(PlayerSetup(name="Ana", character="hacker"),
                            PlayerSetup(name="Bora", character="janitor")), seed=1)


@pytest.fixture
def controller(tmp_path):
    controller = make_controller(tmp_path)
    controller.new_game(_setup(), "t")
    return controller


@pytest.mark.parametrize("lang", ["pt-BR", "tr"])
def test_each_dialog_is_announced_as_what_it_is(controller, lang):
    ctx = make_context(controller, lang)
    t = ctx.texts.t
    CommandGate(ctx).run(StartSelfDestruct(), confirm="start_self_destruct",
                         title=t("ui.actions.start_self_destruct"))
    assert ctx.page.dialogs[-1].semantics_label == t("ui.actions.start_self_destruct")
    board = open_board_dialog(ctx.gate(), ctx.game.member(1))
    assert board.semantics_label == t("ui.body.title", name="Ana", character=ctx.texts.character("hacker"))
    rules = controller.rules
    event = "leaving_the_shell_2"  # a second copy of a card: named as the card
    show_card(ctx, EVENT_DECK, event)
    assert ctx.page.dialogs[-1].semantics_label == t(f"event_card.name.{event_card(rules, event).card}")
    attack = controller.state.decks.attack.draw_pile[0]
    show_card(ctx, ATTACK_DECK, attack)
    assert ctx.page.dialogs[-1].semantics_label == t(f"attack_card.name.{attack_card(rules, attack).kind}")
    labels = [dialog.semantics_label for dialog in ctx.page.dialogs]
    assert all(labels) and "Alert" not in labels


def test_an_announcement_is_announced_as_one_and_follows_a_language_switch(controller):
    ctx = make_context(controller, "pt-BR")
    announcer = Announcer(ctx.page, ctx.texts)
    announcer.announce([Event(seq=1, key="announce.first_encounter", params={}, announce=True)])
    dialog = ctx.page.dialogs[-1]
    dialog.update = lambda: None
    assert dialog.semantics_label == ctx.texts.t("ui.announce.title")
    ctx.texts.switch("tr")
    announcer.relabel()
    assert dialog.semantics_label == ctx.texts.t("ui.announce.title") != ""


def test_flutters_own_words_follow_the_pages_language(controller):
    page = LivePage(390)
    app = page_app(page, controller, language="pt-BR", startup_errors=[])
    app.start()
    assert (page.locale_configuration.current_locale.language_code,
            page.locale_configuration.current_locale.country_code) == ("pt", "BR")
    app.set_language("tr")
    assert page.locale_configuration.current_locale.language_code == "tr"
    assert {locale.language_code for locale in page.locale_configuration.supported_locales} == {"pt", "tr"}


def test_the_join_field_counts_the_codes_own_letters(controller):
    from companion.engine.views import NOBODY

    ctx = make_context(controller, "pt-BR", 390, viewer=NOBODY)
    screen = build_join_screen(ctx, on_code=lambda _code: None)
    field = next(item for item in walk(screen) if getattr(item, "max_length", None) is not None)
    shown = format_code(JoinSecrets([1]).seat_pass(1).code)  # as the table shows it: "ABC-DEF"
    assert len(shown) == CODE_LENGTH + 1
    allowed = re.compile(field.input_filter.regex_string,
                         0 if field.input_filter.case_sensitive else re.IGNORECASE)

    def typed(keys: str) -> str:
        """As Flet's field takes keys: the whole text must still fit, else the key is left out."""
        text = ""
        for key in keys:
            if allowed.search(text + key) and len(text + key) <= field.max_length:
                text += key
        return text

    kept = typed(shown)
    assert kept == shown.replace("-", "")
    assert len(kept) == field.max_length == CODE_LENGTH  # the counter ends at the code's length
    assert typed(CODE_ALPHABET.lower()[:CODE_LENGTH]) == CODE_ALPHABET.lower()[:CODE_LENGTH]
    assert typed("- _01OIL") == ""
    assert field.label == ctx.texts.t("ui.join.code_label")
    assert phone_ids.JOIN_CODE in {getattr(item, "identifier", None) for item in walk(screen)}
