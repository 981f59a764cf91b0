"""Seeded randomness that lives in the game state.

Each draw derives a fresh generator from (seed, draw number), so undoing a draw
and drawing again yields the same result, and a saved game replays exactly.
"""
from __future__ import annotations

import random
from typing import Sequence, TypeVar

from pydantic import BaseModel, ConfigDict

T = TypeVar("T")


class RngState(BaseModel):
    model_config = ConfigDict(extra="forbid")

    seed: int
    draws: int = 0

    def next_generator(self) -> random.Random:
        generator = random.Random(f"{self.seed}:{self.draws}")
        self.draws += 1
        return generator

    def shuffled(self, items: Sequence[T]) -> list[T]:
        out = list(items)
        self.next_generator().shuffle(out)
        return out

    def choice_index(self, weights: Sequence[int]) -> int:
        """Pick an index with probability proportional to its weight."""
        total = sum(weights)
        if total <= 0:
            raise ValueError("nothing to choose from")
        ticket = self.next_generator().randrange(total)
        for index, weight in enumerate(weights):
            if ticket < weight:
                return index
            ticket -= weight
        raise AssertionError("unreachable")
