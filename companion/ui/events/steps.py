"""The bodies of the runner's quiet steps, kept (kit.kept): CSS launch, Time, Noise, the
Event card and its effects, and the round's end (also shown ahead, at step 10). Each is
built once; the runner shows the current step's and hides the others. It is one piece
because the steps share the runner's draft and its way on, and each is a short part."""
from __future__ import annotations

from typing import Callable

import flet as ft

from companion.vocab import CssFace
from companion.engine.views import MINIATURE_KINDS
from companion.engine.commands import (
    DrawEventCard,
    EventCoolantLeak,
    EventCssLaunch,
    EventEggProtection,
    EventHatching,
    EventLeavingTheShell,
    EventLurking,
    EventNoiseInCorridors,
)
from companion.engine.views import EventEffect
from companion.engine.views import EventPhaseView
from companion.vocab import Section

from .. import ids, theme
from ..kit.chips import active_seats, player_label
from ..kit.kept import ActionButton, KeptScreen, KeyedItems, OfferButton
from ..scanner.handover import scan_on_this_device, seats_with_phone
from .draft import draft_of
from .flow import ONE_TAP, answers_first, nothing_burns
from .parts import EventCardFace, Note, NumberStepper, SeatChips, label_text, wrap_row
from companion.ui.events import ids as events_ids

# Yes / no follow-ups of an Event card: the command and the argument each answer fixes.
QUESTIONS = {
    EventEffect.COOLANT_LEAK: (EventCoolantLeak, "cooling_malfunction"),
    EventEffect.NOISE_IN_CORRIDORS: (EventNoiseInCorridors, "had_noise"),
}


# The scroll key of step 9's effects.
EFFECTS_KEY = "event-effects"


def _bold(size: int = 17) -> ft.Text:
    return ft.Text("", size=size, weight=ft.FontWeight.BOLD)


# --------------------------------------------------------------------- 4, 5, 6
class CssStep:
    """Step 4: the CSS token under the Time token, revealed by the table."""

    def __init__(self, screen: KeptScreen) -> None:
        self.screen = screen
        changes = screen.changes
        self.revealed = Note(changes)
        self.question = _bold()
        self.waiting_holder = ft.Column([], spacing=4)
        self.waiting: KeyedItems[_Text] = KeyedItems(changes, self.waiting_holder, lambda _seat: _Text(changes, 15))
        self.nobody = theme.muted("", size=14)
        self.faces = {face: OfferButton(changes, events_ids.css_face(face.value), tone="warning", gate_of=screen.gate,
                                        page_of=screen.page) for face in CssFace}
        self.asking = ft.Column([self.question, self.waiting_holder, self.nobody,
                                 wrap_row([button.root for button in self.faces.values()])], spacing=10)
        self.root = ft.Column([self.revealed.root, self.asking], spacing=10)

    def show(self) -> None:
        ctx, put = self.screen.ctx, self.screen.changes.put
        t, game = ctx.texts.t, ctx.game
        pending = game.css_launch_pending
        self.revealed.show(t("ui.events.css.revealed", slot=game.time), colour=theme.GREEN,
                           icon=ft.Icons.CHECK_CIRCLE, visible=not pending)
        put(self.asking, visible=pending)
        if not pending:
            return
        put(self.question, value=t("ui.events.css.question", slot=game.time))
        waiting = [m for m in game.crew if m.is_waiting_in_pod]
        self.waiting.show(((m.seat, t("ui.events.css.waiting", pod=m.pod, name=m.name, character=m.character))
                           for m in waiting), _Text.show)
        put(self.nobody, visible=not waiting)
        if not waiting:
            put(self.nobody, value=t("ui.events.css.nobody_waiting"))
        for face, button in self.faces.items():
            button.show_action(ctx.action(EventCssLaunch, face=face), t(f"css_face.{face.value}"))


class _Text:
    def __init__(self, changes, size: int) -> None:
        self.changes = changes
        self.root = ft.Text("", size=size)

    def show(self, text: str) -> None:
        self.changes.put(self.root, value=text)


class TimeStep:
    """Step 5: where the Time token goes, and whether the threshold it reaches fires."""

    def __init__(self, screen: KeptScreen) -> None:
        self.screen = screen
        changes = screen.changes
        self.move = _bold()
        self.badge = ft.Container(theme.unconfirmed_badge(16))
        self.threshold_text = ft.Text("", size=15, expand=True)
        self.threshold = ft.Row([self.badge, self.threshold_text], spacing=6)
        self.fires = Note(changes)
        self.auto = theme.muted("", size=14)
        self.root = ft.Column([self.move, self.threshold, self.fires.root, self.auto], spacing=10)

    def show(self) -> None:
        ctx, put = self.screen.ctx, self.screen.changes.put
        t, game = ctx.texts.t, ctx.game
        put(self.move, value=t("ui.events.time.move", slot=game.time, next_slot=max(game.time - 1, 0)))
        ahead = game.next_threshold
        near = ahead is not None and ahead.advances == 1
        put(self.threshold, visible=near)
        self.fires.show("", visible=near)
        if near:
            assert ahead is not None
            put(self.threshold_text, value=t(f"ui.events.time.threshold_{ahead.colour}", next_slot=ahead.slot))
            unconfirmed = ctx.session.rules.slot(ahead.slot).is_unconfirmed("threshold")
            put(self.badge, visible=unconfirmed)
            if unconfirmed:
                put(self.badge, tooltip=t("common.unconfirmed"))
            self.fires.show(t("ui.events.time.threshold_fires" if ahead.fires else "ui.events.time.threshold_ignored"),
                            colour=theme.RED if ahead.fires else theme.GREEN,
                            icon=ft.Icons.POWER_OFF if ahead.fires else ft.Icons.BOLT)
        put(self.auto, value=t("ui.events.time.auto"))


class NoiseSections:
    """The powered Sections whose Noise markers go (a sentence when there is none)."""

    def __init__(self, screen: KeptScreen) -> None:
        self.screen = screen
        changes = screen.changes
        self.row = wrap_row()
        self.pills: KeyedItems[_Pill] = KeyedItems(changes, self.row, lambda _section: _Pill(changes))
        self.none = theme.muted("", size=15)
        self.root = ids.tag(events_ids.EVENT_NOISE_SECTIONS, ft.Column([self.row, self.none], spacing=0, tight=True))

    def show(self, phase: EventPhaseView) -> None:
        ctx, put = self.screen.ctx, self.screen.changes.put
        sections: tuple[Section, ...] = phase.noise_sections
        self.pills.show(((section, ctx.texts.section(section.value)) for section in sections), _Pill.show)
        put(self.row, visible=bool(sections))
        put(self.none, visible=not sections)
        if not sections:
            put(self.none, value=ctx.texts.t("ui.events.noise.none"))


class _Pill:
    def __init__(self, changes) -> None:
        self.changes = changes
        self.text = ft.Text("", size=15, color=theme.TEXT, weight=ft.FontWeight.BOLD)
        self.root = ft.Container(content=self.text, bgcolor=theme.BLUE_DARK, border_radius=20,
                                 padding=ft.Padding.symmetric(horizontal=10, vertical=3))

    def show(self, text: str) -> None:
        self.changes.put(self.text, value=text)


class NoiseStep:
    """Step 6 (seen only after an undo: it goes by in the tap that moves Time)."""

    def __init__(self, screen: KeptScreen) -> None:
        self.screen = screen
        self.powered = label_text()
        self.sections = NoiseSections(screen)
        self.technical = Note(screen.changes)
        self.root = ft.Column([self.powered, self.sections.root, self.technical.root], spacing=10)

    def show(self) -> None:
        ctx, put = self.screen.ctx, self.screen.changes.put
        phase = ctx.game.event_phase
        assert phase is not None
        put(self.powered, visible=bool(phase.noise_sections))
        put(self.powered, value=ctx.texts.t("ui.events.noise.powered"))
        self.sections.show(phase)
        self.technical.show(ctx.texts.t("ui.events.noise.technical"), icon=ft.Icons.WARNING_AMBER)


class NoiseDone:
    """Step 6 went by in the tap that moved Time: what the table takes off the board."""

    def __init__(self, screen: KeptScreen) -> None:
        self.screen = screen
        self.title = ft.Text("", size=15, weight=ft.FontWeight.BOLD)
        self.powered = theme.muted("", size=14)
        self.sections = NoiseSections(screen)
        self.technical = theme.muted("", size=14)
        self.root = ids.tag(events_ids.EVENT_NOISE_DONE, ft.Container(
            content=ft.Column([self.title, self.powered, self.sections.root, self.technical], spacing=6, tight=True),
            bgcolor=theme.SURFACE_HIGH, border=ft.Border.only(left=ft.BorderSide(5, theme.BLUE)), border_radius=6,
            padding=10))

    def show(self, phase: EventPhaseView) -> None:
        ctx, put = self.screen.ctx, self.screen.changes.put
        t = ctx.texts.t
        put(self.title, value=t("ui.events.noise.done_title"))
        put(self.powered, visible=bool(phase.noise_sections), value=t("ui.events.noise.powered"))
        self.sections.show(phase)
        put(self.technical, value=t("ui.events.noise.technical"))


# --------------------------------------------------------------------- 9
class _Effect:
    """One pending effect of the Event card: a yellow box with what it asks, or (when it
    would change nothing) a green line saying continuing records it."""

    def __init__(self, screen: KeptScreen, effect: EventEffect, body: list[ft.Control]) -> None:
        self.screen = screen
        self.effect = effect
        self.settled = Note(screen.changes, events_ids.event_effect(effect.value, "settled"))
        self.box = ft.Container(content=ft.Column(body, spacing=8, tight=True), bgcolor=theme.SURFACE_HIGH,
                                border=ft.Border.all(2, theme.YELLOW), border_radius=10, padding=12)
        self.root = ft.Column([self.settled.root, self.box], spacing=0, tight=True)

    def show(self, settled: bool) -> None:
        t = self.screen.ctx.texts.t
        self.settled.show(t(f"ui.events.effect.settled_{self.effect.value}"), colour=theme.GREEN,
                          icon=ft.Icons.CHECK_CIRCLE, visible=settled)
        self.screen.changes.put(self.box, visible=not settled)
        if not settled:
            self.show_body()

    def show_body(self) -> None:
        raise NotImplementedError


class _OneTap(_Effect):
    def __init__(self, screen: KeptScreen, effect: EventEffect) -> None:
        self.apply = OfferButton(screen.changes, events_ids.event_effect(effect.value), tone="warning",
                                 icon=ft.Icons.TOUCH_APP, gate_of=screen.gate, page_of=screen.page)
        super().__init__(screen, effect, [self.apply.root])

    def show_body(self) -> None:
        name = self.effect.value
        ctx = self.screen.ctx
        self.apply.show_action(ctx.action(ONE_TAP[self.effect]), ctx.texts.t(f"event_effect.{name}"))


class _Question(_Effect):
    def __init__(self, screen: KeptScreen, effect: EventEffect) -> None:
        name = effect.value
        self.title = _bold(16)
        self.yes = OfferButton(screen.changes, events_ids.event_effect(name, "yes"), tone="warning", gate_of=screen.gate,
                               page_of=screen.page)
        self.no = OfferButton(screen.changes, events_ids.event_effect(name, "no"), tone="primary", gate_of=screen.gate,
                              page_of=screen.page)
        super().__init__(screen, effect, [self.title, wrap_row([self.yes.root, self.no.root])])

    def show_body(self) -> None:
        ctx, name = self.screen.ctx, self.effect.value
        t = ctx.texts.t
        command, answer = QUESTIONS[self.effect]
        self.screen.changes.put(self.title, value=t(f"event_effect.{name}"))
        self.yes.show_action(ctx.action(command, **{answer: True}), t(f"ui.events.effect.{name}_yes"))
        self.no.show_action(ctx.action(command, **{answer: False}), t(f"ui.events.effect.{name}_no"))


class _WhoIsReached(_Effect):
    """Hatching (who a Larva infests) and Egg Protection in Darkness (who gains 1
    Contamination card): nothing chosen at first; one button for those chosen, one for nobody."""

    def __init__(self, screen: KeptScreen, effect: EventEffect) -> None:
        name = effect.value
        self.title = _bold(16)
        self.help = theme.muted("", size=14)
        icon = ft.Icons.BUG_REPORT if effect is EventEffect.HATCHING else ft.Icons.BIOTECH
        self.seats = SeatChips(screen.changes, lambda seat: events_ids.event_effect(name, seat), self._toggle, icon=icon)
        self.yes = OfferButton(screen.changes, events_ids.event_effect(name, "yes"), tone="warning", gate_of=screen.gate,
                               page_of=screen.page)
        self.no = OfferButton(screen.changes, events_ids.event_effect(name, "no"), tone="primary", gate_of=screen.gate,
                              page_of=screen.page)
        # Hatching: nobody in the Nest, the chosen ones infested by the Darkness extra.
        self.dark = OfferButton(screen.changes, events_ids.event_effect(name, "dark"), tone="warning", gate_of=screen.gate,
                                page_of=screen.page)
        super().__init__(screen, effect, [self.title, self.help, self.seats.root, self.yes.root, self.dark.root,
                                          self.no.root])

    def _chosen(self) -> tuple[int, ...]:
        draft = draft_of(self.screen.ctx)
        return draft.hatching if self.effect is EventEffect.HATCHING else draft.egg_protection

    def _toggle(self, seat: int) -> None:
        chosen = self._chosen()
        chosen = tuple(s for s in chosen if s != seat) if seat in chosen else (*chosen, seat)
        draft = draft_of(self.screen.ctx)
        if self.effect is EventEffect.HATCHING:
            draft.hatching = chosen
        else:
            draft.egg_protection = chosen
        self.screen.ctx.rerender()

    def show_body(self) -> None:
        ctx = self.screen.ctx
        t, game, name = ctx.texts.t, ctx.game, self.effect.value
        seats = active_seats(game)
        chosen = tuple(seat for seat in self._chosen() if seat in seats)
        self.screen.changes.put(self.title, value=t(f"event_effect.{name}"))
        self.screen.changes.put(self.help, value=t(f"ui.events.effect.{name}_help"))
        self.seats.show(ctx.texts, game, lambda seat: seat in chosen, nobody=t("ui.events.attack.nobody"),
                        with_player=True)
        names = ", ".join(player_label(ctx.texts, game, seat) for seat in chosen)
        if self.effect is EventEffect.HATCHING:
            yes, no = ctx.action(EventHatching, nobody_infested=False), ctx.action(EventHatching, nobody_infested=True)
            picked, nobody = "infested", {"infested": ()}
            yes_label, no_label = t("ui.events.effect.hatching_infest", names=names), t("ui.events.effect.hatching_no")
            # Nobody in the Nest with some infested by the Darkness extra: offered only when
            # the rules data judges "nobody" before the extra.
            dark = no is not None and bool(no.choices.get("infested"))
        else:
            yes = no = ctx.action(EventEggProtection)
            picked, nobody, dark = "seats", {"seats": ()}, False
            yes_label = t("ui.events.effect.egg_protection_give", names=names)
            no_label = t("ui.events.effect.egg_protection_no")
        self.yes.show_action(yes, yes_label, picked={picked: chosen}, tone="warning", visible=bool(chosen))
        self.dark.show_action(no, t("ui.events.effect.hatching_dark", names=names), picked={picked: chosen},
                              tone="warning", visible=dark and bool(chosen))
        self.no.show_action(no, no_label, picked=nobody)


class _ShellRow:
    """Leaving the Shell, one Character: scanned, scanning on their phone, or a button to
    hand this device over."""

    def __init__(self, screen: KeptScreen, seat: int) -> None:
        self.screen = screen
        self.note = Note(screen.changes)
        self.hand_over = ActionButton(screen.changes, None, icon=ft.Icons.SEND_TO_MOBILE, compact=True,
                                      page_of=screen.page, on_tap=lambda: scan_on_this_device(screen.ctx, seat))
        self.root = ids.tag(events_ids.event_effect("leaving_the_shell", seat),
                            ft.Column([self.note.root, self.hand_over.root], spacing=0, tight=True))

    def show(self, text: str, state: str) -> None:
        if state == "scanned":
            self.note.show(text, colour=theme.GREEN, icon=ft.Icons.CHECK_CIRCLE, size=14)
        elif state == "phone":
            self.note.show(text, icon=ft.Icons.PHONE_ANDROID, size=14)
        else:
            self.note.show("", visible=False)
        self.hand_over.show(text, refused=None, visible=state == "hand")


class _LeavingTheShell(_Effect):
    """Each Character in the Facility scans on their phone, or on this device handed to
    them; with the printed cards the table scans and says when everyone has."""

    def __init__(self, screen: KeptScreen, effect: EventEffect) -> None:
        self.title = _bold(16)
        self.help = theme.muted("", size=14)
        self.done = OfferButton(screen.changes, events_ids.event_effect("leaving_the_shell", "done"), tone="primary",
                                gate_of=screen.gate, page_of=screen.page)
        self.rows_holder = ft.Column([], spacing=8)
        self.rows: KeyedItems[_ShellRow] = KeyedItems(screen.changes, self.rows_holder,
                                                      lambda seat: _ShellRow(screen, int(seat)))  # type: ignore[arg-type]
        super().__init__(screen, effect, [self.title, self.help, self.done.root, self.rows_holder])

    def show_body(self) -> None:
        ctx, put = self.screen.ctx, self.screen.changes.put
        t, game = ctx.texts.t, ctx.game
        phase = game.event_phase
        put(self.title, value=t("event_effect.leaving_the_shell"))
        printed = game.contamination is None or phase is None
        # In turn order (p.13): the engine takes the app deck's scans in that order too.
        seats = [seat for seat in game.turn_order if seat in active_seats(game)]
        first = player_label(ctx.texts, game, seats[0] if seats else game.turn_order[0])
        put(self.help, value=t("ui.events.effect.leaving_the_shell_printed", who=first) if printed
            else t("ui.events.effect.leaving_the_shell_help"))
        self.done.show_action(ctx.action(EventLeavingTheShell), t("ui.events.effect.leaving_the_shell_done"),
                              visible=printed)
        put(self.rows_holder, visible=not printed)
        if printed or phase is None:
            return
        phones = seats_with_phone(ctx)

        def row(seat: int) -> tuple[int, tuple[str, str]]:
            who = player_label(ctx.texts, game, seat)
            if seat in phase.shell_scans:
                return seat, (t("ui.events.effect.shell_scanned", who=who), "scanned")
            if seat in phones:
                return seat, (t("ui.events.effect.shell_on_phone", who=who), "phone")
            return seat, (t("ui.events.effect.shell_hand_over", who=who), "hand")

        self.rows.show((row(seat) for seat in seats), lambda item, data: item.show(*data))


class _Lurking(_Effect):
    """How many of each kind on the board go back into the bag."""

    def __init__(self, screen: KeptScreen, effect: EventEffect) -> None:
        self.title = _bold(16)
        self.counts = {kind: ft.Text("", size=15, expand=True) for kind in MINIATURE_KINDS}
        self.steppers = {kind: self._stepper(screen, kind) for kind in MINIATURE_KINDS}
        rows = [ft.Row([self.counts[kind], self.steppers[kind].root], vertical_alignment=ft.CrossAxisAlignment.CENTER,
                       wrap=screen.ctx.is_phone) for kind in MINIATURE_KINDS]
        self.apply = OfferButton(screen.changes, events_ids.event_effect("lurking"), tone="warning", gate_of=screen.gate,
                                 page_of=screen.page)
        super().__init__(screen, effect, [self.title, *rows, self.apply.root])

    @staticmethod
    def _stepper(screen: KeptScreen, kind: str) -> NumberStepper:
        name = events_ids.event_effect("lurking", kind)

        def change(value: int) -> None:
            draft_of(screen.ctx).lurking[kind] = value
            screen.ctx.rerender()

        return NumberStepper(screen.changes, name, f"{name}-down", f"{name}-up",
                             current=lambda: draft_of(screen.ctx).lurking.get(kind, 0), change=change)

    def show_body(self) -> None:
        ctx, put = self.screen.ctx, self.screen.changes.put
        t = ctx.texts.t
        on_board = ctx.game.bag.on_board
        draft = draft_of(ctx)
        put(self.title, value=t("event_effect.lurking"))
        for kind in MINIATURE_KINDS:
            high = on_board.get(kind, 0)
            draft.lurking[kind] = min(draft.lurking.get(kind, 0), high)
            put(self.counts[kind], value=t("ui.events.effect.on_board", kind=kind, count=high))
            self.steppers[kind].show(draft.lurking[kind], low=0, high=high, down_tip=t("ui.events.effect.fewer"),
                                     up_tip=t("ui.events.effect.more"))
        counts = {kind: n for kind, n in draft.lurking.items() if n > 0}
        self.apply.show_action(ctx.action(EventLurking), t("ui.events.effect.lurking_apply"), picked={"counts": counts})


EFFECT_PARTS: dict[EventEffect, Callable[[KeptScreen, EventEffect], _Effect]] = {
    **{effect: _OneTap for effect in ONE_TAP},
    **{effect: _Question for effect in QUESTIONS},
    EventEffect.HATCHING: _WhoIsReached,
    EventEffect.EGG_PROTECTION: _WhoIsReached,
    EventEffect.LEAVING_THE_SHELL: _LeavingTheShell,
    EventEffect.LURKING: _Lurking,
}


class _DoneNote:
    def __init__(self, changes) -> None:
        self.note = Note(changes)
        self.root = self.note.root

    def show(self, text: str) -> None:
        self.note.show(text, colour=theme.GREEN, icon=ft.Icons.CHECK_CIRCLE)


class FireDone:
    """Step 8 went by in the tap before: with no Fire marker on the board nothing burned."""

    def __init__(self, screen: KeptScreen) -> None:
        self.screen = screen
        self.note = Note(screen.changes, events_ids.EVENT_FIRE_DONE)
        self.root = self.note.root

    def show(self, phase: EventPhaseView) -> None:
        self.note.show(self.screen.ctx.texts.t("ui.events.fire.nothing_burned"), colour=theme.GREEN,
                       icon=ft.Icons.CHECK_CIRCLE, size=14, visible=phase.nest_fire is False and nothing_burns(phase))


class EventCardStep:
    """Step 9: the Event card, large, and its effects on what the app tracks, each one tap
    (what asks a choice first, and what would change nothing, said so)."""

    def __init__(self, screen: KeptScreen) -> None:
        self.screen = screen
        changes = screen.changes
        self.fire_done = FireDone(screen)
        self.draw = OfferButton(changes, events_ids.DRAW_EVENT, icon=ft.Icons.STYLE, tone="warning", gate_of=screen.gate,
                                page_of=screen.page)
        self.left = theme.muted("", size=14)
        self.effects_label = label_text()
        self.effects_holder = ft.Column([], spacing=10)
        self.effects: KeyedItems[_Effect] = KeyedItems(
            changes, self.effects_holder, lambda effect: EFFECT_PARTS[effect](screen, effect))  # type: ignore[index]
        self.card = EventCardFace(changes)
        self.done_holder = ft.Column([], spacing=10)
        self.done: KeyedItems[_DoneNote] = KeyedItems(changes, self.done_holder, lambda _effect: _DoneNote(changes))
        self.none = theme.muted("", size=14)
        # What to tap first is brought into view when a card with effects to apply comes.
        self.effects_frame = ft.Container(ft.Column([self.effects_label, self.effects_holder], spacing=10, tight=True),
                                          key=ft.ScrollKey(EFFECTS_KEY))
        self.root = ft.Column([self.fire_done.root, self.draw.root, self.left, self.effects_frame,
                               self.card.root, self.done_holder, self.none], spacing=10)
        self.shown_card: tuple | None = None

    def show(self) -> bool:
        """Show the step; True when a card whose effects ask a tap has just come."""
        ctx, put = self.screen.ctx, self.screen.changes.put
        t, game = ctx.texts.t, ctx.game
        phase = game.event_phase
        assert phase is not None
        self.fire_done.show(phase)
        drawn = phase.event_card is not None
        # Drawn on entering the step; the button shows only after an undo of the draw.
        self.draw.show_action(ctx.action(DrawEventCard), t("ui.events.card.draw"), visible=not drawn)
        put(self.left, visible=not drawn)
        if not drawn:
            deck = game.decks.event
            put(self.left, value=t("ui.events.card.left", count=deck.draw_count, discard=len(deck.discard)))
        draft = draft_of(ctx)
        draft.new_effects((game.latest.event_phase_start, phase.event_card))
        pending = list(phase.pending_effects) if drawn else []
        # Effects that would change nothing are folded into continuing (all or none).
        settled = bool(answers_first(phase))
        put(self.effects_label, visible=bool(pending))
        if pending:
            put(self.effects_label, value=t("ui.events.effect.title"))
        self.effects.show(((effect, settled) for effect in pending), _Effect.show)
        put(self.card.root, visible=drawn)
        if drawn:
            assert phase.event_card is not None
            self.card.show(ctx.texts, ctx.session.rules, phase.event_card)
        done = list(phase.done_effects) if drawn else []
        self.done.show(((effect, t("ui.events.effect.done", card=t(f"event_card.name.{effect.value}")))
                        for effect in done), _DoneNote.show)
        put(self.none, visible=drawn and not pending and not done)
        if drawn and not pending and not done:
            put(self.none, value=t("ui.events.effect.none"))
        card = (game.latest.event_phase_start, phase.event_card)
        asks = bool(pending) and not settled and card != self.shown_card
        if asks:
            self.shown_card = card
        return asks


# --------------------------------------------------------------------- 11
class RoundEnd:
    """Step 11's reminders: draw up, who takes the First Player token (and whom it passes
    over), the next round. `ahead`: read at step 10, where the tap that closes the round
    passes through step 11."""

    def __init__(self, screen: KeptScreen, *, ahead: bool) -> None:
        self.screen = screen
        changes = screen.changes
        self.ahead = ahead
        self.title = ft.Text("", size=15, weight=ft.FontWeight.BOLD, visible=ahead)
        self.draw = Note(changes)
        self.first_player = Note(changes, events_ids.EVENT_FIRST_PLAYER)
        self.skips_holder = ft.Column([], spacing=8)
        self.skips: KeyedItems[_Skip] = KeyedItems(changes, self.skips_holder, lambda _seat: _Skip(changes))
        self.next = ft.Text("", size=16, weight=ft.FontWeight.BOLD)
        self.root = ids.tag(events_ids.EVENT_ROUND_END_AHEAD if ahead else events_ids.EVENT_ROUND_END, ft.Column(
            [self.title, self.draw.root, self.first_player.root, self.skips_holder, self.next], spacing=8))

    def show(self) -> None:
        ctx, put = self.screen.ctx, self.screen.changes.put
        texts, game = ctx.texts, ctx.game
        t = texts.t
        reminders = game.round_end
        if self.ahead:
            put(self.title, value=t("ui.events.round_end.ahead"))
        self.draw.show(t("ui.events.round_end.draw"), icon=ft.Icons.STYLE)
        passes = reminders.first_player_passes and reminders.new_first_player is not None
        if passes:
            assert reminders.new_first_player is not None
            who = player_label(texts, game, reminders.new_first_player)
            self.first_player.show(t("ui.events.round_end.first_player_to", who=who), icon=ft.Icons.ARROW_BACK)
        else:
            self.first_player.show("", visible=False)
        skipped = reminders.first_player_skipped if passes else ()
        self.skips.show(((seat, t("ui.events.round_end.first_player_skips", who=player_label(texts, game, seat)))
                         for seat in skipped), _Skip.show)
        put(self.next, value=t("ui.events.round_end.next", round=reminders.next_round))


class _Skip:
    def __init__(self, changes) -> None:
        self.changes = changes
        self.text = theme.muted("", size=13)
        self.text.expand = True
        self.root = ft.Row([theme.unconfirmed_badge(14), self.text], spacing=6)

    def show(self, text: str) -> None:
        self.changes.put(self.text, value=text)
