"""The decks as every viewer sees them: each pile's cards, the draw pile as a sorted multiset;
the Attack deck's odds and the latest Retreat's corridor, worked out from those piles."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .attacks import INJURIES_MAX, INJURY_CARDS, other_corridor, retreat_corridor, retreat_corridor_unconfirmed
from .cards import Deck, event_card
from .odds import attack_hit_chance, injury_odds_table
from ..view_base import View as _View
from ..bag.model import MINIATURE_KINDS

if TYPE_CHECKING:
    from companion.rules import Rules

    from ..state import GameState


class DeckView(_View):
    """A deck's piles; the draw pile as a sorted multiset (which cards are left is
    public, as everyone saw the others go; their order is not)."""

    draw_pile: tuple[str, ...]
    discard: tuple[str, ...]
    removed: tuple[str, ...]
    shown: tuple[str, ...]
    reshuffles: int

    @property
    def draw_count(self) -> int:
        return len(self.draw_pile)

    def as_deck(self) -> Deck:
        """A deck with the same cards in each pile, for odds (which never depend on order)."""
        return Deck(draw_pile=list(self.draw_pile), discard=list(self.discard), removed=list(self.removed),
                    shown=list(self.shown), reshuffles=self.reshuffles)


class InjuryOddsView(_View):
    """Chances of an injury check's three results (they add up to 1)."""

    kill: float
    retreat: float
    survive: float


class AttackOddsView(_View):
    """The chances a screen shows, from the cards still in the Attack deck (which cards are
    left is public, their order is not): an attack's hit by attacker, an injury check's
    results by intruder and injuries (1 to INJURIES_MAX). None: the deck cannot supply the
    cards (then no chance is shown)."""

    hit: dict[str, float | None]
    injury: dict[str, tuple[InjuryOddsView, ...] | None]

    def injury_odds(self, kind: str, injuries: int) -> InjuryOddsView | None:
        rows = self.injury.get(kind)
        return rows[injuries - 1] if rows is not None and 1 <= injuries <= len(rows) else None


class RetreatView(_View):
    """The corridor the latest injury check's Retreat sends the intruder along, from the
    Event card it drew; `other` and `reading` only on a card with two corridor numbers,
    where which one it takes is the rules data's reading ("first" or "second")."""

    card: str
    # The Event card's number, and the corridor the intruder takes.
    number: int
    corridor: int
    other: int | None = None
    reading: str | None = None


class DecksView(_View):
    event: DeckView
    attack: DeckView
    odds: AttackOddsView
    # How many Attack cards an injury check draws, by intruder kind (0: it dies at 1 injury).
    injury_cards: dict[str, int]
    retreat: RetreatView | None = None

    def deck(self, name: str) -> DeckView:
        return self.event if name == "event" else self.attack


def piles_view(deck: Deck) -> DeckView:
    return DeckView(draw_pile=tuple(sorted(deck.draw_pile)), discard=tuple(deck.discard),
                    removed=tuple(deck.removed), shown=tuple(deck.shown), reshuffles=deck.reshuffles)


def decks_view(state: "GameState", rules: "Rules") -> DecksView:
    return DecksView(event=piles_view(state.decks.event), attack=piles_view(state.decks.attack),
                     odds=attack_odds(state.decks.attack, rules), injury_cards=dict(INJURY_CARDS),
                     retreat=_retreat_view(state, rules))


# The odds depend only on which cards are in the draw pile and which could be reshuffled
# into it: every viewer's view after each step asks the same, so the answers are kept.
_ODDS_KEPT: dict[tuple, AttackOddsView] = {}
ODDS_KEPT_MAX = 16


def attack_odds(deck: Deck, rules: "Rules") -> AttackOddsView:
    key = (id(rules), tuple(sorted(deck.draw_pile)), tuple(sorted(deck.discard + deck.shown)))
    odds = _ODDS_KEPT.get(key)
    if odds is None:
        if len(_ODDS_KEPT) >= ODDS_KEPT_MAX:
            _ODDS_KEPT.clear()
        odds = _ODDS_KEPT[key] = _attack_odds(deck, rules)
    return odds


def _attack_odds(deck: Deck, rules: "Rules") -> AttackOddsView:
    hit: dict[str, float | None] = {}
    for kind in MINIATURE_KINDS:
        try:
            hit[kind] = float(attack_hit_chance(deck, rules, kind))
        except ValueError:
            hit[kind] = None
    injury: dict[str, tuple[InjuryOddsView, ...] | None] = {}
    for kind in INJURY_CARDS:
        try:
            table = injury_odds_table(deck, rules, kind, INJURIES_MAX)
        except ValueError:
            injury[str(kind)] = None
            continue
        injury[str(kind)] = tuple(InjuryOddsView(kill=float(odds.kill), retreat=float(odds.retreat),
                                                 survive=float(odds.survive)) for odds in table)
    return AttackOddsView(hit=hit, injury=injury)


def _retreat_view(state: "GameState", rules: "Rules") -> RetreatView | None:
    latest = state.latest.injury
    if latest is None or latest.retreat_card is None:
        return None
    spec = event_card(rules, latest.retreat_card)
    taken = {"card": latest.retreat_card, "number": spec.number, "corridor": retreat_corridor(spec, rules)}
    if not retreat_corridor_unconfirmed(spec):
        return RetreatView(**taken)
    return RetreatView(**taken, other=other_corridor(spec, rules), reading=rules.intruders.retreat_corridor)
