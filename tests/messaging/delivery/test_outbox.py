"""Saved is shown: a crash between a save and its messages never leaves a table waiting; presses apply once."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import threading
from collections.abc import Coroutine, Iterator
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path
from typing import Any
from unittest import mock

import pytest

from bangbot.bench.messenger import CollectingMessenger
from bangbot.games.bang.rules.legal import awaiting
from bangbot.games.bang.rules.notation import parse
from bangbot.games.bang.rules.replay import replay
from bangbot.games.bang.rules.serialize import config_from_json, from_json, to_json
from bangbot.i18n import translator
from bangbot.messaging.adapter import Departure, Keyboard, MessageRef, Press
from bangbot.messaging.delivery import outbox
from bangbot.messaging.delivery.outbox import UNSENT_GRACE
from bangbot.messaging.delivery.sender import BACK
from bangbot.messaging.delivery.to_show import Showing
from bangbot.messaging.play.departure import return_text
from bangbot.messaging.play.stored_game import load
from bangbot.messaging.press.button_data import decode
from bangbot.storage.models import Outbox
from bangbot.storage.repository import Repository
from bangbot.telegram.edits import LatestEdits
from tests.service_harness import GROUP, Table, make_users


class Crash(BaseException):
    """The process died: nothing after it runs (not even the press's answer)."""


@dataclass
class CrashingMessenger(CollectingMessenger):
    """A collecting messenger whose process dies at its n-th call from now (armed with crash_in)."""

    countdown: int | None = None
    dead: bool = False
    after_group_send: bool = False
    group_sent: bool = False  # a message went into a group since crash_after_group_send; its progress is not stored

    def crash_after_group_send(self) -> None:
        """Dies at the first call after the next message sent into a group has its progress stored (progress_stored
        tells it: see progress_watched)."""
        self.after_group_send = True

    def progress_stored(self, row: Outbox) -> None:
        """Arms the crash crash_after_group_send waits for once a row's group progress is stored."""
        if self.group_sent and row.group_progress >= 1:
            self.group_sent = False
            self.countdown = 1

    def revive(self) -> None:
        """Forgets the crash and any armed one: a new process over the same chats."""
        self.dead, self.countdown, self.after_group_send, self.group_sent = False, None, False, False

    def crash_in(self, calls: int) -> None:
        """Dies at the calls-th messenger call from now."""
        self.countdown = calls

    def _tick(self) -> None:
        if self.dead:
            raise Crash
        if self.countdown is not None:
            self.countdown -= 1
            if self.countdown <= 0:
                self.countdown = None
                self.dead = True
                raise Crash

    async def send(self, chat_id: int, text: str, buttons: Keyboard = (), thread: int = 0) -> MessageRef:
        self._tick()
        ref = await super().send(chat_id, text, buttons)
        if self.after_group_send and chat_id < 0:
            self.after_group_send, self.group_sent = False, True
        return ref

    async def edit(self, ref: MessageRef, text: str, buttons: Keyboard = ()) -> None:
        self._tick()
        await super().edit(ref, text, buttons)

    async def answer(self, press: Press, text: str = "", alert: bool = False) -> None:
        self._tick()
        await super().answer(press, text, alert)


def run(coro: Coroutine[Any, Any, None]) -> None:
    """Runs a test coroutine."""
    asyncio.run(coro)


def crashing_table(tmp_path: Path, players: int, seed: int) -> tuple[Table, CrashingMessenger]:
    """Returns a table of people over a crashing messenger."""
    messenger = CrashingMessenger()
    table = Table(f"sqlite:///{tmp_path / 'crash.sqlite3'}", make_users(players), messenger=messenger, seed=seed)
    return table, messenger


async def restart(table: Table, messenger: CrashingMessenger) -> None:
    """Starts a new process after a crash: the same database, the chats as they were."""
    messenger.revive()
    table.restart()
    await table.svc.start()
    await table.svc.idle()


def assert_table_current(table: Table) -> None:
    """Checks that every awaited person has buttons of the current prompt and that the group names them."""
    game = table.repo.game(1)
    assert game is not None and game.state_json is not None
    assert table.repo.outbox(1) == []
    if game.status != "running":
        return
    state = from_json(json.loads(game.state_json))
    seats = table.repo.seats(1)
    log_message = next(m for m in table.messenger.in_chat(GROUP) if m.ref.message_id == game.log_message_id)
    for position in awaiting(state):
        seat = seats[position]
        if seat.ai_controlled:
            continue
        assert seat.user_id is not None and seat.private_message_id is not None
        message = next(m for m in table.messenger.in_chat(seat.user_id) if m.ref.message_id == seat.private_message_id)
        versions = {decode(b.data).version for row in message.buttons for b in row}
        assert versions == {seat.prompt_version}, f"seat {position} shows old buttons"
        assert f"@{seat.name}" in log_message.text, f"the group does not name seat {position}"


async def settled(table: Table, messenger: CrashingMessenger, timeout: float = 30.0) -> None:
    """Waits (at most timeout) until the process died or its delivery runners delivered everything."""
    loop = asyncio.get_running_loop()
    until = loop.time() + timeout
    while not messenger.dead and (table.svc.ctx.lanes.busy() or table.svc.ctx.replies.tasks):
        assert loop.time() < until, "the delivery neither finished nor died"
        await asyncio.sleep(0.01)


@contextlib.contextmanager
def progress_watched(messenger: CrashingMessenger) -> Iterator[None]:
    """Tells the messenger each outbox row whose progress is stored, in any repository, within the block."""
    store = Repository.outbox_progress

    def storing(repo: Repository, row: Outbox, *args: Any, **kwargs: Any) -> None:
        store(repo, row, *args, **kwargs)
        messenger.progress_stored(row)

    with mock.patch.object(Repository, "outbox_progress", storing):
        yield


async def crash_on_a_new_turn(table: Table, messenger: CrashingMessenger, calls: int | None) -> None:
    """Presses until a move that starts a new turn is saved and the process dies at its calls-th messenger call.

    calls None: the process dies right after the first message sent into the group, once its progress is stored.
    """
    with progress_watched(messenger):
        await crash_on_a_new_turn_watched(table, messenger, calls)


async def crash_on_a_new_turn_watched(table: Table, messenger: CrashingMessenger, calls: int | None) -> None:
    """Does what crash_on_a_new_turn does, every repository's stored progress told to the messenger."""
    for number in range(500):
        options = [c for c in table.choices() if c[2].startswith("a")]
        user, message, choice = options[0]
        for option in options:
            label = next(b.text for row in option[1].buttons for b in row if decode(b.data).choice == option[2])
            if "End" in label:
                user, message, choice = option
        data = next(b.data for row in message.buttons for b in row if decode(b.data).choice == choice)
        if calls is None:
            messenger.crash_after_group_send()
        else:
            messenger.crash_in(calls)
        press = Press(f"n-{number}", table.users[user], message.ref.chat_id, message.ref.message_id, data, True)
        with contextlib.suppress(Crash):
            await table.svc.on_press(press)
        await settled(table, messenger)  # its delivery goes on in the background until it dies or is done
        rows = table.repo.outbox(1)
        if messenger.dead and rows and len(Showing.from_json(rows[0].payload).log) > 1:
            return
        messenger.revive()
        table.restart()
        await table.svc.start()
        await table.svc.idle()
    raise AssertionError("no move started a new turn")


def test_a_crash_right_after_the_save_is_shown_after_the_restart(tmp_path: Path) -> None:
    async def scenario() -> None:
        table, messenger = crashing_table(tmp_path, 4, seed=3)
        await table.gather(4)
        user, message, choice = next(c for c in table.choices() if c[2].startswith("a"))
        version = table.repo.game(1).version  # type: ignore[union-attr]
        messenger.crash_in(1)  # the first call after the save: nothing of the move is shown
        press = Press("p-1", table.users[user], message.ref.chat_id, message.ref.message_id, "", True)
        data = next(b.data for row in message.buttons for b in row if decode(b.data).choice == choice)
        press = Press(press.id, press.user, press.chat_id, press.message_id, data, True)
        with contextlib.suppress(Crash):
            await table.svc.on_press(press)
        assert table.repo.game(1).version == version + 1  # type: ignore[union-attr]
        assert len(table.repo.outbox(1)) == 1
        await restart(table, messenger)
        assert_table_current(table)
        # Telegram delivers the same press again: the first answer, the current view, nothing applied twice.
        actions = len(table.repo.actions(1))
        await table.svc.on_press(press)
        answer = messenger.answers[-1]
        assert answer.press.id == press.id and not answer.alert and answer.text == ""
        assert len(table.repo.actions(1)) == actions
        assert table.repo.game(1).version == version + 1  # type: ignore[union-attr]

    run(scenario())


def test_a_new_turn_log_is_sent_once_even_if_the_crash_comes_after_it(tmp_path: Path) -> None:
    async def scenario() -> None:
        table, messenger = crashing_table(tmp_path, 4, seed=5)
        await table.gather(4)
        await crash_on_a_new_turn(table, messenger, calls=None)  # the new turn's log is sent, then the crash
        sent = messenger.in_chat(GROUP, live_only=False)
        row = table.repo.outbox(1)[0]
        assert row.group_progress >= 1
        await restart(table, messenger)
        new = [m.text for m in messenger.in_chat(GROUP, live_only=False)[len(sent) :]]
        assert all(text not in [m.text for m in sent] for text in new), "a log message was sent twice"
        assert_table_current(table)

    run(scenario())


def test_crashes_at_random_moments_lose_nothing_and_never_stall(tmp_path: Path) -> None:
    async def scenario() -> None:
        rng = random.Random(17)
        table, messenger = crashing_table(tmp_path, 5, seed=17)
        await table.gather(5)
        crashes = presses = 0
        while presses < 3000:
            options = table.choices()
            if not options:
                break
            if rng.random() < 0.15:
                messenger.crash_in(rng.randint(1, 12))
            user, message, choice = rng.choice(options)
            data = next(b.data for row in message.buttons for b in row if decode(b.data).choice == choice)
            press = Press(f"r-{presses}", table.users[user], message.ref.chat_id, message.ref.message_id, data, True)
            presses += 1
            try:
                if rng.random() < 0.05:
                    table.clock.advance(timedelta(days=1, minutes=1))
                    await table.tick()
                await table.svc.on_press(press)
                first = messenger.answers[-1]
                if rng.random() < 0.3:  # the messenger delivers some presses twice: the same answer again
                    await table.svc.on_press(press)
                    again = messenger.answers[-1]
                    assert (again.text, again.alert) == (first.text, first.alert)
                await settled(table, messenger)  # the process may die while it shows the move, after the answer
                if messenger.dead:
                    raise Crash
            except Crash:
                crashes += 1
                await restart(table, messenger)
                assert_table_current(table)
            messenger.countdown = None
        game = table.repo.game(1)
        assert game is not None and game.status == "finished", "the game stalled"
        assert crashes >= 5  # the exact count depends on how the background delivery interleaves
        # Nothing applied twice or lost: the log replays to the stored state.
        actions = [(a.seat, parse(a.action)) for a in table.repo.actions(1)]
        stored = json.loads(game.state_json or "{}")
        assert to_json(replay(config_from_json(stored["config"]), game.seed or 0, actions)) == stored

    run(scenario())


def test_a_row_left_by_a_dead_worker_is_delivered_by_the_timer(tmp_path: Path) -> None:
    async def scenario() -> None:
        table, messenger = crashing_table(tmp_path, 4, seed=8)
        await table.gather(4)
        user, message, choice = next(c for c in table.choices() if c[2].startswith("a"))
        data = next(b.data for row in message.buttons for b in row if decode(b.data).choice == choice)
        messenger.crash_in(1)
        with contextlib.suppress(Crash):
            await table.svc.on_press(
                Press("w-1", table.users[user], message.ref.chat_id, message.ref.message_id, data, True)
            )
        messenger.dead = False  # the other worker lives on: its timer finds the row once it is overdue
        await table.tick()
        assert len(table.repo.outbox(1)) == 1
        table.clock.advance(UNSENT_GRACE + timedelta(seconds=1))
        await table.tick()
        assert_table_current(table)

    run(scenario())


def test_a_failing_messenger_keeps_the_row_until_it_works(tmp_path: Path) -> None:
    async def scenario() -> None:
        table = Table(f"sqlite:///{tmp_path / 'f.sqlite3'}", make_users(4), seed=2)
        await table.gather(4)
        user, message, choice = next(c for c in table.choices() if c[2].startswith("a"))
        table.messenger.fail_sends = 1000
        await table.press(user, message, choice)
        # A new turn's log could not be sent: the row waits (for a move in the same turn it may have gone through).
        rows: list[Outbox] = table.repo.outbox(1)
        table.messenger.fail_sends = 0
        table.clock.advance(UNSENT_GRACE + timedelta(seconds=1))
        await table.tick()
        assert table.repo.outbox(1) == []
        assert rows == [] or table.messenger.calls["send"] > 0
        assert_table_current(table)

    run(scenario())


def stored_state(table: Table) -> Any:
    """Returns the stored game state of game 1."""
    game = table.repo.game(1)
    assert game is not None and game.state_json is not None
    return from_json(json.loads(game.state_json))


def test_a_turn_missed_at_its_deadline_is_played_whole_and_counts_once(tmp_path: Path) -> None:
    async def scenario() -> None:
        table = Table(f"sqlite:///{tmp_path / 'd.sqlite3'}", make_users(4), seed=5)
        await table.gather(4)
        first = stored_state(table)
        sheriff, turn = first.turn, first.turn_number
        deadlines = 0
        while stored_state(table).turn_number == turn:  # end the turn, then discard down to the hand limit
            table.clock.advance(timedelta(days=1, minutes=1))
            await table.tick()
            deadlines += 1
        seat = table.repo.seats(1)[sheriff]
        assert deadlines == 1, "the late seat's whole part of the turn is played at one deadline"
        assert [a.by for a in table.repo.actions(1) if a.seat == sheriff].count("deadline") >= 2
        assert seat.missed_deadlines == 1 and not seat.standin
        # A miss in a later turn, with nothing done in between, hands the seat to the AI.
        for _ in range(60):
            table.clock.advance(timedelta(days=1, minutes=1))
            await table.tick()
            seat = table.repo.seats(1)[sheriff]
            if seat.standin:
                break
        assert seat.standin and seat.missed_turn != turn

    run(scenario())


def test_queued_group_edits_can_be_awaited() -> None:
    async def scenario() -> None:
        sent: list[tuple[MessageRef, str]] = []
        gate = asyncio.Event()

        async def edit(ref: MessageRef, text: str, buttons: Keyboard) -> None:
            await gate.wait()
            sent.append((ref, text))

        edits = LatestEdits(edit)
        first, other = MessageRef(-1, 1), MessageRef(-2, 1)
        assert edits.queued(-1) is None
        edits.submit(first, "a", ())
        edits.submit(first, "b", ())
        edits.submit(other, "x", ())
        waiting = edits.queued(-1)
        assert waiting is not None
        task = asyncio.ensure_future(waiting)
        await asyncio.sleep(0)
        assert not task.done()
        gate.set()
        await task
        assert (first, "b") in sent
        await edits.flush()
        assert edits.queued(-1) is None and edits.queued(-2) is None and len(edits) == 0

    run(scenario())


def test_two_workers_on_postgresql_deliver_a_left_row_once(postgres_url: str) -> None:
    async def scenario() -> None:
        messenger = CrashingMessenger()
        table = Table(postgres_url, make_users(4), messenger=messenger, seed=5)
        await table.gather(4)
        await crash_on_a_new_turn(table, messenger, calls=1)  # nothing of the move shown
        messenger.dead = False
        sent = len(messenger.in_chat(GROUP, live_only=False))
        first = table.svc
        table.restart(keep_old=True)
        second = table.svc
        await asyncio.gather(first.start(), second.start(), first.start(), second.start())
        await asyncio.gather(first.idle(), second.idle())  # both deliver in the background: wait until they are done
        new = messenger.in_chat(GROUP, live_only=False)[sent:]
        assert len(new) == 1, [m.text for m in new]  # the new turn's log, once
        assert_table_current(table)

    run(scenario())


@dataclass
class NotifyCrashingMessenger(CrashingMessenger):
    """Remembers the private chat its last message with buttons went to (a notification, once the game runs)."""

    notified: int | None = None

    async def send(self, chat_id: int, text: str, buttons: Keyboard = (), thread: int = 0) -> MessageRef:
        ref = await super().send(chat_id, text, buttons, thread)
        self.notified = chat_id if chat_id > 0 and buttons else None
        return ref


def test_a_crash_between_a_notification_and_its_count_neither_loses_nor_repeats_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def scenario() -> None:
        messenger = NotifyCrashingMessenger()
        table = Table(f"sqlite:///{tmp_path / 'n.sqlite3'}", make_users(4), messenger=messenger, seed=11)
        await table.gather(4)
        crashed: list[int] = []

        def crash_before_the_count(point: str) -> None:
            if point == "sent" and messenger.notified is not None and not crashed:  # sent; its count is not stored
                crashed.append(messenger.notified)
                messenger.dead = True
                raise Crash

        monkeypatch.setattr("bangbot.messaging.delivery.sender.checkpoint", crash_before_the_count)
        rng = random.Random(11)
        for number in range(300):
            user, message, choice = rng.choice([c for c in table.choices() if c[2].startswith("a")])
            data = next(b.data for row in message.buttons for b in row if decode(b.data).choice == choice)
            press = Press(f"c-{number}", table.users[user], message.ref.chat_id, message.ref.message_id, data, True)
            with contextlib.suppress(Crash):
                await table.svc.on_press(press)
                await table.svc.idle()
            if crashed:
                break
        assert crashed, "no notification was sent"
        notified = crashed[0]
        sent = messenger.in_chat(notified, live_only=False)
        assert table.repo.outbox(1), "the row's count was not stored: the restart delivers it again"
        await restart(table, messenger)
        assert messenger.in_chat(notified, live_only=False) == sent, "the notification was not sent again"
        seat = next(s for s in table.repo.seats(1) if s.user_id == notified)
        assert seat.private_message_id == sent[-1].ref.message_id, "the notification is the seat's message"
        assert [m for m in messenger.in_chat(notified) if m.buttons] == [sent[-1]], "one message with buttons"
        assert_table_current(table)

    run(scenario())


def test_a_crash_right_after_a_departure_still_tells_the_player_once(tmp_path: Path) -> None:
    async def scenario() -> None:
        table, messenger = crashing_table(tmp_path, 4, seed=5)
        await table.gather(4)
        gone = table.users[1]
        messenger.crash_in(1)  # the first call after the save: nothing of the departure is shown
        with contextlib.suppress(Crash):
            await table.svc.on_departure(Departure(GROUP, gone.id))
            await table.svc.idle()
        assert next(s for s in table.repo.seats(1) if s.user_id == gone.id).standin
        await restart(table, messenger)
        told = return_text(translator("en"), table.title)
        assert messenger.all_texts(gone.id).count(told) == 1
        await restart(table, messenger)
        assert messenger.all_texts(gone.id).count(told) == 1

    run(scenario())


@pytest.mark.parametrize("calls", [1, 4, 8, 11])  # the process dies at this messenger call of the cancellation
def test_a_cancelled_game_is_shown_once_after_a_crash(tmp_path: Path, calls: int) -> None:
    async def scenario() -> None:
        table, messenger = crashing_table(tmp_path, 4, seed=5)
        messenger.undeletable = True  # the old table can only be edited, as on Telegram after 48 hours
        await table.gather(4)
        messenger.crash_in(calls)
        with contextlib.suppress(Crash):
            await table.command(0, "cancel")
        await settled(table, messenger)
        assert messenger.dead and table.repo.outbox(1), "the crash left the row to deliver"
        await restart(table, messenger)
        await restart(table, messenger)  # a second restart shows nothing again
        tr = translator("en")
        ending = tr.gettext("{name} cancelled the game: nobody wins.", name="Player0")
        group = messenger.in_chat(GROUP, live_only=False)
        assert [m.history[0].endswith(ending) for m in group].count(True) == 1, "one final table is sent"
        waiting = tr.gettext("Waiting for: {names}.", names="").rstrip(".")
        assert [m.text for m in messenger.in_chat(GROUP) if m.buttons or waiting in m.text] == []
        note = "The game in Dodge City was cancelled by Player0"
        assert all([t.startswith(note) for t in messenger.all_texts(u.id)].count(True) == 1 for u in table.users)
        assert table.repo.outbox(1) == []

    run(scenario())


def test_a_change_saved_while_the_runner_gives_its_lease_back_is_shown_at_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = Table(f"sqlite:///{tmp_path / 'bot.sqlite3'}", make_users(4), seed=31)
    asyncio.run(table.gather(4))
    ctx = table.svc.ctx
    game = table.game()
    assert game is not None and game.id is not None
    game_id = game.id
    release = ctx.repo.leases.release
    saved: list[int] = []
    loops: list[asyncio.AbstractEventLoop] = []

    def releasing(game: int) -> None:
        """Gives the lease back; the first time, a change of the game is saved and kicked meanwhile."""
        release(game)
        if not saved:
            batch = load(ctx, game_id)
            assert batch is not None
            batch.notices.append((BACK, {"seat": 1}))
            outbox.save(ctx, batch)
            saved.append(game_id)
            if threading.current_thread() is threading.main_thread():  # released on the loop (SQLite: run_brief)
                outbox.kick(ctx, game_id)  # the runner still goes: it is only woken
            else:
                loops[0].call_soon_threadsafe(outbox.kick, ctx, game_id)

    async def scenario() -> list[Outbox]:
        loops.append(asyncio.get_running_loop())
        monkeypatch.setattr(ctx.repo.leases, "release", releasing)
        outbox.kick(ctx, game_id)
        runner = ctx.lanes.of(game_id).runner
        assert runner is not None
        await runner  # no sweep, no later kick: only this runner can show the change
        return ctx.repo.outbox(game_id)

    assert not asyncio.run(scenario()), "the change saved during the release is shown by the same runner"
    assert saved and any("is back" in text for text in table.group_texts())


def test_a_stop_while_the_group_waits_ends_at_once_and_leaves_the_group_s_part_in_the_outbox(tmp_path: Path) -> None:
    table = Table(f"sqlite:///{tmp_path / 'bot.sqlite3'}", make_users(4), seed=32)
    asyncio.run(table.gather(4))
    messenger = table.messenger
    user, message, choice = next(o for o in table.choices() if o[2].startswith("a"))
    presser = table.users[user]
    send, edit = messenger.send, messenger.edit

    async def scenario() -> list[Outbox]:
        group_waits = asyncio.Event()  # the group's message is on its way and never confirmed (a group's limit)

        async def held_send(chat_id: int, *args: Any, **kwargs: Any) -> Any:
            if chat_id == GROUP:
                group_waits.set()
                await asyncio.Event().wait()
            return await send(chat_id, *args, **kwargs)

        async def held_edit(ref: MessageRef, *args: Any, **kwargs: Any) -> Any:
            if ref.chat_id == GROUP:
                group_waits.set()
                await asyncio.Event().wait()
            return await edit(ref, *args, **kwargs)

        messenger.send = held_send  # type: ignore[method-assign]
        messenger.edit = held_edit  # type: ignore[method-assign]
        data = next(b.data for row in message.buttons for b in row if decode(b.data).choice == choice)
        await table.svc.on_press(Press("move", presser, presser.id, message.ref.message_id, data, True))
        async with asyncio.timeout(30):  # a guard: without the fix the stop below never ends by itself
            await group_waits.wait()
            with pytest.raises(TimeoutError):
                await asyncio.wait_for(table.svc.stop(), 0.2)  # the bot's stop gives its flush a time limit too
        assert not table.svc.ctx.lanes.busy(), "every runner ended with the stop"
        game = table.game()
        assert game is not None and game.id is not None
        return table.repo.outbox(game.id)

    assert asyncio.run(scenario()), "the change the group did not see stays to be shown at the next start"
