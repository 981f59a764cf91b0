"""A player's own steps of the Victory Check, drawn from their seat's view: the
Contamination check (step 2) and their objective (step 3). Shown on their phone, or on
the shared device while they hold it.

Kept parts (kit.kept): built once per page and shown again from every new view; each
reads the player's context through `ctx_of()` when it shows or is tapped (on the shared
device, the session handed to the player, made anew for every view). It is one piece
because both steps share the player's draft and the hand-back that ends them."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

import flet as ft

from companion.engine.commands import AnswerScan, ChooseObjective, DrawContamination, ReportContamination
from companion.engine.views import CardKind, ObjectiveChoice, ObjectiveKind, VictoryStep
from companion.engine.views import GameView
from companion.vocab import Section

from .. import ids, theme
from ..context import UiContext
from ..kit.chips import label
from ..dialogs import show_message
from ..kit.kept import ActionButton, Card, Changes, Chip, KeyedItems, OfferButton
from ..kit.numbers import percent
from ..kit.parts import Later, LinkButton, bring_into_view, wrapping
from .names import objective_text, why_text
from companion.ui.victory import ids as victory_ids

# The counts a player picks from (no count is ever picked for them).
ACTION_COUNTS = range(0, 16)
CONTAMINATION_COUNTS = range(0, 13)
SECTIONS = tuple(section for section in Section if section is not Section.ELEVATOR)
CtxOf = Callable[[], UiContext]
# Scroll keys: what a chosen objective asks; the check's result once drawn.
ASKS_KEY = "victory-objective-asks"
OUTCOME_KEY = "victory-check-outcome"


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
    # Once a kind is chosen only it shows (what it asks comes right under it), until the
    # player asks for the list again.
    other_kind: bool = False


def draft_of(ctx: UiContext, seat: int) -> Draft:
    return ctx.kept(("victory_draft", seat), Draft)  # type: ignore[arg-type]


def cards_turned(ctx: UiContext, seat: int) -> int:
    """How many of the player's drawn cards they turned on this page."""
    return ctx.extras.get(("victory_cards", seat), 0)


def private_work_left(ctx: UiContext, view: GameView | None) -> bool:
    """Whether the seat still has something to do in its private steps now: a check to
    make, drawn cards to turn, an objective to enter."""
    own = view.private.victory if view is not None and view.private is not None else None
    victory = view.public.victory if view is not None else None
    if own is None or victory is None:
        return False
    seat = view.private.seat  # type: ignore[union-attr]
    entry = own.contamination
    if entry is not None and victory.step >= VictoryStep.CONTAMINATION:
        if entry.dies is None:
            return True
        if cards_turned(ctx, seat) < len(entry.drawn or []):
            return True
    return own.must_enter_objective and own.objective is None


def _yes_no(changes: Changes, question: str, on_pick: Callable[[bool], None]) -> tuple[ft.Row, dict[bool, Chip]]:
    chips = {answer: Chip(changes, victory_ids.victory_answer(question, answer), lambda answer=answer: on_pick(answer))
             for answer in (True, False)}
    return _row(chip.root for chip in chips.values()), chips


def _show_yes_no(ctx: UiContext, chips: dict[bool, Chip], value: bool | None) -> None:
    for answer, chip in chips.items():
        chip.show(ctx.texts.t("ui.victory.yes" if answer else "ui.victory.no"), selected=value is answer)


def _row(controls) -> ft.Row:
    return ft.Row(list(controls), wrap=True, spacing=8, run_spacing=8)


class Counts:
    """One chip per count: a single tap sets it, and none is set at first."""

    def __init__(self, changes: Changes, which: str, counts: range, on_pick: Callable[[int], None]) -> None:
        self.chips = {n: Chip(changes, victory_ids.victory_count(which, n), lambda n=n: on_pick(n)) for n in counts}
        self.root = _row(chip.root for chip in self.chips.values())

    def show(self, value: int | None) -> None:
        for count, chip in self.chips.items():
            chip.show(str(count), selected=value == count)


# --------------------------------------------------------------------- step 2
class Outcome:
    """The check's result: the draw card by card (one tap turns them all), then what it means."""

    def __init__(self, owner: "ContaminationCheck") -> None:
        self.owner = owner
        changes = owner.changes
        self.help = theme.muted("", size=14)
        self.cards_row = ft.Row([], wrap=True, spacing=8, run_spacing=8)
        self.cards: KeyedItems[_DrawnCard] = KeyedItems(changes, self.cards_row,
                                                        lambda index: _DrawnCard(changes, int(index)))
        self.turn_all = ActionButton(changes, victory_ids.VICTORY_TURN_ALL, icon=ft.Icons.FLIP, tone="primary",
                                     page_of=owner.page, on_tap=lambda: self._turn(all_cards=True))
        self.next_card = ActionButton(changes, victory_ids.VICTORY_NEXT_CARD, icon=ft.Icons.FLIP, page_of=owner.page,
                                      on_tap=lambda: self._turn(all_cards=False))
        self.turn_row = _row([self.turn_all.root, self.next_card.root])
        self.verdict = ft.Text("", size=17, weight=ft.FontWeight.BOLD)
        self.verdict_box = ids.tag(victory_ids.VICTORY_CHECK_OUTCOME, ft.Container(
            content=self.verdict, bgcolor=theme.SURFACE_HIGH, border_radius=theme.RADIUS, padding=10))
        self.secret = theme.muted("", size=13)
        self.drawn = 0
        self.root = ft.Column([self.help, self.cards_row, self.turn_row, self.verdict_box, self.secret], spacing=10)

    def _turn(self, *, all_cards: bool) -> None:
        ctx, seat = self.owner.ctx_of(), self.owner.seat
        key = ("victory_cards", seat)
        # Never fewer than are turned now: two quick taps on "next" turn two cards.
        turned = ctx.extras.get(key, 0)
        ctx.extras[key] = self.drawn if all_cards else min(self.drawn, turned + 1)
        ctx.rerender()

    def show(self, ctx: UiContext, entry) -> None:
        t, put = ctx.texts.t, self.owner.changes.put
        drawn = list(entry.drawn or [])
        self.drawn = len(drawn)
        shown = min(cards_turned(ctx, self.owner.seat), len(drawn))
        put(self.help, visible=bool(drawn))
        put(self.cards_row, visible=bool(drawn))
        if drawn:
            put(self.help, value=t("ui.victory.check.drawn_help_all", count=len(drawn)))
            self.cards.show(((index, kind) for index, kind in enumerate(drawn, start=1)),
                            lambda card, kind: card.show(ctx, kind, face_up=card.index <= shown))
        turning = shown < len(drawn)
        put(self.turn_row, visible=turning)
        put(self.verdict_box, visible=not turning)
        put(self.secret, visible=not turning)
        if turning:
            self.turn_all.show(t("ui.victory.check.turn_all"), refused=None)
            self.next_card.show(t("ui.victory.check.next_card", index=shown + 1), refused=None)
            return
        if entry.dies:
            verdict = t("ui.victory.check.you_die")
        elif drawn:
            verdict = t("ui.victory.check.you_survive_draw")
        elif entry.larva is None and entry.infected is None:
            verdict = t("ui.victory.check.you_survive")
        else:
            verdict = t("ui.victory.check.clean")
        put(self.verdict, value=verdict)
        put(self.verdict_box.content, bgcolor=theme.DANGER_BG if entry.dies else theme.SURFACE_HIGH)
        put(self.secret, value=t("ui.victory.check.secret"))


class _DrawnCard:
    def __init__(self, changes: Changes, index: int) -> None:
        self.changes = changes
        self.index = index
        self.text = ft.Text("", size=14, weight=ft.FontWeight.BOLD, text_align=ft.TextAlign.CENTER)
        self.frame = ft.Container(content=self.text, width=120, height=70, alignment=ft.Alignment.CENTER,
                                  border_radius=8, bgcolor=theme.SURFACE_HIGH, border=ft.Border.all(3, theme.OUTLINE))
        self.root = ids.tag(victory_ids.victory_card(index), self.frame)

    def show(self, ctx: UiContext, kind: CardKind, *, face_up: bool) -> None:
        t = ctx.texts.t
        contamination = kind is CardKind.CONTAMINATION
        colour = (theme.RED if contamination else theme.GREEN) if face_up else theme.OUTLINE
        self.changes.put(self.text, value=t(f"ui.victory.check.card.{kind.value}") if face_up
                         else t("ui.victory.check.card.hidden"))
        self.changes.put(self.frame, border=ft.Border.all(3, colour))


class ContaminationCheck:
    """Step 2 for one player: the app's deck scans and draws; with the printed deck, the
    scan's answer (the board says whether there is a Larva) or the draw's two counts."""

    def __init__(self, changes: Changes, ctx_of: CtxOf) -> None:
        self.changes = changes
        self.ctx_of = ctx_of
        self.seat = 0
        self.outcome = Outcome(self)
        # The app's deck.
        self.digital_help = ft.Text("", size=15)
        self.digital_label = label("")
        self.digital_counts = Counts(changes, "action-cards", ACTION_COUNTS, lambda n: self._set(action_cards=n))
        self.digital_draw = OfferButton(changes, victory_ids.VICTORY_DRAW, icon=ft.Icons.STYLE, tone="primary",
                                        gate_of=self.gate, page_of=self.page)
        self.digital_needed = theme.muted("", size=13)
        self.digital = ft.Column([self.digital_help, self.digital_label, self.digital_counts.root,
                                  ft.Column([self.digital_draw.root, self.digital_needed], spacing=4, tight=True)],
                                 spacing=10)
        # The printed deck, no Larva: only the scan is the player's to tell, sent with the tap.
        self.board_said = theme.muted("", size=14)
        self.question_label = label("")
        self.question_help = theme.muted("")
        infected_row, self.infected = _yes_no(changes, "infected", self._answer)
        self.question = ft.Column([self.question_label, self.question_help, infected_row], spacing=10)
        # The printed deck, a draw: both counts are the player's.
        self.must_draw = ft.Text("", size=15, weight=ft.FontWeight.BOLD, color=theme.ORANGE)
        self.action_label = label("")
        self.action_counts = Counts(changes, "action-cards", ACTION_COUNTS, lambda n: self._set(action_cards=n))
        self.cards_label = label("")
        self.cards_counts = Counts(changes, "contamination-cards", CONTAMINATION_COUNTS,
                                   lambda n: self._set(contamination_cards=n))
        self.chance = theme.muted("", size=14)
        self.draw = OfferButton(changes, victory_ids.VICTORY_DRAW, icon=ft.Icons.STYLE, tone="primary", gate_of=self.gate,
                                page_of=self.page)
        self.draw_needed = theme.muted("", size=13)
        self.at_the_table = theme.muted("", size=14)
        self.survives = OfferButton(changes, victory_ids.VICTORY_REPORT_SURVIVES, gate_of=self.gate, page_of=self.page,
                                    compact=True)
        self.dies = OfferButton(changes, victory_ids.VICTORY_REPORT_DIES, gate_of=self.gate, page_of=self.page,
                                tone="danger", compact=True)
        self.printed_draw = ft.Column([
            self.must_draw, self.action_label, self.action_counts.root, self.cards_label, self.cards_counts.root,
            self.chance, ft.Column([self.draw.root, self.draw_needed], spacing=4, tight=True), self.at_the_table,
            _row([self.survives.root, self.dies.root])], spacing=10)
        self.outcome_frame = ft.Container(self.outcome.root, key=ft.ScrollKey(OUTCOME_KEY))
        self.card = Card(changes, ft.Column([self.outcome_frame, self.digital, self.board_said, self.question,
                                             self.printed_draw], spacing=10))
        self.root = self.card.root
        self.settled_shown: tuple[int, bool] | None = None  # (seat, whether its check was settled)

    def gate(self):
        return self.ctx_of().gate()

    def page(self) -> ft.Page:
        return self.ctx_of().page

    def _set(self, **values) -> None:
        ctx = self.ctx_of()
        draft = draft_of(ctx, self.seat)
        for name, value in values.items():
            setattr(draft, name, value)
        ctx.rerender()

    def _answer(self, infected: bool) -> None:
        ctx = self.ctx_of()
        action = ctx.action(AnswerScan, seat=self.seat, infected=infected)
        if action is None:
            show_message(ctx.page, ctx.texts.t("error.action_gone"))
            return
        self.gate().execute(action.command())

    def show(self, view: GameView) -> None:
        ctx, put = self.ctx_of(), self.changes.put
        t = ctx.texts.t
        seat = self.seat = view.private.seat  # type: ignore[union-attr]
        entry = view.private.victory.contamination  # type: ignore[union-attr]
        victory = view.public.victory
        draft = draft_of(ctx, seat)
        rules = ctx.session.rules
        board_larva = view.public.member(seat).body.larva
        self.card.show(t("ui.victory.check.title"))
        settled = entry.dies is not None
        digital = not settled and victory.digital_deck
        asked = not settled and not digital and entry.larva is None and not (
            board_larva and rules.victory.larva_skips_scan)
        drawing = not (settled or digital or asked)
        put(self.outcome_frame, visible=settled)
        if self.settled_shown == (seat, False) and settled:
            bring_into_view(ctx.page, self.outcome_frame, OUTCOME_KEY)  # the drawn cards, to turn
        self.settled_shown = (seat, settled)
        put(self.digital, visible=digital)
        put(self.question, visible=asked)
        put(self.printed_draw, visible=drawing)
        said = asked or (drawing and entry.larva is None)
        put(self.board_said, visible=said)
        if said:
            # With a Larva the card skips the scan only when the rules data says so.
            put(self.board_said, value=t("ui.victory.check.board_larva" if drawing
                                         else "ui.victory.check.board_larva_scan" if board_larva
                                         else "ui.victory.check.board_no_larva"))
        if settled:
            self.outcome.show(ctx, entry)
        elif digital:
            held = view.public.member(seat).contamination_cards or 0
            put(self.digital_help, value=t("ui.victory.check.digital_help", count=held))
            put(self.digital_label, value=t("ui.victory.check.action_cards"))
            self.digital_counts.show(draft.action_cards)
            picked = {"action_cards": draft.action_cards} if draft.action_cards is not None else None
            self._show_draw(ctx, self.digital_draw, self.digital_needed, seat, picked,
                            t("ui.victory.check.scan_and_draw"))
        elif asked:
            put(self.question_label, value=t("ui.victory.check.infected_question"))
            put(self.question_help, value=t("ui.victory.check.scan_help"))
            _show_yes_no(ctx, self.infected, None)
        else:
            self._show_printed_draw(ctx, view, draft)

    def _show_draw(self, ctx: UiContext, button: OfferButton, needed: ft.Text, seat: int, picked: dict | None,
                   label_text: str) -> None:
        """`picked`: the player's counts, None until every count is given (the draw waits, saying so)."""
        t = ctx.texts.t
        button.show_action(ctx.action(DrawContamination, seat=seat), label_text, picked=picked or {},
                           unready=t("ui.victory.check.count_needed") if picked is None else None)
        self.changes.put(needed, visible=picked is None)
        if picked is None:
            self.changes.put(needed, value=t("ui.victory.check.count_needed"))

    def _show_printed_draw(self, ctx: UiContext, view: GameView, draft: Draft) -> None:
        t, put = ctx.texts.t, self.changes.put
        seat, own = view.private.seat, view.private.victory  # type: ignore[union-attr]
        put(self.must_draw, value=t("ui.victory.check.must_draw"))
        put(self.action_label, value=t("ui.victory.check.action_cards"))
        self.action_counts.show(draft.action_cards)
        put(self.cards_label, value=t("ui.victory.check.contamination_cards"))
        self.cards_counts.show(draft.contamination_cards)
        picked = None
        ready = draft.action_cards is not None and draft.contamination_cards is not None
        put(self.chance, visible=ready)
        if ready:
            chance = own.death_chance(draft.action_cards, draft.contamination_cards)  # type: ignore[union-attr,arg-type]
            put(self.chance, value=t("ui.victory.check.chance", chance=percent(ctx.texts, chance)))
            picked = {"action_cards": draft.action_cards, "contamination_cards": draft.contamination_cards}
        self._show_draw(ctx, self.draw, self.draw_needed, seat, picked, t("ui.victory.check.draw"))
        put(self.at_the_table, value=t("ui.victory.check.or_at_the_table"))
        self.survives.show_action(ctx.action(ReportContamination, seat=seat, dies=False),
                                  t("ui.victory.check.report_survives"))
        self.dies.show_action(ctx.action(ReportContamination, seat=seat, dies=True), t("ui.victory.check.report_dies"))


# --------------------------------------------------------------------- step 3 (from step 2 on)
class ObjectiveCard:
    """The player's Objective card: saved as soon as it is complete (no button to forget),
    changed by choosing again until the objectives are revealed."""

    def __init__(self, changes: Changes, ctx_of: CtxOf) -> None:
        self.changes = changes
        self.ctx_of = ctx_of
        self.seat = 0
        self.early = theme.muted("", size=14)
        self.saved_text = ft.Text("", size=15, weight=ft.FontWeight.BOLD)
        self.saved_result = theme.muted("", size=14)
        self.saved = ids.tag(victory_ids.VICTORY_OBJECTIVE_SAVED, ft.Container(
            content=ft.Column([self.saved_text, self.saved_result], spacing=4, tight=True),
            bgcolor=theme.SURFACE_HIGH, border_radius=theme.RADIUS, padding=10))
        self.kind_label = label("")
        # Long objective names wrap inside their chip on a narrow phone.
        self.kinds = {kind: wrapping(Chip(changes, victory_ids.objective_kind(kind.value), lambda kind=kind: self._kind(kind)))
                      for kind in ObjectiveKind}
        self.other = LinkButton(changes, victory_ids.OBJECTIVE_OTHER_KIND, icon=ft.Icons.SWAP_HORIZ,
                                on_tap=lambda: self._changed(other_kind=True))
        self.unconfirmed_text = theme.muted("", size=13)
        self.unconfirmed = ft.Row([theme.unconfirmed_badge(14), ft.Container(self.unconfirmed_text, expand=True)],
                                  spacing=6)
        self.player_label = label("")
        self.players_row = _row([])
        self.players: KeyedItems[Chip] = KeyedItems(changes, self.players_row, lambda seat: wrapping(Chip(
            changes, victory_ids.objective_player(int(seat)), lambda: self._changed(player=int(seat)))))
        self.knowledge_label = label("")
        self.knowledge_row = _row([])
        self.knowledge: KeyedItems[Chip] = KeyedItems(changes, self.knowledge_row, lambda value: Chip(
            changes, victory_ids.objective_knowledge(int(value)), lambda: self._changed(knowledge=int(value))))
        self.section_labels = {which: label("") for which in (1, 2)}
        self.sections = {which: {section: Chip(changes, victory_ids.objective_section(which, section.value),
                                               lambda which=which, section=section: self._pick_section(which, section))
                                 for section in SECTIONS} for which in (1, 2)}
        self.section_rows = {which: ft.Column([self.section_labels[which],
                                               _row(chip.root for chip in self.sections[which].values())], spacing=10)
                             for which in (1, 2)}
        self.player_block = ft.Column([self.player_label, self.players_row], spacing=10)
        self.knowledge_block = ft.Column([self.knowledge_label, self.knowledge_row], spacing=10)
        self.question_label = label("")
        answer_row, self.answers = _yes_no(changes, "objective", lambda answer: self._changed(answer=answer))
        self.question = ft.Column([self.question_label, answer_row], spacing=10)
        self.auto_saved = theme.muted("", size=13)
        self.secret = theme.muted("", size=13)
        # What the chosen kind asks: brought into view when a kind is chosen.
        self.asks = ft.Container(ft.Column([self.unconfirmed, self.player_block, self.knowledge_block,
                                            self.section_rows[1], self.section_rows[2], self.question], spacing=10),
                                 key=ft.ScrollKey(ASKS_KEY))
        self.card = Card(changes, ft.Column([
            self.early, self.saved, self.kind_label, _row(chip.root for chip in self.kinds.values()), self.other.root,
            self.asks, self.auto_saved, self.secret], spacing=10))
        self.root = self.card.root
        self.kind_shown: tuple[int, ObjectiveKind | None] | None = None  # (seat, the kind shown)

    # -- taps ----------------------------------------------------------------------
    def _changed(self, **values) -> None:
        ctx = self.ctx_of()
        draft = draft_of(ctx, self.seat)
        for name, value in values.items():
            setattr(draft, name, value)
        own = ctx.view.private.victory if ctx.view is not None and ctx.view.private is not None else None
        _save_when_complete(ctx, self.seat, draft, own.objective if own is not None else None)
        ctx.rerender()

    def _kind(self, kind: ObjectiveKind) -> None:
        draft = draft_of(self.ctx_of(), self.seat)
        if kind is draft.kind:
            self._changed(other_kind=False)  # the same card: keep what was entered
        else:
            self._changed(kind=kind, player=None, knowledge=None, sections=[None, None], answer=None,
                          other_kind=False)

    def _pick_section(self, which: int, section: Section) -> None:
        sections = list(draft_of(self.ctx_of(), self.seat).sections)
        sections[which - 1] = section
        self._changed(sections=sections)

    # -- showing -------------------------------------------------------------------
    def show(self, view: GameView) -> None:
        ctx, put = self.ctx_of(), self.changes.put
        t = ctx.texts.t
        game = view.public
        victory = game.victory
        own = view.private.victory  # type: ignore[union-attr]
        seat = self.seat = view.private.seat  # type: ignore[union-attr]
        draft = draft_of(ctx, seat)
        rules = ctx.session.rules
        coop = game.mode.value == "coop"
        self.card.show(t("ui.victory.objective.title"))
        early = victory.step is VictoryStep.CONTAMINATION and not coop
        put(self.early, visible=early)
        if early:
            put(self.early, value=t("ui.victory.objective.early"))
        put(self.saved, visible=own.objective is not None)
        if own.objective is not None:
            put(self.saved_text, value=t("ui.victory.objective.saved",
                                         objective=objective_text(ctx.texts, game, own.objective)))
            result = own.objective_result
            put(self.saved_result, visible=result is not None)
            if result is not None:
                mark = "ui.victory.objective.would_meet" if result.met else "ui.victory.objective.would_fail"
                put(self.saved_result, value=f"{t(mark)} {why_text(ctx.texts, game, result)}")
        put(self.kind_label, value=t("ui.victory.objective.kind"))
        listing = draft.kind is None or draft.other_kind
        for kind, chip in self.kinds.items():
            put(chip.root, visible=listing or draft.kind is kind)
            chip.show(t(f"objective.{kind.value}"), selected=draft.kind is kind)
        self.other.show(t("ui.phone_screens.objective.other_kind"), visible=not listing)
        spec = rules.victory.objective(draft.kind.value) if draft.kind is not None else None
        unconfirmed = spec is not None and spec.is_unconfirmed()
        put(self.unconfirmed, visible=unconfirmed)
        if unconfirmed:
            put(self.unconfirmed_text, value=t("ui.victory.objective.unconfirmed"))
        parameter = spec.parameter if spec is not None else None
        self._show_players(ctx, game, seat, draft, parameter == "player")
        self._show_knowledge(ctx, draft, parameter == "knowledge")
        for which in (1, 2):
            put(self.section_rows[which], visible=parameter == "sections")
            if parameter == "sections":
                put(self.section_labels[which], value=t(f"ui.victory.objective.section_{which}"))
                for section, chip in self.sections[which].items():
                    chip.show(ctx.texts.section(section), selected=draft.sections[which - 1] is section)
        asked = draft.kind is not None and draft.kind in victory.asked_objectives
        put(self.question, visible=asked)
        if asked:
            put(self.question_label, value=t(f"objective_question.{draft.kind.value}"))  # type: ignore[union-attr]
            _show_yes_no(ctx, self.answers, draft.answer)
        put(self.auto_saved, value=t("ui.victory.objective.auto_saved"))
        put(self.secret, value=t("ui.victory.objective.public" if coop else "ui.victory.objective.secret"))
        chosen, self.kind_shown = self.kind_shown, (seat, draft.kind)
        if draft.kind is not None and chosen is not None and chosen != (seat, draft.kind) and (parameter is not None or asked):
            bring_into_view(ctx.page, self.asks, ASKS_KEY)

    def _show_players(self, ctx: UiContext, game, seat: int, draft: Draft, shown: bool) -> None:
        put = self.changes.put
        put(self.player_block, visible=shown)
        if not shown:
            return
        put(self.player_label, value=ctx.texts.t("ui.victory.objective.player"))
        self.players.show(((member.seat, member) for member in game.crew if member.seat != seat),
                          lambda chip, member: chip.show(member.name, sublabel=ctx.texts.character(member.character),
                                                         selected=draft.player == member.seat))

    def _show_knowledge(self, ctx: UiContext, draft: Draft, shown: bool) -> None:
        put = self.changes.put
        put(self.knowledge_block, visible=shown)
        if not shown:
            return
        put(self.knowledge_label, value=ctx.texts.t("ui.victory.objective.knowledge"))
        maximum = ctx.session.rules.knowledge.maximum
        self.knowledge.show(((value, value) for value in range(1, maximum + 1)),
                            lambda chip, value: chip.show(str(value), selected=draft.knowledge == value))


def _save_when_complete(ctx: UiContext, seat: int, draft: Draft, saved: ObjectiveChoice | None) -> None:
    """Send the objective once the card is complete (and differs from the one saved)."""
    rules = ctx.session.rules
    if draft.kind is None:
        return
    spec = rules.victory.objective(draft.kind.value)
    asked = ctx.view.public.victory.asked_objectives if ctx.view is not None and ctx.view.public.victory else ()
    if draft.kind in asked and draft.answer is None:
        return
    choice = _choice(draft, spec.parameter)
    if choice is None or choice == saved:
        return
    action = ctx.action(ChooseObjective, seat=seat)
    if action is not None and action.refusal is not None:
        show_message(ctx.page, ctx.texts.error(action.refusal))
    elif action is None or not action.allows(objective=choice):
        show_message(ctx.page, ctx.texts.t("error.action_gone"))
    else:
        ctx.gate().execute(action.command(objective=choice))


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


# --------------------------------------------------------------------- both
class PrivateVictory:
    """The seat's Victory Check steps now (nothing when the table is on a shared step): its
    Contamination check and, once it is settled and the Character survives, its objective
    in the same screen (one handover for a player without a phone). Each is built the
    first time it is needed."""

    def __init__(self, changes: Changes, ctx_of: CtxOf) -> None:
        self.changes = changes
        self.ctx_of = ctx_of
        self.check = Later(changes, lambda: ContaminationCheck(changes, ctx_of))
        self.objective = Later(changes, lambda: ObjectiveCard(changes, ctx_of))
        self.root = ids.tag(victory_ids.VICTORY_PRIVATE, ft.Column([self.check.root, self.objective.root], spacing=theme.GAP,
                                                           horizontal_alignment=ft.CrossAxisAlignment.STRETCH))

    def show(self, view: GameView | None) -> bool:
        """Whether the seat has a step now (the part is visible)."""
        victory = view.public.victory if view is not None else None
        own = view.private.victory if view is not None and view.private is not None else None
        check = own is not None and victory is not None and own.contamination is not None and \
            victory.step >= VictoryStep.CONTAMINATION
        objective = own is not None and victory is not None and own.must_enter_objective
        self.changes.put(self.root, visible=check or objective)
        self.check.show(check, lambda part: part.show(view))  # type: ignore[arg-type]
        self.objective.show(objective, lambda part: part.show(view))  # type: ignore[arg-type]
        return check or objective
