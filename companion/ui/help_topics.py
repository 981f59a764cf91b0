"""Which rules topic answers "what does this mean?" for a thing on screen."""
from __future__ import annotations

# Announcements by key (or by family: an entry ending in "."), longest entry first wins.
ANNOUNCEMENT_TOPICS = {
    "announce.alert_started": "alert_procedure",
    "announce.backup_power_on": "power",
    "announce.power_lost": "power_thresholds",
    "announce.power_lost_elevator": "power_thresholds",
    "announce.power_lost_elevator_stops": "power_thresholds",
    "announce.threshold_no_power": "power_thresholds",
    "announce.power_surge": "event_card.power_surge",
    "announce.self_destruct_started": "self_destruct",
    "announce.self_destruct_stopped": "self_destruct",
    "announce.self_destruct_red": "self_destruct_red",
    "announce.isolation_open": "isolation_opens",
    "announce.main_gate_open": "main_gate",
    "announce.first_encounter": "first_encounter",
    "announce.first_encounter_coop": "first_encounter",
    "announce.first_encounter_solo": "first_encounter",
    "announce.first_death": "first_death",
    "announce.pod_escaped": "css_pods",
    "announce.pod_returned": "css_pods",
    "announce.nobody_left": "nobody_left",
    "announce.weakness_unlocked": "weaknesses",
    "announce.end.": "game_end",
    "announce.destroyed.": "facility_destruction",
    "announce.bag.surprise_attack": "surprise_attack",
    "announce.bag.adults_retreat": "adults_retreat",
    "announce.bag.adults_all_in_combat": "adults_retreat",
    "announce.bag.": "bag_development",
    "announce.event.": "event_phase",
}

# The Event Phase's steps (4 to 11).
STEP_TOPICS = {
    4: "step_4_css_launch",
    5: "step_5_time",
    6: "step_6_noise",
    7: "step_7_intruder_attacks",
    8: "step_8_fire_damage",
    9: "step_9_event_card",
    10: "step_10_bag_development",
    11: "step_11_round_end",
}


def announcement_topic(key: str) -> str | None:
    if key in ANNOUNCEMENT_TOPICS:
        return ANNOUNCEMENT_TOPICS[key]
    families = [entry for entry in ANNOUNCEMENT_TOPICS if entry.endswith(".") and key.startswith(entry)]
    return ANNOUNCEMENT_TOPICS[max(families, key=len)] if families else None
