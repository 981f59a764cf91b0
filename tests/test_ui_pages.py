"""Pages share one controller: each refreshes on changes, announces, and lets go when closed."""
from __future__ import annotations

from companion.engine import NewGame, PlayerSetup
from companion.engine.commands import AdvanceTime
from companion.ui import ids
from companion.ui.announcements import Announcer
from tests.support.screens import build_home
from companion.ui.i18n_view import Texts
from companion.ui.shell import PageApp

from .flet_session import live_page, run_now
from .ui_tree import FakePage, identifiers, make_context, make_controller, page_app, strings
from companion.ui.table import ids as table_ids


class LivePage(FakePage):
    """A fake page that runs scheduled refreshes at once and counts updates."""

    def __init__(self, width: float = 390) -> None:
        super().__init__(width=width, height=844)
        self.updates = 0
        self.controls = []

    def update(self, *controls) -> None:
        self.updates += 1

    def run_task(self, handler, *args):
        run_now(handler, *args)


def _setup() -> NewGame:
    return NewGame(players=(PlayerSetup(name="A", character="hacker"),
                            PlayerSetup(name="B", character="janitor")), seed=1)


def _patch_dialog_updates(page: LivePage) -> None:
    original = page.show_dialog

    def show(dialog):
        dialog.update = lambda: None
        original(dialog)

    page.show_dialog = show


def test_two_pages_follow_one_controller(tmp_path):
    controller = make_controller(tmp_path)
    pages = [LivePage(390), LivePage(1280)]
    apps = []
    for page in pages:
        _patch_dialog_updates(page)
        app = page_app(page, controller, language="tr", startup_errors=[])
        app.start()
        apps.append(app)
    controller.new_game(_setup(), "t")
    for page in pages:
        assert table_ids.ADVANCE_TIME in identifiers(page.controls[-1])
    controller.execute(AdvanceTime())  # 14: a red threshold takes power away -> announced
    for page in pages:
        assert any(ids.ANNOUNCEMENT in identifiers(d.content) for d in page.dialogs)
    # A closed tab stops listening; the other one keeps working.
    pages[0].on_disconnect(None)
    before = pages[0].updates
    controller.execute(AdvanceTime())
    assert pages[0].updates == before
    assert pages[1].updates > before - 1


def test_language_switch_rerenders(tmp_path):
    controller = make_controller(tmp_path)
    page = LivePage()
    app = page_app(page, controller, language="tr", startup_errors=[])
    app.start()
    assert Texts("tr").t("ui.home.new_game") in strings(page.controls[-1])
    app.set_language("pt-BR")
    assert Texts("pt-BR").t("ui.home.new_game") in strings(page.controls[-1])


def test_startup_errors_banner_is_dismissible(tmp_path):
    controller = make_controller(tmp_path)
    page = LivePage()
    app = page_app(page, controller, language="tr", startup_errors=["bozuk kayıt"])
    app.start()
    assert ids.STARTUP_ERRORS in identifiers(page.controls[0])
    app.startup_errors = []
    app.render()
    assert all(ids.STARTUP_ERRORS not in identifiers(c) for c in page.controls)


def test_unreadable_save_is_listed_with_its_error_and_untouched(tmp_path):
    controller = make_controller(tmp_path)
    games = tmp_path / "games"
    games.mkdir(exist_ok=True)
    broken = games / "broken.sqlite3"
    broken.write_bytes(b"not a database at all")
    ctx = make_context(controller, "pt-BR", 390)
    shown = strings(build_home(ctx))
    [summary] = controller.list_games()
    assert summary.error_key is not None
    assert ctx.texts.t(summary.error_key, file=broken.name) in shown
    assert broken.read_bytes() == b"not a database at all"


def test_announcer_collects_while_open_and_relabels():
    page = FakePage(width=390)
    texts = Texts("tr")
    announcer = Announcer(page, texts)
    from companion.engine import Event

    announcer.announce([Event.of(1, "announce.isolation_open", announce=True),
                        Event.of(1, "log.time_advanced", {"slot": 8})])
    assert len(page.dialogs) == 1 and len(announcer.entries) == 1
    page.dialogs[0].update = lambda: None
    announcer.announce([Event.of(2, "announce.first_encounter", announce=True)])
    assert len(page.dialogs) == 1 and len(announcer.entries) == 2
    texts.switch("pt-BR")
    announcer.relabel()
    assert Texts("pt-BR").t("announce.isolation_open") in strings(page.dialogs[0])


class QueuedPage:
    """A real page (a Flet session without a browser) whose scheduled tasks wait until the
    test runs them, as on the event loop; `shown` holds what the page showed after each
    update (kept screens send only what changed, so only a real page sees them)."""

    def __init__(self, width: float = 390) -> None:
        self.page, self.wire = live_page(width)
        self.queued = []
        self.shown: list[set[str]] = []
        update = self.page.update

        def updated(*controls) -> None:
            update(*controls)
            found: set[str] = set()
            for control in self.page.controls:
                found |= identifiers(control)
            self.shown.append(found)

        object.__setattr__(self.page, "update", updated)
        object.__setattr__(self.page, "run_task", lambda handler, *args: self.queued.append((handler, args)))

    def run_queued(self) -> None:
        while self.queued:
            handler, args = self.queued.pop(0)
            run_now(handler, *args)


def test_a_page_opening_on_the_table_sends_the_time_track_first_then_the_rest(tmp_path):
    controller = make_controller(tmp_path)
    controller.new_game(_setup(), "t")
    page = QueuedPage(390)
    app = page_app(page.page, controller, language="pt-BR", startup_errors=[])
    app.start()
    first = page.shown[-1]
    assert {table_ids.TIME_TRACK, table_ids.ADVANCE_TIME} <= first
    assert ids.LOG not in first and table_ids.FIRE_COUNT not in first
    page.run_queued()
    whole = page.shown[-1]
    assert {table_ids.TIME_TRACK, table_ids.ADVANCE_TIME, ids.LOG, table_ids.FIRE_COUNT} <= whole
    # Only the opening is split: a change afterwards is drawn once, on the whole screen.
    renders = _renders(app)
    controller.execute(AdvanceTime())
    page.run_queued()
    assert len(renders) == 1 and ids.LOG in page.shown[-1]


def _renders(app) -> list[int]:
    """One entry for each time the page draws from here on."""
    drawn: list[int] = []
    render = app.render

    def counted() -> None:
        drawn.append(1)
        render()

    app.render = counted
    return drawn


def _opened_on_a_queued_page(tmp_path):
    """A game on the table of a page whose loop runs only when the test says so."""
    controller = make_controller(tmp_path)
    controller.new_game(_setup(), "t")
    page = QueuedPage(390)
    app = page_app(page.page, controller, language="pt-BR", startup_errors=[])
    app.start()
    page.run_queued()
    return controller, page, app


def test_changes_that_wait_for_the_page_are_drawn_once_and_each_is_announced(tmp_path):
    controller, page, app = _opened_on_a_queued_page(tmp_path)
    announced = []
    app.announcer.announce = lambda events, shown: announced.append([event.seq for event in events])
    renders = _renders(app)
    # One tap of the runner may send several commands before the page's loop runs.
    for _ in range(3):
        controller.execute(AdvanceTime())
    page.run_queued()
    assert len(renders) == 1
    assert [seqs[0] for seqs in announced] == sorted(seqs[0] for seqs in announced) and len(announced) == 3
    assert app.ctx.feed.version == controller.version


def test_asking_to_redraw_twice_before_the_loop_runs_draws_once(tmp_path):
    controller, page, app = _opened_on_a_queued_page(tmp_path)
    renders = _renders(app)
    app.ctx.rerender()
    app.ctx.rerender()
    page.run_queued()
    assert len(renders) == 1
