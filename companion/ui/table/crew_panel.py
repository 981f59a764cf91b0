"""The crew: where each Character is, its Knowledge, Knowledge token and Signal."""
from __future__ import annotations

import flet as ft

from companion.engine import Pod, Whereabouts
from companion.engine.commands import (
    ActivateKnowledgeToken,
    ChangeKnowledge,
    EnterPod,
    EscapeToBunker,
    LockIn,
    RecordDeath,
    SendSignal,
)
from companion.engine.views import CrewView

from .. import ids, theme
from ..dialogs import choose
from ..kit.memo import kept_panel
from ..kit.gate import CommandGate, command_button
from ..rules_screen import help_button
from ..scanner.board import status_row
from ..scanner.crew_entry import board_buttons

WHEREABOUTS_COLOURS = {
    Whereabouts.FACILITY: theme.SURFACE_HIGH,
    Whereabouts.ISOLATION: "#2f5d50",
    Whereabouts.BUNKER: "#3d4f7a",
    Whereabouts.POD: "#6b5300",
    Whereabouts.DEAD: "#4a1c1c",
}


def _whereabouts(gate: CommandGate, member: CrewView) -> str:
    texts = gate.ctx.texts
    if member.whereabouts is Whereabouts.POD and member.pod is not None:
        return texts.pod(member.pod)
    return texts.t(f"whereabouts.{member.whereabouts.value}")


def _pod_dialog(gate: CommandGate, member: CrewView) -> None:
    texts = gate.ctx.texts
    free = [pod for pod in Pod if gate.refusal(EnterPod(seat=member.seat, pod=pod)) is None]
    choose(
        gate.ctx.page,
        texts,
        title=texts.t("ui.crew.enter_pod_title", character=member.character),
        options=[(pod.value, texts.pod(pod)) for pod in free],
        on_choice=lambda pod: gate.execute(EnterPod(seat=member.seat, pod=Pod(pod))),
    )


def _knowledge_row(gate: CommandGate, member: CrewView) -> ft.Control:
    t = gate.ctx.texts.t
    rules = gate.ctx.session.rules.knowledge
    seat = member.seat
    marks: list[ft.Control] = [
        ids.tag(ids.crew_knowledge(seat), ft.Text(t("ui.crew.knowledge", value=member.knowledge,
                                                     maximum=rules.maximum), size=15, weight=ft.FontWeight.BOLD)),
    ]
    if rules.is_unconfirmed("maximum"):
        marks.append(ft.Container(theme.unconfirmed_badge(14), tooltip=t("common.unconfirmed")))
    return ft.Row(
        [
            command_button(gate, ChangeKnowledge(seat=seat, by=-1), label="−",
                           identifier=ids.crew_action("knowledge-down", seat), compact=True),
            ft.Row(marks, spacing=4, tight=True),
            command_button(gate, ChangeKnowledge(seat=seat, by=1), label="+",
                           identifier=ids.crew_action("knowledge-up", seat), compact=True),
        ],
        spacing=8,
        wrap=True,
    )


def _flag(gate: CommandGate, *, done: bool, done_key: str, command, label_key: str, identifier: str,
          icon) -> ft.Control:
    t = gate.ctx.texts.t
    if done:
        return theme.pill(t(done_key), bgcolor=theme.GREEN)
    return command_button(gate, command, label=t(label_key), icon=icon, identifier=identifier, compact=True)


def _phone_mark(gate: CommandGate, seat: int) -> list[ft.Control]:
    """Whether this seat's player has joined from a phone (only when phones can join)."""
    seating = gate.ctx.extras.get("seating")
    if seating is None:
        return []
    t = gate.ctx.texts.t
    joined = seat in seating.seats_with_phone()
    return [ids.tag(ids.crew_phone(seat), ft.Icon(
        ft.Icons.SMARTPHONE if joined else ft.Icons.PHONELINK_OFF, size=20,
        color=theme.GREEN if joined else theme.TEXT_MUTED,
        tooltip=t("ui.players.has_phone") if joined else t("ui.players.no_phone")))]


def _member_card(gate: CommandGate, member: CrewView) -> ft.Control:
    texts = gate.ctx.texts
    t = texts.t
    seat = member.seat
    dead = member.whereabouts is Whereabouts.DEAD
    header = ft.Row(
        [
            ft.Icon(ft.Icons.PERSON_OFF if dead else ft.Icons.PERSON, color=theme.TEXT_MUTED if dead else
                    theme.TEXT),
            ft.Column(
                [ft.Text(member.name, size=17, weight=ft.FontWeight.BOLD, max_lines=1,
                         overflow=ft.TextOverflow.ELLIPSIS),
                 theme.muted(texts.character(member.character))],
                spacing=0, tight=True, expand=True,
            ),
            *_phone_mark(gate, seat),
            theme.pill(_whereabouts(gate, member), bgcolor=WHEREABOUTS_COLOURS[member.whereabouts]),
        ],
        spacing=8,
    )
    rows: list[ft.Control] = [header, status_row(texts, member, ids.crew_status(seat))]
    if not dead:
        rows.append(board_buttons(gate, member))
        rows.append(_knowledge_row(gate, member))
        rows.append(ft.Row(
            [
                _flag(gate, done=member.knowledge_token_active, done_key="ui.crew.knowledge_token_active",
                      command=ActivateKnowledgeToken(seat=seat), label_key="ui.crew.knowledge_token",
                      identifier=ids.crew_action("knowledge-token", seat), icon=ft.Icons.LIGHTBULB),
                _flag(gate, done=member.signal_sent, done_key="ui.crew.signal_sent",
                      command=SendSignal(seat=seat), label_key="ui.crew.signal",
                      identifier=ids.crew_action("signal", seat), icon=ft.Icons.CELL_TOWER),
            ],
            wrap=True, spacing=8, run_spacing=8,
        ))
        pod_any = next((EnterPod(seat=seat, pod=p) for p in Pod
                        if gate.refusal(EnterPod(seat=seat, pod=p)) is None), EnterPod(seat=seat, pod=Pod.A))
        rows.append(ft.Row(
            [
                command_button(gate, LockIn(seat=seat), label=t("ui.crew.lock_in"), icon=ft.Icons.LOCK,
                               identifier=ids.crew_action("lock-in", seat), compact=True, confirm_key="lock_in"),
                command_button(gate, EscapeToBunker(seat=seat), label=t("ui.crew.bunker"),
                               icon=ft.Icons.SHIELD, identifier=ids.crew_action("bunker", seat), compact=True),
                command_button(gate, pod_any, label=t("ui.crew.enter_pod"), icon=ft.Icons.ROCKET,
                               identifier=ids.crew_action("pod", seat), compact=True,
                               on_click=lambda _e: _pod_dialog(gate, member)),
                command_button(gate, RecordDeath(seat=seat), label=t("ui.crew.death"),
                               icon=ft.Icons.HEART_BROKEN, identifier=ids.crew_action("death", seat),
                               compact=True, tone="danger", confirm_key="death",
                               confirm_params={"name": member.name, "character": member.character}),
            ],
            wrap=True, spacing=8, run_spacing=8,
        ))
    return ids.tag(ids.crew_member(seat), ft.Container(
        content=ft.Column(rows, spacing=8, tight=True),
        bgcolor=theme.SURFACE_HIGH,
        border_radius=theme.RADIUS,
        padding=10,
        opacity=0.6 if dead else 1.0,
    ))


def build_crew_panel(gate: CommandGate) -> ft.Control:
    """Each member's card is kept while that member is unchanged, so a tap on one player's
    Knowledge sends only that player's card."""
    ctx = gate.ctx
    state = ctx.game
    seating = ctx.extras.get("seating")
    phones = seating.seats_with_phone() if seating is not None else None
    with_deck = state.contamination is not None
    cards = [kept_panel(ctx, f"crew-member-{member.seat}",
                        (member, phones is not None and member.seat in phones, phones is None, with_deck),
                        lambda member=member: _member_card(gate, member))
             for member in state.crew]
    return theme.card(ft.Column(cards, spacing=8), title=gate.ctx.texts.t("ui.crew.title"),
                      help=help_button(gate.ctx, "leaving_the_facility"))
