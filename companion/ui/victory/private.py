"""A player's own steps of the Victory Check, drawn from their seat's view: the
Contamination check (step 2) and their objective (step 3). Shown on their phone, or on
the shared device while they hold it."""
from __future__ import annotations

from dataclasses import dataclass, field

import flet as ft

from companion.engine.commands import AnswerScan, ChooseObjective, DrawContamination, ReportContamination
from companion.engine.victory_draw import death_chance
from companion.engine.victory_model import CardKind, ObjectiveChoice, ObjectiveKind, VictoryStep
from companion.engine.views import GameView
from companion.engine.vocab import Section

from .. import ids, theme
from ..context import UiContext
from ..kit.chips import chips, choice_chip, label
from ..kit.gate import command_button, styled_button
from ..kit.numbers import percent
from .names import objective_text, why_text

# The counts a player picks from (no count is ever picked for them).
ACTION_COUNTS = range(0, 16)
CONTAMINATION_COUNTS = range(0, 13)


@dataclass
class Draft:
    """What the player has tapped so far, before it is sent. No count starts set: a number
    that changes the odds of a draw is always the player's."""

    action_cards: int | None = None
    contamination_cards: int | None = None
    kind: ObjectiveKind | None = None
    player: int | None = None
    knowledge: int | None = None
    sections: list[Section | None] = field(default_factory=lambda: [None, None])
    answer: bool | None = None


def draft_of(ctx: UiContext, seat: int) -> Draft:
    return ctx.kept(("victory_draft", seat), Draft)


def build_private_victory(ctx: UiContext, view: GameView) -> list[ft.Control]:
    """The seat's Victory Check steps now (nothing when the table is on a shared step): its
    Contamination check and, once it is settled and the Character survives, its objective
    in the same screen (one handover for a player without a phone)."""
    victory = view.public.victory
    own = view.private.victory if view.private is not None else None
    if victory is None or own is None:
        return []
    seat = view.private.seat  # type: ignore[union-attr]
    parts: list[ft.Control] = []
    if own.contamination is not None and victory.step >= VictoryStep.CONTAMINATION:
        parts.append(_contamination(ctx, view, seat))
    if own.must_enter_objective:
        parts.append(_objective(ctx, view, seat))
    if not parts:
        return []
    return [ids.tag(ids.VICTORY_PRIVATE, ft.Column(parts, spacing=theme.GAP,
                                                   horizontal_alignment=ft.CrossAxisAlignment.STRETCH))]


def _yes_no(ctx: UiContext, question: str, value: bool | None, on_pick) -> ft.Control:
    t = ctx.texts.t
    return chips([
        choice_chip(t("ui.victory.yes"), selected=value is True, on_click=lambda _e: on_pick(True),
                    identifier=ids.victory_answer(question, True)),
        choice_chip(t("ui.victory.no"), selected=value is False, on_click=lambda _e: on_pick(False),
                    identifier=ids.victory_answer(question, False)),
    ])


def _counts(ctx: UiContext, which: str, value: int | None, counts: range, on_pick) -> ft.Control:
    """One chip per count: a single tap sets it, and none is set at first."""
    return chips([
        choice_chip(str(count), selected=value == count, on_click=lambda _e, n=count: on_pick(n),
                    identifier=ids.victory_count(which, count))
        for count in counts
    ])


def _draw_button(ctx: UiContext, command, *, label: str) -> ft.Control:
    """The draw, once every count is the player's; until then a disabled button that says why."""
    if command is None:
        t = ctx.texts.t
        return ft.Column([ids.tag(ids.VICTORY_DRAW, styled_button(label, icon=ft.Icons.STYLE, disabled=True)),
                          theme.muted(t("ui.victory.check.count_needed"), size=13)], spacing=4, tight=True)
    return command_button(ctx.gate(), command, label=label, icon=ft.Icons.STYLE, tone="primary",
                          identifier=ids.VICTORY_DRAW, confirm_key="victory_draw")


# --------------------------------------------------------------------- step 2
def _contamination(ctx: UiContext, view: GameView, seat: int) -> ft.Control:
    t = ctx.texts.t
    entry = view.private.victory.contamination  # type: ignore[union-attr]
    victory = view.public.victory
    draft = draft_of(ctx, seat)
    gate = ctx.gate()
    rules = ctx.session.rules
    board_larva = view.public.member(seat).body.larva
    rows: list[ft.Control] = []

    def changed(**values) -> None:
        for name, value in values.items():
            setattr(draft, name, value)
        ctx.rerender()

    if entry.dies is not None:
        rows += _outcome(ctx, seat, entry)
    elif victory.digital_deck:
        held = view.public.member(seat).contamination_cards or 0
        command = (DrawContamination(seat=seat, action_cards=draft.action_cards)
                   if draft.action_cards is not None else None)
        rows += [
            ft.Text(t("ui.victory.check.digital_help", count=held), size=15),
            label(t("ui.victory.check.action_cards")),
            _counts(ctx, "action-cards", draft.action_cards, ACTION_COUNTS, lambda n: changed(action_cards=n)),
            _draw_button(ctx, command, label=t("ui.victory.check.scan_and_draw")),
        ]
    elif entry.larva is None and not (board_larva and rules.victory.larva_skips_scan):
        # The board says whether there is a Larva: only the scan is the player's to tell,
        # and the answer is sent with the tap.
        rows += [theme.muted(t("ui.victory.check.board_larva" if board_larva else "ui.victory.check.board_no_larva"),
                             size=14),
                 label(t("ui.victory.check.infected_question")), theme.muted(t("ui.victory.check.scan_help")),
                 _yes_no(ctx, "infected", None, lambda v: gate.execute(AnswerScan(seat=seat, infected=v)))]
    else:
        chance = None
        command = None
        if draft.action_cards is not None and draft.contamination_cards is not None:
            chance = death_chance(draft.action_cards, draft.contamination_cards,
                                  rules.contamination.victory_check_draws)
            command = DrawContamination(seat=seat, action_cards=draft.action_cards,
                                        contamination_cards=draft.contamination_cards)
        if entry.larva is None:
            rows.append(theme.muted(t("ui.victory.check.board_larva"), size=14))
        rows += [
            ft.Text(t("ui.victory.check.must_draw"), size=15, weight=ft.FontWeight.BOLD, color=theme.ORANGE),
            label(t("ui.victory.check.action_cards")),
            _counts(ctx, "action-cards", draft.action_cards, ACTION_COUNTS, lambda n: changed(action_cards=n)),
            label(t("ui.victory.check.contamination_cards")),
            _counts(ctx, "contamination-cards", draft.contamination_cards, CONTAMINATION_COUNTS,
                    lambda n: changed(contamination_cards=n)),
        ]
        if chance is not None:
            rows.append(theme.muted(t("ui.victory.check.chance", chance=percent(ctx.texts, chance)), size=14))
        rows += [
            _draw_button(ctx, command, label=t("ui.victory.check.draw")),
            theme.muted(t("ui.victory.check.or_at_the_table"), size=14),
            ft.Row([
                command_button(gate, ReportContamination(seat=seat, dies=False),
                               label=t("ui.victory.check.report_survives"), identifier=ids.VICTORY_REPORT_SURVIVES,
                               compact=True),
                command_button(gate, ReportContamination(seat=seat, dies=True),
                               label=t("ui.victory.check.report_dies"), identifier=ids.VICTORY_REPORT_DIES,
                               tone="danger", compact=True),
            ], wrap=True, spacing=8, run_spacing=8),
        ]
    return theme.card(ft.Column(rows, spacing=10), title=t("ui.victory.check.title"))


def _outcome(ctx: UiContext, seat: int, entry) -> list[ft.Control]:
    """The result: the draw card by card (one tap each), then what it means."""
    t = ctx.texts.t
    rows: list[ft.Control] = []
    drawn = entry.drawn or []
    key = ("victory_cards", seat)
    shown = min(ctx.extras.get(key, 0), len(drawn))
    if drawn:
        rows.append(theme.muted(t("ui.victory.check.drawn_help_all", count=len(drawn)), size=14))
        cards = []
        for index, kind in enumerate(drawn, start=1):
            face_up = index <= shown
            contamination = kind is CardKind.CONTAMINATION
            text = t(f"ui.victory.check.card.{kind.value}") if face_up else t("ui.victory.check.card.hidden")
            colour = (theme.RED if contamination else theme.GREEN) if face_up else theme.OUTLINE
            cards.append(ids.tag(ids.victory_card(index), ft.Container(
                content=ft.Text(text, size=14, weight=ft.FontWeight.BOLD, text_align=ft.TextAlign.CENTER),
                width=120, height=70, alignment=ft.Alignment.CENTER, border_radius=8,
                bgcolor=theme.SURFACE_HIGH, border=ft.Border.all(3, colour))))
        rows.append(ft.Row(cards, wrap=True, spacing=8, run_spacing=8))
        if shown < len(drawn):
            def turn(count: int) -> None:
                # Never fewer than are turned now: two quick taps on "next" turn two cards.
                ctx.extras[key] = min(len(drawn), max(count, ctx.extras.get(key, 0) + 1))
                ctx.rerender()

            rows.append(ft.Row([
                ids.tag(ids.VICTORY_TURN_ALL, styled_button(t("ui.victory.check.turn_all"), icon=ft.Icons.FLIP,
                                                            tone="primary",
                                                            on_click=lambda _e: turn(len(drawn)))),
                ids.tag(ids.VICTORY_NEXT_CARD, styled_button(t("ui.victory.check.next_card", index=shown + 1),
                                                             icon=ft.Icons.FLIP, on_click=lambda _e: turn(shown + 1))),
            ], wrap=True, spacing=8, run_spacing=8))
            return rows
    if entry.dies:
        verdict = t("ui.victory.check.you_die")
    elif drawn:
        verdict = t("ui.victory.check.you_survive_draw")
    elif entry.larva is None and entry.infected is None:
        verdict = t("ui.victory.check.you_survive")
    else:
        verdict = t("ui.victory.check.clean")
    rows.append(ids.tag(ids.VICTORY_CHECK_OUTCOME, ft.Container(
        content=ft.Text(verdict, size=17, weight=ft.FontWeight.BOLD),
        bgcolor=theme.DANGER_BG if entry.dies else theme.SURFACE_HIGH, border_radius=theme.RADIUS, padding=10)))
    rows.append(theme.muted(t("ui.victory.check.secret"), size=13))
    return rows


# --------------------------------------------------------------------- step 3 (from step 2 on)
def _objective(ctx: UiContext, view: GameView, seat: int) -> ft.Control:
    """The player's Objective card: saved as soon as it is complete (no button to forget),
    changed by choosing again until the objectives are revealed."""
    t = ctx.texts.t
    game = view.public
    victory = game.victory
    own = view.private.victory  # type: ignore[union-attr]
    draft = draft_of(ctx, seat)
    rules = ctx.session.rules

    def changed(**values) -> None:
        for name, value in values.items():
            setattr(draft, name, value)
        _save_when_complete(ctx, seat, draft, own.objective)
        ctx.rerender()

    rows: list[ft.Control] = []
    if victory.step is VictoryStep.CONTAMINATION and game.mode.value != "coop":
        rows.append(theme.muted(t("ui.victory.objective.early"), size=14))
    if own.objective is not None:
        saved = [ft.Text(t("ui.victory.objective.saved", objective=objective_text(ctx.texts, game, own.objective)),
                         size=15, weight=ft.FontWeight.BOLD)]
        if own.objective_result is not None:
            mark = "ui.victory.objective.would_meet" if own.objective_result.met else "ui.victory.objective.would_fail"
            saved.append(theme.muted(f"{t(mark)} {why_text(ctx.texts, game, own.objective_result)}", size=14))
        rows.append(ids.tag(ids.VICTORY_OBJECTIVE_SAVED, ft.Container(
            content=ft.Column(saved, spacing=4, tight=True), bgcolor=theme.SURFACE_HIGH,
            border_radius=theme.RADIUS, padding=10)))
    rows.append(label(t("ui.victory.objective.kind")))
    rows.append(chips([
        choice_chip(t(f"objective.{kind.value}"), selected=draft.kind is kind,
                    on_click=lambda _e, kind=kind: changed(kind=kind, player=None, knowledge=None,
                                                           sections=[None, None], answer=None),
                    identifier=ids.objective_kind(kind.value))
        for kind in ObjectiveKind
    ]))
    if draft.kind is not None:
        spec = rules.victory.objective(draft.kind.value)
        if spec.is_unconfirmed():
            rows.append(ft.Row([theme.unconfirmed_badge(14),
                                theme.muted(t("ui.victory.objective.unconfirmed"), size=13)], spacing=6))
        if spec.parameter == "player":
            rows.append(label(t("ui.victory.objective.player")))
            rows.append(chips([
                choice_chip(member.name, sublabel=ctx.texts.character(member.character),
                            selected=draft.player == member.seat,
                            on_click=lambda _e, s=member.seat: changed(player=s),
                            identifier=ids.objective_player(member.seat))
                for member in game.crew if member.seat != seat
            ]))
        elif spec.parameter == "knowledge":
            rows.append(label(t("ui.victory.objective.knowledge")))
            rows.append(chips([
                choice_chip(str(value), selected=draft.knowledge == value,
                            on_click=lambda _e, v=value: changed(knowledge=v), identifier=ids.objective_knowledge(value))
                for value in range(1, rules.knowledge.maximum + 1)
            ]))
        elif spec.parameter == "sections":
            for which in (1, 2):
                def pick(section: Section, which: int = which) -> None:
                    sections = list(draft.sections)
                    sections[which - 1] = section
                    changed(sections=sections)

                rows.append(label(t(f"ui.victory.objective.section_{which}")))
                rows.append(chips([
                    choice_chip(ctx.texts.section(section), selected=draft.sections[which - 1] is section,
                                on_click=lambda _e, s=section, pick=pick: pick(s),
                                identifier=ids.objective_section(which, section.value))
                    for section in Section if section is not Section.ELEVATOR
                ]))
        if draft.kind in victory.asked_objectives:
            rows.append(label(t(f"objective_question.{draft.kind.value}")))
            rows.append(_yes_no(ctx, "objective", draft.answer, lambda v: changed(answer=v)))
    rows.append(theme.muted(t("ui.victory.objective.auto_saved"), size=13))
    rows.append(theme.muted(t("ui.victory.objective.secret" if game.mode.value != "coop"
                              else "ui.victory.objective.public"), size=13))
    return theme.card(ft.Column(rows, spacing=10), title=t("ui.victory.objective.title"))


def _save_when_complete(ctx: UiContext, seat: int, draft: Draft, saved: ObjectiveChoice | None) -> None:
    """Send the objective once the card is complete (and differs from the one saved)."""
    rules = ctx.session.rules
    if draft.kind is None:
        return
    spec = rules.victory.objective(draft.kind.value)
    asked = ctx.view.public.victory.asked_objectives if ctx.view is not None else ()
    if draft.kind in asked and draft.answer is None:
        return
    choice = _choice(draft, spec.parameter)
    if choice is not None and choice != saved:
        ctx.gate().execute(ChooseObjective(seat=seat, objective=choice))


def _choice(draft: Draft, parameter: str | None) -> ObjectiveChoice | None:
    """The objective as entered so far (None while a value the card prints is missing)."""
    if draft.kind is None:
        return None
    values: dict = {"kind": draft.kind, "answer": draft.answer}
    if parameter == "player":
        if draft.player is None:
            return None
        values["player"] = draft.player
    elif parameter == "knowledge":
        if draft.knowledge is None:
            return None
        values["knowledge"] = draft.knowledge
    elif parameter == "sections":
        if None in draft.sections or draft.sections[0] is draft.sections[1]:
            return None
        values["sections"] = tuple(draft.sections)
    return ObjectiveChoice(**values)
