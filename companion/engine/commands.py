"""Every change to a game is one of these named commands (plain data).
It is one piece because it is the whole command vocabulary: one union that parse_command,
the journal, the store and the screens read, so any command is found in one place.
"""
from __future__ import annotations

from datetime import datetime
from typing import Annotated, ClassVar, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, field_validator

from .bag.model import Place, TokenOutcome
from .contamination.model import ScanProcedure, ScanScope
from .victory.model import ObjectiveChoice
from ..vocab import CssFace, EndReason, MiniatureKind, Mode, Pod, Section, Whereabouts


class _Command(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    # A command that shows a seat hidden information cannot be undone past.
    reveals_hidden: ClassVar[bool] = False

    @property
    def about_seat(self) -> int | None:
        """The seat this command is about, if it names one (read from the fields: pydantic's
        lookup of a missing attribute raises and catches an error, slow on every offer)."""
        return self.__dict__.get("seat")


class PlayerSetup(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    name: str = Field(min_length=1, max_length=24)
    character: str


class NewGame(_Command):
    type: Literal["new_game"] = "new_game"
    players: tuple[PlayerSetup, ...]
    mode: Mode = Mode.STANDARD
    seed: int = 0
    # Token number per Section as laid out on the real board; None lets the app shuffle.
    power_layout: dict[Section, int] | None = None
    # The table draws real Intruder tokens and reports them (draw commands carry `outcome`).
    physical_bag: bool = False
    show_odds: bool = True
    # The app deals and scans the Contamination cards (the printed ones stand in, in hand).
    digital_contamination: bool = False
    # How many of its cards show INFECTED; None takes rules_data's (unconfirmed) value.
    infected_count: int | None = Field(default=None, ge=0)
    # The app deals the Contingency tokens (else the table keeps the physical ones).
    contingency_tokens: bool = False
    # When the table started, for the game's length at the Victory Check.
    started_at: datetime | None = None


class AdvanceTime(_Command):
    type: Literal["advance_time"] = "advance_time"


class StartSelfDestruct(_Command):
    type: Literal["start_self_destruct"] = "start_self_destruct"


class StopSelfDestruct(_Command):
    type: Literal["stop_self_destruct"] = "stop_self_destruct"


class TriggerAlert(_Command):
    type: Literal["trigger_alert"] = "trigger_alert"


class RestorePower(_Command):
    type: Literal["restore_power"] = "restore_power"
    # Step 2: the rearrangement chosen by the player (token number per Section).
    layout: dict[Section, int] | None = None


class FlipPower(_Command):
    type: Literal["flip_power"] = "flip_power"
    section: Section


class SwapPower(_Command):
    type: Literal["swap_power"] = "swap_power"
    first: Section
    second: Section


class PowerSurge(_Command):
    type: Literal["power_surge"] = "power_surge"


class PlaceFire(_Command):
    type: Literal["place_fire"] = "place_fire"


class RemoveFire(_Command):
    type: Literal["remove_fire"] = "remove_fire"


class PlaceMalfunction(_Command):
    type: Literal["place_malfunction"] = "place_malfunction"


class RemoveMalfunction(_Command):
    type: Literal["remove_malfunction"] = "remove_malfunction"


class RecordDeath(_Command):
    type: Literal["record_death"] = "record_death"
    seat: int


class ReviveCharacter(_Command):
    """Fully co-operative mode (p.30): the table carried this dead Character's Corpse into a
    working Emergency Room, and it comes back at the start of this round."""

    type: Literal["revive_character"] = "revive_character"
    seat: int


class RecordFirstEncounter(_Command):
    type: Literal["record_first_encounter"] = "record_first_encounter"


class LockIn(_Command):
    type: Literal["lock_in"] = "lock_in"
    seat: int


class EscapeToBunker(_Command):
    type: Literal["escape_to_bunker"] = "escape_to_bunker"
    seat: int


class EnterPod(_Command):
    type: Literal["enter_pod"] = "enter_pod"
    seat: int
    pod: Pod


class CssLaunch(_Command):
    type: Literal["css_launch"] = "css_launch"
    face: CssFace


class SetKnowledge(_Command):
    type: Literal["set_knowledge"] = "set_knowledge"
    seat: int
    value: int


class ChangeKnowledge(_Command):
    """Knowledge up or down by `by`: what a +/− tap means, whatever the page last showed."""

    type: Literal["change_knowledge"] = "change_knowledge"
    seat: int
    by: int = Field(ge=-20, le=20)

    @field_validator("by")
    @classmethod
    def _changes_something(cls, by: int) -> int:
        if by == 0:
            raise ValueError("a change of 0 changes nothing")
        return by


class ActivateKnowledgeToken(_Command):
    type: Literal["activate_knowledge_token"] = "activate_knowledge_token"
    seat: int


class SendSignal(_Command):
    type: Literal["send_signal"] = "send_signal"
    seat: int


class OpenMainGate(_Command):
    type: Literal["open_main_gate"] = "open_main_gate"


# --------------------------------------------------------------------- Intruder bag (bag.py)
class ResolveEncounter(_Command):
    """Draw an Intruder token for a Character: `place` decides Darkness (with the
    power), `hand` is the hand size (Contamination cards count)."""

    type: Literal["resolve_encounter"] = "resolve_encounter"
    seat: int
    place: Place
    hand: int = Field(ge=0)
    # Physical bag only: the token that came out.
    outcome: TokenOutcome | None = None
    # A Flashlight, a Light Stick or an effect lets the Character ignore Darkness (p.18).
    ignore_darkness: bool = False


class DevelopBag(_Command):
    """Event step 10: draw a token and develop the bag."""

    type: Literal["develop_bag"] = "develop_bag"
    outcome: TokenOutcome | None = None


class AnswerQueenInNest(_Command):
    """After development drew the Queen: is a Character in the Nest? If so, who,
    in which Section the Nest is, and that Character's hand size."""

    type: Literal["answer_queen_in_nest"] = "answer_queen_in_nest"
    character_in_nest: bool
    seat: int | None = None
    place: Place | None = None
    hand: int | None = Field(default=None, ge=0)


class AnswerAdultsRetreat(_Command):
    """An Adult must be placed but all 8 Adult miniatures are on the board: the Adults
    retreat. `not_in_combat` is how many of them are not in Combat (they leave the
    board and as many Adult tokens go back into the bag); then the Adult is placed."""

    type: Literal["answer_adults_retreat"] = "answer_adults_retreat"
    not_in_combat: int = Field(ge=0, le=8)


class KillIntruder(_Command):
    type: Literal["kill_intruder"] = "kill_intruder"
    kind: MiniatureKind


class IntruderToTechnicalCorridor(_Command):
    type: Literal["intruder_to_technical_corridor"] = "intruder_to_technical_corridor"
    kind: MiniatureKind


class RemoveIntruder(_Command):
    """Miniature off the board without a Carcass (a Larva infesting, Evolve)."""

    type: Literal["remove_intruder"] = "remove_intruder"
    kind: MiniatureKind


class PlaceIntruder(_Command):
    type: Literal["place_intruder"] = "place_intruder"
    kind: MiniatureKind


class AddToBag(_Command):
    type: Literal["add_to_bag"] = "add_to_bag"
    kind: MiniatureKind


class ReturnIntrudersToBag(_Command):
    """Intruders not in combat go back to the bag: how many of each kind."""

    type: Literal["return_intruders_to_bag"] = "return_intruders_to_bag"
    counts: dict[MiniatureKind, Annotated[int, Field(ge=0)]]


class RemoveEgg(_Command):
    type: Literal["remove_egg"] = "remove_egg"
    how: Literal["taken", "destroyed"]


class SetShowOdds(_Command):
    type: Literal["set_show_odds"] = "set_show_odds"
    show: bool


# --------------------------------------------------------------------- decks, attacks, Event Phase
# (decks/cards.py, decks/attacks.py, phase/event_phase.py). `card`/`cards` fields let a table that draws
# from its printed deck report the card; left out, the app draws from its own deck.
# An injury check's target: an intruder with a miniature, or an Egg.
InjuredKind = Union[MiniatureKind, Literal["egg"]]
AttackTarget = Literal["standard", "surprise", "escape"]


class ResolveAttack(_Command):
    """An intruder attacks the Character at `seat`. Darkness: `dark` if given, else
    derived from `place` (a Section without power, or the emergency stairs)."""

    type: Literal["resolve_attack"] = "resolve_attack"
    attacker: MiniatureKind
    seat: int
    place: Place | None = None
    dark: bool | None = None
    # Why this Character is the target (which targeting rule the screen reminds of).
    target: AttackTarget = "standard"
    card: str | None = None
    # The Character ignores Darkness: the card's Darkness extra does not apply (p.18).
    ignore_darkness: bool = False
    # The pending attack this resolves (its id): refused once that one is resolved or past.
    resolves: int | None = Field(default=None, ge=0)


class InjuryCheck(_Command):
    type: Literal["injury_check"] = "injury_check"
    intruder: InjuredKind
    injuries: int = Field(ge=1)
    cards: tuple[str, ...] | None = None
    # A Retreat: the Event card drawn for the corridor (printed deck).
    retreat_card: str | None = None
    # An Egg: was it one of the Nest's (then the Nest loses it)?
    in_nest: bool = True


class StartEventPhase(_Command):
    type: Literal["start_event_phase"] = "start_event_phase"


class ContinueEventPhase(_Command):
    """The table confirms the current step of the Event Phase (one tap). `at`: the step the
    page showed; a tap that arrives once the phase has moved on is refused, so a double
    tap never skips a step. Left out (older recordings), the current step is meant."""

    type: Literal["continue_event_phase"] = "continue_event_phase"
    at: int | None = Field(default=None, ge=4, le=11)


class EventCssLaunch(_Command):
    """Step 4: the CSS token under the Time token is revealed."""

    type: Literal["event_css_launch"] = "event_css_launch"
    face: CssFace


class EventFireDamage(_Command):
    """Step 8: is there a Fire marker in the Nest (then 1 Egg is destroyed)?"""

    type: Literal["event_fire_damage"] = "event_fire_damage"
    nest_fire: bool


class DrawEventCard(_Command):
    type: Literal["draw_event_card"] = "draw_event_card"
    card: str | None = None


class EventPowerSurge(_Command):
    type: Literal["event_power_surge"] = "event_power_surge"


class EventKickstopper(_Command):
    type: Literal["event_kickstopper"] = "event_kickstopper"


class EventCoolantLeak(_Command):
    type: Literal["event_coolant_leak"] = "event_coolant_leak"
    cooling_malfunction: bool


class EventHatching(_Command):
    """Hatching: `infested`, the seats whose Characters a Larva infests (each gains a Larva
    and a Contamination card); nobody infested puts a Larva token into the bag. Both at
    once: nobody in the Nest, and `infested` by the Darkness extra (when the rules data
    judges "nobody" before the extra)."""

    type: Literal["event_hatching"] = "event_hatching"
    nobody_infested: bool
    infested: tuple[int, ...] = ()


class EventLeavingTheShell(_Command):
    """Leaving the Shell done: every Character in the Facility made its scan (with the
    printed cards, the table says so)."""

    type: Literal["event_leaving_the_shell"] = "event_leaving_the_shell"


class EventLurking(_Command):
    """How many intruders of each kind (not in a Room with a Character) leave the board."""

    type: Literal["event_lurking"] = "event_lurking"
    counts: dict[MiniatureKind, Annotated[int, Field(ge=0)]] = Field(default_factory=dict)


class EventNoiseInCorridors(_Command):
    """Did the Technical Corridors space already hold a Noise marker?"""

    type: Literal["event_noise_in_corridors"] = "event_noise_in_corridors"
    had_noise: bool


class EventEggProtection(_Command):
    """Egg Protection's Darkness extra: `seats`, the Characters it reaches in Darkness, each
    gain 1 Contamination card (none: nobody it reaches is in Darkness)."""

    type: Literal["event_egg_protection"] = "event_egg_protection"
    seats: tuple[int, ...] = ()


class EventDevelopBag(_Command):
    """Step 10: bag development (as develop_bag)."""

    type: Literal["event_develop_bag"] = "event_develop_bag"
    outcome: TokenOutcome | None = None


# --------------------------------------------------------------------- Contamination and the Character board
# (contamination.py, body.py)
WoundTreatment = Literal["dress_one", "dress_all", "heal_dressed", "heal_light", "heal_all_light"]


class GainContamination(_Command):
    """The Character gains Contamination cards (a Melee Attack, an Event card, a room…):
    each is dealt from the digital deck, privately."""

    type: Literal["gain_contamination"] = "gain_contamination"
    seat: int
    count: int = Field(default=1, ge=1, le=5)


class InfestCharacter(_Command):
    """A Larva infests the Character without an attack (Hatching, Infecting the Host…):
    a Larva onto the board if none is there, and 1 Contamination card."""

    type: Literal["infest_character"] = "infest_character"
    seat: int


class ScanContamination(_Command):
    """A scan procedure. For the procedures that scan some cards (a hand scan, Rest, the
    Decontamination Room, the Contamination cards among the 4 drawn in Leaving the Shell
    without a Larva): `marked`, the labels of the player's marked cards among them, and
    `in_hand`, how many unmarked ones. The options are an item or Action card's
    (procedure `card`)."""

    reveals_hidden: ClassVar[bool] = True

    type: Literal["scan_contamination"] = "scan_contamination"
    seat: int
    procedure: ScanProcedure
    in_hand: int | None = Field(default=None, ge=0)
    marked: tuple[str, ...] = ()
    scope: ScanScope = ScanScope.HAND
    remove_infected: bool = False
    remove_larva: bool = False
    remove_slime: bool = False


class ContaminationCheck(_Command):
    """Victory Check, step 2, for one survivor: scan every card (skipped with a Larva);
    if infected, shuffle `action_cards` Action cards with the Contamination cards and
    draw 4: any Contamination card kills."""

    reveals_hidden: ClassVar[bool] = True

    type: Literal["contamination_check"] = "contamination_check"
    seat: int
    action_cards: int = Field(ge=0, le=60)


class SufferWound(_Command):
    type: Literal["suffer_wound"] = "suffer_wound"
    seat: int
    serious: bool = False
    count: int = Field(default=1, ge=1, le=3)


class TreatWounds(_Command):
    type: Literal["treat_wounds"] = "treat_wounds"
    seat: int
    treatment: WoundTreatment


class SetSlime(_Command):
    type: Literal["set_slime"] = "set_slime"
    seat: int
    slime: bool


class SetLarva(_Command):
    """The table puts a Larva on a Character board or takes it off by hand."""

    type: Literal["set_larva"] = "set_larva"
    seat: int
    larva: bool


# --------------------------------------------------------------------- Contingency and the Victory Check
# (contingency.py, victory.py)
class PeekContingency(_Command):
    """A player looks at Contingency tokens: the Archive (any non-Active token: one of a
    player's, or one from the Neutral Pool with `target` None), the Alert Room (one from
    the Neutral Pool, taken), a Computer action (all tokens of `target`, in the same Section)."""

    type: Literal["peek_contingency"] = "peek_contingency"
    reveals_hidden: ClassVar[bool] = True
    seat: int
    via: Literal["archive", "alert_room", "computer"]
    target: int | None = None


class StartVictoryCheck(_Command):
    """Open the Victory Check walkthrough; `reason` ends a game the tracker has not ended."""

    type: Literal["start_victory_check"] = "start_victory_check"
    reason: EndReason | None = None


class CorrectRoster(_Command):
    """Step 0: where a Character really was when the game ended."""

    type: Literal["correct_roster"] = "correct_roster"
    seat: int
    whereabouts: Whereabouts
    pod: Pod | None = None


class CorrectEndReason(_Command):
    type: Literal["correct_end_reason"] = "correct_end_reason"
    reason: EndReason


class ConfirmRoster(_Command):
    type: Literal["confirm_roster"] = "confirm_roster"


class RevealActiveContingency(_Command):
    """Step 1 with the app's tokens: the Active token is turned over."""

    type: Literal["reveal_active_contingency"] = "reveal_active_contingency"
    reveals_hidden: ClassVar[bool] = True


class EnterActiveContingency(_Command):
    """Step 1 with physical tokens: which token the table turned over."""

    type: Literal["enter_active_contingency"] = "enter_active_contingency"
    token: str


class StartContaminationChecks(_Command):
    type: Literal["start_contamination_checks"] = "start_contamination_checks"


class AnswerScan(_Command):
    """Step 2 A with the printed cards: an INFECTED card among the scanned. Whether a Larva
    is on the Character board is the app's (`larva` None); a value given is the player's."""

    type: Literal["answer_scan"] = "answer_scan"
    seat: int
    larva: bool | None = None
    infected: bool


class DrawContamination(_Command):
    """Step 2 B: the app shuffles the player's Action cards (as many as they count) with
    their Contamination cards and draws. With the printed cards the player gives both
    counts; with the app's Contamination deck it scans and draws their real cards
    (`contamination_cards` None)."""

    type: Literal["draw_contamination"] = "draw_contamination"
    reveals_hidden: ClassVar[bool] = True
    seat: int
    action_cards: int = Field(ge=0, le=60)
    contamination_cards: int | None = Field(default=None, ge=0, le=27)


class ReportContamination(_Command):
    """Step 2 done at the table with the real cards: the Character dies or survives."""

    type: Literal["report_contamination"] = "report_contamination"
    seat: int
    dies: bool


class RevealContamination(_Command):
    type: Literal["reveal_contamination"] = "reveal_contamination"


class ChooseObjective(_Command):
    type: Literal["choose_objective"] = "choose_objective"
    seat: int
    objective: ObjectiveChoice


class RevealObjectives(_Command):
    type: Literal["reveal_objectives"] = "reveal_objectives"
    # When the table finished, for the game's length.
    finished_at: datetime | None = None


GameCommand = Annotated[
    Union[
        NewGame,
        AdvanceTime,
        StartSelfDestruct,
        StopSelfDestruct,
        TriggerAlert,
        RestorePower,
        FlipPower,
        SwapPower,
        PowerSurge,
        PlaceFire,
        RemoveFire,
        PlaceMalfunction,
        RemoveMalfunction,
        RecordDeath,
        ReviveCharacter,
        RecordFirstEncounter,
        LockIn,
        EscapeToBunker,
        EnterPod,
        CssLaunch,
        SetKnowledge,
        ChangeKnowledge,
        ActivateKnowledgeToken,
        SendSignal,
        OpenMainGate,
        ResolveEncounter,
        DevelopBag,
        AnswerQueenInNest,
        AnswerAdultsRetreat,
        KillIntruder,
        IntruderToTechnicalCorridor,
        RemoveIntruder,
        PlaceIntruder,
        AddToBag,
        ReturnIntrudersToBag,
        RemoveEgg,
        SetShowOdds,
        ResolveAttack,
        InjuryCheck,
        StartEventPhase,
        ContinueEventPhase,
        EventCssLaunch,
        EventFireDamage,
        DrawEventCard,
        EventPowerSurge,
        EventKickstopper,
        EventCoolantLeak,
        EventHatching,
        EventLeavingTheShell,
        EventLurking,
        EventNoiseInCorridors,
        EventEggProtection,
        EventDevelopBag,
        GainContamination,
        InfestCharacter,
        ScanContamination,
        ContaminationCheck,
        SufferWound,
        TreatWounds,
        SetSlime,
        SetLarva,
        PeekContingency,
        StartVictoryCheck,
        CorrectRoster,
        CorrectEndReason,
        ConfirmRoster,
        RevealActiveContingency,
        EnterActiveContingency,
        StartContaminationChecks,
        AnswerScan,
        DrawContamination,
        ReportContamination,
        RevealContamination,
        ChooseObjective,
        RevealObjectives,
    ],
    Field(discriminator="type"),
]

COMMAND_ADAPTER: TypeAdapter[GameCommand] = TypeAdapter(GameCommand)


def parse_command(data: dict | str) -> GameCommand:
    """Read a command from its JSON form (a dict or a JSON string)."""
    if isinstance(data, str):
        return COMMAND_ADAPTER.validate_json(data)
    return COMMAND_ADAPTER.validate_python(data)


def command_to_json(command: GameCommand) -> str:
    return command.model_dump_json()
