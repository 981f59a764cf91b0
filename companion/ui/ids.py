"""Stable semantics identifiers: what tests and assistive tools find controls by.

They never change with the language, so a test written against Turkish works in Portuguese.
It is one piece because the screens and the tests that find their controls read the same
names, and one module keeps each name defined once.
"""
from __future__ import annotations

import flet as ft

# --------------------------------------------------------------------- every page: the app bar, dialogs
UNDO = "undo"
# The notice saying what an undo took back (with a way to redo it).
UNDO_NOTICE = "undo-notice"
UNDO_NOTICE_CLOSE = "undo-notice-close"
REDO = "redo"
LANGUAGE = "language"
HOME = "home"
ANNOUNCEMENT = "announcement"
ANNOUNCEMENT_OK = "announcement-ok"
CONFIRM_OK = "confirm-ok"
CONFIRM_CANCEL = "confirm-cancel"
STARTUP_ERRORS = "startup-errors"


# --------------------------------------------------------------------- home and the new-game wizard
NEW_GAME = "new-game"
ADD_PLAYER = "add-player"
START_GAME = "start-game"
SETUP_MODE = "setup-mode"
SETUP_LAYOUT = "setup-power-layout"
SETUP_SEED = "setup-seed"
SETUP_TITLE = "setup-title"
SETUP_CANCEL = "setup-cancel"


def language_option(lang: str) -> str:
    return f"language-{lang}"


def player_name(seat: int) -> str:
    return f"player-name-{seat}"


def player_character(seat: int) -> str:
    return f"player-character-{seat}"


def player_remove(seat: int) -> str:
    return f"player-remove-{seat}"


def character_option(character: str) -> str:
    return f"character-option-{character}"


def setup_power(section: str) -> str:
    return f"setup-power-{section}"


def saved_game(game_id: str, action: str) -> str:
    return f"game-{action}-{game_id}"


# --------------------------------------------------------------------- the table screen
ADVANCE_TIME = "advance-time"
START_SELF_DESTRUCT = "start-self-destruct"
STOP_SELF_DESTRUCT = "stop-self-destruct"
TRIGGER_ALERT = "trigger-alert"
RESTORE_POWER = "restore-power"
SWAP_POWER = "swap-power"
POWER_SURGE = "power-surge"
CSS_LAUNCH = "css-launch"
FIRST_ENCOUNTER = "first-encounter"
OPEN_MAIN_GATE = "open-main-gate"
TIME_TRACK = "time-track"
FIRE_COUNT = "fire-count"
FIRE_PLACE = "fire-place"
FIRE_REMOVE = "fire-remove"
MALFUNCTION_COUNT = "malfunction-count"
MALFUNCTION_PLACE = "malfunction-place"
MALFUNCTION_REMOVE = "malfunction-remove"
MAIN_GATE = "main-gate"
ISOLATION_ROOM = "isolation-room"
LOG = "log"
GAME_END = "game-end"


def power(section: str) -> str:
    return f"power-{section}"


def power_flip(section: str) -> str:
    return f"power-flip-{section}"


def crew_member(seat: int) -> str:
    return f"crew-{seat}"


def crew_action(action: str, seat: int) -> str:
    return f"crew-{action}-{seat}"


def choice(value: str) -> str:
    return f"choice-{value}"


# --------------------------------------------------------------------- Event Phase, attack, injury check, decks
# The table screen's entry points (also used inside the runner).
EVENT_PHASE = "event-phase"
ATTACK = "attack"
INJURY_CHECK = "injury-check"
DECKS = "decks"
BACK = "events-back"

# The runner.
EVENT_STEPPER = "event-stepper"
EVENT_STATUS = "event-status"
EVENT_STEP_PANEL = "event-step-panel"
EVENT_CONTINUE = "event-continue"
EVENT_BLOCKED = "event-blocked"
EVENT_START = "event-start"
EVENT_NO_PHASE = "event-no-phase"
EVENT_PHASE_LOG = "event-phase-log"
EVENT_NEST_FIRE_YES = "event-nest-fire-yes"
EVENT_NEST_FIRE_NO = "event-nest-fire-no"
# Step 8 with no Fire marker on the board: nothing to ask, continuing answers for the table.
EVENT_NOTHING_BURNS = "event-nothing-burns"
EVENT_NOISE_SECTIONS = "event-noise-sections"
EVENT_ROUND_END = "event-round-end"
EVENT_FIRST_PLAYER = "event-first-player"
ATTACK_BREEDER_FOLLOW_UP = "attack-breeder-follow-up"
DRAW_EVENT = "draw-event"
EVENT_CARD = "event-card"
EVENT_DEVELOP_BAG = "event-develop-bag"
# Steps folded into the tap before them (Noise at step 7, a Fire step with nothing burning at step 9).
EVENT_NOISE_DONE = "event-noise-done"
EVENT_FIRE_DONE = "event-fire-done"
# Step 7: an attack by an intruder met since the last attacks, chosen by its chip and resolved in place.
EVENT_ATTACK_RESOLVE = "event-attack-resolve"
# Step 10: what step 11 will remind, shown once the bag has developed.
EVENT_ROUND_END_AHEAD = "event-round-end-ahead"

# Attacks.
ATTACK_RESOLVE = "attack-resolve"
ATTACK_CARD = "attack-card"
ATTACK_VERDICT = "attack-verdict"
ATTACK_ODDS = "attack-odds"
ATTACK_TARGET_RULE = "attack-target-rule"
ATTACK_LIGHTING = "attack-lighting"
ATTACK_IGNORE_DARKNESS = "attack-ignore-darkness"

# Injury checks.
INJURY_COUNT = "injury-count"
INJURY_COUNT_DOWN = "injury-count-down"
INJURY_COUNT_UP = "injury-count-up"
INJURY_IN_NEST = "injury-in-nest"
INJURY_RESOLVE = "injury-resolve"
INJURY_VERDICT = "injury-verdict"
INJURY_ODDS = "injury-odds"

# Decks.
DECK_EVENT_DRAW = "deck-event-draw"
DECK_EVENT_DISCARD = "deck-event-discard"
DECK_EVENT_REMOVED = "deck-event-removed"
DECK_ATTACK_DRAW = "deck-attack-draw"
DECK_ATTACK_DISCARD = "deck-attack-discard"
DECK_ATTACK_REMOVED = "deck-attack-removed"
DECK_EVENT_SHOWN = "deck-event-shown"
DECK_ATTACK_SHOWN = "deck-attack-shown"
DECK_HISTORY = "deck-history"
DECK_ODDS = "deck-odds"
DECK_CARD = "deck-card"


def event_step(number: int) -> str:
    return f"event-step-{number}"


def event_attack_pick(kind: str, seat: int) -> str:
    """Step 7's chip for the intruder of `kind` met by seat `seat` since the last attacks."""
    return f"event-attack-pick-{kind}-{seat}"


def css_face(face: str) -> str:
    """`face` is A, B, C, ALL or NONE."""
    return f"event-css-face-{face}"


def event_effect(name: str, answer: str | int | None = None) -> str:
    """The one-tap follow-up of an Event card: event-effect-power_surge, or for a
    question event-effect-coolant_leak-yes / -no; lurking's counters are
    event-effect-lurking-{kind}-up/-down and event-effect-lurking applies them;
    hatching's Characters are event-effect-hatching-{seat} (then -yes infests them, -no
    is nobody); leaving_the_shell's rows are event-effect-leaving_the_shell-{seat}."""
    return f"event-effect-{name}" if answer is None else f"event-effect-{name}-{answer}"


def attack_attacker(kind: str) -> str:
    return f"attack-attacker-{kind}"


def attack_seat(seat: int) -> str:
    return f"attack-seat-{seat}"


def attack_place(place: str) -> str:
    """`place` is S-01, S-02, S-03, ELEVATOR or STAIRS (always dark)."""
    return f"attack-place-{place}"


def attack_target(target: str) -> str:
    """standard, surprise or escape."""
    return f"attack-target-{target}"


def injury_intruder(kind: str) -> str:
    return f"injury-intruder-{kind}"


def injury_card(index: int) -> str:
    return f"injury-card-{index}"


def deck_card(deck: str, card: str) -> str:
    """A card of a browsable pile (tap: the card, large)."""
    return f"deck-card-{deck}-{card}"


# --------------------------------------------------------------------- the status strip on every game screen
STATUS_STRIP = "status-strip"
TRACK_TIME = "track-time"
STATUS_ROUND = "status-round"
STATUS_TIME = "status-time"
STATUS_SELF_DESTRUCT = "status-self-destruct"
STATUS_ALERT = "status-alert"
# Where the round is: the Player Phase, the Event Phase and its step, or the end.
STATUS_PHASE = "status-phase"
# Who holds the First Player token (the new one, at the start of a Player Phase after the first).
STATUS_FIRST_PLAYER = "status-first-player"
# The Time track's legend, one tap away on a phone (always shown on wider screens).
TRACK_LEGEND = "track-legend"
TRACK_LEGEND_TOGGLE = "track-legend-toggle"
# The thin bar at the top of every page that says a tap was taken while its answer comes.
BUSY = "busy"


def status_power(section: str) -> str:
    """`section` is S-01, S-02, S-03 or ELEVATOR."""
    return f"status-power-{section}"


# --------------------------------------------------------------------- phones: joining, a seat's screen
PLAYERS_JOIN = "players-join"
PLAYERS_SCREEN = "players-screen"
PLAYERS_SERVING = "players-serving"
PLAYERS_ADDRESS = "players-address"
PLAYERS_QR = "players-qr"
PLAYERS_CODE = "players-code"
PLAYERS_REISSUE = "players-reissue"
PLAYERS_BACK = "players-back"
# No phone can open the table (no local network, or served to this computer only): why.
PLAYERS_NO_QR = "players-no-qr"
# Who typed wrong codes lately (a network address each), with a way to let them in now.
PLAYERS_LOCKOUTS = "players-lockouts"
JOIN_SCREEN = "join-screen"
JOIN_CODE = "join-code"
JOIN_SUBMIT = "join-submit"
JOIN_MESSAGE = "join-message"
SEAT_SCREEN = "seat-screen"
SEAT_NAME = "seat-name"
SEAT_KNOWLEDGE = "seat-knowledge"
SEAT_KNOWLEDGE_UP = "seat-knowledge-up"
SEAT_KNOWLEDGE_DOWN = "seat-knowledge-down"
SEAT_WAITING = "seat-waiting"
SEAT_CREW = "seat-crew"
SEAT_LEAVE = "seat-leave"


def seat_crew_knowledge(seat: int) -> str:
    """Another Character's Knowledge in a phone's crew list."""
    return f"seat-crew-knowledge-{seat}"


def players_seat(seat: int) -> str:
    return f"players-seat-{seat}"


def players_address(index: int) -> str:
    """The machine's local network addresses, the likely one first (from 1)."""
    return f"players-address-{index}"


def players_unlock(address: str) -> str:
    return f"players-unlock-{address}"


def players_phone(seat: int) -> str:
    """A seat's phone status on the join screen (has a phone or not)."""
    return f"players-phone-{seat}"


def crew_knowledge(seat: int) -> str:
    """A Character's Knowledge on the table's crew panel."""
    return f"crew-knowledge-{seat}"


def crew_phone(seat: int) -> str:
    """A seat's phone status on the table's crew panel."""
    return f"crew-phone-{seat}"


# --------------------------------------------------------------------- the rules reference
RULES_OPEN = "rules-open"
RULES_SCREEN = "rules-screen"
RULES_BACK = "rules-back"
RULES_SEARCH = "rules-search"
RULES_RESULTS = "rules-results"
RULES_TOPIC_TITLE = "rules-topic-title"


def rules_topic(topic_id: str) -> str:
    """The open topic (`rules-topic-darkness`)."""
    return f"rules-topic-{topic_id}"


def rules_result(topic_id: str) -> str:
    return f"rules-result-{topic_id}"


def rules_link(topic_id: str) -> str:
    """A related topic's link inside the open topic."""
    return f"rules-link-{topic_id}"


def rules_chapter(chapter_id: str) -> str:
    return f"rules-chapter-{chapter_id}"


def rules_help(topic_id: str) -> str:
    """The "?" beside a control, opening `topic_id`."""
    return f"rules-help-{topic_id}"


def tag(identifier: str, control: ft.Control) -> ft.Control:
    """Wrap `control` so it carries a stable identifier in the accessibility tree."""
    return ft.Semantics(identifier=identifier, content=control)


def all_fixed() -> list[str]:
    """Every constant identifier (the parameterised ones are documented by their functions)."""
    return sorted(v for k, v in globals().items() if k.isupper() and isinstance(v, str))


def restore_power_section(section: str) -> str:
    return f"restore-power-{section}"


# --------------------------------------------------------------------- the Intruder bag screen
OPEN_BAG = "open-bag"
BAG_BACK = "bag-back"
BAG_MODE = "bag-mode"
DRAW_ENCOUNTER = "draw-encounter"
ENCOUNTER_HAND = "encounter-hand"
ENCOUNTER_LIGHTING = "encounter-lighting"
ENCOUNTER_IGNORE_DARKNESS = "encounter-ignore-darkness"
BAG_DEVELOPMENT = "bag-development"
BAG_CONTENTS = "bag-contents"
BAG_SUPPLY = "bag-supply"
BAG_ODDS = "bag-odds"
ODDS_TOGGLE = "odds-toggle"
TOKEN_REVEAL = "token-reveal"
SURPRISE_ATTACK = "surprise-attack"
SURPRISE_ATTACK_RESOLVE = "surprise-attack-resolve"
DRAW_RESULT = "draw-result"
BAG_BOARD = "bag-board"
RETURN_INTRUDERS = "return-intruders"
EGGS = "eggs"
EGG_TAKEN = "egg-taken"
EGG_DESTROYED = "egg-destroyed"
NEST_STATUS = "nest-status"
QUEEN_IN_NEST_YES = "queen-in-nest-yes"
QUEEN_IN_NEST_NO = "queen-in-nest-no"
QUESTION_UNDO = "question-undo"
BAG_HISTORY = "bag-history"
SETUP_PHYSICAL_BAG = "setup-physical-bag"
SETUP_BAG_DIGITAL = "setup-bag-digital"
SETUP_BAG_PHYSICAL = "setup-bag-physical"
SETUP_SHOW_ODDS = "setup-show-odds"


def encounter_seat(seat: int) -> str:
    return f"encounter-seat-{seat}"


def encounter_place(place: str) -> str:
    """`place` is S-01, S-02, S-03, ELEVATOR or STAIRS."""
    return f"encounter-place-{place}"


def encounter_hand(count: int) -> str:
    """One button of the encounter's hand-size row (0 to 10 cards)."""
    return f"encounter-hand-{count}"


def queen_hand(count: int) -> str:
    return f"queen-hand-{count}"


def queen_seat(seat: int) -> str:
    return f"queen-seat-{seat}"


def queen_place(place: str) -> str:
    return f"queen-place-{place}"


def board(kind: str) -> str:
    """The row of one intruder kind on the bag screen's board panel."""
    return f"board-{kind}"


def bag_action(action: str, kind: str) -> str:
    """kill-{kind}, corridor-{kind}, remove-{kind}, place-{kind}, add-{kind} (supply to bag)."""
    return f"{action}-{kind}"


def bag_count(where: str, kind: str) -> str:
    """bag-{kind} / supply-{kind}: how many tokens of a kind are in the bag / beside the board."""
    return f"{where}-{kind}"


def outcome(kind: str, light: int | None = None, dark: int | None = None) -> str:
    """A physical-bag draw's answer: outcome-blank, outcome-adult-2-4, …"""
    return f"outcome-{kind}" if light is None else f"outcome-{kind}-{light}-{dark}"


def adults_retreat(count: int) -> str:
    return f"adults-retreat-{count}"


def return_count(kind: str, direction: str) -> str:
    """return-{kind}-up / return-{kind}-down in the return-to-bag dialog."""
    return f"return-{kind}-{direction}"


# --------------------------------------------------------------------- Contamination, the Scanner, the Character board
SETUP_CONTAMINATION = "setup-contamination"
SETUP_CONTAMINATION_PRINTED = "setup-contamination-printed"
SETUP_CONTAMINATION_APP = "setup-contamination-app"
# Why Start waits (a choice the table has not made).
START_WAITS = "start-waits"
SETUP_INFECTED = "setup-infected"
SETUP_INFECTED_DOWN = "setup-infected-down"
SETUP_INFECTED_UP = "setup-infected-up"
SEAT_BOARD = "seat-board"
# The changes a player makes to their own Character board, on their phone.
SEAT_BOARD_CHANGES = "seat-board-changes"
SCANNER = "scanner"
SCANNER_COUNT = "scanner-count"
SCANNER_REMOVE_INFECTED = "scanner-remove-infected"
SCANNER_REMOVE_LARVA = "scanner-remove-larva"
SCANNER_REMOVE_SLIME = "scanner-remove-slime"
SCANNER_SCAN = "scanner-scan"
SCANNER_RESULTS = "scanner-results"
SCANNER_OUTCOME = "scanner-outcome"
SCANNER_CHECK = "scanner-check"
# The player's marked cards (their words behind "tap to show"), and the button that covers
# the words of the latest results again.
SCANNER_MARKED = "scanner-marked"
SCANNER_MARKED_SHOW = "scanner-marked-show"
SCANNER_COVER = "scanner-cover"
# An Event card (Leaving the Shell) waits for this player's scan.
SCANNER_EVENT_PROMPT = "scanner-event-prompt"
HANDOVER_SCREEN = "handover-screen"
HANDOVER_TAKE = "handover-take"
HANDOVER_DONE = "handover-done"
HANDOVER_BACK = "handover-back"


def scanner_procedure(procedure: str) -> str:
    """hand, rest, all, card, decontamination, surgery, leaving_the_shell."""
    return f"scanner-procedure-{procedure}"


def scanner_count(count: int) -> str:
    return f"scanner-count-{count}"


def scanner_mark(label: str) -> str:
    """A marked card offered to a scan, by its label (A, B…)."""
    return f"scanner-mark-{label}"


def scanner_marked(label: str) -> str:
    """A marked card's word in the player's list (shown on request)."""
    return f"scanner-marked-{label}"


def scanner_scope(scope: str) -> str:
    """hand or all (an item or Action card's scan)."""
    return f"scanner-scope-{scope}"


def scanner_card(index: int) -> str:
    """A scanned card with the red film over it (from 1): drag the film onto its coded field."""
    return f"scanner-card-{index}"


def scanner_word(index: int) -> str:
    """What the film revealed on card `index`: shown once the film covers the coded field."""
    return f"scanner-word-{index}"


def crew_status(seat: int) -> str:
    """A Character board at a glance: Larva, Slime, wounds, Contamination cards."""
    return f"crew-status-{seat}"


def body_action(action: str) -> str:
    """A button of the Character board dialog (light, serious, dress_one, slime, larva, infest, gain…)."""
    return f"body-{action}"


def handover_seat(seat: int) -> str:
    return f"handover-seat-{seat}"


# --------------------------------------------------------------------- Contingency tokens and the Victory Check
SETUP_CONTINGENCY = "setup-contingency"
SETUP_CONTINGENCY_APP = "setup-contingency-app"
SETUP_CONTINGENCY_TABLE = "setup-contingency-table"
CONTINGENCY_PANEL = "contingency-panel"
CONTINGENCY_OWN = "contingency-own"
CONTINGENCY_LOOK_GO = "contingency-look-go"
# A player's own Contingency tokens: shown on request, hidden again after a while.
CONTINGENCY_SHOW = "contingency-show"
VICTORY_ENTRY = "victory-entry"
# In the end panel when nobody is alive: everyone has lost, there is no Victory Check.
VICTORY_EVERYONE_LOST = "victory-everyone-lost"
VICTORY_BY_HAND = "victory-by-hand"
VICTORY_SCREEN = "victory-screen"
VICTORY_STEPPER = "victory-stepper"
VICTORY_STEP_BACK = "victory-step-back"
VICTORY_TO_TABLE = "victory-to-table"
VICTORY_START = "victory-start"
VICTORY_CONFIRM_ROSTER = "victory-confirm-roster"
VICTORY_REVEAL_ACTIVE = "victory-reveal-active"
VICTORY_ACTIVE = "victory-active"
VICTORY_TO_CONTAMINATION = "victory-to-contamination"
VICTORY_REVEAL_CONTAMINATION = "victory-reveal-contamination"
VICTORY_REVEAL_OBJECTIVES = "victory-reveal-objectives"
VICTORY_HANDOFF_TAKE = "victory-handoff-take"
VICTORY_HANDOFF_DONE = "victory-handoff-done"
VICTORY_PRIVATE = "victory-private"
VICTORY_DRAW = "victory-draw"
VICTORY_NEXT_CARD = "victory-next-card"
VICTORY_TURN_ALL = "victory-turn-all"
VICTORY_REPORT_DIES = "victory-report-dies"
VICTORY_REPORT_SURVIVES = "victory-report-survives"
VICTORY_CHECK_OUTCOME = "victory-check-outcome"
VICTORY_OBJECTIVE_SAVED = "victory-objective-saved"
# The objective card's way back to the list of kinds once one is chosen.
OBJECTIVE_OTHER_KIND = "objective-other-kind"
VICTORY_RESULT = "victory-result"
VICTORY_SUMMARY = "victory-summary"
VICTORY_QR = "victory-qr"


def contingency_handoff(seat: int) -> str:
    """The table hands the device to a player to see their own tokens and look at others."""
    return f"contingency-handoff-{seat}"


def contingency_look(via: str) -> str:
    """archive, alert_room or computer."""
    return f"contingency-look-{via}"


def contingency_target(target: int | None) -> str:
    """Whose tokens a look is at: a seat, or the Neutral Pool."""
    return "contingency-target-pool" if target is None else f"contingency-target-{target}"


def victory_step(step: int) -> str:
    return f"victory-step-{step}"


def victory_reason(reason: str) -> str:
    return f"victory-reason-{reason}"


def victory_roster(seat: int) -> str:
    return f"victory-roster-{seat}"


def victory_fix(seat: int) -> str:
    """Open the corrections of a Character's place at the end."""
    return f"victory-fix-{seat}"


def victory_place(seat: int, place: str) -> str:
    """facility, isolation, bunker, pod-A, pod-B, pod-C or dead."""
    return f"victory-place-{seat}-{place}"


def victory_token(effect: str) -> str:
    """The Active token the table turned over (physical tokens), by its effect."""
    return f"victory-token-{effect}"


def victory_handoff(seat: int) -> str:
    return f"victory-handoff-{seat}"


def victory_status(seat: int) -> str:
    return f"victory-status-{seat}"


def victory_answer(question: str, answer: bool) -> str:
    """larva / infected / objective: yes or no."""
    return f"victory-{question}-{'yes' if answer else 'no'}"


def victory_count(which: str, count: int) -> str:
    """A count the player picks at step 2 (no count is ever picked for them): action-cards
    or contamination-cards, then the number."""
    return f"victory-{which}-{count}"


def objective_knowledge(value: int) -> str:
    return f"objective-knowledge-{value}"


def victory_card(index: int) -> str:
    """A card of the Contamination check's draw, from 1."""
    return f"victory-card-{index}"


def objective_kind(kind: str) -> str:
    return f"objective-kind-{kind}"


def objective_player(seat: int) -> str:
    return f"objective-player-{seat}"


def objective_section(which: int, section: str) -> str:
    """The card's first (1) or second (2) Section."""
    return f"objective-section-{which}-{section}"


def victory_verdict(seat: int) -> str:
    return f"victory-verdict-{seat}"
