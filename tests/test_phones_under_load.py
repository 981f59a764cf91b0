"""The table and four phones tap at once, faster than their pages are redrawn, on the real
app (`python -m companion --web` on 127.0.0.1), each page a Flet websocket client that taps
whatever its page shows at that moment. Afterwards the saved game is exactly the sum of
every tap: each tap became a step, or its page was told why not; none was lost.

Who taps what, so that every outcome can be worked out in advance:
- seats 1-3: the table and that seat's phone both tap its Knowledge, each one alternating
  + and − (never past 0 or a weakness level): every tap must be a step, and the Knowledge
  must end where the taps add up to, whatever order they arrived in;
- seat 4: only its phone taps, − − + over and over from its start: once at 0 every "−"
  is refused, and exactly those refusals must show on that phone;
- Fire and Malfunction: only the table, a seeded run of + and − kept below 4: each − at 0
  is refused and must show on the table.
"""
from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import threading
import time
from collections import Counter
from pathlib import Path

import pytest

from companion.engine import GameSession, NewGame, PlayerSetup
from companion.hosting.secret_store import SecretStore
from companion.i18n import Translator
from companion.rules import load_rules
from companion.store import GameStore
from tests.support.flet_client import FletClient
from companion.ui.phone import ids as phone_ids
from companion.ui.table import ids as table_ids

pytestmark = pytest.mark.slow

REPO = Path(__file__).resolve().parent.parent
TAPPING_S = float(os.environ.get("LOAD_TAPPING_S", "20"))
SETTLE_S = 90.0  # a loaded machine may still be working through the taps when they stop
PLAYERS = (("Ana", "hacker"), ("Bora", "janitor"), ("Caio", "sentry"), ("Dilek", "lab_rat"))
T = Translator("pt-BR")


def _free_port() -> int:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture
def app(tmp_path):
    """The real app on a saved 4-player game: (base URL, table route, seat routes, data dir, process)."""
    rules = load_rules()
    data = tmp_path / "data"
    with GameStore(data, rules=rules) as store:
        setup = NewGame(players=tuple(PlayerSetup(name=n, character=c) for n, c in PLAYERS), seed=5)
        store.create(GameSession.start(setup, rules), "load")
    port = _free_port()
    log_path = tmp_path / "app.log"
    with open(log_path, "wb") as log:
        process = subprocess.Popen(
            [sys.executable, "-m", "companion", "--web", "--host", "127.0.0.1", "--port", str(port),
             "--data-dir", str(data), "--lang", "pt-BR"],
            cwd=REPO, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        deadline = time.monotonic() + 60
        route = None
        while time.monotonic() < deadline and route is None:
            for word in log_path.read_text(errors="replace").split():
                if word.startswith(f"http://127.0.0.1:{port}/table?k="):
                    route = word[len(f"http://127.0.0.1:{port}"):]
                    break
            if process.poll() is not None:
                raise RuntimeError(log_path.read_text(errors="replace"))
            time.sleep(0.1)
        assert route is not None, "the app printed no table address"
        seats = SecretStore(next((data / "hosting").glob("seats-*.json"))).load()
        phones = {seat: f"/seat/{seat}?s={seats.seat_pass(seat).secret}" for seat in range(1, 5)}
        yield f"http://127.0.0.1:{port}", route, phones, data, process, log_path
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGTERM)
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait(timeout=10)


def _marker_plan(rng: random.Random, length: int) -> list[str]:
    """A seeded run of Fire and Malfunction taps that stays below 4 of each."""
    counts = {"fire": 0, "malfunction": 0}
    plan = []
    for _ in range(length):
        marker = rng.choice(("fire", "malfunction"))
        place = rng.random() < 0.5 and counts[marker] < 3
        plan.append(f"{marker}-{'place' if place else 'remove'}")
        counts[marker] = counts[marker] + 1 if place else max(0, counts[marker] - 1)
    return plan


def _outcome(start: int, taps: list[str], low: int = 0) -> tuple[int, int]:
    """(where the taps end, how many are refused) for one counter tapped by one page, in order."""
    value, refused = start, 0
    for tap in taps:
        if tap.endswith(("down", "remove")):
            if value <= low:
                refused += 1
            else:
                value -= 1
        else:
            value += 1
    return value, refused


def test_the_table_and_four_phones_tapping_at_once_add_up(app):
    base, table_route, phone_routes, data, process, log_path = app
    rules = load_rules()
    start = GameStore(data, rules=rules)
    game = start.load(start.list_games()[0].game_id).state
    knowledge = {member.seat: member.knowledge for member in game.crew}
    assert knowledge[4] >= 1 and all(knowledge[seat] == 1 for seat in (1, 2, 3))

    pages: list[FletClient] = []
    try:
        table = FletClient(base, table_route, width=1280, height=800)
        pages.append(table)
        phones = {}
        for seat, route in phone_routes.items():
            phones[seat] = FletClient(base, route)
            pages.append(phones[seat])
        table.wait_for_id(table_ids.crew_action("knowledge-up", 3), timeout=60)
        table.wait_for_id(table_ids.FIRE_REMOVE, timeout=60)
        for phone in phones.values():
            phone.wait_for_id(phone_ids.SEAT_KNOWLEDGE_UP, timeout=60)

        taps: dict[str, list[str]] = {"table": [], **{f"phone-{seat}": [] for seat in phones}}
        failures: list[BaseException] = []
        stop_at = time.monotonic() + TAPPING_S

        def tap_table() -> None:
            rng = random.Random(21)
            markers = iter(_marker_plan(rng, 10_000))
            turn = {seat: 0 for seat in (1, 2, 3)}  # the table starts each Knowledge with −
            while time.monotonic() < stop_at:
                if rng.random() < 0.5:
                    identifier = next(markers)
                else:
                    seat = rng.choice((1, 2, 3))
                    identifier = table_ids.crew_action("knowledge-down" if turn[seat] % 2 == 0 else "knowledge-up", seat)
                    turn[seat] += 1
                table.tap(identifier)
                taps["table"].append(identifier)
                time.sleep(rng.uniform(0.05, 0.2))

        def tap_phone(seat: int) -> None:
            rng = random.Random(seat)
            pattern = ["down", "down", "up"] if seat == 4 else ["up", "down"]
            count = 0
            while time.monotonic() < stop_at:
                direction = pattern[count % len(pattern)]
                phones[seat].tap(phone_ids.SEAT_KNOWLEDGE_UP if direction == "up" else phone_ids.SEAT_KNOWLEDGE_DOWN)
                taps[f"phone-{seat}"].append(direction)
                count += 1
                time.sleep(rng.uniform(0.08, 0.3))

        def guarded(action, *args) -> None:
            try:
                action(*args)
            except BaseException as error:  # noqa: BLE001 - reported below
                failures.append(error)

        threads = [threading.Thread(target=guarded, args=(tap_table,))]
        threads += [threading.Thread(target=guarded, args=(tap_phone, seat)) for seat in phones]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(TAPPING_S + 30)
        assert not failures, failures

        # What the taps add up to, worked out from each page's own taps.
        expected_knowledge = {}
        for seat in (1, 2, 3):
            mine = [tap for tap in taps["table"] if tap.endswith(f"-{seat}") and "knowledge" in tap]
            ups = sum("up" in tap for tap in mine) + taps[f"phone-{seat}"].count("up")
            downs = len(mine) - sum("up" in tap for tap in mine) + taps[f"phone-{seat}"].count("down")
            expected_knowledge[seat] = knowledge[seat] + ups - downs
        expected_knowledge[4], refused_knowledge = _outcome(knowledge[4], taps["phone-4"])
        fire, refused_fire = _outcome(0, [tap for tap in taps["table"] if tap.startswith("fire")])
        malfunction, refused_malfunction = _outcome(0, [tap for tap in taps["table"] if tap.startswith("malfunction")])
        shown_knowledge = {seat: T.t("ui.crew.knowledge", value=value, maximum=rules.knowledge.maximum)
                           for seat, value in expected_knowledge.items()}

        def caught_up() -> bool:
            return (table.text_of(table_ids.FIRE_COUNT).startswith(f"{fire}/")
                    and table.text_of(table_ids.MALFUNCTION_COUNT).startswith(f"{malfunction}/")
                    and all(table.text_of(table_ids.crew_knowledge(seat)) == shown_knowledge[seat] for seat in phones)
                    and all(phone.text_of(phone_ids.SEAT_KNOWLEDGE) == shown_knowledge[seat]
                            for seat, phone in phones.items()))

        # (A page that never catches up is a lost tap: the saved game below says which.)
        deadline = time.monotonic() + SETTLE_S
        while not caught_up() and time.monotonic() < deadline:
            time.sleep(0.1)
        time.sleep(2)  # the last refusals' messages
        snacks = {name: Counter(snack.text for snack in page.snacks)
                  for name, page in zip(taps, pages)}
        crashed = [page.crashed for page in pages if page.crashed]
    finally:
        for page in pages:
            page.close()
    os.killpg(process.pid, signal.SIGTERM)
    assert process.wait(timeout=30) == 0
    assert not crashed, crashed

    # The saved game is the sum of every tap: every tap a step, but the refused ones.
    saved = GameStore(data, rules=rules)
    session = saved.load(saved.list_games()[0].game_id)
    steps = Counter()
    for command in session.commands[1:session.cursor + 1]:
        steps[(command.type, getattr(command, "seat", None), getattr(command, "by", None))] += 1
    tapped = sum(len(mine) for mine in taps.values())
    refused = refused_fire + refused_malfunction + refused_knowledge
    assert sum(steps.values()) == tapped - refused, (tapped, refused, steps)
    state = session.state
    assert (state.fire, state.malfunction) == (fire, malfunction)
    assert {member.seat: member.knowledge for member in state.crew} == expected_knowledge
    for seat in (1, 2, 3):
        assert steps[("change_knowledge", seat, 1)] + steps[("change_knowledge", seat, -1)] == (
            sum(f"-{seat}" in tap and "knowledge" in tap for tap in taps["table"]) + len(taps[f"phone-{seat}"]))
    # Each refused tap showed its refusal on the page that tapped, and nothing else was said.
    assert snacks["table"] == Counter({T.t("error.no_fire_to_remove"): refused_fire,
                                       T.t("error.no_malfunction_to_remove"): refused_malfunction}) - Counter()
    assert snacks["phone-4"] == Counter({T.t("error.knowledge_range", maximum=rules.knowledge.maximum):
                                         refused_knowledge}) - Counter()
    for seat in (1, 2, 3):
        assert not snacks[f"phone-{seat}"], snacks[f"phone-{seat}"]
    assert refused_fire + refused_malfunction > 0 and refused_knowledge > 0  # refusals were tried

    assert "Traceback" not in log_path.read_text(errors="replace")
    print(f"\n{tapped} taps in {TAPPING_S:.0f} s ({refused} refused and said so), "
          f"{sum(steps.values())} steps saved")
