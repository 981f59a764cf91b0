"""The Event Phase runner, kept (kit.kept): steps 4 to 11 in order.

A stepper shows where the phase stands; the current step has its instruction and its
inputs, and its way on (one `event-continue`, enabled exactly when the engine accepts the
step's command now; at step 8 the Nest answers) stays at the window's bottom edge with
the step's other main action (step 7's Resolve, step 10's draws), however long the step
is (kit.pinned). A question the board already answers is not asked, and a step with
nothing to enter goes on in the same tap as the step before (flow.py): each of those
commands is sent on its own, so undo takes them back one at a time. Attacks and injury
checks are resolved inside steps 7 and 8. All of it is read from the page's view, so a
restarted app shows the same step.

Each step's body is built once and shown while it is the current step. Each step has its
own `event-continue` button: a second tap that arrives once the page shows the next step
reaches the old step's button, which the engine refuses (the phase moved on), so a double
tap never skips a step.
"""
from __future__ import annotations

from typing import Any

import flet as ft

from companion.engine.commands import ContinueEventPhase, EventFireDamage, ResolveAttack, StartEventPhase
from companion.engine.views import event_card
from companion.engine.views import EventStep
from companion.engine.views import EventPhaseView
from companion.rules_ref import event_card_topic

from .. import ids, theme
from ..context import UiContext
from ..help_topics import STEP_TOPICS
from ..dialogs import show_message
from ..kit.kept import PHONE, ActionButton, Card, KeptScreen, KeyedItems, OfferButton
from ..kit.parts import bring_into_view
from ..kit.pinned import Pinned
from .bag_step import TOKEN_KEY, DevelopmentStep
from .draft import DECKS, RUNNER, TABLE, draft_of, open_screen
from .fight_steps import (ATTACK_RESULT_KEY, INJURY_RESULT_KEY, AttacksStep, FireStep, armed_picks, asks_the_nest,
                          phase_start_seq)
from .flow import answers_first, continuing, go_on, nothing_burns
from .parts import Header, Note
from .steps import EFFECTS_KEY, CssStep, EventCardStep, NoiseStep, RoundEnd, TimeStep
from companion.ui.events import ids as events_ids

STEP_ICONS = {
    EventStep.CSS_LAUNCH: ft.Icons.ROCKET_LAUNCH,
    EventStep.TIME: ft.Icons.HOURGLASS_BOTTOM,
    EventStep.NOISE: ft.Icons.HEARING,
    EventStep.ATTACKS: ft.Icons.PEST_CONTROL,
    EventStep.FIRE: ft.Icons.LOCAL_FIRE_DEPARTMENT,
    EventStep.EVENT_CARD: ft.Icons.STYLE,
    EventStep.DEVELOPMENT: ft.Icons.AUTORENEW,
    EventStep.ROUND_END: ft.Icons.FLAG,
}
PHASE_LOG_MAX = 40

# The step bodies whose show may bring something the table must see first, by its scroll key.
SCROLL_KEYS = {EventStep.DEVELOPMENT: TOKEN_KEY, EventStep.EVENT_CARD: EFFECTS_KEY,
               EventStep.ATTACKS: ATTACK_RESULT_KEY, EventStep.FIRE: INJURY_RESULT_KEY}


def step_name(ctx: UiContext, step: EventStep) -> str:
    return ctx.texts.t(step.key)


def continue_label(ctx: UiContext, phase: EventPhaseView) -> str:
    t = ctx.texts.t
    step = phase.step
    if step is EventStep.EVENT_CARD and phase.event_card is not None:
        spec = event_card(ctx.session.rules, phase.event_card)
        return t("ui.events.continue.remove_card" if spec.removed_after_use else "ui.events.continue.discard_card")
    if step is EventStep.TIME:
        return t("ui.events.continue.time")
    if step in (EventStep.DEVELOPMENT, EventStep.ROUND_END):
        # Step 11 has nothing to enter: the tap that leaves step 10 closes the round.
        return t("ui.events.continue.finish")
    return t("ui.events.continue.next", name=step_name(ctx, EventStep(step + 1)))


# --------------------------------------------------------------------- the top
class Status:
    """What the steps change on the track, in words: the Time token's slot and side."""

    def __init__(self, screen: KeptScreen) -> None:
        self.screen = screen
        self.time = ft.Text("", size=14, color=theme.TEXT, weight=ft.FontWeight.BOLD)
        self.backup = ft.Text("", size=14, color=theme.TEXT, weight=ft.FontWeight.BOLD)
        self.backup_pill = self._pill(self.backup)
        self.root = ids.tag(events_ids.EVENT_STATUS, ft.Row([self._pill(self.time, theme.SURFACE_HIGH), self.backup_pill],
                                                     wrap=True, spacing=6, run_spacing=6))

    @staticmethod
    def _pill(text: ft.Text, bgcolor: str | None = None) -> ft.Container:
        return ft.Container(content=text, bgcolor=bgcolor, border_radius=20,
                            padding=ft.Padding.symmetric(horizontal=10, vertical=3))

    def show(self) -> None:
        ctx, put = self.screen.ctx, self.screen.changes.put
        t, game = ctx.texts.t, ctx.game
        put(self.time, value=t("ui.track.time", slot=game.time))
        put(self.backup, value=t("ui.track.backup_on") if game.time_active else t("ui.track.backup_off"))
        put(self.backup_pill, bgcolor=theme.BLUE_DARK if game.time_active else theme.RED_DARK)


class _StepChip:
    def __init__(self, screen: KeptScreen, step: EventStep, phone: bool) -> None:
        self.screen = screen
        self.step = step
        self.phone = phone
        self.number = ft.Text(str(int(step)), size=18 if phone else 15, weight=ft.FontWeight.BOLD)
        self.icon = ft.Icon(STEP_ICONS[step], size=16)
        self.name = ft.Text("", size=13)
        if phone:
            self.frame = ft.Container(content=self.number, width=38, height=38, border_radius=19,
                                      alignment=ft.Alignment.CENTER)
        else:
            self.frame = ft.Container(content=ft.Row([self.icon, self.number, self.name], spacing=5, tight=True),
                                      border_radius=18, padding=ft.Padding.symmetric(horizontal=10, vertical=6))
        self.root = ft.Semantics(identifier=events_ids.event_step(int(step)), selected=False, content=self.frame)

    def show(self, current: EventStep) -> None:
        ctx, put = self.screen.ctx, self.screen.changes.put
        now, done = self.step is current, self.step < current
        colour = theme.YELLOW if now else (theme.GREEN if done else theme.OUTLINE)
        name = step_name(ctx, self.step)
        put(self.root, selected=now, label=ctx.texts.t("ui.events.step_label", step=int(self.step), name=name))
        put(self.number, color=theme.TEXT if (now or done) else theme.TEXT_MUTED)
        put(self.frame, bgcolor="#4a3c00" if now else (theme.SURFACE_HIGH if done else theme.SURFACE),
            border=ft.Border.all(3 if now else 1, colour))
        if not self.phone:
            put(self.icon, icon=ft.Icons.CHECK if done else STEP_ICONS[self.step], color=colour)
            put(self.name, value=name, weight=ft.FontWeight.BOLD if now else ft.FontWeight.NORMAL,
                color=theme.TEXT if (now or done) else theme.TEXT_MUTED)


class Stepper:
    """Steps 4 to 11, the current one framed; done ones ticked (numbers only on a phone)."""

    def __init__(self, screen: KeptScreen) -> None:
        phone = screen.layout == PHONE
        self.chips = [_StepChip(screen, step, phone) for step in EventStep]
        self.root = ids.tag(events_ids.EVENT_STEPPER, ft.Row(
            [chip.root for chip in self.chips], wrap=not phone, spacing=4 if phone else 6, run_spacing=6,
            alignment=ft.MainAxisAlignment.SPACE_BETWEEN if phone else ft.MainAxisAlignment.START))

    def show(self, current: EventStep) -> None:
        for chip in self.chips:
            chip.show(current)


class NoPhase:
    """No Event Phase running: start one (or the game is over)."""

    def __init__(self, screen: KeptScreen) -> None:
        self.screen = screen
        self.note = Note(screen.changes)
        self.start = OfferButton(screen.changes, events_ids.EVENT_START, icon=ft.Icons.PLAY_ARROW, tone="primary",
                                 gate_of=screen.gate, page_of=screen.page)
        self.card = Card(screen.changes, ft.Column([self.note.root, self.start.root], spacing=10),
                         identifier=events_ids.EVENT_NO_PHASE)
        self.root = self.card.root

    def show(self) -> None:
        ctx = self.screen.ctx
        t, game = ctx.texts.t, ctx.game
        self.card.show(t("ui.events.title"))
        if game.is_over:
            self.note.show(t("ui.events.over"), colour=theme.RED, icon=ft.Icons.FLAG)
        else:
            self.note.show(t("ui.events.no_phase", round=game.shown_round))
        self.start.show_action(ctx.action(StartEventPhase), t("ui.events.panel.start"), visible=not game.is_over)


class StepPanel:
    """The current step: its instruction and its body (each step's built once)."""

    def __init__(self, screen: "RunnerScreen") -> None:
        self.screen = screen
        self.help = Note(screen.changes)
        self.bodies: dict[EventStep, Any] = {
            EventStep.CSS_LAUNCH: CssStep(screen),
            EventStep.TIME: TimeStep(screen),
            EventStep.NOISE: NoiseStep(screen),
            EventStep.ATTACKS: AttacksStep(screen),
            EventStep.FIRE: FireStep(screen),
            EventStep.EVENT_CARD: EventCardStep(screen),
            EventStep.DEVELOPMENT: DevelopmentStep(screen),
            EventStep.ROUND_END: _RoundEndStep(screen),
        }
        self.card = Card(screen.changes, ft.Column([self.help.root, *(body.root for body in self.bodies.values())],
                                                   spacing=10), help_of=screen.help, identifier=events_ids.EVENT_STEP_PANEL)
        self.root = self.card.root

    @property
    def development(self) -> DevelopmentStep:
        return self.bodies[EventStep.DEVELOPMENT]

    @property
    def fire(self) -> FireStep:
        return self.bodies[EventStep.FIRE]

    def show(self, phase: EventPhaseView) -> None:
        ctx, put = self.screen.ctx, self.screen.changes.put
        t = ctx.texts.t
        step = phase.step
        topic = event_card_topic(phase.event_card) if step is EventStep.EVENT_CARD and phase.event_card \
            else STEP_TOPICS[int(step)]
        self.card.show(t("ui.events.step_title", step=int(step), name=step_name(ctx, step)), topic=topic,
                       help_tip=t("ui.rules.help"))
        # Once the bag has developed, the token says what happened: the instruction gives way.
        self.help.show(t(f"ui.events.help.{step.name.lower()}"), icon=STEP_ICONS[step], colour=theme.BLUE,
                       visible=not (step is EventStep.DEVELOPMENT and phase.developed))
        for body_step, body in self.bodies.items():
            put(body.root, visible=body_step is step)
            if body_step is step:
                shown = body.show()
                if shown and body_step in SCROLL_KEYS:  # what the table must see first
                    bring_into_view(ctx.page, self.screen.pinned.body, SCROLL_KEYS[body_step])


class _RoundEndStep:
    def __init__(self, screen: KeptScreen) -> None:
        self.lines = RoundEnd(screen, ahead=False)
        self.root = self.lines.root

    def show(self) -> None:
        self.lines.show()


# --------------------------------------------------------------------- the way on
class WayOn:
    """The step's way on and its other main action, at the window's bottom edge: why the
    phase cannot go on yet; step 7's Resolve; step 8's injury check's Resolve; step 10's
    development, a Surprise Attack's Resolve and the encounter draw; step 8's Nest
    answers (each also goes on), or the step's own `event-continue`."""

    def __init__(self, screen: "RunnerScreen", development: DevelopmentStep, fire: FireStep) -> None:
        self.screen = screen
        self.fire_resolve = fire.form.resolve
        changes = screen.changes
        self.blocked = ft.Text("", size=14, color=theme.TEXT_MUTED)
        self.blocked_tag = ids.tag(events_ids.EVENT_BLOCKED, self.blocked)
        self.resolve = OfferButton(changes, events_ids.EVENT_ATTACK_RESOLVE, icon=ft.Icons.STYLE, tone="danger",
                                   gate_of=screen.gate, page_of=screen.page, on_tap=self._resolve)
        self.development = development
        self.nest = {yes: OfferButton(changes, events_ids.EVENT_NEST_FIRE_YES if yes else events_ids.EVENT_NEST_FIRE_NO,
                                      tone="danger" if yes else "primary",
                                      icon=ft.Icons.LOCAL_FIRE_DEPARTMENT if yes else ft.Icons.ARROW_FORWARD,
                                      gate_of=screen.gate, page_of=screen.page,
                                      on_tap=lambda yes=yes: self._answer_nest(yes))
                     for yes in (True, False)}
        self.nest_row = ft.Row([button.root for button in self.nest.values()], wrap=True, spacing=8, run_spacing=8)
        self.continues = {step: OfferButton(changes, events_ids.EVENT_CONTINUE, icon=ft.Icons.ARROW_FORWARD, tone="primary",
                                            gate_of=screen.gate, page_of=screen.page,
                                            on_tap=lambda step=step: self._continue(step))
                          for step in EventStep}
        self.icons: dict[int, Any] = {}  # each paired button's icon, while it goes without
        self.root = [self.blocked_tag, self.resolve.root, self.fire_resolve.root, development.develop.root,
                     development.reveal.resolve.root, development.draw_button.root, self.nest_row, *(button.root for button in self.continues.values())]

    def hide(self) -> None:
        put = self.screen.changes.put
        for control in self.root:
            put(control, visible=False)

    def show(self, phase: EventPhaseView) -> None:
        ctx, put = self.screen.ctx, self.screen.changes.put
        t = ctx.texts.t
        step = phase.step
        armed = draft_of(ctx).armed if step is EventStep.ATTACKS else None
        if armed is not None:
            self.resolve.show_action(ctx.action(ResolveAttack, attacker=armed.kind), t("ui.events.attack.resolve"),
                                     picked=armed_picks(armed))
        else:
            self.resolve.show("", refused=None, visible=False)
        if step is not EventStep.DEVELOPMENT:
            put(self.development.develop.root, visible=False)
            put(self.development.draw_button.root, visible=False)
            self.development.reveal.hide_resolve()
        if step is not EventStep.FIRE or nothing_burns(phase):  # else the step's form shows it
            put(self.fire_resolve.root, visible=False)
        asking = step is EventStep.FIRE and asks_the_nest(phase)
        put(self.nest_row, visible=asking)
        if asking:
            for yes, button in self.nest.items():
                button.show_action(ctx.action(EventFireDamage, nest_fire=yes),
                                   t("ui.events.fire.yes_next" if yes else "ui.events.fire.no_next"))
        # The first answer continuing sends stands for the whole tap: refused, it says why.
        command, fixed = (answers_first(phase) or [continuing(phase)])[0]
        gating = ctx.action(command, **fixed)
        for button_step, button in self.continues.items():
            if button_step is step and not asking:
                button.show_action(gating, continue_label(ctx, phase))
            else:
                button.show("", refused=None, visible=False)
        refusal = None if asking or gating is None else gating.refusal
        put(self.blocked_tag, visible=refusal is not None)
        if refusal is not None:
            put(self.blocked, value=ctx.texts.error(refusal))
        self._pair(step)

    def _pair(self, step: EventStep) -> None:
        """Step 10's draw and the way on share one row of the footer (two short labels; a
        footer kept as a grid, on a phone): the step's scrolling part keeps a row's height
        more on a small phone."""
        put = self.screen.changes.put
        buttons = (self.development.develop, self.development.draw_button, self.continues[EventStep.DEVELOPMENT])
        way_on = buttons[-1]
        shown = [button for button in buttons[:-1] if button.root.visible is not False]
        paired = step is EventStep.DEVELOPMENT and len(shown) == 1 and way_on.root.visible is not False
        for button in buttons:
            together = paired and (button is way_on or button is shown[0])
            put(button.root, col=6 if together else 12)
            # Half a row: the label takes the icon's room too, so it keeps to one line.
            icon = self.icons.setdefault(id(button), button.button.icon)
            put(button.button, icon=None if together else icon)

    # -- taps: each reads the game as it is now ----------------------------------------
    def _phase_at(self, step: EventStep) -> EventPhaseView | None:
        phase = self.screen.ctx.game.event_phase
        return phase if phase is not None and phase.step is step else None

    def _continue(self, step: EventStep) -> None:
        ctx = self.screen.ctx
        action = ctx.action(ContinueEventPhase, at=int(step))
        phase = self._phase_at(step)
        if action is None:
            show_message(ctx.page, ctx.texts.t("error.action_gone"))
        elif phase is None:
            # A tap that arrived once the phase had moved on: the engine says so.
            ctx.send(action.command())
        elif not (first := answers_first(phase)) and ctx.session.game_ending(action.command()) is not None:
            ctx.gate().run_action(action, {}, title=continue_label(ctx, phase))  # asks first; nothing follows the end
        else:
            go_on(ctx, [*first, continuing(phase)], on_closed=lambda: ctx.navigate(TABLE))

    def _answer_nest(self, yes: bool) -> None:
        ctx = self.screen.ctx
        go_on(ctx, [(EventFireDamage, {"nest_fire": yes}), (ContinueEventPhase, {"at": int(EventStep.FIRE)})],
              on_closed=lambda: ctx.navigate(TABLE))

    def _resolve(self) -> None:
        ctx = self.screen.ctx
        draft = draft_of(ctx)
        armed = draft.armed
        if armed is None or self._phase_at(EventStep.ATTACKS) is None:
            return
        draft.armed = None
        action = ctx.action(ResolveAttack, attacker=armed.kind)
        picked = armed_picks(armed)
        if action is None or not action.allows(**picked):
            show_message(ctx.page, ctx.texts.t("error.action_gone"))
        else:
            ctx.gate().run_action(action, picked, title=ctx.texts.t("ui.events.attack.resolve"))
        ctx.rerender()


# --------------------------------------------------------------------- the side
class _LogLine:
    def __init__(self, changes) -> None:
        self.changes = changes
        self.text = ft.Text("", size=14)
        self.root = ft.Container(content=self.text, padding=ft.Padding.symmetric(vertical=4),
                                 border=ft.Border.only(bottom=ft.BorderSide(1, theme.OUTLINE)))

    def show(self, texts, entry) -> None:
        self.changes.put(self.text, value=texts.entry(entry), weight=ft.FontWeight.BOLD if entry.announce else None,
                         color=theme.YELLOW if entry.announce else theme.TEXT)


class PhaseLog:
    """What happened in this Event Phase, newest first; read once per feed and language."""

    def __init__(self, screen: KeptScreen) -> None:
        self.screen = screen
        self.holder = ft.Column([], spacing=0, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
        self.lines: KeyedItems[_LogLine] = KeyedItems(screen.changes, self.holder, lambda _key: _LogLine(screen.changes))
        self.empty = theme.muted("")
        self.card = Card(screen.changes, ft.Column([self.empty, self.holder], spacing=0, tight=True),
                         identifier=events_ids.EVENT_PHASE_LOG)
        self.root = self.card.root
        self.read: tuple | None = None

    def show(self) -> None:
        ctx, put = self.screen.ctx, self.screen.changes.put
        texts = ctx.texts
        self.card.show(texts.t("ui.events.log_title"))
        read = (ctx.feed.version if ctx.feed is not None else None, texts.lang)
        if read == self.read:
            return
        self.read = read
        from ..log_view import line_keys

        entries = ctx.session.history(since=phase_start_seq(ctx.game), limit=PHASE_LOG_MAX)
        self.lines.show(zip(line_keys(entries), entries), lambda line, entry: line.show(texts, entry))
        put(self.empty, visible=not entries)
        if not entries:
            put(self.empty, value=texts.t("ui.events.log_empty"))


# --------------------------------------------------------------------- the screen
class RunnerScreen(KeptScreen):
    def __init__(self, ctx: UiContext, shell: Any = None) -> None:
        super().__init__(ctx, shell)
        phone = self.layout == PHONE
        self.header = Header(self, lambda: self.ctx.navigate(TABLE))
        self.status = Status(self)
        self.no_phase = NoPhase(self)
        self.stepper = Stepper(self)
        self.panel = StepPanel(self)
        self.way_on = WayOn(self, self.panel.development, self.panel.fire)
        self.decks = ActionButton(self.changes, events_ids.DECKS, icon=ft.Icons.LAYERS, compact=True, page_of=self.page,
                                  on_tap=lambda: open_screen(self.ctx, DECKS, back_to=RUNNER))
        self.log = PhaseLog(self)
        tools = ft.Row([self.decks.root], wrap=True)
        main = [self.no_phase.root, self.stepper.root, self.panel.root]
        if phone:
            self.pinned = Pinned(self.changes, body=[self.header.root, self.status.root, *main, tools, self.log.root],
                                 footer=self.way_on.root, phone=True, footer_pairs=True)
        else:
            self.pinned = Pinned(self.changes, head=[self.header.root, self.status.root], body=main,
                                 footer=self.way_on.root, side=[tools, self.log.root], phone=False)
        self.root = self.pinned.root

    def put_view(self) -> None:
        ctx, put = self.ctx, self.changes.put
        t, game = ctx.texts.t, ctx.game
        phase = game.event_phase
        self.pinned.fill(ctx, ctx.width - 2 * theme.PAGE_PADDING)
        # One round number on every step: the round whose Event Phase this is (step 11 names
        # the next one only as the next round). On a phone the stepper says the rest.
        title = t("ui.events.title_round", round=phase.round) if phase is not None else t("ui.events.title")
        self.header.show(title, None if ctx.is_phone else t("ui.events.subtitle"), t("ui.events.back"))
        self.status.show()
        put(self.no_phase.root, visible=phase is None)
        put(self.stepper.root, visible=phase is not None)
        put(self.panel.root, visible=phase is not None)
        if phase is None:
            self.no_phase.show()
            self.way_on.hide()
        else:
            self.stepper.show(phase.step)
            self.panel.show(phase)
            self.way_on.show(phase)
        self.decks.show(t("ui.events.panel.decks"), refused=None)
        self.log.show()

