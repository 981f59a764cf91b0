"""Time track commands: advance time (asking first, in the panel itself), self-destruct,
alert, CSS launch. Kept (kit.kept)."""
from __future__ import annotations

import flet as ft

from companion.vocab import CssFace
from companion.engine.commands import AdvanceTime, CssLaunch, StartSelfDestruct, StopSelfDestruct, TriggerAlert

from .. import ids, theme
from ..dialogs import choose, show_message
from ..kit.gate import CommandGate
from ..kit.kept import ActionButton, Card, KeptScreen, OfferButton
from companion.ui.table import ids as table_ids

# While this page asks whether to advance Time: whether the advance would end the game.
CONFIRMING_ADVANCE = "confirming-advance-time"


def _css_launch_dialog(gate: CommandGate) -> None:
    """The table reveals the CSS token under Time; the app records the face, never draws it."""
    ctx = gate.ctx
    texts = ctx.texts
    faces = [(face, action) for face in CssFace if (action := ctx.action(CssLaunch, face=face)) is not None]

    def chosen(face: str) -> None:
        action = ctx.action(CssLaunch, face=CssFace(face))
        if action is None:
            show_message(ctx.page, texts.t("error.action_gone"))
            return
        gate.run_action(action, {}, title=texts.t("ui.css.face_chosen", face=texts.t(f"css_face.{face}")))

    choose(ctx.page, texts, title=texts.t("ui.css.launch"), body=texts.t("ui.css.launch_help"),
           options=[(face.value, texts.t(f"css_face.{face.value}")) for face, _action in faces], on_choice=chosen)


def confirming_advance(ctx) -> bool | None:
    """None while this page is not asking; else whether advancing would end the game."""
    return ctx.extras.get(CONFIRMING_ADVANCE)


class TrackActions:
    """Time moves at step 5 of the Event Phase; here only for an effect that says so, and
    the table is asked first, in this panel (no dialog over the board), Cancel first so a
    double tap never confirms."""

    def __init__(self, screen: KeptScreen) -> None:
        self.screen = screen
        changes, gate, page = screen.changes, screen.gate, screen.page
        self.advance = OfferButton(changes, table_ids.ADVANCE_TIME, icon=ft.Icons.SKIP_NEXT, gate_of=gate, page_of=page,
                                     on_tap=self._ask)
        self.css = OfferButton(changes, table_ids.CSS_LAUNCH, icon=ft.Icons.ROCKET_LAUNCH, gate_of=gate, page_of=page,
                                 tone="warning", on_tap=lambda: _css_launch_dialog(screen.gate()))
        self.start = OfferButton(changes, table_ids.START_SELF_DESTRUCT, icon=ft.Icons.DANGEROUS, gate_of=gate,
                                   page_of=page, tone="danger")
        self.stop = OfferButton(changes, table_ids.STOP_SELF_DESTRUCT, icon=ft.Icons.CANCEL, gate_of=gate, page_of=page)
        self.alert = OfferButton(changes, table_ids.TRIGGER_ALERT, icon=ft.Icons.NOTIFICATIONS_ACTIVE, gate_of=gate,
                                   page_of=page, tone="danger")
        self.buttons = ft.Row([self.advance.root, self.css.root, self.start.root, self.stop.root, self.alert.root],
                              wrap=True, spacing=8, run_spacing=8)
        # The question, near where the tap was, so a phone shows it without scrolling.
        self.question_title = ft.Text("", size=17, weight=ft.FontWeight.BOLD)
        self.cancel = ActionButton(changes, ids.CONFIRM_CANCEL, page_of=page, on_tap=lambda: self._answered(False))
        self.confirm = ActionButton(changes, ids.CONFIRM_OK, page_of=page, tone="primary",
                                    on_tap=lambda: self._answered(True))
        self.question_text = ft.Text("", size=15)
        self.question = ft.Container(
            content=ft.Column([self.question_title, ft.Row([self.cancel.root, self.confirm.root], wrap=True,
                                                           spacing=12),
                               self.question_text], spacing=8, tight=True),
            bgcolor=theme.SURFACE_HIGH, border=ft.Border.all(2, theme.YELLOW), border_radius=theme.RADIUS, padding=12,
            visible=False)
        self.card = Card(changes, ft.Column([self.buttons, self.question], spacing=8, tight=True), help_of=screen.help)
        self.root = self.card.root

    # -- taps ------------------------------------------------------------------------
    def _ask(self) -> None:
        """The first tap only asks; whether the advance would end the game is worked out
        now, for this one command."""
        ctx = self.screen.ctx
        action = ctx.action(AdvanceTime)
        if action is None or not action.allowed:
            return
        ctx.extras[CONFIRMING_ADVANCE] = ctx.session.game_ending(action.command()) is not None
        ctx.rerender()

    def _answered(self, advance: bool) -> None:
        ctx = self.screen.ctx
        if ctx.extras.pop(CONFIRMING_ADVANCE, None) is None:
            return  # a second tap on an answer already given
        action = ctx.action(AdvanceTime)
        if advance and action is not None:
            self.screen.gate().execute(action.command())
        ctx.rerender()

    # -- what it shows ---------------------------------------------------------------
    def show(self) -> None:
        ctx, put = self.screen.ctx, self.screen.changes.put
        t, state = ctx.texts.t, ctx.game
        self.card.show(t("ui.actions.title"), topic="self_destruct", help_tip=t("ui.rules.help"))
        ends = confirming_advance(ctx)
        advance = ctx.action(AdvanceTime)
        if ends is not None and (advance is None or not advance.allowed):
            # Time cannot advance any more (the Event Phase began meanwhile): the question lapses.
            ctx.extras.pop(CONFIRMING_ADVANCE, None)
            ends = None
        asking = ends is not None
        put(self.buttons, visible=not asking)
        put(self.question, visible=asking)
        if asking:
            put(self.question_title, value=t("ui.actions.advance_time"))
            self.cancel.show(t("ui.common.cancel"), refused=None)
            self.confirm.show(t("ui.common.confirm"), refused=None, tone="danger" if ends else "primary")
            question = advance.confirm if advance is not None else "advance_time"
            lines = [t(f"ui.confirm.{question}")] + ([t("ui.confirm.ends_game")] if ends else [])
            put(self.question_text, value="\n\n".join(lines))
            return
        self.advance.show_action(advance, t("ui.actions.advance_time"))
        # CSS launch is only offered while a CSS token under the Time token is still hidden.
        self.css.show_action(ctx.action(CssLaunch, face=CssFace.NONE), t("ui.css.launch"),
                             visible=state.css_launch_pending)
        self.start.show_action(ctx.action(StartSelfDestruct), t("ui.actions.start_self_destruct"),
                               visible=state.self_destruct is None)
        self.stop.show_action(ctx.action(StopSelfDestruct), t("ui.actions.stop_self_destruct"),
                              visible=state.self_destruct is not None)
        self.alert.show_action(ctx.action(TriggerAlert), t("ui.actions.trigger_alert"))
