"""Outages, over the real bot process and the Bot API emulator: a database locked by another process, a full disk,
Telegram answering 502 / 429 / nothing. Every press is answered truthfully, nothing is lost or shown twice, and
every table is true again soon after the outage ends."""

from __future__ import annotations

import os
import random
import sqlite3
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest

from bangbot.bench.faults import FaultTable, unsaved_successes
from bangbot.i18n import translator
from bangbot.messaging.failures import not_saved
from bangbot.messaging.press.button_data import decode
from bangbot.storage.db import open_engine
from bangbot.storage.models import RUNNING
from bangbot.storage.postgres import PostgresServer, find_bin
from bangbot.storage.repository import Repository
from bangbot.telegram.lost import resent_in
from tools.process import BotProcess
from tools.telegram import BotApiEmulator

OUTAGE_SECONDS = 10.0  # how long a database outage lasts
TELEGRAM_OUTAGE_SECONDS = 20.0  # how long Telegram fails
ANSWER_SECONDS = 30.0  # a ceiling for one press's answer (a save waits 5 s for a locked database, then gives up)
SETTLE_SECONDS = 5.0  # a ceiling for a table to be true once its press was answered, its shown rows deleted
RECOVERY_SECONDS = 60.0  # a ceiling for every table to be true after an outage (seconds on an idle machine)
GROUP_RATE = (300, 60.0)  # a roomy group budget: these tests are about outages, not the group's flood limit
NOT_SAVED = not_saved(translator("en"))


@dataclass
class Rig:
    """The emulator, the bot process on its database, the test's own view of its storage and one group's game."""

    emulator: BotApiEmulator
    bot: BotProcess
    repo: Repository
    table: FaultTable
    path: Path
    server: PostgresServer | None = None


@contextmanager
def running(tmp_path: Path, url: str, server: PostgresServer | None = None) -> Iterator[Rig]:
    """Starts the bot on url (writes fail while tmp_path/full exists) and a running game of four people in a group."""
    with BotApiEmulator(flood_model="bucket", group_limit=GROUP_RATE) as emulator:
        bot = BotProcess(
            emulator,
            url,
            tmp_path / "bot.log",
            group_rate="{}/{:g}".format(*GROUP_RATE),
            BANGBOT_FULL_DISK=str(tmp_path / "full"),
        )
        repo = Repository(open_engine(url))
        table = FaultTable(emulator, bot, repo, random.Random(5), RECOVERY_SECONDS)
        bot.start()
        try:
            start_game(table)
            yield Rig(emulator, bot, repo, table, tmp_path / "bot.sqlite3", server)
        finally:
            if bot.alive():
                bot.stop()
            repo.close()
            repo.engine.dispose()


@pytest.fixture
def rig(tmp_path: Path) -> Iterator[Rig]:
    """A game on SQLite (see running)."""
    with running(tmp_path, f"sqlite:///{tmp_path / 'bot.sqlite3'}") as made:
        yield made


@pytest.fixture
def pg_rig(tmp_path: Path) -> Iterator[Rig]:
    """A game on a PostgreSQL server of its own, which the test may stop (see running)."""
    if find_bin("initdb") is None:
        if os.environ.get("CI"):
            pytest.fail("PostgreSQL is not installed; scripts/test.sh installs it")
        pytest.skip("PostgreSQL is not installed")
    server = PostgresServer.start()
    try:
        with running(tmp_path, server.url, server) as made:
            yield made
    finally:
        server.stop()


def start_game(table: FaultTable) -> None:
    """Opens the lobby, seats everyone and starts, each step answered; fails after a minute."""
    until = time.monotonic() + 60
    while time.monotonic() < until:
        game = table.open_game()
        if game is not None and game.status == RUNNING and table.current() is None:
            return
        query = table.next_press()
        if query is not None:
            assert table.wait_answer(query), "a lobby press was not answered"
            settle(table)
    raise AssertionError("the game did not start")


def settle(table: FaultTable) -> None:
    """Waits a little (SETTLE_SECONDS at most) for the table to be true before the next press: a delivery deletes the
    rows it showed a second after it settled (BANGBOT_HELD_WRITES_SECONDS in tools.process) unless a press came."""
    until = time.monotonic() + SETTLE_SECONDS
    while table.current() is not None and time.monotonic() < until:
        time.sleep(0.05)


def press_once(rig: Rig, moves_only: bool = False) -> tuple[str, str, bool] | None:
    """Presses a random button someone sees (a move, if moves_only) and waits for its answer; returns (query, text,
    alert), None if there is none."""
    options = [o for o in rig.table.pressable() if not moves_only or decode(o[2]).choice.startswith("a")]
    if not options:
        return None
    user, message, data = rig.table.rng.choice(options)
    query = rig.table.press(user, user, message, data)
    if query is None:
        return None
    answer = rig.emulator.wait_for_answer(query, ANSWER_SECONDS)
    return query, answer.text or "", answer.show_alert


def assert_true_and_shown_once(rig: Rig, since: int) -> None:
    """Waits until the group's table and every awaited player's message are true, then checks that no move was
    answered as applied without being saved and that no message was sent twice into any chat since call `since`."""
    rig.emulator.wait_until(lambda: rig.table.current() is None, RECOVERY_SECONDS, "every table to be true")
    assert unsaved_successes(rig.emulator, rig.repo, rig.table.sent) == set()
    assert repeated_sends(rig, since) == {}, "a message was shown twice"


def repeated_sends(rig: Rig, since: int) -> dict[tuple[str, str], int]:
    """Returns, for each (chat, text) sent more than once since call `since`, how often it was sent."""
    sends = Counter(
        (str(c.params.get("chat_id")), str(c.params.get("text")))
        for c in rig.emulator.calls[since:]
        if c.method == "sendMessage" and c.ok
    )
    return {key: n for key, n in sends.items() if n > 1}


def goes_on(rig: Rig, before: int) -> list[tuple[str, str, bool] | None]:
    """Presses what people see until the game's version passes before (the outage over, its delivery catches up
    first: until then nobody may hold a button); returns the answers; fails after RECOVERY_SECONDS."""
    until, answers = time.monotonic() + RECOVERY_SECONDS, []
    while version(rig) <= before:
        assert time.monotonic() < until, f"the game did not go on after the outage: {answers}"
        answers.append(press_once(rig))
        if answers[-1] is None:
            time.sleep(0.2)
    return answers


def a_move_shown(rig: Rig) -> tuple[int, int, str]:
    """Opens step menus until someone sees a move; returns (user, message, data) of it."""
    # A step's menu is shown just after its press is answered: under load a few presses may still see the old one.
    for _ in range(20):
        moves = [o for o in rig.table.pressable() if decode(o[2]).choice.startswith("a")]
        if moves:
            return moves[0]
        press_once(rig)
    raise AssertionError("no move was shown")


def press_a_move(rig: Rig) -> tuple[str, str, bool] | None:
    """Opens step menus until someone sees a move, presses it and returns its answer (None if no move shows up)."""
    for _ in range(5):
        moved = press_once(rig, moves_only=True)
        if moved is not None:
            return moved
        press_once(rig)  # a step of a choice: it shows the next step and changes nothing
    return None


def version(rig: Rig) -> int:
    """Returns the game's stored version."""
    game = rig.table.open_game()
    assert game is not None
    return game.version


def test_a_database_locked_by_another_process_for_10_s_answers_every_press_truthfully(rig: Rig) -> None:
    since = len(rig.emulator.calls)
    holder = sqlite3.connect(rig.path, timeout=1, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")  # another process writes: the bot's writes wait 5 s, then give up
    locked_at, before = time.monotonic(), version(rig)
    answers = []
    try:
        while time.monotonic() - locked_at < OUTAGE_SECONDS:
            pressed = press_a_move(rig)
            if pressed is not None:
                answers.append(pressed)
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert answers, "presses were made while the database was locked"
    assert version(rig) == before, "nothing was saved while the database was locked"
    assert all(alert or text == "" for _, text, alert in answers), answers  # no change is claimed (version same)
    assert any(text == NOT_SAVED for _, text, _ in answers), answers
    goes_on(rig, before)  # the database is free again: the game goes on
    assert_true_and_shown_once(rig, since)


def test_postgresql_stopped_for_10_s_answers_every_press_truthfully(pg_rig: Rig) -> None:
    rig, server = pg_rig, pg_rig.server
    assert server is not None
    since = len(rig.emulator.calls)
    before = version(rig)
    shown = [a_move_shown(rig), *rig.table.pressable()]  # read now: the test's own reads fail while it is stopped
    user, message, data = shown[0]
    rig.emulator.fail_requests(502)  # a move is saved, but its delivery is still trying when the database stops
    try:
        moved = rig.table.press(user, user, message, data)
        assert moved is not None
        rig.emulator.wait_until(lambda: rig.repo.press_answer(moved) or None, ANSWER_SECONDS, "the move to be saved")
        before = version(rig)
        server.pause()
    finally:
        rig.emulator.heal()
    stopped_at, answers = time.monotonic(), []
    try:
        while time.monotonic() - stopped_at < OUTAGE_SECONDS:
            user, message, data = rig.table.rng.choice(shown)
            query = rig.table.press(user, user, message, data)
            if query is not None:
                answer = rig.emulator.wait_for_answer(query, ANSWER_SECONDS)
                answers.append((query, answer.text or "", answer.show_alert))
    finally:
        server.resume()
    assert answers, "presses were made while the database was stopped"
    assert version(rig) == before, "nothing was saved while the database was stopped"
    assert all(alert or text == "" for _, text, alert in answers), answers
    assert any(text == NOT_SAVED for _, text, _ in answers), answers
    goes_on(rig, before)  # the database is back: the game goes on
    assert_true_and_shown_once(rig, since)


def test_a_full_disk_says_not_saved_and_changes_nothing(rig: Rig, tmp_path: Path) -> None:
    since = len(rig.emulator.calls)
    before = version(rig)
    (tmp_path / "full").touch()
    try:
        answers = [a for _ in range(3) if (a := press_a_move(rig)) is not None]
    finally:
        (tmp_path / "full").unlink()
    assert answers
    assert version(rig) == before, "nothing was saved on the full disk"
    assert any((text, alert) == (NOT_SAVED, True) for _, text, alert in answers), answers
    assert all(alert or text == "" for _, text, alert in answers), answers
    goes_on(rig, before)  # the disk has room again: the game goes on
    assert_true_and_shown_once(rig, since)


@pytest.mark.parametrize(("status", "retry_after"), [(502, 0), (429, 3), (0, 0)], ids=["502", "429", "no-answer"])
def test_telegram_failing_for_a_while_leaves_every_table_true_and_nothing_shown_twice(
    rig: Rig, status: int, retry_after: int
) -> None:
    since = len(rig.emulator.calls)
    before = version(rig)
    user, message, data = a_move_shown(rig)
    rig.emulator.fail_requests(status, retry_after)
    began = time.monotonic()
    try:
        query = rig.table.press(user, user, message, data)  # what people see does not change while Telegram fails
        assert query is not None
        rig.emulator.wait_until(lambda: rig.repo.press_answer(query) or None, ANSWER_SECONDS, "the move to be saved")
        time.sleep(max(0.0, TELEGRAM_OUTAGE_SECONDS - (time.monotonic() - began)))  # the outage lasts its time
    finally:
        rig.emulator.heal()
    assert version(rig) > before, "the move was applied during the outage"
    for _ in range(4):  # the game goes on after the outage
        press_once(rig)
    assert_true_and_shown_once(rig, since)


def resent_after_lost_reply(rig: Rig) -> int:
    """Returns the bot's count of sends it made again after their reply was lost (its last log line says it)."""
    return resent_in(rig.bot.log.read_text(errors="replace"))


def test_a_send_whose_reply_is_lost_is_sent_again_once_counted_and_every_table_stays_true(rig: Rig) -> None:
    since = len(rig.emulator.calls)
    before = version(rig)
    rig.emulator.lose_replies(["sendMessage"], count=1)  # Telegram shows the next new message, its answer is lost
    try:
        for _ in range(8):  # moves make new messages: a turn's header in the group, a notification to someone
            press_a_move(rig)
            if any(c.method == "sendMessage" for c in rig.emulator.calls[since:]):
                break
        # a move's answer may come before its new messages to the others: they follow the presser's own
        rig.emulator.wait_until(
            lambda: any(c.method == "sendMessage" for c in rig.emulator.calls[since:]), ANSWER_SECONDS, "a new message"
        )
    finally:
        rig.emulator.heal()
    assert version(rig) > before
    for _ in range(4):
        press_once(rig)
    rig.emulator.wait_until(lambda: rig.table.current() is None, RECOVERY_SECONDS, "every table to be true")
    assert unsaved_successes(rig.emulator, rig.repo, rig.table.sent) == set()
    repeated = repeated_sends(rig, since)
    assert list(repeated.values()) == [2], repeated  # nothing is lost: the message whose answer was lost is sent again
    rig.emulator.wait_until(lambda: resent_after_lost_reply(rig) > 0, RECOVERY_SECONDS, "the repeat to be counted")
    assert resent_after_lost_reply(rig) == 1
    for user, message, data in strays(rig):  # a copy left with live buttons is cleaned once pressed
        query = rig.table.press(user, user, message, data)
        assert query is not None and rig.emulator.wait_for_answer(query, ANSWER_SECONDS)
    rig.emulator.wait_until(lambda: not strays(rig), RECOVERY_SECONDS, "pressed copies to lose their buttons")


def strays(rig: Rig) -> list[tuple[int, int, str]]:
    """Returns (user, message, data) of a game button on each private message that is not its seat's current one."""
    game = rig.table.open_game()
    assert game is not None and game.id is not None
    out = []
    for seat in rig.repo.seats(game.id):
        if seat.user_id is None:
            continue
        for view in rig.emulator.bot_messages(seat.user_id):
            games = [d for row in view.buttons for _, d in row if not d.startswith("http")]
            if view.message_id != seat.private_message_id and games:
                out.append((seat.user_id, view.message_id, games[0]))
    return out
