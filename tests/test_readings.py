"""One source for every reading: where the rules leave a point open, the engine follows a
switch in the rules data, and every topic and result text that states the point is
rendered from that same switch. Each switch is turned to each of its values: the engine
must then do that, and every text must say what the engine does, in both languages."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any, Callable

import pytest

from companion.engine import GameSession, check
from companion.engine import commands as c
from companion.engine.bag.handlers import lighting, places
from companion.engine.bag.model import Place
from companion.engine.contamination.model import ScanProcedure
from companion.engine.victory.contingency import takes_from_pool
from companion.engine.decks.cards import event_card
from companion.engine.decks.views import decks_view
from companion.engine.victory.fates import end_kills
from companion.vocab import EndReason, Section, Whereabouts
from companion.i18n import LANGUAGES, Translator
from companion.rules import Rules, load_rules
from companion.rules_ref import rules_reference
from companion.ui.bag.reveal import result_text
from companion.ui.events.injury import retreat_detail
from companion.ui.i18n_view import Texts
from companion.ui.scanner.panel import _procedure_help
from companion.ui.victory.contingency_panel import via_help
from tests.conftest import do, setup_command
from tests.support.bag_helpers import full_bag, start
from tests.support.contamination_helpers import (clean_cards, digital_game, digital_setup, infected_cards,
                                                 with_held)
from tests.support.journal import events_of

RULES = load_rules()
TWO_CORRIDORS = "kickstopper"  # Event card 11 shows corridors 2 and 4


def with_switch(rules: Rules, path: str, value: Any) -> Rules:
    """`rules` with one field changed, e.g. with_switch(rules, "intruders.egg_tokens", 6)."""
    part, name = path.split(".")
    section = getattr(rules, part).model_copy(update={name: value})
    return rules.model_copy(update={part: section})


def _announced(state, lang: str) -> list[str]:
    translator = Translator(lang)
    return [translator.entry(event) for event in events_of(state)]


# ----------------------------------------------------------------- what the engine does
def _queen_token_back(rules: Rules) -> tuple[bool, Callable[[str], list[str]]]:
    game = full_bag(rules)
    do(game, "develop_bag", outcome={"token": "queen"})
    state = do(game, "answer_queen_in_nest", character_in_nest=True, seat=1, place="S-01", hand=5)
    return "queen" in state.bag.bag, lambda lang: _announced(state, lang)


def _egg_restores_nest(rules: Rules) -> tuple[bool, Callable[[str], list[str]]]:
    game = start(rules, physical=True)
    for _ in range(rules.intruders.nest_eggs):
        do(game, "remove_egg", how="destroyed")
    do(game, "develop_bag", outcome={"kind": "queen"})
    state = do(game, "answer_queen_in_nest", character_in_nest=False)
    assert state.bag.last_draw is not None

    def texts(lang: str) -> list[str]:
        return [result_text(Texts(lang), state.bag.last_draw) or "", *_announced(state, lang)]

    return not state.bag.nest_destroyed, texts


def _retreat_corridor(rules: Rules) -> tuple[str, Callable[[str], list[str]]]:
    game = GameSession.start(setup_command(), rules)
    state = do(game, "injury_check", intruder="adult", injuries=9, cards=["cut_r"], retreat_card=TWO_CORRIDORS)
    line = next(e for e in events_of(state) if e.key.startswith("log.injury.retreat"))
    spec = event_card(rules, TWO_CORRIDORS)
    taken = "first" if line.params["corridor"] == spec.corridors[0] else "second"
    retreat = decks_view(state, rules).retreat
    return taken, lambda lang: [Translator(lang).entry(line), retreat_detail(Texts(lang), retreat)]


def _elevator_dark(rules: Rules) -> tuple[bool, Callable[[str], list[str]]]:
    # Token 2 (active, the highest) on the Elevator: the red threshold of slot 14 turns it off.
    layout = {Section.S01: 1, Section.S02: 3, Section.S03: 4, Section.ELEVATOR: 2}
    game = GameSession.start(setup_command(layout=layout), rules)
    state = do(game, "advance_time")
    assert not state.is_powered(Section.ELEVATOR)
    dark = Place.ELEVATOR in places(rules) and lighting(state, rules, Place.ELEVATOR).is_dark
    return dark, lambda lang: _announced(state, lang)


def _scan(rules: Rules, held: dict, body: dict, command: c.ScanContamination):
    from companion.engine import apply

    return apply(with_held(digital_game().state, held, body=body), command, rules)


def _once_per_scan(rules: Rules) -> tuple[bool, Callable[[str], list[str]]]:
    state = digital_game().state
    after = _scan(rules, {1: infected_cards(state)[:2]}, {}, c.ScanContamination(seat=1, procedure="all"))
    return after.member(1).whereabouts is not Whereabouts.DEAD, lambda lang: []


def _cleaning_kills(rules: Rules) -> tuple[bool, Callable[[str], list[str]]]:
    state = digital_game().state
    after = _scan(rules, {1: infected_cards(state)[:1]}, {1: {"larva": True}},
                  c.ScanContamination(seat=1, procedure="decontamination", in_hand=1))
    return after.member(1).whereabouts is Whereabouts.DEAD, lambda lang: []


def _decontamination_larva(rules: Rules) -> tuple[bool, Callable[[str], list[str]]]:
    state = digital_game().state
    after = _scan(rules, {1: clean_cards(state)[:1]}, {1: {"larva": True}},
                  c.ScanContamination(seat=1, procedure="decontamination", in_hand=1))
    ctx = SimpleNamespace(session=SimpleNamespace(rules=rules))

    def texts(lang: str) -> list[str]:
        ctx.texts = Texts(lang)
        return [_procedure_help(ctx, ScanProcedure.DECONTAMINATION, after.member(1))]  # type: ignore[arg-type]

    return not after.member(1).body.larva, texts


def _ended_with(rules: Rules, held: list[str], **body) -> GameSession:
    from companion.engine import apply

    state = with_held(apply(None, digital_setup(), rules), {1: held}, **body)
    for _ in range(7):
        state = apply(state, c.AdvanceTime(), rules)
    state = apply(state, c.LockIn(seat=1), rules)
    while not state.is_over:
        state = apply(state, c.AdvanceTime(), rules)
    return GameSession(rules, [digital_setup()], 0, {0: state})


def _larva_skips_scan(rules: Rules) -> tuple[bool, Callable[[str], list[str]]]:
    game = _ended_with(rules, clean_cards(digital_game().state)[:1], body={1: {"larva": True}})
    game.execute(c.ContaminationCheck(seat=1, action_cards=3))
    check = game.state.contamination.checks[1]  # type: ignore[union-attr]
    return bool(check.drawn), lambda lang: []


def _locked_in_then(rules: Rules, end: Callable[[GameSession], Any]):
    """Seat 1 locked in the Isolation Room, then the game ended by `end`."""
    game = GameSession.start(setup_command(), rules)
    for _ in range(7):
        do(game, "advance_time")
    do(game, "lock_in", seat=1)
    state = end(game)
    assert state.is_over
    return state


def _until_over(game: GameSession, type_: str):
    state = game.state
    while not state.is_over:
        state = do(game, type_)
    return state


def _destruction_kills_the_locked(rules: Rules) -> tuple[bool, Callable[[str], list[str]]]:
    state = _locked_in_then(rules, lambda game: _until_over(game, "place_fire"))
    dead = state.member(1).whereabouts is Whereabouts.DEAD
    assert dead == (Whereabouts.ISOLATION in end_kills(EndReason.FACILITY_DESTROYED, rules))
    return dead, lambda lang: _announced(state, lang)


def _purge_kills_the_locked(rules: Rules) -> tuple[bool, Callable[[str], list[str]]]:
    state = _locked_in_then(rules, lambda game: _until_over(game, "advance_time"))
    dead = state.member(1).whereabouts is Whereabouts.DEAD
    assert dead == (Whereabouts.ISOLATION in end_kills(EndReason.TIME_RAN_OUT, rules))
    return dead, lambda lang: _announced(state, lang)


def _archive(rules: Rules) -> tuple[str, Callable[[str], list[str]]]:
    taken = takes_from_pool(c.PeekContingency(seat=1, via="archive", target=None), rules)
    return ("take_from_pool" if taken else "any_non_active"), lambda lang: [via_help(Texts(lang), "archive", rules)]


def _events_texts(step, lang: str) -> list[str]:
    translator = Translator(lang)
    return [translator.entry(event) for event in step.events]


def _hatching_nobody_first(rules: Rules) -> tuple[bool, Callable[[str], list[str]]]:
    """Hatching in step 9: nobody in the Nest, one Character infested by the Darkness extra."""
    from tests.support.deck_helpers import drive_to
    from companion.engine.phase.model import EventStep

    game = GameSession(rules, [digital_setup(players=3)], 0, {0: digital_game(players=3).state})
    drive_to(game, rules, EventStep.EVENT_CARD)
    game.execute(c.DrawEventCard(card="hatching"))
    command = c.EventHatching(nobody_infested=True, infested=(2,))
    if check(game.state, command, rules) is not None:
        return False, lambda lang: []
    step = game.execute(command)
    return True, lambda lang: _events_texts(step, lang)


def _larva_stand_in(rules: Rules) -> tuple[bool, Callable[[str], list[str]]]:
    """Every Larva miniature in use (two on Character boards), then a Character is infested."""
    game = GameSession(rules, [digital_setup(players=3)], 0, {0: digital_game(players=3).state})
    game.execute(c.SetLarva(seat=2, larva=True))
    game.execute(c.SetLarva(seat=3, larva=True))
    for _ in range(rules.intruders.miniatures["larva"] - 2):
        game.execute(c.PlaceIntruder(kind="larva"))
    step = game.execute(c.InfestCharacter(seat=1))
    return step.state.member(1).body.larva, lambda lang: _events_texts(step, lang)


def _dark_after_effect(rules: Rules) -> tuple[bool, Callable[[str], list[str]]]:
    """Piercing the Heart in Darkness on a Character with 2 Serious Wounds: whether its
    Contamination card was dealt before the death."""
    game = GameSession(rules, [digital_setup(players=3)], 0, {0: digital_game(players=3).state})
    game.execute(c.SufferWound(seat=1, serious=True, count=2))
    game.execute(c.ResolveAttack(attacker="queen", seat=1, dark=True, card="piercing_the_heart_3"))
    return len(game.state.contamination.held_by(1)) == 1, lambda lang: []


def _first_player_leaving(rules: Rules) -> tuple[str, Callable[[str], list[str]]]:
    game = GameSession.start(setup_command(players=3), rules)
    step = game.execute(c.RecordDeath(seat=1))
    followed = "at_once" if game.state.first_player == 2 else "at_step_2"
    return followed, lambda lang: _events_texts(step, lang)


# ----------------------------------------------------------------- what the texts say
@dataclass(frozen=True)
class Reading:
    """A switch, the values it takes, what the engine does under it (the value it
    follows, and the result texts it led to), and per language, per topic (or "results")
    and per value, a pattern only the sentence for that value matches."""

    switch: str
    values: tuple[Any, ...]
    engine: Callable[[Rules], tuple[Any, Callable[[str], list[str]]]]
    says: dict[str, dict[str, dict[Any, str | None]]] = field(default_factory=dict)


READINGS = [
    Reading("intruders.queen_token_back_when_placed", (True, False), _queen_token_back, {
        "pt-BR": {"bag_development": {True: r"volta ao saco,? mesmo quando", False: r"fora do saco"},
                  "results": {True: r"token dela volta ao saco", False: r"fora do saco"}},
        "tr": {"bag_development": {True: r"torbaya döner, figürü Yuvaya konulsa bile", False: r"torbanın dışında"},
               "results": {True: r"jetonu torbaya döner", False: r"torbanın dışında"}},
    }),
    Reading("intruders.queen_egg_when_nest_destroyed", (True, False), _egg_restores_nest, {
        "pt-BR": {"bag_development": {True: r"deixa de estar destruído", False: r"continua destruído"},
                  "room_nest": {True: r"deixa de estar destruído", False: r"não recebe mais Ovos"},
                  "results": {True: r"deixa de estar destruído", False: r"já foi destruído e não recebe Ovo"}},
        "tr": {"bag_development": {True: r"yok edilmiş sayılmaz", False: r"yok edilmiş kalır"},
               "room_nest": {True: r"yok edilmiş sayılmaz", False: r"Yuvaya Yumurta eklenmez"},
               "results": {True: r"yok edilmiş sayılmaz", False: r"Yuva zaten yok edilmiş"}},
    }),
    Reading("intruders.retreat_corridor", ("first", "second"), _retreat_corridor, {
        "pt-BR": {"intruder_retreat": {"first": r"usa o primeiro", "second": r"usa o segundo"},
                  "results": {"first": r"usa o primeiro", "second": r"usa o segundo"}},
        "tr": {"intruder_retreat": {"first": r"ilk numarayı", "second": r"ikinci numarayı"},
               "results": {"first": r"ilk numarayı", "second": r"ikinci numarayı"}},
    }),
    Reading("power.elevator_token_darkens", (True, False), _elevator_dark, {
        "pt-BR": {topic: {True: r"lugar à parte", False: r"só decide se o Elevador funciona"}
                  for topic in ("power", "darkness", "room_elevator")}
        | {"results": {True: r"no Elevador fica na Escuridão", False: r"para de funcionar"}},
        "tr": {topic: {True: r"ayrı bir yer sayar", False: r"çalışıp çalışmadığını belirler"}
               for topic in ("power", "darkness", "room_elevator")}
        | {"results": {True: r"Asansördeki karakter Karanlıkta", False: r"Asansör çalışmıyor"}},
    }),
    Reading("contamination.infected_once_per_scan", (True, False), _once_per_scan, {
        "pt-BR": {"scanner": {True: r"uma vez por escaneamento", False: r"conta cada carta"}},
        "tr": {"scanner": {True: r"her taramayı bir kez", False: r"her kartı ayrı"}},
    }),
    Reading("contamination.cleaning_scan_kills", (True, False), _cleaning_kills, {
        "pt-BR": {"larva_on_board": {True: r"vale também na Sala de Descontaminação", False: r"isso não acontece"},
                  "room_decontamination": {True: r"como em qualquer escaneamento", False: r"não mata"},
                  "room_surgery": {True: r"como em qualquer escaneamento", False: r"não mata"}},
        "tr": {"larva_on_board": {True: r"Cerrahide de geçerlidir", False: r"olmadığını kabul eder"},
               "room_decontamination": {True: r"her taramada olduğu gibi", False: r"öldürmez"},
               "room_surgery": {True: r"her taramada olduğu gibi", False: r"öldürmediğini"}},
    }),
    Reading("contamination.decontamination_removes_larva", (True, False), _decontamination_larva, {
        "pt-BR": {"room_decontamination": {True: r"Tire também a Larva", False: r"A Larva continua"},
                  "larva_on_board": {True: r"Sala de Descontaminação ou Cirurgia", False: r"não a tira"},
                  "results": {True: r"A Larva sai do tabuleiro", False: r"A Larva continua"}},
        "tr": {"room_decontamination": {True: r"Larvayı da kaldırın", False: r"Larva yerinde kalır"},
               "larva_on_board": {True: r"Dekontaminasyon Odası ya da Cerrahi", False: r"Larvayı kaldırmaz"},
               "results": {True: r"Larva tahtadan kalkar", False: r"Larva tahtada kalır"}},
    }),
    Reading("victory.larva_skips_scan", (True, False), _larva_skips_scan, {
        "pt-BR": {"victory_check": {True: r"não escaneia", False: r"não leva à compra"},
                  "larva_on_board": {True: r"não escaneia", False: r"sozinha não leva"}},
        "tr": {"victory_check": {True: r"taramaz", False: r"tek başına kart çektirmez"},
               "larva_on_board": {True: r"taramaz", False: r"tek başına kart çektirmez"}},
    }),
    Reading("end_of_game.facility_destroyed_kills", (("facility", "isolation"), ("facility",)),
            _destruction_kills_the_locked, {
        "pt-BR": {"facility_destruction": {True: r"Morrem: .*trancado na Sala de Isolamento", False: None},
                  "objectives": {True: r"se a Instalação não for destruída", False: None},
                  "room_isolation_room": {True: r"Se a Instalação for destruída, ele morre",
                                          False: r"Se a Instalação for destruída, ele sobrevive"},
                  "results": {True: r"Morre quem está trancado na Sala de Isolamento", False: None}},
        "tr": {"facility_destruction": {True: r"Ölenler: .*İzolasyon Odasına kilitlenenler", False: None},
               "objectives": {True: r"tesis yok olmadan", False: None},
               "room_isolation_room": {True: r"Tesis yok olursa ölür", False: r"Tesis yok olsa bile hayatta"},
               "results": {True: r"İzolasyon Odasına kilitlenenler ölür", False: None}},
    }),
    Reading("end_of_game.time_ran_out_kills", (("facility",), ("facility", "isolation")), _purge_kills_the_locked, {
        "pt-BR": {"time_runs_out": {True: r"Morrem: .*trancado na Sala de Isolamento", False: None},
                  "room_isolation_room": {True: r"morre no expurgo", False: r"escapa do expurgo"},
                  "results": {True: r"Morre quem está trancado na Sala de Isolamento", False: None}},
        "tr": {"time_runs_out": {True: r"Ölenler: .*İzolasyon Odasına kilitlenenler", False: None},
               "room_isolation_room": {True: r"temizlikte ölür", False: r"temizlikten kurtulur"},
               "results": {True: r"İzolasyon Odasına kilitlenenler ölür", False: None}},
    }),
    Reading("intruders.hatching_nobody_before_darkness", (True, False), _hatching_nobody_first, {
        "pt-BR": {"event_card.hatching": {True: r"antes do efeito de Escuridão", False: r"conta também quem o efeito"},
                  "results": {True: r"entra no saco mesmo assim", False: None}},
        "tr": {"event_card.hatching": {True: r"Karanlık ek etkisinden önce", False: r"ek etkisiyle bulaşanları da sayar"},
               "results": {True: r"yine de torbaya girer", False: None}},
    }),
    Reading("intruders.larva_board_without_miniature", (True, False), _larva_stand_in, {
        "pt-BR": {"larva_on_board": {True: r"infestado mesmo assim", False: r"nenhuma Larva vai para o tabuleiro"},
                  "results": {True: r"conta como infestado", False: r"nenhuma Larva vai para o tabuleiro"}},
        "tr": {"larva_on_board": {True: r"yine de bulaşmış sayar", False: r"tahtasına Larva konulmaz"},
               "results": {True: r"bulaşmış sayılır", False: r"tahtasına Larva konulmaz"}},
    }),
    Reading("intruders.darkness_extra_after_effect", (True, False), _dark_after_effect, {
        "pt-BR": {"intruder_attack": {True: r"vem depois do efeito da carta", False: r"vem antes do efeito da carta"}},
        "tr": {"intruder_attack": {True: r"etkisinden sonra gelir", False: r"etkisinden önce gelir"}},
    }),
    Reading("time_track.first_player_leaving", ("at_once", "at_step_2"), _first_player_leaving, {
        "pt-BR": {"player_phase": {"at_once": r"passa já para o jogador", "at_step_2": r"fica fora de jogo até o passo 2"},
                  "results": {"at_once": r"passa já para o jogador", "at_step_2": None}},
        "tr": {"player_phase": {"at_once": r"jeton hemen", "at_step_2": r"oyun dışında kalır"},
               "results": {"at_once": r"jeton hemen", "at_step_2": None}},
    }),
    Reading("contingency_deal.archive", ("any_non_active", "take_from_pool"), _archive, {
        "pt-BR": {"contingency": {"any_non_active": r"o Arquivo: qualquer token", "take_from_pool": r"o Arquivo: 1 token"},
                  "room_archive": {"any_non_active": r"espie qualquer token",
                                   "take_from_pool": r"espie 1 token da Piscina Neutra"},
                  "results": {"any_non_active": r"que não seja o da Contingência Ativa",
                              "take_from_pool": r"da Piscina Neutra e fica com ele"}},
        "tr": {"contingency": {"any_non_active": r"Arşiv: Aktif olan dışında", "take_from_pool": r"Arşiv: Nötr Havuzdan"},
               "room_archive": {"any_non_active": r"herhangi bir Müdahale jetonunu",
                                "take_from_pool": r"Nötr Havuzdan 1 jetonu gizlice görün"},
               "results": {"any_non_active": r"Aktif Müdahale dışındaki", "take_from_pool": r"onu alırsınız"}},
    }),
]

# The list switches are said by whether they hold the Isolation Room.
LIST_SWITCHES = {"end_of_game.facility_destroyed_kills", "end_of_game.time_ran_out_kills"}


def _statement(reading: Reading, value: Any) -> Any:
    """The key of `says` a value of the switch is stated under."""
    return "isolation" in value if reading.switch in LIST_SWITCHES else value


CASES = [pytest.param(reading, value, id=f"{reading.switch}={value}")
         for reading in READINGS for value in reading.values]


@pytest.mark.parametrize(("reading", "value"), CASES)
def test_the_engine_follows_the_switch(reading: Reading, value: Any):
    followed, _texts = reading.engine(with_switch(RULES, reading.switch, value))
    expected = _statement(reading, value)
    assert (_statement(reading, followed) if isinstance(followed, tuple) else followed) == expected


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(("reading", "value"), CASES)
def test_every_text_says_what_the_engine_does(reading: Reading, value: Any, lang: str):
    rules = with_switch(RULES, reading.switch, value)
    followed, result_texts = reading.engine(rules)
    said = followed
    ref = rules_reference(lang, rules=rules)
    for where, patterns in reading.says[lang].items():
        if where == "results":
            text = "\n".join(result_texts(lang))
        else:
            text = ref.render(where).text
        for statement, pattern in patterns.items():
            if pattern is None:
                continue
            found = re.search(pattern, text) is not None
            assert found == (statement == said), (where, lang, reading.switch, value, pattern, text)


def test_every_switch_a_topic_says_is_turned_here():
    """A topic that picks a sentence by a switch (|say) names one of the switches above,
    so no reading a topic states escapes this test."""
    turned = {reading.switch for reading in READINGS}
    for lang in LANGUAGES:
        ref = rules_reference(lang)
        for topic_id in ref.topic_ids:
            for spec in ref.topic(topic_id).values.values():
                if "|say:" in spec:
                    assert spec.split("|")[0] in turned, (lang, topic_id, spec)

