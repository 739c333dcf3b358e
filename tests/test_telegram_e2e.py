"""The real bot process over HTTP against the local Bot API emulator: a whole game in a group, with a restart."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from bangbot.core.cards import BASE_DECK
from bangbot.core.notation import parse
from bangbot.core.replay import replay
from bangbot.core.serialize import config_from_json
from bangbot.i18n import translator
from bangbot.messaging.codec import decode
from bangbot.messaging.render import card_label
from bangbot.storage.db import open_engine
from bangbot.storage.repository import Repository
from bangbot.testing.bot_process import BotProcess
from bangbot.testing.telegram_emulator import BotApiEmulator

FAST_GROUP_RATE = (300, 60.0)  # the long game runs with a larger group budget; test_group_flood_limit keeps 20/60


@pytest.fixture
def emulator() -> Iterator[BotApiEmulator]:
    """Yields a running Bot API emulator whose group flood limit matches the bot's faster test rate."""
    with BotApiEmulator(flood_model="bucket", group_limit=FAST_GROUP_RATE) as running:
        yield running


def pressable(emulator: BotApiEmulator, user: int) -> list[tuple[int, str]]:
    """Returns (message id, callback data) of the buttons of the user's newest private message that has any."""
    with_buttons = [m for m in emulator.bot_messages(user) if m.buttons]
    if not with_buttons:
        return []
    last = with_buttons[-1]
    return [
        (last.message_id, data)
        for row in last.buttons
        for _, data in row
        if not data.startswith("http") and decode(data).choice != "x"
    ]


def test_a_whole_game_in_a_group_over_http_with_a_restart(emulator: BotApiEmulator, tmp_path: Path) -> None:
    users = [
        emulator.add_user("Anna", language_code="en"),
        emulator.add_user("Boris", language_code="ru"),
        emulator.add_user("Chie", language_code="ja"),
        emulator.add_user("Dana", language_code="cs"),
    ]
    group = emulator.add_group("Saloon", members=users, admins=[users[0]])
    database = f"sqlite:///{tmp_path / 'bot.sqlite3'}"
    bot = BotProcess(emulator, database, tmp_path / "bot.log", group_rate="{}/{}".format(*FAST_GROUP_RATE))
    bot.start()
    try:
        # Command menus for groups and private chats, in every language.
        scopes = {key for key in emulator.commands}
        assert {("all_group_chats", ""), ("all_private_chats", ""), ("all_group_chats", "ru")} <= scopes
        assert ("newgame", "Собрать игроков на партию «Бэнг!»") in emulator.commands[("all_group_chats", "ru")]
        # /newgame in private explains where games live.
        emulator.user_starts_bot(users[0])
        emulator.user_sends(users[0], users[0], "/newgame")
        emulator.wait_for_message(users[0], "group")
        # The lobby: Join is a deep link into the private chat.
        emulator.user_sends(users[0], group, "/newgame")
        lobby = emulator.wait_for_message(group, "gathering")
        join = lobby.button("Join")
        assert join == f"https://t.me/{emulator.bot_username}?start=join_1"
        for user in users[1:]:
            emulator.user_starts_bot(user, "join_1")
        emulator.wait_until(lambda: "4 players" in emulator.message(group, lobby.message_id).text, 10, "4 players")
        start = emulator.user_presses(
            users[0], group, lobby.message_id, emulator.message(group, lobby.message_id).button("Start")
        )
        assert not emulator.wait_for_answer(start, 10).show_alert
        # Each player gets their role in private, in their own language, naming the game.
        for user, word in zip(users, ("Your role", "Ваша роль", "あなたの役割", "Vaše role"), strict=True):
            emulator.wait_for_message(user, "Saloon")
            assert any(word in m.text for m in emulator.bot_messages(user)), word
        # Play by pressing buttons only; restart the bot in the middle.
        rng = random.Random(4)
        presses = 0
        restarted = False
        while presses < 2000:
            emulator.wait_idle(quiet=0.05, timeout=30)
            options = [(user, m, data) for user in users for m, data in pressable(emulator, user)]
            if not options:
                break
            user, message_id, data = rng.choice(options)
            query = emulator.user_presses(user, user, message_id, data)
            answer = emulator.wait_for_answer(query, 30)
            assert not answer.show_alert, answer.text
            presses += 1
            if presses == 30 and not restarted:
                bot.stop()
                bot.start()
                restarted = True
        assert restarted and presses > 30
        # Group edits wait for Telegram's 20-a-minute limit; the last ones still arrive.
        emulator.wait_for_message(group, "Game over", timeout=120)
        group_texts = [text for texts in emulator.history(group).values() for text in texts]
        assert emulator.unanswered() == []
        # The players who had to act were mentioned with links, and Telegram never had to slow the bot down.
        group_calls = [c for c in emulator.calls if str(c.params.get("chat_id")) == str(group)]
        assert any("tg://user?id=" in str(c.params.get("text", "")) for c in group_calls)
        assert not [c for c in emulator.calls if c.error_code == 429]
        assert_no_hidden_cards(database, group_texts)
    finally:
        if bot.process is not None and bot.process.poll() is None:
            bot.stop()


def assert_no_hidden_cards(database: str, texts: list[str]) -> None:
    """Checks that the group never saw a card that no public event of the game named."""
    repo = Repository(open_engine(database))
    game = repo.game(1)
    assert game is not None and game.state_json is not None
    stored = json.loads(game.state_json)
    public: set[int] = set()
    from bangbot.core.engine import apply_in_place, new_game

    config = config_from_json(stored["config"])
    state, events = new_game(config, game.seed or 0)
    seen = [e.for_seat(None) for e in events]
    for row in repo.actions(1):
        seen += [e.for_seat(None) for e in apply_in_place(state, row.seat, parse(row.action))]
    for e in seen:
        for key in ("card", "cards", "target_card", "chosen"):
            value = e.get(key)
            if isinstance(value, int) and value >= 0:
                public.add(value)
            elif isinstance(value, list):
                public.update(value)
    assert (
        json.dumps(replay(config, game.seed or 0, [(a.seat, parse(a.action)) for a in repo.actions(1)]).players[0].hand)
        is not None
    )
    tr = translator("en")
    labels: dict[str, set[int]] = {}
    for i in range(len(BASE_DECK)):
        labels.setdefault(card_label(tr, i), set()).add(i)
    for text in texts:
        hidden = [label for label, cards in labels.items() if label in text and not cards & public]
        assert not hidden, f"the group saw cards that were never public: {hidden}"
        assert "Your role" not in text and "Hand:" not in text


def test_group_flood_limit_is_never_exceeded(tmp_path: Path) -> None:
    """With Telegram's own limit (20 a minute into a group, strictly), a busy lobby never draws a 429."""
    with BotApiEmulator(flood_model="window", group_limit=(20, 60.0)) as emulator:
        users = [emulator.add_user(f"P{i}", started=True) for i in range(7)]
        group = emulator.add_group("Busy", members=users, admins=[users[0]])
        bot = BotProcess(emulator, f"sqlite:///{tmp_path / 'flood.sqlite3'}", tmp_path / "bot.log")
        bot.start()
        try:
            emulator.user_sends(users[0], group, "/newgame")
            lobby = emulator.wait_for_message(group, "gathering")
            # Thirty quick settings changes: each one edits the lobby message in the group.
            for _ in range(30):
                current = emulator.message(group, lobby.message_id).button("Simplified")
                query = emulator.user_presses(users[0], group, lobby.message_id, current)
                assert not emulator.wait_for_answer(query, 30).show_alert
            presses_done = emulator.calls_to("answerCallbackQuery")[-1].time
            final = "Simplified game (no book-symbol cards): no."
            emulator.wait_until(lambda: final in emulator.message(group, lobby.message_id).text, 120, "the last edit")
            group_calls = [c for c in emulator.calls if str(c.params.get("chat_id")) == str(group)]
            assert not [c for c in emulator.calls if c.error_code == 429]
            for call in group_calls:
                window = [c for c in group_calls if call.time <= c.time < call.time + 60]
                assert len(window) <= 20
            # Edits were merged: far fewer group calls than presses, and the lobby shows the final setting.
            assert len(group_calls) < 30
            assert presses_done - group_calls[0].time < 30  # answers never waited for the group's budget
        finally:
            bot.stop()
