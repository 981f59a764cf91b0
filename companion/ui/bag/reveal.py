"""What the token reveal (bag.token_card) says: its heading, the player named, what to do
after a draw; and the way from a Surprise Attack to the attack screen, filled in."""
from __future__ import annotations

from companion.engine.views import BagDraw, DrawPurpose, DrawResult
from companion.engine.views import PendingAttack
from companion.engine.views import PublicView

from ..context import UiContext
from ..i18n_view import Texts
from ..kit.chips import player_label

ENCOUNTERS = (DrawPurpose.ENCOUNTER, DrawPurpose.QUEEN_IN_NEST)
SURPRISE_BG = "#b3151b"
NO_SURPRISE_BG = "#1f4d2b"
# The bag screen's name, where the attack screen's back button returns.
BAG_SCREEN = "bag"


def numbers_unconfirmed(ctx: UiContext) -> bool:
    """The printed rules do not confirm every token's numbers: the reveal says so."""
    return any(spec.is_unconfirmed("light") or spec.is_unconfirmed("dark")
               for spec in ctx.session.rules.intruders.tokens)


def _player(texts: Texts, game: PublicView, draw: BagDraw) -> str:
    if draw.seat is None or all(member.seat != draw.seat for member in game.crew):
        return ""
    return player_label(texts, game, draw.seat)


def _heading(texts: Texts, game: PublicView, draw: BagDraw) -> str:
    if draw.purpose is DrawPurpose.DEVELOPMENT:
        return texts.t("ui.bag.reveal.development")
    if draw.purpose is DrawPurpose.QUEEN_IN_NEST:
        return texts.t("ui.bag.reveal.queen_in_nest", player=_player(texts, game, draw))
    return texts.t("ui.bag.reveal.encounter", player=_player(texts, game, draw))


def result_text(texts: Texts, draw: BagDraw) -> str | None:
    """What the table does now, for every outcome but a placed intruder (the banner says it)."""
    result = draw.result
    if result is DrawResult.BLANK:
        key = "blank_encounter" if draw.purpose is DrawPurpose.ENCOUNTER else "blank_development"
        return texts.t(f"ui.bag.result.{key}")
    if result is DrawResult.PLACED:
        return None
    if result is DrawResult.DEVELOPED:
        return texts.t(f"ui.bag.result.developed_{draw.kind}")  # names the token that goes in
    return texts.t(f"ui.bag.result.{result.value}", kind=draw.kind)


def open_surprise_attack(ctx: UiContext, owed: PendingAttack, back_to: str = BAG_SCREEN) -> None:
    """The attack screen, filled in with the Surprise Attack the game owes: the intruder that
    came out, whom it attacks and where, and the item its Resolve consumes; its way back
    leads to `back_to` (the bag screen, or the Event Phase runner)."""
    # Imported here: the Event Phase screens import this module (step 10 shows the reveal).
    from ..events.draft import ATTACK, AttackFill, open_screen

    open_screen(ctx, ATTACK, back_to=back_to,
                attack=AttackFill(attacker=owed.attacker, seat=owed.seat, place=owed.place, target="surprise",
                                  resolves=owed.id))
