"""The base of every view: frozen, and refusing a field it does not declare."""
from pydantic import BaseModel, ConfigDict


class View(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
