"""What one viewer may know of a game: the only thing a screen ever renders from.

A viewer is the table (the shared screen), one seat (a player's phone), or nobody (a
browser that has not joined). `view_for` projects the full state into an immutable
view: the public part for every viewer, a seat's private part only for that seat, the
table's extras only for the table, and never what no screen may know (the RNG and its
seed, the order of the bag and of the decks, the next draw, the bag's token numbers).
"""
from __future__ import annotations

from collections import Counter
from fractions import Fraction
from typing import TYPE_CHECKING, Literal

from pydantic import BaseModel, ConfigDict

import companion.engine.queries as queries
from .bag.model import MINIATURE_KINDS, TOKEN_KINDS, Awaiting, BagDraw, Lighting, Place, TokenOutcome
from .contamination.handlers import shell_scans_missing
from .contamination.views import (
    BodyView,
    ContaminationDeckView,
    SeatContaminationView,
    body_view,
    deck_view,
    held_count,
    seat_contamination,
)
from .decks.cards import Deck
from .track.first_player import holder as first_player_holder, next_first_player, passed_over, turn_order
from .bag.odds import bag_odds, possible_outcomes
from .victory.views import (
    ContingencyView,
    SeatContingencyView,
    SeatVictoryView,
    VictoryView,
    contingency_view,
    seat_contingency,
    seat_victory,
    victory_view,
)
from .phase.model import EventEffect, EventStep
from .pending.model import PendingAttack, PendingKind
from .bag.views import HAND_MAX, BagOddsRow, BagOddsView, BagView, bag_view
from .decks.views import AttackOddsView, DeckView, DecksView, InjuryOddsView, RetreatView, decks_view
from .phase.views import EventPhaseView, phase_view
from .results import AttackResult, InjuryResult
from .actions import Action, Actions, JudgedOffers, Offered, Refusal, legal_actions, offered_actions
from .view_base import View as _View
from .viewer import NOBODY, TABLE, Viewer, seat_viewer
from .state import GameEnd, GameState
from .victory.fates import everyone_lost
from ..vocab import Mode, Pod, Section, Whereabouts

if TYPE_CHECKING:
    from companion.rules import Rules



class PowerView(_View):
    number: int
    active: bool


class SelfDestructView(_View):
    slot: int
    red: bool

    @property
    def can_be_stopped(self) -> bool:
        return not self.red


class CrewView(_View):
    """What everyone at the table sees of a Character (it is all on the board)."""

    seat: int
    name: str
    character: str
    whereabouts: Whereabouts
    pod: Pod | None
    knowledge: int
    knowledge_token_active: bool
    signal_sent: bool
    launched: bool
    # The Character board, and how many Contamination cards the player holds (their
    # stand-ins are in hand; None without the digital deck).
    body: BodyView
    contamination_cards: int | None

    @property
    def is_in_facility(self) -> bool:
        return self.whereabouts is Whereabouts.FACILITY

    @property
    def is_waiting_in_pod(self) -> bool:
        return self.whereabouts is Whereabouts.POD and not self.launched


class ThresholdAhead(_View):
    """The next red or blue threshold ahead of the Time token."""

    slot: int
    colour: str
    # How many advances of Time reach it (1: the next one).
    advances: int
    # Whether it would flip a Power token with the backup power as it is now.
    fires: bool


class RoundEndView(_View):
    next_round: int
    first_player_passes: bool
    # Who takes the First Player token when the round ends, and whom it passes over
    # (a reading: the rules data's unconfirmed `first_player_skips`).
    new_first_player: int | None = None
    first_player_skipped: tuple[int, ...] = ()


class AttackView(AttackResult):
    """The latest attack, as everyone saw it."""

    model_config = ConfigDict(frozen=True, extra="forbid")


class InjuryView(InjuryResult):
    """The latest injury check, as everyone saw it."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    cards: tuple[str, ...] = ()


class LatestView(_View):
    """What just happened, for the result cards: the latest attack and injury check, and
    the step that started the current (or last) Event Phase."""

    attack: AttackView | None
    injury: InjuryView | None
    event_phase_start: int | None


class PublicView(_View):
    """Everything on the board, the track and the shared screen."""

    mode: Mode
    round: int
    time: int
    time_active: bool
    power: dict[Section, PowerView]
    self_destruct: SelfDestructView | None
    alert_slot: int | None
    fire: int
    fire_pool: int
    malfunction: int
    malfunction_pool: int
    main_gate_open: bool
    isolation_open: bool
    first_encounter_done: bool
    first_death_done: bool
    css_launched_at: int | None
    crew: tuple[CrewView, ...]
    bag: BagView
    decks: DecksView
    event_phase: EventPhaseView | None
    # The digital Contamination deck (None: the table uses its printed cards).
    contamination: ContaminationDeckView | None
    # Where the round is, for a glance: "player" (the Player Phase), "event" (the runner,
    # at `phase_step`) or "over"; who holds the First Player token and who takes it next.
    phase: Literal["player", "event", "over"]
    phase_step: EventStep | None
    # None while the holder has left the game and the token waits for step 2 (rules data).
    first_player: int | None
    next_first_player: int | None
    # The seats in the order players do things (p.13): the First Player, then clockwise.
    turn_order: tuple[int, ...]
    end: GameEnd | None
    # The game is over with nobody alive: there is no Victory Check, everyone has lost.
    everyone_lost: bool
    commands_applied: int
    # Answers the engine gives the screens (queries.py), so no rule lives in a screen:
    # which number of an Intruder token applies where (from the Power tokens),
    lighting: dict[Place, Lighting]
    # the command that develops the bag now (the runner's at step 10, else the plain one),
    development_command: Literal["develop_bag", "event_develop_bag"]
    # the kinds whose supply token can go into the bag now,
    addable_kinds: tuple[str, ...]
    # the next threshold, whether step 4 waits for a CSS face, what step 11 says.
    next_threshold: ThresholdAhead | None
    css_launch_pending: bool
    round_end: RoundEndView
    # The typed results of the latest attack, injury check and Event Phase start.
    latest: LatestView
    # What the game owes now and the table resolves once (an encounter's Surprise Attack,
    # Evolve's Breeder): a screen offers a resolution only while its item is here.
    pending: tuple[PendingAttack, ...] = ()
    # The app's Contingency tokens (None: the table keeps the physical ones), and the
    # Victory Check walkthrough once started (victory/views.py).
    contingency: ContingencyView | None = None
    victory: VictoryView | None = None

    @property
    def is_over(self) -> bool:
        return self.end is not None

    @property
    def shown_round(self) -> int:
        """The round every screen names: during an Event Phase, the round it belongs to
        (Time advancing at step 5 already counts the next one)."""
        return self.event_phase.round if self.event_phase is not None else self.round

    def member(self, seat: int) -> CrewView:
        for member in self.crew:
            if member.seat == seat:
                return member
        raise KeyError(seat)

    def is_powered(self, section: Section) -> bool:
        return self.power[section].active

    def active_power_tokens(self) -> list[PowerView]:
        return [token for token in self.power.values() if token.active]

    def anyone_in_facility(self) -> bool:
        return any(member.is_in_facility for member in self.crew)

    def active_seats(self) -> list[int]:
        """Seats whose Character can meet or be attacked by an intruder: still in the Facility."""
        return [member.seat for member in self.crew if member.is_in_facility]

    def pending_attack(self, kind: PendingKind, seat: int | None = None) -> PendingAttack | None:
        """The open pending attack of `kind` (for `seat`, when given), if any."""
        return next((item for item in self.pending if item.kind is kind and (seat is None or item.seat == seat)),
                    None)


class SeatPrivate(_View):
    """What only this seat's player may see (their hand's secrets live here)."""

    seat: int
    # Their Contamination cards' count and scan results (None without the digital deck).
    contamination: SeatContaminationView | None = None
    # Their Contingency tokens and looks, and their own Victory Check steps.
    contingency: SeatContingencyView | None = None
    victory: SeatVictoryView | None = None


class TableExtras(_View):
    """What only the shared screen needs: the physical bag's possible draws."""

    # Physical bag: each (kind, light, dark) combination that can still come out; the
    # table put the tokens in and reports what it draws.
    possible_outcomes: tuple[tuple[str, int | None, int | None], ...] = ()


class GameView(_View):
    viewer: Viewer
    public: PublicView
    private: SeatPrivate | None = None
    table: TableExtras | None = None
    # What this viewer may do now (engine/actions.py): the only buttons its screens draw.
    actions: Actions = Actions()


def _latest_view(state: GameState) -> LatestView:
    latest = state.latest
    return LatestView(
        attack=AttackView.model_validate(latest.attack.model_dump()) if latest.attack is not None else None,
        injury=InjuryView.model_validate(latest.injury.model_dump()) if latest.injury is not None else None,
        event_phase_start=latest.event_phase_start,
    )


def public_view(state: GameState, rules: "Rules") -> PublicView:
    return PublicView(
        mode=state.mode,
        round=state.round,
        time=state.time,
        time_active=state.time_active,
        power={section: PowerView(number=token.number, active=token.active) for section, token in state.power.items()},
        self_destruct=(SelfDestructView(slot=state.self_destruct.slot, red=state.self_destruct.red)
                       if state.self_destruct is not None else None),
        alert_slot=state.alert_slot,
        fire=state.fire,
        fire_pool=state.fire_pool,
        malfunction=state.malfunction,
        malfunction_pool=state.malfunction_pool,
        main_gate_open=state.main_gate_open,
        isolation_open=state.isolation_open,
        first_encounter_done=state.first_encounter_done,
        first_death_done=state.first_death_done,
        css_launched_at=state.css_launched_at,
        crew=tuple(
            CrewView(seat=m.seat, name=m.name, character=m.character, whereabouts=m.whereabouts, pod=m.pod,
                     knowledge=m.knowledge, knowledge_token_active=m.knowledge_token_active,
                     signal_sent=m.signal_sent, launched=m.launched, body=body_view(m.body),
                     contamination_cards=held_count(state, m.seat))
            for m in state.crew
        ),
        bag=bag_view(state, rules),
        decks=decks_view(state, rules),
        event_phase=phase_view(state),
        contamination=deck_view(state, rules),
        phase="over" if state.is_over else "event" if state.event_phase is not None else "player",
        phase_step=state.event_phase.step if state.event_phase is not None else None,
        first_player=first_player_holder(state, rules),
        next_first_player=next_first_player(state, rules),
        turn_order=tuple(turn_order(state)),
        end=state.end.model_copy(deep=True) if state.end is not None else None,
        everyone_lost=everyone_lost(state, rules),
        commands_applied=state.commands_applied,
        lighting={place: queries.lighting(state, rules, place) for place in queries.places(rules)},
        development_command=queries.development_command(state).type,
        addable_kinds=tuple(kind for kind in MINIATURE_KINDS if queries.can_add_to_bag(state, rules, kind)),
        next_threshold=_threshold_ahead(state, rules),
        css_launch_pending=queries.css_launch_pending(state, rules),
        round_end=_round_end_view(state, rules),
        latest=_latest_view(state),
        pending=tuple(state.pending),
        contingency=contingency_view(state, rules),
        victory=victory_view(state, rules),
    )


def _round_end_view(state: GameState, rules: "Rules") -> RoundEndView:
    reminders = queries.round_end(state, rules)
    skipped = tuple(passed_over(state, rules)) if reminders.new_first_player is not None else ()
    return RoundEndView(**vars(reminders), first_player_skipped=skipped)


def _threshold_ahead(state: GameState, rules: "Rules") -> ThresholdAhead | None:
    ahead = queries.next_threshold(state, rules)
    if ahead is None:
        return None
    return ThresholdAhead(slot=ahead.slot.number, colour=ahead.colour, advances=ahead.advances, fires=ahead.fires)


def _possible_outcomes(state: GameState, rules: "Rules") -> tuple[tuple[str, int | None, int | None], ...]:
    """What a physical bag may give now, as the table knows it (none for a digital bag)."""
    if not state.bag.physical_bag:
        return ()
    return tuple((option.kind, option.light, option.dark) for option in possible_outcomes(state.bag, rules))


class SharedParts(_View):
    """What every viewer's view of one state shares, worked out once per change: the public
    part and the judged offers (each viewer's actions are a filter of them)."""

    model_config = ConfigDict(arbitrary_types_allowed=True)

    public: PublicView
    offered: JudgedOffers


def shared_parts(state: GameState, rules: "Rules") -> SharedParts:
    return SharedParts(public=public_view(state, rules), offered=offered_actions(state, rules))


def view_for(state: GameState, viewer: Viewer, rules: "Rules", shared: SharedParts | None = None) -> GameView:
    """The view `viewer` renders from; raises KeyError for a seat not in the game.
    `shared`: `shared_parts(state, rules)`, when the caller builds several viewers' views
    of one state."""
    public = shared.public if shared is not None else public_view(state, rules)
    private = None
    table = None
    if viewer.kind == "seat":
        public.member(viewer.seat)  # type: ignore[arg-type]
        private = SeatPrivate(seat=viewer.seat,  # type: ignore[arg-type]
                              contamination=seat_contamination(state, viewer.seat, rules),  # type: ignore[arg-type]
                              contingency=seat_contingency(state, viewer.seat, rules),  # type: ignore[arg-type]
                              victory=seat_victory(state, viewer.seat, rules))  # type: ignore[arg-type]
    elif viewer.is_table:
        table = TableExtras(possible_outcomes=_possible_outcomes(state, rules))
    return GameView(viewer=viewer, public=public, private=private, table=table,
                    actions=legal_actions(state, viewer, rules, shared.offered if shared is not None else None))


# What screens may name besides the views: the game's vocabulary, re-exported so that a
# screen imports the engine only through this module, the commands and the actions.
from .bag.model import Awaiting, Place, BagDraw, DrawPurpose, DrawResult, Lighting, TokenOutcome, MINIATURE_KINDS, TOKEN_KINDS  # noqa: E402,F811
from .contamination.model import INFECTED, ScanProcedure, ScanScope  # noqa: E402,F811
from .contamination.views import CheckView, ScanFormView, ScannedCardView, ScanView, SeatContaminationView  # noqa: E402,F811
from .crew.body_model import LIGHT_WOUND_STEPS, SERIOUS_WOUND_LIMIT  # noqa: E402,F811
from .decks.cards import ATTACK_DECK, EVENT_DECK, Deck, attack_card, event_card  # noqa: E402,F811
from .decks.attacks import INJURIES_MAX  # noqa: E402,F811
from .journal import Event, Topic  # noqa: E402,F811
from .pending.model import PendingAttack, PendingKind  # noqa: E402,F811
from .phase.model import EventEffect, EventStep  # noqa: E402,F811
from .results import AttackOutcome, InjuryOutcome  # noqa: E402,F811
from .state import CharacterFate  # noqa: E402,F811
from .undone import NOTICE_FAMILY  # noqa: E402,F811
from .setup import PLAYER_COUNTS  # noqa: E402,F811
from .victory.model import CardKind, ObjectiveChoice, ObjectiveKind, VictoryStep, DeathCause, ObjectiveResult  # noqa: E402,F811
from .victory.views import ContingencyTokenView, VictoryView  # noqa: E402,F811
from .errors import IllegalCommand  # noqa: E402
from .apply import GameEnding  # noqa: E402
from .commands import command_to_json  # noqa: E402

__all__ = [
    "HAND_MAX", "MINIATURE_KINDS", "Viewer", "TABLE", "NOBODY", "seat_viewer", "GameView", "PublicView",
    "SeatPrivate", "TableExtras", "BagView", "BagOddsView", "DeckView", "DecksView", "CrewView",
    "EventPhaseView", "PowerView", "SelfDestructView", "LatestView", "AttackView", "InjuryView", "view_for",
    "public_view", "Action", "Actions", "Refusal", "Awaiting", "Place", "BagDraw", "DrawPurpose", "DrawResult",
    "Lighting", "TokenOutcome", "TOKEN_KINDS", "INFECTED", "ScanProcedure", "ScanScope", "CheckView",
    "ScannedCardView", "ScanView", "SeatContaminationView", "LIGHT_WOUND_STEPS", "SERIOUS_WOUND_LIMIT",
    "ATTACK_DECK", "EVENT_DECK", "Deck", "attack_card", "event_card", "Event", "Topic", "PendingAttack",
    "PendingKind", "EventEffect", "EventStep", "AttackOutcome", "InjuryOutcome", "CharacterFate",
    "NOTICE_FAMILY", "PLAYER_COUNTS", "CardKind", "ObjectiveChoice", "ObjectiveKind", "VictoryStep",
    "DeathCause", "ObjectiveResult", "ContingencyTokenView", "VictoryView", "IllegalCommand", "GameEnding",
    "command_to_json",
]
