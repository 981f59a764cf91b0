"""What a tap on the Event Phase screens builds and sends, on a real Flet session without a
browser (tests/flet_session.py), the screens kept (kit.kept): the runner's continue builds
no control but its new lines (the phase's log, a step's list), a pick on the attack form
builds nothing and sends exactly the values it changed, and resolving an attack or an
injury check builds only what the result lists (the card's symbols, the step's lines)."""
from __future__ import annotations

import pytest

from companion.engine.commands import StartEventPhase
from companion.engine.phase.model import EventStep

from .flet_session import controls_built, noted_changes, patch_operations, table_page, tap, without_busy_bar


@pytest.fixture
def table(tmp_path, monkeypatch):
    """The game bench_web serves, on a live page at phone size; yields (controller, app,
    wire, noted) as tests/test_render_cost.py's bag fixture does."""
    from companion.rules import load_rules
    from tests.benchmarks import web_game

    seed, advances = web_game.find_quiet_start(load_rules())
    noted = noted_changes(monkeypatch)
    with table_page(tmp_path, web_game.new_game(seed)) as (controller, app, wire):
        for command in web_game._opening(advances):
            controller.execute(command)
        without_busy_bar(app.page)
        wire.take()
        yield controller, app, wire, noted


def _tapped(app, wire, noted, identifier: str):
    """Tap `identifier`: (controls built, what was sent, patch operations beyond the
    button styles Flet sends again for buttons under what changed, properties set)."""
    del noted[:], wire.bodies[:]
    built = controls_built(lambda: tap(app.page, identifier))
    sent = wire.take()
    styles = patch_operations(wire.bodies, only="style")
    buttons = sum(changed for _properties, changed in noted)
    assert styles <= buttons, f"{styles} button styles sent, {buttons} buttons under what changed"
    return built, sent, patch_operations(wire.bodies) - styles, sum(properties for properties, _ in noted)


def _to_runner(controller, app, wire, noted) -> None:
    controller.execute(StartEventPhase())
    assert controller.state.event_phase.step is EventStep.TIME
    _tapped(app, wire, noted, "event-phase")


def test_the_runners_continue_builds_only_its_new_lines(table):
    controller, app, wire, noted = table
    _to_runner(controller, app, wire, noted)
    screen = app.shown_screen()
    lines_before = len(controller.history(app.ctx.viewer, since=controller.state.latest.event_phase_start))
    built, sent, operations, properties = _tapped(app, wire, noted, "event-continue")
    assert controller.state.event_phase.step is EventStep.ATTACKS  # Time moved, Noise went by
    new_lines = len(controller.history(app.ctx.viewer, since=controller.state.latest.event_phase_start)) - lines_before
    sections = len(controller.state.event_phase.noise_sections)
    assert app.shown_screen() is screen and new_lines > 0
    # A line of the phase's log is two controls, a Section's pill at step 7 two: nothing
    # else is built (the rebuilt runner built its whole screen, about 200 controls).
    assert built <= 2 * new_lines + 2 * sections and sent.added == built
    # Two views went out (step 6 on its way, then step 7), each a few kB at most.
    assert operations <= properties + built and sent.bytes < 2 * 4000


def test_a_second_continue_on_a_step_already_shown_builds_no_step(table):
    controller, app, wire, noted = table
    _to_runner(controller, app, wire, noted)
    _tapped(app, wire, noted, "event-continue")  # to step 7
    controller.undo()
    controller.undo()  # back at step 5, both steps' bodies built; the runner stays shown
    assert app.screen == "events" and controller.state.event_phase.step is EventStep.TIME
    lines_before = len(controller.history(app.ctx.viewer, since=controller.state.latest.event_phase_start))
    built, sent, _operations, _properties = _tapped(app, wire, noted, "event-continue")
    new_lines = len(controller.history(app.ctx.viewer, since=controller.state.latest.event_phase_start)) - lines_before
    assert controller.state.event_phase.step is EventStep.ATTACKS
    assert built <= 2 * new_lines and sent.added == built


def _to_attack_form(app, wire, noted) -> None:
    _tapped(app, wire, noted, "attack")
    assert app.screen == "events-attack"


@pytest.mark.parametrize("identifier", ["attack-attacker-adult", "attack-seat-2", "attack-target-standard",
                                        "attack-place-S-02"])
def test_a_pick_on_the_attack_form_builds_nothing_and_sends_what_it_changed(table, identifier):
    _controller, app, wire, noted = table
    _to_attack_form(app, wire, noted)
    built, sent, operations, properties = _tapped(app, wire, noted, identifier)
    assert built == 0 and sent.added == 0
    assert 0 < properties == operations and sent.bytes < 100 * operations


def test_picking_an_attacker_sends_only_the_three_places_it_changes(table):
    _controller, app, wire, noted = table
    _to_attack_form(app, wire, noted)
    built, sent, _operations, _properties = _tapped(app, wire, noted, "attack-attacker-adult")
    # The chip, the chance to hit and the Resolve's reason (now the next question), in one
    # small message, nothing around them.
    assert built == 0 and sent.messages == 1 and sent.bytes < 1000


def test_resolving_an_attack_builds_only_what_its_result_lists(table):
    controller, app, wire, noted = table
    _to_attack_form(app, wire, noted)
    for identifier in ("attack-attacker-adult", "attack-seat-1", "attack-target-standard", "attack-place-S-01"):
        _tapped(app, wire, noted, identifier)
    built, sent, operations, properties = _tapped(app, wire, noted, "attack-resolve")
    result = controller.state.latest.attack
    assert result is not None and result.card is not None
    from companion.engine.decks.cards import attack_card

    symbols = len(attack_card(controller.rules, result.card).symbols)
    side = len([e for e in controller.history(app.ctx.viewer, since=result.seq) if e.seq == result.seq])
    # The card's symbols (two controls each) and the result's other lines; the form, the
    # odds and the card's face were built with the screen.
    assert 0 < built <= 2 * symbols + side and sent.added == built
    assert operations <= properties + built and sent.bytes < 8000


def test_an_injury_check_builds_only_what_its_result_lists(table):
    controller, app, wire, noted = table
    _tapped(app, wire, noted, "injury-check")
    assert app.screen == "events-injury"
    built, sent, operations, properties = _tapped(app, wire, noted, "injury-intruder-breeder")
    assert built == 0 and sent.added == 0 and 0 < properties == operations
    # The count opens empty (it decides the check): one tap gives the first injury.
    built, sent, operations, properties = _tapped(app, wire, noted, "injury-count-up")
    assert built == 0 and sent.added == 0 and 0 < properties == operations
    built, sent, operations, properties = _tapped(app, wire, noted, "injury-resolve")
    result = controller.state.latest.injury
    assert result is not None and len(result.cards) == 2
    from companion.engine.decks.cards import attack_card

    symbols = sum(len(attack_card(controller.rules, card).symbols) for card in result.cards)
    side = len([e for e in controller.history(app.ctx.viewer, since=result.seq) if e.seq == result.seq])
    assert 0 < built <= 2 * symbols + side and sent.added == built
    assert operations <= properties + built and sent.bytes < 8000


@pytest.mark.parametrize("there, back", [("attack", "events-back"), ("injury-check", "events-back"),
                                         ("decks", "events-back"), ("event-phase", "events-back")])
def test_an_events_screen_visited_again_builds_nothing(table, there, back):
    controller, app, wire, noted = table
    if there == "event-phase":
        controller.execute(StartEventPhase())
    _tapped(app, wire, noted, there)
    _tapped(app, wire, noted, back)
    built, sent, _operations, _properties = _tapped(app, wire, noted, there)
    assert built == 0 and sent.added == 0 and sent.bytes < 1000
