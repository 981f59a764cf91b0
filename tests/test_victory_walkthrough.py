"""The Victory Check walkthrough: its steps in order, stepping back with undo (never past
a reveal), resuming after a restart, what each page is sent (nobody reads another
player's tokens, Contamination result or objective before the step reveals them), and
every line it writes readable in both languages."""
from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.seats.controller import TableController
from companion.engine.authority import sender_for
from companion.engine import IllegalCommand
from companion.engine import commands as c
from companion.engine.journal import Audience
from companion.engine.victory.model import CardKind, ObjectiveChoice, ObjectiveKind, VictoryStep
from companion.engine.views import NOBODY, TABLE, seat_viewer, view_for
from companion.i18n import LANGUAGES, Translator, load_catalog, placeholders
from companion.store import GameStore
from tests.support.victory_helpers import RULES, ended_game, private_twin, walk_to_result

# Lines that name a token to everyone: only the reveals.
PUBLIC_TOKEN_LINES = {"announce.victory.active_revealed", "announce.victory.contingency_death",
                      "announce.contingency.revealed"}


def test_the_steps_come_in_order_and_a_roster_correction_counts():
    game = ended_game(app_tokens=False)
    game.execute(c.StartVictoryCheck())
    check = game.state.victory
    assert check.step is VictoryStep.ROSTER and check.reason.value == "facility_destroyed"
    assert [(e.seat, e.whereabouts.value) for e in check.roster] == [(1, "isolation"), (2, "bunker"), (3, "pod")]
    for early in (c.EnterActiveContingency(token="red"), c.StartContaminationChecks(), c.RevealObjectives()):
        with pytest.raises(IllegalCommand, match="error.victory.wrong_step"):
            game.execute(early)
    # The table says seat 1 was in the Bunker, not the Isolation Room: refused (one Bunker)...
    with pytest.raises(IllegalCommand, match="error.bunker_full"):
        game.execute(c.CorrectRoster(seat=1, whereabouts="bunker"))
    # ... and that the Alert Procedure ended the game: the Isolation Room then survives.
    game.execute(c.CorrectEndReason(reason="alert_procedure"))
    game.execute(c.ConfirmRoster())
    game.execute(c.EnterActiveContingency(token="red"))
    assert game.state.victory.contingency_deaths == [1]


def test_undo_steps_back_but_never_past_a_reveal():
    game = ended_game(app_tokens=True)
    steps = dict(walk_to_result(game))
    assert game.state.victory.step is VictoryStep.RESULT
    # Back from the result to the objectives: undone one by one...
    game.undo()
    assert game.state.victory.step is VictoryStep.OBJECTIVES
    while game.can_undo:
        game.undo()
    # ... but the draw of the Contamination check (a reveal) stays.
    assert game.state.victory.step is VictoryStep.CONTAMINATION
    assert game.state.victory.contamination[0].drawn is not None
    assert "victory-draw-2" in steps


def test_the_walkthrough_resumes_after_a_restart(tmp_path):
    with GameStore(tmp_path, rules=RULES) as store:
        controller = TableController(store, RULES)
        game = ended_game(app_tokens=True)
        controller.new_game(game.commands[0], "victory")
        for command in game.commands[1:]:
            controller.execute(command)
        controller.execute(c.StartVictoryCheck())
        controller.execute(c.ConfirmRoster())
        controller.execute(c.RevealActiveContingency())
        before = controller.state.model_dump_json()
    with GameStore(tmp_path, rules=RULES) as store:
        again = TableController(store, RULES)
        assert again.resume_latest() is not None
        assert again.state.model_dump_json() == before
        assert again.view(TABLE).public.victory.step is VictoryStep.CONTINGENCY
        assert not again.can_undo  # the reveal is where undo stops, after a restart too


# --------------------------------------------------------------------- what pages are sent
def _feeds_of_a_walkthrough(tmp_path, app_tokens: bool, choices: random.Random):
    """Play a game to the end of its Victory Check through the controller, every page
    subscribed; each feed with the state it was made from."""
    store = GameStore(tmp_path, rules=RULES)
    controller = TableController(store, RULES)
    sent: list = []
    viewers = [TABLE, NOBODY, seat_viewer(1), seat_viewer(2), seat_viewer(3)]
    for viewer in viewers:
        controller.subscribe(viewer, lambda feed: sent.append((feed, controller.state)))
    game = ended_game(app_tokens=app_tokens, seed=choices.randrange(10**6))
    controller.new_game(game.commands[0], "t")
    commands = list(game.commands[1:])
    if app_tokens:
        # Looks before the end: a Computer action and an Archive visit.
        commands[1:1] = [c.PeekContingency(seat=2, via="computer", target=3),
                         c.PeekContingency(seat=3, via="archive", target=choices.choice([None, 1, 2]))]
    for command in commands:
        controller.execute(command, sender_for(command))
    controller.execute(c.StartVictoryCheck())
    controller.execute(c.ConfirmRoster())
    controller.execute(c.RevealActiveContingency() if app_tokens else c.EnterActiveContingency(token="green"))
    controller.execute(c.StartContaminationChecks())
    for entry in list(controller.state.victory.contamination):
        infected = choices.random() < 0.5
        controller.execute(c.AnswerScan(seat=entry.seat, larva=False, infected=infected), seat_viewer(entry.seat))
        if infected:
            controller.execute(c.DrawContamination(seat=entry.seat, action_cards=choices.randint(2, 10),
                                                   contamination_cards=choices.randint(1, 4)), seat_viewer(entry.seat))
    controller.execute(c.RevealContamination())
    kinds = [ObjectiveKind.ONLY_SURVIVOR, ObjectiveKind.KNOWLEDGE_TOKEN, ObjectiveKind.SIGNAL_SENT]
    from companion.engine.victory.handlers import objective_seats

    for seat in objective_seats(controller.state, controller.state.victory, RULES):
        objective = ObjectiveChoice(kind=choices.choice(kinds))
        controller.execute(c.ChooseObjective(seat=seat, objective=objective), seat_viewer(seat))
    controller.execute(c.RevealObjectives())
    store.close()
    return sent


@settings(max_examples=12, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(app_tokens=st.booleans(), seed=st.integers(0, 10**6))
def test_no_page_is_sent_another_players_secrets(tmp_path_factory, app_tokens, seed):
    choices = random.Random(seed)
    sent = _feeds_of_a_walkthrough(tmp_path_factory.mktemp("feeds"), app_tokens, choices)
    assert sent
    for feed, state in sent:
        viewer = feed.viewer
        if feed.view is not None:
            text = feed.view.model_dump_json()
            # The view depends on nothing this viewer may not know.
            twin = private_twin(state, viewer, choices)
            assert view_for(twin, viewer, RULES).model_dump_json() == text, (viewer, feed.change)
            if viewer.kind == "seat" and state.contingency is not None:
                own = sorted(t.id for t in feed.view.private.contingency.own)
                assert own == sorted(state.contingency.held.get(viewer.seat, []))
        for event in feed.events:
            audience = event.visibility.audience
            assert audience is not Audience.ENGINE
            if audience is Audience.SEAT:
                assert viewer.kind == "seat" and viewer.seat == event.visibility.seat, (viewer, event.key)
            elif "contingency" in event.params:
                assert event.key in PUBLIC_TOKEN_LINES, event.key
            assert event.key not in ("log.victory.you_die", "log.victory.you_survive") or audience is Audience.SEAT


def test_the_twin_check_catches_a_view_that_shows_a_players_tokens(monkeypatch):
    """Guard: were the public view to name everyone's tokens, the twin check would fail."""
    import companion.engine.views as views
    from companion.engine.victory import views as victory_views

    game = ended_game(app_tokens=True)
    state = game.state
    leaky = lambda s, rules: victory_views.ContingencyView(  # noqa: E731
        held={seat: len(held) for seat, held in s.contingency.held.items()}, pool=len(s.contingency.pool),
        public=tuple(victory_views.token_view(rules, t) for held in s.contingency.held.values() for t in held),
        active=None, looks=())
    monkeypatch.setattr(views, "contingency_view", leaky)
    text = view_for(state, seat_viewer(1), RULES).model_dump_json()
    differs = any(view_for(private_twin(state, seat_viewer(1), random.Random(n)), seat_viewer(1),
                           RULES).model_dump_json() != text for n in range(10))
    assert differs


# --------------------------------------------------------------------- the journal reads well
@pytest.mark.parametrize("app_tokens", (True, False))
def test_every_line_of_a_walkthrough_renders_in_both_languages(app_tokens):
    catalog = load_catalog()
    game = ended_game(app_tokens=app_tokens)
    list(walk_to_result(game))
    events = [e for index in range(len(game.commands)) for e in game.events_at(index)]
    keys = {e.key for e in events}
    assert {"announce.victory.started", "log.victory.contamination_checked", "log.victory.you_survive"} <= keys
    assert keys & {"announce.victory.winner", "announce.victory.no_winner"}
    for lang in LANGUAGES:
        translator = Translator(lang, catalog)
        for event in events:
            template = catalog[lang].get(event.key)
            assert template is not None, (lang, event.key)
            assert placeholders(template) <= set(event.params), (lang, event.key, event.params)
            text = translator.entry(event)
            assert "⟦" not in text and "{" not in text, (lang, text)


# --------------------------------------------------------------------- with the app's Contamination deck
def _digital_game(seed: int) -> "GameSession":
    from companion.engine import GameSession
    from tests.conftest import CHARACTERS

    setup = c.NewGame(players=tuple(c.PlayerSetup(name=f"P{i + 1}", character=CHARACTERS[i]) for i in range(2)),
                      seed=seed, digital_contamination=True, infected_count=27)
    game = GameSession.start(setup, RULES)
    game.execute(c.GainContamination(seat=1, count=3))
    game.execute(c.StartVictoryCheck(reason="time_ran_out"))
    for seat in (1, 2):
        game.execute(c.CorrectRoster(seat=seat, whereabouts="bunker" if seat == 1 else "isolation"))
    game.execute(c.ConfirmRoster())
    game.execute(c.EnterActiveContingency(token="green"))
    game.execute(c.StartContaminationChecks())
    return game


def test_with_the_app_deck_the_check_scans_the_real_cards_and_tells_only_the_player():
    game = _digital_game(seed=8)
    with pytest.raises(IllegalCommand, match="error.victory.app_scans"):
        game.execute(c.AnswerScan(seat=1, larva=False, infected=True))
    with pytest.raises(IllegalCommand, match="error.victory.app_counts"):
        game.execute(c.DrawContamination(seat=1, action_cards=10, contamination_cards=1))
    step = game.execute(c.DrawContamination(seat=1, action_cards=10))
    entry = step.state.victory.contamination_of(1)
    # Every card shows INFECTED (27 of 27): the draw of 4 from 10 Action + 3 Contamination cards.
    assert entry.infected and entry.drawn is not None and len(entry.drawn) == 4
    assert entry.dies == (CardKind.CONTAMINATION in entry.drawn) and entry.contamination_cards == 3
    public = [e for e in step.events if e.reaches_table]
    assert [e.key for e in public] == ["log.victory.contamination_checked"]
    assert not any(e.announce for e in step.events if e.visibility.audience is Audience.SEAT)
    # Seat 2 holds no card and no Larva: the app settled it when the step began, nothing to ask.
    clean = game.state.victory.contamination_of(2)
    assert clean.certain and clean.dies is False and clean.drawn is None
    with pytest.raises(IllegalCommand, match="error.victory.already_checked"):
        game.execute(c.DrawContamination(seat=2, action_cards=10))
    game.execute(c.RevealContamination())
    assert game.state.victory.step is VictoryStep.OBJECTIVES
