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
from ..kit.chips import chips, choice_chip, label, stepper
from ..kit.gate import command_button
from ..kit.numbers import percent
from .names import objective_text, why_text

DEFAULT_ACTION_CARDS = 10


@dataclass
class Draft:
    """What the player has tapped so far, before it is sent."""

    larva: bool | None = None
    infected: bool | None = None
    action_cards: int = DEFAULT_ACTION_CARDS
    contamination_cards: int = 1
    kind: ObjectiveKind | None = None
    player: int | None = None
    knowledge: int = 5
    sections: list[Section | None] = field(default_factory=lambda: [None, None])
    answer: bool | None = None


def draft_of(ctx: UiContext, seat: int) -> Draft:
    return ctx.kept(("victory_draft", seat), Draft)


def build_private_victory(ctx: UiContext, view: GameView) -> list[ft.Control]:
    """The seat's Victory Check steps now (nothing when the table is on a shared step)."""
    victory = view.public.victory
    own = view.private.victory if view.private is not None else None
    if victory is None or own is None:
        return []
    seat = view.private.seat  # type: ignore[union-attr]
    parts: list[ft.Control] = []
    if own.contamination is not None and victory.step >= VictoryStep.CONTAMINATION:
        parts.append(_contamination(ctx, view, seat))
    if victory.step is VictoryStep.OBJECTIVES and own.must_enter_objective:
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


# --------------------------------------------------------------------- step 2
def _contamination(ctx: UiContext, view: GameView, seat: int) -> ft.Control:
    t = ctx.texts.t
    entry = view.private.victory.contamination  # type: ignore[union-attr]
    victory = view.public.victory
    draft = draft_of(ctx, seat)
    gate = ctx.gate()
    rules = ctx.session.rules
    rows: list[ft.Control] = []

    def changed(**values) -> None:
        for name, value in values.items():
            setattr(draft, name, value)
        ctx.rerender()

    if entry.dies is not None:
        rows += _outcome(ctx, seat, entry)
    elif victory.digital_deck:
        held = view.public.member(seat).contamination_cards or 0
        rows += [
            ft.Text(t("ui.victory.check.digital_help", count=held), size=15),
            label(t("ui.victory.check.action_cards")),
            _count(ctx, draft.action_cards, lambda n: changed(action_cards=n), ids.VICTORY_ACTION_CARDS),
            command_button(gate, DrawContamination(seat=seat, action_cards=draft.action_cards),
                           label=t("ui.victory.check.scan_and_draw"), icon=ft.Icons.STYLE, tone="primary",
                           identifier=ids.VICTORY_DRAW, confirm_key="victory_draw"),
        ]
    elif entry.larva is None:
        member = view.public.member(seat)
        if draft.larva is None and member.body.larva:
            draft.larva = True
        skips = rules.victory.larva_skips_scan and draft.larva is True
        rows += [label(t("ui.victory.check.larva_question")),
                 _yes_no(ctx, "larva", draft.larva, lambda v: changed(larva=v))]
        if not skips:
            rows += [label(t("ui.victory.check.infected_question")), theme.muted(t("ui.victory.check.scan_help")),
                     _yes_no(ctx, "infected", draft.infected, lambda v: changed(infected=v))]
        answered = draft.larva is not None and (skips or draft.infected is not None)
        if answered:
            rows.append(command_button(gate, AnswerScan(seat=seat, larva=bool(draft.larva),
                                                         infected=bool(draft.infected) and not skips),
                                       label=t("ui.common.confirm"), icon=ft.Icons.CHECK, tone="primary",
                                       identifier=ids.VICTORY_SCAN_SUBMIT))
    else:
        chance = death_chance(draft.action_cards, draft.contamination_cards,
                              rules.contamination.victory_check_draws)
        rows += [
            ft.Text(t("ui.victory.check.must_draw"), size=15, weight=ft.FontWeight.BOLD, color=theme.ORANGE),
            label(t("ui.victory.check.action_cards")),
            _count(ctx, draft.action_cards, lambda n: changed(action_cards=n), ids.VICTORY_ACTION_CARDS),
            label(t("ui.victory.check.contamination_cards")),
            _count(ctx, draft.contamination_cards, lambda n: changed(contamination_cards=n),
                   ids.VICTORY_CONTAMINATION_CARDS, high=rules.contamination.cards),
            theme.muted(t("ui.victory.check.chance", chance=percent(ctx.texts, chance)), size=14),
            command_button(gate, DrawContamination(seat=seat, action_cards=draft.action_cards,
                                                   contamination_cards=draft.contamination_cards),
                           label=t("ui.victory.check.draw"), icon=ft.Icons.STYLE, tone="primary",
                           identifier=ids.VICTORY_DRAW, confirm_key="victory_draw"),
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


def _count(ctx: UiContext, value: int, on_change, identifier: str, high: int = 40) -> ft.Control:
    t = ctx.texts.t
    return stepper(value, on_change=on_change, identifier=identifier, down_id=f"{identifier}-down",
                   up_id=f"{identifier}-up", down_tip=t("ui.victory.less"), up_tip=t("ui.victory.more"), high=high)


def _outcome(ctx: UiContext, seat: int, entry) -> list[ft.Control]:
    """The result: the draw card by card (one tap each), then what it means."""
    t = ctx.texts.t
    rows: list[ft.Control] = []
    drawn = entry.drawn or []
    key = ("victory_cards", seat)
    shown = min(ctx.extras.get(key, 0), len(drawn))
    if drawn:
        rows.append(theme.muted(t("ui.victory.check.drawn_help", count=len(drawn)), size=14))
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
            def turn(_e) -> None:
                # From what is turned now, not from what was drawn: two quick taps turn two cards.
                ctx.extras[key] = min(len(drawn), ctx.extras.get(key, 0) + 1)
                ctx.rerender()

            rows.append(ids.tag(ids.VICTORY_NEXT_CARD, ft.Button(
                content=t("ui.victory.check.next_card", index=shown + 1), icon=ft.Icons.FLIP, on_click=turn,
                height=48)))
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


# --------------------------------------------------------------------- step 3
def _objective(ctx: UiContext, view: GameView, seat: int) -> ft.Control:
    t = ctx.texts.t
    game = view.public
    victory = game.victory
    own = view.private.victory  # type: ignore[union-attr]
    draft = draft_of(ctx, seat)
    rules = ctx.session.rules

    def changed(**values) -> None:
        for name, value in values.items():
            setattr(draft, name, value)
        ctx.rerender()

    rows: list[ft.Control] = []
    if own.objective is not None:
        saved = [ft.Text(t("ui.victory.objective.saved", objective=objective_text(ctx.texts, game, own.objective)),
                         size=15, weight=ft.FontWeight.BOLD)]
        if own.objective_result is not None:
            mark = "ui.victory.objective.would_meet" if own.objective_result.met else "ui.victory.objective.would_fail"
            saved.append(theme.muted(f"{t(mark)} {why_text(ctx.texts, game, own.objective_result)}", size=14))
        rows.append(ids.tag(ids.VICTORY_OBJECTIVE_SAVED, ft.Container(
            content=ft.Column(saved, spacing=4, tight=True), bgcolor=theme.SURFACE_HIGH,
            border_radius=theme.RADIUS, padding=10)))
        rows.append(theme.muted(t("ui.victory.objective.change"), size=13))
    rows.append(label(t("ui.victory.objective.kind")))
    rows.append(chips([
        choice_chip(t(f"objective.{kind.value}"), selected=draft.kind is kind,
                    on_click=lambda _e, kind=kind: changed(kind=kind, answer=None),
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
            rows.append(_count(ctx, draft.knowledge, lambda n: changed(knowledge=n), ids.VICTORY_OBJECTIVE_KNOWLEDGE,
                               high=rules.knowledge.maximum))
        elif spec.parameter == "sections":
            for which in (1, 2):
                def pick(section: Section, which: int = which) -> None:
                    draft.sections[which - 1] = section
                    ctx.rerender()

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
        choice = _choice(draft, spec.parameter)
        if choice is not None:
            rows.append(theme.muted(objective_text(ctx.texts, game, choice), size=14))
            rows.append(command_button(ctx.gate(), ChooseObjective(seat=seat, objective=choice),
                                       label=t("ui.victory.objective.submit"), icon=ft.Icons.LOCK,
                                       tone="primary", identifier=ids.VICTORY_OBJECTIVE_SUBMIT))
    rows.append(theme.muted(t("ui.victory.objective.secret" if game.mode.value != "coop"
                              else "ui.victory.objective.public"), size=13))
    return theme.card(ft.Column(rows, spacing=10), title=t("ui.victory.objective.title"))


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
        values["knowledge"] = draft.knowledge
    elif parameter == "sections":
        if None in draft.sections:
            return None
        values["sections"] = tuple(draft.sections)
    return ObjectiveChoice(**values)
