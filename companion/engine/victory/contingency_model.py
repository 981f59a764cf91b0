"""The Contingency tokens as data: who holds which, the Active one, the Neutral Pool, and
who has looked at what.

Kept only when the app deals the tokens (a setup choice); otherwise the table keeps the
physical tokens and enters the Active one at the Victory Check.
"""
from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", validate_assignment=False)


class Sighting(_Model):
    """One look at one token: `seat` saw `token`, held by `holder` (None: the Neutral Pool)."""

    seat: int
    token: str
    holder: int | None = None
    # The step of the look (the state's command count then).
    step: int


class ContingencyState(_Model):
    active: str
    # Seat -> the tokens in front of that player (face down).
    held: dict[int, list[str]] = Field(default_factory=dict)
    # Face down: kept sorted, so its order tells nothing; a token taken from it is drawn.
    pool: list[str] = Field(default_factory=list)
    # Fully co-operative play: tokens revealed to everyone.
    public: list[str] = Field(default_factory=list)
    sightings: list[Sighting] = Field(default_factory=list)
    active_revealed: bool = False

    def tokens_of(self, seat: int) -> list[str]:
        return list(self.held.get(seat, []))

    def holder_of(self, token: str) -> int | None:
        for seat, tokens in self.held.items():
            if token in tokens:
                return seat
        return None

    def known_to(self, seat: int) -> set[str]:
        """Every token `seat` has seen: its own, those it looked at, and the public ones."""
        known = set(self.held.get(seat, [])) | set(self.public)
        known |= {sighting.token for sighting in self.sightings if sighting.seat == seat}
        if self.active_revealed:
            known.add(self.active)
        return known

    def return_to_pool(self, seat: int) -> int:
        """A dead Character's tokens go back to the Neutral Pool; how many went."""
        tokens = self.held.pop(seat, [])
        self.pool = sorted(self.pool + tokens)
        return len(tokens)

    def take_from_pool(self, seat: int, token: str) -> None:
        self.pool.remove(token)
        self.held.setdefault(seat, []).append(token)
