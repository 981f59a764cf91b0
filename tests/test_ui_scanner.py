"""The Scanner and the Character board on screen: a player's phone scans and reads the
words under the red film; the table and the other phones show only what follows; the
shared device hands the Scanner to one player and hides it again; setup offers the deck."""
from __future__ import annotations

from types import SimpleNamespace

import flet as ft
import pytest

from companion.engine import NewGame, PlayerSetup
from companion.engine.commands import GainContamination, InfestCharacter, ScanContamination
from companion.engine.views import TABLE, seat_viewer
from companion.ui import ids
from tests.support.screens import build_wizard, build_seat_screen, build_handover_screen, build_crew_panel
from companion.ui.scanner.board import open_board_dialog
from companion.ui.scanner.film import FILM_HEIGHT, Geometry, card_width
from companion.ui.kit.handoff import handoff_of
from companion.ui.scanner.handover import open_scanner_for
from companion.ui.setup_wizard import SetupWizard

from .test_ui_purity import render_purely
from .ui_tree import check_texts, fire, identifiers, make_context, make_controller, strings, walk
from .ui_tree import enabled as button_enabled
from companion.ui.scanner import ids as scanner_ids
from companion.ui.table import ids as table_ids

LANGS = ("pt-BR", "tr")


def _setup(*, digital: bool = True, infected: int | None = 27) -> NewGame:
    # Every card INFECTED unless told otherwise, so a scan's word is known in advance.
    return NewGame(players=(PlayerSetup(name="Ana", character="hacker"), PlayerSetup(name="Bora", character="janitor")),
                   seed=3, digital_contamination=digital, infected_count=infected if digital else None)


@pytest.fixture
def controller(tmp_path):
    return make_controller(tmp_path)


def _find(control, identifier: str):
    for item in walk(control):
        if isinstance(item, ft.Semantics) and item.identifier == identifier:
            return item
    raise AssertionError(f"{identifier} not found")


def _detector(card) -> ft.GestureDetector:
    return next(item for item in walk(card) if isinstance(item, ft.GestureDetector))


def _drag(ctx, card, x: float, y: float) -> None:
    """A pan that ends with the pointer at (x, y) on the card."""
    event = SimpleNamespace(local_position=ft.Offset(x, y))
    detector = _detector(card)
    detector.on_pan_start(event)
    detector.on_pan_update(event)


def _field_centre(ctx) -> tuple[float, float]:
    fx, fy, fw, fh = Geometry(card_width(ctx)).field
    return fx + fw / 2, fy + fh / 2


def _seat(controller, seat: int, lang: str = "pt-BR", width: float = 390):
    ctx = make_context(controller, lang, width, viewer=seat_viewer(seat))
    return ctx, build_seat_screen(ctx, on_leave=lambda: None)


# --------------------------------------------------------------------- the phone
@pytest.mark.parametrize("lang", LANGS)
def test_the_phone_shows_the_board_and_the_scanner(controller, lang):
    controller.new_game(_setup(), "t")
    controller.execute(GainContamination(seat=1, count=3))
    ctx, screen = _seat(controller, 1, lang)
    found = identifiers(screen)
    assert {scanner_ids.SEAT_BOARD, scanner_ids.SCANNER, scanner_ids.SCANNER_SCAN, scanner_ids.scanner_procedure("surgery")} <= found
    assert scanner_ids.SCANNER_RESULTS not in found
    texts = check_texts(screen)
    assert ctx.texts.t("ui.scanner.held", held=3) in texts
    # Hand scans ask how many cards are in hand: 0 to the 3 held.
    fire(_find(screen, scanner_ids.scanner_procedure("hand")).content.on_click)
    found = identifiers(build_seat_screen(ctx, on_leave=lambda: None))
    assert {scanner_ids.scanner_count(0), scanner_ids.scanner_count(3)} <= found and scanner_ids.scanner_count(4) not in found


def test_the_scan_button_waits_for_the_count_then_scans(controller):
    controller.new_game(_setup(), "t")
    controller.execute(GainContamination(seat=1, count=3))
    ctx, screen = _seat(controller, 1)
    assert ctx.session.check(ScanContamination(seat=1, procedure="hand")).key == "error.contamination.how_many"
    fire(_find(screen, scanner_ids.scanner_procedure("hand")).content.on_click)
    screen = build_seat_screen(ctx, on_leave=lambda: None)
    fire(_find(screen, scanner_ids.scanner_count(2)).content.on_click)
    ctx, screen = ctx, build_seat_screen(ctx, on_leave=lambda: None)
    scan = _find(screen, scanner_ids.SCANNER_SCAN).content
    assert not scan.disabled
    controller.execute(ScanContamination(seat=1, procedure="hand", in_hand=2), seat_viewer(1))
    screen = build_seat_screen(ctx, on_leave=lambda: None)
    assert {scanner_ids.SCANNER_RESULTS, scanner_ids.scanner_card(1), scanner_ids.scanner_card(2)} <= identifiers(screen)
    assert scanner_ids.scanner_card(3) not in identifiers(screen)


def test_the_film_reveals_each_word_where_it_covers_the_field(controller):
    controller.new_game(_setup(), "t")
    controller.execute(GainContamination(seat=1, count=2))
    controller.execute(ScanContamination(seat=1, procedure="all"), seat_viewer(1))
    ctx, screen = _seat(controller, 1)
    rerenders = []
    ctx.rerender = lambda: rerenders.append(True)
    word = ctx.texts.t("contamination.word.infected")
    larva = ctx.texts.t("ui.scanner.outcome.larva_placed")

    def shown(identifier: str) -> str:
        """What the box says to the eye and to the accessibility tree ("" while closed)."""
        box = _find(build_seat_screen(ctx, on_leave=lambda: None), identifier).content
        hidden = box.opacity == 0
        assert hidden == box.content.exclude_semantics
        return "" if hidden else " ".join(strings(box))

    assert shown(scanner_ids.scanner_word(1)) == "" and shown(scanner_ids.SCANNER_OUTCOME) == ""
    # A film beside the field reads nothing: the film moves, and the page is not shown again.
    _drag(ctx, _find(screen, scanner_ids.scanner_card(1)), 300, 180)
    assert not rerenders and shown(scanner_ids.scanner_word(1)) == ""
    moved = [item for item in walk(_find(screen, scanner_ids.scanner_card(1)))
             if isinstance(item, ft.Container) and item.left is not None and item.clip_behavior is not None]
    assert moved and (moved[0].left, moved[0].top) == Geometry(card_width(ctx)).placed(300, 180)
    # Covering the field reads the card: its word opens, so the page is shown again.
    _drag(ctx, _find(screen, scanner_ids.scanner_card(1)), *_field_centre(ctx))
    assert rerenders and word in shown(scanner_ids.scanner_word(1))
    assert shown(scanner_ids.SCANNER_OUTCOME) == ""  # the second card is still unread
    _drag(ctx, _find(screen, scanner_ids.scanner_card(2)), *_field_centre(ctx))
    assert larva in shown(scanner_ids.SCANNER_OUTCOME) and word in shown(scanner_ids.scanner_word(2))
    # The film lies where it was dragged: centred on the coded field.
    film = [item for item in walk(_find(build_seat_screen(ctx, on_leave=lambda: None), scanner_ids.scanner_card(1)))
            if isinstance(item, ft.Container) and item.left is not None and item.clip_behavior is not None]
    assert film and Geometry(card_width(ctx)).coverage(film[0].left, film[0].top) > 0.55


def test_the_word_under_the_film_is_kept_out_of_the_accessibility_tree(controller):
    controller.new_game(_setup(), "t")
    controller.execute(GainContamination(seat=1))
    controller.execute(ScanContamination(seat=1, procedure="all"), seat_viewer(1))
    ctx, screen = _seat(controller, 1)
    card = _find(screen, scanner_ids.scanner_card(1))
    word = ctx.texts.t("contamination.word.infected")
    hidden = [item for item in walk(card) if isinstance(item, ft.Semantics) and item.exclude_semantics]
    assert hidden and word in strings(hidden[0])


def test_the_film_geometry_reads_only_when_it_covers_most_of_the_field():
    geometry = Geometry(340)
    fx, fy, fw, fh = geometry.field
    assert geometry.coverage(*geometry.start) == 0
    centred = geometry.placed(fx + fw / 2, fy + fh / 2)
    assert geometry.coverage(*centred) > 0.55
    # Kept on the card however far the pointer goes.
    assert geometry.placed(10_000, 10_000) == (340 - geometry.film_width, 190 - FILM_HEIGHT)


def test_another_phone_and_the_table_see_only_what_follows(controller):
    controller.new_game(_setup(), "t")
    controller.execute(GainContamination(seat=1, count=2))
    controller.execute(ScanContamination(seat=1, procedure="all"), seat_viewer(1))
    ctx2, other = _seat(controller, 2)
    assert scanner_ids.SCANNER_RESULTS not in identifiers(other)
    words = {ctx2.texts.t(f"contamination.word.{w}") for w in ("infected", "decoy_1", "decoy_2", "decoy_3")}
    assert not words & set(strings(other))
    # Both see the public consequence: a Larva on Ana's board, her two cards.
    assert ctx2.texts.t("ui.body.larva") in strings(other)
    table = make_context(controller, "pt-BR", 1280)
    panel = build_crew_panel(table.gate())
    shown = strings(panel)
    assert table.texts.t("ui.body.larva") in shown and table.texts.t("ui.body.cards", held=2) in shown
    assert not words & set(shown)
    assert {table_ids.crew_status(1), table_ids.crew_action("scanner", 1), table_ids.crew_action("board", 1)} <= identifiers(panel)


def test_without_the_digital_deck_the_phone_shows_the_board_only(controller):
    controller.new_game(_setup(digital=False), "t")
    controller.execute(InfestCharacter(seat=1))
    ctx, screen = _seat(controller, 1)
    found = identifiers(screen)
    assert scanner_ids.SEAT_BOARD in found and scanner_ids.SCANNER not in found
    table = make_context(controller, "tr", 1280)
    assert table_ids.crew_action("scanner", 1) not in identifiers(build_crew_panel(table.gate()))


# --------------------------------------------------------------------- the table's board dialog
def test_the_board_dialog_offers_what_the_engine_accepts(controller):
    controller.new_game(_setup(), "t")
    ctx = make_context(controller, "tr", 1280)
    dialog = open_board_dialog(ctx.gate(), ctx.game.member(1))
    check_texts(dialog.content)

    def enabled(action: str) -> bool:
        return button_enabled(_find(dialog.content, scanner_ids.body_action(action)))

    assert enabled("light") and enabled("serious") and enabled("infest") and enabled("gain")
    assert not enabled("dress_one") and not enabled("heal_light")


# --------------------------------------------------------------------- the shared device
def test_the_shared_device_hands_the_scanner_over_and_hides_it(controller, monkeypatch):
    controller.new_game(_setup(), "t")
    controller.execute(GainContamination(seat=2, count=2))
    ctx = make_context(controller, "pt-BR", 390)
    open_scanner_for(ctx, 2)
    give = render_purely(monkeypatch, controller, lambda: build_handover_screen(ctx))
    assert ids.HANDOVER_TAKE in identifiers(give) and scanner_ids.SCANNER not in identifiers(give)
    assert ctx.texts.t("ui.handover.give", name="Bora") in strings(give)
    fire(_find(give, ids.HANDOVER_TAKE).content.on_click)
    held = render_purely(monkeypatch, controller, lambda: build_handover_screen(ctx))
    assert {scanner_ids.SCANNER, scanner_ids.SEAT_BOARD} <= identifiers(held)
    # Nothing done yet: a way back, not "done: hide and hand back".
    assert ids.HANDOVER_DONE not in identifiers(held)
    assert ctx.texts.t("ui.common.cancel") in strings(held)
    controller.execute(ScanContamination(seat=2, procedure="all"), seat_viewer(2))
    held = build_handover_screen(ctx)
    assert {scanner_ids.scanner_card(2), ids.HANDOVER_DONE} <= identifiers(held)
    ctx.rerender = lambda: None
    assert _find(held, scanner_ids.scanner_word(1)).content.opacity == 0
    _drag(ctx, _find(held, scanner_ids.scanner_card(1)), *_field_centre(ctx))
    assert ctx.extras["scanner_film"].read == {0}
    result = _find(build_handover_screen(ctx), scanner_ids.scanner_word(1)).content
    assert result.opacity == 1 and ctx.texts.t("contamination.word.infected") in " ".join(strings(result))
    fire(_find(held, ids.HANDOVER_DONE).content.on_click)
    assert handoff_of(ctx).seat is None and "scanner_film" not in ctx.extras
    after = build_handover_screen(ctx)
    assert scanner_ids.SCANNER_RESULTS not in identifiers(after) and scanner_ids.handover_seat(2) in identifiers(after)


def test_the_table_view_never_holds_a_private_part(controller):
    controller.new_game(_setup(), "t")
    controller.execute(GainContamination(seat=1, count=2))
    controller.execute(ScanContamination(seat=1, procedure="all"), seat_viewer(1))
    assert controller.view(TABLE).private is None
    assert controller.view(seat_viewer(2)).private.contamination.scan is None
    assert controller.view(seat_viewer(1)).private.contamination.scan is not None


# --------------------------------------------------------------------- purity
@pytest.mark.parametrize("seat", (1, 2))
def test_the_seat_screen_renders_from_its_view_only(controller, monkeypatch, seat):
    controller.new_game(_setup(infected=5), "t")
    controller.execute(GainContamination(seat=1, count=3))
    controller.execute(ScanContamination(seat=1, procedure="hand", in_hand=2), seat_viewer(1))
    ctx = make_context(controller, "tr", 390, viewer=seat_viewer(seat))
    render_purely(monkeypatch, controller, lambda: build_seat_screen(ctx, on_leave=lambda: None))
    table = make_context(controller, "tr", 1280)
    render_purely(monkeypatch, controller, lambda: build_crew_panel(table.gate()))


# --------------------------------------------------------------------- setup
@pytest.mark.parametrize("lang", LANGS)
def test_setup_offers_the_digital_deck_and_an_unconfirmed_infected_count(controller, lang):
    ctx = make_context(controller, lang, 390)
    wizard = SetupWizard(ctx, set_language=lambda _lang: None)
    wizard.draft.digital_contamination = True  # the app's deck, chosen
    form = build_wizard(wizard)
    texts = check_texts(form)
    assert {scanner_ids.SETUP_CONTAMINATION, scanner_ids.SETUP_INFECTED, scanner_ids.SETUP_INFECTED_UP} <= identifiers(form)
    assert ctx.texts.t("common.unconfirmed") in texts
    assert str(ctx.session.rules.contamination.infected_count) in texts
    for player in wizard.draft.players:
        player["name"] = "A"
    fire(_find(form, scanner_ids.SETUP_INFECTED_UP).content.on_click)
    command = wizard._command()
    rules = ctx.session.rules.contamination
    assert command.digital_contamination and command.infected_count == rules.infected_count + 1
    wizard.draft.digital_contamination = False
    form = build_wizard(wizard)
    assert scanner_ids.SETUP_INFECTED not in identifiers(form)
    command = wizard._command()
    assert not command.digital_contamination and command.infected_count is None
