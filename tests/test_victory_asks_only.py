"""The Victory Check fills in what the app knows and asks only what it cannot: a survivor
whose Contamination result is certain is settled without a question or a handover, the
Larva is read off the board, no count that decides a draw is pre-set, the drawn cards turn
in one tap, a player's check and objective share one turn, and the screen needs no
acknowledgement of what it already shows."""
from __future__ import annotations

import pytest

from companion.engine import GameSession, IllegalCommand
from companion.engine import commands as c
from companion.engine.authority import sender_for
from companion.engine.victory.model import ObjectiveChoice, ObjectiveKind, VictoryStep
from companion.engine.views import TABLE, seat_viewer, view_for
from companion.vocab import Pod
from companion.rules import load_rules
from companion.ui.kit.handoff import VICTORY as HANDED_FOR_VICTORY
from companion.ui.kit.handoff import hand_to, handoff_of
from companion.ui.on_screen import shown_on_screen
from tests.support.screens import build_seat_screen, build_victory_screen
from companion.ui.routes import VICTORY
from companion.ui.victory.private import draft_of
from tests.ui_tree import fire, identifiers, make_context, make_controller, strings, walk
from companion.ui.victory import ids as victory_ids

RULES = load_rules()
PLAYERS = (("Ana", "hacker"), ("Bruno", "janitor"), ("Carla", "lab_rat"))


def _commands_to_the_end(*, digital: bool, cards: dict[int, int] | None = None, larva: tuple[int, ...] = (),
                         tokens: bool = False) -> list:
    """Ana locked in the Isolation Room (dies with the Facility), Bruno in the Bunker, Carla
    gone in pod A; who holds Contamination cards or a Larva is set before the end."""
    setup = c.NewGame(players=tuple(c.PlayerSetup(name=n, character=ch) for n, ch in PLAYERS), seed=21,
                      digital_contamination=digital, contingency_tokens=tokens)
    game = GameSession.start(setup, RULES)
    for seat, count in (cards or {}).items():
        game.execute(c.GainContamination(seat=seat, count=count))
    for seat in larva:
        game.execute(c.SetLarva(seat=seat, larva=True))
    for _ in range(5):
        game.execute(c.AdvanceTime())
    game.execute(c.EnterPod(seat=3, pod=Pod.A))
    game.execute(c.CssLaunch(face="A"))
    while game.state.time > 8:
        game.execute(c.AdvanceTime())
    game.execute(c.LockIn(seat=1))
    game.execute(c.OpenMainGate())
    game.execute(c.StartSelfDestruct())
    game.execute(c.EscapeToBunker(seat=2))
    return game.commands


def _controller_at_step_2(tmp_path, **scenario):
    controller = make_controller(tmp_path)
    commands = _commands_to_the_end(**scenario)
    controller.new_game(commands[0], "victory")
    for command in commands[1:]:
        controller.execute(command)
    active = c.RevealActiveContingency() if scenario.get("tokens") else c.EnterActiveContingency(token="green")
    for command in (c.StartVictoryCheck(), c.ConfirmRoster(), active, c.StartContaminationChecks()):
        controller.execute(command)
    return controller


def _find(control, identifier: str):
    return next(item for item in walk(control) if getattr(item, "identifier", None) == identifier)


def _tap(control, identifier: str) -> None:
    target = _find(control, identifier)
    handler = next(item.on_click for item in walk(target) if getattr(item, "on_click", None) is not None)
    fire(handler)


def _phone(controller, seat: int, lang: str = "pt-BR"):
    ctx = make_context(controller, lang, 390, viewer=seat_viewer(seat))
    return ctx, lambda: build_seat_screen(ctx, on_leave=lambda: None)


# --------------------------------------------------------------------- what is certain is settled
def test_with_the_apps_deck_a_survivor_without_cards_or_larva_is_settled_at_step_2s_start(tmp_path):
    controller = _controller_at_step_2(tmp_path, digital=True, cards={2: 2})
    victory = controller.state.victory
    carla, bruno = victory.contamination_of(3), victory.contamination_of(2)
    assert carla.certain and carla.dies is False and not bruno.settled
    lines = [e for e in controller.history(TABLE) if e.key == "log.victory.nothing_to_check"]
    assert [e.params["seat"] for e in lines] == [3]
    table = make_context(controller, "pt-BR", 1280)
    screen = build_victory_screen(table)
    assert victory_ids.victory_handoff(3) not in identifiers(screen)  # no handover for nothing
    assert table.texts.t("ui.victory.contamination.certain") in strings(_find(screen, victory_ids.victory_status(3)))
    # Bruno's result is hidden: the public status of his check says nothing about it.
    public = view_for(controller.state, TABLE, RULES).public.victory
    assert public.status_of(2).dies is None and public.status_of(3).dies is False


def test_the_printed_deck_never_settles_a_survivor_by_itself(tmp_path):
    controller = _controller_at_step_2(tmp_path, digital=False)
    assert not any(entry.settled for entry in controller.state.victory.contamination)


def test_with_the_apps_deck_and_a_larva_the_check_still_happens_privately(tmp_path):
    controller = _controller_at_step_2(tmp_path, digital=True, larva=(3,))
    assert not controller.state.victory.contamination_of(3).settled


# --------------------------------------------------------------------- the Larva is the board's
def test_the_larva_question_is_never_asked_and_a_larva_on_the_board_goes_straight_to_the_draw(tmp_path):
    controller = _controller_at_step_2(tmp_path, digital=False, larva=(2,))
    ctx, page = _phone(controller, 2)
    shown = identifiers(page())
    assert victory_ids.victory_answer("larva", True) not in shown and victory_ids.victory_answer("infected", True) not in shown
    assert victory_ids.victory_count("action-cards", 10) in shown  # the draw's counts, without a question
    controller.execute(c.DrawContamination(seat=2, action_cards=6, contamination_cards=2), seat_viewer(2))
    assert controller.state.victory.contamination_of(2).larva is True
    # Carla, no Larva: one question, sent with its tap.
    ctx3, page3 = _phone(controller, 3)
    screen = page3()
    assert victory_ids.victory_answer("larva", False) not in identifiers(screen)
    _tap(screen, victory_ids.victory_answer("infected", False))
    entry = controller.state.victory.contamination_of(3)
    assert entry.settled and entry.larva is False and entry.dies is False


def test_an_infected_answer_leads_to_the_draw_in_the_same_tap(tmp_path):
    controller = _controller_at_step_2(tmp_path, digital=False)
    ctx, page = _phone(controller, 2)
    _tap(page(), victory_ids.victory_answer("infected", True))
    entry = controller.state.victory.contamination_of(2)
    assert entry.infected is True and entry.larva is False and not entry.settled
    assert victory_ids.VICTORY_DRAW in identifiers(page())


# --------------------------------------------------------------------- no default decides a draw
def test_no_count_is_pre_set_and_the_draw_waits_for_both(tmp_path):
    controller = _controller_at_step_2(tmp_path, digital=False)
    controller.execute(c.AnswerScan(seat=2, infected=True), seat_viewer(2))
    ctx, page = _phone(controller, 2)
    screen = page()
    draw = _find(screen, victory_ids.VICTORY_DRAW)
    assert any(getattr(item, "disabled", False) for item in walk(draw))
    chips = [item for item in walk(screen) if str(getattr(item, "identifier", "")).startswith("victory-action-cards-")]
    assert len(chips) >= 10
    chance = ctx.texts.t("ui.victory.check.chance", chance="").split(":")[0]
    assert not any(chance in text for text in strings(screen))
    _tap(screen, victory_ids.victory_count("action-cards", 7))
    assert draft_of(ctx, 2).action_cards == 7 and draft_of(ctx, 2).contamination_cards is None
    screen = page()
    assert any(getattr(item, "disabled", False) for item in walk(_find(screen, victory_ids.VICTORY_DRAW)))
    _tap(screen, victory_ids.victory_count("contamination-cards", 2))
    screen = page()
    assert not any(getattr(item, "disabled", False) for item in walk(_find(screen, victory_ids.VICTORY_DRAW)))
    assert any(chance in text for text in strings(screen))


def test_with_the_apps_deck_the_action_card_count_is_asked_not_assumed(tmp_path):
    controller = _controller_at_step_2(tmp_path, digital=True, cards={2: 1})
    ctx, page = _phone(controller, 2)
    assert draft_of(ctx, 2).action_cards is None
    assert any(getattr(item, "disabled", False) for item in walk(_find(page(), victory_ids.VICTORY_DRAW)))


# --------------------------------------------------------------------- the drawn cards in one tap
def test_the_drawn_cards_turn_in_one_tap_and_one_by_one_stays_possible(tmp_path):
    controller = _controller_at_step_2(tmp_path, digital=False)
    controller.execute(c.AnswerScan(seat=2, infected=True), seat_viewer(2))
    controller.execute(c.DrawContamination(seat=2, action_cards=5, contamination_cards=3), seat_viewer(2))
    ctx, page = _phone(controller, 2)
    hidden = ctx.texts.t("ui.victory.check.card.hidden")
    screen = page()
    assert strings(screen).count(hidden) == 4 and victory_ids.VICTORY_NEXT_CARD in identifiers(screen)
    _tap(screen, victory_ids.VICTORY_NEXT_CARD)
    assert strings(page()).count(hidden) == 3
    _tap(page(), victory_ids.VICTORY_TURN_ALL)
    screen = page()
    assert strings(screen).count(hidden) == 0 and victory_ids.VICTORY_CHECK_OUTCOME in identifiers(screen)


# --------------------------------------------------------------------- one turn for check and objective
def test_a_survivor_enters_the_objective_in_the_same_turn_and_the_table_learns_nothing(tmp_path):
    controller = _controller_at_step_2(tmp_path, digital=False)
    table = make_context(controller, "pt-BR", 1280)
    hand_to(table, 3, HANDED_FOR_VICTORY)
    handoff_of(table).holding = True
    held = build_victory_screen(table)
    assert victory_ids.objective_kind("only_survivor") not in identifiers(held)  # the check first
    _tap(held, victory_ids.victory_answer("infected", False))
    held = build_victory_screen(table)
    assert victory_ids.VICTORY_CHECK_OUTCOME in identifiers(held) and victory_ids.objective_kind("player_dies") in identifiers(held)
    _tap(held, victory_ids.objective_kind("player_dies"))
    _tap(build_victory_screen(table), victory_ids.objective_player(1))  # complete: saved at once, no button
    assert controller.state.victory.objectives[3] == ObjectiveChoice(kind=ObjectiveKind.PLAYER_DIES, player=1)
    assert "victory-objective-submit" not in identifiers(build_victory_screen(table))
    # The table's view and log say nothing of it before the reveal.
    public = view_for(controller.state, TABLE, RULES).public.victory
    assert public.objectives == () and public.objective_seats == ()
    assert "log.victory.objective_entered" not in [e.key for e in controller.history(TABLE)]
    # Bruno finishes his check; at step 3 Carla has nothing left to do.
    controller.execute(c.AnswerScan(seat=2, infected=False), seat_viewer(2))
    controller.execute(c.RevealContamination())
    assert controller.view(TABLE).public.victory.pending_objectives == (2,)


def test_a_survivor_who_dies_of_contamination_is_not_offered_an_objective_early(tmp_path):
    controller = _controller_at_step_2(tmp_path, digital=False)
    controller.execute(c.ReportContamination(seat=2, dies=True), seat_viewer(2))
    assert not controller.view(seat_viewer(2)).private.victory.must_enter_objective
    with pytest.raises(IllegalCommand, match="error.victory.no_objective"):
        controller.execute(c.ChooseObjective(seat=2, objective=ObjectiveChoice(kind=ObjectiveKind.ONLY_SURVIVOR)),
                           seat_viewer(2))
    with pytest.raises(IllegalCommand, match="error.victory.no_objective"):  # nor before the check
        controller.execute(c.ChooseObjective(seat=3, objective=ObjectiveChoice(kind=ObjectiveKind.ONLY_SURVIVOR)),
                           seat_viewer(3))


def test_an_objective_is_saved_only_once_complete_and_a_printed_value_is_never_assumed(tmp_path):
    controller = _controller_at_step_2(tmp_path, digital=False)
    controller.execute(c.AnswerScan(seat=2, infected=False), seat_viewer(2))
    ctx, page = _phone(controller, 2)
    _tap(page(), victory_ids.objective_kind("knowledge_at_least"))
    assert 2 not in controller.state.victory.objectives  # the value printed on the card is missing
    _tap(page(), victory_ids.objective_knowledge(4))
    assert controller.state.victory.objectives[2].knowledge == 4


def test_a_chosen_objective_kind_stands_alone_until_the_player_asks_for_the_others(tmp_path):
    controller = _controller_at_step_2(tmp_path, digital=False)
    controller.execute(c.AnswerScan(seat=2, infected=False), seat_viewer(2))
    ctx, page = _phone(controller, 2)
    every_kind = {victory_ids.objective_kind(kind.value) for kind in ObjectiveKind}
    shown = identifiers(page())
    assert every_kind <= shown and victory_ids.OBJECTIVE_OTHER_KIND not in shown
    _tap(page(), victory_ids.objective_kind("knowledge_at_least"))
    _tap(page(), victory_ids.objective_knowledge(4))
    shown = identifiers(page())
    # What the card asks comes right under the chosen kind: the others are one tap away.
    assert every_kind & shown == {victory_ids.objective_kind("knowledge_at_least")} and victory_ids.OBJECTIVE_OTHER_KIND in shown
    _tap(page(), victory_ids.OBJECTIVE_OTHER_KIND)
    shown = identifiers(page())
    assert every_kind <= shown and victory_ids.OBJECTIVE_OTHER_KIND not in shown
    _tap(page(), victory_ids.objective_kind("knowledge_at_least"))  # the same card again keeps what was entered
    assert draft_of(ctx, 2).knowledge == 4 and controller.state.victory.objectives[2].knowledge == 4
    assert victory_ids.OBJECTIVE_OTHER_KIND in identifiers(page())


# --------------------------------------------------------------------- no acknowledgement of the screen
def test_the_victory_screen_needs_no_acknowledgement_of_what_it_shows(tmp_path):
    controller = make_controller(tmp_path)
    commands = _commands_to_the_end(digital=False, tokens=True)
    controller.new_game(commands[0], "victory")
    for command in commands[1:]:
        controller.execute(command)
    announced = []

    def send(command) -> None:
        step = controller.execute(command, sender_for(command))
        announced.extend(e for e in step.events if e.announce and e.reaches_table)

    for command in (c.StartVictoryCheck(), c.ConfirmRoster(), c.RevealActiveContingency(),
                    c.StartContaminationChecks()):
        send(command)
    for entry in controller.state.victory.contamination:
        send(c.AnswerScan(seat=entry.seat, infected=False))
    send(c.RevealContamination())
    for seat in controller.view(TABLE).public.victory.objective_seats:
        send(c.ChooseObjective(seat=seat, objective=ObjectiveChoice(kind=ObjectiveKind.ONLY_SURVIVOR)))
    send(c.RevealObjectives())
    assert announced  # the guard: the walkthrough does announce
    view = controller.view(TABLE)
    assert {e.key for e in announced} <= shown_on_screen(VICTORY, view)
    assert controller.state.victory.step is VictoryStep.RESULT


def test_the_end_panels_button_opens_the_victory_check_screen(tmp_path):
    from tests.support.screens import build_table

    controller = make_controller(tmp_path)
    commands = _commands_to_the_end(digital=False)
    controller.new_game(commands[0], "victory")
    for command in commands[1:]:
        controller.execute(command)
    ctx = make_context(controller, "tr", 1280)
    went = []
    ctx.navigate = went.append
    _tap(build_table(ctx), victory_ids.VICTORY_ENTRY)
    assert controller.state.victory is not None and went == [VICTORY]
    _tap(build_table(ctx), victory_ids.VICTORY_ENTRY)  # and back to it once started
    assert went == [VICTORY, VICTORY]
