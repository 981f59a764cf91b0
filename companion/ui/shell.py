"""One browser tab / window: who looks through it, app bar, navigation, and refreshing
when the shared game changes.

The desktop window is the table. A web page is the table only with the host key in its
address, a seat with that seat's secret, and otherwise shows the join screen: it renders
only what its viewer's feed holds.
It is one piece because it owns one page's life (who looks, the app bar, navigation,
refreshing) and those steps share the page's state.
"""
from __future__ import annotations

import asyncio
import logging
import threading
from typing import Callable, Iterator, Sequence

import flet as ft

from companion.hosting.code_attempts import CodeAttempt, CodeOutcome
from companion.engine.views import NOTICE_FAMILY
from companion.i18n.catalog import usable_languages
from companion.seats.page_door import PageDoor
from companion.seats.page_session import Feed, PageSession

from companion.hosting.flet_patches import watch_lost_taps

from . import ids, theme
from .announcements import Announcer
from .bag.questions import QuestionPrompter
from .busy import BusyBar, in_turn
from .context import UiContext
from .dialogs import show_message
from .i18n_view import Texts
from .kit.kept import Changes
from .kit.parts import bring_into_view
from .on_screen import shown_on_screen
from .routes import (GAME_SCREENS, HOME, LANG_PARAM, PLAYERS, RULES, SETUP, TABLE, device_language, language_in,
                     route_of, screen_of)
from .rules_screen import open_rules
from .screen_host import Route, ScreenHost
from .screens import JOIN, PHONE_ROUTES, SEAT, TABLE_ROUTES
from .setup_wizard import SetupWizard
from .status_strip import StatusStrip
from .wakelock import ScreenAwake

log = logging.getLogger(__name__)

_DONE = object()  # what a finished generator gives `next`

FLUTTER_LOCALES = {"pt-BR": ft.Locale("pt", "BR"), "tr": ft.Locale("tr", "TR")}


def _render_follows() -> None:
    """Tell Flet that the event being handled needs no update of its own: a render of the
    whole page is on its way (without this, Flet diffs the page once more after the tap)."""
    ft.context.mark_update_called()


async def _call(work: Callable[[], None]) -> None:
    work()


class PageApp:
    # Each screen by its route name (screens.py): the table's pages, and the phones'.
    table_routes: dict[str, Route] = TABLE_ROUTES
    phone_routes: dict[str, Route] = PHONE_ROUTES

    def __init__(self, page: ft.Page, door: PageDoor, *, language: str, startup_errors: Sequence[str]) -> None:
        """`door`: this page's way in (companion.seats.page_door): the session its address proves."""
        self.page = page
        self.door = door
        self.notice: str | None = None
        # Where the rules screen's back button leads.
        self.back_from_rules = HOME
        self.unsub_seating = None
        # A language chosen on this page rides in its address, so a reload or a reconnect
        # keeps it; otherwise the device's own language is adopted once it is known.
        chosen = language_in(getattr(page, "route", None))
        self.language_chosen = chosen is not None
        self.texts = Texts(chosen or language)
        self.startup_errors = list(startup_errors)
        # A route name (routes.py): "home" or "setup" while no game is open; in a game
        # "table" (the default), "bag" or an Event Phase screen.
        self.screen = screen_of(getattr(page, "route", None)) or HOME
        self.wizard: SetupWizard | None = None
        # The page's outline and the screens it holds (_Frame); made on the first render.
        self.frame: _Frame | None = None
        self.frame_sent: _Frame | None = None  # the frame the page was last sent whole with
        self.announcer = Announcer(page, self.texts)
        self.awake = ScreenAwake(page)
        self.unsubscribe = None
        # A page's first screen, when it is the table, goes out in two parts: the Time track
        # and its actions at once, the other panels right after (render).
        self.first_paint = True
        # A render asked for by a tap that waits on the page's loop (request_render).
        self.render_pending = False
        # The app bar and what it was built from (_kept_appbar).
        self.appbar: tuple[tuple, ft.AppBar] | None = None
        self.undo_buttons: list[ft.IconButton] = []
        self.appbar_sized: tuple[ft.Text, ft.Text] | None = None  # the bar's title, the language's name
        # What the shell itself changed on the page (the undo buttons, the status strip).
        self.changes = Changes()
        # The thin bar that says a tap was taken while its answer is on its way (busy.py).
        self.busy = BusyBar(page)
        self.busy.answering = self.answer_first
        # The notice of the last undo (with its Redo), until the next change or Redo.
        self.undo_notice: ft.SnackBar | None = None
        # The startup banner and the language it speaks.
        self.banner: tuple[str, ft.Control] | None = None
        # Feeds the game sent, not yet shown (_on_feed).
        self.feeds_lock = threading.Lock()
        self.feeds_waiting: list[Feed] = []
        self.ctx = UiContext(page=page, session=door.session, texts=self.texts,
                             navigate=self.navigate, rerender=self.request_render, width=page.width or 1280,
                             extras={"languages": usable_languages()})  # a broken locale is left out
        self._hosting_extras()
        # The bag's open questions (Queen in the Nest, Adults retreat) wait behind announcements.
        self.questions = QuestionPrompter(self.ctx, self.announcer)
        self.announcer.on_dismiss = self.questions.sync
        self.announcer.on_help = lambda topic: open_rules(self.ctx, topic)

    # -- lifecycle ---------------------------------------------------------------
    def start(self) -> None:
        theme.apply(self.page)
        self.page.scroll = ft.ScrollMode.AUTO
        self.page.on_resize = self._on_resize
        self.page.on_route_change = self._on_route_change
        self.page.on_connect = lambda _e: self._subscribe(refresh=True)
        self.page.on_disconnect = lambda _e: self._unsubscribe()
        self.page.on_close = lambda _e: self._closed()
        self._flutter_language()
        # A tap that arrives after a redraw took its control away is told, not dropped.
        watch_lost_taps(self.page, self._tap_lost)
        self._subscribe(refresh=False)
        self._take_seat()
        if not self.language_chosen and hasattr(self.page, "get_device_info"):
            self.page.run_task(self._adopt_device_language)
        # The table sees which seats hold a phone.
        self.unsub_seating = self.door.follow_seating(self._on_seating)
        self.render()

    # -- who looks ---------------------------------------------------------------
    def _hosting_extras(self) -> None:
        """The seats' passes and the phones' server, for the table's own screens only."""
        hosting = self.door.hosting()
        self.ctx.extras["seating"], self.ctx.extras["phone_access"] = hosting if hosting is not None else (None, None)

    def _page_address(self) -> str:
        session = getattr(self.page, "session", None)
        return str(getattr(self.page, "client_ip", None) or getattr(session, "id", None) or id(self.page))

    def _take_seat(self) -> None:
        self.door.take_seat(on_drop=self._dropped)

    def _dropped(self) -> None:
        """The seat's pass was re-issued (or phones were turned off): back to the join screen."""
        def go() -> None:
            self.notice = self.texts.t("ui.phone.dropped")
            self._become(self.door.leave())

        self._on_loop(go)

    def _become(self, session: PageSession) -> None:
        self._unsubscribe()
        self.ctx.session = session
        self.ctx.feed = None
        self._hosting_extras()
        self._subscribe(refresh=False)
        self._take_seat()
        self._sync_address()
        self.render()

    def join_with_code(self, typed: str) -> CodeAttempt | None:
        attempt = self.door.join_with_code(typed, self._page_address())
        if attempt is not None and attempt.outcome is CodeOutcome.ACCEPTED:
            self.notice = None
            self._become(self.door.session)
        return attempt

    def tell(self, text: str) -> None:
        """A message for the join screen, shown with the next draw."""
        self.notice = text
        self.request_render()

    def leave_seat(self) -> None:
        self.notice = None
        self._become(self.door.leave())

    def _on_seating(self) -> None:
        self.request_render()

    def _tap_lost(self) -> None:
        show_message(self.page, self.texts.t("ui.net.tap_lost"))

    def _flutter_language(self) -> None:
        """Flutter's own words (a dialog's and a field's screen-reader labels, its tooltips)
        in the page's language."""
        chosen = FLUTTER_LOCALES[self.texts.lang]
        self.page.locale_configuration = ft.LocaleConfiguration(
            supported_locales=list(FLUTTER_LOCALES.values()), current_locale=chosen)

    def _on_loop(self, action) -> None:
        async def run() -> None:
            action()

        try:
            self.page.run_task(run)
        except Exception as exc:  # noqa: BLE001 - a closed page must not break the others
            log.debug("page gone: %s", exc)

    def _closed(self) -> None:
        self._unsubscribe()
        if self.unsub_seating is not None:
            self.unsub_seating()
            self.unsub_seating = None
        self.door.close()

    def _subscribe(self, *, refresh: bool) -> None:
        if self.unsubscribe is None:
            self.unsubscribe = self.ctx.session.subscribe(self._on_feed)
        self.ctx.take(self.ctx.session.feed())
        if refresh:
            self.render()

    def _unsubscribe(self) -> None:
        if self.unsubscribe is not None:
            self.unsubscribe()
            self.unsubscribe = None

    def _on_feed(self, feed: Feed) -> None:
        """Called from whichever thread changed the game (maybe another
        page's). Feeds that arrive before the page's loop gets to them are shown together:
        one tap that sends several commands is drawn once, and every announcement is kept."""
        _render_follows()
        with self.feeds_lock:
            self.feeds_waiting.append(feed)
            if len(self.feeds_waiting) > 1:
                return  # a refresh is already on its way and will take this feed too
        try:
            self.page.run_task(self._refresh)
        except Exception as exc:  # noqa: BLE001 - a closed page must not break the other pages
            log.debug("page gone, unsubscribing: %s", exc)
            with self.feeds_lock:
                self.feeds_waiting.clear()  # a page that comes back takes its feed anew
            self._unsubscribe()

    async def _refresh(self) -> None:
        self._show_feeds()

    def answer_first(self, work: Callable[[], None]) -> None:
        """A tap's work, then this page's answer; the other viewers' pages hear of the
        change only after (seats.controller.TableController.others_after)."""
        with self.ctx.session.others_after(later=self._after_answer):
            try:
                work()
            finally:
                self.answer()

    def _after_answer(self, release: Callable[[], None]) -> None:
        """`release` on the loop's next turn: the connection sends the answer it queued
        first, so the answer's messages wait for no other viewer's view."""
        try:
            self.page.run_task(_call, release)
        except Exception as exc:  # noqa: BLE001 - a closed page: the others hear of it now
            log.debug("page gone, releasing at once: %s", exc)
            release()

    def answer(self) -> None:
        """A tap's work is done: its page draws what it brought now, in the tap's handler,
        before any other page redraws (its own queued refresh then finds nothing left)."""
        with self.feeds_lock:
            fed = bool(self.feeds_waiting)
        if fed:
            self._show_feeds()
        elif self.render_pending:
            self.render()

    def _show_feeds(self) -> None:
        with self.feeds_lock:
            feeds, self.feeds_waiting = self.feeds_waiting, []
        if not feeds:
            return  # drawn already, as its tap's answer
        taken = [feed for feed in feeds if self.ctx.take(feed)]
        if not taken:
            return  # newer feeds were already shown
        if any(feed.change != "undo" for feed in taken):
            self._close_undo_notice()  # what it offered to take back is past
        # Announcement first: when the board shows the new state, the table is already told why.
        if self.ctx.viewer.is_table:
            for feed in taken:
                self.announcer.announce(feed.events, shown_on_screen(self.screen, feed.view))
        self.render()

    # -- navigation and language -------------------------------------------------
    def navigate(self, screen: str) -> None:
        """Another screen: the busy bar first (the browser may take a moment to draw it).
        Asked by a tap's work, it shows at once; asked by a handler that is no generator, it
        is a tap of its own on the same path, driven here as Flet drives a generator handler."""
        def go() -> None:
            self._show(screen)
            self._sync_address()

        steps = in_turn(self.page, go)
        if next(steps, _DONE) is _DONE:
            return

        async def in_its_turn() -> None:
            await asyncio.sleep(0)  # the bar's message leaves first
            next(steps, None)  # the rest: the screen change

        self.page.run_task(in_its_turn)

    def _address(self) -> str:
        """This page's address: its screen, the credential that keeps its seat on a reload,
        and the language chosen here."""
        viewer = self.ctx.viewer
        query = [self.door.credential_query()]
        if self.language_chosen:
            query.append(f"{LANG_PARAM}={self.texts.lang}")
        tail = "&".join(part for part in query if part)
        if viewer.kind == "seat":
            path = f"/seat/{viewer.seat}"
        elif viewer.kind == "nobody":
            path = "/"
        else:
            path = route_of(self.screen)
        return path + (f"?{tail}" if tail else "")

    def _sync_address(self) -> None:
        """The address follows, so a reload or a link opens the same screen."""
        push = getattr(self.page, "push_route", None)
        if push is None:
            return
        try:
            self.page.run_task(push, self._address())
        except Exception as exc:  # noqa: BLE001 - the address is a nicety; the screen already changed
            log.debug("could not update the route: %s", exc)

    def _on_route_change(self, e) -> None:
        if not self.ctx.viewer.is_table:
            return  # a phone's screen follows its seat, not its address
        screen = screen_of(getattr(e, "route", None))
        if screen is not None and screen != self.screen:
            self._show(screen)

    def _show(self, screen: str) -> None:
        if screen != self.screen:
            self._close_undo_notice()  # it spoke of the screen left behind
        if screen == RULES and self.screen != RULES:
            self.back_from_rules = self.screen
        self.screen = screen
        if screen == SETUP and self.wizard is None:
            self.wizard = SetupWizard(self.ctx, self.set_language)
        if screen == HOME:
            self.wizard = None
        self.render()
        if screen in GAME_SCREENS:
            self._scroll_top()

    def scroll_top(self) -> None:
        """The shown screen back to its top (the table, when the game just ended: its end panel)."""
        self._scroll_top()

    def _scroll_top(self) -> None:
        """A new screen starts at its top, not where the last one was scrolled to."""
        frame = self.frame
        shown = frame.host.shown_body() if frame is not None and frame.kind == GAME else None
        bring_into_view(self.page, shown if shown is not None else self.page, duration=0)

    def set_language(self, lang: str) -> None:
        """The player's choice: this page only, remembered in its address."""
        self.language_chosen = True
        self._switch_language(lang)
        self._sync_address()

    def _switch_language(self, lang: str) -> None:
        self.texts.switch(lang)
        self._flutter_language()
        self.render()
        self.announcer.relabel()

    async def _adopt_device_language(self) -> None:
        """Start in the device's language (the browser's, or the system's for the window)
        when it is one of ours, unless this page already chose one."""
        try:
            info = await self.page.get_device_info()
        except Exception as exc:  # noqa: BLE001 - no device info: the default language stays
            log.debug("no device info: %s", exc)
            return
        preferred = device_language([getattr(loc, "language_code", "") for loc in getattr(info, "locales", [])],
                                    self.ctx.extras["languages"])
        if preferred is not None and not self.language_chosen and preferred != self.texts.lang:
            self._switch_language(preferred)

    def _on_resize(self, _e) -> None:
        # Columns and the time track's slot size both follow the exact width.
        self.render()

    # -- rendering ---------------------------------------------------------------
    def request_render(self) -> None:
        """Render on the page's loop, once however many asked: a tap that changes the game
        and a form together is drawn once, with the new feed, not first with the old one."""
        _render_follows()
        if self.render_pending:
            return
        self.render_pending = True
        self._on_loop(self._render_if_pending)

    def _render_if_pending(self) -> None:
        if self.render_pending:
            self.render()

    def render(self) -> None:
        """Show the page's current screen from its current view: build it on its first
        visit, else show it again (a kept screen) or rebuild it (a screen not kept yet);
        then send what changed, and only that (the whole page only when its outline did)."""
        self.render_pending = False
        self.ctx.width = self.page.width or self.ctx.width
        in_game = self.ctx.in_game
        self.awake.keep_awake(in_game)
        frame = self._frame(in_game)
        title = self.texts.t("ui.app.title")
        appbar = self._kept_appbar(in_game)
        page = self.page
        name, routes = self._route(in_game)
        scroll = frame.scroll(name)
        whole = (getattr(page, "title", None) != title or getattr(page, "appbar", None) is not appbar
                 or getattr(page, "scroll", None) != scroll or self.frame_sent is not frame)
        self.page.title, self.page.appbar, self.page.scroll = title, appbar, scroll
        changed = frame.host.show(name, routes[name], self.ctx, self)
        self._show_strip(frame, in_game and name != RULES and self.ctx.viewer.kind != "nobody")
        outline = [*self._banner(), self.busy.root, frame.strip_holder, frame.host.column]
        if len(outline) != len(self.page.controls) or any(a is not b for a, b in zip(outline, self.page.controls)):
            self.page.controls = outline
            whole = True
        if self.busy.shown:
            self.busy.hide(self.changes)  # with the answer, in the same update
        changed += self.changes.take()
        if self.frame_sent is not frame:
            changed = []  # a new outline: all of it goes out with the page
        self._send(changed, whole=whole)
        self.frame_sent = frame
        if self.first_paint:
            self.first_paint = False
            if name == TABLE:
                self.request_render()  # the rest of the table, right after its first part
        self.questions.sync()

    def _route(self, in_game: bool) -> tuple[str, dict[str, Route]]:
        """The screen to show now, by its route name, and the table it is found in."""
        viewer = self.ctx.viewer
        if not viewer.is_table:
            if self.screen == RULES:
                return RULES, self.phone_routes
            return (SEAT if viewer.kind == "seat" else JOIN), self.phone_routes
        if self.screen == PLAYERS and (not in_game or self.door.hosting() is None):
            self.screen = TABLE
        if not in_game and self.screen in GAME_SCREENS:
            self.screen = HOME
        if in_game and self.screen in (HOME, SETUP):
            self.screen = TABLE
        return self.screen, self.table_routes

    def _frame(self, in_game: bool) -> "_Frame":
        """The page's outline: a game's screens scroll under the status strip; any other
        page scrolls as a whole, but while the wizard shows (_Frame). Made anew when the page
        enters a game, leaves one or becomes someone else (its screens were built for that)."""
        viewer = self.ctx.viewer
        kind = GAME if viewer.is_table and in_game else PLAIN
        if self.frame is None or self.frame.kind != kind or self.frame.viewer != viewer:
            self.frame = _Frame(kind, viewer)
        return self.frame

    def _show_strip(self, frame: "_Frame", wanted: bool) -> None:
        """The status strip, on a game's screens (a phone's rules screen leaves it out)."""
        if frame.strip is None:
            if not wanted:
                return
            frame.strip = StatusStrip(self.ctx, self.changes)
            frame.strip.show()
            frame.strip_holder.controls = [frame.strip.root]
            self.changes.mark(frame.strip_holder)  # it goes out whole
            return
        self.changes.put(frame.strip.root, visible=wanted)
        if wanted:
            frame.strip.show()

    def _send(self, changed: list[ft.Control], *, whole: bool) -> None:
        """Update `changed` (or the whole page, when its outline or its own properties
        changed: the screens' holders stop that update at their edge). Always marks the
        event's update as done: else Flet would update the nearest isolated control around
        the tapped one after the handler, the whole screen."""
        ft.context.mark_update_called()
        if whole:
            self.page.update()
        if changed:
            self.page.update(*changed)

    def shown_screen(self) -> ft.Control | None:
        """The screen on the page now (its root), for tests and tools."""
        return self.frame.host.shown_screen() if self.frame is not None else None

    # -- hooks for the routes (screen_host.Shell) ------------------------------------
    def setup_wizard(self) -> SetupWizard:
        if self.wizard is None:
            self.wizard = SetupWizard(self.ctx, self.set_language)
        return self.wizard

    def leave_rules(self) -> None:
        self.navigate(self.back_from_rules if self.ctx.viewer.is_table else HOME)

    def _banner(self) -> list[ft.Control]:
        """The startup problems, until dismissed (built again only in another language)."""
        if not self.startup_errors or not self.ctx.viewer.is_table:
            return []
        if self.banner is None or self.banner[0] != self.texts.lang:
            self.banner = (self.texts.lang, self._startup_banner())
        return [self.banner[1]]

    def _startup_banner(self) -> ft.Control:
        def dismiss(_e) -> None:
            self.startup_errors = []
            self.render()

        return ids.tag(ids.STARTUP_ERRORS, ft.Container(
            content=ft.Row(
                [ft.Icon(ft.Icons.ERROR_OUTLINE, color=theme.ORANGE),
                 ft.Column([ft.Text(m, size=15) for m in self.startup_errors], expand=True, tight=True),
                 ft.IconButton(icon=ft.Icons.CLOSE, tooltip=self.texts.t("ui.common.dismiss"), on_click=dismiss)],
                vertical_alignment=ft.CrossAxisAlignment.START,
            ),
            bgcolor=theme.DANGER_BG, border_radius=theme.RADIUS, padding=theme.GAP,
        ))

    def _kept_appbar(self, in_game: bool) -> ft.AppBar:
        """The app bar built before while nothing on it changed: the same object, so Flet
        sends nothing for it, or only the undo and redo buttons' state."""
        key = (in_game, self.ctx.viewer, self.texts.lang, tuple(self.ctx.extras["languages"]))
        if self.appbar is None or self.appbar[0] != key:
            self.undo_buttons = []
            self.appbar = (key, self._appbar(in_game))
        # A turn of the phone changes the bar in place: an open language menu stays the
        # bar's own, so the choice tapped in it still reaches the page.
        phone = self.ctx.is_phone
        title, language_name = self.appbar_sized
        self.changes.put(title, value=self.texts.t("ui.app.short_title" if phone else "ui.app.title"),
                         size=18 if phone else 20)
        self.changes.put(language_name, visible=not phone)
        undo = self.ctx.feed.undo if self.ctx.feed is not None else None
        if self.undo_buttons:
            undo_button, redo_button = self.undo_buttons
            for button, possible in ((undo_button, undo is not None and undo.can_undo),
                                     (redo_button, undo is not None and undo.can_redo)):
                self.changes.put(button, disabled=not possible)
        return self.appbar[1]

    def _appbar(self, in_game: bool) -> ft.AppBar:
        """Undo and redo start disabled; _kept_appbar enables them."""
        t = self.texts.t
        actions: list[ft.Control] = []
        if in_game and self.ctx.viewer.is_table:
            undo_button = ft.IconButton(icon=ft.Icons.UNDO, tooltip=t("ui.common.undo"), disabled=True,
                                        on_click=self._undo_tapped)
            redo_button = ft.IconButton(icon=ft.Icons.REDO, tooltip=t("ui.common.redo"), disabled=True,
                                        on_click=self._redo_tapped)
            self.undo_buttons = [undo_button, redo_button]
            actions += [
                ids.tag(ids.UNDO, undo_button),
                ids.tag(ids.REDO, redo_button),
                ids.tag(ids.HOME, ft.IconButton(icon=ft.Icons.HOME, tooltip=t("ui.common.home"),
                                                on_click=lambda _e: self.ctx.attempt(
                                                    lambda: self.ctx.session.close()))),
            ]
        actions.append(ids.tag(ids.RULES_OPEN, ft.IconButton(icon=ft.Icons.MENU_BOOK, tooltip=t("ui.rules.open"),
                                                             on_click=lambda _e: open_rules(self.ctx))))
        # What depends on the width (the title, the language's name) _kept_appbar sets.
        language_name = ft.Text(self.texts.language_name(self.texts.lang))
        actions.append(self._language_menu(language_name))
        actions.append(ft.Container(width=8))  # keep the last action off the screen edge
        title_text = ft.Text("", weight=ft.FontWeight.BOLD, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS)
        self.appbar_sized = (title_text, language_name)
        return ft.AppBar(
            title=title_text,
            bgcolor=theme.SURFACE,
            actions=actions,
            center_title=False,
        )

    # Generator handlers: the busy bar goes out before the work (busy.in_turn).
    def _undo_tapped(self, _e) -> Iterator[None]:
        yield from in_turn(self.page, self._undo)

    def _redo_tapped(self, _e) -> Iterator[None]:
        yield from in_turn(self.page, lambda: self.ctx.attempt(lambda: self.ctx.session.redo()))

    def _undo(self) -> None:
        """Undo the newest change and say which it was, with a way to take the undo back."""
        # The step's own newest line, not what an earlier undo said on it.
        newest = [e for e in self.ctx.session.history(limit=8) if not e.key.startswith(NOTICE_FAMILY)][:1]
        if not self.ctx.attempt(lambda: self.ctx.session.undo()):
            return
        t = self.texts.t
        said = t("ui.common.undone", what=self.texts.entry(newest[0])) if newest else t("ui.common.undone_plain")
        self._close_undo_notice()
        # A notice with an action never times out while a screen reader (or the browser's
        # accessibility tree) is on: it goes with the next change, Redo, a screen change or
        # its own close button. Two lines at most: it sits over the bottom of the screen,
        # where a game screen keeps its main action (the undone line stays in the history).
        close = ids.tag(ids.UNDO_NOTICE_CLOSE, ft.IconButton(
            ft.Icons.CLOSE, icon_color=theme.TEXT, tooltip=t("ui.common.dismiss"),
            on_click=lambda _e: self._close_undo_notice()))
        text = ft.Text(said, color=theme.TEXT, size=15, max_lines=2, overflow=ft.TextOverflow.ELLIPSIS,
                       tooltip=said, expand=True)
        self.undo_notice = ft.SnackBar(
            content=ids.tag(ids.UNDO_NOTICE, ft.Row([text, close], spacing=4,
                                                   vertical_alignment=ft.CrossAxisAlignment.CENTER)),
            action=t("ui.common.redo"),
            on_action=lambda _e: self.ctx.attempt(lambda: self.ctx.session.redo()),
            bgcolor=theme.SURFACE_HIGH, duration=ft.Duration(milliseconds=6000),
        )
        self.page.show_dialog(self.undo_notice)

    def _close_undo_notice(self) -> None:
        notice, self.undo_notice = self.undo_notice, None
        if notice is None or not notice.open:
            return
        notice.open = False
        try:
            notice.update()
        except Exception as exc:  # noqa: BLE001 - a page gone meanwhile has nothing to close
            log.debug("undo notice not closed: %s", exc)

    def _language_menu(self, language_name: ft.Text) -> ft.Control:
        items = [
            ft.PopupMenuItem(
                content=ids.tag(ids.language_option(lang), ft.Text(self.texts.language_name(lang))),
                checked=lang == self.texts.lang,
                on_click=lambda _e, lang=lang: self.set_language(lang),
            )
            for lang in self.ctx.extras["languages"]
        ]
        label = ft.Row([ft.Icon(ft.Icons.TRANSLATE), language_name], spacing=6, tight=True)
        return ids.tag(ids.LANGUAGE, ft.PopupMenuButton(content=label, items=items,
                                                        tooltip=self.texts.t("ui.common.language")))


GAME, PLAIN = "game", "plain"


class _Frame:
    """The page's outline for one kind of page and viewer: the status strip's place, then
    the screens, each in its own holder (screen_host.ScreenHost). In a game the table's
    screens scroll under the strip; any other page scrolls as a whole, but while the
    new-game wizard shows: it fills the window as a game's screen does, its Start at the
    bottom edge (the same outline, so home and the wizard are built once each)."""

    def __init__(self, kind: str, viewer) -> None:
        self.kind = kind
        self.viewer = viewer
        self.strip_holder = ft.Column([], spacing=0)
        self.strip: StatusStrip | None = None
        column = ft.Column([], spacing=0, expand=True) if kind == GAME else ft.Column([], spacing=0)
        self.host = ScreenHost(column, scrolls=kind == GAME, fills=frozenset() if kind == GAME else frozenset({SETUP}))

    def scroll(self, name: str) -> ft.ScrollMode | None:
        """The page's own scroll while screen `name` shows."""
        return ft.ScrollMode.AUTO if self.host.page_scrolls(name) else None
