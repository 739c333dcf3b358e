"""The game service through the collecting fake messenger: whole games by presses, bad presses, restarts."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path

import pytest

from bangbot.games.bang.rules.notation import parse
from bangbot.games.bang.rules.replay import replay
from bangbot.games.bang.rules.serialize import config_from_json, to_json
from bangbot.games.bang.texts.glossary import role_name
from bangbot.i18n import translator
from bangbot.messaging.press.button_data import MAX_CALLBACK_DATA, decode, game_button
from tests.service_harness import GROUP, Table, make_users


def run(coro: object) -> None:
    """Runs a test coroutine."""
    asyncio.run(coro)  # type: ignore[arg-type]


@pytest.mark.parametrize(("players", "language"), [(4, "en"), (5, "ru"), (6, "ja"), (7, "cs"), (7, "en")])
def test_a_whole_game_by_presses_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, players: int, language: str
) -> None:
    async def scenario() -> None:
        table = Table(f"sqlite:///{tmp_path / 'bang.sqlite3'}", make_users(players, language), seed=players)
        table.capture_events(monkeypatch)
        await table.command(0, "language")  # the creator is no admin: the chat keeps English unless set
        table.messenger.admins[GROUP] = {table.users[0].id}
        await table.command(0, "language")
        await table.press(0, table.messenger.last(GROUP), f"lang.{language}")
        await table.gather(players)
        before_play = len(table.messenger.in_chat(GROUP, live_only=False))
        presses = await table.play(random.Random(players))
        game = table.repo.game(1)
        assert game is not None and game.status == "finished" and game.winner in ("law", "outlaws", "renegade")
        assert presses > 10
        # Every press was answered, and every button fits Telegram's 64 bytes.
        assert len(table.messenger.answers) == table.presses
        for m in table.messenger.messages:
            for row in m.buttons:
                assert all(len(b.data.encode()) <= MAX_CALLBACK_DATA for b in row)
        # The stored action log replays to the stored state.
        actions = [(a.seat, parse(a.action)) for a in table.repo.actions(1)]
        stored = json.loads(game.state_json or "{}")
        again = replay(config_from_json(stored["config"]), game.seed or 0, actions)
        assert to_json(again) == stored
        # During play the group gets one new message per turn (its log); the lobby becomes the table.
        sent_in_play = len(table.messenger.in_chat(GROUP, live_only=False)) - before_play
        assert sent_in_play <= again.turn_number
        # The end reveals every role in the table message.
        tr = translator(language)
        roles = {role_name(tr, p.role) for p in again.players}
        assert any(sum(text.count(r) for r in roles) >= players for text in table.group_texts())
        # Private messages are in the players' language: never the English prompt in another language.
        if language != "en":
            private = table.messenger.in_chat(table.users[1].id)[-1].text
            assert "Your character" not in private

    run(scenario())


def test_old_replayed_forged_and_foreign_presses_change_nothing(tmp_path: Path) -> None:
    async def scenario() -> None:
        table = Table(f"sqlite:///{tmp_path / 'b.sqlite3'}", make_users(4))
        await table.gather(4)
        actor = next(i for i in range(4) if table.private(i) is not None)
        message = table.private(actor)
        assert message is not None
        choice = next(
            decode(b.data).choice for row in message.buttons for b in row if decode(b.data).choice.startswith("a")
        )
        before = table.repo.game(1)
        assert before is not None
        # A press by someone else on this player's button.
        other = (actor + 1) % 4
        answer = await table.press(other, message, choice)
        assert answer.alert and table.repo.game(1).version == before.version  # type: ignore[union-attr]
        # Forged data: garbage, another game, an action index that does not exist.
        for data in (
            "nonsense",
            "g999:1:0:a0",
            game_button(1, before.version + 5, actor, "a0"),
            game_button(1, 0, actor, "a999"),
        ):
            answer = await table.press(actor, message, data=data)
            assert answer.alert
        assert table.repo.game(1).version == before.version  # type: ignore[union-attr]
        # The real press works once; replaying the same data is refused.
        data = next(b.data for row in message.buttons for b in row if decode(b.data).choice == choice)
        answer = await table.press(actor, message, data=data)
        assert not answer.alert
        version = table.repo.game(1).version  # type: ignore[union-attr]
        answer = await table.press(actor, message, data=data)
        assert answer.alert
        assert table.repo.game(1).version == version  # type: ignore[union-attr]
        # The lobby's buttons are dead once the game runs.
        lobby_message = table.messenger.in_chat(GROUP, live_only=False)[0]
        answer = await table.press(3, lobby_message, data="l1:0:0:join")
        assert answer.alert
        assert len(table.repo.seats(1)) == 4

    run(scenario())


def test_a_restart_in_the_middle_carries_on(tmp_path: Path) -> None:
    async def scenario() -> None:
        table = Table(f"sqlite:///{tmp_path / 'r.sqlite3'}", make_users(5), seed=11)
        await table.gather(5)
        rng = random.Random(3)
        await table.play(rng, limit=40, check=False)
        version = table.repo.game(1).version  # type: ignore[union-attr]
        table.restart()
        assert table.repo.game(1).version == version  # type: ignore[union-attr]
        await table.command(1, "status", private=True)
        await table.play(rng, check=False)
        game = table.repo.game(1)
        assert game is not None and game.status == "finished"

    run(scenario())


def waiting_humans(table: Table) -> list[int]:
    """Returns the users who have buttons to press now."""
    return sorted({user for user, _, _ in table.choices()})


def test_deadlines_fire_after_a_restart_and_two_misses_hand_the_seat_to_the_ai(tmp_path: Path) -> None:
    async def scenario() -> None:
        table = Table(f"sqlite:///{tmp_path / 'd.sqlite3'}", make_users(4), seed=5)
        await table.gather(4)
        game = table.repo.game(1)
        assert game is not None and game.deadline_at is not None
        assert game.deadline_at == table.clock.now + __import__("datetime").timedelta(days=1)
        slow = waiting_humans(table)
        assert slow
        # The bot is down while the deadline passes; the new process fires it at once.
        table.clock.advance(__import__("datetime").timedelta(days=1, minutes=1))
        table.restart()
        fired: list[float] = []
        table.svc.ctx.deadline_fired = fired.append  # what the bot's metrics are told
        before = len(table.repo.actions(1))
        await table.tick()
        after = table.repo.actions(1)
        assert len(after) > before
        assert any(a.by == "deadline" for a in after[before:])
        assert fired == [60.0], "one deadline fired, a minute after its time"
        seats = table.repo.seats(1)
        missed = [s for s in seats if s.missed_deadlines == 1]
        assert missed
        # Keep missing deadlines: after two in a row the AI holds the seat and "I'm back" is offered.
        for _ in range(30):
            table.clock.advance(__import__("datetime").timedelta(days=1, minutes=1))
            await table.tick()
            if any(s.standin for s in table.repo.seats(1)):
                break
        standins = [s for s in table.repo.seats(1) if s.standin]
        assert standins
        user = next(i for i, u in enumerate(table.users) if u.id == standins[0].user_id)
        message = table.private(user)
        assert message is not None
        assert [decode(b.data).choice for row in message.buttons for b in row] == ["k"]
        assert any("AI" in t for t in table.group_texts())
        await table.press(user, message, "k")
        seat = next(s for s in table.repo.seats(1) if s.user_id == table.users[user].id)
        assert not seat.standin and seat.missed_deadlines == 0

    run(scenario())


def test_a_reminder_comes_before_the_deadline(tmp_path: Path) -> None:
    async def scenario() -> None:
        from datetime import timedelta

        table = Table(f"sqlite:///{tmp_path / 'm.sqlite3'}", make_users(4), seed=9)
        await table.gather(4)
        waiting = waiting_humans(table)
        table.clock.advance(timedelta(hours=20))
        await table.tick()
        assert table.repo.game(1).reminder_at is None  # type: ignore[union-attr]
        for user in waiting:
            texts = [m.text for m in table.messenger.in_chat(table.users[user].id)]
            assert any("Reminder" in t for t in texts)
        assert "time is running out" in table.messenger.last(GROUP).text
        # Only once per deadline.
        count = len(table.messenger.messages)
        await table.tick()
        assert len(table.messenger.messages) == count

    run(scenario())


def test_the_lobby(tmp_path: Path) -> None:
    async def scenario() -> None:
        table = Table(f"sqlite:///{tmp_path / 'l.sqlite3'}", make_users(5))
        await table.command(0, "newgame")
        lobby = table.lobby()
        await table.command(1, "newgame")
        assert "already" in table.messenger.in_chat(GROUP)[-2].text
        assert (await table.press(1, table.lobby(), "join")).alert is False
        assert (await table.press(1, table.lobby(), "join")).text == "You have already joined."
        # Only the creator (or a chat admin) changes settings and starts.
        assert (await table.press(1, table.lobby(), "start")).alert
        assert (await table.press(1, table.lobby(), "preset")).alert
        assert (await table.press(0, table.lobby(), "preset")).alert is False
        assert table.game().preset == "ja"  # type: ignore[union-attr]
        await table.press(0, table.lobby(), "opt.simplified")
        await table.press(0, table.lobby(), "time")
        assert table.game().choices_json == '{"simplified":true}'  # type: ignore[union-attr]
        assert table.game().deadline_seconds == 3 * 24 * 3600  # type: ignore[union-attr]
        # Two people are too few without AI seats.
        answer = await table.press(0, table.lobby(), "start")
        assert answer.alert and "4" in answer.text
        await table.press(2, table.lobby(), "join")
        assert all(f"Player{n}" in table.lobby().text for n in range(3))
        await table.press(2, table.lobby(), "leave")
        assert [s.name for s in table.repo.seats(1)] == ["Player0", "Player1"]
        assert "Player1" in table.lobby().text and "Player2" not in table.lobby().text
        await table.press(0, table.lobby(), "ai+")
        await table.press(0, table.lobby(), "ai+")
        assert "AI players: 2" in table.lobby().text
        assert not (await table.press(0, table.lobby(), "start")).alert
        game = table.repo.game(1)
        assert game is not None and game.status == "running"
        seats = table.repo.seats(1)
        assert [s.is_ai for s in seats] == [False, False, True, True]
        # /newgame showed the lobby again: the first lobby message is gone, the current one says the game started.
        assert lobby.deleted and lobby.ref.message_id != game.lobby_message_id
        current = next(m for m in table.messenger.in_chat(GROUP) if m.ref.message_id == game.lobby_message_id)
        assert current.text.startswith("BANG! in Dodge City — turn") and not current.buttons
        assert game.table_message_id == game.lobby_message_id
        # Cancelling needs the creator or an admin.
        await table.command(3, "cancel")
        assert table.repo.game(1).status == "running"  # type: ignore[union-attr]
        table.messenger.admins[GROUP] = {table.users[3].id}
        await table.command(3, "cancel")
        assert table.repo.game(1).status == "cancelled"  # type: ignore[union-attr]

    run(scenario())


def test_a_press_on_a_lobby_shown_before_its_reference_was_stored_is_applied(tmp_path: Path) -> None:
    async def scenario() -> None:
        table = Table(f"sqlite:///{tmp_path / 'r.sqlite3'}", make_users(2))
        await table.command(0, "newgame")
        lobby = table.lobby()
        table.repo.update_refs(1, lobby_message_id=None)  # shown, but delivery has not stored it yet
        answer = await table.press(0, lobby, "ai+")
        assert not answer.alert, answer.text
        assert table.repo.game(1).ai_seats == 1  # type: ignore[union-attr]
        newer = table.lobby()
        assert newer.ref != lobby.ref  # delivery found no stored lobby message and sent one
        answer = await table.press(0, lobby, "ai+")  # the first message, no longer the lobby's
        assert answer.alert and "old message" in answer.text
        assert table.repo.game(1).ai_seats == 1  # type: ignore[union-attr]

    run(scenario())


def test_a_lobby_nobody_starts_expires(tmp_path: Path) -> None:
    async def scenario() -> None:
        from datetime import timedelta

        table = Table(f"sqlite:///{tmp_path / 'e.sqlite3'}", make_users(2))
        await table.command(0, "newgame")
        lobby = table.lobby()
        table.clock.advance(timedelta(hours=7))
        await table.tick()
        assert table.repo.game(1).status == "expired"  # type: ignore[union-attr]
        assert "/newgame" in lobby.text and not lobby.buttons
        await table.command(0, "newgame")
        assert table.repo.game(2) is not None

    run(scenario())


def test_commands_in_the_wrong_place_and_unknown_ones(tmp_path: Path) -> None:
    async def scenario() -> None:
        table = Table(f"sqlite:///{tmp_path / 'c.sqlite3'}", make_users(2))
        await table.command(0, "newgame", private=True)
        assert "/newgame" in table.messenger.last(table.users[0].id).text
        assert table.repo.open_game(table.users[0].id) is None
        await table.command(0, "frobnicate")
        assert "/help" in table.messenger.last(GROUP).text
        await table.command(0, "rules", "Бочка", private=True)
        assert table.messenger.last(table.users[0].id).text.startswith("Barrel: ")
        await table.command(0, "rules", "no such card", private=True)
        assert "no such card" in table.messenger.last(table.users[0].id).text
        await table.command(0, "deadline", "soon")
        assert "30m" in table.messenger.last(GROUP).text
        table.messenger.admins[GROUP] = {table.users[0].id}
        await table.command(0, "deadline", "90m")
        assert table.repo.chat_settings(GROUP).deadline_seconds == 90 * 60
        await table.command(0, "deadline", "8d")
        assert table.repo.chat_settings(GROUP).deadline_seconds == 90 * 60

    run(scenario())


def test_languages_for_users_and_chats(tmp_path: Path) -> None:
    async def scenario() -> None:
        table = Table(f"sqlite:///{tmp_path / 'g.sqlite3'}", make_users(2, "ja-JP"))
        await table.command(0, "language", private=True)
        menu = table.messenger.last(table.users[0].id)
        names = [b.text for row in menu.buttons for b in row]
        assert names == ["English", "Русский", "日本語", "Čeština"]
        await table.press(0, menu, "lang.cs")
        assert table.repo.user_settings(table.users[0].id).language == "cs"
        # A group's language: only admins, checked again when the button is pressed.
        await table.command(1, "language")
        assert not table.messenger.last(GROUP).buttons
        table.messenger.admins[GROUP] = {table.users[1].id}
        await table.command(1, "language")
        menu = table.messenger.last(GROUP)
        table.messenger.admins[GROUP] = set()
        assert (await table.press(1, menu, "lang.ru")).alert
        assert table.repo.chat_settings(GROUP).language is None
        table.messenger.admins[GROUP] = {table.users[1].id}
        assert not (await table.press(1, menu, "lang.ru")).alert
        assert table.repo.chat_settings(GROUP).language == "ru"
        answer = await table.press(1, menu, data="c1:0:0:lang.xx")
        assert answer.alert

    run(scenario())


def test_an_unreachable_player_is_played_by_the_ai_until_they_start_the_bot(tmp_path: Path) -> None:
    async def scenario() -> None:
        users = make_users(4)
        table = Table(f"sqlite:///{tmp_path / 'u.sqlite3'}", users, seed=3)
        table.messenger.unreachable.add(users[2].id)
        await table.command(0, "newgame")
        await table.press(1, table.lobby(), "join")
        await table.press(2, table.lobby(), "join")
        assert "/start" in table.messenger.last(GROUP).text
        await table.press(3, table.lobby(), "join")
        await table.press(0, table.lobby(), "start")
        seat = next(s for s in table.repo.seats(1) if s.user_id == users[2].id)
        assert seat.unreachable and seat.ai_controlled
        # The game never waits for the unreachable player.
        await table.play(random.Random(1), limit=30, check=False)
        assert users[2].id not in {table.users[u].id for u in waiting_humans(table)}
        table.messenger.unreachable.clear()
        await table.command(2, "start", private=True)
        seat = next(s for s in table.repo.seats(1) if s.user_id == users[2].id)
        assert not seat.unreachable
        assert any(m.text.startswith("BANG! in Dodge City") for m in table.messenger.in_chat(users[2].id))

    run(scenario())


def test_a_failed_send_loses_no_move(tmp_path: Path) -> None:
    async def scenario() -> None:
        table = Table(f"sqlite:///{tmp_path / 'f.sqlite3'}", make_users(4), seed=2)
        await table.gather(4)
        user, message, choice = next(c for c in table.choices() if c[2].startswith("a"))
        before = len(table.repo.actions(1))
        table.messenger.fail_sends = 100
        await table.press(user, message, choice)
        table.messenger.fail_sends = 0
        assert len(table.repo.actions(1)) > before
        await table.command(user, "status")
        assert table.messenger.last(GROUP).text.startswith("BANG! in Dodge City")

    run(scenario())


def test_one_user_in_two_chats_games(tmp_path: Path) -> None:
    async def scenario() -> None:
        users = make_users(4)
        table = Table(f"sqlite:///{tmp_path / 't.sqlite3'}", users)
        await table.gather(4)
        other = Table.__new__(Table)
        other.__dict__.update(table.__dict__)
        from bangbot.messaging.adapter import Command

        await table.svc.on_command(Command(users[0], -42, False, "newgame", "", "Tombstone"))
        await table.svc.idle()
        game = table.repo.open_game(-42)
        assert game is not None
        lobby = next(m for m in table.messenger.in_chat(-42) if m.buttons)
        for i in (1, 2, 3):
            await table.press(i, lobby, "join")
        await table.press(0, lobby, "start")
        titles = {m.text.splitlines()[0] for m in table.messenger.in_chat(users[0].id)}
        assert {"BANG! in Dodge City", "BANG! in Tombstone"} <= titles

    run(scenario())


def test_a_whole_game_on_postgresql(postgres_url: str) -> None:
    async def scenario() -> None:
        table = Table(postgres_url, make_users(4), seed=21)
        table.title = "PostgreSQL"
        await table.gather(4)
        await table.play(random.Random(21), check=False)
        game = table.repo.open_game(GROUP)
        assert game is None  # finished
        table.restart()
        assert len(table.repo.actions(1)) > 10

    run(scenario())


def test_two_presses_on_one_game_in_one_process_never_interleave(tmp_path: Path) -> None:
    """Two people answering at once: the second waits for the first to be shown, so no older content lands last."""

    async def scenario() -> None:
        from bangbot.games.bang.presenter.keyboards import TOP
        from bangbot.messaging.delivery.sender import private_message
        from bangbot.messaging.play.stored_game import load

        table = Table(f"sqlite:///{tmp_path / 'race.sqlite3'}", make_users(6), seed=13)
        await table.gather(6)
        rng = random.Random(13)
        for _ in range(2000):
            moves = [c for c in table.choices() if c[2].startswith("a")]
            if len({user for user, _, _ in moves}) >= 2:
                break
            user, message, choice = rng.choice(table.choices())
            await table.press(user, message, choice)
        first = next(c for c in moves)
        second = next(c for c in moves if c[0] != first[0])
        messenger = table.messenger
        real_edit, real_send = messenger.edit, messenger.send
        calls = [0]

        async def network() -> None:
            # Each delivery is quicker than the one before: unserialised, the first press's content would land last.
            calls[0] += 1
            await asyncio.sleep(max(0.0, 0.08 - 0.01 * calls[0]))

        async def slow_edit(*args: object, **kwargs: object) -> None:
            await network()
            await real_edit(*args, **kwargs)  # type: ignore[arg-type]

        async def slow_send(*args: object, **kwargs: object) -> object:
            await network()
            return await real_send(*args, **kwargs)  # type: ignore[arg-type]

        messenger.edit, messenger.send = slow_edit, slow_send  # type: ignore[method-assign]
        before = len(table.repo.actions(1))
        await asyncio.gather(table.press(*first), table.press(*second))
        assert len(table.repo.actions(1)) >= before + 2, "both answers count"
        ctx = table.svc.ctx
        batch = load(ctx, 1)
        assert batch is not None
        for seat in batch.seats:
            if seat.user_id is None:
                continue
            shown = next(m for m in messenger.in_chat(seat.user_id) if m.ref.message_id == seat.private_message_id)
            expected, buttons = private_message(ctx, batch, seat, TOP)

            def state_lines(text: str) -> list[str]:
                lines = text.splitlines()
                return [line for line in lines if line.startswith(("Life:", "Hand:", "In play:"))] + lines[-1:]

            assert state_lines(shown.text) == state_lines(expected)
            assert shown.buttons == buttons

    run(scenario())
