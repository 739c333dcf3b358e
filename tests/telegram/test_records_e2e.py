"""Records and statistics through the real bot process over HTTP, against the Bot API emulator's sendDocument."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from telegram import Bot

from bangbot.messaging.adapter import Undeliverable
from bangbot.storage.models import FINISHED
from bangbot.telegram.adapter import TelegramMessenger
from tests.telegram.test_telegram_e2e import FAST_GROUP_RATE, press_in_lobby, press_to_the_end, started_bot
from tools.telegram import BotApiEmulator


@pytest.fixture
def emulator() -> Iterator[BotApiEmulator]:
    """Yields a running Bot API emulator with the tests' faster group budget."""
    with BotApiEmulator(flood_model="bucket", group_limit=FAST_GROUP_RATE) as running:
        yield running
        assert running.internal_errors == []


def test_the_record_and_stats_over_http(emulator: BotApiEmulator, tmp_path: Path) -> None:
    boris = emulator.add_user("Boris", language_code="ru")
    chie = emulator.add_user("Chie", language_code="ja")
    group = emulator.add_group("Saloon", members=[boris, chie], admins=[boris])
    _, bot, repo = started_bot(emulator, tmp_path)
    try:
        emulator.user_starts_bot(boris)
        emulator.user_starts_bot(chie)
        emulator.user_sends(boris, group, "/newgame")
        emulator.wait_for_message(group, "Собираем")
        for label in ("🤖 +", "🤖 +", "🤖 +", "Начать игру"):
            press_in_lobby(emulator, repo, group, boris, label)
        press_to_the_end(emulator, repo, random.Random(11))
        game = repo.game(1)
        assert game is not None and game.status == FINISHED
        # At the end the group gets the record as a file, in its language, with the seed to replay it.
        [(message, file)] = emulator.wait_until(lambda: emulator.documents(group), what="the record in the group")
        assert file.filename == "bangbot-game-1-ru.txt" and message.text == "Запись игры 1: «Бэнг!»"
        text = file.data.decode("utf-8")
        assert "Кто был кем" in text and f"seed={game.seed}" in text and "Шериф" in text
        # Someone who did not play asks in private: their own language, and they played no game.
        emulator.user_sends(chie, chie, "/record")
        emulator.wait_for_message(chie, "まだ参加したゲームがありません")
        emulator.user_sends(chie, group, "/record 1")
        emulator.wait_until(lambda: len(emulator.documents(group)) == 2 or None, what="the record asked for")
        assert emulator.documents(group)[1][1].data == file.data  # the group's language, whoever asks
        emulator.user_sends(boris, boris, "/stats")
        stats = emulator.wait_for_message(boris, "Ваша статистика")
        assert "игр: 1" in stats.text
    finally:
        if bot.process is not None and bot.process.poll() is None:
            bot.stop()


def test_send_document_reaches_started_users_only_with_its_caption_cut_to_telegrams_limit(
    emulator: BotApiEmulator,
) -> None:
    started = emulator.add_user("Anna", started=True)
    stranger = emulator.add_user("Ben")

    async def scenario() -> None:
        async with Bot(emulator.token, base_url=emulator.base_url, base_file_url=emulator.base_file_url) as bot:
            messenger = TelegramMessenger(bot)
            ref = await messenger.send_document(started, "game.txt", "Запись".encode(), "x" * 1500)
            assert ref.chat_id == started
            with pytest.raises(Undeliverable):
                await messenger.send_document(stranger, "game.txt", b"data", "caption")

    asyncio.run(scenario())
    [(message, file)] = emulator.documents(started)
    assert file.filename == "game.txt" and file.data.decode() == "Запись" and message.text == "x" * 1024
    assert emulator.documents(stranger) == []
