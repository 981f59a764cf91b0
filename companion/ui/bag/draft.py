"""What a page has entered on the bag screen but not sent yet (kept across re-renders)."""
from __future__ import annotations

from dataclasses import dataclass, field

from companion.engine.bag_model import MINIATURE_KINDS, BagDraw, Place

from ..context import UiContext

# The hand sizes offered, one button each.
HAND_MAX = 10


@dataclass
class BagDraft:
    seat: int | None = None
    place: Place = Place.S01
    # Unset for each encounter: a hand size left over from the last one would be a guess.
    hand: int | None = None
    # The Character ignores Darkness (a Flashlight, a Light Stick…).
    ignore_darkness: bool = False
    # The Queen-in-Nest question's answer while it is being filled in.
    queen_seat: int | None = None
    queen_place: Place = Place.S01
    queen_hand: int | None = None
    # The return-to-bag dialog's counts.
    returning: dict[str, int] = field(default_factory=lambda: {kind: 0 for kind in MINIATURE_KINDS})
    # The last draw this page has seen: a new one (from any page) starts a new encounter.
    seen_draw: BagDraw | None = None

    def pick_seat(self, seat: int | None) -> None:
        if seat != self.seat:
            self.seat, self.hand = seat, None

    def pick_queen_seat(self, seat: int | None) -> None:
        if seat != self.queen_seat:
            self.queen_seat, self.queen_hand = seat, None

    def notice(self, last_draw: BagDraw | None) -> None:
        """Forget the hand size once a token has come out of the bag."""
        if last_draw != self.seen_draw:
            self.seen_draw, self.hand = last_draw, None


def draft_of(ctx: UiContext) -> BagDraft:
    return ctx.kept("bag_draft", BagDraft)
