"""The crew: where each Character is, its board at a glance, its Knowledge, Knowledge token
and Signal, and the ways out of the Facility. Kept (kit.kept): a card per seat, built once;
a tap on one player's Knowledge sends that player's number and nothing else."""
from __future__ import annotations

import flet as ft

from companion.vocab import Pod, Whereabouts
from companion.vocab import Mode
from companion.engine.views import LIGHT_WOUND_STEPS, SERIOUS_WOUND_LIMIT
from companion.engine.commands import (
    ActivateKnowledgeToken,
    ChangeKnowledge,
    EnterPod,
    EscapeToBunker,
    LockIn,
    RecordDeath,
    ReviveCharacter,
    SendSignal,
)
from companion.engine.views import CrewView

from .. import ids, theme
from ..context import UiContext
from ..dialogs import choose, show_message
from ..kit.gate import CommandGate
from ..kit.kept import ActionButton, Card, KeptScreen, KeyedItems, OfferButton
from ..scanner.board import CONTAMINATION_COLOUR, LARVA_COLOUR, SLIME_COLOUR, WOUND_COLOUR, open_board_dialog
from ..scanner.handover import open_scanner_for
from .bits import Pill
from companion.ui.table import ids as table_ids

WHEREABOUTS_COLOURS = {
    Whereabouts.FACILITY: theme.SURFACE_HIGH,
    Whereabouts.ISOLATION: "#2f5d50",
    Whereabouts.BUNKER: "#3d4f7a",
    Whereabouts.POD: "#6b5300",
    Whereabouts.DEAD: "#4a1c1c",
}


def _whereabouts(texts, member: CrewView) -> str:
    if member.whereabouts is Whereabouts.POD and member.pod is not None:
        return texts.pod(member.pod)
    return texts.t(f"whereabouts.{member.whereabouts.value}")


def _free_pods(ctx: UiContext, seat: int) -> list[Pod]:
    """The pods this Character may enter now."""
    return [pod for pod in Pod if (action := ctx.action(EnterPod, seat=seat, pod=pod)) is not None and action.allowed]


def _pod_dialog(gate: CommandGate, member: CrewView) -> None:
    ctx = gate.ctx
    texts = ctx.texts

    def chosen(pod: str) -> None:
        action = ctx.action(EnterPod, seat=member.seat, pod=Pod(pod))
        if action is None:
            show_message(ctx.page, texts.t("error.action_gone"))
            return
        gate.execute(action.command())

    choose(ctx.page, texts, title=texts.t("ui.crew.enter_pod_title", character=member.character),
           options=[(pod.value, texts.pod(pod)) for pod in _free_pods(ctx, member.seat)], on_choice=chosen)


class _BoardPills:
    """What lies on the Character board, in the order a player reads it: one pill each,
    shown while it is there."""

    def __init__(self, screen: KeptScreen, identifier: str) -> None:
        self.screen = screen
        changes = screen.changes
        self.larva, self.slime, self.light, self.serious, self.cards = (Pill(changes) for _ in range(5))
        self.clear = theme.muted("", size=13)
        self.root = ids.tag(identifier, ft.Row([self.larva.root, self.slime.root, self.light.root, self.serious.root,
                                                self.cards.root, self.clear], wrap=True, spacing=6, run_spacing=6))

    def show(self, member: CrewView) -> None:
        t, body, cards = self.screen.ctx.texts.t, member.body, member.contamination_cards
        self.larva.show(t("ui.body.larva"), bgcolor=LARVA_COLOUR, visible=body.larva)
        self.slime.show(t("ui.body.slime"), bgcolor=SLIME_COLOUR, visible=body.slime)
        self.light.show(t("ui.body.light", step=body.light_wounds, steps=LIGHT_WOUND_STEPS), bgcolor=WOUND_COLOUR,
                        visible=bool(body.light_wounds))
        self.serious.show(t("ui.body.serious", total=body.serious_wounds, limit=SERIOUS_WOUND_LIMIT,
                            dressed=body.dressed_wounds), bgcolor=WOUND_COLOUR, visible=bool(body.serious_wounds))
        self.cards.show(t("ui.body.cards", held=cards or 0), bgcolor=CONTAMINATION_COLOUR if cards else theme.SURFACE,
                        visible=cards is not None)
        clear = not (body.larva or body.slime or body.light_wounds or body.serious_wounds or cards is not None)
        self.screen.changes.put(self.clear, visible=clear)
        if clear:
            self.screen.changes.put(self.clear, value=t("ui.body.clear"))


class _Flag:
    """A once-only act (the Knowledge token, the Signal): its button, then a pill saying it is done."""

    def __init__(self, screen: KeptScreen, identifier: str, icon) -> None:
        self.button = OfferButton(screen.changes, identifier, icon=icon, gate_of=screen.gate, page_of=screen.page,
                                  compact=True)
        self.done = Pill(screen.changes)

    def show(self, done: bool, action, label: str, done_label: str, *, visible: bool = True) -> None:
        self.button.show_action(action, label, visible=visible and not done)
        self.done.show(done_label, bgcolor=theme.GREEN, visible=visible and done)


class MemberCard:
    """One Character's card on the crew panel."""

    def __init__(self, screen: KeptScreen, seat: int) -> None:
        self.screen = screen
        self.seat = seat
        changes, gate, page = screen.changes, screen.gate, screen.page
        action = lambda name: table_ids.crew_action(name, seat)  # noqa: E731
        self.person = ft.Icon(ft.Icons.PERSON)
        self.name = ft.Text("", size=17, weight=ft.FontWeight.BOLD, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS)
        self.character = theme.muted("")
        self.phone = ft.Icon(ft.Icons.PHONELINK_OFF, size=20)
        # Hidden as a whole: Flutter draws an error for a shown Semantics around a hidden control.
        self.phone_tag = ids.tag(table_ids.crew_phone(seat), self.phone)
        self.phone_tag.visible = False
        self.where = Pill(changes)
        header = ft.Row([self.person, ft.Column([self.name, self.character], spacing=0, tight=True, expand=True),
                         self.phone_tag, self.where.root], spacing=8)
        self.pills = _BoardPills(screen, table_ids.crew_status(seat))
        self.board = ActionButton(changes, action("board"), icon=ft.Icons.ASSIGNMENT_IND, compact=True, page_of=page,
                                  on_tap=lambda: open_board_dialog(screen.gate(), self._member()))
        self.scanner = ActionButton(changes, action("scanner"), icon=ft.Icons.DOCUMENT_SCANNER, compact=True,
                                    page_of=page, on_tap=lambda: open_scanner_for(screen.ctx, seat))
        self.knowledge_down = OfferButton(changes, action("knowledge-down"), gate_of=gate, page_of=page, compact=True)
        self.knowledge = ft.Text("", size=15, weight=ft.FontWeight.BOLD)
        self.unconfirmed = ft.Container(theme.unconfirmed_badge(14), visible=False)
        self.knowledge_up = OfferButton(changes, action("knowledge-up"), gate_of=gate, page_of=page, compact=True)
        self.token = _Flag(screen, action("knowledge-token"), ft.Icons.LIGHTBULB)
        self.signal = _Flag(screen, action("signal"), ft.Icons.CELL_TOWER)
        self.lock_in = OfferButton(changes, action("lock-in"), icon=ft.Icons.LOCK, gate_of=gate, page_of=page,
                                   compact=True)
        self.bunker = OfferButton(changes, action("bunker"), icon=ft.Icons.SHIELD, gate_of=gate, page_of=page,
                                  compact=True)
        self.pod = OfferButton(changes, action("pod"), icon=ft.Icons.ROCKET, gate_of=gate, page_of=page,
                               compact=True, on_tap=lambda: _pod_dialog(screen.gate(), self._member()))
        self.death = OfferButton(changes, action("death"), icon=ft.Icons.HEART_BROKEN, gate_of=gate, page_of=page,
                                 compact=True, tone="danger")
        # Fully co-operative mode (p.30): a dead Character whose Corpse reached the Emergency Room.
        self.revive = OfferButton(changes, action("revive"), icon=ft.Icons.HEALING, gate_of=gate, page_of=page,
                                  compact=True, tone="primary")
        wrap = dict(wrap=True, spacing=8, run_spacing=8)
        self.alive_rows = ft.Column([
            ft.Row([self.board.root, self.scanner.root], **wrap),
            ft.Row([self.knowledge_down.root,
                    ft.Row([ids.tag(table_ids.crew_knowledge(seat), self.knowledge), self.unconfirmed], spacing=4,
                           tight=True),
                    self.knowledge_up.root], spacing=8, wrap=True),
            ft.Row([self.token.button.root, self.token.done.root, self.signal.button.root, self.signal.done.root],
                   **wrap),
            ft.Row([self.lock_in.root, self.bunker.root, self.pod.root, self.death.root], **wrap),
        ], spacing=8, tight=True)
        self.frame = ft.Container(content=ft.Column([header, self.pills.root, self.alive_rows, self.revive.root],
                                                    spacing=8, tight=True),
                                  bgcolor=theme.SURFACE_HIGH, border_radius=theme.RADIUS, padding=10)
        self.root = ids.tag(table_ids.crew_member(seat), self.frame)

    def _member(self) -> CrewView:
        return self.screen.ctx.game.member(self.seat)

    def inputs(self, member: CrewView) -> tuple:
        """What `show` reads besides the actions it looks up (KeptScreen.show_part)."""
        game = self.screen.ctx.game
        seating = self.screen.ctx.extras.get("seating")
        joined = None if seating is None else self.seat in seating.seats_with_phone()
        return member, joined, game.mode, game.contamination is not None

    def show(self, member: CrewView) -> None:
        ctx, put = self.screen.ctx, self.screen.changes.put
        texts = ctx.texts
        t = texts.t
        seat, dead = member.seat, member.whereabouts is Whereabouts.DEAD
        put(self.person, icon=ft.Icons.PERSON_OFF if dead else ft.Icons.PERSON,
            color=theme.TEXT_MUTED if dead else theme.TEXT)
        put(self.name, value=member.name)
        put(self.character, value=texts.character(member.character))
        seating = ctx.extras.get("seating")
        put(self.phone_tag, visible=seating is not None)
        if seating is not None:
            joined = seat in seating.seats_with_phone()
            put(self.phone, icon=ft.Icons.SMARTPHONE if joined else ft.Icons.PHONELINK_OFF,
                color=theme.GREEN if joined else theme.TEXT_MUTED,
                tooltip=t("ui.players.has_phone") if joined else t("ui.players.no_phone"))
        self.where.show(_whereabouts(texts, member), bgcolor=WHEREABOUTS_COLOURS[member.whereabouts])
        self.pills.show(member)
        put(self.frame, opacity=0.6 if dead else 1.0)
        put(self.alive_rows, visible=not dead)
        self.revive.show_action(ctx.action(ReviveCharacter, seat=seat), t("ui.crew.revive"),
                                visible=dead and ctx.game.mode is Mode.COOP,
                                confirm_params={"name": member.name, "character": member.character})
        if dead:
            return
        self.board.show(t("ui.body.open"), refused=None)
        self.scanner.show(t("ui.scanner.open"), refused=None, visible=ctx.game.contamination is not None)
        rules = ctx.session.rules.knowledge
        self.knowledge_down.show_action(ctx.action(ChangeKnowledge, seat=seat, by=-1), "−")
        put(self.knowledge, value=t("ui.crew.knowledge", value=member.knowledge, maximum=rules.maximum))
        unsure = rules.is_unconfirmed("maximum")
        put(self.unconfirmed, visible=unsure)
        if unsure:
            put(self.unconfirmed, tooltip=t("common.unconfirmed"))
        self.knowledge_up.show_action(ctx.action(ChangeKnowledge, seat=seat, by=1), "+")
        self.token.show(member.knowledge_token_active, ctx.action(ActivateKnowledgeToken, seat=seat),
                        t("ui.crew.knowledge_token"), t("ui.crew.knowledge_token_active"))
        self.signal.show(member.signal_sent, ctx.action(SendSignal, seat=seat), t("ui.crew.signal"),
                         t("ui.crew.signal_sent"))
        self.lock_in.show_action(ctx.action(LockIn, seat=seat), t("ui.crew.lock_in"))
        self.bunker.show_action(ctx.action(EscapeToBunker, seat=seat), t("ui.crew.bunker"))
        # Enabled while any pod is free; else refused with pod A's reason.
        free = _free_pods(ctx, seat)
        self.pod.show_action(ctx.action(EnterPod, seat=seat, pod=free[0] if free else Pod.A), t("ui.crew.enter_pod"))
        self.death.show_action(ctx.action(RecordDeath, seat=seat), t("ui.crew.death"),
                               confirm_params={"name": member.name, "character": member.character})


class CrewPanel:
    def __init__(self, screen: KeptScreen) -> None:
        self.screen = screen
        self.cards_holder = ft.Column([], spacing=8)
        self.cards: KeyedItems[MemberCard] = KeyedItems(screen.changes, self.cards_holder,
                                                        lambda seat: MemberCard(screen, seat))  # type: ignore[arg-type]
        self.card = Card(screen.changes, self.cards_holder, help_of=screen.help)
        self.root = self.card.root

    def show(self) -> None:
        ctx = self.screen.ctx
        t = ctx.texts.t
        self.card.show(t("ui.crew.title"), topic="leaving_the_facility", help_tip=t("ui.rules.help"))
        shown = self.screen.show_part
        self.cards.show(((member.seat, member) for member in ctx.game.crew),
                        lambda card, member: shown(card, card.inputs(member), lambda: card.show(member)))
