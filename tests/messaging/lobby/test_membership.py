"""Only the group's members sit down, lobby buttons go stale, the creator removes players, refusals say what is true.

Through the collecting fake messenger; tests/telegram/test_membership_telegram.py does the same over the Bot API
emulator.
"""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from pathlib import Path
from typing import Any

import pytest
from alembic import command
from sqlalchemy import create_engine, text

from bangbot.bench.messenger import CollectingMessenger, Sent
from bangbot.i18n import translator
from bangbot.i18n.wording import player
from bangbot.messaging.adapter import User
from bangbot.messaging.press.button_data import decode, game_button, lobby_button
from bangbot.storage.db import migrations_config, open_engine
from bangbot.storage.models import Game, Seat
from bangbot.storage.repository import Repository
from tests.service_harness import GROUP, Table, make_users
from tests.telegram.test_bad_input import LinkMessenger

STRANGER_REFUSAL = "Only members of the group where this game is gathering can join it."
STALE = "This choice is no longer current."


def run(coro: Coroutine[Any, Any, None]) -> None:
    """Runs one scenario."""
    asyncio.run(coro)


def table_in(tmp_path: Path, people: int, language: str, messenger: CollectingMessenger | None = None) -> Table:
    """Returns a group of people speaking language on a fresh SQLite file (with this messenger)."""
    users = make_users(people, language)
    return Table(f"sqlite:///{tmp_path / 'bot.sqlite3'}", users, messenger=messenger or CollectingMessenger())


def lobby_state(table: Table) -> tuple[Game | None, list[Seat], str]:
    """Returns what a refused press or join must leave as it was: the lobby row, its seats, its message."""
    game = table.game()
    assert game is not None and game.id is not None
    return game, table.repo.seats(game.id), table.lobby().text


def said_privately(table: Table, user: int) -> str:
    """Returns the newest private message the bot sent a user."""
    return table.messenger.last(table.users[user].id).text


@pytest.mark.parametrize("language", ["ru", "ja"])
def test_a_stranger_is_refused_by_link_and_by_press_and_the_lobby_is_unchanged(tmp_path: Path, language: str) -> None:
    async def scenario() -> None:
        table = table_in(tmp_path, 3, language, LinkMessenger())
        users = table.users
        stranger = users[2].id
        table.messenger.strangers[GROUP] = {stranger}
        await table.command(0, "newgame")
        game, _, _ = lobby_state(table)
        assert game is not None and game.join_token
        before = lobby_state(table)
        await table.command(2, "start", f"join_{game.join_token}", private=True)
        tr = translator(language)
        assert said_privately(table, 2) == tr.gettext(STRANGER_REFUSAL)
        assert lobby_state(table) == before
        # A member joins by the same link and is told which group's game it is.
        await table.command(1, "start", f"join_{game.join_token}", private=True)
        assert said_privately(table, 1) == tr.gettext("You joined the game in «{group}».", group=table.title)
        assert [s.user_id for s in table.repo.seats(game.id or 0)] == [users[0].id, users[1].id]

    run(scenario())


def test_a_stranger_pressing_join_in_a_public_group_is_refused(tmp_path: Path) -> None:
    async def scenario() -> None:
        table = table_in(tmp_path, 3, "en")
        table.messenger.strangers[GROUP] = {table.users[2].id}
        await table.command(0, "newgame")
        before = lobby_state(table)
        answer = await table.press(2, table.lobby(), "join")
        assert answer.alert and answer.text == STRANGER_REFUSAL
        assert lobby_state(table) == before
        answer = await table.press(1, table.lobby(), "join")
        assert not answer.alert and answer.text == "You joined the game in «Dodge City»."

    run(scenario())


@pytest.mark.parametrize("language", ["en", "ru", "ja"])
def test_the_join_link_carries_a_random_token_and_a_wrong_one_finds_no_lobby(tmp_path: Path, language: str) -> None:
    async def scenario() -> None:
        table = table_in(tmp_path, 2, language, LinkMessenger())
        await table.command(0, "newgame")
        game, _, _ = lobby_state(table)
        assert game is not None and game.join_token is not None and len(game.join_token) >= 16
        link = next(b.url for row in table.lobby().buttons for b in row if b.url)
        assert link == f"https://t.me/bangbot?start=join_{game.join_token}"
        before = lobby_state(table)
        nowhere = translator(language).gettext("There is no such lobby.")
        for payload in (f"join_{game.id}", "join_999999", f"join_{game.join_token}x", "join_"):
            await table.command(1, "start", payload, private=True)
            assert said_privately(table, 1) == nowhere, payload
        assert lobby_state(table) == before
        # A second lobby in another group gets another token.
        other = Table(f"sqlite:///{tmp_path / 'other.sqlite3'}", make_users(1, language))
        await other.command(0, "newgame")
        assert other.game().join_token != game.join_token  # type: ignore[union-attr]

    run(scenario())


def test_a_stale_lobby_button_is_refused_like_a_stale_game_button(tmp_path: Path) -> None:
    async def scenario() -> None:
        table = table_in(tmp_path, 3, "en")
        await table.command(0, "newgame")
        await table.press(1, table.lobby(), "join")
        old = Sent(table.lobby().ref, table.lobby().text, table.lobby().buttons)  # the lobby as a slow client shows it
        await table.press(0, table.lobby(), "ai+")
        before = lobby_state(table)
        for choice in ("time", "ai+", "preset", "start", "cancel"):
            answer = await table.press(0, old, choice)
            assert (answer.text, answer.alert) == (STALE, True), choice
        assert lobby_state(table) == before
        # Joining and leaving mean the same at every version: they change only the presser's seat.
        assert not (await table.press(2, old, "join")).alert
        assert not (await table.press(1, old, "leave")).alert
        assert [s.user_id for s in table.repo.seats(1)] == [table.users[0].id, table.users[2].id]

    run(scenario())


def removal_menu(table: Table) -> Sent:
    """Returns the newest group message offering players to remove."""
    return next(
        m
        for m in reversed(table.messenger.in_chat(GROUP))
        if any(decode(b.data).choice.startswith("rm.") for row in m.buttons for b in row)
    )


@pytest.mark.parametrize("language", ["ru", "ja"])
def test_the_creator_or_an_admin_removes_a_player_who_is_told_privately(tmp_path: Path, language: str) -> None:
    async def scenario() -> None:
        table, tr = table_in(tmp_path, 4, language), translator(language)
        users = table.users
        table.messenger.admins[GROUP] = {users[3].id}
        await table.command(0, "newgame")
        for user in (1, 2):
            await table.press(user, table.lobby(), "join")
        # A player who neither created the lobby nor administers the chat may not.
        answer = await table.press(1, table.lobby(), "remove")
        assert answer.alert and answer.text == tr.gettext("Only the creator of the game or a chat admin can do this.")
        await table.press(0, table.lobby(), "remove")
        menu = removal_menu(table)
        assert [b.text for row in menu.buttons for b in row] == ["Player1", "Player2"]
        assert menu.text == tr.gettext("Choose the player to remove from the game:")
        # Another player presses the menu: refused, nothing changes.
        before = lobby_state(table)
        assert (await table.press(2, menu, "rm.1")).alert
        assert lobby_state(table) == before
        answer = await table.press(0, menu, "rm.1")
        assert not answer.alert
        assert [s.user_id for s in table.repo.seats(1)] == [users[0].id, users[2].id]
        assert "Player1" not in table.lobby().text
        assert said_privately(table, 1) == tr.gettext(
            "You are no longer in the game in «{group}»: its creator or a chat admin removed you.", group=table.title
        )
        assert not menu.buttons and "Player1" in menu.text
        # The menu's other button is now stale: the lobby changed since it was sent.
        stale = await table.press(0, menu, data=lobby_button(1, before[0].version, "rm.2"))  # type: ignore[union-attr]
        assert (stale.text, stale.alert) == (tr.gettext(STALE), True)
        # An admin removes the creator: the next player becomes the creator.
        await table.press(3, table.lobby(), "remove")
        await table.press(3, removal_menu(table), "rm.0")
        game = table.game()
        assert game is not None and game.creator_id == users[2].id
        assert [s.user_id for s in table.repo.seats(1)] == [users[2].id]

    run(scenario())


def test_removal_with_nobody_else_in_the_lobby(tmp_path: Path) -> None:
    async def scenario() -> None:
        table = table_in(tmp_path, 1, "en")
        await table.command(0, "newgame")
        sent = len(table.messenger.messages)
        answer = await table.press(0, table.lobby(), "remove")
        assert (answer.text, answer.alert) == ("Nobody else has joined.", True)
        assert len(table.messenger.messages) == sent

    run(scenario())


@pytest.mark.parametrize("language", ["en", "ru"])
def test_game_press_refusals_say_what_is_true(tmp_path: Path, language: str) -> None:
    async def scenario() -> None:
        table, tr = table_in(tmp_path, 5, language), translator(language)
        users = table.users
        await table.gather(4)
        message = table.messenger.last(users[0].id)

        async def refusal(user: int, data: str) -> str:
            answer = await table.press(user, message, data=data)
            assert answer.alert
            return str(answer.text)

        assert await refusal(0, game_button(999, 0, 0, "a0")) == tr.gettext("There is no such game.")
        assert await refusal(4, game_button(1, 0, 0, "a0")) == tr.gettext("You are not in this game.")
        assert await refusal(1, game_button(1, 0, 0, "a0")) == tr.gettext("These buttons are not yours.")
        await table.command(0, "cancel")
        assert await refusal(0, game_button(1, 0, 0, "a0")) == tr.gettext("This game was cancelled.")
        # A lobby is not a game yet.
        await table.command(0, "newgame")
        assert await refusal(0, game_button(2, 0, 0, "a0")) == tr.gettext("This game has not started yet.")

    run(scenario())


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_group_is_told_when_a_player_takes_the_seat_back_from_the_ai(tmp_path: Path, language: str) -> None:
    async def scenario() -> None:
        table = table_in(tmp_path, 4, language)
        users = table.users
        table.messenger.unreachable.add(users[1].id)
        await table.gather(4)
        tr = translator(language)
        back = tr.gettext("{name} is back: the AI no longer plays for them.", name="{name}")
        # The bot could not write to Player1: the AI played for them until they send /start.
        table.messenger.unreachable.clear()
        await table.command(1, "start", private=True)
        expected = back.format(name=player(tr, "Player1"))
        assert expected in table.messenger.all_texts(GROUP)
        # Player2 is handed to the AI and presses "I'm back".
        game = table.repo.game(1)
        seat = table.repo.seats(1)[2]
        assert game is not None and seat.user_id == users[2].id
        seat.standin = True
        table.repo.save(game, [seat])
        await table.command(2, "status", private=True)
        message = table.private(2)
        assert message is not None
        await table.press(2, message, "k")
        expected = back.format(name=player(tr, "Player2"))
        assert expected in table.messenger.all_texts(GROUP)

    run(scenario())


def test_every_name_that_reaches_the_service_is_isolated(tmp_path: Path) -> None:
    async def scenario() -> None:
        evil = User(2001, "\u202eAlice\u200b with a very long name that goes on and on", "en")
        hebrew = User(2002, "\u2067דוד\u2069\u200f", "en")
        empty = User(2003, "\u200b\u200d\u202e", "en")
        table = Table(f"sqlite:///{tmp_path / 'names.sqlite3'}", [*make_users(1), evil, hebrew, empty])
        await table.command(0, "newgame")
        for user in (1, 2, 3):
            await table.press(user, table.lobby(), "join")
        names = [s.name for s in table.repo.seats(1)]
        assert names == ["Player0", "Alice with a very long name that", "\u2068דוד\u2069", "2003"]
        lobby = table.lobby().text
        assert "\u202e" not in lobby and "\u200b" not in lobby and "\u2068דוד\u2069" in lobby

    run(scenario())


def test_the_migration_gives_each_gathering_lobby_a_token_and_old_games_none(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'old.sqlite3'}"
    engine = create_engine(url)
    with engine.begin() as connection:
        command.upgrade(migrations_config(connection), "0006")
        for chat, status in ((-1, "gathering"), (-2, "gathering"), (-3, "running"), (-4, "cancelled")):
            connection.execute(
                text(
                    "INSERT INTO game (chat_id, chat_title, status, creator_id, preset, simplified, deadline_seconds,"
                    " ai_seats, version, created_at, updated_at, log_json, log_turn)"
                    " VALUES (:chat, '', :status, 1, 'standard', 0, 60, 0, 0, '2026-01-01', '2026-01-01', '[]', 0)"
                ),
                {"chat": chat, "status": status},
            )
    repo = Repository(open_engine(url))
    tokens = [repo.game(game_id).join_token for game_id in (1, 2, 3, 4)]  # type: ignore[union-attr]
    assert tokens[2:] == [None, None] and all(tokens[:2]) and tokens[0] != tokens[1]
    assert [repo.game_by_join_token(t or "").id for t in tokens[:2]] == [1, 2]  # type: ignore[union-attr]
