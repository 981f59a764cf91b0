"""The base of every view: frozen, and refusing a field it does not declare; and the
refusal a view shows beside an action it lists (a locale key and its parameters)."""
from __future__ import annotations

from enum import Enum
from typing import Any

from pydantic import BaseModel, ConfigDict, Field


class View(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Refusal(View):
    """Why an action cannot be taken now: a locale key and its parameters."""

    key: str
    params: dict[str, Any] = Field(default_factory=dict)

    @classmethod
    def of(cls, error: Any) -> "Refusal":
        """From an IllegalCommand (its key and parameters, as JSON values)."""
        return cls(key=error.key, params={name: json_value(value) for name, value in error.params.items()})


def json_value(value: Any) -> Any:
    """A value as a command's JSON holds it (enums by value, models as dicts)."""
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, BaseModel):
        return value.model_dump(mode="json")
    if isinstance(value, (list, tuple)):
        return [json_value(item) for item in value]
    if isinstance(value, dict):
        return {key: json_value(item) for key, item in value.items()}
    return value
