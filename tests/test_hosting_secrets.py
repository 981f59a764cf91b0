"""Join secrets: strength, constant-time checks, re-issue, seats and phones, saving."""
from __future__ import annotations

import hmac
import json
import logging
import math
import os
import stat

import pytest

from companion.hosting.code_attempts import ADDRESS_MAX_WAIT, CodeBackoff, CodeGuard, CodeOutcome
from companion.hosting.secret_store import SecretStore
from companion.hosting.secrets import (
    CODE_ALPHABET,
    JoinSecrets,
    SecretsFormatError,
    format_code,
    normalize_code,
)

SEATS = range(1, 6)


def test_every_secret_is_long_url_safe_and_unique() -> None:
    registries = [JoinSecrets(SEATS) for _ in range(20)]
    secrets_seen = [r.host_key for r in registries] + [r.seat_pass(s).secret for r in registries for s in SEATS]
    assert len(set(secrets_seen)) == len(secrets_seen)
    for secret in secrets_seen:
        # token_urlsafe: 6 bits a character, so at least 22 characters carry 128 bits.
        assert len(secret) * 6 >= 128
        assert all(ch.isascii() and (ch.isalnum() or ch in "-_") for ch in secret)


def test_secrets_have_the_entropy_their_length_promises() -> None:
    # 400 secrets of 43 characters: each URL-safe symbol should turn up about 269 times.
    text = "".join(JoinSecrets([1]).seat_pass(1).secret for _ in range(400))
    counts = {ch: text.count(ch) for ch in set(text)}
    entropy = -sum(c / len(text) * math.log2(c / len(text)) for c in counts.values())
    assert len(counts) == 64
    assert entropy > 5.95  # of 6 bits a symbol at most


def test_codes_are_short_unambiguous_and_distinct_per_seat() -> None:
    for _ in range(50):
        registry = JoinSecrets(range(1, 7))
        codes = [registry.seat_pass(s).code for s in range(1, 7)]
        assert len(set(codes)) == 6
        for code in codes:
            assert 6 <= len(code) <= 8
            assert set(code) <= set(CODE_ALPHABET)
    assert not set("0O1IL") & set(CODE_ALPHABET)


def test_a_code_maps_to_its_seat_however_it_is_typed() -> None:
    registry = JoinSecrets(SEATS)
    for seat in SEATS:
        code = registry.seat_pass(seat).code
        assert registry.seat_for_code(code) == seat
        assert registry.seat_for_code(format_code(code).lower()) == seat
        assert registry.seat_for_code(" " + code[:3] + " " + code[3:]) == seat
    assert registry.seat_for_code("") is None
    assert registry.seat_for_code("ZZZZZZZZZ") is None
    assert normalize_code("ab-c d") == "ABCD"


def test_every_check_goes_through_compare_digest(monkeypatch: pytest.MonkeyPatch) -> None:
    registry = JoinSecrets(SEATS)
    calls: list[tuple[bytes, bytes]] = []
    real = hmac.compare_digest

    def recording(a, b):
        calls.append((a, b))
        return real(a, b)

    monkeypatch.setattr(hmac, "compare_digest", recording)
    secret = registry.seat_pass(3).secret
    assert registry.check_seat_secret(3, secret)
    assert not registry.check_seat_secret(3, secret[:-1] + "x")
    assert registry.is_host_key(registry.host_key)
    assert registry.seat_for_code(registry.seat_pass(1).code) == 1
    # 2 seat checks, 1 host key, and the code compared with all five seats (no early exit).
    assert len(calls) == 2 + 1 + 5
    assert (secret.encode(), secret.encode()) in calls


def test_wrong_and_odd_candidates_are_refused_without_errors() -> None:
    registry = JoinSecrets(SEATS)
    secret = registry.seat_pass(1).secret
    for candidate in ("", "ş" * 43, secret + "x", secret.upper() if secret.upper() != secret else secret + "A"):
        assert not registry.check_seat_secret(1, candidate)
        assert not registry.is_host_key(candidate)
    assert not registry.check_seat_secret(1, None)  # type: ignore[arg-type]
    assert not registry.check_seat_secret(9, secret)
    assert not registry.check_seat_secret(2, secret)


def test_reissue_invalidates_at_once_and_names_the_sessions_to_drop() -> None:
    registry = JoinSecrets(SEATS)
    old = registry.seat_pass(2)
    assert registry.join("phone-a", 2, old.secret)
    assert registry.join("phone-b", 2, old.secret)
    assert registry.join("phone-c", 3, registry.seat_pass(3).secret)

    dropped = registry.reissue(2)

    assert dropped == {"phone-a", "phone-b"}
    new = registry.seat_pass(2)
    assert new.secret != old.secret and new.code != old.code
    assert not registry.check_seat_secret(2, old.secret)
    assert registry.seat_for_code(old.code) is None
    assert not registry.join("phone-a", 2, old.secret)
    assert registry.seat_of("phone-a") is None
    assert registry.seat_of("phone-c") == 3
    assert registry.seats_with_phone() == {3}
    assert registry.join("phone-a", 2, new.secret) and registry.seat_of("phone-a") == 2


def test_joining_leaving_and_which_seats_have_a_phone() -> None:
    registry = JoinSecrets(SEATS)
    assert registry.seats_with_phone() == frozenset()
    assert not registry.join("phone-a", 1, "wrong")
    assert registry.seats_with_phone() == frozenset()
    assert registry.join("phone-a", 1, registry.seat_pass(1).secret)
    assert registry.join("phone-b", 4, registry.seat_pass(4).secret)
    assert registry.seats_with_phone() == {1, 4}
    assert registry.sessions_at(4) == {"phone-b"}
    assert registry.leave("phone-b") == 4
    assert registry.leave("phone-b") is None
    assert registry.seats_with_phone() == {1}
    assert registry.clear_seat(1) == {"phone-a"}
    assert registry.seats_with_phone() == frozenset()
    # Clearing a seat keeps its secret: the same phone may sit down again.
    assert registry.join("phone-a", 1, registry.seat_pass(1).secret)


def test_changing_the_seats_keeps_the_passes_of_seats_that_stay() -> None:
    registry = JoinSecrets(range(1, 5))
    kept = registry.seat_pass(2)
    registry.join("phone-2", 2, kept.secret)
    registry.join("phone-4", 4, registry.seat_pass(4).secret)

    dropped = registry.set_seats(range(1, 4)) | registry.set_seats([1, 2, 3, 5])

    assert dropped == {"phone-4"}
    assert registry.seats == [1, 2, 3, 5]
    assert registry.seat_pass(2) == kept and registry.seat_of("phone-2") == 2
    codes = [registry.seat_pass(s).code for s in registry.seats]
    assert len(set(codes)) == 4
    assert registry.seat_for_code(registry.seat_pass(5).code) == 5
    with pytest.raises(KeyError):
        registry.seat_pass(4)


def test_no_repr_str_or_log_line_shows_a_secret(caplog: pytest.LogCaptureFixture) -> None:
    registry = JoinSecrets(SEATS)
    registry.join("phone-a", 1, registry.seat_pass(1).secret)
    shown = [repr(registry), str(registry), repr(registry.seat_pass(1)), str(registry.seat_pass(1)),
             repr(SecretStore("/tmp/x.json"))]
    with caplog.at_level(logging.DEBUG):
        logging.getLogger("test").info("registry %s pass %r", registry, registry.seat_pass(2))
    shown.append(caplog.text)
    hidden = [registry.host_key] + [registry.seat_pass(s).secret for s in SEATS] + [registry.seat_pass(s).code for s in SEATS]
    for text in shown:
        for secret in hidden:
            assert secret not in text
    assert "seats=[1, 2, 3, 4, 5]" in repr(registry) and "phones=[1]" in repr(registry)


def test_json_round_trip_keeps_secrets_and_codes_but_no_sessions() -> None:
    registry = JoinSecrets(SEATS)
    registry.join("phone-a", 1, registry.seat_pass(1).secret)
    loaded = JoinSecrets.from_json(registry.to_json())
    assert loaded.host_key == registry.host_key
    assert loaded.seats == registry.seats
    for seat in SEATS:
        assert loaded.seat_pass(seat) == registry.seat_pass(seat)
        assert loaded.seat_for_code(registry.seat_pass(seat).code) == seat
    assert loaded.seats_with_phone() == frozenset()


@pytest.mark.parametrize(
    "mutate",
    [
        lambda d: d.update(version=2),
        lambda d: d.update(host_key="short"),
        lambda d: d.update(host_key=None),
        lambda d: d["seats"]["1"].update(secret="a" * 21),
        lambda d: d["seats"]["1"].update(secret="a b" * 20),
        lambda d: d["seats"]["1"].update(code="OOOOOO"),
        lambda d: d["seats"]["2"].update(code=d["seats"]["1"]["code"]),
        lambda d: d["seats"].update({"x": d["seats"]["1"]}),
        lambda d: d.update(seats=[]),
    ],
    ids=["version", "short-host-key", "no-host-key", "short-seat-secret", "unsafe-secret", "bad-code",
         "shared-code", "bad-seat", "seats-not-object"],
)
def test_a_damaged_secrets_file_is_refused(mutate) -> None:
    data = json.loads(JoinSecrets(SEATS).to_json())
    mutate(data)
    with pytest.raises(SecretsFormatError):
        JoinSecrets.from_json(json.dumps(data))


@pytest.mark.parametrize("text", ["", "{", "[]", "[" * 100_000])
def test_text_that_is_not_a_secrets_file_is_refused(text: str) -> None:
    with pytest.raises(SecretsFormatError):
        JoinSecrets.from_json(text)


# The store -------------------------------------------------------------------
def test_the_store_round_trips_and_is_private(tmp_path) -> None:
    store = SecretStore(tmp_path / "hosting" / "join-secrets.json")
    assert store.load() is None
    registry = JoinSecrets(SEATS)
    store.save(registry)
    loaded = store.load()
    assert loaded is not None and loaded.host_key == registry.host_key
    assert loaded.seat_pass(3) == registry.seat_pass(3)
    if os.name == "posix":
        assert stat.S_IMODE(store.path.stat().st_mode) == 0o600
    registry.reissue(3)
    store.save(registry)
    assert store.load().seat_pass(3) == registry.seat_pass(3)
    assert [p.name for p in store.path.parent.iterdir()] == ["join-secrets.json"]  # no temp file left
    store.delete()
    assert store.load() is None


def test_a_failed_save_leaves_the_old_file_whole(tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = SecretStore(tmp_path / "join-secrets.json")
    registry = JoinSecrets(SEATS)
    store.save(registry)
    before = store.path.read_bytes()

    def broken_fsync(fd):
        raise OSError("disk full")

    monkeypatch.setattr(os, "fsync", broken_fsync)
    with pytest.raises(OSError):
        store.save(JoinSecrets(SEATS))
    assert store.path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["join-secrets.json"]


def test_the_store_writes_through_fsync_and_rename(tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []
    real_fsync, real_replace = os.fsync, os.replace
    monkeypatch.setattr(os, "fsync", lambda fd: (calls.append("fsync"), real_fsync(fd))[1])
    monkeypatch.setattr(os, "replace", lambda a, b: (calls.append("replace"), real_replace(a, b))[1])
    SecretStore(tmp_path / "s.json").save(JoinSecrets(SEATS))
    assert calls[:2] == ["fsync", "replace"]


# Wrong codes cost time ------------------------------------------------------
class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_each_wrong_code_doubles_the_wait_up_to_a_cap() -> None:
    clock = FakeClock()
    backoff = CodeBackoff(base=1, factor=2, max_wait=30, clock=clock)
    waits = []
    for _ in range(7):
        waits.append(backoff.record_failure("10.0.0.5"))
        clock.now += waits[-1]
    assert waits == [1, 2, 4, 8, 16, 30, 30]
    assert backoff.wait_seconds("10.0.0.6") == 0


def test_a_waiting_page_is_not_even_checked_and_a_right_code_resets() -> None:
    clock = FakeClock()
    registry = JoinSecrets(SEATS)
    guard = CodeGuard(clock=clock)
    right = registry.seat_pass(4).code

    first = guard.attempt(registry, "phone", "10.0.0.5", "WRONG1")
    assert first.outcome is CodeOutcome.WRONG and first.retry_after == 1
    too_soon = guard.attempt(registry, "phone", "10.0.0.5", right)
    assert too_soon.outcome is CodeOutcome.TOO_SOON and too_soon.seat is None
    assert 0 < too_soon.retry_after <= 1
    assert guard.attempt(registry, "other-phone", "10.0.0.6", right).seat == 4  # others are not held up

    clock.now += 1
    second = guard.attempt(registry, "phone", "10.0.0.5", "WRONG2")
    assert second.outcome is CodeOutcome.WRONG and second.retry_after == 2
    clock.now += 2
    accepted = guard.attempt(registry, "phone", "10.0.0.5", right)
    assert accepted.outcome is CodeOutcome.ACCEPTED and accepted.seat == 4
    assert guard.pages.failures("phone") == 0 and guard.addresses.failures("10.0.0.5") == 0
    assert guard.attempt(registry, "phone", "10.0.0.5", "WRONG3").retry_after == 1


def test_a_guesser_waits_longer_and_longer_but_a_phone_behind_the_same_address_barely() -> None:
    """Phones behind one router (or on the table's own computer) share an address with
    whoever guesses there: the guesser's page waits up to minutes, the address at most
    ADDRESS_MAX_WAIT seconds, so a player with the right code is let in within that."""
    clock = FakeClock()
    registry = JoinSecrets(SEATS)
    guard = CodeGuard(clock=clock)
    right = registry.seat_pass(2).code
    waits = []
    for number in range(8):
        attempt = guard.attempt(registry, "guesser", "192.168.1.1", f"WRONG{number}")
        assert attempt.outcome is CodeOutcome.WRONG
        waits.append(attempt.retry_after)
        clock.now += attempt.retry_after
    assert waits == [1, 2, 4, 8, 16, 32, 64, 128]
    assert guard.pages.wait_seconds("guesser") == 0  # it waited its turn each time
    guard.attempt(registry, "guesser", "192.168.1.1", "WRONG9")
    assert guard.pages.wait_seconds("guesser") == 256
    # The player at the same address waits the address's capped wait, not the guesser's.
    held = guard.attempt(registry, "player", "192.168.1.1", right)
    assert held.outcome is CodeOutcome.TOO_SOON and 0 < held.retry_after <= ADDRESS_MAX_WAIT
    clock.now += held.retry_after
    assert guard.attempt(registry, "player", "192.168.1.1", right).seat == 2
    # A guesser opening a new page for every try gets one try per address wait at most.
    clock.now += ADDRESS_MAX_WAIT
    tries = 0
    start = clock.now
    for page in range(200):
        attempt = guard.attempt(registry, f"fresh-page-{page}", "192.168.1.1", "WRONGX")
        tries += attempt.outcome is CodeOutcome.WRONG
        clock.now += 1
    # (the player's right code cleared the address: its waits start again at 1, 2, 4, 8 s)
    assert 20 <= tries <= (clock.now - start) / ADDRESS_MAX_WAIT + 4
    assert guard.pages.wait_seconds("guesser") > 0  # the first guesser still waits


def test_the_table_sees_and_clears_an_address_that_typed_wrong_codes() -> None:
    clock = FakeClock()
    registry = JoinSecrets(SEATS)
    guard = CodeGuard(clock=clock)
    for number in range(5):
        guard.attempt(registry, "guesser", "192.168.1.9", f"WRONG{number}")
        clock.now += guard.pages.wait_seconds("guesser")
    guard.attempt(registry, "guesser", "192.168.1.9", "WRONG5")
    guard.attempt(registry, "typo", "192.168.1.4", "WRONG")
    seen = guard.lockouts()
    assert [lockout.address for lockout in seen] == ["192.168.1.9", "192.168.1.4"]
    assert seen[0].wrong_codes == 6 and seen[0].wait == 32  # the guesser page's own wait
    assert seen[1].wrong_codes == 1 and seen[1].wait == 1
    guard.clear("192.168.1.9")
    assert [lockout.address for lockout in guard.lockouts()] == ["192.168.1.4"]
    assert guard.attempt(registry, "guesser", "192.168.1.9", registry.seat_pass(1).code).seat == 1


def test_an_old_failure_is_forgotten() -> None:
    clock = FakeClock()
    backoff = CodeBackoff(base=1, factor=2, forget_after=600, clock=clock)
    for _ in range(4):
        backoff.record_failure("phone")
    clock.now += 600
    assert backoff.failures("phone") == 0
    assert backoff.record_failure("phone") == 1


def test_the_backoff_keeps_a_bounded_number_of_clients() -> None:
    backoff = CodeBackoff(max_clients=3, clock=FakeClock())
    for client in ("a", "b", "c", "d"):
        backoff.record_failure(client)
    assert backoff.failures("a") == 0
    assert [backoff.failures(c) for c in "bcd"] == [1, 1, 1]



def test_join_secrets_a_full_or_read_only_folder_refuses_put_no_english_line_on_the_console(
        tmp_path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    from companion.engine import NewGame, PlayerSetup
    from companion.seats.seating import Seating
    from tests.ui_tree import make_controller

    def refuse(_store, _secrets) -> None:
        raise PermissionError(13, "Permission denied")

    controller = make_controller(tmp_path / "games")
    monkeypatch.setattr(SecretStore, "save", refuse)
    with caplog.at_level(logging.DEBUG):
        seating = Seating(controller, tmp_path / "data")
        controller.new_game(NewGame(players=(PlayerSetup(name="Ana", character="hacker"),
                                             PlayerSetup(name="Bo", character="janitor")), seed=1), "t")
    # The console shows warnings and worse: what the table reads there is the store's line,
    # in its language (companion.app.startup).
    assert [record.getMessage() for record in caplog.records if record.levelno >= logging.WARNING] == []
    assert any("not saved" in record.getMessage() for record in caplog.records)
    assert seating.seat_pass(1).code  # the seats still have their passes
