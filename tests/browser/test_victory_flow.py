"""End to end in Turkish: a seeded 3-player game with the app's Contingency tokens and its
Contamination deck ends with the Facility destroyed (Ayşe locked in the Isolation Room,
Barış reaching the Bunker by the table's button, Cem gone in CSS pod A), and the table
walks the whole Victory Check. Ayşe and Barış join on phones by typing their seat's code;
Barış (two Contamination cards and a Larva) makes his Contamination check, turns the 4
drawn cards in one tap and enters his objective in the same turn on his phone; Cem, with
no Contamination card and no Larva, is settled by the app and, without a phone, enters his
objective on the shared device handed to him once. Every tap from the start of the
Victory Check to its result is counted (announcements dismissed included): at most 20.
Screenshots at phone and desktop size: test-artifacts/screenshots/victory-*.png.

The game up to the last move is prepared through the store before the app starts (the
app resumes it); the seed is found with the engine so that the Active token spares both
survivors and Barış's draw comes out clean."""
from __future__ import annotations

from datetime import datetime, timedelta, timezone
from typing import Callable

import pytest

from companion.engine import GameSession
from companion.engine import commands as c
from companion.i18n.translator import Translator
from companion.rules import load_rules
from companion.store import GameStore
from companion.ui import ids

from .conftest import CHROMIUM, running_app
from .flutter_page import DESKTOP, PHONE, FlutterPage, join_with_code
from companion.ui.phone import ids as phone_ids
from companion.ui.table import ids as table_ids
from companion.ui.victory import ids as victory_ids

pytestmark = pytest.mark.browser

TR = Translator("tr")
RULES = load_rules()
NAMES = (("Ayşe", "hacker"), ("Barış", "janitor"), ("Cem", "lab_rat"))
# The Action cards Barış says he has (the app never assumes a count).
ACTION_CARDS = 10
# From the start of the Victory Check to its result, on every device together.
TAP_BUDGET = 20


class Taps:
    """Every tap a player makes on any device while counting is on."""

    def __init__(self) -> None:
        self.counting = False
        self.made: list[str] = []


TAPS = Taps()


class CountedPage(FlutterPage):
    def tap(self, identifier: str, timeout: float = 30) -> None:
        if TAPS.counting:
            TAPS.made.append(identifier)
        super().tap(identifier, timeout)


def _setup(seed: int) -> c.NewGame:
    # Started an hour and a half ago, so the result shows how long the game lasted.
    started = datetime.now(timezone.utc).replace(microsecond=0) - timedelta(minutes=95)
    return c.NewGame(players=tuple(c.PlayerSetup(name=name, character=character) for name, character in NAMES),
                     seed=seed, contingency_tokens=True, digital_contamination=True, started_at=started)


def _prepared(seed: int) -> GameSession:
    """Up to the last move: Barış holds 2 Contamination cards and a Larva, Cem gone in pod
    A at 10, Ayşe locked in at 08, the Main Gate open and the self-destruct started; Barış
    is the last one in the Facility."""
    game = GameSession.start(_setup(seed), RULES)
    game.execute(c.GainContamination(seat=2, count=2))
    game.execute(c.SetLarva(seat=2, larva=True))
    for _ in range(5):
        game.execute(c.AdvanceTime())
    game.execute(c.EnterPod(seat=3, pod="A"))
    game.execute(c.CssLaunch(face="A"))
    for _ in range(2):
        game.execute(c.AdvanceTime())
    game.execute(c.LockIn(seat=1))
    game.execute(c.OpenMainGate())
    game.execute(c.StartSelfDestruct())
    return game


def _rehearsal_fits(seed: int) -> bool:
    """The same taps, played by the engine: both survivors outlive the Active token and
    Barış's draw holds no Contamination card."""
    game = _prepared(seed)
    for command in (c.EscapeToBunker(seat=2), c.StartVictoryCheck(), c.ConfirmRoster(), c.RevealActiveContingency()):
        game.execute(command)
    if game.state.victory.contingency_deaths:
        return False
    game.execute(c.StartContaminationChecks())
    if not game.state.victory.contamination_of(3).certain:
        return False
    game.execute(c.DrawContamination(seat=2, action_cards=ACTION_CARDS))
    return game.state.victory.contamination_of(2).dies is False and game.state.victory.reason.value == \
        "facility_destroyed"


def _seed() -> int:
    return next(seed for seed in range(1, 500) if _rehearsal_fits(seed))


@pytest.fixture
def prepared_app(tmp_path):
    """The app on a data folder holding the prepared game; the table's address."""
    if not CHROMIUM.exists():
        from tests.support.requirements import skip_or_fail

        skip_or_fail("Debian's chromium is not installed", required_by="REQUIRE_BROWSER")
    data_dir = tmp_path / "victory-games"
    game = _prepared(_seed())
    with GameStore(data_dir, rules=RULES) as store:
        store.create(game, "Zafer Kontrolü")
    with running_app(data_dir, tmp_path / "victory-app.log") as table:
        yield table


OPENED: list[FlutterPage] = []


def _page(browser, viewport: dict) -> FlutterPage:
    page = CountedPage(browser.new_context(viewport=viewport, locale="tr-TR").new_page())
    OPENED.append(page)
    return page


@pytest.fixture
def keep_failures(request, screenshots):
    """On failure, the last frame of every page this test opened, for a human to look at."""
    OPENED.clear()
    yield
    report = getattr(request.node, "rep_call", None)
    for index, page in enumerate(OPENED):
        if report is not None and report.failed:
            try:
                page.page.screenshot(path=str(screenshots / f"failure-victory-{index}.png"))
            except Exception:  # noqa: BLE001 - a closed page has no last frame
                pass
        page.page.context.close()
    OPENED.clear()


def _join(browser, table: FlutterPage, base: str, seat: int, previous: str = "") -> tuple[FlutterPage, str]:
    """Seat `seat`'s phone joins by typing the code the table shows; the phone and the code."""
    table.tap(table_ids.players_seat(seat))
    code = ""

    def fresh_code() -> bool:
        nonlocal code
        # A control off screen has no text in the accessibility tree: bring the code into view.
        table.scroll_into_view(table_ids.PLAYERS_CODE)
        code = "".join(ch for ch in table.text_of(table_ids.PLAYERS_CODE) if ch.isalnum())[-6:]
        return len(code) == 6 and code != previous

    # Until the table has redrawn, the previous seat's code is still on screen.
    table.wait_until(fresh_code, f"seat {seat}'s join code", timeout=20)
    phone = _page(browser, PHONE)
    phone.open(base)
    phone.wait_for_id(phone_ids.JOIN_CODE)
    join_with_code(phone, code)
    return phone, code


def _settle(app: FlutterPage, identifier: str, timeout: float = 30) -> list[str]:
    """Wait for `identifier`, dismissing the table's announcements on the way."""
    return app.wait_past_announcements(lambda: app.has(identifier), f"control {identifier!r}", timeout=timeout)


def _retried(app: FlutterPage, identifier: str, happened: Callable[[float], list[str] | None]) -> list[str]:
    """Tap, and tap again if the page was rebuilding and nothing happened (the test's own
    retry: counted once, as the player's one tap). `happened(timeout)` waits for what the
    tap does and fails if it does not come; what it returns is returned."""
    for attempt in range(3):
        if attempt == 0:
            app.tap(identifier)
        else:
            FlutterPage.tap(app, identifier)
        try:
            return happened(10 if attempt < 2 else 30) or []
        except AssertionError:
            if attempt == 2:
                raise
    return []


def _tap(app: FlutterPage, identifier: str, then: str) -> list[str]:
    """Tap until `then` shows and stays still (a new part may be scrolled into view just
    after it shows); the announcements dismissed on the way."""
    def shown(timeout: float) -> list[str]:
        seen = _settle(app, then, timeout=timeout)
        app.wait_still(then)
        return seen

    return _retried(app, identifier, shown)


def _choose(app: FlutterPage, chip: str) -> None:
    """Tap a chip until it shows as chosen."""
    _retried(app, chip, lambda timeout: app.wait_chosen(chip, timeout))


def _confirm(app: FlutterPage, then: str) -> list[str]:
    app.wait_for_id(ids.CONFIRM_OK)
    app.tap(ids.CONFIRM_OK)
    return _settle(app, then)


def _shots(app: FlutterPage, screenshots, name: str) -> None:
    """The table at desktop size, then at phone size, from the top of the screen."""
    app.scroll_top()
    app.screenshot(screenshots / f"victory-{name}-tr-desktop.png")
    app.page.set_viewport_size(PHONE)
    app.pause(600)  # the page lays itself out again (a picture, never a check)
    app.scroll_top()
    app.screenshot(screenshots / f"victory-{name}-tr-phone.png")
    app.page.set_viewport_size(DESKTOP)
    app.pause(600)


def test_the_whole_victory_check_with_two_phones_and_the_shared_device(browser, prepared_app, screenshots,
                                                                      keep_failures):
    base = prepared_app.split("/table", 1)[0] + "/"
    table = _page(browser, DESKTOP)
    table.open(prepared_app)
    _settle(table, table_ids.PLAYERS_JOIN, timeout=60)

    # Ayşe and Barış join by typing their codes; Cem has no phone.
    table.tap(table_ids.PLAYERS_JOIN)
    table.wait_for_id(table_ids.PLAYERS_CODE)
    ayse, ayse_code = _join(browser, table, base, 1)
    baris, _ = _join(browser, table, base, 2, previous=ayse_code)
    table.tap(table_ids.PLAYERS_BACK)
    _settle(table, table_ids.crew_phone(2))

    # Barış reaches the Bunker: nobody is left, the self-destruct destroys the Facility.
    table.tap(table_ids.crew_action("bunker", 2))
    said = _confirm(table, victory_ids.VICTORY_ENTRY)
    # The end panel says what destroyed the Facility; the last move's announcement does not
    # say it again.
    cause = TR.t("ui.end.cause", cause=TR.t("destruction_cause.self_destruct"))
    assert cause in table.text_of(table_ids.GAME_END), table.text_of(table_ids.GAME_END)
    assert not any(TR.t("announce.destroyed.self_destruct") in text for text in said), said
    _shots(table, screenshots, "end")

    # From here on every tap on every device counts.
    TAPS.counting, TAPS.made = True, []

    # Step 0: the tracker's roster, confirmed (no announcement to dismiss: the screen says it).
    _tap(table, victory_ids.VICTORY_ENTRY, victory_ids.VICTORY_CONFIRM_ROSTER)
    assert TR.t("end_reason.facility_destroyed") in table.text()
    assert TR.t("ui.victory.roster.dies") in table.text_of(victory_ids.victory_roster(1))
    _shots(table, screenshots, "roster")
    _tap(table, victory_ids.VICTORY_CONFIRM_ROSTER, victory_ids.VICTORY_REVEAL_ACTIVE)

    # Step 1: the Active token, revealed for good (no step back past it), shown on the screen.
    table.tap(victory_ids.VICTORY_REVEAL_ACTIVE)
    said = _confirm(table, victory_ids.VICTORY_TO_CONTAMINATION)
    assert said == []
    assert table.has(victory_ids.VICTORY_ACTIVE)
    _shots(table, screenshots, "contingency")
    _tap(table, victory_ids.VICTORY_TO_CONTAMINATION, victory_ids.victory_status(3))

    # Step 2: Cem holds no Contamination card and no Larva: settled by the app, no handover.
    table.wait_until(lambda: TR.t("ui.victory.contamination.certain") in table.text_of(victory_ids.victory_status(3)),
                     "Cem settled")
    assert not table.has(victory_ids.victory_handoff(3))

    # Barış on his phone: the count is his (none pre-set), the app scans and draws, the 4
    # cards turn in one tap, then his objective in the same turn.
    baris.wait_for_id(victory_ids.VICTORY_PRIVATE)
    assert not baris.has(victory_ids.victory_answer("larva", True))
    baris.tap(victory_ids.victory_count("action-cards", ACTION_CARDS))
    baris.wait_for_id(victory_ids.VICTORY_DRAW)
    baris.screenshot(screenshots / "victory-check-before-draw-tr-phone.png")
    baris.tap(victory_ids.VICTORY_DRAW)
    baris.wait_for_id(ids.CONFIRM_OK)
    baris.tap(ids.CONFIRM_OK)
    baris.wait_for_id(victory_ids.VICTORY_TURN_ALL)
    baris.screenshot(screenshots / "victory-check-cards-tr-phone.png")
    _tap(baris, victory_ids.VICTORY_TURN_ALL, victory_ids.VICTORY_CHECK_OUTCOME)
    assert TR.t("ui.victory.check.you_survive_draw") in baris.text_of(victory_ids.VICTORY_CHECK_OUTCOME)
    baris.screenshot(screenshots / "victory-check-outcome-tr-phone.png")
    _tap(baris, victory_ids.objective_kind("player_dies"), victory_ids.objective_player(1))
    _tap(baris, victory_ids.objective_player(1), victory_ids.VICTORY_OBJECTIVE_SAVED)
    baris.screenshot(screenshots / "victory-objective-tr-phone.png")
    # Ayşe's phone shows none of it; the table only that Barış is done.
    assert not ayse.has(victory_ids.VICTORY_PRIVATE)
    table.wait_until(lambda: TR.t("ui.victory.done") in table.text_of(victory_ids.victory_status(2)), "Barış done")
    assert TR.t("ui.victory.check.you_survive_draw") not in table.text()
    _shots(table, screenshots, "contamination")
    _tap(table, victory_ids.VICTORY_REVEAL_CONTAMINATION, victory_ids.VICTORY_REVEAL_OBJECTIVES)
    # Barış already entered his objective: the would-be result shows now that step 2 is revealed.
    baris.wait_until(lambda: TR.t("ui.victory.objective.would_meet") in baris.text_of(victory_ids.VICTORY_OBJECTIVE_SAVED),
                     "Barış's objective judged")

    # Step 3, Cem on the shared device, once: all rooms of S-01 and S-03 explored, which the app asks.
    _tap(table, victory_ids.victory_handoff(3), ids.VICTORY_HANDOFF_TAKE)
    table.screenshot(screenshots / "victory-handoff-tr-desktop.png")
    _tap(table, ids.VICTORY_HANDOFF_TAKE, victory_ids.objective_kind("sections_explored"))
    _tap(table, victory_ids.objective_kind("sections_explored"), victory_ids.objective_section(1, "S-01"))
    _choose(table, victory_ids.objective_section(1, "S-01"))
    _choose(table, victory_ids.objective_section(2, "S-03"))
    table.wait_for_id(victory_ids.victory_answer("objective", True))
    _tap(table, victory_ids.victory_answer("objective", True), victory_ids.VICTORY_OBJECTIVE_SAVED)
    table.screenshot(screenshots / "victory-objective-shared-tr-desktop.png")
    _tap(table, ids.VICTORY_HANDOFF_DONE, victory_ids.VICTORY_REVEAL_OBJECTIVES)
    _shots(table, screenshots, "objectives")

    # Step 4: the result, for everyone, with the summary and its QR code.
    _tap(table, victory_ids.VICTORY_REVEAL_OBJECTIVES, victory_ids.VICTORY_RESULT)
    TAPS.counting = False
    for seat, name, character in ((2, "Barış", "janitor"), (3, "Cem", "lab_rat")):
        who = TR.t("ui.common.player_character", name=name, character=TR.t(f"character.{character}"))
        assert TR.t("ui.victory.result.wins", who=who) in table.text_of(victory_ids.victory_verdict(seat))
    assert TR.t("death_cause.killed_at_end") in table.text_of(victory_ids.victory_verdict(1))
    assert table.has(victory_ids.VICTORY_QR) and table.has(victory_ids.VICTORY_SUMMARY)
    # 95 minutes before the app started, plus the minutes this test took.
    assert any(TR.t("ui.victory.length.clock", hours=1, minutes=35 + late) in table.text() for late in range(10))
    _shots(table, screenshots, "result")
    for phone, name in ((ayse, "ayse"), (baris, "baris")):
        phone.wait_text(TR.t("ui.victory.step.result"))
        phone.scroll_top()
        phone.screenshot(screenshots / f"victory-result-{name}-tr-phone.png")
    print(f"Victory Check taps: {len(TAPS.made)}: {TAPS.made}")
    assert len(TAPS.made) <= TAP_BUDGET, TAPS.made
