"""Today's page shell (companion/ui/shell.py) with the table and the bag screen kept alive
per page: a screen change shows one and hides the other, and builds nothing that was
built before. The bag screen is model B's (bag_kept.py) or model C's
(bag_components.py); the table is still today's (rebuilt and grafted), drawn only while
it is the screen shown.

The page's outline never changes after its first draw: the status strip's holder, then
the scrolling column holding one holder per kept screen. A holder is isolated: updating
the column sends the holders' visibility without walking the screens inside them.

Switches for measuring (class attributes): `keep_index` puts every control back into
Flet's index after an update (live_index); `targeted` updates only the controls `show`
changed (kept.Changes), else the whole screen shown."""
from __future__ import annotations

import flet as ft

from companion.ui.live_index import reindex
from companion.ui.routes import BAG, TABLE
from companion.ui.shell import PageApp
from companion.ui.table.view import build_table

from .bag_components import Shown, make_screen
from .bag_kept import KeptBagScreen, layout_of


@ft.control(isolated=True)
class ScreenHolder(ft.Container):
    """Holds one kept screen, shown or hidden. Isolated: an update of the column around
    it sends its visibility and never walks the screen inside (Flet re-renders a
    component it walks, and compares every control it passes)."""


class KeptScreensApp(PageApp):
    keep_index = True
    targeted = True

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.strip_holder = ft.Column([], spacing=0)
        # Per screen: its holder, and the column inside it where the screen sits.
        self.bodies = {TABLE: ft.Column([], spacing=0), BAG: ft.Column([], spacing=0)}
        self.holders = {name: ScreenHolder(content=body) for name, body in self.bodies.items()}
        self.kept_scroller = ft.Column(list(self.holders.values()), scroll=ft.ScrollMode.AUTO, expand=True,
                                       key="scroll-kept")
        self.kept_bag: KeptBagScreen | None = None
        # What the page was last sent: the status strip's panel and the screen shown.
        self.strip_sent: ft.Control | None = None
        self.shown_sent: str | None = None
        self.appbar_changed = False

    def _kept_here(self) -> bool:
        return self.ctx.viewer.is_table and self.ctx.in_game and self.screen in (TABLE, BAG)

    def render(self) -> None:
        if not self._kept_here():
            super().render()
            return
        self.render_pending = False
        self.ctx.width = self.page.width or self.ctx.width
        self.awake.keep_awake(True)
        title = self.texts.t("ui.app.title")
        page_changed = self.page.title != title or self.page.scroll is not None
        self.page.title, self.page.scroll = title, None
        undo_state = [button.disabled for button in self.undo_buttons]
        appbar = self.page.appbar
        self.page.appbar = self._kept_appbar(True)
        self.appbar_changed = self.page.appbar is not appbar or undo_state != [b.disabled for b in self.undo_buttons]
        shown = self.screen
        changed = self._show_bag() if shown == BAG else self._show_table()
        for name, holder in self.holders.items():
            holder.visible = name == shown
        self.scroller = self.kept_scroller
        self.strip_holder.controls = [self._status_strip()]
        banner = self._startup_banner()
        outline = [self.strip_holder, self.kept_scroller]
        controls = [banner, *outline] if banner is not None else outline
        new_outline = len(controls) != len(self.page.controls) or any(
            a is not b for a, b in zip(controls, self.page.controls))
        if new_outline:
            if self.kept_scroller not in self.page.controls:
                changed = []  # the screens go out whole with the outline
            self.page.controls = controls
        self._send(changed, whole_page=new_outline or page_changed)
        if self.first_paint:
            self.first_paint = False
            if shown == TABLE:
                self.request_render()  # the rest of the table, right after its first part
        self.questions.sync()

    def _send(self, changed: list[ft.Control], *, whole_page: bool) -> None:
        """`changed`: what changed inside the screen shown (its holder stops every other
        update at its edge). `whole_page`: the page's own properties or list changed."""
        page = self.page
        ft.context.mark_update_called()  # no automatic update after the tap's handler
        if whole_page:
            page.update()  # stops at each screen's holder
        else:
            # The app bar changes in place (undo and redo); the strip is today's kept panel.
            roots = [page.appbar] if self.appbar_changed else []
            if self.strip_holder.controls[0] is not self.strip_sent:
                roots.append(self.strip_holder)
            if self.shown_sent != self.screen:
                roots.append(self.kept_scroller)  # the holders' visibility, not what they hold
            changed = roots + changed
        self.strip_sent, self.shown_sent = self.strip_holder.controls[0], self.screen
        if changed:
            page.update(*changed)
        if self.keep_index:
            reindex(page)

    def _show_table(self) -> list[ft.Control]:
        body = build_table(self.ctx, first_paint=self.first_paint)
        body.key = "screen-table"
        self.bodies[TABLE].controls = [self._graft_shown(body)]
        return [self.bodies[TABLE]]  # today's model: the screen's own diff decides what changed

    def _show_bag(self) -> list[ft.Control]:
        body = self.bodies[BAG]
        if self.kept_bag is None or self.kept_bag.layout != layout_of(self.ctx):
            self.kept_bag = KeptBagScreen(self.ctx)
            body.controls = [self.kept_bag.root]
            self.kept_bag.show()  # nothing of it is on the page yet: it goes out whole
            return [body]
        changed = self.kept_bag.show()
        return changed if self.targeted else [body]


class ComponentsApp(KeptScreensApp):
    """The same shell with model C's bag screen: a component the page re-renders by
    bumping an observable; Flet renders it on the page's loop (its update scheduler)."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.shown = Shown()
        self.components_screen: ft.Control | None = None

    def _show_bag(self) -> list[ft.Control]:
        if self.components_screen is None:
            self.page.session.start_updates_scheduler()
            self.components_screen = make_screen(self.shown, self.ctx)
            self.bodies[BAG].controls = [self.components_screen]
            return [self.bodies[BAG]]
        self.shown.version += 1
        return []
