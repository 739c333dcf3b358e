"""A group's life events against the real bot process over the Bot API emulator: /cancel, a supergroup upgrade."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from bangbot.storage.models import CANCELLED, RUNNING
from bangbot.storage.repository import Repository
from tests.telegram.test_telegram_e2e import FAST_GROUP_RATE, press_in_lobby, settled_buttons, started_bot
from tools.process import BotProcess
from tools.telegram import BotApiEmulator


@pytest.fixture
def emulator() -> Iterator[BotApiEmulator]:
    """Yields a running Bot API emulator with the bot's faster test rate for groups."""
    with BotApiEmulator(flood_model="bucket", group_limit=FAST_GROUP_RATE) as running:
        yield running
        assert running.internal_errors == []


def running_game(emulator: BotApiEmulator, tmp_path: Path, kind: str) -> tuple[list[int], int, BotProcess, Repository]:
    """Starts the bot and a game of two people and two AI players in a new group of the kind; returns them all."""
    users = [emulator.add_user("Anna", language_code="ru"), emulator.add_user("Chie", language_code="ja")]
    group = emulator.add_group("Saloon", members=users, admins=[users[0]], type=kind)  # type: ignore[arg-type]
    _, bot, repo = started_bot(emulator, tmp_path)
    emulator.user_starts_bot(users[0])
    emulator.user_sends(users[0], group, "/newgame")
    emulator.wait_for_message(group, "Собираем")
    lobby = repo.game(1)
    assert lobby is not None and lobby.join_token is not None
    emulator.user_starts_bot(users[1], f"join_{lobby.join_token}")
    emulator.wait_until(lambda: len(repo.seats(1)) == 2, what="Chie in the lobby")
    for label in ("🤖 +", "🤖 +", "Начать игру"):
        press_in_lobby(emulator, repo, group, users[0], label)
    emulator.wait_until(lambda: settled_buttons(emulator, repo, 1), what="the game to settle")
    return users, group, bot, repo


def test_cancelling_a_running_game_over_http(emulator: BotApiEmulator, tmp_path: Path) -> None:
    users, group, bot, repo = running_game(emulator, tmp_path, "supergroup")
    try:
        emulator.user_sends(users[0], group, "/cancel")
        final = emulator.wait_for_message(group, "победителей нет")
        assert "Шериф" in final.text and "Ренегат" in final.text and "Ждём" not in final.text
        emulator.wait_for_message(users[0], "отменена игроком")
        emulator.wait_for_message(users[1], "によって中止されました")
        emulator.wait_until(lambda: not repo.outbox(1) or None, what="everything shown")
        game = repo.game(1)
        assert game is not None and game.status == CANCELLED
        for seat in repo.seats(1):
            if seat.user_id is not None and seat.private_message_id is not None:
                assert emulator.message(seat.user_id, seat.private_message_id).buttons == []
    finally:
        bot.stop()


def test_a_group_upgraded_to_a_supergroup_keeps_its_game_over_http(emulator: BotApiEmulator, tmp_path: Path) -> None:
    users, group, bot, repo = running_game(emulator, tmp_path, "group")
    try:
        new_id = emulator.migrate_group(group)
        emulator.wait_for_message(new_id, "супергруппой")
        emulator.wait_until(lambda: repo.open_game(new_id), what="the game to move")
        emulator.user_sends(users[1], new_id, "/status")
        emulator.wait_until(
            lambda: sum("Saloon" in m.text for m in emulator.bot_messages(new_id)) >= 2 or None, what="the table"
        )
        emulator.user_sends(users[1], new_id, "/newgame")
        emulator.wait_for_message(new_id, "уже")
        game = repo.open_game(new_id)
        assert game is not None and game.id == 1 and game.status == RUNNING
        assert repo.open_game(group) is None and repo.game(2) is None
    finally:
        bot.stop()


def test_the_bot_removed_from_the_group_pauses_the_game_until_it_is_back_over_http(
    emulator: BotApiEmulator, tmp_path: Path
) -> None:
    users, group, bot, repo = running_game(emulator, tmp_path, "supergroup")
    try:
        emulator.remove_bot_from_group(group, users[0])
        emulator.wait_for_message(users[0], "Меня удалили из Saloon")
        emulator.wait_for_message(users[1], "Saloonから削除されたため")
        game = repo.game(1)
        assert game is not None and game.paused and game.status == RUNNING
        emulator.add_bot_to_group(group, users[0])
        emulator.wait_for_message(group, "Я снова здесь")
        emulator.wait_until(lambda: resumed(repo), what="the game to resume")
    finally:
        bot.stop()


def resumed(repo: Repository) -> bool | None:
    """Returns True once game 1 runs unpaused with nothing left to show, else None."""
    game = repo.game(1)
    return (game is not None and not game.paused and not repo.outbox(1)) or None


def test_two_topics_of_a_forum_group_gather_two_tables_over_http(emulator: BotApiEmulator, tmp_path: Path) -> None:
    users = [emulator.add_user("Anna", language_code="en"), emulator.add_user("Boris", language_code="en")]
    group = emulator.add_group("Forum", members=users, admins=[users[0]])
    _, bot, repo = started_bot(emulator, tmp_path)
    try:
        saloon, cantina = (
            emulator.open_topic(group, "Saloon", users[0]),
            emulator.open_topic(group, "Cantina", users[1]),
        )
        emulator.user_sends(users[0], group, "/newgame", thread=saloon)
        first = emulator.wait_for_message(group, "gathering")
        emulator.user_sends(users[1], group, "/newgame", thread=cantina)
        second = emulator.wait_for_message(group, "gathering", after=first.message_id)
        assert (first.thread_id, second.thread_id) == (saloon, cantina)
        emulator.user_starts_bot(users[1])
        emulator.user_sends(users[1], group, "/newgame", thread=saloon)  # the saloon's /newgame came a moment ago:
        emulator.wait_for_message(users[1], "a moment ago")  # answered privately (messaging.commands.flood_limits)
        one, two = repo.open_game(group, saloon), repo.open_game(group, cantina)
        assert one is not None and two is not None and (one.id, two.id) == (1, 2)
    finally:
        bot.stop()
