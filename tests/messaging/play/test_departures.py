"""A player who cannot be reached or left the group is handed to the AI at once, and the group is told."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from pathlib import Path

from telegram import Update

from bangbot.bench.messenger import Sent
from bangbot.i18n import translator
from bangbot.messaging.adapter import Departure
from bangbot.messaging.delivery.sender import notice_text
from bangbot.messaging.play.departure import return_text
from bangbot.messaging.press.button_data import decode
from bangbot.storage.models import Seat
from bangbot.telegram.app import ALLOWED_UPDATES
from bangbot.telegram.updates import to_departure
from tests.awaited_buttons import bare_awaited
from tests.service_harness import GROUP, Table, make_users
from tools.awaited import awaited_users
from tools.telegram import BotApiEmulator

EN = translator("en")
REMINDER_DUE = timedelta(hours=20)  # past four fifths of the default day per move


async def started(tmp_path: Path) -> tuple[Table, int, int]:
    """Starts a game of four people; returns the table, its game id and the index of a user it waits for."""
    table = Table(f"sqlite:///{tmp_path / 'departures.sqlite3'}", make_users(4), seed=5)
    await table.gather(4)
    game = table.game()
    assert game is not None and game.id is not None
    waited = awaited_users(table.repo, game.id)
    assert waited
    return table, game.id, next(i for i, u in enumerate(table.users) if u.id in waited)


def test_a_player_who_blocked_the_bot_is_handed_to_the_ai_when_the_reminder_bounces(tmp_path: Path) -> None:
    async def scenario() -> None:
        table, game_id, user = await started(tmp_path)
        blocked = table.users[user].id
        table.messenger.unreachable.add(blocked)  # their private message stays as it is until the reminder
        table.clock.advance(REMINDER_DUE)
        await table.tick()
        seat = next(s for s in table.repo.seats(game_id) if s.user_id == blocked)
        assert seat.unreachable and seat.ai_controlled
        assert blocked not in awaited_users(table.repo, game_id), "the AI moved for the blocked player at once"
        note = notice_text(
            translator("en"), "unreachable", {"seat": seat.position}, [s.name for s in table.repo.seats(game_id)]
        )
        assert note in table.messenger.all_texts(GROUP)

    asyncio.run(scenario())


async def blocked_while_awaited(tmp_path: Path) -> tuple[Table, int, int, Sent]:
    """Starts a game whose awaited player blocks the bot until the reminder bounces (the AI plays them then) and
    unblocks it; returns the table, the game, that user's index and their old message, whose buttons no edit could
    take away meanwhile."""
    table, game_id, user = await started(tmp_path)
    blocked = table.users[user].id
    old = table.private(user)
    assert old is not None
    table.messenger.unreachable.add(blocked)
    table.clock.advance(REMINDER_DUE)
    await table.tick()
    assert next(s for s in table.repo.seats(game_id) if s.user_id == blocked).unreachable
    table.messenger.unreachable.discard(blocked)
    return table, game_id, user, old


def back_with_live_buttons(table: Table, game_id: int, user: int) -> Seat:
    """Asserts that a user's seat is reachable again and only their current message shows buttons, live ones if the
    game waits for them; returns the seat."""
    seat = next(s for s in table.repo.seats(game_id) if s.user_id == table.users[user].id)
    assert not seat.unreachable
    live = [m.ref.message_id for m in table.messenger.in_chat(table.users[user].id) if m.buttons]
    assert live in ([seat.private_message_id], []), "only their current message shows buttons"
    assert bare_awaited(table) == []
    return seat


def test_a_player_who_blocked_the_bot_comes_back_to_one_message_with_live_buttons(tmp_path: Path) -> None:
    async def scenario() -> None:
        table, game_id, user, old = await blocked_while_awaited(tmp_path)
        table.messenger.undeletable = True  # days later: a bot can no longer delete its old messages
        await table.command(user, "start", private=True)
        assert back_with_live_buttons(table, game_id, user).private_message_id != old.ref.message_id

    asyncio.run(scenario())


def test_a_player_who_blocked_the_bot_and_presses_an_old_button_is_back_with_live_buttons(tmp_path: Path) -> None:
    async def scenario() -> None:
        table, game_id, user, old = await blocked_while_awaited(tmp_path)  # they press what their screen still shows
        choice = next(decode(b.data).choice for row in old.buttons for b in row if decode(b.data).choice != "x")
        answer = await table.press(user, old, choice)
        assert (answer.text, answer.alert) == (EN.gettext("Welcome back!"), False)
        seat = back_with_live_buttons(table, game_id, user)  # a press in their chat shows that the bot reaches them
        names = [s.name for s in table.repo.seats(game_id)]
        assert notice_text(EN, "back", {"seat": seat.position}, names) in table.messenger.all_texts(GROUP)

    asyncio.run(scenario())


def test_a_player_who_leaves_the_group_is_handed_to_the_ai_and_told_how_to_return(tmp_path: Path) -> None:
    async def scenario() -> None:
        table, game_id, user = await started(tmp_path)
        gone = table.users[user]
        await table.svc.on_departure(Departure(GROUP, gone.id))
        await table.svc.idle()
        seat = next(s for s in table.repo.seats(game_id) if s.user_id == gone.id)
        assert seat.standin
        assert gone.id not in awaited_users(table.repo, game_id), "the AI moved for the player who left at once"
        names = [s.name for s in table.repo.seats(game_id)]
        assert notice_text(EN, "left", {"seat": seat.position}, names) in table.messenger.all_texts(GROUP)
        assert return_text(EN, table.title) in table.messenger.all_texts(gone.id)
        message = table.private(user)
        assert message is not None and [decode(b.data).choice for row in message.buttons for b in row] == ["k"]
        # Leaving again (Telegram sends both a service message and a chat_member update) changes nothing.
        version = table.repo.game(game_id).version  # type: ignore[union-attr]
        await table.svc.on_departure(Departure(GROUP, gone.id))
        await table.svc.idle()
        assert table.repo.game(game_id).version == version  # type: ignore[union-attr]
        # "I'm back" gives the seat back.
        assert not (await table.press(user, message, "k")).alert
        assert not table.repo.seats(game_id)[seat.position].standin

    asyncio.run(scenario())


def test_a_player_who_leaves_and_cannot_be_reached_is_told_about_once(tmp_path: Path) -> None:
    async def scenario() -> None:
        table, game_id, user = await started(tmp_path)
        gone = table.users[user]
        table.messenger.unreachable.add(gone.id)  # they blocked the bot too: their private message cannot change
        await table.svc.on_departure(Departure(GROUP, gone.id))
        await table.svc.idle()
        seat = next(s for s in table.repo.seats(game_id) if s.user_id == gone.id)
        assert seat.standin and seat.unreachable
        names = [s.name for s in table.repo.seats(game_id)]
        texts = table.messenger.all_texts(GROUP)
        assert notice_text(EN, "left", {"seat": seat.position}, names) in texts
        assert notice_text(EN, "unreachable", {"seat": seat.position}, names) not in texts, "one true line"

    asyncio.run(scenario())


def test_someone_without_a_seat_leaving_changes_nothing(tmp_path: Path) -> None:
    async def scenario() -> None:
        table, game_id, _ = await started(tmp_path)
        version = table.repo.game(game_id).version  # type: ignore[union-attr]
        await table.svc.on_departure(Departure(GROUP, 4242))
        await table.svc.on_departure(Departure(GROUP - 1, table.users[0].id))  # another group
        await table.svc.idle()
        assert table.repo.game(game_id).version == version  # type: ignore[union-attr]
        assert not any(s.standin for s in table.repo.seats(game_id))

    asyncio.run(scenario())


def test_telegram_turns_a_member_leaving_into_a_departure() -> None:
    with BotApiEmulator() as emu:
        anna, boris = emu.add_user("Anna"), emu.add_user("Boris")
        group = emu.add_group("Saloon", members=[anna, boris], admins=[anna])
        emu.allow_updates(ALLOWED_UPDATES)
        emu.user_sends(anna, group, "/help")
        emu.user_leaves(group, boris)
        said, left, change = emu.updates[-3:]
        assert "left_chat_member" in left["message"] and "chat_member" in change
        assert to_departure(Update.de_json(said, None)) is None
        assert to_departure(Update.de_json(left, None)) == Departure(group, boris)
        assert to_departure(Update.de_json(change, None)) == Departure(group, boris)
        emu.add_member(group, boris)  # joining again is no departure
        back = {**change, "chat_member": {**change["chat_member"]}}
        back["chat_member"]["old_chat_member"], back["chat_member"]["new_chat_member"] = (
            change["chat_member"]["new_chat_member"],
            change["chat_member"]["old_chat_member"],
        )
        assert to_departure(Update.de_json(back, None)) is None
