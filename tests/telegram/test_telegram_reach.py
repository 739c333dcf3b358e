"""The bot process over HTTP against the Bot API emulator: admin menus, pins, calls, share links and inline answers."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from urllib.parse import unquote

import pytest

from bangbot.games.bang.texts.glossary import card_name
from bangbot.i18n import LANGUAGES, SOURCE_LANGUAGE, translator
from bangbot.storage.repository import Repository
from tests.telegram.test_telegram_e2e import FAST_GROUP_RATE, started_bot
from tools.process import BotProcess
from tools.telegram import BotApiEmulator

ADMIN_ONLY = {"deadline", "cancel", "language"}


@pytest.fixture
def emulator() -> Iterator[BotApiEmulator]:
    """Yields a running Bot API emulator with the tests' faster group budget."""
    with BotApiEmulator(flood_model="bucket", group_limit=FAST_GROUP_RATE) as running:
        yield running
        assert running.internal_errors == []


def running(tmp_path: Path, emulator: BotApiEmulator) -> tuple[BotProcess, Repository]:
    """Starts the bot and waits until it has set its command menus."""
    _, bot, repo = started_bot(emulator, tmp_path)
    emulator.wait_until(lambda: len(emulator.commands) >= 3 * len(LANGUAGES), what="the command menus")
    return bot, repo


def test_admin_commands_are_in_the_admins_menu_only(emulator: BotApiEmulator, tmp_path: Path) -> None:
    bot, _ = running(tmp_path, emulator)
    try:
        for language in LANGUAGES:
            code = "" if language == SOURCE_LANGUAGE else language
            tr = translator(language)
            members = dict(emulator.commands[("all_group_chats", code)])
            admins = dict(emulator.commands[("all_chat_administrators", code)])
            assert not ADMIN_ONLY & set(members) and set(admins) >= ADMIN_ONLY
            assert set(members) < set(admins) and "notify" in members
            assert admins["cancel"] == tr.gettext("Cancel the game")
            assert members["notify"] == tr.gettext("Call me when a game gathers here")
    finally:
        bot.stop()


def test_the_table_is_pinned_where_the_bot_may_and_the_lobby_says_how(emulator: BotApiEmulator, tmp_path: Path) -> None:
    anna = emulator.add_user("Anna", language_code="en", started=True)
    plain = emulator.add_group("Saloon", members=[anna], admins=[anna])
    pinning = emulator.add_group("Ranch", members=[anna], admins=[anna], bot_is_admin=True)
    bot, _ = running(tmp_path, emulator)
    try:
        emulator.user_sends(anna, plain, "/newgame")
        lobby = emulator.wait_for_message(plain, "gathering")
        assert "I cannot pin the table here" in lobby.text
        link = f"https://t.me/{emulator.bot_username}?startgroup=true&admin=pin_messages"
        assert lobby.button("Let me pin the table") == link
        share = unquote(lobby.button("Invite friends"))
        assert share.startswith("https://t.me/share/url?url=") and "start=join_" in share and "Saloon" in share
        emulator.user_sends(anna, pinning, "/newgame")
        lobby = emulator.wait_for_message(pinning, "gathering")
        assert "pin" not in lobby.text and "Let me pin the table" not in str(lobby.button_texts)
        for count in (1, 2, 3):
            answer = emulator.wait_for_answer(emulator.press_button(anna, pinning, "🤖 +", message_id=lobby.message_id))
            assert not answer.show_alert, answer.text
            emulator.wait_until(
                lambda count=count: f"AI players: {count}" in emulator.message(pinning, lobby.message_id).text,
                what=f"the lobby to show {count} AI players",
            )
        emulator.press_button(anna, pinning, "Start the game", message_id=lobby.message_id)
        emulator.wait_until(lambda: emulator.pinned(pinning) == [lobby.message_id], what="the table to be pinned")
        assert emulator.pinned(plain) == []
        emulator.user_sends(anna, pinning, "/cancel")
        emulator.wait_until(lambda: emulator.pinned(pinning) == [], what="the table to be unpinned")
    finally:
        bot.stop()


def test_a_call_when_a_table_opens_reaches_only_who_asked(emulator: BotApiEmulator, tmp_path: Path) -> None:
    anna = emulator.add_user("Anna", language_code="en", started=True)
    boris = emulator.add_user("Boris", language_code="ru", started=True)
    chie = emulator.add_user("Chie", language_code="ja", started=True)
    group = emulator.add_group("Saloon", members=[anna, boris, chie], admins=[anna])
    bot, _ = running(tmp_path, emulator)
    try:
        emulator.user_sends(boris, group, "/notify")
        emulator.wait_for_message(group, "/notify off")
        emulator.user_sends(anna, group, "/newgame")
        emulator.wait_for_message(group, "gathering")
        call = emulator.wait_for_message(boris, "Saloon")
        assert "«Бэнг!»" in call.text
        assert call.button("Вступить").startswith(f"https://t.me/{emulator.bot_username}?start=join_")
        emulator.wait_idle()
        assert emulator.bot_messages(chie) == [] and emulator.bot_messages(anna) == []
    finally:
        bot.stop()


@pytest.mark.parametrize(("language", "typed"), [("en", "barrel"), ("ru", "Бочка"), ("ja", "Barile"), ("cs", "Barel")])
def test_inline_mode_answers_with_the_cards_text(
    emulator: BotApiEmulator, tmp_path: Path, language: str, typed: str
) -> None:
    reader = emulator.add_user("Reader", language_code=language)
    bot, _ = running(tmp_path, emulator)
    try:
        query = emulator.user_inline_query(reader, typed)
        results = emulator.wait_until(lambda: emulator.inline_answer(query), what="the inline answer")
        name = card_name(translator(language), "barrel")
        assert len(results) == 1 and results[0]["input_message_content"]["message_text"].startswith(name)
        nothing = emulator.user_inline_query(reader, "no such card at all")
        assert emulator.wait_until(lambda: emulator.inline_answer(nothing) is not None, what="an empty answer")
        assert emulator.inline_answer(nothing) == []
    finally:
        bot.stop()
