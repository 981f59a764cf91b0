"""What a page has entered on the bag screen but not sent yet (kept across re-renders).

An encounter form holds no answer from an earlier encounter: who meets the intruder,
where and how many cards are asked afresh after every draw and in every new phase (the
place decides light or Darkness, so a place left over would decide the Surprise Attack);
another place asks again whether the Character ignores Darkness. The Queen question starts
empty each time it is asked."""
from __future__ import annotations

from dataclasses import dataclass, field

from companion.engine.views import MINIATURE_KINDS, BagDraw, Place
from companion.engine.views import PublicView

from ..context import UiContext

# The hand sizes offered, one button each.
HAND_MAX = 10


@dataclass
class BagDraft:
    seat: int | None = None
    place: Place | None = None
    # Unset for each encounter: a hand size left over from the last one would be a guess.
    hand: int | None = None
    # The Character ignores Darkness (a Flashlight, a Light Stick…).
    ignore_darkness: bool = False
    # The Queen-in-Nest question's answer while it is being filled in.
    queen_seat: int | None = None
    queen_place: Place | None = None
    queen_hand: int | None = None
    # The return-to-bag dialog's counts.
    returning: dict[str, int] = field(default_factory=lambda: {kind: 0 for kind in MINIATURE_KINDS})
    # The last draw this page has seen: a new one (from any page) starts a new encounter.
    seen_draw: BagDraw | None = None
    # The round and phase the encounter form was last shown in.
    situation: tuple | None = None

    def pick_seat(self, seat: int | None) -> None:
        if seat != self.seat:
            self.seat, self.hand = seat, None

    def pick_place(self, place: Place) -> None:
        if place != self.place:
            self.place, self.ignore_darkness = place, False

    def pick_queen_seat(self, seat: int | None) -> None:
        if seat != self.queen_seat:
            self.queen_seat, self.queen_hand = seat, None

    def new_encounter(self) -> None:
        self.seat, self.place, self.hand, self.ignore_darkness = None, None, None, False

    def new_queen_answer(self) -> None:
        self.queen_seat, self.queen_place, self.queen_hand = None, None, None

    def notice(self, game: PublicView) -> None:
        """Forget the encounter's answers once a token has come out of the bag, or when the
        game is in another round or phase than when they were given."""
        situation = (game.shown_round, game.event_phase is not None)
        if self.situation is None:  # a new draft holds nothing from before
            self.seen_draw, self.situation = game.bag.last_draw, situation
        elif game.bag.last_draw != self.seen_draw or situation != self.situation:
            self.seen_draw, self.situation = game.bag.last_draw, situation
            self.new_encounter()


def draft_of(ctx: UiContext) -> BagDraft:
    return ctx.kept("bag_draft", BagDraft)
