"""Steps 7 and 8 of the runner, kept (kit.kept), resolved in place: an attack by an
intruder met since the last attacks is a tap to choose it and a tap to resolve it (the
runner pins that Resolve at the bottom of the window); any other attack opens the full
attack screen, empty; with Fire on the board, step 8 holds the injury-check form and the
Nest question, whose answer is also the way on."""
from __future__ import annotations

from typing import Any

import flet as ft

from companion.engine.views import EventPhaseView, PublicView

from .. import theme
from ..kit.chips import place_label, player_label
from ..kit.kept import ActionButton, Chip, KeptScreen, KeyedItems
from ..kit.kinds import KIND_COLOURS
from ..kit.shown_last import ShownLast
from .attack import AttackResult, hit_chance_text
from .draft import ATTACK, INJURY, RUNNER, draft_of, open_screen
from .flow import nothing_burns
from .injury import InjuryForm, InjuryResult, forget_checked
from .met import Meeting, met_since_the_last_attacks
from .parts import LightingRow, Note, label_text, wrap_row
from .steps import NoiseDone
from companion.ui.events import ids as events_ids


def phase_start_seq(game: PublicView) -> int:
    """The step that started the current (or last) phase; past the newest step when no
    phase has started yet."""
    start = game.latest.event_phase_start
    return start if start is not None else game.commands_applied


class Tools:
    """Another attack, an injury check: the full screens, opened empty, back to the runner."""

    def __init__(self, screen: KeptScreen, *, attack: bool = True) -> None:
        self.screen = screen
        changes = screen.changes
        self.attack = ActionButton(changes, events_ids.ATTACK, icon=ft.Icons.PEST_CONTROL, tone="danger", compact=True,
                                   page_of=screen.page, on_tap=lambda: open_screen(screen.ctx, ATTACK, back_to=RUNNER))
        self.injury = ActionButton(changes, events_ids.INJURY_CHECK, icon=ft.Icons.HEALING, compact=True, page_of=screen.page,
                                   on_tap=lambda: open_screen(screen.ctx, INJURY, back_to=RUNNER))
        self.with_attack = attack
        self.root = wrap_row([self.attack.root, self.injury.root])

    def show(self) -> None:
        t = self.screen.ctx.texts.t
        self.attack.show(t("ui.events.attacks.another"), refused=None, visible=self.with_attack)
        self.injury.show(t("ui.events.panel.injury"), refused=None)


# --------------------------------------------------------------------- 7
def armed_picks(meeting: Meeting) -> dict[str, Any]:
    """The attack of an intruder met since the last attacks (the attacker's action): a
    standard attack, where they met."""
    return {"seat": meeting.seat, "place": meeting.place, "target": "standard", "ignore_darkness": False}


# The latest result's place in the runner's scrolling body: a new one is brought into view,
# since its Resolve sits at the window's bottom edge, away from where it shows.
ATTACK_RESULT_KEY = "event-attack-result"
INJURY_RESULT_KEY = "event-injury-result"
class Armed:
    """The attack chosen at step 7: who attacks whom, the light there, the chance to hit
    (its Resolve is the runner's, at the window's bottom edge)."""

    def __init__(self, screen: KeptScreen) -> None:
        self.screen = screen
        self.text = ft.Text("", size=16, weight=ft.FontWeight.BOLD)
        self.lighting = LightingRow(screen.changes)
        self.odds = ft.Text("", size=15)
        self.root = ft.Container(content=ft.Column([self.text, self.lighting.root, self.odds], spacing=8, tight=True),
                                 bgcolor=theme.SURFACE_HIGH, border_radius=10, padding=12)

    def show(self, meeting: Meeting) -> None:
        ctx, put = self.screen.ctx, self.screen.changes.put
        texts, game = ctx.texts, ctx.game
        put(self.text, value=texts.t("ui.events.attacks.armed", kind=meeting.kind,
                                     who=player_label(texts, game, meeting.seat)))
        self.lighting.show(texts, game, meeting.place, False, unknown="")
        put(self.odds, value=hit_chance_text(ctx, meeting.kind))
        put(self.root, border=ft.Border.all(2, KIND_COLOURS[meeting.kind]))


class AttacksStep:
    """Step 7: the intruders met since the last attacks, one chip each; the chosen attack;
    its result; the other attacks and injury checks; and what step 6 took off the board."""

    def __init__(self, screen: KeptScreen) -> None:
        self.screen = screen
        changes = screen.changes
        self.met_label = label_text()
        self.met_row = wrap_row()
        self.met: KeyedItems[Chip] = KeyedItems(changes, self.met_row, lambda meeting: Chip(
            changes, events_ids.event_attack_pick(meeting.kind, meeting.seat),  # type: ignore[attr-defined]
            lambda: self._arm(meeting)))  # type: ignore[arg-type]
        self.armed = Armed(screen)
        self.result = AttackResult(screen, since=lambda: phase_start_seq(screen.ctx.game))
        self.tools = Tools(screen)
        self.count = ft.Text("", size=15, weight=ft.FontWeight.BOLD)
        self.noise_done = NoiseDone(screen)
        self.result_frame = ft.Container(self.result.root, key=ft.ScrollKey(ATTACK_RESULT_KEY))
        self.root = ft.Column([self.met_label, self.met_row, self.armed.root, self.result_frame, self.tools.root,
                               self.count, self.noise_done.root], spacing=10)
        self.new_result = ShownLast()

    def _arm(self, meeting: Meeting) -> None:
        draft_of(self.screen.ctx).armed = meeting
        self.screen.ctx.rerender()

    def show(self) -> bool:
        """Show the step; whether an attack was resolved since the last show."""
        ctx, put = self.screen.ctx, self.screen.changes.put
        texts, game = ctx.texts, ctx.game
        t = texts.t
        phase = game.event_phase
        assert phase is not None
        draft = draft_of(ctx)
        # An intruder met whose attack this step already resolved is not offered again.
        meetings = [meeting for meeting in met_since_the_last_attacks(ctx, game, phase_start_seq(game))
                    if (meeting.kind, meeting.seat) not in phase.attacks_by]
        if draft.armed not in meetings:
            draft.armed = None
        put(self.met_label, visible=bool(meetings))
        put(self.met_row, visible=bool(meetings))
        if meetings:
            put(self.met_label, value=t("ui.events.attacks.met"))
        self.met.show(((m, m) for m in meetings), lambda chip, m: chip.show(
            t("ui.events.attacks.pick", kind=m.kind, who=player_label(texts, game, m.seat)),
            sublabel=place_label(texts, m.place), selected=m == draft.armed, colour=KIND_COLOURS[m.kind]))
        put(self.armed.root, visible=draft.armed is not None)
        if draft.armed is not None:
            self.armed.show(draft.armed)
        self.result.show()
        self.tools.show()
        put(self.count, value=t("ui.events.attacks.count", count=phase.attacks))
        self.noise_done.show(phase)
        return self.new_result.is_new(self.result.result)


# --------------------------------------------------------------------- 8
class FireStep:
    """Step 8: with no Fire marker on the board nothing burns (said so); else the injury
    check for each intruder in a Room with Fire, then is there Fire in the Nest? (the
    runner's footer holds the answers, which also go on, and the check's Resolve once an
    intruder is chosen)."""

    def __init__(self, screen: KeptScreen) -> None:
        self.screen = screen
        changes = screen.changes
        self.tools = Tools(screen, attack=False)
        self.nothing = Note(changes, events_ids.EVENT_NOTHING_BURNS)
        self.checks = label_text()
        self.form = InjuryForm(screen, resolve_apart=True, resolve_once_chosen=True)
        self.result = InjuryResult(screen, since=lambda: phase_start_seq(screen.ctx.game))
        self.question = ft.Text("", size=17, weight=ft.FontWeight.BOLD)
        self.eggs = theme.muted("", size=14)
        self.answered = Note(changes)
        self.result_frame = ft.Container(self.result.root, key=ft.ScrollKey(INJURY_RESULT_KEY))
        self.new_result = ShownLast()
        self.burning = ft.Column([self.checks, self.form.root, self.result_frame,
                                  ft.Divider(height=1, color=theme.OUTLINE),
                                  self.question, self.eggs, self.answered.root], spacing=10)
        self.root = ft.Column([self.tools.root, self.nothing.root, self.burning], spacing=10)

    def show(self) -> bool:
        """Show the step; whether an injury check was made since the last show."""
        ctx, put = self.screen.ctx, self.screen.changes.put
        t, game = ctx.texts.t, ctx.game
        phase = game.event_phase
        assert phase is not None
        quiet = nothing_burns(phase)
        # No Fire marker anywhere: nothing burns, and continuing records "no Fire in the Nest"
        # (the step shows only after an undo: it goes by in the tap that leaves step 7).
        put(self.tools.root, visible=quiet)
        self.nothing.show(t("ui.events.fire.nothing_burns"), colour=theme.GREEN, icon=ft.Icons.CHECK_CIRCLE,
                          visible=quiet)
        put(self.burning, visible=not quiet)
        if quiet:
            self.tools.show()
            return False
        draft = draft_of(ctx)
        start = phase_start_seq(game)
        if draft.fire_phase != start:  # this phase's fire: no check carried over from an earlier one
            draft.fire_phase = start
            draft.new_injury_check()
        self.result.show()
        forget_checked(ctx, self.result.result)
        put(self.checks, value=t("ui.events.fire.checks"))
        self.form.show()
        put(self.question, value=t("event_phase.question.nest_fire"))
        put(self.eggs, value=t("ui.events.fire.eggs", count=game.bag.eggs))
        answered = phase.nest_fire is not None
        if answered:
            self.answered.show(t("ui.events.fire.answered_yes") if phase.nest_fire else t("ui.events.fire.answered_no"),
                               colour=theme.GREEN, icon=ft.Icons.CHECK_CIRCLE)
        else:
            self.answered.show("", visible=False)
        return self.new_result.is_new(self.result.result)


def asks_the_nest(phase: EventPhaseView) -> bool:
    """Step 8 waits for the Nest answer, and that answer is the way on."""
    return phase.nest_fire is None and phase.known_nest_fire is None
