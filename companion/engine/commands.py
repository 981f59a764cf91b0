"""Every change to a game is one of these named commands (plain data)."""
from __future__ import annotations

from typing import Annotated, ClassVar, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from .vocab import CssFace, Mode, Pod, Section


class _Command(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    # A command that shows a seat hidden information cannot be undone past.
    reveals_hidden: ClassVar[bool] = False


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


class ActivateKnowledgeToken(_Command):
    type: Literal["activate_knowledge_token"] = "activate_knowledge_token"
    seat: int


class SendSignal(_Command):
    type: Literal["send_signal"] = "send_signal"
    seat: int


class OpenMainGate(_Command):
    type: Literal["open_main_gate"] = "open_main_gate"


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
        RecordFirstEncounter,
        LockIn,
        EscapeToBunker,
        EnterPod,
        CssLaunch,
        SetKnowledge,
        ActivateKnowledgeToken,
        SendSignal,
        OpenMainGate,
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
