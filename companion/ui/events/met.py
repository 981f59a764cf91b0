"""The intruders met since the last attacks, read from the journal: who met which kind,
where.

Step 7 offers them as the likely attackers (an intruder that came out of the bag stands
in the Room of the Character who met it), one chip each, so a usual attack is a tap to
choose it and a tap to resolve it. Encounters from the last Event Phase's step 7 on
count (a Noise roll in its step 10 brings intruders that attack in this one).
"""
from __future__ import annotations

from dataclasses import dataclass

from companion.engine.views import MINIATURE_KINDS, Place
from companion.engine.views import PublicView

from ..context import UiContext
from ..kit.chips import active_seats

# The journal's encounter lines (bag.py writes one per token met) and where they happened.
ENCOUNTER_LINES = ("log.bag.encounter_light", "log.bag.encounter_dark", "log.bag.encounter_darkness_ignored",
                   "log.bag.encounter_stairs")
# The line written on entering step 7: encounters before an earlier one have had their attacks.
ATTACKS_BEGIN = "log.event_phase.attacks"
# How far back to read: far more lines than a round writes.
LOOK_BACK = 600


@dataclass(frozen=True)
class Meeting:
    kind: str
    seat: int
    place: Place
    # The step that drew it: the same intruder meeting the same Character again is another meeting.
    seq: int = 0


def met_since_the_last_attacks(ctx: UiContext, game: PublicView, phase_start: int) -> list[Meeting]:
    """Newest first, one per kind and Character (the newest place), Characters still in
    the Facility only; `phase_start`: the step that started the current Event Phase."""
    present = set(active_seats(game))
    found: list[Meeting] = []
    seen: set[tuple[str, int]] = set()
    for entry in ctx.session.history(limit=LOOK_BACK):
        if entry.key == ATTACKS_BEGIN and entry.seq < phase_start:
            break
        if entry.key not in ENCOUNTER_LINES:
            continue
        kind, seat = str(entry.params.get("kind")), entry.params.get("seat")
        if kind not in MINIATURE_KINDS or seat not in present or (kind, seat) in seen:
            continue
        section = entry.params.get("section")
        place = Place.STAIRS if entry.key == "log.bag.encounter_stairs" or section is None else Place(section)
        seen.add((kind, seat))
        found.append(Meeting(kind=kind, seat=seat, place=place, seq=entry.seq))
    return found
