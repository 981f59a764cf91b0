"""The Event Phase screens on a 360×640 phone: at every runner step the way on (Continue,
a step's answers, the development draw, an armed attack's Resolve) and the attack and
injury forms' Resolve sit in the footer pinned at the window's bottom edge, outside the
part that scrolls; no option's label is longer than a chip's line holds (its first line
does not wrap: a longer one would be cut with no ellipsis); every dialog of these screens
scrolls inside the window."""
from __future__ import annotations

import flet as ft
import pytest

from companion.engine.bag.model import Awaiting, TokenOutcome
from companion.engine.commands import DevelopBag, PlaceFire, StartEventPhase
from companion.engine.phase.model import EventStep
from companion.ui import theme
from companion.ui.announcements import Announcer
from companion.ui.bag.questions import QuestionPrompter
from companion.ui.bag.screen import BagScreen
from companion.ui.events.attack import AttackScreen
from companion.ui.events.injury import InjuryScreen
from companion.ui.events.runner import RunnerScreen
from companion.ui.kit.kept import Chip
from tests.support.deck_helpers import next_runner_command

from .test_ui_bag import _quiet_dialogs, _setup
from .test_ui_events import _new, _to_css_space
from .ui_tree import make_context, make_controller, walk
from companion.ui.bag import ids as bag_ids
from companion.ui.events import ids as events_ids

WIDTH, HEIGHT = 360, 640
# The runner's ways on: one of them is the main action of every step.
WAYS_ON = {events_ids.EVENT_CONTINUE, events_ids.EVENT_NEST_FIRE_YES, events_ids.EVENT_DEVELOP_BAG, events_ids.EVENT_ATTACK_RESOLVE}
# One line of a chip at 360 px: the window less the page's and a card's padding, the chip's
# padding and its icon, at about 8.6 px a bold 15 px letter.
CHIP_LETTERS = int((WIDTH - 2 * theme.PAGE_PADDING - 2 * 16 - 24 - 24) / 8.6)
# Above a game screen: the app bar (56), the page's padding above and below, the busy bar
# and the page's gap under it, the gap between the status strip and the screens and the
# strip itself at three rows of chips (86).
STRIP_GUESS = 86
ROOM_ABOVE = 56 + 2 * theme.PAGE_PADDING + theme.BUSY_BAR_HEIGHT + 2 * theme.PAGE_SPACING + STRIP_GUESS


def _small(controller, lang: str = "pt-BR"):
    ctx = make_context(controller, lang, WIDTH)
    ctx.page.height = HEIGHT
    return ctx


def _identifiers(control) -> set[str]:
    return {item.identifier for item in walk(control) if isinstance(item, ft.Semantics) and item.identifier}


def _shown(screen):
    screen.show()
    return screen


def _assert_pinned(screen, actions: set[str]) -> None:
    pinned = screen.pinned
    assert pinned.root.expand and pinned.root.height is None  # all the room the frame leaves it
    assert pinned.body.scroll == ft.ScrollMode.AUTO and pinned.body.expand
    in_footer = _identifiers(pinned.footer) & actions
    assert in_footer, f"none of {actions} at the bottom edge"
    assert not _identifiers(pinned.body) & actions


def _chip_labels(screen) -> list[str]:
    labels = []
    for value in vars(screen).values():
        labels += _labels_in(value, set())
    return labels


def _labels_in(part, seen: set[int]) -> list[str]:
    """The first lines of every shown Chip held by a screen's parts."""
    if id(part) in seen or isinstance(part, (str, int, float, ft.Control)) or part is None:
        return []
    seen.add(id(part))
    if isinstance(part, Chip):
        return [part.text.value] if part.root.visible is not False and part.text.value else []
    items = part.values() if isinstance(part, dict) else part if isinstance(part, (list, tuple)) else (
        vars(part).values() if hasattr(part, "__dict__") and type(part).__module__.startswith("companion.ui") else ())
    found = []
    for item in items:
        found += _labels_in(item, seen)
    return found


@pytest.mark.parametrize("lang", ["pt-BR", "tr"])
def test_every_runner_step_keeps_its_way_on_at_the_bottom_edge(tmp_path, lang):
    controller = make_controller(tmp_path)
    _new(controller)
    _to_css_space(controller)
    controller.execute(PlaceFire())  # step 8 asks its questions
    ctx = _small(controller, lang)
    controller.execute(StartEventPhase())
    seen = set()
    labels: list[str] = []
    while controller.state.event_phase is not None:
        screen = _shown(RunnerScreen(ctx))
        _assert_pinned(screen, WAYS_ON)
        labels += _chip_labels(screen)
        seen.add(controller.state.event_phase.step)
        controller.execute(next_runner_command(controller.state, controller.rules))
    assert len(seen) >= 6
    too_long = sorted({label for label in labels if len(label) > CHIP_LETTERS})
    assert too_long == []


@pytest.mark.parametrize("lang", ["pt-BR", "tr"])
def test_the_attack_and_injury_forms_keep_resolve_at_the_bottom_edge(tmp_path, lang):
    controller = make_controller(tmp_path)
    _new(controller)
    ctx = _small(controller, lang)
    attack = _shown(AttackScreen(ctx))
    _assert_pinned(attack, {events_ids.ATTACK_RESOLVE})
    injury = _shown(InjuryScreen(ctx))
    _assert_pinned(injury, {events_ids.INJURY_RESOLVE})
    labels = _chip_labels(attack) + _chip_labels(injury) + _chip_labels(_shown(BagScreen(ctx)))
    assert labels and sorted({label for label in labels if len(label) > CHIP_LETTERS}) == []


def test_a_page_of_unknown_height_is_one_plain_column(tmp_path):
    controller = make_controller(tmp_path)
    _new(controller)
    ctx = make_context(controller, "tr", WIDTH)
    ctx.page.height = None
    screen = _shown(AttackScreen(ctx))
    assert screen.pinned.root.height is None and screen.pinned.body.scroll is None


def test_the_dialogs_scroll_inside_a_small_phone(tmp_path):
    controller = make_controller(tmp_path)
    controller.new_game(_setup(physical=True), "t")
    ctx = _small(controller)
    _quiet_dialogs(ctx.page)
    prompter = QuestionPrompter(ctx, Announcer(ctx.page, ctx.texts))
    controller.execute(DevelopBag(outcome=TokenOutcome(kind="queen")))
    assert controller.state.bag.awaiting is Awaiting.QUEEN_IN_NEST
    prompter.sync()
    from companion.ui.events.deck_screen import EVENT_DECK, show_card

    show_card(ctx, EVENT_DECK, controller.rules.event_cards[0].id)
    dialogs = ctx.page.dialogs[-2:]
    assert len(dialogs) == 2
    for dialog in dialogs:
        assert dialog.scrollable
        width = dialog.content.width
        # Inside the window and its dialog margins (a wider content would be squeezed).
        assert width is not None and width <= WIDTH - 2 * 8 - 2 * 10


def test_an_event_card_whose_effect_asks_a_tap_is_scrolled_to_once(tmp_path):
    from companion.engine.commands import DrawEventCard
    from companion.ui.events.steps import EFFECTS_KEY

    from .test_ui_events import _drive_to

    controller = make_controller(tmp_path)
    _new(controller)
    _to_css_space(controller)
    ctx = _small(controller)
    scrolled: list = []
    ctx.page.run_task = lambda _handler, **kwargs: scrolled.append(kwargs.get("scroll_key"))
    controller.execute(StartEventPhase())
    _drive_to(controller, EventStep.EVENT_CARD)
    if controller.state.event_phase.event_card is not None:
        controller.undo()  # drawn on entering the step: draw Power Surge instead
    card = next(spec.id for spec in controller.rules.event_cards if spec.card == "power_surge")
    controller.execute(DrawEventCard(card=card))
    screen = RunnerScreen(ctx)
    screen.show()
    assert scrolled.count(EFFECTS_KEY) == 1
    screen.show()  # the same card again: the table may have scrolled away, it is left there
    assert scrolled.count(EFFECTS_KEY) == 1


@pytest.mark.parametrize("height", [640, 844])
def test_the_bag_screen_keeps_its_draw_at_the_bottom_edge_with_the_drawn_token_beside_it(tmp_path, height):
    """The drawn token shows in the draw's own answer, in one line above the draw at the
    bottom edge: nothing scrolls to it, so no second message follows the answer."""
    from companion.engine.bag.model import Place
    from companion.engine.commands import RecordDeath, ResolveEncounter
    from companion.ui.kit.kinds import kind_name

    controller = make_controller(tmp_path)
    _new(controller)
    ctx = _small(controller)
    ctx.page.height = height
    asked: list = []
    ctx.page.run_task = lambda handler, *args, **kwargs: asked.append(handler)
    screen = _shown(BagScreen(ctx))
    pinned = screen.pinned
    assert pinned.root.expand and pinned.body.scroll == ft.ScrollMode.AUTO
    assert bag_ids.DRAW_ENCOUNTER in _identifiers(pinned.footer)
    assert bag_ids.DRAW_ENCOUNTER not in _identifiers(pinned.body)
    line = screen.reveal.line
    assert line.root in pinned.footer.content.controls and line.root.visible is False  # nothing drawn yet
    controller.execute(ResolveEncounter(seat=1, place=Place.S01, hand=0))
    screen.show()
    draw = controller.state.bag.last_draw
    assert bag_ids.DRAW_LINE in _identifiers(pinned.footer)
    assert bag_ids.DRAW_LINE not in _identifiers(pinned.body)
    assert line.kind.value == kind_name(ctx.texts, draw.kind)
    assert line.number.value == str(draw.applied)
    assert asked == []  # no scroll, no later message: the token is in the answer
    # With no card in hand the intruder attacks: its Resolve joins the draw at the bottom edge.
    assert draw.surprise_attack
    assert line.verdict.value == ctx.texts.upper(ctx.texts.t("ui.bag.surprise.yes"))
    assert bag_ids.SURPRISE_ATTACK_RESOLVE in _identifiers(pinned.footer)
    assert bag_ids.SURPRISE_ATTACK_RESOLVE not in _identifiers(pinned.body)
    controller.execute(DevelopBag())  # the development's token takes the line
    screen.show()
    developed = controller.state.bag.last_draw
    assert line.kind.value == kind_name(ctx.texts, developed.kind) and line.verdict.value
    assert asked == []
    assert bag_ids.SURPRISE_ATTACK_RESOLVE not in _identifiers(pinned.footer)  # no encounter, no attack
    for seat in (1, 2, 3):  # the game ends: nothing more is drawn, and no draw waits at the edge
        controller.execute(RecordDeath(seat=seat))
    screen.show()
    assert pinned.footer.visible is False


def _rows(controls) -> int:
    """How many rows shown controls take in a grid of 12 columns."""
    rows, used = 0, 12
    for control in controls:
        if control.visible is False:
            continue
        col = control.col if isinstance(control.col, int) else 12
        if used + col > 12:
            rows, used = rows + 1, 0
        used += col
    return rows


@pytest.mark.parametrize("lang", ["pt-BR", "tr"])
def test_step_10s_draw_and_way_on_share_a_row_so_its_scrolling_part_keeps_its_room(tmp_path, lang):
    from companion.engine.bag.model import DrawResult
    from companion.engine.commands import EventDevelopBag

    from .test_ui_events import _drive_to

    controller = make_controller(tmp_path)
    controller.new_game(_setup(physical=True, players=3), "t")
    controller.execute(StartEventPhase())
    _drive_to(controller, EventStep.DEVELOPMENT)
    screen = _shown(RunnerScreen(_small(controller, lang)))
    _assert_pinned(screen, {events_ids.EVENT_CONTINUE})

    def one_row_of_buttons(draw: str) -> None:
        buttons = [item for item in screen.pinned.footer.content.controls if isinstance(item, ft.Semantics)
                   and item.visible is not False and item.identifier != events_ids.EVENT_BLOCKED]
        assert {item.identifier for item in buttons} == {draw, events_ids.EVENT_CONTINUE}
        assert _rows(buttons) == 1  # the scrolling part keeps a row's height (56 px) more

    one_row_of_buttons(events_ids.EVENT_DEVELOP_BAG)  # before the development: its button and the way on
    token = next(token for token in controller.state.bag.bag if token.startswith("adult"))
    controller.execute(EventDevelopBag(outcome=TokenOutcome(token=token)))
    assert controller.state.bag.last_draw.result is DrawResult.NOISE_ROLL
    screen.show()
    one_row_of_buttons(bag_ids.DRAW_ENCOUNTER)  # a Noise roll may bring an encounter: its draw and the way on


# A wide guess at a regular letter's width, in ems (Roboto's widest lower-case letters
# but m and w stay under it).
LETTER_EM = 0.6


def _caption_fits(box) -> bool:
    """Whether a token number's caption shows whole in its box: beside its icon it has one
    line; alone it may wrap between words."""
    caption, frame = box.caption, box.root
    inner = frame.width - frame.padding.left - frame.padding.right
    letter = LETTER_EM * caption.size
    beside = [row for row in walk(frame) if isinstance(row, ft.Row) and caption in row.controls]
    if beside:
        return len(caption.value) * letter <= inner - box.icon.size - beside[0].spacing
    return max(len(word) for word in caption.value.split()) * letter <= inner


@pytest.mark.parametrize("lang", ["pt-BR", "tr"])
def test_a_revealed_tokens_number_captions_show_whole_on_a_small_phone(tmp_path, lang):
    from companion.engine.bag.model import Place
    from companion.engine.commands import ResolveEncounter

    controller = make_controller(tmp_path)
    _new(controller)
    controller.execute(ResolveEncounter(seat=1, place=Place.S01, hand=0))
    assert controller.state.bag.last_draw.light is not None  # a token with its two numbers
    face = _shown(BagScreen(_small(controller, lang))).reveal.face
    captions = [face.light.caption.value, face.dark.caption.value]
    assert all(captions) and all(_caption_fits(box) for box in (face.light, face.dark)), captions


@pytest.mark.parametrize("lang", ["pt-BR", "tr"])
def test_step_8s_injury_check_resolves_from_the_bottom_edge_and_its_result_comes_into_view(tmp_path, lang):
    from companion.engine.commands import InjuryCheck, ResolveAttack
    from companion.engine.bag.model import Place
    from companion.ui.events.draft import draft_of
    from companion.ui.events.fight_steps import ATTACK_RESULT_KEY, INJURY_RESULT_KEY

    from .test_ui_events import _drive_to

    controller = make_controller(tmp_path)
    _new(controller)
    _to_css_space(controller)
    controller.execute(PlaceFire())
    ctx = _small(controller, lang)
    scrolled: list = []
    ctx.page.run_task = lambda _handler, **kwargs: scrolled.append(kwargs.get("scroll_key"))
    controller.execute(StartEventPhase())
    _drive_to(controller, EventStep.ATTACKS)
    screen = _shown(RunnerScreen(ctx))
    # Step 7: an attack resolved (here by its command) is brought into view, once.
    controller.execute(ResolveAttack(attacker="adult", seat=1, place=Place.S01, target="standard"))
    screen.show()
    screen.show()
    assert scrolled.count(ATTACK_RESULT_KEY) == 1
    _drive_to(controller, EventStep.FIRE)
    screen.show()
    footer, body = _identifiers(screen.pinned.footer), _identifiers(screen.pinned.body)
    assert events_ids.INJURY_RESOLVE not in footer | body  # nothing to resolve before an intruder is chosen
    assert {events_ids.EVENT_NEST_FIRE_YES, events_ids.EVENT_NEST_FIRE_NO} <= footer
    draft_of(ctx).injured = "adult"
    screen.show()
    footer, body = _identifiers(screen.pinned.footer), _identifiers(screen.pinned.body)
    assert events_ids.INJURY_RESOLVE in footer and events_ids.INJURY_RESOLVE not in body
    assert {events_ids.EVENT_NEST_FIRE_YES, events_ids.EVENT_NEST_FIRE_NO} <= footer
    controller.execute(InjuryCheck(intruder="adult", injuries=1))
    screen.show()
    screen.show()
    assert scrolled.count(INJURY_RESULT_KEY) == 1
    # Past step 8 its Resolve leaves the footer, whatever the form still holds.
    draft_of(ctx).injured = "adult"
    _drive_to(controller, EventStep.EVENT_CARD)
    screen.show()
    assert events_ids.INJURY_RESOLVE not in _identifiers(screen.pinned.footer)


def test_a_taller_status_strip_leaves_a_pinned_screen_less_room(tmp_path):
    """A long step's name takes a row of its own on a small phone: the runner fills what the
    page leaves under the strip, in a holder that does not scroll, so its footer stays at
    the bottom edge instead of under it, whatever the strip's height."""
    from companion.ui.events import RUNNER

    from .flet_session import table_page

    with table_page(tmp_path, _setup(players=3)) as (controller, app, wire):
        app.page.width, app.page.height = WIDTH, HEIGHT
        app._on_resize(None)
        controller.execute(StartEventPhase())
        app.ctx.navigate(RUNNER)
        runner = app.frame.host.kept_screen(RUNNER)
        assert isinstance(runner, RunnerScreen)
        holder = app.frame.host.shown_body()
        assert runner.pinned.root.expand and runner.pinned.root.height is None
        assert holder.expand and holder.scroll is None and holder.controls == [runner.pinned.root]
        assert app.frame.host.column.expand and app.page.scroll is None
        app.page.height = 480  # a phone on its side: one column, scrolled by its holder
        app._on_resize(None)
        assert not runner.pinned.root.expand and holder.scroll == ft.ScrollMode.AUTO


def test_the_room_above_a_pinned_screen_is_what_the_page_puts_above_it(tmp_path):
    """What stands above a game screen is ROOM_ABOVE tall (what the tests reckon a screen
    has left on a small phone): every control the page stands above its screens (the busy
    bar once went in unnoticed) must be counted, so it is the page's own outline, measured."""
    from companion.engine import NewGame, PlayerSetup
    from companion.ui import theme

    from .flet_session import table_page

    setup = NewGame(players=(PlayerSetup(name="Ana", character="hacker"), PlayerSetup(name="Bia", character="janitor")))
    with table_page(tmp_path, setup) as (_controller, app, _wire):
        page = app.page
        outline = list(page.controls)
        strip_at = next(index for index, control in enumerate(outline) if control is app.frame_sent.strip_holder)
        assert outline[strip_at + 1] is app.frame_sent.host.column, "the screens come right under the strip"
        above = [control.content if isinstance(control, ft.Semantics) else control for control in outline[:strip_at]]
        assert all(control.height is not None for control in above), "a control of unknown height above"
        fixed_above = sum(control.height for control in above)
        gaps = strip_at + 1  # between each control above and the next, and under the strip
        bar = page.appbar.toolbar_height or 56
        assert page.padding == theme.PAGE_PADDING and page.spacing == theme.PAGE_SPACING
        assert ROOM_ABOVE - STRIP_GUESS == bar + 2 * page.padding + fixed_above + gaps * page.spacing
