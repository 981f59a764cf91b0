"""Step 10 of the runner, kept (kit.kept): the bag develops on entering the step (a
physical bag asks what came out), then what came out of the bag.

The Intruder bag screen's kept parts do the rest: its large token view, its encounter
form (a Noise roll may bring an encounter, drawn right here) and its draw button (which
the runner pins at the window's bottom edge, with the way on), and its question prompter,
which the shell opens on every screen while the bag waits for an answer (the Queen in the
Nest, the Adults retreating). So the runner never sends the table elsewhere and nothing is
asked twice. A new token comes into view at the top of the step.
"""
from __future__ import annotations

import flet as ft

from companion.engine.commands import EventDevelopBag
from companion.engine.views import DrawPurpose, DrawResult
from companion.engine.views import PublicView

from .. import theme
from ..bag.form import DrawButton, EncounterForm
from ..bag.token_card import Reveal
from ..kit.kept import PHONE, KeptScreen
from ..kit.shown_last import ShownLast
from .draft import RUNNER
from .parts import Note
from .steps import RoundEnd
from companion.ui.events import ids as events_ids


def encounters_may_follow(game: PublicView) -> bool:
    """The development drew a token that makes the Characters roll for Noise (or such a
    roll already brought an encounter): more encounters may come in this step."""
    draw = game.bag.last_draw
    if draw is None or game.bag.awaiting is not None:
        return False
    if draw.purpose is DrawPurpose.DEVELOPMENT:
        return draw.result is DrawResult.NOISE_ROLL
    return draw.purpose is DrawPurpose.ENCOUNTER


# The token's place in the runner's scrolling body: a new token is brought into view. (A
# scroll key, not a control key: nothing ever compares this control with another.)
TOKEN_KEY = "event-token"


class DevelopmentStep:
    """Step 10's body: before the development, what it does; after it, the token that came
    out, any question the bag asks, the encounter form after a Noise roll, and step 11's
    reminders. `develop`, the form's draw button and a Surprise Attack's Resolve go to the
    runner's footer."""

    def __init__(self, screen: KeptScreen) -> None:
        self.screen = screen
        changes = screen.changes
        self.help = theme.muted("", size=14)
        self.reveal = Reveal(screen, large=screen.layout != PHONE, back_to=RUNNER, resolve_apart=True)
        self.question = Note(changes)
        self.noise = Note(changes)
        self.form = EncounterForm(screen, draw_apart=True)
        self.ahead = RoundEnd(screen, ahead=True)
        self.develop = DrawButton(changes, events_ids.EVENT_DEVELOP_BAG, icon=ft.Icons.AUTORENEW, tone="warning",
                                  gate_of=screen.gate, page_of=screen.page,
                                  outcome_title=lambda: screen.ctx.texts.t("ui.events.bag.report_title"))
        self.reveal_frame = ft.Container(self.reveal.root, key=ft.ScrollKey(TOKEN_KEY))
        self.root = ft.Column([self.help, self.reveal_frame, self.question.root, self.noise.root, self.form.root,
                               self.ahead.root], spacing=10)
        self.shown_draw = ShownLast()  # the token shown last: a new one is brought into view

    @property
    def draw_button(self) -> DrawButton:
        return self.form.draw

    def show(self) -> bool:
        """Show the step; whether a new token came out since the last show."""
        ctx, put = self.screen.ctx, self.screen.changes.put
        t, game = ctx.texts.t, ctx.game
        phase = game.event_phase
        assert phase is not None
        developed = phase.developed
        physical = game.bag.physical_bag
        put(self.help, visible=not developed)
        label = t("ui.events.bag.report" if physical else "ui.events.bag.develop")
        self.develop.show_draw(ctx.action(EventDevelopBag), label, visible=not developed)
        if not developed:
            put(self.help, value=t("ui.events.bag.physical_help" if physical else "ui.events.bag.digital_help"))
        put(self.reveal_frame, visible=developed)
        if developed:
            self.reveal.show()
        else:
            self.reveal.hide_resolve()
        asked = developed and game.bag.awaiting is not None
        self.question.show(t("ui.events.bag.question_open"), icon=ft.Icons.HELP_OUTLINE, visible=asked)
        encounters = developed and encounters_may_follow(game) and not game.is_over
        self.noise.show(t("ui.events.bag.noise_encounter"), icon=ft.Icons.HEARING, visible=encounters)
        put(self.form.root, visible=encounters)
        if encounters:
            self.form.show()
        else:
            put(self.form.draw.root, visible=False)
        ahead = developed and game.bag.awaiting is None
        put(self.ahead.root, visible=ahead)
        if ahead:
            self.ahead.show()
        return self.shown_draw.is_new(game.bag.last_draw if developed else None)
